//! Slow spectators never slow the players (issue 36): a WebSocket spectator and an NDJSON
//! spectator that stop reading (their receive buffers small, so the server's writes back up at
//! once) watch a long game; every move still reaches the players and a reading spectator, the
//! stalled WebSocket is dropped when its bounded queue is full, and on reconnecting it is sent
//! exactly what it missed; the stalled NDJSON stream, read again, goes on from the game as it
//! stands.

mod common;

use std::time::Duration;

use baroque_engine::setup::build_game;
use common::fixture::next_event;
use common::{client, fresh_db, open, post, seats, ws, Lines, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// A TCP connection to `addr` whose receive buffer is as small as the kernel allows.
async fn tight(addr: &str) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(1024).unwrap();
    socket.connect(addr.parse().unwrap()).await.unwrap()
}

/// Up to `plies` random legal moves of an Omega game from the start (the game may end first).
fn random_game(plies: usize) -> Vec<String> {
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut moves: Vec<String> = Vec::new();
    let mut game = build_game("omega", None, &[], &[]).unwrap();
    while moves.len() < plies && !game.status().is_over() {
        let legal = game.position().legal_moves();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = legal.as_slice()[(rng % legal.len() as u64) as usize];
        moves.push(game.position().move_text(&m));
        game.play(&m);
    }
    moves
}

#[tokio::test]
async fn a_spectator_that_stops_reading_never_holds_the_players() {
    let db = fresh_db();
    let s = Server::start(&db, &["--rate", "0"]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega"), ("clock.limit", "3600")]).await;
    let (id, tokens) = seats(&g);

    // The stalled spectators: each says who it is, then reads nothing.
    let (mut stalled, _) = tokio_tungstenite::client_async(
        format!("ws://{}/ws/game/{id}", s.addr),
        tight(&s.addr).await,
    )
    .await
    .unwrap();
    stalled
        .send(Message::Text(
            json!({"t": "hello", "since": 0}).to_string().into(),
        ))
        .await
        .unwrap();
    let mut stalled_ndjson = tight(&s.addr).await;
    stalled_ndjson
        .write_all(
            format!(
                "GET /api/stream/game/{id} HTTP/1.1\r\nhost: {}\r\n\r\n",
                s.addr
            )
            .as_bytes(),
        )
        .await
        .unwrap();

    // The players' streams and a spectator that reads.
    let mut white = Lines::player(&c, &s.url, &id, &tokens[0]).await;
    let mut black = Lines::player(&c, &s.url, &id, &tokens[1]).await;
    let mut reader = ws::connect(&s, &id).await;
    ws::send(&mut reader, json!({"t": "hello", "since": 0})).await;
    let mut watched = vec![next_event(&mut reader).await];

    let moves = random_game(400);
    assert!(moves.len() > 200, "a long game: {}", moves.len());
    for (ply, m) in moves.iter().enumerate() {
        let seat = ply % 2;
        let (code, body) = post(
            &c,
            &s.url,
            &format!("/api/board/game/{id}/move/{m}?ply={ply}"),
            Some(&tokens[seat]),
        )
        .await;
        assert_eq!(code, 200, "{m}: {body}");
        // Each move reaches both players and the reading spectator (each within 10 s, or the
        // test fails).
        for stream in [&mut white, &mut black] {
            stream.until(|st| st["ply"] == ply + 1).await;
        }
        watched.push(next_event(&mut reader).await);
    }
    let last = watched.last().unwrap().0;
    assert_eq!(last, moves.len() as i64 + 1);

    // The stalled socket, read now: it was dropped (its queue filled), so it ends before the
    // last event; the client reconnects with the last event it has and is sent the rest.
    let mut got: Vec<(i64, String)> = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(20), stalled.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let t = t.to_string();
                if let Some(rest) = t.strip_prefix(r#"{"t":"event","seq":"#) {
                    let (seq, state) = rest.split_once(r#","state":"#).unwrap();
                    got.push((seq.parse().unwrap(), state[..state.len() - 1].to_string()));
                }
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_)) | None) => break,
            Err(_) => panic!(
                "the stalled socket was neither fed nor dropped: it had {:?}",
                got.last().map(|e| e.0)
            ),
        }
    }
    let have = got.last().map_or(0, |e| e.0);
    assert!(
        have < last,
        "dropped before the end: it had {have} of {last}"
    );
    let rest = common::fixture::replayed(&s, &id, have, last).await;
    got.extend(rest);
    assert_eq!(
        got, watched,
        "what it had and what it was sent after reconnecting"
    );

    // The stalled stream, read now: it goes on to the game as it stands.
    let mut text = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    let want = format!(r#""seq":{last},"#);
    while !String::from_utf8_lossy(&text).contains(&want) {
        let n = tokio::time::timeout(Duration::from_secs(10), stalled_ndjson.read(&mut buf))
            .await
            .expect("the stream goes on")
            .unwrap();
        assert!(n > 0, "the stream ended");
        text.extend_from_slice(&buf[..n]);
    }
}
