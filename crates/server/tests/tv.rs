//! Watching (issue 36): the live games listed (best-rated first, then newest first, filtered by
//! game, each with its players' names and ratings and its spectators), the spectator count told
//! to the players over the WebSocket, lichess's TV channels and feed (a `featured` line, then a
//! `fen` line per move, and the next top game when the one shown ends). The list and the counts
//! on two servers sharing PostgreSQL are in `cluster.rs`.

mod common;

use common::accounts::{account, Account};
use common::{
    board, client, fresh_db, get, invite_code, open, play, post, seats, ws, Lines, Server,
};
use serde_json::{json, Value};

/// An Omega game on a clock with both seats playing (a move each): its id and tokens.
async fn started(c: &reqwest::Client, url: &str) -> (String, [String; 2]) {
    let g = open(c, url, &[("variant", "omega"), ("clock.limit", "300")]).await;
    let (id, [w, b]) = seats(&g);
    play(c, url, &id, &[("e1e2", &w), ("e8e7", &b)]).await;
    (id, [w, b])
}

fn ids(list: &Value) -> Vec<String> {
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn games_being_played_are_listed_with_their_spectators() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let c = client();
    assert_eq!(
        get(&c, &s.url, "/api/games/live", None).await,
        json!({"games": []})
    );
    assert_eq!(get(&c, &s.url, "/api/tv/channels", None).await, json!({}));
    // A challenge nobody has played in is not being played.
    open(&c, &s.url, &[("variant", "omega")]).await;
    let (a, _) = started(&c, &s.url).await;
    let (b, _) = started(&c, &s.url).await;
    let list = get(&c, &s.url, "/api/games/live", None).await;
    assert_eq!(ids(&list), [b.clone(), a.clone()], "newest first: {list}");
    let first = &list["games"][0];
    assert_eq!(first["variant"]["key"], "omega");
    assert_eq!(first["url"], format!("/game/{b}"));
    assert_eq!(first["clock"], json!({"initial": 300000, "increment": 0}));
    assert_eq!(first["spectators"], 0);
    // Two spectators on A (a WebSocket and a stream) are counted while they watch.
    let mut watcher = ws::hello(&s, &a, json!({"t": "hello"})).await;
    let stream = Lines::spectator(&c, &s.url, &a).await;
    let list = get(&c, &s.url, "/api/games/live", None).await;
    assert_eq!(list["games"][1]["spectators"], 2, "{list}");
    drop(stream);
    ws::send(&mut watcher, json!({"t": "ping"})).await;
    drop(watcher);
    // Filtered by game; a game the engine does not know is refused.
    let omega = get(&c, &s.url, "/api/games/live?variant=omega&nb=1", None).await;
    assert_eq!(ids(&omega), vec![b.clone()]);
    let ultima = get(&c, &s.url, "/api/games/live?variant=ultima", None).await;
    assert_eq!(ids(&ultima), Vec::<String>::new());
    let r = c
        .get(format!("{}/api/games/live?variant=chess", s.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    // The channels: each game's top live game.
    let channels = get(&c, &s.url, "/api/tv/channels", None).await;
    assert_eq!(channels["omega"]["gameId"], b.as_str(), "{channels}");
    assert!(channels.get("ultima").is_none());
}

#[tokio::test]
async fn the_tv_feed_follows_the_top_game_and_moves_on_when_it_ends() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let c = client();
    let (a, [aw, ab]) = started(&c, &s.url).await;
    let mut feed = Lines::open(&c, &s.url, "/api/tv/omega/feed", None).await;
    let featured = feed.next().await;
    assert_eq!(featured["t"], "featured", "{featured}");
    assert_eq!(featured["d"]["id"], a.as_str());
    assert_eq!(featured["d"]["orientation"], "white");
    assert_eq!(featured["d"]["players"][1]["color"], "black");
    assert_eq!(featured["d"]["players"][1]["seconds"], 300);
    assert!(featured["d"]["players"][0]["seconds"].as_i64().unwrap() <= 300);
    let now = feed.next().await;
    assert_eq!(now["t"], "fen");
    assert_eq!(now["d"]["lm"], "e8e7");
    play(&c, &s.url, &a, &[("f1f2", &aw)]).await;
    let moved = feed.next().await;
    assert_eq!(
        (&moved["t"], &moved["d"]["lm"]),
        (&json!("fen"), &json!("f1f2"))
    );
    assert!(moved["d"]["fen"].as_str().unwrap().contains(' '), "{moved}");
    assert!(moved["d"]["wc"].as_i64().unwrap() <= 300);
    // A newer game starts; the one shown goes on until it ends, then the feed moves on.
    let (b, _) = started(&c, &s.url).await;
    let (code, _) = post(&c, &s.url, &board(&a, "resign"), Some(&ab)).await;
    assert_eq!(code, 200);
    let last = feed.next().await;
    assert_eq!(last["t"], "fen", "{last}");
    let next = feed.next().await;
    assert_eq!(
        (&next["t"], &next["d"]["id"]),
        (&json!("featured"), &json!(b))
    );
    // The feed of every game shows it too; a channel the engine does not know is refused.
    let mut all = Lines::open(&c, &s.url, "/api/tv/feed", None).await;
    assert_eq!(all.next().await["d"]["id"], b.as_str());
    let r = c
        .get(format!("{}/api/tv/chess/feed", s.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
}

/// An Omega game on a clock between two accounts (`white` made it, `black` joined), a move
/// each played: its id.
async fn between(s: &Server, white: &Account, black: &Account) -> String {
    let c = client();
    let g: Value = c
        .post(format!("{}/api/challenge/open", s.url))
        .bearer_auth(&white.token)
        .form(&[
            ("variant", "omega"),
            ("clock.limit", "300"),
            ("color", "white"),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = g["id"].as_str().unwrap().to_string();
    let r = c
        .post(format!("{}/api/board/game/{id}/join", s.url))
        .bearer_auth(&black.token)
        .json(&json!({ "invite": invite_code(&g["inviteUrl"]) }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    play(
        &c,
        &s.url,
        &id,
        &[("e1e2", &white.token), ("e8e7", &black.token)],
    )
    .await;
    id
}

#[tokio::test]
async fn live_games_and_tv_are_best_rated_first_with_names_and_ratings() {
    use sqlx::Connection;
    let db = fresh_db();
    let s = Server::start(&db, &["--rate", "0"]);
    let c = client();
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "bob").await;
    let carol = account(&s, "Carol").await;
    let dave = account(&s, "dave").await;
    let erin = account(&s, "erin").await;
    // Omega ratings (Erin keeps a new player's 1500, provisional); an Ultima rating does not
    // count in an Omega game.
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    for (user, game, rating, rd) in [
        ("alice", "omega", 1700.0, 60.0),
        ("bob", "omega", 1800.0, 60.0),
        ("carol", "omega", 2000.0, 200.0),
        ("dave", "omega", 1600.0, 60.0),
        ("erin", "ultima", 2900.0, 60.0),
    ] {
        sqlx::query(
            "UPDATE ratings SET rating = ?, rd = ?, games = 20, previous = ? \
             WHERE user_id = ? AND game = ?",
        )
        .bind(rating)
        .bind(rd)
        .bind(rating)
        .bind(user)
        .bind(game)
        .execute(&mut conn)
        .await
        .unwrap();
    }
    let (old, _) = started(&c, &s.url).await;
    let ab = between(&s, &alice, &bob).await;
    let cd = between(&s, &carol, &dave).await;
    let ea = between(&s, &erin, &alice).await;
    let (new, _) = started(&c, &s.url).await;
    // Means 1800 (Carol, Dave), 1750 (Alice, Bob), 1600 (Erin, Alice); then the games with an
    // anonymous seat, newest first.
    let list = get(&c, &s.url, "/api/games/live", None).await;
    assert_eq!(
        ids(&list),
        [&cd, &ab, &ea, &new, &old].map(|s| s.clone()),
        "{list}"
    );
    assert_eq!(
        list["games"][0]["players"],
        json!({
            "white": {"id": "carol", "name": "Carol", "rating": 2000, "provisional": true},
            "black": {"id": "dave", "name": "dave", "rating": 1600, "provisional": false},
        })
    );
    assert_eq!(
        list["games"][2]["players"],
        json!({
            "white": {"id": "erin", "name": "erin", "rating": 1500, "provisional": true},
            "black": {"id": "alice", "name": "Alice", "rating": 1700, "provisional": false},
        })
    );
    assert_eq!(
        list["games"][3]["players"]["white"],
        json!({"id": "white", "name": "white", "rating": null, "anonymous": true})
    );
    let two = get(&c, &s.url, "/api/games/live?variant=omega&nb=2", None).await;
    assert_eq!(ids(&two), [cd.clone(), ab.clone()]);
    // TV's channel shows the top game's better-rated player, as lichess's.
    let channels = get(&c, &s.url, "/api/tv/channels", None).await;
    assert_eq!(
        channels["omega"],
        json!({"user": {"id": "carol", "name": "Carol"}, "rating": 2000, "gameId": cd, "color": "white"})
    );
    // The feed shows the top game, and when it ends the next best-rated one, not the newest.
    let mut feed = Lines::open(&c, &s.url, "/api/tv/omega/feed", None).await;
    let featured = feed.next().await;
    assert_eq!(featured["d"]["id"], cd.as_str(), "{featured}");
    assert_eq!(featured["d"]["players"][0]["user"]["name"], "Carol");
    assert_eq!(featured["d"]["players"][1]["rating"], 1600);
    assert_eq!(featured["d"]["players"][0]["provisional"], true);
    assert!(featured["d"]["players"][1].get("provisional").is_none());
    assert_eq!(feed.next().await["t"], "fen");
    let (code, _) = post(&c, &s.url, &board(&cd, "resign"), Some(&dave.token)).await;
    assert_eq!(code, 200);
    assert_eq!(feed.next().await["t"], "fen");
    let next = feed.next().await;
    assert_eq!(
        (&next["t"], &next["d"]["id"]),
        (&json!("featured"), &json!(ab)),
        "{next}"
    );
}

#[tokio::test]
async fn players_are_told_how_many_watch_within_a_second() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let c = client();
    let (id, [w, _]) = started(&c, &s.url).await;
    let mut player = ws::hello(&s, &id, json!({"t": "hello", "token": w})).await;
    // Two spectators (a WebSocket and a stream): the player hears 2 (perhaps 1 first), each
    // spectator too; the list says 2.
    let mut watcher = ws::hello(&s, &id, json!({"t": "hello"})).await;
    let stream = Lines::spectator(&c, &s.url, &id).await;
    let started_at = std::time::Instant::now();
    loop {
        let m = ws::next_of(&mut player, "crowd").await;
        if m["spectators"] == 2 {
            break;
        }
        assert_eq!(m, json!({"t": "crowd", "spectators": 1}));
    }
    assert!(started_at.elapsed() < std::time::Duration::from_secs(3));
    let list = get(&c, &s.url, "/api/games/live", None).await;
    assert_eq!(list["games"][0]["spectators"], 2, "{list}");
    loop {
        if ws::next_of(&mut watcher, "crowd").await["spectators"] == 2 {
            break;
        }
    }
    // They leave: the player hears it (at most once a second: the two leaving, one message
    // or two).
    drop(stream);
    drop(watcher);
    loop {
        let m = ws::next_of(&mut player, "crowd").await;
        if m["spectators"] == 0 {
            break;
        }
        assert_eq!(m["spectators"], 1);
    }
    // A player who connects while nobody watches hears no count; one who connects while
    // someone does hears it after the welcome.
    let mut again = ws::hello(&s, &id, json!({"t": "hello", "token": w})).await;
    let _watcher = ws::hello(&s, &id, json!({"t": "hello"})).await;
    assert_eq!(ws::next_of(&mut again, "crowd").await["spectators"], 1);
    // (The total does not change again: only the welcome's count can reach the third.)
    let mut third = ws::hello(&s, &id, json!({"t": "hello", "token": w})).await;
    assert_eq!(
        ws::next_of(&mut third, "crowd").await,
        json!({"t": "crowd", "spectators": 1})
    );
}

#[tokio::test]
async fn the_count_is_told_at_most_once_a_second_however_many_come() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let c = client();
    let (id, [w, _]) = started(&c, &s.url).await;
    let mut player = ws::hello(&s, &id, json!({"t": "hello", "token": w})).await;
    // Twenty spectators arrive as fast as they can, then the player listens for 3.5 s.
    let mut crowd = Vec::new();
    for _ in 0..20 {
        crowd.push(ws::hello(&s, &id, json!({"t": "hello"})).await);
    }
    let mut told = Vec::new();
    let until = tokio::time::Instant::now() + std::time::Duration::from_millis(3500);
    while let Ok(m) = tokio::time::timeout_at(until, ws::next_of(&mut player, "crowd")).await {
        told.push((std::time::Instant::now(), m["spectators"].as_u64().unwrap()));
    }
    assert_eq!(told.last().map(|t| t.1), Some(20), "{told:?}");
    assert!(told.len() <= 5, "one message a second at most: {told:?}");
    for pair in told.windows(2) {
        // The ticks are a second apart (a busy machine may bring two sends closer a little).
        let gap = pair[1].0 - pair[0].0;
        assert!(gap >= std::time::Duration::from_millis(700), "{told:?}");
    }
}
