//! Outages are not charged to the clocks.
//!
//! Every server writes its heartbeat (`heartbeats.alive_at`, its own row) every
//! [`HEARTBEAT_EVERY`]. A server starting looks at the newest heartbeat of any server: when it is
//! older than [`MIN_GAP_MS`], no server could take a move meanwhile (all were down: a crash, a
//! restart), and every going game's turn start, deadline and players' last sightings are moved
//! on by the gap, capped at [`CAP_MS`], each game with a new event carrying its clocks (so
//! clients see them). The look, the shift and this server's first heartbeat are one transaction
//! (PostgreSQL: under an advisory lock; SQLite: its write lock), so servers starting at once
//! credit an outage once.
//!
//! What is credited is the time from the newest heartbeat to the start: it includes up to one
//! heartbeat period before the crash (in the players' favour) and the server's start.

use crate::clock::now_ms;
use crate::hub::Hub;
use crate::record::Record;
use sqlx::Row;

/// How often each server writes its heartbeat.
pub const HEARTBEAT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The shortest gap credited: two heartbeats missed (a shorter gap may be a server up but slow
/// to write, or one heartbeat's period).
pub const MIN_GAP_MS: i64 = 2_000;

/// The most one outage gives back: 10 minutes (a longer outage is credited 10 minutes and the
/// games go on).
pub const CAP_MS: i64 = 10 * 60_000;

/// Heartbeat rows not written for this long are removed at a start.
const FORGET_MS: i64 = 24 * 3_600_000;

/// What a start found: the gap since the newest heartbeat (none on a fresh database), what was
/// credited and to how many games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Credit {
    /// Since the newest heartbeat, ms (0 without one).
    pub gap_ms: i64,
    /// Given back to each going game's clocks, ms.
    pub credited_ms: i64,
    /// Games shifted.
    pub games: usize,
}

/// The credit for an outage of `gap_ms`: none under [`MIN_GAP_MS`], at most [`CAP_MS`].
pub fn credit_for(gap_ms: i64) -> i64 {
    if gap_ms < MIN_GAP_MS {
        0
    } else {
        gap_ms.min(CAP_MS)
    }
}

/// At start, before serving: credits the outage since the newest heartbeat to every going game
/// and writes this server's first heartbeat as `server`.
pub async fn credit_at_start(hub: &Hub, server: &str) -> Result<Credit, String> {
    let db = |e: sqlx::Error| format!("cannot credit the outage: {e}");
    let store = hub.store();
    let mut tx = store.begin().await.map_err(db)?;
    if store.is_pg() {
        sqlx::query("SELECT pg_advisory_xact_lock(7252)")
            .execute(&mut *tx)
            .await
            .map_err(db)?;
    }
    let now = now_ms();
    // A write first: SQLite's write lock is taken here, before the newest heartbeat is read.
    sqlx::query("DELETE FROM heartbeats WHERE alive_at < $1")
        .bind(now - FORGET_MS)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
    let newest: Option<i64> = sqlx::query("SELECT MAX(alive_at) FROM heartbeats")
        .fetch_one(&mut *tx)
        .await
        .map_err(db)?
        .try_get(0)
        .map_err(db)?;
    let gap_ms = newest.map_or(0, |t| (now - t).max(0));
    let credited_ms = credit_for(gap_ms);
    let mut games = 0;
    if credited_ms > 0 {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM games WHERE status = $1",
            crate::store::COLUMNS
        ))
        .bind(crate::ending::Status::Started.as_str())
        .fetch_all(&mut *tx)
        .await
        .map_err(db)?;
        let limits = hub.config().limits();
        for row in &rows {
            let mut rec: Record = crate::store::read_record(row).map_err(db)?;
            let Ok(game) = rec.build() else {
                continue;
            };
            // Only games whose time matters: a clock that runs, or a deadline.
            if !rec.control.runs_at(rec.moves.len()) && rec.deadline.is_none() {
                continue;
            }
            let from = rec.seq;
            rec.turn_start += credited_ms;
            rec.seq += 1;
            rec.set_deadline(&game, &limits);
            let event = rec.state_json(&game, now).to_string();
            crate::store::shift(&mut tx, &rec, from, &event)
                .await
                .map_err(db)?;
            games += 1;
        }
        sqlx::query("UPDATE seats_seen SET seen = seen + $1")
            .bind(credited_ms)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
    }
    beat(&mut tx, server, now).await.map_err(db)?;
    tx.commit().await.map_err(db)?;
    Ok(Credit {
        gap_ms,
        credited_ms,
        games,
    })
}

async fn beat(tx: &mut crate::store::Tx, server: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO heartbeats (server, alive_at) VALUES ($1, $2) \
         ON CONFLICT (server) DO UPDATE SET alive_at = excluded.alive_at",
    )
    .bind(server.to_string())
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Writes `server`'s heartbeat every [`HEARTBEAT_EVERY`] for as long as the server runs.
pub async fn heartbeat(hub: std::sync::Arc<Hub>, server: String) {
    let mut failing = false;
    loop {
        tokio::time::sleep(HEARTBEAT_EVERY).await;
        let done = sqlx::query("UPDATE heartbeats SET alive_at = $1 WHERE server = $2")
            .bind(now_ms())
            .bind(server.clone())
            .execute(hub.store().pool())
            .await;
        match done {
            Ok(_) => failing = false,
            Err(e) if !failing => {
                eprintln!("outage: cannot write the heartbeat ({e}); trying again");
                failing = true;
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_gaps_are_not_credited_and_long_ones_are_capped() {
        assert_eq!(credit_for(0), 0);
        assert_eq!(credit_for(1_500), 0);
        assert_eq!(credit_for(3_200), 3_200);
        assert_eq!(credit_for(3_600_000), CAP_MS);
    }
}
