//! The registry of held games: a game is loaded when asked for ([`Hub::get`]) and let go when
//! nobody has used it for two sweeps ([`Hub::sweep`], every 30 s by [`sweeps`]);
//! when each seat was last connected is recorded for servers sharing the database
//! ([`Hub::mark_seen`], by [`heartbeat`]).

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use baroque_engine::Color;
use tokio::sync::{broadcast, Notify};

use super::flags::watchdog;
use super::{refuse, Hub, Live, Refusal, State};
use crate::clock::now_ms;
use crate::lag::Lag;
use crate::presence::Presence;

impl Hub {
    /// Number of games held in memory.
    pub fn held(&self) -> usize {
        self.games.lock().map(|g| g.len()).unwrap_or(0)
    }

    /// The game `id`, loaded from the database if not held.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Live>>, Refusal> {
        if let Some(live) = self.held_game(id) {
            live.idle.store(false, Ordering::SeqCst);
            return Ok(Some(live));
        }
        let Some(rec) = self
            .store
            .load(id)
            .await
            .map_err(|e| refuse("server-error", format!("database error: {e}")))?
        else {
            return Ok(None);
        };
        let game = rec
            .build()
            .map_err(|e| refuse("server-error", format!("stored game {id} is broken: {e}")))?;
        // When each seat was last connected, as the server that let the game go (or another
        // server) recorded it; a seat never recorded counts as seen now.
        let now = now_ms();
        let seen = self
            .store
            .seen_both(id)
            .await
            .map_err(|e| refuse("server-error", format!("database error: {e}")))?
            .map(|s| s.unwrap_or(now).min(now));
        let (tx, _) = broadcast::channel(64);
        let watch = rec.ongoing();
        let fresh = Arc::new(Live {
            id: rec.id.clone(),
            tokens: rec.tokens.clone(),
            claimed: rec.claimed.map(|c| AtomicBool::new(c != 0)),
            presence: Presence::new(seen),
            lag: Lag::default(),
            seq: AtomicI64::new(rec.seq),
            over: AtomicBool::new(!rec.ongoing()),
            idle: AtomicBool::new(false),
            watching: AtomicBool::new(false),
            evicted: AtomicBool::new(false),
            offers: Default::default(),
            watchers: Default::default(),
            crowd: tokio::sync::watch::channel(0).0,
            state: tokio::sync::Mutex::new(State { rec, game }),
            tx,
            wake: Notify::new(),
        });
        let (live, inserted) = {
            let mut games = self
                .games
                .lock()
                .map_err(|_| refuse("server-error", "game table poisoned"))?;
            match games.get(id) {
                Some(existing) => (Arc::clone(existing), false),
                None => {
                    games.insert(id.to_string(), Arc::clone(&fresh));
                    (fresh, true)
                }
            }
        };
        if inserted && watch {
            live.watching.store(true, Ordering::SeqCst);
            tokio::spawn(watchdog(Arc::clone(self), Arc::clone(&live)));
        }
        Ok(Some(live))
    }

    /// Game `id` if this server holds it now (nothing is loaded).
    pub fn held_game(&self, id: &str) -> Option<Arc<Live>> {
        self.games.lock().ok().and_then(|g| g.get(id).cloned())
    }

    /// Lets go of games nobody uses: a game with no stream or WebSocket open and no request
    /// under way at this sweep and the one before leaves memory (it is read again from the
    /// database if asked for; its flag is kept by [`Hub::watch_deadlines`]). When each seat of a
    /// game let go was last seen is recorded, for a later claim of abandonment. Returns how many
    /// were let go.
    pub async fn sweep(&self) -> usize {
        let gone: Vec<Arc<Live>> = {
            let Ok(mut games) = self.games.lock() else {
                return 0;
            };
            let mut gone = Vec::new();
            games.retain(|_, live| {
                let unused = live.tx.receiver_count() == 0
                    && !Color::ALL.into_iter().any(|c| live.presence.connected(c))
                    // Only the table (and the watchdog) hold it: no request under way.
                    && Arc::strong_count(live)
                        == 1 + usize::from(live.watching.load(Ordering::SeqCst))
                    && live.state.try_lock().is_ok();
                let was = live.idle.swap(unused, Ordering::SeqCst);
                if unused && was {
                    gone.push(Arc::clone(live));
                    return false;
                }
                true
            });
            gone
        };
        let mut seen = Vec::new();
        for live in &gone {
            live.evicted.store(true, Ordering::SeqCst);
            live.wake.notify_one();
            if !live.over.load(Ordering::SeqCst) {
                let at = live.presence.last_seen();
                seen.extend(at.iter().map(|(c, &t)| (live.id.clone(), c, t)));
            }
        }
        for chunk in seen.chunks(500) {
            if let Err(e) = self.store.mark_seen(chunk).await {
                eprintln!("presence: cannot record the players of games let go ({e})");
            }
        }
        gone.len()
    }

    /// Records in the database the seats connected to this server now (servers sharing
    /// PostgreSQL; see [`heartbeat`]).
    pub async fn mark_seen(&self) -> Result<(), sqlx::Error> {
        let held: Vec<Arc<Live>> = self
            .games
            .lock()
            .map(|g| g.values().cloned().collect())
            .unwrap_or_default();
        let now = now_ms();
        let seats: Vec<(String, Color, i64)> = held
            .iter()
            .flat_map(|l| {
                Color::ALL
                    .into_iter()
                    .filter(|&c| l.presence.connected(c))
                    .map(|c| (l.id.clone(), c, now))
            })
            .collect();
        for chunk in seats.chunks(500) {
            self.store.mark_seen(chunk).await?;
        }
        Ok(())
    }
}

/// Lets go of games nobody uses every `every` ([`Hub::sweep`]).
pub async fn sweeps(hub: Arc<Hub>, every: Duration) {
    loop {
        tokio::time::sleep(every).await;
        hub.sweep().await;
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
