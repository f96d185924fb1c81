//! Direct challenges between accounts, as lichess's, against a real `baroque-server` on
//! 127.0.0.1: made, listed, declined with a reason, canceled, accepted; each raised on both
//! players' event streams; bounded per player; refused with clear errors.

mod common;

use common::accounts::account;
use common::{fresh_db, get, post, post_form, Lines, Server};
use serde_json::Value;

const LIVE: [(&str, &str); 5] = [
    ("variant", "ultima"),
    ("rated", "true"),
    ("clock.limit", "300"),
    ("clock.increment", "3"),
    ("color", "white"),
];

#[tokio::test]
async fn a_challenge_is_made_listed_declined_canceled_and_accepted() {
    let s = Server::start(&fresh_db(), &[]);
    let c = common::client();
    let alice = account(&s, "Alice").await.token;
    let bob = account(&s, "bob").await.token;
    let mut bob_events = Lines::open(&c, &s.url, "/api/stream/event", Some(&bob)).await;
    let mut alice_events = Lines::open(&c, &s.url, "/api/stream/event", Some(&alice)).await;

    // Made: lichess's challenge JSON, seen from the challenger's side.
    let (code, ch) = post_form(&s.url, "/api/challenge/BOB", &alice, &LIVE).await;
    assert_eq!(code, 200, "{ch}");
    assert_eq!(ch["status"], "created");
    assert_eq!(ch["direction"], "out");
    assert_eq!(ch["challenger"]["id"], "alice");
    assert_eq!(ch["challenger"]["name"], "Alice");
    assert_eq!(ch["challenger"]["rating"], 1500);
    assert_eq!(ch["destUser"]["id"], "bob");
    assert_eq!(ch["variant"]["key"], "ultima");
    assert_eq!(ch["rated"], true);
    assert_eq!(ch["speed"], "blitz");
    assert_eq!(ch["timeControl"]["type"], "clock");
    assert_eq!(ch["timeControl"]["limit"], 300);
    assert_eq!(ch["timeControl"]["increment"], 3);
    assert_eq!(ch["timeControl"]["show"], "5+3");
    assert_eq!(ch["color"], "white");
    assert_eq!(ch["finalColor"], "white");
    let id = ch["id"].as_str().unwrap().to_string();

    // Both streams hear of it, each from its side.
    let e = bob_events.next_of("challenge").await;
    assert_eq!(e["challenge"]["id"], id.as_str());
    assert_eq!(e["challenge"]["direction"], "in");
    assert_eq!(e["compat"]["bot"], true);
    let e = alice_events.next_of("challenge").await;
    assert_eq!(e["challenge"]["direction"], "out");

    // Listed: in for bob, out for alice.
    let list = get(&c, &s.url, "/api/challenge", Some(&bob)).await;
    assert_eq!(list["in"][0]["id"], id.as_str());
    assert_eq!(list["out"], Value::Array(vec![]));
    let list = get(&c, &s.url, "/api/challenge", Some(&alice)).await;
    assert_eq!(list["out"][0]["id"], id.as_str());

    // A stream opened now starts with the open challenge.
    let mut late = Lines::open(&c, &s.url, "/api/stream/event", Some(&bob)).await;
    let e = late.next_of("challenge").await;
    assert_eq!(e["challenge"]["id"], id.as_str());
    drop(late);

    // Only the challenged player accepts or declines.
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/accept"),
        Some(&alice),
    )
    .await;
    assert_eq!(code, 404);
    let (code, v) = post_form(
        &s.url,
        &format!("/api/challenge/{id}/decline"),
        &bob,
        &[("reason", "tooFast")],
    )
    .await;
    assert_eq!((code, v["ok"].clone()), (200, Value::Bool(true)));
    let e = alice_events.next_of("challengeDeclined").await;
    assert_eq!(e["challenge"]["id"], id.as_str());
    assert_eq!(e["challenge"]["status"], "declined");
    assert_eq!(e["challenge"]["declineReasonKey"], "tooFast");
    assert!(e["challenge"]["declineReason"]
        .as_str()
        .unwrap()
        .contains("too fast"));
    bob_events.next_of("challengeDeclined").await;
    // Answered: no second answer.
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/accept"),
        Some(&bob),
    )
    .await;
    assert_eq!(code, 404);

    // Canceled by the challenger.
    let (_, ch) = post_form(&s.url, "/api/challenge/bob", &alice, &LIVE).await;
    let id = ch["id"].as_str().unwrap().to_string();
    bob_events.next_of("challenge").await;
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/cancel"),
        Some(&alice),
    )
    .await;
    assert_eq!(code, 200);
    let e = bob_events.next_of("challengeCanceled").await;
    assert_eq!(e["challenge"]["id"], id.as_str());
    assert_eq!(e["challenge"]["status"], "canceled");

    // Accepted: a game is made.
    let (_, ch) = post_form(&s.url, "/api/challenge/bob", &alice, &LIVE).await;
    let id = ch["id"].as_str().unwrap().to_string();
    let (code, v) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/accept"),
        Some(&bob),
    )
    .await;
    assert_eq!(
        (code, v.clone()),
        (200, serde_json::json!({"ok": true})),
        "{v}"
    );
    let list = get(&c, &s.url, "/api/challenge", Some(&bob)).await;
    assert_eq!(list["in"], Value::Array(vec![]));
    // Both players' games start, each in its colour.
    let b = bob_events.next_of("gameStart").await;
    let a = alice_events.next_of("gameStart").await;
    assert_eq!(a["game"]["gameId"], b["game"]["gameId"]);
    assert_eq!(
        (a["game"]["color"].clone(), b["game"]["color"].clone()),
        ("white".into(), "black".into())
    );
    assert_eq!(a["game"]["rated"], true);
}

#[tokio::test]
async fn challenges_are_checked_and_bounded() {
    let s = Server::start(&fresh_db(), &[]);
    let c = common::client();
    let carol = account(&s, "carol").await.token;
    let dave = account(&s, "dave").await.token;
    // No such player, oneself, a bad field, a rated game off the standard rules.
    let (code, v) = post_form(&s.url, "/api/challenge/nobody", &carol, &LIVE).await;
    assert_eq!(code, 400);
    assert_eq!(v["error"], "No such user: nobody");
    let (code, _) = post_form(&s.url, "/api/challenge/carol", &carol, &LIVE).await;
    assert_eq!(code, 400);
    for fields in [
        vec![("variant", "chess")],
        vec![("variant", "omega"), ("color", "green")],
        vec![("variant", "omega"), ("clock.limit", "100000000")],
        vec![
            ("variant", "omega"),
            ("rated", "true"),
            ("array", "nonsense"),
        ],
    ] {
        let (code, v) = post_form(&s.url, "/api/challenge/dave", &carol, &fields).await;
        assert_eq!(code, 400, "{fields:?}: {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    }
    // Without an account: 401.
    let (code, _) = post(&c, &s.url, "/api/challenge/dave", None).await;
    assert_eq!(code, 401);
    // A few open per player.
    for _ in 0..5 {
        let (code, v) = post_form(&s.url, "/api/challenge/dave", &carol, &LIVE).await;
        assert_eq!(code, 200, "{v}");
    }
    let (code, v) = post_form(&s.url, "/api/challenge/dave", &carol, &LIVE).await;
    assert_eq!(code, 429, "{v}");
    assert_eq!(v["code"], "too-many-challenges");
    // Another's challenge is nobody's to cancel.
    let list = get(&c, &s.url, "/api/challenge", Some(&dave)).await;
    let id = list["in"][0]["id"].as_str().unwrap().to_string();
    let eve = account(&s, "eve").await.token;
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/cancel"),
        Some(&eve),
    )
    .await;
    assert_eq!(code, 404);
    // The challenged player canceling declines it.
    let mut carol_events = Lines::open(&c, &s.url, "/api/stream/event", Some(&carol)).await;
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/cancel"),
        Some(&dave),
    )
    .await;
    assert_eq!(code, 200);
    let e = carol_events.next_of("challengeDeclined").await;
    assert_eq!(e["challenge"]["declineReasonKey"], "generic");
}

#[tokio::test]
async fn a_kept_alive_challenge_streams_until_it_is_answered() {
    let s = Server::start(&fresh_db(), &[]);
    let c = common::client();
    let frank = account(&s, "frank").await.token;
    let gina = account(&s, "gina").await.token;
    let r = reqwest::Client::new()
        .post(format!("{}/api/challenge/gina", s.url))
        .bearer_auth(&frank)
        .form(&[
            ("variant", "hybrid"),
            ("clock.limit", "180"),
            ("keepAliveStream", "true"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/x-ndjson");
    let mut body = String::new();
    let mut r = r;
    let first = loop {
        let chunk = r.chunk().await.unwrap().expect("the challenge");
        body.push_str(&String::from_utf8_lossy(&chunk));
        if let Some((line, _)) = body.split_once('\n') {
            break serde_json::from_str::<Value>(line).unwrap();
        }
    };
    assert_eq!(first["status"], "created");
    let id = first["id"].as_str().unwrap();
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/accept"),
        Some(&gina),
    )
    .await;
    assert_eq!(code, 200);
    let rest = tokio::time::timeout(std::time::Duration::from_secs(10), r.text())
        .await
        .expect("the stream ends once answered")
        .unwrap();
    let last: Value =
        serde_json::from_str(rest.lines().rfind(|l| !l.trim().is_empty()).unwrap()).unwrap();
    assert_eq!(last["done"], "accepted", "{rest:?}");
    // The game the challenge became (the challenger's page opens it).
    let game = last["gameId"].as_str().expect("the game's id");
    let g = get(&c, &s.url, &format!("/api/game/{game}"), None).await;
    assert_eq!(g["id"], game, "{g}");
}

#[tokio::test]
async fn a_correspondence_challenge_moves_with_baroque_server_migrate() {
    let from = fresh_db();
    let s = Server::start(&from, &[]);
    let c = common::client();
    let hal = account(&s, "hal").await.token;
    let ida = account(&s, "ida").await.token;
    let (code, ch) = post_form(
        &s.url,
        "/api/challenge/ida",
        &hal,
        &[("variant", "omega"), ("days", "3")],
    )
    .await;
    assert_eq!(code, 200, "{ch}");
    assert_eq!(ch["timeControl"]["daysPerTurn"], 3);
    assert_eq!(ch["speed"], "correspondence");
    drop(s);
    let to = fresh_db();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baroque-server"))
        .args(["migrate", "--from", &format!("sqlite://{}", from.display())])
        .args(["--to", &format!("sqlite://{}", to.display())])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = Server::start(&to, &[]);
    let list = get(&c, &s.url, "/api/challenge", Some(&ida)).await;
    assert_eq!(list["in"][0]["id"], ch["id"], "{list}");
    let id = ch["id"].as_str().unwrap();
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/accept"),
        Some(&ida),
    )
    .await;
    assert_eq!(code, 200);
}

/// Opens `path` as an NDJSON stream POSTed with `fields` (no account: no token, no cookie).
async fn anonymous_stream(url: &str, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    common::client()
        .post(format!("{url}{path}"))
        .form(fields)
        .send()
        .await
        .unwrap()
}

/// Reads the next non-empty NDJSON line of `r` (bytes kept in `buf`).
async fn next_line(r: &mut reqwest::Response, buf: &mut Vec<u8>) -> Value {
    loop {
        if let Some(at) = buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buf.drain(..=at).collect();
            let text = String::from_utf8(line).unwrap();
            if !text.trim().is_empty() {
                return serde_json::from_str(&text).unwrap();
            }
            continue;
        }
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(20), r.chunk())
            .await
            .expect("a line within 20 s")
            .unwrap()
            .expect("the stream goes on");
        buf.extend_from_slice(&chunk);
    }
}

#[tokio::test]
async fn a_player_without_an_account_challenges_a_bot_casually_and_holds_the_seat() {
    let s = Server::start(&fresh_db(), &[]);
    let c = common::client();
    let bot = account(&s, "house-bot").await.token;
    let (code, _) = post(&c, &s.url, "/api/bot/account/upgrade", Some(&bot)).await;
    assert_eq!(code, 200);
    let human = account(&s, "human").await.token;
    let mut bot_events = Lines::open(&c, &s.url, "/api/stream/event", Some(&bot)).await;
    let fields = [
        ("variant", "omega"),
        ("clock.limit", "60"),
        ("clock.increment", "1"),
        ("color", "white"),
    ];
    // A person without an account may not challenge a person (401) nor ask a bot for a rated
    // game (400): rated games need two accounts.
    let (code, _) = post(&c, &s.url, "/api/challenge/human", None).await;
    assert_eq!(code, 401);
    // A token that is not good is refused, not taken for a guest.
    let (code, _) = post_form(
        &s.url,
        "/api/challenge/house-bot",
        "bq_0123456789abcdef0123456789abcdef",
        &fields,
    )
    .await;
    assert_eq!(code, 401);
    let r = anonymous_stream(
        &s.url,
        "/api/challenge/house-bot",
        &[("variant", "omega"), ("rated", "true")],
    )
    .await;
    assert_eq!(r.status(), 400);
    // A casual challenge to the bot, kept alive by its stream: the first line is the challenge
    // with the challenger's seat token (given once), the challenger anonymous.
    let mut keep = fields.to_vec();
    keep.push(("keepAliveStream", "true"));
    let mut r = anonymous_stream(&s.url, "/api/challenge/house-bot", &keep).await;
    assert_eq!(r.status(), 200);
    let mut buf = Vec::new();
    let ch = next_line(&mut r, &mut buf).await;
    assert_eq!(ch["challenger"], Value::Null, "{ch}");
    assert_eq!(ch["destUser"]["id"], "house-bot");
    assert_eq!(ch["rated"], false);
    let seat = ch["seatToken"].as_str().expect("a seat token").to_string();
    let id = ch["id"].as_str().unwrap().to_string();
    // The bot hears of it and accepts; the stream ends with the game's id.
    let e = bot_events.next_of("challenge").await;
    assert_eq!(e["challenge"]["id"], id.as_str());
    assert!(
        e["challenge"].get("seatToken").is_none(),
        "the bot never sees the seat token"
    );
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/accept"),
        Some(&bot),
    )
    .await;
    assert_eq!(code, 200);
    let done = next_line(&mut r, &mut buf).await;
    assert_eq!(done["done"], "accepted", "{done}");
    let game = done["gameId"].as_str().expect("the game's id").to_string();
    // The seat token holds White in that game; the bot's account holds Black.
    let held = common::seat(&c, &s.url, &seat).await;
    assert_eq!(held["gameId"], game.as_str());
    assert_eq!(held["color"], "white");
    let e = bot_events.next_of("gameStart").await;
    assert_eq!(e["game"]["gameId"], game.as_str());
    assert_eq!(e["game"]["color"], "black");
    let (code, v) = post(
        &c,
        &s.url,
        &format!("/api/board/game/{game}/move/e1e4"),
        Some(&seat),
    )
    .await;
    assert_eq!(code, 200, "{v}");
    // Another site's page cannot make a guest challenge (a cross-site form).
    let r = common::client()
        .post(format!("{}/api/challenge/house-bot", s.url))
        .header("origin", "http://evil.example")
        .header("sec-fetch-site", "cross-site")
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    // An account's rated challenge to the bot: a seat token too (the lobby page plays by it),
    // and the game is rated, the account in its seat, as lichess rates bot games.
    let mut rated = fields.to_vec();
    rated.push(("rated", "true"));
    let (code, ch) = post_form(&s.url, "/api/challenge/house-bot", &human, &rated).await;
    assert_eq!(code, 200, "{ch}");
    assert_eq!(ch["challenger"]["id"], "human");
    assert_eq!(ch["rated"], true);
    let seat = ch["seatToken"].as_str().expect("a seat token").to_string();
    let id = ch["id"].as_str().unwrap().to_string();
    let (code, _) = post(
        &c,
        &s.url,
        &format!("/api/challenge/{id}/accept"),
        Some(&bot),
    )
    .await;
    assert_eq!(code, 200);
    let held = common::seat(&c, &s.url, &seat).await;
    let game = held["gameId"]
        .as_str()
        .expect("the seat's game")
        .to_string();
    let g = get(&c, &s.url, &format!("/api/game/{game}"), None).await;
    assert_eq!(g["rated"], true, "{g}");
    let mine = get(&c, &s.url, "/api/account/playing", Some(&human)).await;
    assert_eq!(mine["nowPlaying"][0]["gameId"], game.as_str(), "{mine}");
}
