//! Fan-out between servers sharing one PostgreSQL database: each server listens on
//! [`CHANNEL`](crate::store::CHANNEL), where every stored change of a game is announced as
//! `ID SEQ` (sent in the change's own transaction, so only stored changes are announced). A
//! server holding game ID behind event SEQ reads the game and its missed events from the
//! database and sends them to its players ([`Hub::news`]): the notification is only a signal,
//! the database is the truth. The same connection hears the servers' spectator counts
//! ([`crate::crowd::CHANNEL`]).
//!
//! The listener has its own connection. When it is lost (PostgreSQL restarted), sqlx's
//! `PgListener` connects again; announcements made meanwhile may be lost, so every held game is
//! then read again ([`Hub::refresh_all`], as when the listener first starts). While the database cannot be reached the listener
//! retries every second.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::crowd;
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
        if let Err(e) = listener.listen_all([CHANNEL, crowd::CHANNEL]).await {
            eprintln!("fan-out: cannot listen ({e}); retrying");
            tokio::time::sleep(RETRY).await;
            continue;
        }
        // What changed before this server listened (games it loaded meanwhile, or the
        // connection was lost) is read from the database.
        hub.refresh_all();
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) if n.channel() == crowd::CHANNEL => {
                    hub.crowds().heard(n.payload(), std::time::Instant::now());
                }
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
