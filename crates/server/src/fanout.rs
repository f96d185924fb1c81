//! Fan-out between servers sharing one PostgreSQL database: each server listens on
//! [`CHANNEL`](crate::store::CHANNEL), where every stored change of a game is announced as
//! `ID SEQ` (sent in the change's own transaction, so only stored changes are announced). A
//! server holding game ID behind event SEQ reads the game and its missed events from the
//! database and sends them to its players ([`Hub::news`]): the notification is only a signal,
//! the database is the truth.
//!
//! The listener has its own connection. When it is lost (PostgreSQL restarted), sqlx's
//! `PgListener` connects again; announcements made meanwhile may be lost, so every held game is
//! then read again ([`Hub::refresh_all`], as when the listener first starts). While the database cannot be reached the listener
//! retries every second.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::hub::Hub;
use crate::store::CHANNEL;

/// How long the listener waits before trying the database again.
const RETRY: Duration = Duration::from_secs(1);

/// `ID SEQ` read from an announcement's payload.
pub fn parse(payload: &str) -> Option<(&str, i64)> {
    let (id, seq) = payload.split_once(' ')?;
    Some((id, seq.parse().ok()?))
}

/// Listens for other servers' changes for as long as the server runs.
pub async fn listen(hub: Arc<Hub>, url: String) {
    loop {
        let mut listener = match PgListener::connect(&url).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("fan-out: cannot connect to the database ({e}); retrying");
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        if let Err(e) = listener.listen(CHANNEL).await {
            eprintln!("fan-out: cannot listen ({e}); retrying");
            tokio::time::sleep(RETRY).await;
            continue;
        }
        // What changed before this server listened (games it loaded meanwhile, or the
        // connection was lost) is read from the database.
        hub.refresh_all();
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) => {
                    if let Some((id, seq)) = parse(n.payload()) {
                        hub.news(id, seq);
                    }
                }
                // The connection was lost and made again: what was announced meanwhile is
                // read from the database.
                Ok(None) => hub.refresh_all(),
                Err(e) => {
                    eprintln!("fan-out: lost the database ({e}); reconnecting");
                    tokio::time::sleep(RETRY).await;
                    break;
                }
            }
        }
    }
}

/// Records the seats connected to this server in the database, a quarter of `--abandon-secs`
/// apart (at least 1 s, at most 15 s): a claim of abandonment made on another server then
/// sees the player as present until it has been gone from every server that long.
pub async fn heartbeat(hub: Arc<Hub>) {
    let every = Duration::from_millis(heartbeat_ms(hub.config().abandon_ms) as u64);
    loop {
        tokio::time::sleep(every).await;
        if let Err(e) = hub.mark_seen().await {
            eprintln!("presence: cannot record the connected players ({e})");
        }
    }
}

/// The heartbeat's period for `abandon_ms`. A seat last recorded at `t` may have left up to one
/// period later, so another server counts it gone from `t + abandon_ms + period`.
pub fn heartbeat_ms(abandon_ms: i64) -> i64 {
    (abandon_ms / 4).clamp(1_000, 15_000)
}

/// Lets go of games nobody uses every `every` ([`Hub::sweep`]).
pub async fn sweep(hub: Arc<Hub>, every: Duration) {
    loop {
        tokio::time::sleep(every).await;
        hub.sweep().await;
    }
}

/// Makes the flags fall in games whose deadline has come, held here or not
/// ([`Hub::watch_deadlines`], every [`DEADLINE_EVERY`](crate::hub::DEADLINE_EVERY)).
pub async fn deadlines(hub: Arc<Hub>) {
    loop {
        tokio::time::sleep(crate::hub::DEADLINE_EVERY).await;
        if let Err(e) = hub.watch_deadlines().await {
            eprintln!("clocks: cannot read the due deadlines ({e}); trying again");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_payloads_and_refuses_others() {
        assert_eq!(parse("abc 12"), Some(("abc", 12)));
        assert_eq!(parse("abc"), None);
        assert_eq!(parse("abc x"), None);
    }
}
