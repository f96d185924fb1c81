//! Cross-server news: a game another server changed is read again from the database and the
//! events this server missed are sent, in order ([`Hub::news`] on an announcement from
//! [`crate::fanout`], [`Hub::refresh_all`] when announcements may have been lost,
//! [`Hub::catch_up`] when a player connects).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::{refuse, Event, Hub, Live, Refusal, State};

impl Hub {
    /// Reads game `live` again from the database and, if it moved on (another server changed
    /// it), takes the stored game and sends the events this server had not sent, in order.
    /// Gives whether it moved on.
    pub(super) async fn reload(&self, live: &Live, st: &mut State) -> Result<bool, Refusal> {
        let db = |e: sqlx::Error| refuse("server-error", format!("database error: {e}"));
        let Some(rec) = self.store.load(&live.id).await.map_err(db)? else {
            return Err(refuse("server-error", "the game is gone from the database"));
        };
        if rec.seq <= st.rec.seq {
            return Ok(false);
        }
        let events = self
            .store
            .events_since(&live.id, st.rec.seq)
            .await
            .map_err(db)?;
        let game = rec.build().map_err(|e| {
            refuse(
                "server-error",
                format!("stored game {} is broken: {e}", live.id),
            )
        })?;
        let upto = rec.seq;
        for (c, claimed) in live.claimed.iter() {
            claimed.store(rec.claimed[c] != 0, Ordering::SeqCst);
        }
        *st = State { rec, game };
        live.seq.store(upto, Ordering::SeqCst);
        live.over.store(!st.rec.ongoing(), Ordering::SeqCst);
        for (seq, json) in events.into_iter().filter(|(s, _)| *s <= upto) {
            let _ = live.tx.send(Arc::new(Event { seq, json }));
        }
        live.wake.notify_one();
        Ok(true)
    }

    /// Servers sharing PostgreSQL: reads `live` again if another server moved it on and its
    /// announcement has not arrived yet, so that a player connecting here (a reconnect after
    /// the player's server died, a load balancer's choice) starts from the stored game.
    pub async fn catch_up(&self, live: &Live) {
        if self.store.is_pg() {
            let mut st = live.state.lock().await;
            // A failure leaves the copy as it is; the announcement or the next action fixes it.
            let _ = self.reload(live, &mut st).await;
        }
    }

    /// Reads `live` again, trying a few times (the database may just have come back).
    async fn reload_retrying(&self, live: &Live) {
        for attempt in 0..5u64 {
            let mut st = live.state.lock().await;
            if self.reload(live, &mut st).await.is_ok() {
                return;
            }
            drop(st);
            tokio::time::sleep(std::time::Duration::from_millis(200 * (attempt + 1))).await;
        }
    }

    /// Another server announced event `seq` of game `id` ([`crate::fanout`]): if this server
    /// holds the game and is behind, it reads the game again and sends what it missed.
    pub fn news(self: &Arc<Self>, id: &str, seq: i64) {
        let Some(live) = self.held_game(id) else {
            return;
        };
        if live.seq.load(Ordering::SeqCst) >= seq {
            return;
        }
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            if live.seq.load(Ordering::SeqCst) < seq {
                hub.reload_retrying(&live).await;
            }
        });
    }

    /// Reads every held game again (after the listener's connection was lost, when
    /// announcements may have been missed).
    pub fn refresh_all(self: &Arc<Self>) {
        let held: Vec<Arc<Live>> = self
            .games
            .lock()
            .map(|g| g.values().cloned().collect())
            .unwrap_or_default();
        for live in held {
            let hub = Arc::clone(self);
            tokio::spawn(async move { hub.reload_retrying(&live).await });
        }
    }
}
