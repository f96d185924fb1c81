//! The commit path: an action is planned from the game as it stands ([`super::plan`]), committed
//! with a conditional update (planned again from the stored game if another server moved it on),
//! and only then changed in memory and broadcast ([`Hub::act`]); a seat is claimed the same way
//! ([`Hub::use_seat`]).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use baroque_engine::{Color, Move};

use super::flags::due_change;
use super::plan::{plan, Action, GameChange, Plan};
use super::{refuse, Done, Event, Hub, Live, Refusal, State};
use crate::clock::{now_ms, TimeControl};
use crate::delta;
use crate::due::Due;
use crate::store::StoreError;

/// How many times an action is tried on connections found lost (the database restarted: every
/// pooled connection fails once).
const MAX_TRIES: u32 = 20;

impl Hub {
    /// Does `action` for `seat` in `live`, committing and broadcasting its event.
    ///
    /// When another server changed the game first (its stored event number moved on), the game
    /// is read again from the database and the action planned again from it: a move two
    /// servers received at once is applied once, and the second answer says it was applied
    /// already (same ply) or why not.
    pub async fn act(&self, live: &Live, seat: Color, action: Action) -> Result<Done, Refusal> {
        live.presence.seen(seat);
        if crate::quota::is_offer(&action) && !live.offers.take(seat, now_ms()) {
            return Err(refuse(
                "rate-limited",
                "too many offers: a side may offer a few times a minute",
            ));
        }
        self.use_seat(live, seat).await?;
        let mut st = live.state.lock().await;
        let mut tries = 0;
        let limits = self.config.limits();
        loop {
            tries += 1;
            let now = now_ms();
            let step = if let Some((plan, due)) = due_change(&st, now, &limits) {
                let why = match due {
                    Due::Flag => "the game is over: time ran out",
                    Due::NoStart => "the game was aborted: it never started",
                };
                match self.apply(live, &mut st, plan, now).await {
                    Ok(()) => return Err(refuse("game-over", why)),
                    Err(e) => e,
                }
            } else {
                let lag = live.lag.allowance(seat);
                let elsewhere = match (&action, self.store.is_pg()) {
                    // Servers sharing the database: the opponent may be on another one.
                    (Action::Claim, true) => self
                        .store
                        .seen(&live.id, seat.other())
                        .await
                        .map_err(|e| refuse("server-error", format!("database error: {e}")))?,
                    _ => None,
                };
                let abandoned = |o: Color| {
                    live.presence.gone_for(o, self.config.abandon_ms, now)
                        && elsewhere.is_none_or(|at| {
                            now - at
                                >= self.config.abandon_ms
                                    + super::heartbeat_ms(self.config.abandon_ms)
                        })
                };
                let planned = match plan(&st, seat, &action, now, lag, &abandoned) {
                    // Refused by this server's copy: another server may have changed the game
                    // and its announcement not arrived yet (the player saw it elsewhere).
                    Err(r) if self.store.is_pg() && tries == 1 => {
                        if self.reload(live, &mut st).await? {
                            continue;
                        }
                        return Err(r);
                    }
                    p => p?,
                };
                match planned {
                    None => return Ok(Done::Unchanged),
                    Some(p) => {
                        let clocked = matches!(action, Action::Move { .. })
                            && st.rec.control.runs_at(st.rec.moves.len());
                        let given = lag
                            .min(crate::clock::LAG_CAP_MS)
                            .min(now - st.rec.turn_start)
                            .max(0);
                        match self.apply(live, &mut st, p, now).await {
                            Ok(()) => {
                                if clocked {
                                    live.lag.spend(seat, given);
                                }
                                return Ok(Done::Changed);
                            }
                            Err(e) => e,
                        }
                    }
                }
            };
            match step {
                StoreError::Conflict if tries < 3 => {
                    self.reload(live, &mut st).await?;
                }
                // Not made: tried again on another connection (one lost is not reused).
                e if e.connection_lost() && tries < MAX_TRIES => {}
                e => return Err(store_refusal(e)),
            }
        }
    }

    /// Claims `seat` of `live` if nobody has yet (its token used, or its invitation redeemed):
    /// a conditional update lets one claim through even when several servers try at once. Gives
    /// whether this call claimed it (false: it was claimed already).
    pub async fn use_seat(&self, live: &Live, seat: Color) -> Result<bool, Refusal> {
        self.claim_as(live, seat, None).await
    }

    /// Claims `seat` of `live` as [`Hub::use_seat`] does, binding it to account `user` (when
    /// given, the seat has no account yet and the other seat is not the same account's): the
    /// invitee's seat of a logged-in player.
    pub async fn claim_as(
        &self,
        live: &Live,
        seat: Color,
        user: Option<&str>,
    ) -> Result<bool, Refusal> {
        if live.is_claimed(seat) {
            return Ok(false);
        }
        let mut st = live.state.lock().await;
        let limits = self.config.limits();
        for _ in 0..3 {
            if st.rec.claimed[seat] != 0 {
                live.claimed[seat].store(true, Ordering::SeqCst);
                return Ok(false);
            }
            let mut next = st.rec.clone();
            next.claimed[seat] = now_ms();
            if let Some(u) = user {
                if next.users[seat].is_none() && next.users[seat.other()].as_deref() != Some(u) {
                    next.users[seat] = Some(u.to_string());
                }
            }
            next.set_deadline(&st.game, &limits);
            let done = self
                .store
                .claim_seat(&next, seat)
                .await
                .map_err(|e| refuse("server-error", format!("database error: {e}")))?;
            if done {
                let bound = st.rec.users[seat].is_none() && next.users[seat].is_some();
                st.rec = next;
                if bound {
                    // A logged-in player took the seat: its game starts.
                    let (rec, game) = (&st.rec, &st.game);
                    crate::user_events::lines::announce(self, "gameStart", rec, game, Some(seat));
                }
                live.claimed[seat].store(true, Ordering::SeqCst);
                // The watchdog sleeps until the new deadline (a first move's).
                live.wake.notify_one();
                return Ok(true);
            }
            self.refresh_claims(live, &mut st).await?;
        }
        Err(refuse("conflict", "the game changed meanwhile; try again"))
    }

    /// Reads `live`'s claimed seats (and the game, if it moved on) again from the database.
    pub(super) async fn refresh_claims(&self, live: &Live, st: &mut State) -> Result<(), Refusal> {
        if self.reload(live, st).await? {
            return Ok(());
        }
        let db = |e: sqlx::Error| refuse("server-error", format!("database error: {e}"));
        if let Some(rec) = self.store.load_row(&live.id).await.map_err(db)? {
            if rec.seq == st.rec.seq {
                st.rec.claimed = rec.claimed;
                st.rec.users = rec.users;
                st.rec.deadline = rec.deadline;
                for (c, claimed) in live.claimed.iter() {
                    claimed.store(rec.claimed[c] != 0, Ordering::SeqCst);
                }
            }
        }
        Ok(())
    }

    /// The seat account `user` holds in `live` (read again from the database when servers
    /// share it and this copy knows of none: another server may have bound it).
    pub async fn seat_of_user(&self, live: &Live, user: &str) -> Result<Option<Color>, Refusal> {
        let mut st = live.state.lock().await;
        if let Some(s) = st.rec.seat_of_user(user) {
            return Ok(Some(s));
        }
        if self.store.is_pg() {
            self.refresh_claims(live, &mut st).await?;
        }
        Ok(st.rec.seat_of_user(user))
    }

    pub(super) async fn apply(
        &self,
        live: &Live,
        st: &mut State,
        mut p: Plan,
        now: i64,
    ) -> Result<(), StoreError> {
        let from = st.rec.seq;
        p.rec.seq = from + 1;
        // The mover's clock after the move (lichess's `clocks`), kept with the moves.
        let mover = st.game.position().side_to_move();
        match &p.change {
            GameChange::Play(_) if p.rec.control != TimeControl::Unlimited => {
                p.rec.clocks.push(p.rec.times[mover]);
            }
            _ => p.rec.clocks.truncate(p.rec.moves.len()),
        }
        // The event as the game will be: the engine's game changed first, restored on failure.
        let undone: Vec<Move> = match &p.change {
            GameChange::None => Vec::new(),
            GameChange::Play(m) => {
                st.game.play(m);
                Vec::new()
            }
            GameChange::Undo(n) => (0..*n).filter_map(|_| st.game.undo()).collect(),
        };
        let limits = self.config.limits();
        p.rec.set_deadline(&st.game, &limits);
        let rematch = p.rematch.as_mut().map(|r| {
            let game = r.build();
            if let Ok(g) = &game {
                r.set_deadline(g, &limits);
            }
            (&*r, game)
        });
        let first = match &rematch {
            Some((r, Ok(g))) => Some(delta::stored(None, r, g, now)),
            _ => None,
        };
        let rematch_start = match &rematch {
            Some((r, Ok(g))) => Some(((*r).clone(), g.clone())),
            _ => None,
        };
        let was_ongoing = st.rec.ongoing();
        // A rated game's end changes the players' ratings in the same transaction.
        let settle = crate::ratings::counts(&st.rec, &p.rec).then_some(now);
        let game = &st.game;
        let before = &st.rec;
        let result = self
            .store
            .commit(
                &mut p.rec,
                from,
                // Sent live: the whole gameState; stored: what changed (crate::delta).
                &|r| {
                    (
                        r.state_json(game, now).to_string(),
                        delta::stored(Some(before), r, game, now),
                    )
                },
                p.rematch.as_ref().zip(first.as_deref()),
                settle,
            )
            .await;
        let event = match result {
            Ok(event) => event,
            Err(e) => {
                match &p.change {
                    GameChange::None => {}
                    GameChange::Play(_) => {
                        st.game.undo();
                    }
                    GameChange::Undo(_) => {
                        for m in undone.iter().rev() {
                            st.game.play(m);
                        }
                    }
                }
                return Err(e);
            }
        };
        st.rec = p.rec;
        live.seq.store(st.rec.seq, Ordering::SeqCst);
        live.over.store(!st.rec.ongoing(), Ordering::SeqCst);
        let _ = live.tx.send(Arc::new(Event {
            seq: st.rec.seq,
            json: event,
        }));
        live.wake.notify_one();
        // The accounts' event streams: the game's end, the rematch's start.
        if was_ongoing && !st.rec.ongoing() {
            crate::user_events::lines::announce(self, "gameFinish", &st.rec, &st.game, None);
        }
        if let Some((r, g)) = rematch_start {
            crate::user_events::lines::announce(self, "gameStart", &r, &g, None);
        }
        Ok(())
    }
}

/// The refusal for a change the database did not take.
fn store_refusal(e: StoreError) -> Refusal {
    match e {
        StoreError::Conflict => refuse("conflict", format!("{e}; try again")),
        StoreError::Db(_) => refuse(
            "server-error",
            format!("{e}; the change was not made, try again"),
        ),
    }
}
