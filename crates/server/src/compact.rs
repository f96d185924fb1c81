//! Databases made before deltas ([`crate::delta`]): at start, once, every event stored as a
//! whole `gameState` is turned into what changed from the event before, and each game's
//! `clocks` (the mover's time after each move) are read from those events. It runs in the
//! start's migration transaction (PostgreSQL's under its advisory lock), so servers starting
//! together convert once; the `meta` row `events = delta` says it is done.
//!
//! Stop every server of the old version before starting the new one on a shared database: an
//! old server reads deltas as whole states.

use serde_json::Value;
use sqlx::Row;

use crate::clock::TimeControl;
use crate::delta::{between, Shown};
use crate::store::{clocks_column, Tx};

/// The `meta` row saying the events are deltas.
const DONE: (&str, &str) = ("events", "delta");

/// Converts the events of a database made before deltas, if it is one; gives how many events
/// were converted.
pub async fn run(tx: &mut Tx) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("SELECT value FROM meta WHERE name = $1")
        .bind(DONE.0)
        .fetch_optional(&mut **tx)
        .await?;
    if done.is_some() {
        return Ok(0);
    }
    let games = sqlx::query("SELECT id, clock_limit, clock_inc, days FROM games ORDER BY id")
        .fetch_all(&mut **tx)
        .await?;
    let mut converted = 0;
    for g in &games {
        let id: String = g.try_get(0)?;
        let control = TimeControl::from_columns(g.try_get(1)?, g.try_get(2)?, g.try_get(3)?);
        let rows = sqlx::query("SELECT seq, body FROM events WHERE game_id = $1 ORDER BY seq")
            .bind(id.clone())
            .fetch_all(&mut **tx)
            .await?;
        let mut prev = Shown::start();
        let mut clocks: Vec<i64> = Vec::new();
        for r in &rows {
            let seq: i64 = r.try_get(0)?;
            let body: String = r.try_get(1)?;
            let broken = |e: String| {
                sqlx::Error::Protocol(format!("game {id} event {seq} cannot be converted: {e}"))
            };
            let v: Value = serde_json::from_str(&body).map_err(|e| broken(e.to_string()))?;
            let shown = Shown::from_state(&v).map_err(broken)?;
            let d = between(&prev, &shown);
            if d.m.is_some() {
                // The mover is the side not to move after it.
                clocks.push(if v["turn"] == "black" {
                    shown.wtime
                } else {
                    shown.btime
                });
            } else if let Some(n) = d.u {
                clocks.truncate(clocks.len().saturating_sub(n));
            } else if d.ms.is_some() {
                clocks.clear();
            }
            sqlx::query("UPDATE events SET body = $1 WHERE game_id = $2 AND seq = $3")
                .bind(d.text())
                .bind(id.clone())
                .bind(seq)
                .execute(&mut **tx)
                .await?;
            converted += 1;
            prev = shown;
        }
        if control != TimeControl::Unlimited && !clocks.is_empty() {
            sqlx::query("UPDATE games SET clocks = $1 WHERE id = $2")
                .bind(clocks_column(&clocks))
                .bind(id.clone())
                .execute(&mut **tx)
                .await?;
        }
    }
    sqlx::query("INSERT INTO meta (name, value) VALUES ($1, $2)")
        .bind(DONE.0)
        .bind(DONE.1)
        .execute(&mut **tx)
        .await?;
    if converted > 0 {
        eprintln!(
            "stored events turned into deltas: {converted} events of {} games",
            games.len()
        );
    }
    Ok(converted)
}
