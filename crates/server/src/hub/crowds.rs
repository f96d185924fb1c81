//! Spectator totals across servers ([`crate::crowd`]): once a second this server publishes its
//! changed counts (servers sharing PostgreSQL) and tells each held game's players and
//! spectators the new total ([`Hub::tell_crowds`], by [`crowds`]).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use super::{Hub, Live};
use crate::crowd::{self, EVERY, FULL_EVERY};

impl Hub {
    /// Spectators of game `id` on every server: this server's (if it holds the game) and the
    /// others' as last heard.
    pub fn spectators(&self, id: &str) -> usize {
        self.held_game(id).map_or(0, |l| l.watchers()) + self.crowd.elsewhere(id)
    }

    /// One tick: publishes this server's counts that changed (all of them with `full`) and
    /// tells the held games whose total changed. After a failed publication the nonzero counts
    /// go out again at the next full round; a lost zero is made good by the other servers
    /// forgetting the count when it is not repeated ([`crate::crowd::STALE`]).
    pub async fn tell_crowds(&self, full: bool) {
        let held: Vec<Arc<Live>> = self
            .games
            .lock()
            .map(|g| g.values().cloned().collect())
            .unwrap_or_default();
        self.crowd.forget_stale(Instant::now());
        if self.store.is_pg() {
            let local: HashMap<String, usize> =
                held.iter().map(|l| (l.id.clone(), l.watchers())).collect();
            let changes = self.crowd.changes(&local, full);
            for payload in crowd::payloads(self.crowd.me(), &changes) {
                let sent = sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(crowd::CHANNEL)
                    .bind(payload)
                    .execute(self.store.pool())
                    .await;
                if let Err(e) = sent {
                    eprintln!("crowd: cannot publish the spectator counts ({e})");
                    break;
                }
            }
        }
        for live in held {
            let total = live.watchers() + self.crowd.elsewhere(&live.id);
            live.crowd.send_if_modified(|told| {
                let changed = *told != total;
                *told = total;
                changed
            });
        }
    }
}

/// Tells the crowds every [`EVERY`] for as long as the server runs, as server `me` (its name in
/// the published counts).
pub async fn crowds(hub: Arc<Hub>, me: String) {
    hub.crowd.name(&me);
    let mut tick = tokio::time::interval(EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut round: u32 = 0;
    loop {
        tick.tick().await;
        hub.tell_crowds(round % FULL_EVERY == 0).await;
        round = round.wrapping_add(1);
    }
}
