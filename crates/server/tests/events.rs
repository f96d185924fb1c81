//! The account's event stream (`GET /api/stream/event`) against a real `baroque-server` on
//! 127.0.0.1: `gameStart` for each account of a new game, `gameFinish` at its end, the games in
//! progress and open challenges when a stream opens, keep-alive lines, the session cookie.

mod common;

use std::time::{Duration, Instant};

use common::accounts::{account, COOKIE};
use common::{fresh_db, post, post_form, Lines, Server};

/// alice challenges bob to an Ultima game on a 5+3 clock as White; bob accepts: the game's id.
async fn accepted(s: &Server, alice: &str, bob: &str) -> String {
    let c = common::client();
    let (code, ch) = post_form(
        &s.url,
        "/api/challenge/bob",
        alice,
        &[
            ("variant", "ultima"),
            ("rated", "true"),
            ("clock.limit", "300"),
            ("clock.increment", "3"),
            ("color", "white"),
        ],
    )
    .await;
    assert_eq!(code, 200, "{ch}");
    let id = ch["id"].as_str().unwrap();
    let (code, v) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/accept"),
        Some(bob),
    )
    .await;
    assert_eq!(code, 200, "{v}");
    id.to_string()
}

#[tokio::test]
async fn a_game_between_accounts_starts_and_finishes_on_both_streams() {
    let s = Server::start(&fresh_db(), &[]);
    let c = common::client();
    let alice = account(&s, "alice").await.token;
    let bob = account(&s, "Bob").await.token;
    let mut a = Lines::open(&c, &s.url, "/api/stream/event", Some(&alice)).await;
    let mut b = Lines::open(&c, &s.url, "/api/stream/event", Some(&bob)).await;
    accepted(&s, &alice, &bob).await;

    let start = a.next_of("gameStart").await["game"].clone();
    let game = start["gameId"].as_str().unwrap().to_string();
    assert_eq!(start["id"], game.as_str());
    assert_eq!(start["color"], "white");
    assert_eq!(start["isMyTurn"], true);
    assert_eq!(start["hasMoved"], false);
    assert_eq!(start["rated"], true);
    assert_eq!(start["variant"]["key"], "ultima");
    assert_eq!(start["speed"], "blitz");
    assert_eq!(start["perf"], "ultima");
    assert_eq!(start["status"]["name"], "started");
    assert_eq!(start["status"]["id"], 20);
    assert_eq!(start["secondsLeft"], 300);
    assert_eq!(start["opponent"]["id"], "bob");
    assert_eq!(start["opponent"]["username"], "Bob");
    assert_eq!(start["opponent"]["rating"], 1500);
    assert!(start["fen"].as_str().is_some_and(|f| !f.is_empty()));
    let theirs = b.next_of("gameStart").await["game"].clone();
    assert_eq!(theirs["gameId"], game.as_str());
    assert_eq!(theirs["color"], "black");
    assert_eq!(theirs["isMyTurn"], false);
    assert_eq!(theirs["opponent"]["id"], "alice");

    // A stream opened now starts with the game in progress.
    let mut late = Lines::open(&c, &s.url, "/api/stream/event", Some(&bob)).await;
    let again = late.next_of("gameStart").await["game"].clone();
    assert_eq!(again["gameId"], game.as_str());
    assert_eq!(again["color"], "black");
    drop(late);

    // The account's token plays its seat; resigning ends the game on both streams.
    let (code, v) = post(
        &c,
        &s.url,
        &format!("/api/board/game/{game}/resign"),
        Some(&alice),
    )
    .await;
    assert_eq!(code, 200, "{v}");
    for stream in [&mut a, &mut b] {
        let end = stream.next_of("gameFinish").await["game"].clone();
        assert_eq!(end["gameId"], game.as_str());
        assert_eq!(end["status"]["name"], "resign");
        assert_eq!(end["status"]["id"], 31);
        assert_eq!(end["winner"], "black");
    }
    // Over: no longer in progress when a stream opens.
    let mut after = Lines::open(&c, &s.url, "/api/stream/event", Some(&alice)).await;
    let first = tokio::time::timeout(Duration::from_millis(1500), after.next()).await;
    assert!(first.is_err(), "nothing to start with: {first:?}");
}

#[tokio::test]
async fn the_stream_keeps_alive_and_takes_the_session_cookie() {
    let s = Server::start(&fresh_db(), &[]);
    let carol = account(&s, "carol").await;
    // Without an account: 401.
    let r = common::client()
        .get(format!("{}/api/stream/event", s.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    // The page's session cookie opens it too; a quiet stream gets an empty line within 7 s.
    let mut r = reqwest::Client::new()
        .get(format!("{}/api/stream/event", s.url))
        .header("cookie", format!("{COOKIE}={}", carol.session))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["content-type"].to_str().unwrap(),
        "application/x-ndjson"
    );
    let began = Instant::now();
    let chunk = tokio::time::timeout(Duration::from_secs(9), r.chunk())
        .await
        .expect("a keep-alive line")
        .unwrap()
        .unwrap();
    assert_eq!(&chunk[..], b"\n");
    assert!(
        began.elapsed() >= Duration::from_secs(3),
        "{:?}",
        began.elapsed()
    );
}
