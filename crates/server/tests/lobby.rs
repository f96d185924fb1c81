//! Issue 35's lobby against a real `baroque-server` on 127.0.0.1: a seek made and accepted over
//! the lobby WebSocket, an anonymous player seeing only casual seeks, auto-pairing of two
//! overlapping requests, two Board API seeks pairing with each other, the limits and bad
//! fields, and a seek closing with its creator's connection.

mod common;

use std::time::Duration;

use common::ws::{lobby, next, next_of, send, LobbyWs};
use common::{client, fresh_db, seat, Server};
use futures_util::StreamExt;
use serde_json::{json, Value};

/// Signs `name` up and makes an API token for it.
async fn account(s: &Server, name: &str) -> String {
    common::accounts::account(s, name).await.token
}

fn omega_5_3(color: &str) -> Value {
    json!({"t":"seek","seek":{"variant":"omega","time":5,"increment":3,"color":color}})
}

/// Checks that two paired messages name one game, one seat each, with tokens holding them.
async fn same_game(s: &Server, a: &Value, b: &Value) -> String {
    assert_eq!(a["t"], "paired", "{a}");
    assert_eq!(b["t"], "paired", "{b}");
    assert_eq!(a["game"], b["game"]);
    assert_ne!(a["color"], b["color"]);
    let c = client();
    for p in [a, b] {
        let sat = seat(&c, &s.url, p["token"].as_str().unwrap()).await;
        assert_eq!(sat["gameId"], p["game"]);
        assert_eq!(sat["color"], p["color"]);
    }
    a["game"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_seek_made_and_accepted_puts_both_players_in_the_game() {
    let s = Server::start(&fresh_db(), &[]);
    let (mut a, hello) = lobby(&s, None).await;
    assert_eq!(hello["me"], Value::Null);
    assert_eq!(hello["seeks"], json!([]));
    let (mut b, _) = lobby(&s, None).await;
    send(&mut a, omega_5_3("white")).await;
    let open = next_of(&mut a, "open").await;
    let id = open["id"].as_str().unwrap().to_string();
    assert_eq!(open["token"].as_str().unwrap().len(), 32);
    let added = next_of(&mut b, "added").await;
    assert_eq!(added["seek"]["id"], id.as_str());
    assert_eq!(added["seek"]["variant"], "omega");
    assert_eq!(
        added["seek"]["clock"],
        json!({"limit": 300, "increment": 3})
    );
    assert_eq!(added["seek"]["color"], "white");
    assert_eq!(
        next_of(&mut b, "counts").await["counts"],
        json!({"omega": 1})
    );
    // Its creator cannot take it.
    send(&mut a, json!({"t":"accept","id":id})).await;
    assert_eq!(next_of(&mut a, "error").await["code"], "own-seek");
    send(&mut b, json!({"t":"accept","id":id})).await;
    // The seek's removal is announced (before or after the answer).
    let mut removed = false;
    let pb = loop {
        let m = next(&mut b).await;
        removed |= m["t"] == "removed" && m["id"] == id.as_str();
        if m["t"] == "paired" {
            break m;
        }
    };
    if !removed {
        assert_eq!(next_of(&mut b, "removed").await["id"], id.as_str());
    }
    let pa = next_of(&mut a, "paired").await;
    assert_eq!(pa["seek"], id.as_str());
    assert_eq!(pa["color"], "white");
    let game = same_game(&s, &pa, &pb).await;
    let g = common::game(&client(), &s.url, &game).await;
    assert_eq!(g["variant"]["key"], "omega");
    assert_eq!(g["clock"]["initial"], 300_000);
    // The seek is gone from the list.
    let (_, hello) = lobby(&s, None).await;
    assert_eq!(hello["seeks"], json!([]));
}

#[tokio::test]
async fn an_anonymous_player_sees_and_takes_only_casual_seeks() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "alice").await;
    let (mut a, hello) = lobby(&s, Some(&alice)).await;
    assert_eq!(hello["me"], "alice");
    send(
        &mut a,
        json!({"t":"seek","seek":{"variant":"ultima","time":3,"increment":2,"rated":true}}),
    )
    .await;
    let m = next_but(&mut a).await;
    let rated = m["id"].clone();
    assert_eq!(m["t"], "open", "{m}");
    send(
        &mut a,
        json!({"t":"seek","seek":{"variant":"ultima","time":10}}),
    )
    .await;
    let casual = next_of(&mut a, "open").await["id"].clone();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (mut anon, hello) = lobby(&s, None).await;
    let ids: Vec<&Value> = hello["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["id"])
        .collect();
    assert_eq!(ids, vec![&casual], "{hello}");
    let seen = &hello["seeks"][0];
    assert_eq!(seen["username"], "alice");
    assert_eq!(seen["rating"], 1500);
    assert_eq!(seen["provisional"], true);
    // An account sees both.
    let bob = account(&s, "bob").await;
    let (_, hello) = lobby(&s, Some(&bob)).await;
    assert_eq!(hello["seeks"].as_array().unwrap().len(), 2);
    // An anonymous player cannot take the rated one, nor seek rated.
    send(&mut anon, json!({"t":"accept","id":rated})).await;
    assert_eq!(next_of(&mut anon, "error").await["code"], "rated-seek");
    send(
        &mut anon,
        json!({"t":"seek","seek":{"variant":"ultima","time":3,"rated":true}}),
    )
    .await;
    let e = next_of(&mut anon, "error").await;
    assert_eq!(e["code"], "bad-seek");
    assert!(e["message"].as_str().unwrap().contains("account"));
    // A new rated seek is not announced to the anonymous player, a casual one is.
    send(
        &mut a,
        json!({"t":"seek","seek":{"variant":"omega","time":3,"increment":2,"rated":true}}),
    )
    .await;
    send(
        &mut a,
        json!({"t":"seek","seek":{"variant":"hybrid","days":2}}),
    )
    .await;
    let added = next_of(&mut anon, "added").await;
    assert_eq!(added["seek"]["variant"], "hybrid");
    assert_eq!(added["seek"]["days"], 2);
    assert_eq!(added["seek"]["rated"], false);
}

#[tokio::test]
async fn two_auto_pairing_requests_with_a_game_in_common_are_paired() {
    let s = Server::start(&fresh_db(), &[]);
    let (mut watcher, _) = lobby(&s, None).await;
    let (mut a, _) = lobby(&s, None).await;
    send(
        &mut a,
        json!({"t":"auto","variants":["omega","ultima"],"clocks":["5+3"]}),
    )
    .await;
    let auto = next_of(&mut a, "auto").await;
    assert_eq!(auto["seeks"], 2);
    let counts = loop {
        let c = next_of(&mut watcher, "counts").await;
        if c["counts"].as_object().unwrap().len() == 2 {
            break c;
        }
    };
    assert_eq!(counts["counts"], json!({"omega": 1, "ultima": 1}));
    let (mut b, hello) = lobby(&s, None).await;
    // Auto-pairing seeks are counted, not listed.
    assert_eq!(hello["seeks"], json!([]));
    assert_eq!(hello["counts"], json!({"omega": 1, "ultima": 1}));
    send(
        &mut b,
        json!({"t":"auto","variants":["hybrid","ultima"],"clocks":["3+2","5+3"]}),
    )
    .await;
    let pb = next_of(&mut b, "paired").await;
    let pa = next_of(&mut a, "paired").await;
    assert_eq!(pa["seek"], auto["id"]);
    let game = same_game(&s, &pa, &pb).await;
    let g = common::game(&client(), &s.url, &game).await;
    assert_eq!(g["variant"]["key"], "ultima");
    // Both requests are gone: nobody is looking any more.
    let c = loop {
        let c = next_of(&mut watcher, "counts").await;
        if c["counts"] == json!({}) {
            break c;
        }
    };
    assert_eq!(c["counts"], json!({}));
}

/// POSTs a Board API seek with form `fields` (and `bearer`).
async fn board_seek(
    s: &Server,
    fields: &[(&str, &str)],
    bearer: Option<&str>,
) -> reqwest::Response {
    let mut r = reqwest::Client::new()
        .post(format!("{}/api/board/seek", s.url))
        .form(fields);
    if let Some(b) = bearer {
        r = r.bearer_auth(b);
    }
    r.send().await.unwrap()
}

#[tokio::test]
async fn two_board_api_seeks_pair_with_each_other() {
    let s = Server::start(&fresh_db(), &[]);
    let fields = [
        ("variant", "hybrid"),
        ("time", "10"),
        ("increment", "5"),
        ("color", "black"),
    ];
    let first = board_seek(&s, &fields, None).await;
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["content-type"], "application/x-ndjson");
    let mut body = first.bytes_stream();
    // The seek is listed while its request waits.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (_, hello) = lobby(&s, None).await;
    assert_eq!(hello["seeks"][0]["variant"], "hybrid");
    assert_eq!(hello["seeks"][0]["color"], "black");
    let second = board_seek(
        &s,
        &[("variant", "hybrid"), ("time", "10"), ("increment", "5")],
        None,
    )
    .await;
    assert_eq!(second.status(), 200);
    let b: Value = second.json().await.unwrap();
    assert_eq!(b["color"], "white");
    let mut text = String::new();
    while let Some(chunk) = tokio::time::timeout(Duration::from_secs(10), body.next())
        .await
        .unwrap()
    {
        text.push_str(std::str::from_utf8(&chunk.unwrap()).unwrap());
    }
    let a: Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(a["gameId"], b["gameId"]);
    assert_eq!(a["color"], "black");
    let c = client();
    for p in [&a, &b] {
        let sat = seat(&c, &s.url, p["token"].as_str().unwrap()).await;
        assert_eq!(sat["gameId"], p["gameId"]);
    }
    // A correspondence seek answers at once with its id.
    let token = account(&s, "carol").await;
    let r = board_seek(
        &s,
        &[("variant", "omega"), ("days", "3"), ("rated", "true")],
        Some(&token),
    )
    .await;
    assert_eq!(r.status(), 200);
    let v: Value = r.json().await.unwrap();
    assert!(v["id"].is_string() && v["token"].is_string(), "{v}");
}

#[tokio::test]
async fn fields_and_counts_are_bounded() {
    let s = Server::start(&fresh_db(), &[]);
    for (fields, code, says) in [
        (
            vec![("variant", "chess"), ("time", "5")],
            "variant-unknown",
            "chess",
        ),
        (
            vec![("variant", "omega"), ("days", "20")],
            "bad-clock",
            "1 to 14",
        ),
        (
            vec![("variant", "omega"), ("time", "5"), ("rated", "true")],
            "bad-seek",
            "account",
        ),
        (
            vec![
                ("variant", "omega"),
                ("time", "5"),
                ("ratingRange", "1900-1200"),
            ],
            "bad-seek",
            "upwards",
        ),
        (
            vec![("variant", "omega"), ("time", "5"), ("colour", "white")],
            "bad-seek",
            "unknown field",
        ),
        (
            vec![("variant", "omega")],
            "bad-seek",
            "time and increment, or days",
        ),
    ] {
        let r = board_seek(&s, &fields, None).await;
        assert_eq!(r.status(), 400, "{fields:?}");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["code"], code, "{fields:?}: {v}");
        assert!(
            v["error"].as_str().unwrap().contains(says),
            "{fields:?}: {v}"
        );
    }
    let r = board_seek(
        &s,
        &[("variant", "omega"), ("days", "3")],
        Some("bq_not_a_token"),
    )
    .await;
    assert_eq!(r.status(), 401);
    // Ten open seeks each, then a clear refusal.
    let (mut a, _) = lobby(&s, None).await;
    for minutes in 1..=10 {
        send(
            &mut a,
            json!({"t":"seek","seek":{"variant":"omega","time":minutes}}),
        )
        .await;
        let m = next_but(&mut a).await;
        assert_eq!(m["t"], "open", "{minutes}: {m}");
    }
    send(
        &mut a,
        json!({"t":"seek","seek":{"variant":"omega","time":11}}),
    )
    .await;
    let e = next_but(&mut a).await;
    assert_eq!(e["code"], "too-many-seeks", "{e}");
    // A cancelled seek frees a place.
    send(&mut a, json!({"t":"bogus"})).await;
    assert_eq!(next_but(&mut a).await["code"], "bad-message");
    send(&mut a, json!({"t":"cancel","id":"nope"})).await;
    assert_eq!(next_but(&mut a).await["code"], "no-seek");
}

/// The next message that is not lobby news (`added`, `removed`, `counts`).
async fn next_but(ws: &mut LobbyWs) -> Value {
    loop {
        let m = next(ws).await;
        if !["added", "removed", "counts"].contains(&m["t"].as_str().unwrap()) {
            return m;
        }
    }
}

#[tokio::test]
async fn another_sites_page_cannot_open_the_lobby_socket() {
    let s = Server::start(&fresh_db(), &[]);
    let e = common::ws::open(
        &format!("ws://{}/ws/lobby", s.addr),
        Some("https://evil.example"),
    )
    .await
    .unwrap_err();
    assert!(e.contains("403"), "{e}");
    let own = common::ws::open(&format!("ws://{}/ws/lobby", s.addr), Some(&s.url)).await;
    assert!(own.is_ok());
}

#[tokio::test]
async fn a_live_seek_closes_with_its_connection_a_correspondence_seek_stays() {
    let s = Server::start(&fresh_db(), &[]);
    let (mut watcher, _) = lobby(&s, None).await;
    let (mut a, _) = lobby(&s, None).await;
    send(&mut a, omega_5_3("random")).await;
    let live = next_of(&mut a, "open").await["id"].clone();
    send(
        &mut a,
        json!({"t":"seek","seek":{"variant":"omega","days":5}}),
    )
    .await;
    let open = next_of(&mut a, "open").await;
    let corr = open["id"].clone();
    let corr_token = open["token"].as_str().unwrap().to_string();
    for _ in 0..2 {
        next_of(&mut watcher, "added").await;
    }
    drop(a);
    assert_eq!(next_of(&mut watcher, "removed").await["id"], live);
    let (mut b, hello) = lobby(&s, None).await;
    let ids: Vec<&Value> = hello["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["id"])
        .collect();
    assert_eq!(ids, vec![&corr]);
    // Its creator, gone, finds the game by its seat token once the seek is taken.
    send(&mut b, json!({"t":"accept","id":corr})).await;
    let pb = next_of(&mut b, "paired").await;
    let sat = seat(&client(), &s.url, &corr_token).await;
    assert_eq!(sat["gameId"], pb["game"]);
    assert_ne!(sat["color"], pb["color"]);
}

#[tokio::test]
async fn a_rated_seek_makes_a_rated_game_between_the_two_accounts() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "alice").await;
    let bob = account(&s, "bob").await;
    let (mut a, _) = lobby(&s, Some(&alice)).await;
    let (mut b, _) = lobby(&s, Some(&bob)).await;
    send(
        &mut a,
        json!({"t":"seek","seek":{"variant":"omega","time":5,"increment":3,"rated":true,"color":"black","ratingRange":"1400-1600"}}),
    )
    .await;
    let id = next_of(&mut a, "open").await["id"].clone();
    assert_eq!(
        next_of(&mut b, "added").await["seek"]["ratingRange"],
        json!([1400, 1600])
    );
    send(&mut b, json!({"t":"accept","id":id})).await;
    let pb = next_of(&mut b, "paired").await;
    let pa = next_of(&mut a, "paired").await;
    let game = same_game(&s, &pa, &pb).await;
    let g = common::game(&client(), &s.url, &game).await;
    assert_eq!(g["rated"], true, "{g}");
    assert_eq!(g["white"]["id"], "bob");
    assert_eq!(g["black"]["id"], "alice");
}

#[tokio::test]
async fn the_news_of_one_tick_come_in_one_frame() {
    // Ten seeks made at once reach a watcher in fewer frames than seeks: each connection is
    // sent one frame per tick (a `batch` when it holds several messages), not one per seek.
    let s = Server::start(&fresh_db(), &[]);
    let (mut watcher, _) = lobby(&s, None).await;
    let (mut a, _) = lobby(&s, None).await;
    for minutes in 1..=10 {
        send(
            &mut a,
            json!({"t":"seek","seek":{"variant":"omega","time":minutes}}),
        )
        .await;
    }
    let mut opened = Vec::new();
    while opened.len() < 10 {
        let m = next_but(&mut a).await;
        assert_eq!(m["t"], "open", "{m}");
        opened.push(m["id"].clone());
    }
    let before = watcher.frames;
    let mut added = Vec::new();
    while added.len() < 10 {
        added.push(next_of(&mut watcher, "added").await["seek"]["id"].clone());
    }
    let frames = watcher.frames - before;
    assert_eq!(added, opened);
    assert!(frames < 10, "ten seeks in {frames} frames");
    // A player who comes now is listed all ten, in order.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, hello) = lobby(&s, None).await;
    let listed: Vec<Value> = hello["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].clone())
        .collect();
    assert_eq!(listed, opened);
}
