//! Cross-server news: a plain move another server announced is taken from its announcement
//! ([`crate::announce`]); any other change is read again from the database and the events this
//! server missed are sent, in order ([`Hub::news`] on an announcement from
//! [`crate::fanout`], [`Hub::refresh_all`] when announcements may have been lost,
//! [`Hub::catch_up`] when a player connects).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::{refuse, Event, Hub, Live, Refusal, State};
use crate::announce::{self, Announcement};
use crate::delta::Replay;

impl Hub {
    /// Reads game `live` again from the database and, if it moved on (another server changed
    /// it), takes the stored game and sends the events this server had not sent, in order.
    /// Gives whether it moved on.
    pub(super) async fn reload(&self, live: &Live, st: &mut State) -> Result<bool, Refusal> {
        let db = |e: sqlx::Error| refuse("server-error", format!("database error: {e}"));
        let Some(mut rec) = self.store.load_row(&live.id).await.map_err(db)? else {
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
        let upto = rec.seq;
        // The lines this server missed, made from the stored deltas after the event it holds;
        // the moves and clocks (a going game's row has neither) are theirs.
        let mut replay = Replay::at(&st.rec, st.game.clone());
        let mut lines = Vec::new();
        for (seq, delta) in events.into_iter().filter(|(s, _)| *s <= upto) {
            replay.step(&delta).map_err(|e| refuse("server-error", e))?;
            lines.push((seq, replay.line(seq)));
        }
        let (moves, clocks, game) = replay.finish();
        rec.moves = moves;
        rec.clocks = clocks;
        for (c, claimed) in live.claimed.iter() {
            claimed.store(rec.claimed[c] != 0, Ordering::SeqCst);
        }
        *st = State { rec, game };
        live.seq.store(upto, Ordering::SeqCst);
        live.over.store(!st.rec.ongoing(), Ordering::SeqCst);
        for (seq, json) in lines {
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

    /// An event was announced ([`crate::fanout`]): if this server holds the game and is behind
    /// it, it takes a plain move from the announcement when it is one event behind
    /// ([`announce::take`]), and otherwise reads the game again and sends what it missed. The
    /// server that made the change hears its own announcement too, often before its action has
    /// finished: it waits for the game's lock and finds itself at the event, with no read.
    pub fn news(self: &Arc<Self>, a: &Announcement) {
        let Some(live) = self.held_game(a.id) else {
            return;
        };
        let seq = a.seq;
        if live.seq.load(Ordering::SeqCst) >= seq {
            return;
        }
        let change = a.change.clone();
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            let mut st = live.state.lock().await;
            if st.rec.seq >= seq {
                return;
            }
            if let Some((next, line)) = change.and_then(|c| announce::take(&st, seq, &c)) {
                *st = next;
                live.seq.store(seq, Ordering::SeqCst);
                let _ = live.tx.send(Arc::new(Event { seq, json: line }));
                live.wake.notify_one();
                return;
            }
            drop(st);
            hub.reload_retrying(&live).await;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::config::Config;
    use crate::hub::{Action, Challenge};
    use crate::store::Store;
    use baroque_engine::Color::{Black, White};

    /// The game as `live` holds it now.
    async fn copy(live: &Live) -> State {
        let st = live.state.lock().await;
        State {
            rec: st.rec.clone(),
            game: st.game.clone(),
        }
    }

    /// A fresh SQLite database in a folder named for `tag`, a hub on it, and a new live Omega
    /// game (5 min + 2 s) held there: (folder, database URL, hub, game id, game).
    async fn omega_game(tag: &str) -> (std::path::PathBuf, String, Arc<Hub>, String, Arc<Live>) {
        let dir = std::env::temp_dir().join(format!("baroque-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let url = format!("sqlite://{}", dir.join("t.sqlite").display());
        let hub = Hub::new(Store::open(&url).await.unwrap(), Config::default());
        let challenge = Challenge {
            variant: "omega".into(),
            control: Some(TimeControl::Live {
                limit_ms: 300_000,
                inc_ms: 2_000,
            }),
            ..Challenge::default()
        };
        let id = hub.create(&challenge).await.unwrap().rec.id;
        let live = hub.get(&id).await.unwrap().unwrap();
        (dir, url, hub, id, live)
    }

    /// A server holding a game one move behind takes a plain move from its announcement exactly
    /// as the mover's server stored it (the same row, position and `gameState` line as a second
    /// server reading the database); an offer, an end, or a seat not yet known to be claimed
    /// are read from the database instead.
    #[tokio::test]
    async fn a_move_taken_from_its_announcement_is_the_stored_game() {
        let (dir, url, hub, id, live) = omega_game("news").await;
        let mut sent = live.tx.subscribe();
        let moves = ["e1e2", "e8e7", "f1f3", "f8f6", "d1d3", "d8d6"];
        for (ply, text) in moves.into_iter().enumerate() {
            let seat = if ply % 2 == 0 { White } else { Black };
            let before = copy(&live).await;
            tokio::time::sleep(std::time::Duration::from_millis(3)).await;
            let mv = Action::Move {
                text: text.into(),
                ply: None,
            };
            hub.act(&live, seat, mv).await.unwrap();
            let line = sent.recv().await.unwrap();
            let after = copy(&live).await;
            let stored = hub.store.events_since(&id, before.rec.seq).await.unwrap();
            let payload = announce::text(&after.rec, &stored[0].1);
            let a = announce::parse(&payload).unwrap();
            assert_eq!((a.id, a.seq), (id.as_str(), after.rec.seq));
            let taken = announce::take(&before, a.seq, a.change.as_ref().unwrap());
            if before.rec.claimed.0.contains(&0) {
                assert!(taken.is_none(), "ply {ply}: a claim this copy may not know");
                continue;
            }
            let (taken, taken_line) = taken.expect("a plain move is taken");
            assert_eq!(taken.rec, after.rec, "ply {ply}");
            assert_eq!(taken.game.position().fen(), after.game.position().fen());
            assert_eq!(taken_line, line.json, "ply {ply}");
            // What a second server reads from the database is the same.
            let other = Hub::new(Store::open(&url).await.unwrap(), Config::default());
            let read = copy(&other.get(&id).await.unwrap().unwrap()).await;
            assert_eq!(read.rec, taken.rec, "ply {ply}");
            // Only one event behind.
            assert!(announce::take(&taken, a.seq, a.change.as_ref().unwrap()).is_none());
        }
        // A draw offer and a resignation are read from the database.
        for (seat, action) in [(White, Action::Draw(true)), (Black, Action::Resign)] {
            let before = copy(&live).await;
            hub.act(&live, seat, action).await.unwrap();
            let after = copy(&live).await;
            let stored = hub.store.events_since(&id, before.rec.seq).await.unwrap();
            let payload = announce::text(&after.rec, &stored[0].1);
            let a = announce::parse(&payload).unwrap();
            assert!(announce::take(&before, a.seq, a.change.as_ref().unwrap()).is_none());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A server whose copy of the game is busy (its lock held) when a plain move is announced
    /// waits for it and takes the move from the announcement: it reads nothing from the
    /// database (it used to read the game twice for every move that found its copy busy, and
    /// so did the mover's own server on hearing its own announcement).
    #[tokio::test]
    async fn a_busy_copy_waits_and_takes_the_move_without_reading() {
        let (dir, url, mover, id, live) = omega_game("busy").await;
        let other = Hub::new(Store::open(&url).await.unwrap(), Config::default());
        for (seat, text) in [(White, "e1e2"), (Black, "e8e7")] {
            let mv = Action::Move {
                text: text.into(),
                ply: None,
            };
            mover.act(&live, seat, mv).await.unwrap();
        }
        let held = other.get(&id).await.unwrap().unwrap();
        let mv = Action::Move {
            text: "f1f3".into(),
            ply: None,
        };
        let from = copy(&live).await.rec.seq;
        mover.act(&live, White, mv).await.unwrap();
        let after = copy(&live).await;
        let stored = mover.store.events_since(&id, from).await.unwrap();
        let payload = announce::text(&after.rec, &stored[0].1);
        let a = announce::parse(&payload).unwrap();
        let reads = (mover.store.rows_read(), other.store.rows_read());
        let mut sent = held.tx.subscribe();
        {
            let _busy = held.state.lock().await;
            other.news(&a);
            mover.news(&a);
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let line = tokio::time::timeout(std::time::Duration::from_secs(5), sent.recv())
            .await
            .expect("the move reaches the other server's players")
            .unwrap();
        assert_eq!(line.seq, after.rec.seq);
        assert_eq!(copy(&held).await.rec, after.rec);
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        assert_eq!(
            (mover.store.rows_read(), other.store.rows_read()),
            reads,
            "no game read from the database"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
