//! The server end to end: a real `baroque-server` on 127.0.0.1 with real HTTP and WebSocket
//! clients (each test bounded: every wait times out after 10 s).

mod common;

use std::time::Duration;

use common::ws::{self, Ws};
use common::{
    board, client, fresh_db, open, play, post, seat, token, try_open, Lines, Server, MATE_IN_ONE,
};
use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn a_whole_game_to_mate_with_both_streams() {
    let s = Server::start(&fresh_db(), &[]);
    let c = client();
    let g = open(&c, &s.url, &MATE_IN_ONE).await;
    let id = g["id"].as_str().unwrap();
    assert_eq!(g["creatorColor"], "white");
    // The seat links carry a one-time invitation, never the token (tests/invite.rs).
    let black_link = g["urlBlack"].as_str().unwrap();
    assert!(black_link.contains("#invite=") && !black_link.contains(&token(&g, "black")));
    assert_eq!(g["url"], format!("{}/game/{id}", s.url));
    let (w, b) = (token(&g, "white"), token(&g, "black"));
    assert_eq!(w.len(), 32);
    let mut ws = Lines::player(&c, &s.url, id, &w).await;
    let full = ws.next().await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["state"]["moves"], "");
    assert_eq!(full["state"]["status"], "started");
    let mut bs = Lines::player(&c, &s.url, id, &b).await;
    bs.next().await;
    let mut spectator = Lines::spectator(&c, &s.url, id).await;
    spectator.next().await;
    let (code, _) = post(&c, &s.url, &board(id, "move/e2d3"), Some(&w)).await;
    assert_eq!(code, 200);
    for stream in [&mut ws, &mut bs, &mut spectator] {
        let st = stream.next().await;
        assert_eq!(st["type"], "gameState");
        assert_eq!(st["moves"], "e2d3");
        assert_eq!(st["status"], "mate");
        assert_eq!(st["winner"], "white");
        assert_eq!(st["reason"], "checkmate");
    }
    let (code, body) = post(&c, &s.url, &board(id, "resign"), Some(&b)).await;
    assert_eq!((code, body["code"].as_str()), (400, Some("game-over")));
    // A rematch, colours swapped: the old white token now plays black.
    assert_eq!(
        post(&c, &s.url, &board(id, "rematch/yes"), Some(&w))
            .await
            .0,
        200
    );
    assert_eq!(
        post(&c, &s.url, &board(id, "rematch/yes"), Some(&b))
            .await
            .0,
        200
    );
    let st = ws.until(|v| v["rematch"].is_string()).await;
    let next = st["rematch"].as_str().unwrap().to_string();
    let seat = seat(&c, &s.url, &w).await;
    assert_eq!(
        (seat["gameId"].as_str(), seat["color"].as_str()),
        (Some(next.as_str()), Some("black"))
    );
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/board/game/{next}/move/e2d3"),
        Some(&b),
    )
    .await;
    assert_eq!(code, 200, "the old black token plays white in the rematch");
}

#[tokio::test]
async fn illegal_moves_wrong_tokens_and_turns_are_refused() {
    let s = Server::start(&fresh_db(), &[]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega")]).await;
    let id = g["id"].as_str().unwrap();
    let (w, b) = (token(&g, "white"), token(&g, "black"));
    let mv = |m: &str| format!("/api/board/game/{id}/move/{m}");
    let (code, body) = post(&c, &s.url, &mv("e8e5"), Some(&b)).await;
    assert_eq!((code, body["code"].as_str()), (400, Some("not-your-turn")));
    let (code, body) = post(&c, &s.url, &mv("e1e9"), Some(&w)).await;
    assert_eq!((code, body["code"].as_str()), (400, Some("illegal-move")));
    assert!(body["error"].as_str().unwrap().contains("e1e9"));
    let (code, _) = post(&c, &s.url, &mv("zz"), Some(&w)).await;
    assert_eq!(code, 400);
    assert_eq!(
        post(
            &c,
            &s.url,
            &mv("e1e4"),
            Some("0123456789abcdef0123456789abcdef")
        )
        .await
        .0,
        401
    );
    assert_eq!(post(&c, &s.url, &mv("e1e4"), None).await.0, 401);
    assert_eq!(
        post(&c, &s.url, "/api/board/game/nosuchgame/move/e1e4", Some(&w))
            .await
            .0,
        404
    );
    assert_eq!(post(&c, &s.url, &mv("e1e4"), Some(&w)).await.0, 200);
    // Sent twice with the ply it expects: applied once.
    assert_eq!(
        post(&c, &s.url, &format!("{}?ply=1", mv("e8e5")), Some(&b))
            .await
            .0,
        200
    );
    assert_eq!(
        post(&c, &s.url, &format!("{}?ply=1", mv("e8e5")), Some(&b))
            .await
            .0,
        200
    );
    let mut st = Lines::spectator(&c, &s.url, id).await;
    assert_eq!(st.next().await["state"]["moves"], "e1e4 e8e5");
    // Bad challenges are refused with their reason.
    for bad in [
        vec![("variant", "chess")],
        vec![("variant", "omega"), ("fen", "nonsense")],
        vec![("variant", "omega"), ("nosuchrule", "1")],
        vec![("variant", "omega"), ("clock.limit", "x")],
        vec![("variant", "omega"), ("days", "3"), ("clock.limit", "60")],
        // The engine's one time-control check (baroque_engine::clock): the bounds the page's
        // dialog and the PGN reader use.
        vec![
            ("variant", "omega"),
            ("clock.limit", "0"),
            ("clock.increment", "2"),
        ],
        vec![("variant", "omega"), ("clock.limit", "99999999")],
        vec![
            ("variant", "omega"),
            ("clock.limit", "300"),
            ("clock.increment", "601"),
        ],
        vec![("variant", "omega"), ("clock.limit", "90.5")],
        vec![("variant", "omega"), ("days", "0")],
        vec![("variant", "omega"), ("days", "15")],
    ] {
        assert_eq!(try_open(&c, &s.url, &bad).await.status(), 400, "{bad:?}");
    }
    // JSON is accepted too.
    let r = c
        .post(format!("{}/api/challenge/open", s.url))
        .json(&json!({ "variant": "ultima", "clock": { "limit": 300, "increment": 2 }, "color": "black" }))
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["creatorColor"], "black");
    let mut st = Lines::open(
        &c,
        &s.url,
        &format!("/api/stream/game/{}", v["id"].as_str().unwrap()),
        None,
    )
    .await;
    let full = st.next().await;
    assert_eq!(
        full["clock"],
        json!({ "initial": 300000, "increment": 2000 })
    );
    assert_eq!(full["state"]["wtime"], 300000);
}

#[tokio::test]
async fn draw_and_takeback_need_the_opponent() {
    let s = Server::start(&fresh_db(), &[]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega")]).await;
    let id = g["id"].as_str().unwrap();
    let (w, b) = (token(&g, "white"), token(&g, "black"));
    let path = |p: &str| format!("/api/board/game/{id}/{p}");
    assert_eq!(post(&c, &s.url, &path("move/e1e4"), Some(&w)).await.0, 200);
    assert_eq!(post(&c, &s.url, &path("move/e8e5"), Some(&b)).await.0, 200);
    // White asks to take back; Black says no, then White asks again and Black agrees.
    assert_eq!(
        post(&c, &s.url, &path("takeback/yes"), Some(&w)).await.0,
        200
    );
    assert_eq!(
        post(&c, &s.url, &path("takeback/no"), Some(&b)).await.0,
        200
    );
    assert_eq!(
        post(&c, &s.url, &path("takeback/yes"), Some(&w)).await.0,
        200
    );
    let mut st = Lines::spectator(&c, &s.url, id).await;
    assert_eq!(st.next().await["state"]["wtakeback"], true);
    assert_eq!(
        post(&c, &s.url, &path("takeback/yes"), Some(&b)).await.0,
        200
    );
    let after = st.next().await;
    assert_eq!(
        (after["moves"].as_str(), after["turn"].as_str()),
        (Some(""), Some("white"))
    );
    assert_eq!(post(&c, &s.url, &path("draw/yes"), Some(&b)).await.0, 200);
    assert_eq!(st.next().await["bdraw"], true);
    assert_eq!(post(&c, &s.url, &path("draw/yes"), Some(&w)).await.0, 200);
    let end = st.next().await;
    assert_eq!(
        (end["status"].as_str(), end["reason"].as_str()),
        (Some("draw"), Some("agreement"))
    );
    assert!(end.get("winner").is_none());
}

#[tokio::test]
async fn the_server_clock_runs_and_the_flag_falls() {
    let s = Server::start(&fresh_db(), &[]);
    let c = client();
    let g = open(
        &c,
        &s.url,
        &[
            ("variant", "omega"),
            ("clock.limit", "3"),
            ("clock.increment", "0"),
        ],
    )
    .await;
    let id = g["id"].as_str().unwrap();
    let (w, b) = (token(&g, "white"), token(&g, "black"));
    let mut st = Lines::player(&c, &s.url, id, &b).await;
    st.next().await;
    // The clocks start after each side's first move.
    tokio::time::sleep(Duration::from_millis(300)).await;
    play(&c, &s.url, id, &[("e1e4", &w)]).await;
    assert_eq!(st.next().await["wtime"], 3000);
    play(&c, &s.url, id, &[("e8e5", &b)]).await;
    let two = st.next().await;
    assert_eq!(
        (two["wtime"].as_i64(), two["btime"].as_i64()),
        (Some(3000), Some(3000))
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    play(&c, &s.url, id, &[("f1f3", &w)]).await;
    let three = st.next().await;
    let wtime = three["wtime"].as_i64().unwrap();
    assert!(
        (1..=2600).contains(&wtime),
        "White was charged its 400 ms and more: {wtime}"
    );
    // Black does not move: its flag falls on the server's clock alone.
    let end = st.next().await;
    assert_eq!(
        (end["status"].as_str(), end["winner"].as_str()),
        (Some("outoftime"), Some("white"))
    );
    assert_eq!(end["btime"], 0);
    let (code, body) = post(&c, &s.url, &board(id, "move/f8f6"), Some(&b)).await;
    assert_eq!((code, body["code"].as_str()), (400, Some("game-over")));
}

#[tokio::test]
async fn a_player_gone_too_long_can_be_claimed() {
    let s = Server::start(&fresh_db(), &["--abandon-secs", "1"]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "ultima"), ("clock.limit", "600")]).await;
    let id = g["id"].as_str().unwrap();
    let (w, b) = (token(&g, "white"), token(&g, "black"));
    let claim = format!("/api/board/game/{id}/claim-victory");
    let mut bs = Lines::player(&c, &s.url, id, &b).await;
    bs.next().await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    // Black is connected: no claim.
    let (code, body) = post(&c, &s.url, &claim, Some(&w)).await;
    assert_eq!((code, body["code"].as_str()), (400, Some("cannot-claim")));
    drop(bs);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        post(&c, &s.url, &claim, Some(&w)).await.0,
        400,
        "gone, but not for long"
    );
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(post(&c, &s.url, &claim, Some(&w)).await.0, 200);
    let mut st = Lines::spectator(&c, &s.url, id).await;
    let state = st.next().await["state"].clone();
    assert_eq!(
        (state["status"].as_str(), state["winner"].as_str()),
        (Some("timeout"), Some("white"))
    );
    assert_eq!(state["reason"], "abandonment");
}

/// The next message, presence news skipped (tests/invite.rs tests them).
async fn ws_next(ws: &mut Ws) -> Value {
    ws::next_but(ws, "presence").await
}

#[tokio::test]
async fn the_websocket_plays_replays_and_survives_bad_messages() {
    let s = Server::start(&fresh_db(), &[]);
    let c = client();
    let g = open(
        &c,
        &s.url,
        &[
            ("variant", "omega"),
            ("clock.limit", "300"),
            ("clock.increment", "5"),
        ],
    )
    .await;
    let id = g["id"].as_str().unwrap();
    let (w, b) = (token(&g, "white"), token(&g, "black"));
    // Another site's page may not open it; the server's own may.
    assert!(ws::connect_from(&s, id, Some("http://evil.example"))
        .await
        .is_err());
    let own = format!("http://{}", s.addr);
    let mut ws = ws::connect_from(&s, id, Some(&own)).await.unwrap();
    ws::send(&mut ws, json!({ "t": "hello", "token": w, "since": 0 })).await;
    let welcome = ws_next(&mut ws).await;
    assert_eq!(
        (welcome["t"].as_str(), welcome["seat"].as_str()),
        (Some("welcome"), Some("white"))
    );
    let first = ws_next(&mut ws).await;
    assert_eq!(
        (first["t"].as_str(), first["seq"].as_i64()),
        (Some("event"), Some(1))
    );
    // A bad message gets an error; the connection lives on.
    ws.send(Message::Text("{not json".into())).await.unwrap();
    assert_eq!(ws_next(&mut ws).await["code"], "bad-message");
    ws.send(Message::Text(
        format!("{{\"t\":\"move\",\"move\":\"{}\"}}", "x".repeat(5000)).into(),
    ))
    .await
    .unwrap();
    let big = ws_next(&mut ws).await;
    assert!(big["message"].as_str().unwrap().contains("limit"), "{big}");
    ws::send(&mut ws, json!({ "t": "move", "move": "e1e4", "ply": 0 })).await;
    let pushed = ws_next(&mut ws).await;
    assert_eq!(
        (pushed["t"].as_str(), pushed["seq"].as_i64()),
        (Some("event"), Some(2))
    );
    assert_eq!(
        ws_next(&mut ws).await,
        json!({ "t": "ok", "re": "move", "changed": true })
    );
    // Sent again (a resend after a lost answer): applied once.
    ws::send(&mut ws, json!({ "t": "move", "move": "e1e4", "ply": 0 })).await;
    assert_eq!(
        ws_next(&mut ws).await,
        json!({ "t": "ok", "re": "move", "changed": false })
    );
    ws::send(&mut ws, json!({ "t": "ping" })).await;
    assert_eq!(ws_next(&mut ws).await["t"], "pong");
    ws::send(&mut ws, json!({ "t": "move", "move": "e8e5", "ply": 1 })).await;
    assert_eq!(ws_next(&mut ws).await["code"], "not-your-turn");
    ws::send(&mut ws, json!({ "t": "ack", "seq": 2 })).await;
    drop(ws);
    // While White is away Black moves and offers a draw; White comes back and gets exactly
    // the events it missed.
    play(&c, &s.url, id, &[("e8e5", &b)]).await;
    assert_eq!(
        post(&c, &s.url, &board(id, "draw/yes"), Some(&b)).await.0,
        200
    );
    let mut ws = ws::connect_from(&s, id, None).await.unwrap();
    ws::send(&mut ws, json!({ "t": "hello", "token": w, "since": 2 })).await;
    let welcome = ws_next(&mut ws).await;
    assert_eq!(welcome["game"]["state"]["seq"], 4);
    let e3 = ws_next(&mut ws).await;
    let e4 = ws_next(&mut ws).await;
    assert_eq!((e3["seq"].as_i64(), e4["seq"].as_i64()), (Some(3), Some(4)));
    assert_eq!(e3["state"]["moves"], "e1e4 e8e5");
    assert_eq!(e4["state"]["bdraw"], true);
    // A spectator sees, but cannot play.
    let mut spec = ws::connect_from(&s, id, None).await.unwrap();
    ws::send(&mut spec, json!({ "t": "hello", "since": 4 })).await;
    assert!(ws_next(&mut spec).await["seat"].is_null());
    ws::send(&mut spec, json!({ "t": "resign" })).await;
    assert_eq!(ws_next(&mut spec).await["code"], "spectator");
    // A move pushes a numbered event to both.
    ws::send(&mut ws, json!({ "t": "move", "move": "f1f3", "ply": 2 })).await;
    let mut pushed = None;
    for _ in 0..2 {
        let m = ws_next(&mut ws).await;
        if m["t"] == "event" {
            pushed = Some(m);
        }
    }
    let pushed = pushed.expect("an event");
    assert_eq!(pushed["seq"], 5);
    assert_eq!(ws_next(&mut spec).await["seq"], 5);
    assert!(
        pushed["state"]["wtime"].as_i64().unwrap() > 300_000,
        "the increment was added"
    );
}

#[tokio::test]
async fn kill_9_and_restart_on_the_same_database() {
    let db = fresh_db();
    let mut s = Server::start(&db, &[]);
    let c = client();
    let g = open(
        &c,
        &s.url,
        &[
            ("variant", "omega"),
            ("clock.limit", "600"),
            ("clock.increment", "0"),
        ],
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let (w, b) = (token(&g, "white"), token(&g, "black"));
    play(&c, &s.url, &id, &[("e1e4", &w), ("e8e5", &b), ("f1f3", &w)]).await;
    let mut st = Lines::spectator(&c, &s.url, &id).await;
    let before = st.next().await["state"].clone();
    drop(st);
    s.kill();
    let s = Server::start(&db, &[]);
    let mut st = Lines::player(&c, &s.url, &id, &b).await;
    let after = st.next().await["state"].clone();
    assert_eq!(after["moves"], "e1e4 e8e5 f1f3");
    assert_eq!(after["fen"], before["fen"]);
    assert_eq!(after["seq"], before["seq"]);
    assert_eq!(
        after["wtime"], before["wtime"],
        "White is not to move: its clock stands"
    );
    let (bb, ba) = (
        before["btime"].as_i64().unwrap(),
        after["btime"].as_i64().unwrap(),
    );
    // A restart slower than 2 s is credited as an outage (tests/outage.rs), up to one
    // heartbeat (1 s) more than it lasted.
    assert!(
        ba <= bb + 1_000 && ba > bb - 10_000,
        "Black's clock ran on the server's time: {bb} then {ba}"
    );
    // Both continue.
    play(&c, &s.url, &id, &[("f8f6", &b)]).await;
    assert_eq!(st.next().await["moves"], "e1e4 e8e5 f1f3 f8f6");
    play(&c, &s.url, &id, &[("g1g3", &w)]).await;
}

#[tokio::test]
async fn an_address_over_its_rate_is_turned_away() {
    let s = Server::start(&fresh_db(), &["--rate", "2"]);
    let c = client();
    let mut codes = Vec::new();
    for _ in 0..8 {
        let r = c
            .post(format!("{}/api/board/game/x/resign", s.url))
            .send()
            .await
            .unwrap();
        codes.push(r.status().as_u16());
    }
    assert!(codes.contains(&429), "{codes:?}");
    assert!(
        codes.starts_with(&[401, 401]) || codes.starts_with(&[404, 404]),
        "{codes:?}"
    );
}
