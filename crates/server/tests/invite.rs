//! Issue 33 on the server: one-time invitations and hashed secrets, the API's links opening the
//! game, one set of clock bounds, aborts and never-started games, presence — each against a
//! real `baroque-server` on 127.0.0.1.

mod common;

use std::time::Duration;

use common::ws;
use common::{
    board, client, fresh_db, game, game_under_way, invite_code as code, join, open, play, post,
    seat, seats, try_open, Lines, Server, MATE_IN_ONE,
};
use serde_json::{json, Value};

#[tokio::test]
async fn an_invitation_is_used_once() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega"), ("color", "white")]).await;
    let (id, [w, b]) = seats(&g);
    // No secret in any link: the seats' links carry one-time codes.
    for key in ["url", "urlWhite", "urlBlack", "creatorUrl", "inviteUrl"] {
        let link = g[key].as_str().unwrap();
        assert!(!link.contains(&w) && !link.contains(&b), "{key}: {link}");
        assert!(link.starts_with(&format!("{}/game/{id}", s.url)), "{link}");
    }
    assert_eq!(g["inviteUrl"], g["urlBlack"]);
    assert_eq!(g["creatorUrl"], g["urlWhite"]);
    // Two redeem the friend's invitation at the same moment: exactly one gets the seat.
    let black = code(&g["urlBlack"]);
    let redeem = json!({ "invite": black });
    let (one, two) = tokio::join!(
        join(&c, &s.url, &id, &redeem),
        join(&c, &s.url, &id, &redeem)
    );
    let mut answers = [one, two];
    answers.sort_by_key(|a| a.0);
    assert_eq!(answers[0].0, 200, "{answers:?}");
    assert_eq!(
        (answers[1].0, answers[1].1["code"].as_str()),
        (409, Some("seat-taken"))
    );
    assert_eq!(answers[1].1["color"], "black");
    assert_eq!(
        answers[0].1,
        json!({ "gameId": id, "color": "black", "token": b })
    );
    // Once more, later: taken.
    assert_eq!(
        join(&c, &s.url, &id, &json!({ "invite": black })).await.0,
        409
    );
    // The creator's token was used (a move): the creator's own invitation is dead.
    play(&c, &s.url, &id, &[("e1e4", &w)]).await;
    let (code_w, body) = join(&c, &s.url, &id, &json!({ "invite": code(&g["urlWhite"]) })).await;
    assert_eq!((code_w, body["code"].as_str()), (409, Some("seat-taken")));
    // Another game's code, nonsense, no game, a bad body.
    let other = open(&c, &s.url, &[("variant", "omega")]).await;
    let (st, body) = join(
        &c,
        &s.url,
        &id,
        &json!({ "invite": code(&other["urlBlack"]) }),
    )
    .await;
    assert_eq!((st, body["code"].as_str()), (403, Some("bad-invite")));
    assert_eq!(
        join(&c, &s.url, &id, &json!({ "invite": "00" })).await.0,
        403
    );
    assert_eq!(
        join(&c, &s.url, "nosuchgame", &json!({ "invite": black }))
            .await
            .0,
        404
    );
    assert_eq!(
        join(&c, &s.url, &id, &json!({ "code": black })).await.0,
        400
    );
    // The other game's invitation still works there: codes belong to their game.
    let oid = other["id"].as_str().unwrap();
    assert_eq!(
        join(
            &c,
            &s.url,
            oid,
            &json!({ "invite": code(&other["urlBlack"]) })
        )
        .await
        .0,
        200
    );

    // Continue on another device: a fresh one-time link to the same seat.
    let (st, t) = post(&c, &s.url, &board(&id, "transfer"), Some(&b)).await;
    assert_eq!(st, 200);
    assert!(t["expiresAt"].as_i64().unwrap() > 0);
    let link = &t["url"];
    assert!(link
        .as_str()
        .unwrap()
        .starts_with(&format!("{}/game/{id}#invite=", s.url)));
    let (st, body) = join(&c, &s.url, &id, &json!({ "invite": code(link) })).await;
    assert_eq!((st, body["token"].as_str()), (200, Some(b.as_str())));
    assert_eq!(
        join(&c, &s.url, &id, &json!({ "invite": code(link) }))
            .await
            .0,
        409
    );
    assert_eq!(post(&c, &s.url, &board(&id, "transfer"), None).await.0, 401);
}

/// A database from before this change (clear tokens, no claimed seats, no invitations): at
/// start its tokens are hashed and keep working; none is left in clear.
#[tokio::test]
async fn old_tokens_keep_working_after_the_migration() {
    use sqlx::Connection;

    let db = fresh_db();
    let mut s = Server::start(&db, &["--rate", "0"]);
    let c = client();
    let (id, [w, b]) = game_under_way(&c, &s.url).await;
    s.kill();
    // The tables as they were: tokens in clear, no claimed columns, no invitations.
    let url = format!("sqlite://{}", db.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE games SET token_white = $1, token_black = $2 WHERE id = $3")
        .bind(&w)
        .bind(&b)
        .bind(&id)
        .execute(&mut conn)
        .await
        .unwrap();
    for statement in [
        "ALTER TABLE games DROP COLUMN claimed_white",
        "ALTER TABLE games DROP COLUMN claimed_black",
        "DROP TABLE invites",
    ] {
        sqlx::query(statement).execute(&mut conn).await.unwrap();
    }
    conn.close().await.unwrap();
    let s = Server::start(&db, &["--rate", "0"]);
    play(&c, &s.url, &id, &[("f1f3", &w)]).await;
    assert_eq!(
        seat(&c, &s.url, &b).await,
        json!({ "gameId": id, "color": "black" })
    );
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let clear: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE token_white = $1 OR token_black = $2")
            .bind(&w)
            .bind(&b)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert_eq!(clear, 0, "no token is kept in clear");
    // Its seats count as claimed: not aborted as never started, no invitation to redeem.
    let full = game(&c, &s.url, &id).await;
    assert_eq!(full["state"]["status"], "started");
    assert_eq!(full["state"]["moves"], "e1e4 e8e5 f1f3");
}

/// A page folder for the server (index.html listed in the build's manifest).
fn page_root() -> std::path::PathBuf {
    let root = fresh_db().parent().unwrap().join("root");
    std::fs::create_dir_all(root.join("www/pkg")).unwrap();
    std::fs::write(
        root.join("index.html"),
        "<!doctype html>\n<html>\n<head>\n<script type=\"module\" src=\"www/main.js\"></script>\n</head><body>the game</body></html>\n",
    )
    .unwrap();
    std::fs::write(root.join("www/pkg/page-files.txt"), "index.html\n").unwrap();
    root
}

#[tokio::test]
async fn every_link_the_api_returns_opens_the_game() {
    let root = page_root();
    let s = Server::start(&fresh_db(), &["--root", root.to_str().unwrap()]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "ultima")]).await;
    let id = g["id"].as_str().unwrap();
    for key in ["url", "urlWhite", "urlBlack", "creatorUrl", "inviteUrl"] {
        let link = g[key].as_str().unwrap();
        let path = link.split('#').next().unwrap();
        let r = c.get(path).send().await.unwrap();
        assert_eq!(r.status(), 200, "{key}: {link}");
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        assert_eq!(r.headers()["cross-origin-opener-policy"], "same-origin");
        let etag = r.headers()["etag"].to_str().unwrap().to_string();
        let body = r.text().await.unwrap();
        assert!(body.contains("the game"), "{body}");
        // The page's relative files resolve from the root.
        assert!(body.contains("<head>\n  <base href=\"../\">"), "{body}");
        let again = c
            .get(path)
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304);
    }
    // The game as JSON, without a token.
    let full = game(&c, &s.url, id).await;
    assert_eq!(
        (full["type"].as_str(), full["id"].as_str()),
        (Some("gameFull"), Some(id))
    );
    assert_eq!(full["state"]["status"], "started");
    let r = c
        .get(format!("{}/api/game/nosuchgame", s.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
}

#[tokio::test]
async fn one_set_of_clock_bounds_the_engines() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let c = client();
    let g = open(
        &c,
        &s.url,
        &[("variant", "omega"), ("clock.limit", "36000")],
    )
    .await;
    let full = game(&c, &s.url, g["id"].as_str().unwrap()).await;
    assert_eq!(full["clock"]["initial"], 36_000_000, "600 minutes");
    let r = try_open(
        &c,
        &s.url,
        &[("variant", "omega"), ("clock.limit", "36060")],
    )
    .await;
    assert_eq!(r.status(), 400);
    let body: Value = r.json().await.unwrap();
    let engine = baroque_engine::clock::TimeControl::clock(36_060_000, 0)
        .unwrap_err()
        .to_string();
    assert_eq!(body["error"].as_str(), Some(engine.as_str()), "{body}");
}

#[tokio::test]
async fn the_game_ending_move_sent_again_is_ok() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let c = client();
    let g = open(&c, &s.url, &MATE_IN_ONE).await;
    let (id, [w, _]) = seats(&g);
    let mv = board(&id, "move/e2d3?ply=0");
    assert_eq!(post(&c, &s.url, &mv, Some(&w)).await.0, 200);
    let (st, body) = post(&c, &s.url, &mv, Some(&w)).await;
    assert_eq!((st, body), (200, json!({ "ok": true })));
    let mut sock = ws::hello(&s, &id, json!({ "t": "hello", "token": w, "since": 2 })).await;
    ws::send(&mut sock, json!({ "t": "move", "move": "e2d3", "ply": 0 })).await;
    assert_eq!(
        ws::next_of(&mut sock, "ok").await,
        json!({ "t": "ok", "re": "move", "changed": false })
    );
    // A different move at that ply is still refused.
    let (st, body) = post(&c, &s.url, &board(&id, "move/e2f3?ply=0"), Some(&w)).await;
    assert_eq!((st, body["code"].as_str()), (400, Some("stale-ply")));
}

#[tokio::test]
async fn games_are_aborted_by_a_player_or_when_they_never_start() {
    let s = Server::start(&fresh_db(), &["--rate", "0", "--first-move-secs", "1"]);
    let c = client();
    let live = [("variant", "omega"), ("clock.limit", "300")];
    // Abort through the API before both have moved; refused after.
    let g = open(&c, &s.url, &live).await;
    let (id, [w, b]) = seats(&g);
    play(&c, &s.url, &id, &[("e1e4", &w)]).await;
    assert_eq!(
        post(&c, &s.url, &board(&id, "abort"), Some(&b)).await.0,
        200
    );
    let full = game(&c, &s.url, &id).await;
    let state = &full["state"];
    assert_eq!(
        (state["status"].as_str(), state["reason"].as_str()),
        (Some("aborted"), Some("abort"))
    );
    assert!(state.get("winner").is_none());
    let g = open(&c, &s.url, &[("variant", "omega")]).await;
    let (id, [w, b]) = seats(&g);
    play(&c, &s.url, &id, &[("e1e4", &w), ("e8e5", &b)]).await;
    let (st, body) = post(&c, &s.url, &board(&id, "abort"), Some(&w)).await;
    assert_eq!((st, body["code"].as_str()), (400, Some("cannot-abort")));
    // Abort through the WebSocket.
    let g = open(&c, &s.url, &[("variant", "ultima")]).await;
    let (id, [w, _]) = seats(&g);
    let mut sock = ws::hello(&s, &id, json!({ "t": "hello", "token": w, "since": 1 })).await;
    ws::send(&mut sock, json!({ "t": "abort" })).await;
    let ev = ws::next_of(&mut sock, "event").await;
    assert_eq!(ev["state"]["status"], "aborted");
    assert_eq!(ws::next_of(&mut sock, "ok").await["changed"], true);

    // Both seats there, White never moves: aborted after the first-move time (1 s here).
    let g = open(&c, &s.url, &live).await;
    let (id, [w, b]) = seats(&g);
    let mut ws_ = Lines::player(&c, &s.url, &id, &w).await;
    ws_.next().await;
    let mut bs = Lines::player(&c, &s.url, &id, &b).await;
    bs.next().await;
    let end = bs.until(|v| v["status"] != "started").await;
    assert_eq!(
        (end["status"].as_str(), end["reason"].as_str()),
        (Some("aborted"), Some("noStart"))
    );
    // White moves, Black never answers: aborted too.
    let g = open(&c, &s.url, &live).await;
    let (id, [w, b]) = seats(&g);
    let mut bs = Lines::player(&c, &s.url, &id, &b).await;
    bs.next().await;
    play(&c, &s.url, &id, &[("e1e4", &w)]).await;
    let end = bs.until(|v| v["status"] != "started").await;
    assert_eq!(
        (end["reason"].as_str(), end["moves"].as_str()),
        (Some("noStart"), Some("e1e4"))
    );
    // An invitee who never came cannot be claimed against (the creator aborts instead), and a
    // game waiting for its invitee is not aborted on the first-move time.
    let s2 = Server::start(
        &fresh_db(),
        &[
            "--rate",
            "0",
            "--abandon-secs",
            "0",
            "--first-move-secs",
            "1",
        ],
    );
    let g = open(&c, &s2.url, &live).await;
    let (id, [w, _]) = seats(&g);
    let mut me = Lines::player(&c, &s2.url, &id, &w).await;
    me.next().await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let (st, body) = post(&c, &s2.url, &board(&id, "claim-victory"), Some(&w)).await;
    assert_eq!(
        (st, body["code"].as_str()),
        (400, Some("cannot-claim")),
        "{body}"
    );
    assert!(body["error"].as_str().unwrap().contains("never came"));
    assert_eq!(
        post(&c, &s2.url, &board(&id, "abort"), Some(&w)).await.0,
        200
    );
}

#[tokio::test]
async fn presence_says_who_is_there_and_when_a_claim_opens() {
    let s = Server::start(&fresh_db(), &["--rate", "0", "--abandon-secs", "5"]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega"), ("clock.limit", "300")]).await;
    let (id, [w, b]) = seats(&g);
    let mut white = ws::hello(&s, &id, json!({ "t": "hello", "token": w })).await;
    // Black never came: no claim against an invitee who never connected.
    assert_eq!(
        ws::next_of(&mut white, "presence").await,
        json!({ "t": "presence", "white": true, "black": false, "claimFrom": null })
    );
    let black = ws::hello(&s, &id, json!({ "t": "hello", "token": b })).await;
    assert_eq!(
        ws::next_of(&mut white, "presence").await,
        json!({ "t": "presence", "white": true, "black": true, "claimFrom": null })
    );
    let before = baroque_server::clock::now_ms();
    drop(black);
    let p = ws::next_of(&mut white, "presence").await;
    assert_eq!(
        (p["white"].as_bool(), p["black"].as_bool()),
        (Some(true), Some(false))
    );
    let from = p["claimFrom"].as_i64().expect("a claim opens");
    assert!(
        (before + 5_000..=before + 6_000).contains(&from),
        "five seconds after Black left: {from} vs {before}"
    );
}
