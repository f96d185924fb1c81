//! Issue 35's players by the clocks, against a real `baroque-server` on 127.0.0.1: the page's
//! WebSocket and the Board API's `gameFull` name each seat's account as lichess's do (`id`,
//! `name` as typed, `title`, `rating` in the game's perf, `provisional`), an anonymous seat
//! keeps its colour, an account taking the open seat after the welcome reaches players and
//! spectators in a `players` message, and a rated game's end keeps the rating it was played at.

mod common;

use common::accounts::account;
use common::ws::{hello, next_of, send};
use common::{client, fresh_db, invite_code, post_form, Server};
use serde_json::{json, Value};

/// POSTs `path` with `fields` as the holder of API token `bearer`; the status and JSON answer.
async fn post(s: &Server, path: &str, fields: &[(&str, &str)], bearer: &str) -> (u16, Value) {
    post_form(&s.url, path, bearer, fields).await
}

/// Redeems game `id`'s invitation `link` as the holder of API token `bearer`.
async fn join(s: &Server, id: &str, link: &Value, bearer: &str) -> u16 {
    client()
        .post(format!("{}/api/board/game/{id}/join", s.url))
        .bearer_auth(bearer)
        .json(&json!({ "invite": invite_code(link) }))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// `GET /api/game/{id}`.
async fn full(s: &Server, id: &str) -> Value {
    client()
        .get(format!("{}/api/game/{id}", s.url))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

#[tokio::test]
async fn each_seat_shows_its_account_name_title_and_rating_to_players_and_spectators() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "Alice").await;
    let robo = account(&s, "RoboCop").await;
    let (status, body) = post(&s, "/api/bot/account/upgrade", &[], &robo.token).await;
    assert_eq!(status, 200, "{body}");
    let (status, g) = post(
        &s,
        "/api/challenge/open",
        &[("variant", "ultima"), ("color", "white")],
        &alice.token,
    )
    .await;
    assert_eq!(status, 200, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    let alice_shown =
        json!({"id": "alice", "name": "Alice", "title": null, "rating": 1500, "provisional": true});
    let anonymous = json!({"id": "black", "name": "black"});

    // Alice's socket (her API token in its hello) and a spectator's: each welcome names her.
    let mut mine = common::ws::connect(&s, &id).await;
    send(&mut mine, json!({"t": "hello", "token": alice.token})).await;
    let welcome = next_of(&mut mine, "welcome").await;
    assert_eq!(welcome["seat"], "white");
    assert_eq!(welcome["game"]["white"], alice_shown);
    assert_eq!(welcome["game"]["black"], anonymous);
    let mut watcher = common::ws::connect(&s, &id).await;
    send(&mut watcher, json!({"t": "hello"})).await;
    let welcome = next_of(&mut watcher, "welcome").await;
    assert_eq!(welcome["seat"], Value::Null);
    assert_eq!(welcome["game"]["white"], alice_shown);

    // The bot redeems the friend's link on its account and connects: both sockets hear who.
    assert_eq!(join(&s, &id, &g["inviteUrl"], &robo.token).await, 200);
    let _robo_ws = hello(&s, &id, json!({"t": "hello", "token": robo.token})).await;
    let robo_shown = json!({"id": "robocop", "name": "RoboCop", "title": "BOT", "rating": 1500, "provisional": true});
    for ws in [&mut mine, &mut watcher] {
        let players = next_of(ws, "players").await;
        assert_eq!(
            players,
            json!({"t": "players", "white": alice_shown, "black": robo_shown})
        );
    }
    // The Board API's gameFull says the same (lichess's shape).
    let f = full(&s, &id).await;
    assert_eq!((&f["white"], &f["black"]), (&alice_shown, &robo_shown));
}

#[tokio::test]
async fn a_rated_game_over_shows_the_ratings_it_was_played_at() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "alice").await;
    let bob = account(&s, "bob").await;
    let (status, g) = post(
        &s,
        "/api/challenge/open",
        &[("variant", "omega"), ("rated", "true"), ("color", "white")],
        &alice.token,
    )
    .await;
    assert_eq!(status, 200, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(join(&s, &id, &g["inviteUrl"], &bob.token).await, 200);
    for (m, by) in [("e1e2", &alice.token), ("e8e7", &bob.token)] {
        let (status, body) = post(&s, &format!("/api/board/game/{id}/move/{m}"), &[], by).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = post(&s, &format!("/api/board/game/{id}/resign"), &[], &bob.token).await;
    assert_eq!(status, 200);
    let f = full(&s, &id).await;
    assert_eq!(
        f["state"]["ratingDiff"],
        json!({"white": 242, "black": -242})
    );
    // Played at 1500 each (the accounts are at 1742 and 1258 now, as the next game shows).
    assert_eq!(f["white"]["rating"], 1500);
    assert_eq!(f["black"]["rating"], 1500);
    let (_, next) = post(
        &s,
        "/api/challenge/open",
        &[("variant", "omega"), ("color", "black")],
        &alice.token,
    )
    .await;
    let f = full(&s, next["id"].as_str().unwrap()).await;
    assert_eq!(
        f["black"],
        json!({"id": "alice", "name": "alice", "title": null, "rating": 1742, "provisional": true})
    );
    // Another game's rating is another perf's: Alice is new at ultima.
    let (_, other) = post(
        &s,
        "/api/challenge/open",
        &[("variant", "ultima")],
        &alice.token,
    )
    .await;
    let f = full(&s, other["id"].as_str().unwrap()).await;
    let seat = if f["white"]["id"] == "alice" {
        "white"
    } else {
        "black"
    };
    assert_eq!(f[seat]["rating"], 1500);
}
