//! Games held on demand (issue 25): a server holds a game only while someone uses it, loads
//! nothing at start, and a flag still falls in a game nobody holds, through the database's
//! deadlines. Run in-process on a SQLite file (crates/server/tests/cluster.rs races two servers
//! on PostgreSQL).

mod common;

use std::sync::Arc;
use std::time::Duration;

use baroque_engine::Color::{self, Black, White};
use baroque_server::clock::TimeControl;
use baroque_server::config::Config;
use baroque_server::ending::{Reason, Status};
use baroque_server::hub::{Action, Challenge, Done, Hub};
use baroque_server::store::Store;
use common::fresh_db;

async fn hub_on(db: &std::path::Path, config: Config) -> Arc<Hub> {
    let store = Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    Hub::new(store, config)
}

fn omega(control: Option<TimeControl>) -> Challenge {
    Challenge {
        variant: "omega".into(),
        control,
        ..Challenge::default()
    }
}

/// A new Omega game under `control` with each side's first move played (a live clock runs).
async fn started(hub: &Arc<Hub>, control: Option<TimeControl>) -> String {
    let id = hub.create(&omega(control)).await.unwrap().rec.id;
    let live = hub.get(&id).await.unwrap().unwrap();
    for (seat, text) in [(White, "e1e2"), (Black, "e8e7")] {
        let mv = Action::Move {
            text: text.into(),
            ply: None,
        };
        assert_eq!(hub.act(&live, seat, mv).await.unwrap(), Done::Changed);
    }
    // The clock's watchdog, woken by the moves, takes the game's lock once more: let it, so
    // that the game is unused when a test sweeps.
    tokio::time::sleep(Duration::from_millis(20)).await;
    id
}

fn live_clock(limit_ms: i64) -> Option<TimeControl> {
    Some(TimeControl::Live {
        limit_ms,
        inc_ms: 0,
    })
}

/// Games nobody uses leave memory after two sweeps, finished or not; a watched game stays
/// until its watcher leaves; a game let go is read again from the database when asked for.
#[tokio::test]
async fn unused_games_leave_memory() {
    let hub = hub_on(&fresh_db(), Config::default()).await;
    let mut ids = Vec::new();
    for _ in 0..2 {
        ids.push(hub.create(&omega(None)).await.unwrap().rec.id);
    }
    ids.push(started(&hub, live_clock(600_000)).await);
    for id in &ids {
        hub.get(id).await.unwrap().unwrap();
    }
    assert_eq!(hub.held(), 3);
    // Game 0 ends unwatched, game 1 ends with a spectator, game 2 goes on unwatched.
    let watched = hub.get(&ids[1]).await.unwrap().unwrap();
    let rx = watched.subscribe();
    for id in &ids[..2] {
        let live = hub.get(id).await.unwrap().unwrap();
        hub.act(&live, White, Action::Resign).await.unwrap();
    }
    // The ended games' watchdogs, woken by the resignations, take their game's lock once more
    // and stop: let them (a sweep finds a game whose lock is held in use).
    tokio::time::sleep(Duration::from_millis(20)).await;
    // A request under way (a reference held) keeps its game too.
    let busy = hub.get(&ids[0]).await.unwrap().unwrap();
    assert_eq!(hub.sweep().await, 0, "the first sweep only marks");
    assert_eq!(hub.sweep().await, 1, "the going game nobody uses leaves");
    drop(busy);
    assert_eq!(hub.sweep().await, 0);
    assert_eq!(hub.sweep().await, 1);
    assert_eq!(hub.held(), 1);
    drop((rx, watched));
    hub.sweep().await;
    assert_eq!(hub.sweep().await, 1, "the spectator left");
    assert_eq!(hub.held(), 0);
    let again = hub.get(&ids[0]).await.unwrap().unwrap();
    assert_eq!(again.state.lock().await.rec.status, Status::Resign);
    let going = hub.get(&ids[2]).await.unwrap().unwrap();
    assert_eq!(going.state.lock().await.rec.moves, ["e1e2", "e8e7"]);
    assert_eq!(hub.held(), 2);
}

/// A live game let go by its server still ends when its time runs out: the deadline sweep
/// finds it in the database, and the result is written once.
#[tokio::test]
async fn a_game_nobody_holds_still_ends_on_time() {
    let db = fresh_db();
    let hub = hub_on(&db, Config::default()).await;
    let id = started(&hub, live_clock(1_000)).await;
    hub.sweep().await;
    assert_eq!(hub.sweep().await, 1);
    assert_eq!(hub.held(), 0);
    assert_eq!(hub.watch_deadlines().await.unwrap(), 0, "not due yet");
    assert_eq!(hub.held(), 0);
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    assert_eq!(hub.watch_deadlines().await.unwrap(), 1);
    let rec = hub.store().load(&id).await.unwrap().unwrap();
    assert_eq!(
        (rec.status, rec.winner, rec.reason),
        (Status::Outoftime, Some(Black), Some(Reason::Flag))
    );
    assert_eq!(rec.deadline, None, "a finished game has no deadline");
    assert_eq!(rec.seq, 4, "created, two moves, the flag");
    assert_eq!(hub.watch_deadlines().await.unwrap(), 0);
    assert_eq!(hub.store().events_since(&id, 0).await.unwrap().len(), 4);
}

/// A game whose invitation is never taken is aborted as never started (issue 33; 24 h, shortened
/// here), through the deadline sweep when no server holds it; one whose seats are both taken and
/// that has no clock waits for its first move.
#[tokio::test]
async fn an_untaken_invitation_is_aborted() {
    let config = Config {
        untaken_ms: 1_000,
        ..Config::default()
    };
    let hub = hub_on(&fresh_db(), config).await;
    let untaken = hub.create(&omega(None)).await.unwrap().rec.id;
    let half = hub.create(&omega(None)).await.unwrap().rec.id;
    let both = hub.create(&omega(None)).await.unwrap().rec.id;
    let live = hub.get(&half).await.unwrap().unwrap();
    assert_eq!(hub.use_seat(&live, White).await, Ok(true));
    assert_eq!(hub.use_seat(&live, White).await, Ok(false), "once");
    let other = hub.get(&both).await.unwrap().unwrap();
    for seat in Color::ALL {
        assert_eq!(hub.use_seat(&other, seat).await, Ok(true));
    }
    drop((live, other));
    tokio::time::sleep(Duration::from_millis(20)).await;
    hub.sweep().await;
    assert_eq!(hub.sweep().await, 2, "the held ones let go");
    assert_eq!(hub.watch_deadlines().await.unwrap(), 0, "not due yet");
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    assert_eq!(hub.watch_deadlines().await.unwrap(), 2);
    for id in [&untaken, &half] {
        let rec = hub.store().load(id).await.unwrap().unwrap();
        assert_eq!(
            (rec.status, rec.reason, rec.winner),
            (Status::Aborted, Some(Reason::NoStart), None)
        );
    }
    let rec = hub.store().load(&both).await.unwrap().unwrap();
    assert_eq!((rec.status, rec.deadline), (Status::Started, None));
}

/// A server started on a database of going games holds none of them until one is asked for
/// (and the deadline sweep loads none that is not due).
#[tokio::test]
async fn a_restarted_server_loads_nothing_until_asked() {
    let db = fresh_db();
    let first = hub_on(&db, Config::default()).await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(started(&first, live_clock(600_000)).await);
    }
    assert_eq!(first.held(), 3);
    drop(first);
    let again = hub_on(&db, Config::default()).await;
    assert_eq!(again.fill_deadlines().await.unwrap(), 0);
    assert_eq!(again.watch_deadlines().await.unwrap(), 0);
    assert_eq!(again.held(), 0);
    let live = again.get(&ids[1]).await.unwrap().unwrap();
    assert_eq!(live.state.lock().await.rec.moves.len(), 2);
    assert_eq!(again.held(), 1);
}

/// A player who left a game that was then let go can still be claimed against once gone long
/// enough: when each seat was last seen survives the game leaving memory.
#[tokio::test]
async fn a_claim_after_the_game_was_let_go() {
    let config = Config {
        abandon_ms: 1_000,
        ..Config::default()
    };
    let hub = hub_on(&fresh_db(), config).await;
    let id = started(&hub, live_clock(600_000)).await;
    let live = hub.get(&id).await.unwrap().unwrap();
    live.presence.join(Black);
    live.presence.leave(Black);
    drop(live);
    hub.sweep().await;
    assert_eq!(hub.sweep().await, 1);
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let live = hub.get(&id).await.unwrap().unwrap();
    assert_eq!(
        hub.act(&live, White, Action::Claim).await,
        Ok(Done::Changed),
        "black has been gone over a second"
    );
    assert_eq!(
        live.state.lock().await.rec.reason,
        Some(Reason::Abandonment)
    );
}

/// A database written before the deadline column gets it at start, each going game's deadline
/// worked out from its clocks.
#[tokio::test]
async fn an_older_database_gets_its_deadlines() {
    use sqlx::Connection;

    let db = fresh_db();
    let hub = hub_on(&db, Config::default()).await;
    let id = started(&hub, live_clock(600_000)).await;
    let done = hub.create(&omega(None)).await.unwrap().rec.id;
    let live = hub.get(&done).await.unwrap().unwrap();
    hub.act(&live, Black, Action::Resign).await.unwrap();
    let want = hub.store().load(&id).await.unwrap().unwrap().deadline;
    assert!(want.is_some());
    drop((live, hub));
    // The table as it was: no deadline column.
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    for statement in [
        "DROP INDEX games_deadline",
        "ALTER TABLE games DROP COLUMN deadline",
    ] {
        sqlx::query(statement).execute(&mut conn).await.unwrap();
    }
    conn.close().await.unwrap();
    let hub = hub_on(&db, Config::default()).await;
    assert_eq!(hub.fill_deadlines().await.unwrap(), 1, "the going game");
    assert_eq!(hub.store().load(&id).await.unwrap().unwrap().deadline, want);
    assert_eq!(
        hub.store().load(&done).await.unwrap().unwrap().deadline,
        None
    );
    assert_eq!(hub.held(), 0);
}

/// A stored status, winner or reason word the server does not know is a clear error naming the
/// column and the word (the row is not read as something else, and nothing panics).
#[tokio::test]
async fn a_stored_word_the_server_does_not_know_is_a_clear_error() {
    let db = fresh_db();
    let url = format!("sqlite://{}", db.display());
    let hub = hub_on(&db, Config::default()).await;
    let id = hub.create(&omega(None)).await.unwrap().rec.id;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    for (column, word, error) in [
        ("status", "bogus", "unknown status 'bogus'"),
        ("winner", "nobody", "unknown winner 'nobody'"),
        ("reason", "boredom", "unknown reason 'boredom'"),
    ] {
        let rec = hub.store().load(&id).await.unwrap().unwrap();
        let was = match column {
            "status" => rec.status.as_str(),
            "winner" => rec.winner.map_or("", Color::as_str),
            _ => rec.reason.map_or("", |r| r.as_str()),
        };
        sqlx::query(&format!("UPDATE games SET {column} = $1 WHERE id = $2"))
            .bind(word)
            .bind(id.clone())
            .execute(&pool)
            .await
            .unwrap();
        let e = hub.store().load(&id).await.unwrap_err().to_string();
        assert!(e.contains(column) && e.contains(error), "{e}");
        sqlx::query(&format!("UPDATE games SET {column} = $1 WHERE id = $2"))
            .bind(was)
            .bind(id.clone())
            .execute(&pool)
            .await
            .unwrap();
    }
    let rec = hub.store().load(&id).await.unwrap().unwrap();
    assert_eq!(
        (rec.status, rec.winner, rec.reason),
        (Status::Started, None, None)
    );
}
