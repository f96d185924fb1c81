//! Watching (issue 36): the live games listed (newest first, filtered by game, each with its
//! spectators), lichess's TV channels and feed (a `featured` line, then a `fen` line per move,
//! and the next game when the one shown ends). The list on two servers sharing PostgreSQL is in
//! `cluster.rs`.

mod common;

use common::{board, client, fresh_db, get, open, play, post, seats, ws, Lines, Server};
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
