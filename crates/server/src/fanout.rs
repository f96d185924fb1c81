//! Fan-out between servers sharing one PostgreSQL database: each server listens on
//! [`CHANNEL`](crate::store::CHANNEL), where every stored change of a game is announced
//! ([`crate::announce`]: `ID SEQ` and, for a move, the move as stored; sent in the change's own
//! transaction, so only stored changes are announced). A server holding game ID one event
//! behind takes a plain move from the announcement; otherwise it reads the game and its missed
//! events from the database ([`Hub::news`]): the database is the truth. The same connection
//! hears the servers' spectator counts ([`crate::crowd::CHANNEL`]) and the accounts' events
//! ([`crate::user_events::CHANNEL`]): one listening connection per server, since PostgreSQL
//! wakes every listening connection for every notification, whatever its channel.
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
use crate::user_events;

/// How long the listener waits before trying the database again.
const RETRY: Duration = Duration::from_secs(1);

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
        let channels = [CHANNEL, crowd::CHANNEL, user_events::CHANNEL];
        if let Err(e) = listener.listen_all(channels).await {
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
                Ok(Some(n)) if n.channel() == user_events::CHANNEL => {
                    // Events sent while the connection was lost are lost; a stream opened
                    // again starts from the database's state.
                    if let Some((user, json)) = user_events::parse(n.payload()) {
                        hub.user_events().deliver(user, Arc::from(json));
                    }
                }
                Ok(Some(n)) => {
                    if let Some(a) = crate::announce::parse(n.payload()) {
                        hub.news(&a);
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
