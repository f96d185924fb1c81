//! Issue 35's games bound to accounts and rated games against a real `baroque-server` on
//! 127.0.0.1: a logged-in creator's seat and a logged-in invitee's seat bound to their accounts,
//! the Board API and the WebSocket acting for an account's seat with its session cookie or API
//! token, what a rated challenge needs, and an older database given the new columns.

mod common;

use common::accounts::{account, COOKIE};
use common::{client, fresh_db, invite_code, Server};
use serde_json::{json, Value};

/// How a request is authenticated.
#[derive(Clone, Copy)]
enum By<'a> {
    Nobody,
    /// `Authorization: Bearer` (a seat token or an API token).
    Bearer(&'a str),
    /// The session cookie, from the server's page (`Origin` the server's own).
    Cookie(&'a str),
    /// The session cookie from another site.
    CrossSite(&'a str),
}

fn with(rb: reqwest::RequestBuilder, s: &Server, by: By<'_>) -> reqwest::RequestBuilder {
    match by {
        By::Nobody => rb,
        By::Bearer(t) => rb.bearer_auth(t),
        By::Cookie(id) => rb
            .header("cookie", format!("{COOKIE}={id}"))
            .header("origin", &s.url),
        By::CrossSite(id) => rb
            .header("cookie", format!("{COOKIE}={id}"))
            .header("origin", "https://evil.example"),
    }
}

/// POSTs `path` (a form of `fields`), giving the status and JSON answer.
async fn post(s: &Server, path: &str, fields: &[(&str, &str)], by: By<'_>) -> (u16, Value) {
    let r = with(client().post(format!("{}{path}", s.url)), s, by)
        .form(fields)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// GETs `path` as JSON.
async fn get(s: &Server, path: &str, by: By<'_>) -> (u16, Value) {
    let r = with(client().get(format!("{}{path}", s.url)), s, by)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Opens a challenge as `by` with `fields`; the answer (200 asserted).
async fn challenge(s: &Server, fields: &[(&str, &str)], by: By<'_>) -> Value {
    let (status, body) = post(s, "/api/challenge/open", fields, by).await;
    assert_eq!(status, 200, "challenge {fields:?}: {body}");
    body
}

/// Redeems the invitation `link` of game `id` as `by`.
async fn join(s: &Server, id: &str, link: &Value, by: By<'_>) -> (u16, Value) {
    let r = with(
        client().post(format!("{}/api/board/game/{id}/join", s.url)),
        s,
        by,
    )
    .json(&json!({ "invite": invite_code(link) }))
    .send()
    .await
    .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

fn mv(id: &str, m: &str) -> String {
    format!("/api/board/game/{id}/move/{m}")
}

#[tokio::test]
async fn a_logged_in_creator_and_invitee_play_on_their_accounts() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "bob").await;
    // Alice creates with her API token and plays White; Bob redeems the invitation logged in.
    let g = challenge(
        &s,
        &[("variant", "omega"), ("color", "white")],
        By::Bearer(&alice.token),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["rated"], false);
    let (_, full) = get(&s, &format!("/api/game/{id}"), By::Nobody).await;
    assert_eq!(
        full["white"],
        json!({"id": "alice", "name": "Alice", "title": null, "rating": 1500, "provisional": true})
    );
    assert_eq!(full["black"], json!({"id": "black", "name": "black"}));
    // The creator's seat is held by the account from the start: its invitation is dead.
    let (status, body) = join(&s, &id, &g["creatorUrl"], By::Nobody).await;
    assert_eq!((status, body["code"].clone()), (409, json!("seat-taken")));
    let (status, body) = join(&s, &id, &g["inviteUrl"], By::Cookie(&bob.session)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["color"], "black");
    let (_, full) = get(&s, &format!("/api/game/{id}"), By::Nobody).await;
    assert_eq!(full["black"]["id"], "bob");

    // Each plays with its account: Alice's API token, Bob's cookie from the page.
    let (status, body) = post(&s, &mv(&id, "e1e4"), &[], By::Bearer(&alice.token)).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(&s, &mv(&id, "e8e5"), &[], By::Cookie(&bob.session)).await;
    assert_eq!(status, 200, "{body}");
    // The seat tokens keep working beside the account.
    let white = g["tokenWhite"].as_str().unwrap();
    let (status, body) = post(&s, &mv(&id, "f1f2"), &[], By::Bearer(white)).await;
    assert_eq!(status, 200, "{body}");
    // The cookie from another site is refused; an account on no seat of this game is refused;
    // a revoked or made-up API token is refused.
    let (status, body) = post(&s, &mv(&id, "f8f7"), &[], By::CrossSite(&bob.session)).await;
    assert_eq!((status, body["code"].clone()), (403, json!("bad-origin")));
    let carol = account(&s, "carol").await;
    let (status, body) = post(&s, &mv(&id, "f8f7"), &[], By::Bearer(&carol.token)).await;
    assert_eq!((status, body["code"].clone()), (401, json!("bad-token")));
    let fake = format!("bq_{}", "0".repeat(32));
    let (status, body) = post(&s, &mv(&id, "f8f7"), &[], By::Bearer(&fake)).await;
    assert_eq!((status, body["code"].clone()), (401, json!("bad-token")));
    // Not Alice's turn: her account acts for White, not Black.
    let (status, body) = post(&s, &mv(&id, "f8f7"), &[], By::Bearer(&alice.token)).await;
    assert_eq!(
        (status, body["code"].clone()),
        (400, json!("not-your-turn"))
    );
    // Bob's stream by his API token.
    let mut lines = common::Lines::open(
        &client(),
        &s.url,
        &format!("/api/board/game/stream/{id}"),
        Some(&bob.token),
    )
    .await;
    let first = lines.next().await;
    assert_eq!(first["state"]["moves"], "e1e4 e8e5 f1f2");
}

#[tokio::test]
async fn the_websocket_plays_the_seat_of_the_logged_in_page() {
    use common::ws;
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "alice").await;
    let g = challenge(
        &s,
        &[("variant", "omega"), ("color", "black")],
        By::Cookie(&alice.session),
    )
    .await;
    let id = g["id"].as_str().unwrap();
    assert_eq!(g["creatorColor"], "black");
    // The page's handshake carries the cookie: its hello needs no token.
    let url = format!("ws://{}/ws/game/{id}", s.addr);
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = url.as_str().into_client_request().unwrap();
    req.headers_mut().insert("origin", s.url.parse().unwrap());
    req.headers_mut().insert(
        "cookie",
        format!("{COOKIE}={}", alice.session).parse().unwrap(),
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    ws::send(&mut socket, json!({"t": "hello"})).await;
    let welcome = ws::next_of(&mut socket, "welcome").await;
    assert_eq!(welcome["seat"], "black");
    // A hello with the API token: the same seat.
    let mut socket = ws::hello(&s, id, json!({"t": "hello", "token": alice.token})).await;
    ws::send(&mut socket, json!({"t": "ping"})).await;
    // Without either: a spectator.
    let mut plain = ws::connect(&s, id).await;
    ws::send(&mut plain, json!({"t": "hello"})).await;
    assert_eq!(
        ws::next_of(&mut plain, "welcome").await["seat"],
        Value::Null
    );
}

#[tokio::test]
async fn a_rated_challenge_needs_accounts_and_the_standard_rules() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "alice").await;
    let bob = account(&s, "bob").await;
    // Anonymous: told to log in (the page's dialog offers Rated only while logged in).
    let (status, body) = post(
        &s,
        "/api/challenge/open",
        &[("variant", "omega"), ("rated", "true")],
        By::Nobody,
    )
    .await;
    assert_eq!((status, body["code"].clone()), (401, json!("login-needed")));
    // A start position, a rule option: `casual-only` (the page then makes the
    // game casual and says so).
    for fields in [
        vec![
            ("variant", "omega"),
            ("rated", "true"),
            ("fen", common::MATE_IN_ONE[1].1),
        ],
        vec![
            ("variant", "ultima"),
            ("rated", "true"),
            ("stalemate", "draw"),
        ],
    ] {
        let (status, body) =
            post(&s, "/api/challenge/open", &fields, By::Bearer(&alice.token)).await;
        assert_eq!(
            (status, body["code"].clone()),
            (400, json!("casual-only")),
            "{fields:?}"
        );
    }
    let (status, body) = post(
        &s,
        "/api/challenge/open",
        &[("variant", "omega"), ("rated", "maybe")],
        By::Bearer(&alice.token),
    )
    .await;
    assert_eq!(
        (status, body["code"].clone()),
        (400, json!("bad-challenge"))
    );
    // An open rated challenge: only a logged-in player other than the creator takes the seat.
    let g = challenge(
        &s,
        &[
            ("variant", "omega"),
            ("rated", "true"),
            ("clock.limit", "300"),
        ],
        By::Bearer(&alice.token),
    )
    .await;
    assert_eq!(g["rated"], true);
    let id = g["id"].as_str().unwrap();
    let (status, body) = join(&s, id, &g["inviteUrl"], By::Nobody).await;
    assert_eq!((status, body["code"].clone()), (401, json!("login-needed")));
    let (status, body) = join(&s, id, &g["inviteUrl"], By::Cookie(&alice.session)).await;
    assert_eq!(
        (status, body["code"].clone()),
        (400, json!("own-challenge"))
    );
    let (status, body) = join(&s, id, &g["inviteUrl"], By::Bearer(&bob.token)).await;
    assert_eq!(status, 200, "{body}");
    let (_, full) = get(&s, &format!("/api/game/{id}"), By::Nobody).await;
    assert_eq!(full["rated"], true);
    let other = if g["creatorColor"] == "white" {
        "black"
    } else {
        "white"
    };
    assert_eq!(full[other]["id"], "bob");
}

/// A database written before games had accounts gets the columns at start; its games are
/// anonymous and casual.
#[tokio::test]
async fn an_older_database_gets_the_account_columns() {
    use sqlx::Connection;
    let db = fresh_db();
    let s = Server::start(&db, &[]);
    let g = challenge(&s, &[("variant", "omega")], By::Nobody).await;
    let id = g["id"].as_str().unwrap().to_string();
    drop(s);
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    for statement in [
        "DROP INDEX games_white_user",
        "DROP INDEX games_black_user",
        "ALTER TABLE games DROP COLUMN white_user",
        "ALTER TABLE games DROP COLUMN black_user",
        "ALTER TABLE games DROP COLUMN rated",
        "ALTER TABLE games DROP COLUMN rating_end",
    ] {
        sqlx::query(statement).execute(&mut conn).await.unwrap();
    }
    conn.close().await.unwrap();
    let s = Server::start(&db, &[]);
    let (status, full) = get(&s, &format!("/api/game/{id}"), By::Nobody).await;
    assert_eq!(status, 200);
    assert_eq!(full["rated"], false);
    assert_eq!(full["white"]["id"], "white");
    // The new columns work for new games.
    let alice = account(&s, "alice").await;
    let g = challenge(
        &s,
        &[("variant", "omega"), ("color", "white")],
        By::Bearer(&alice.token),
    )
    .await;
    let (_, full) = get(
        &s,
        &format!("/api/game/{}", g["id"].as_str().unwrap()),
        By::Nobody,
    )
    .await;
    assert_eq!(full["white"]["id"], "alice");
}

/// The final `gameState` of game `id` (read through the spectator stream).
async fn final_state(s: &Server, id: &str) -> Value {
    let mut lines = common::Lines::spectator(&client(), &s.url, id).await;
    lines.until(|v| v["status"] != "started").await
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_by_glicko2_and_an_abort_does_not() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "alice").await;
    let bob = account(&s, "bob").await;
    let g = challenge(
        &s,
        &[
            ("variant", "omega"),
            ("rated", "true"),
            ("color", "white"),
            ("clock.limit", "600"),
        ],
        By::Bearer(&alice.token),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let (status, _) = join(&s, &id, &g["inviteUrl"], By::Bearer(&bob.token)).await;
    assert_eq!(status, 200);
    for (m, by) in [("e1e2", &alice.token), ("e8e7", &bob.token)] {
        let (status, body) = post(&s, &mv(&id, m), &[], By::Bearer(by)).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = post(
        &s,
        &format!("/api/board/game/{id}/resign"),
        &[],
        By::Bearer(&bob.token),
    )
    .await;
    assert_eq!(status, 200);
    // Two new players (1500, RD 500, volatility 0.09), White wins: Glickman's steps give
    // 1500 ± 241.6 and RD 396.8 (ratings.rs works it by hand).
    let end = final_state(&s, &id).await;
    assert_eq!(end["ratingDiff"], json!({"white": 242, "black": -242}));
    assert_eq!(
        end["ratings"],
        json!({"white": {"rating": 1742, "provisional": true}, "black": {"rating": 1258, "provisional": true}})
    );
    // Kept with the game: its gameFull after the end says it too.
    let (_, full) = get(&s, &format!("/api/game/{id}"), By::Nobody).await;
    assert_eq!(full["state"]["ratingDiff"], end["ratingDiff"]);
    let (_, a) = get(&s, "/api/user/alice", By::Nobody).await;
    assert_eq!(
        a["perfs"]["omega"],
        json!({"rating": 1742, "rd": 397, "prog": 242, "games": 1, "prov": true})
    );
    let (_, b) = get(&s, "/api/user/bob", By::Nobody).await;
    assert_eq!(b["perfs"]["omega"]["rating"], 1258);
    assert_eq!(
        b["perfs"]["ultima"]["games"], 0,
        "other games' ratings are untouched"
    );

    // The rematch: colours swapped, rated, on the same accounts; aborted, it changes nothing.
    for by in [&alice.token, &bob.token] {
        let (status, body) = post(
            &s,
            &format!("/api/board/game/{id}/rematch/yes"),
            &[],
            By::Bearer(by),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (_, full) = get(&s, &format!("/api/game/{id}"), By::Nobody).await;
    let next = full["state"]["rematch"].as_str().unwrap().to_string();
    let (_, full) = get(&s, &format!("/api/game/{next}"), By::Nobody).await;
    assert_eq!(
        (
            full["white"]["id"].clone(),
            full["black"]["id"].clone(),
            full["rated"].clone()
        ),
        (json!("bob"), json!("alice"), json!(true))
    );
    let (status, body) = post(&s, &mv(&next, "e1e2"), &[], By::Bearer(&bob.token)).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(
        &s,
        &format!("/api/board/game/{next}/abort"),
        &[],
        By::Cookie(&alice.session),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let end = final_state(&s, &next).await;
    assert_eq!(end["status"], "aborted");
    assert_eq!(end.get("ratingDiff"), None);
    let (_, a) = get(&s, "/api/user/alice", By::Nobody).await;
    assert_eq!(a["perfs"]["omega"]["games"], 1);
}

/// A new challenge between two accounts asking for a random colour gives each the other colour
/// of their last game.
#[tokio::test]
async fn games_between_the_same_two_accounts_alternate_colours() {
    use baroque_server::config::Config;
    use baroque_server::hub::{Challenge, Hub};
    use baroque_server::store::Store;
    let db = fresh_db();
    let store = Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let hub = Hub::new(store, Config::default());
    let between = |me: &str, them: &str| Challenge {
        variant: "omega".into(),
        users: [Some(me.into()), Some(them.into())],
        rated: true,
        ..Challenge::default()
    };
    let first = hub.create(&between("alice", "bob")).await.unwrap();
    let mut white = first.rec.users[baroque_engine::Color::White]
        .clone()
        .unwrap();
    for (me, them) in [
        ("alice", "bob"),
        ("bob", "alice"),
        ("alice", "bob"),
        ("alice", "bob"),
    ] {
        // Created a millisecond apart at least, so that "the last game" is the one just made.
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
        let next = hub.create(&between(me, them)).await.unwrap();
        let now_white = next.rec.users[baroque_engine::Color::White]
            .clone()
            .unwrap();
        assert_ne!(now_white, white, "{me} against {them}");
        white = now_white;
    }
    // Casual and anonymous games are untouched by it; a player against themselves is refused.
    assert!(hub.create(&between("alice", "alice")).await.is_err());
}

/// Plays a rated Omega game: `white` creates it, `black` joins, each moves once and the loser
/// resigns (`white_wins`); gives its id.
async fn rated_game(
    s: &Server,
    white: &common::accounts::Account,
    black: &common::accounts::Account,
    white_wins: bool,
) -> String {
    let g = challenge(
        s,
        &[("variant", "omega"), ("rated", "true"), ("color", "white")],
        By::Bearer(&white.token),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let (status, body) = join(s, &id, &g["inviteUrl"], By::Bearer(&black.token)).await;
    assert_eq!(status, 200, "{body}");
    for (m, by) in [("e1e2", &white.token), ("e8e7", &black.token)] {
        let (status, body) = post(s, &mv(&id, m), &[], By::Bearer(by)).await;
        assert_eq!(status, 200, "{body}");
    }
    let loser = if white_wins {
        &black.token
    } else {
        &white.token
    };
    let (status, body) = post(
        s,
        &format!("/api/board/game/{id}/resign"),
        &[],
        By::Bearer(loser),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    id
}

#[tokio::test]
async fn an_accounts_games_its_export_its_history_and_the_leaderboard() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "bob").await;
    let carol = account(&s, "carol").await;
    let first = rated_game(&s, &alice, &bob, true).await;
    let casual = challenge(&s, &[("variant", "ultima")], By::Cookie(&alice.session)).await;

    // The Games list on any device: the account's games, newest first, going ones included.
    let (status, body) = get(&s, "/api/account/games", By::Nobody).await;
    assert_eq!(
        (status, body["code"].clone()),
        (401, json!("not-logged-in"))
    );
    let (status, body) = get(&s, "/api/account/games", By::Cookie(&alice.session)).await;
    assert_eq!(status, 200, "{body}");
    let games = body["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["id"], casual["id"]);
    assert_eq!(games[0]["status"], "started");
    assert_eq!(games[1]["id"], first.as_str());
    assert_eq!(
        games[1]["players"],
        json!({
            "white": {"user": {"id": "alice", "name": "alice"}, "rating": 1500, "ratingDiff": 242, "provisional": true},
            "black": {"user": {"id": "bob", "name": "bob"}, "rating": 1500, "ratingDiff": -242, "provisional": true}
        })
    );
    assert_eq!(games[1]["winner"], "white");
    let (_, body) = get(&s, "/api/account/games?max=1", By::Bearer(&bob.token)).await;
    assert_eq!(body["games"].as_array().unwrap().len(), 1);
    let (status, _) = get(&s, "/api/account/games?max=0", By::Bearer(&bob.token)).await;
    assert_eq!(status, 400);

    // The export: NDJSON when asked for, else PGN.
    let nd = client()
        .get(format!("{}/api/games/user/ALICE?max=5", s.url))
        .header("accept", "application/x-ndjson")
        .send()
        .await
        .unwrap();
    assert_eq!(nd.headers()["content-type"], "application/x-ndjson");
    let text = nd.text().await.unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["moves"], "e1e2 e8e7");
    let pgn = client()
        .get(format!("{}/api/games/user/alice", s.url))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for tag in [
        "[Event \"Rated game\"]",
        "[White \"alice\"]",
        "[Black \"bob\"]",
        "[Result \"1-0\"]",
        "[WhiteElo \"1500\"]",
        "[WhiteRatingDiff \"+242\"]",
        "[BlackRatingDiff \"-242\"]",
        "[Event \"Casual game\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    let (status, _) = get(&s, "/api/games/user/nobody", By::Nobody).await;
    assert_eq!(status, 404);

    // Counts and the rating history.
    let (_, a) = get(&s, "/api/user/alice", By::Nobody).await;
    assert_eq!(
        a["count"],
        json!({"all": 1, "rated": 1, "win": 1, "loss": 0, "draw": 0})
    );
    let (_, h) = get(&s, "/api/user/bob/rating-history", By::Nobody).await;
    let omega = h
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "omega")
        .unwrap();
    let points = omega["points"].as_array().unwrap();
    assert_eq!(points.len(), 1);
    assert_eq!(points[0][3], 1258);

    // The leaderboard: ten rated games and a deviation under 150 (two new players after ten
    // games between them: 148.6), best first; Carol with one game is not on it.
    let (_, top) = get(&s, "/api/player/top/50/omega", By::Nobody).await;
    assert_eq!(top, json!({"users": []}));
    for i in 1..10 {
        rated_game(&s, &alice, &bob, i % 2 == 0).await;
    }
    rated_game(&s, &carol, &bob, true).await;
    let (_, a) = get(&s, "/api/user/alice", By::Nobody).await;
    assert_eq!(a["perfs"]["omega"]["games"], 10);
    let (_, top) = get(&s, "/api/player/top/50/omega", By::Nobody).await;
    let users = top["users"].as_array().unwrap();
    let names: Vec<&str> = users
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bob", "Alice"], "{top}");
    assert!(
        users[0]["perfs"]["omega"]["rating"].as_i64()
            > users[1]["perfs"]["omega"]["rating"].as_i64()
    );
    let (_, one) = get(&s, "/api/player/top/1/omega", By::Nobody).await;
    assert_eq!(one["users"].as_array().unwrap().len(), 1);
    let (status, _) = get(&s, "/api/player/top/0/omega", By::Nobody).await;
    assert_eq!(status, 400);
    let (status, _) = get(&s, "/api/player/top/10/chess", By::Nobody).await;
    assert_eq!(status, 404);
    let (_, top) = get(&s, "/api/player/top/50/ultima", By::Nobody).await;
    assert_eq!(top, json!({"users": []}));
}

/// The leaderboard in a large database: the best-rated players long idle (their deviation grown
/// past the bound) are passed over, and `nb` players who qualify are still given, however many
/// idle ones rank above them (the list once read only `4 × nb` candidates and filtered those).
#[tokio::test]
async fn the_leaderboard_fills_past_many_idle_players_rated_above() {
    use baroque_server::players::leaders;
    use baroque_server::store::Store;
    use sqlx::Connection;
    let db = fresh_db();
    let store = Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let now: i64 = 1_796_601_600_000;
    let day: i64 = 86_400_000;
    // (name, rating, rd, games, days idle): 30 strong players away for 1,000 days (RD 60
    // grows past 150 after about 800), 2 who played too few games, and 5 regulars.
    let mut players: Vec<(String, f64, f64, i64, i64)> = (0..30)
        .map(|i| (format!("idle{i:02}"), 2400.0 - i as f64, 60.0, 40, 1000))
        .collect();
    players.push(("fresh1".into(), 2500.0, 120.0, 9, 1));
    players.push(("fresh2".into(), 2499.0, 120.0, 3, 1));
    for i in 0..5 {
        players.push((format!("regular{i}"), 1600.0 + i as f64, 80.0, 15, 2));
    }
    for (name, rating, rd, games, idle) in &players {
        sqlx::query(
            "INSERT INTO users (id, username, password, created, seen) VALUES (?, ?, '', 0, 0)",
        )
        .bind(name)
        .bind(name)
        .execute(&mut conn)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO ratings (user_id, game, rating, rd, volatility, games, last_game, previous) \
             VALUES (?, 'omega', ?, ?, 0.06, ?, ?, ?)",
        )
        .bind(name)
        .bind(rating)
        .bind(rd)
        .bind(games)
        .bind(now - idle * day)
        .bind(rating)
        .execute(&mut conn)
        .await
        .unwrap();
    }
    let names = |users: Vec<Value>| -> Vec<String> {
        users
            .iter()
            .map(|u| u["username"].as_str().unwrap().to_string())
            .collect()
    };
    let top = leaders(&store, baroque_engine::GameId::Omega, 3, now)
        .await
        .unwrap();
    assert_eq!(names(top), ["regular4", "regular3", "regular2"]);
    let all = leaders(&store, baroque_engine::GameId::Omega, 50, now)
        .await
        .unwrap();
    assert_eq!(
        names(all),
        ["regular4", "regular3", "regular2", "regular1", "regular0"]
    );
    // A day after their last game the strong players are on it, best first.
    let back = leaders(&store, baroque_engine::GameId::Omega, 2, now - 999 * day)
        .await
        .unwrap();
    assert_eq!(names(back), ["idle00", "idle01"]);
}

/// `baroque-server migrate` moves the games' accounts, rated flags and endings, the ratings and
/// the rating history to the new database.
#[tokio::test]
async fn a_migrated_database_keeps_the_accounts_games_and_rating_history() {
    let from = fresh_db();
    let (alice, id) = {
        let s = Server::start(&from, &[]);
        let alice = account(&s, "alice").await;
        let bob = account(&s, "bob").await;
        let id = rated_game(&s, &alice, &bob, true).await;
        (alice, id)
    };
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
    let (_, full) = get(&s, &format!("/api/game/{id}"), By::Nobody).await;
    assert_eq!(
        (full["rated"].clone(), full["white"]["id"].clone()),
        (json!(true), json!("alice"))
    );
    assert_eq!(
        full["state"]["ratingDiff"],
        json!({"white": 242, "black": -242})
    );
    let (_, h) = get(&s, "/api/user/alice/rating-history", By::Nobody).await;
    assert_eq!(h[1]["points"][0][3], 1742, "{h}");
    let (status, games) = get(&s, "/api/account/games", By::Bearer(&alice.token)).await;
    assert_eq!(status, 200);
    assert_eq!(games["games"][0]["id"], id.as_str());
}

/// A going game's moves are in its events, not its row (issue 36's storage): the player's games
/// show them all the same.
#[tokio::test]
async fn a_going_games_moves_are_listed_from_its_events() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = account(&s, "Alice").await;
    let g = challenge(
        &s,
        &[("variant", "omega"), ("color", "white")],
        By::Bearer(&alice.token),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let (status, body) = post(&s, &mv(&id, "e1e4"), &[], By::Bearer(&alice.token)).await;
    assert_eq!(status, 200, "{body}");
    let text = reqwest::Client::new()
        .get(format!("{}/api/games/user/alice", s.url))
        .header("accept", "application/x-ndjson")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let line: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(line["moves"], "e1e4", "{text}");
}
