//! Due work: what falls due in a game with nobody acting ([`crate::due`]: the side to move's
//! flag, the abort of a game that never started) is done by a watchdog task per held game and by
//! each server's look for due deadlines in the database ([`Hub::watch_deadlines`], every
//! [`DEADLINE_EVERY`] by [`deadlines`]).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use baroque_engine::{Color, Game, GameResult};

use super::plan::{GameChange, Plan};
use super::words::finish;
use super::{Hub, Live, State};
use crate::clock::now_ms;
use crate::due::{self, Due};
use crate::ending::{Reason, Status};
use crate::store::StoreError;

/// How often each server looks for games whose deadline has come ([`Hub::watch_deadlines`]).
pub const DEADLINE_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// How long a claimed deadline is this server's: if the server dies before the flag falls,
/// another one takes the game after this.
const CLAIM_MS: i64 = 5_000;

/// How many due games one look takes on.
const DUE_BATCH: i64 = 200;

/// The result when `loser`'s flag falls: the engine's rule ([`Game::flag_fall`]), a draw when
/// the opponent cannot win by any series of legal moves, else the opponent's win.
pub fn flag_result(game: &Game, loser: Color) -> GameResult {
    game.flag_fall(loser).result
}

impl Hub {
    /// Makes the flag fall in `live` if the side to move is out of time, or aborts it if it
    /// never started ([`crate::due`]).
    pub(super) async fn check_flag(&self, live: &Live) {
        let mut st = live.state.lock().await;
        let limits = self.config.limits();
        // Seats claimed through another server are not in this copy yet (a claim is not
        // announced): read them first, since they decide what is due and when.
        if st.rec.claimed.0.contains(&0)
            && self.store.is_pg()
            && self.refresh_claims(live, &mut st).await.is_err()
        {
            return;
        }
        for _ in 0..3 {
            let now = now_ms();
            let Some((plan, _)) = due_change(&st, now, &limits) else {
                return;
            };
            // A failure leaves the game as it was; the next action or wake-up tries again.
            match self.apply(live, &mut st, plan, now).await {
                Err(StoreError::Conflict) => {
                    if self.reload(live, &mut st).await.is_err() {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// One look for games whose flag is due ([`DEADLINE_EVERY`] apart on every server): a held
    /// game's flag is checked at once; a game not held is claimed with a conditional update
    /// (one server gets it; a claim lapses after [`CLAIM_MS`]), loaded, and its flag falls, the
    /// change's own conditional update writing the result once whichever servers try. Returns
    /// how many games this server took on.
    pub async fn watch_deadlines(self: &Arc<Self>) -> Result<usize, sqlx::Error> {
        let now = now_ms();
        let mut taken = 0;
        for (id, due) in self.store.due(now, DUE_BATCH).await? {
            let live = match self.held_game(&id) {
                Some(live) => live,
                None => {
                    if !self.store.claim_deadline(&id, due, now + CLAIM_MS).await? {
                        continue;
                    }
                    match self.get(&id).await {
                        Ok(Some(live)) => live,
                        _ => continue,
                    }
                }
            };
            self.check_flag(&live).await;
            taken += 1;
        }
        Ok(taken)
    }

    /// Works out the deadlines of games stored before the deadline column (once, at start);
    /// gives how many.
    pub async fn fill_deadlines(&self) -> Result<usize, String> {
        let ids = self
            .store
            .unset_deadlines()
            .await
            .map_err(|e| format!("cannot read the games: {e}"))?;
        for id in &ids {
            let Some(mut rec) = self
                .store
                .load(id)
                .await
                .map_err(|e| format!("cannot read game {id}: {e}"))?
            else {
                continue;
            };
            let game = rec
                .build()
                .map_err(|e| format!("stored game {id} is broken: {e}"))?;
            rec.set_deadline(&game, &self.config.limits());
            self.store
                .set_deadline(id, rec.seq, rec.deadline)
                .await
                .map_err(|e| format!("cannot store game {id}'s deadline: {e}"))?;
        }
        Ok(ids.len())
    }
}

/// The change that falls due in the game at `now` with nobody acting, if any
/// ([`crate::due`]): the side to move's flag, or the abort of a game that never started.
pub(super) fn due_change(st: &State, now: i64, limits: &due::Limits) -> Option<(Plan, Due)> {
    let rec = &st.rec;
    let (at, due) = due::next(rec, &st.game, limits)?;
    if now < at {
        return None;
    }
    let side = st.game.position().side_to_move();
    let mut next = rec.clone();
    match due {
        Due::Flag => {
            next.times[side] = 0;
            let result = flag_result(&st.game, side);
            finish(&mut next, Status::Outoftime, result, Reason::Flag);
        }
        Due::NoStart => {
            next.times = rec.times_at(now, side);
            finish(
                &mut next,
                Status::Aborted,
                GameResult::Draw,
                Reason::NoStart,
            );
        }
    }
    next.turn_start = now;
    Some((
        Plan {
            rec: next,
            change: GameChange::None,
            rematch: None,
        },
        due,
    ))
}

/// Keeps `live`'s flag: sleeps until the side to move's time runs out or the game changes.
pub(super) async fn watchdog(hub: Arc<Hub>, live: Arc<Live>) {
    loop {
        let (deadline, over) = {
            let st = live.state.lock().await;
            let limits = hub.config.limits();
            (
                due::next(&st.rec, &st.game, &limits).map(|(at, _)| at),
                !st.rec.ongoing(),
            )
        };
        if over || live.evicted.load(Ordering::SeqCst) {
            live.watching.store(false, Ordering::SeqCst);
            return;
        }
        match deadline {
            None => live.wake.notified().await,
            Some(at) => {
                let wait = (at - now_ms()).max(0) as u64 + 1;
                tokio::select! {
                    _ = tokio::time::sleep(std::time::Duration::from_millis(wait)) => {
                        hub.check_flag(&live).await;
                    }
                    _ = live.wake.notified() => {}
                }
            }
        }
    }
}

/// Makes the flags fall in games whose deadline has come, held here or not
/// ([`Hub::watch_deadlines`], every [`DEADLINE_EVERY`]).
pub async fn deadlines(hub: Arc<Hub>) {
    loop {
        tokio::time::sleep(DEADLINE_EVERY).await;
        if let Err(e) = hub.watch_deadlines().await {
            eprintln!("clocks: cannot read the due deadlines ({e}); trying again");
        }
    }
}
