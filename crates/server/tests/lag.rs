//! Lag compensation cannot be gained by delaying acks (issue 33): an honest client (acks at
//! once) and a cheating one play 30 plies of a live game over the WebSocket on 127.0.0.1, each
//! moving 600 ms after it sees its turn. Two cheats, each in its own game:
//! - **naive**: every ack held back 1.2 s (the issue's; before, +6.7 s over 14 moves). Its moves
//!   come before the ack of the event that gave it the turn, so they get nothing back;
//! - **careful**: the ack of the event that gives it the turn sent just before its move (600 ms
//!   late), every other ack 1.2 s late. It is given back at most the quota
//!   ([`baroque_server::lag`]: 200 ms to start, 100 ms a move).

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{client, fresh_db, open, seats, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

/// How long each player thinks over each move.
const THINK_MS: u64 = 600;

/// Plies played.
const PLIES: usize = 30;

/// Omega pawn steps that never repeat: White's from rank 1, Black's from rank 8, a file each.
fn moves() -> Vec<String> {
    let files = "abcdefghij".chars().collect::<Vec<_>>();
    let mut out = Vec::new();
    for i in 0..PLIES / 2 {
        let f = files[i % 10];
        let (w, b) = if i < 10 { (1, 8) } else { (2, 7) };
        out.push(format!("{f}{w}{f}{}", w + 1));
        out.push(format!("{f}{b}{f}{}", b - 1));
    }
    out
}

/// How a player acks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Acks {
    /// At once.
    Honest,
    /// Every ack 1.2 s late.
    Naive,
    /// The turn's ack just before the move, the others 1.2 s late.
    Careful,
}

/// Plays `seat` (0 white, 1 black) with `token`, acking as `acks` says; gives the seat's clock
/// after its last move and the time this client itself took over its clocked moves (from the
/// turn's event received to the move sent: the server can only charge more than that, since
/// its turn starts before the event arrives and the move reaches it after it was sent — so a
/// loaded machine makes the time given back smaller, never larger).
async fn player(s: &Server, id: &str, token: String, seat: usize, acks: Acks) -> (i64, i64) {
    let (sink, mut stream) = common::ws::connect(s, id).await.split();
    let sink = Arc::new(Mutex::new(sink));
    let send = |v: Value| {
        let sink = Arc::clone(&sink);
        async move {
            let _ = sink
                .lock()
                .await
                .send(Message::Text(v.to_string().into()))
                .await;
        }
    };
    send(json!({ "t": "hello", "token": token, "since": 0 })).await;
    let moves = moves();
    let key = if seat == 0 { "wtime" } else { "btime" };
    let mut mine = 0;
    let mut moved = usize::MAX;
    let mut took_ms = 0i64;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), stream.next())
            .await
            .expect("a message within 20 s");
        let Some(Ok(Message::Text(t))) = m else {
            panic!("socket closed: {m:?}");
        };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["t"] != "event" {
            continue;
        }
        let received = std::time::Instant::now();
        let seq = v["seq"].as_i64().unwrap();
        let state = &v["state"];
        let ply = state["ply"].as_u64().unwrap() as usize;
        let my_turn = ply % 2 == seat && ply < PLIES;
        let ack = send(json!({ "t": "ack", "seq": seq }));
        let late = match acks {
            Acks::Honest => None,
            Acks::Careful if my_turn => Some(None),
            _ => Some(Some(Duration::from_millis(1_200))),
        };
        let mut turn_ack = None;
        match late {
            None => ack.await,
            Some(None) => turn_ack = Some(ack),
            Some(Some(delay)) => {
                tokio::spawn(async move {
                    tokio::time::sleep(delay).await;
                    ack.await;
                });
            }
        }
        if ply > 0 && (ply - 1) % 2 == seat {
            mine = state[key].as_i64().unwrap();
        }
        if ply >= PLIES {
            return (mine, took_ms);
        }
        assert_eq!(state["status"], "started", "{state}");
        if ply % 2 == seat && moved != ply {
            moved = ply;
            tokio::time::sleep(Duration::from_millis(THINK_MS)).await;
            if let Some(ack) = turn_ack {
                ack.await;
            }
            send(json!({ "t": "move", "move": moves[ply], "ply": ply })).await;
            // The first move of each side is free (the clock starts after both).
            if ply >= 2 {
                took_ms += received.elapsed().as_millis() as i64;
            }
        }
    }
}

/// One game of an honest White against Black acking as `cheat` does; gives what each was given
/// back over its 14 clocked moves of 600 ms (its first move is free): the time it took by its
/// own watch less the time its clock was charged.
async fn game(s: &Server, cheat: Acks) -> (i64, i64) {
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega"), ("clock.limit", "300")]).await;
    let (id, [w, b]) = seats(&g);
    let (white, black) = tokio::join!(
        player(s, &id, w, 0, Acks::Honest),
        player(s, &id, b, 1, cheat)
    );
    let given = |(left, took): (i64, i64)| took - (300_000 - left);
    (given(white), given(black))
}

#[tokio::test]
async fn delaying_acks_wins_no_more_than_the_quota() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let ((honest, naive), (honest2, careful)) =
        tokio::join!(game(&s, Acks::Naive), game(&s, Acks::Careful));
    eprintln!(
        "lag: over 14 moves of {THINK_MS} ms, given back: honest {honest} ms against the naive \
         cheat's {naive} ms (every ack 1.2 s late); honest {honest2} ms against the careful \
         cheat's {careful} ms"
    );
    // On 127.0.0.1 an honest client's round trip is about 0: what a cheat is given back is
    // what it gained over an honest player.
    assert!(
        naive <= 200,
        "the naive cheat was given back {naive} ms (the honest player {honest} ms)"
    );
    assert!(
        careful <= 200 + 13 * 100 + 200,
        "the careful cheat was given back {careful} ms (the honest player {honest2} ms)"
    );
}
