//! Storage that grows with the moves, not their square (issue 36): an event stores what changed
//! (the move with its clocks, an offer, the end), a reconnect is sent exactly the lines sent
//! live, a finished game keeps its moves, clocks and result in its row, and a database made
//! before deltas migrates at start (its PostgreSQL twin is in `cluster.rs`).

mod common;

use common::fixture::{self, next_event, replayed};
use common::{board, client, fresh_db, open, play, post, seats, ws, Server};
use serde_json::json;
use sqlx::Row;

/// A game with moves, a declined draw, a takeback, a resignation and a rematch: its id, and
/// the `gameState` lines a spectator watching from the start was sent, as sent.
async fn played(s: &Server) -> (String, Vec<(i64, String)>) {
    let c = client();
    let g = open(
        &c,
        &s.url,
        &[
            ("variant", "omega"),
            ("clock.limit", "600"),
            ("clock.increment", "2"),
            ("color", "white"),
        ],
    )
    .await;
    let (id, [w, b]) = seats(&g);
    let mut watcher = ws::connect(s, &id).await;
    ws::send(&mut watcher, json!({"t": "hello", "since": 0})).await;
    let mut lines = vec![next_event(&mut watcher).await];
    play(&c, &s.url, &id, &[("e1e2", &w), ("e8e7", &b), ("f1f2", &w)]).await;
    for (action, token) in [
        ("draw/yes", &b),
        ("draw/no", &w),
        ("move/f8f7", &b),
        ("takeback/yes", &b),
        ("takeback/yes", &w),
        ("move/f8f6", &b),
        ("move/g1g2", &w),
        ("resign", &b),
        ("rematch/yes", &w),
        ("rematch/yes", &b),
    ] {
        let (code, body) = post(&c, &s.url, &board(&id, action), Some(token)).await;
        assert_eq!(code, 200, "{action}: {body}");
    }
    while !lines.last().unwrap().1.contains(r#""rematch":""#) {
        lines.push(next_event(&mut watcher).await);
    }
    (id, lines)
}

#[tokio::test]
async fn a_reconnect_is_sent_the_lines_sent_live_from_small_events() {
    let db = fresh_db();
    let s = Server::start(&db, &[]);
    let (id, live) = played(&s).await;
    let last = live.last().unwrap().0;
    assert_eq!(live.len() as i64, last, "one line per event");
    // From the start, and from the middle: the same bytes.
    assert_eq!(replayed(&s, &id, 0, last).await, live);
    assert_eq!(replayed(&s, &id, 5, last).await, live[5..].to_vec());

    let url = format!("sqlite://{}", db.display());
    let events = fixture::events(&url).await;
    let ours: Vec<&(String, i64, String)> = events.iter().filter(|e| e.0 == id).collect();
    assert_eq!(ours.len() as i64, last);
    for (_, seq, body) in &ours {
        // What changed, not the whole state: the longest (the end, with the status, the winner
        // and the reason) stays under 120 bytes, where the whole state was over 400.
        assert!(body.len() < 120, "event {seq}: {body}");
        assert!(!body.contains("gameState"), "event {seq}: {body}");
    }
    let moves: Vec<&String> = ours
        .iter()
        .filter(|e| e.2.contains(r#""m":"#))
        .map(|e| &e.2)
        .collect();
    assert_eq!(moves.len(), 6, "{moves:?}");
    // The finished game is its row: moves, the clock after each, the result.
    let pool = fixture::pool(&url).await;
    let row = sqlx::query("SELECT moves, clocks, status, winner FROM games WHERE id = $1")
        .bind(id.clone())
        .fetch_one(&pool)
        .await
        .unwrap();
    let (moves, clocks): (String, String) = (row.get(0), row.get(1));
    assert_eq!(moves, "e1e2 e8e7 f1f2 f8f6 g1g2");
    let clocks: Vec<i64> = clocks.split(' ').map(|t| t.parse().unwrap()).collect();
    assert_eq!(clocks.len(), 5, "{clocks:?}");
    // Before the clocks run (the first two moves) no time is spent; after, each is at most the
    // start plus the increments.
    assert!(clocks[..2].iter().all(|&t| t == 600_000), "{clocks:?}");
    assert!(
        clocks.iter().all(|&t| t > 590_000 && t <= 604_000),
        "{clocks:?}"
    );
    assert_eq!(
        (row.get::<String, _>(2), row.get::<String, _>(3)),
        ("resign".into(), "white".into())
    );
}

#[tokio::test]
async fn a_sqlite_database_made_before_deltas_migrates_at_start() {
    let db = fresh_db();
    fixture::migrates(&format!("sqlite://{}?mode=rwc", db.display())).await;
}

#[tokio::test]
async fn a_going_game_is_its_events_until_it_ends() {
    let db = fresh_db();
    let url = format!("sqlite://{}", db.display());
    let mut s = Server::start(&db, &[]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega"), ("clock.limit", "600")]).await;
    let (id, [w, b]) = seats(&g);
    play(&c, &s.url, &id, &[("e1e2", &w), ("e8e7", &b), ("f1f2", &w)]).await;
    // Its row is not rewritten with the whole move list at every move.
    let pool = fixture::pool(&url).await;
    let row = sqlx::query("SELECT moves, clocks FROM games WHERE id = $1")
        .bind(id.clone())
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        (row.get::<String, _>(0), row.get::<String, _>(1)),
        (String::new(), String::new())
    );
    // A server started afresh reads the moves from the events and the game goes on.
    s.kill();
    let s = Server::start(&db, &[]);
    let full = common::game(&c, &s.url, &id).await;
    assert_eq!(full["state"]["moves"], "e1e2 e8e7 f1f2");
    play(&c, &s.url, &id, &[("f8f7", &b)]).await;
    let (code, _) = post(&c, &s.url, &board(&id, "resign"), Some(&w)).await;
    assert_eq!(code, 200);
    let row = sqlx::query("SELECT moves, clocks FROM games WHERE id = $1")
        .bind(id.clone())
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>(0), "e1e2 e8e7 f1f2 f8f7");
    assert_eq!(row.get::<String, _>(1).split(' ').count(), 4);
}
