//! A database made by the server before events were deltas (`tests/fixtures/before-deltas.sql`,
//! SQLite's dump of games played on that server: a finished Omega game with offers, a takeback,
//! a resignation and its rematch, an Ultima game under way, Hybrid correspondence games), loaded
//! into SQLite or PostgreSQL, and the lines a spectator is sent.

use futures_util::StreamExt;
use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{AnyPool, Row};
use tokio_tungstenite::tungstenite::Message;

use super::ws::{self, Ws};
use super::Server;

/// The dump.
pub const BEFORE_DELTAS: &str = include_str!("../fixtures/before-deltas.sql");

/// A pool on the database at `url`.
pub async fn pool(url: &str) -> AnyPool {
    install_default_drivers();
    AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .expect("the database opens")
}

/// Loads the dump into the (empty) database at `url`.
pub async fn load(url: &str) {
    let db = pool(url).await;
    for statement in BEFORE_DELTAS.split(";\n") {
        let s = statement.trim();
        if s.is_empty() || s.starts_with("PRAGMA") || s.starts_with("BEGIN") || s == "COMMIT" {
            continue;
        }
        sqlx::query(s).execute(&db).await.expect(s);
    }
    db.close().await;
}

/// Every stored event as (game, number, body), in order.
pub async fn events(url: &str) -> Vec<(String, i64, String)> {
    let db = pool(url).await;
    let rows = sqlx::query("SELECT game_id, seq, body FROM events ORDER BY game_id, seq")
        .fetch_all(&db)
        .await
        .unwrap();
    db.close().await;
    rows.iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect()
}

/// The next `event` message's number and its `state` as the text sent (the server frames
/// the stored state by hand: `{"t":"event","seq":N,"state":STATE}`).
pub async fn next_event(ws: &mut Ws) -> (i64, String) {
    loop {
        let m = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a message within 10 s");
        let Some(Ok(Message::Text(t))) = m else {
            panic!("socket closed: {m:?}");
        };
        let t = t.to_string();
        if let Some(rest) = t.strip_prefix(r#"{"t":"event","seq":"#) {
            let (seq, state) = rest.split_once(r#","state":"#).unwrap();
            return (seq.parse().unwrap(), state[..state.len() - 1].to_string());
        }
    }
}

/// The lines a spectator connecting with `since` is sent for game `id`, up to event `upto`.
pub async fn replayed(s: &Server, id: &str, since: i64, upto: i64) -> Vec<(i64, String)> {
    let mut sock = ws::connect(s, id).await;
    ws::send(&mut sock, serde_json::json!({"t": "hello", "since": since})).await;
    let mut got = Vec::new();
    while got.last().is_none_or(|(seq, _)| *seq < upto) {
        got.push(next_event(&mut sock).await);
    }
    got
}

/// Loads the dump of a database made before deltas at `url`, starts the server on it and
/// checks that every game's replay is byte for byte the lines stored before, the events are
/// deltas now, and the clocks were read from them.
pub async fn migrates(url: &str) {
    load(url).await;
    let before = events(url).await;
    assert!(before.len() > 20 && before.iter().all(|e| e.2.contains("gameState")));
    for round in 0..2 {
        // Twice: the second start finds the events converted and leaves them.
        let s = Server::start_url(url, &[]);
        let mut ids: Vec<&String> = before.iter().map(|e| &e.0).collect();
        ids.dedup();
        for id in ids {
            let old: Vec<(i64, String)> = before
                .iter()
                .filter(|e| &e.0 == id)
                .map(|e| (e.1, e.2.clone()))
                .collect();
            let upto = old.last().unwrap().0;
            let got = replayed(&s, id, 0, upto).await;
            assert_eq!(got, old, "game {id}, start {round}");
        }
        let after = events(url).await;
        let converted: Vec<&(String, i64, String)> = after
            .iter()
            .filter(|e| before.iter().any(|b| b.0 == e.0 && b.1 == e.1))
            .collect();
        assert_eq!(converted.len(), before.len());
        assert!(converted.iter().all(|e| !e.2.contains("gameState")));
        drop(s);
    }
    // The finished Omega game's clocks, read from its events: the mover's time after each
    // move that stands (the takeback's taken back).
    let pool = pool(url).await;
    let row = sqlx::query("SELECT moves, clocks FROM games WHERE id = 'e7fc3a3921c4ecd3'")
        .fetch_one(&pool)
        .await
        .unwrap();
    let (moves, clocks): (String, String) = (row.get(0), row.get(1));
    assert_eq!(moves, "e1e2 e8e7 f1f2 f8f6 g1g2");
    let clocks: Vec<&str> = clocks.split(' ').collect();
    assert_eq!(clocks.len(), 5, "{clocks:?}");
    let last_white = before
        .iter()
        .filter(|e| {
            e.0 == "e7fc3a3921c4ecd3" && e.2.contains(r#""moves":"e1e2 e8e7 f1f2 f8f6 g1g2""#)
        })
        .map(|e| serde_json::from_str::<serde_json::Value>(&e.2).unwrap()["wtime"].clone())
        .next()
        .unwrap();
    assert_eq!(clocks[4], last_white.to_string());
    pool.close().await;
}
