//! The live games: each held once in memory, changed one at a time under its lock, every change
//! committed to the database before it is broadcast to the players and spectators.
//!
//! A change is planned from the game as it stands ([`Hub::act`]), its event (the new
//! `gameState`) is committed, and only then is the game in memory changed and the event sent. A
//! watchdog task per held live game makes the flag fall when the side to move's time runs out.
//!
//! A game is held only while someone uses it: a stream, a WebSocket or a request. Games nobody
//! has used for two sweeps leave memory ([`Hub::sweep`]); nothing is loaded at start. The flags
//! of games no server holds are kept by the database: every change stores when the side to
//! move's time runs out (`deadline`), and each server looks for due deadlines every
//! [`DEADLINE_EVERY`] ([`Hub::watch_deadlines`]), claims each with a conditional update (one
//! server gets it), loads the game and lets its flag fall, a change whose own conditional update
//! writes the result once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use baroque_engine::games::spec;
use baroque_engine::{Color, Game, GameId, GameResult, Move, Reason};
use tokio::sync::{broadcast, Notify};

use crate::clock::{now_ms, TimeControl};
use crate::config::Config;
use crate::due::{self, Due};
use crate::lag::Lag;
use crate::presence::Presence;
use crate::record::{seat_name, seat_of, NewGame, Offers, Record, Seat};
use crate::store::{Store, StoreError};

/// How often each server looks for games whose deadline has come ([`Hub::watch_deadlines`]).
pub const DEADLINE_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// How long a claimed deadline is this server's: if the server dies before the flag falls,
/// another one takes the game after this.
const CLAIM_MS: i64 = 5_000;

/// How many due games one look takes on.
const DUE_BATCH: i64 = 200;
use crate::token;

/// One numbered event: the game's `gameState` after a change, as a JSON line.
#[derive(Debug)]
pub struct Event {
    /// Its number in the game.
    pub seq: i64,
    /// The `gameState` JSON.
    pub json: String,
}

/// A game and what it changes with.
#[derive(Debug)]
pub struct State {
    /// The row.
    pub rec: Record,
    /// The engine's game (the row's moves played).
    pub game: Game,
}

/// One game held in memory.
#[derive(Debug)]
pub struct Live {
    /// Its id.
    pub id: String,
    /// The seat tokens' hashes.
    tokens: [String; 2],
    /// Whether each seat is claimed (mirrors the state's, readable without its lock).
    claimed: [AtomicBool; 2],
    /// The game, changed under this lock only.
    pub state: tokio::sync::Mutex<State>,
    /// Connections per seat.
    pub presence: Presence,
    /// Measured lag and compensation quota per seat.
    pub lag: Lag,
    tx: broadcast::Sender<Arc<Event>>,
    wake: Notify,
    /// The number of the last event held (mirrors the state's, readable without its lock).
    seq: AtomicI64,
    /// Whether the game is over (mirrors the state's).
    over: AtomicBool,
    /// Found unused by the last sweep ([`Hub::sweep`]).
    idle: AtomicBool,
    /// Whether its watchdog task runs (the task holds a reference).
    watching: AtomicBool,
    /// Let go by the sweep: its watchdog stops.
    evicted: AtomicBool,
    /// The offers each side made lately ([`crate::quota`]).
    pub offers: crate::quota::Offers,
}

impl Live {
    /// The seat `token` holds, if any.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        let hashed = token::hash(token);
        (0..2).find(|&s| token::same(&hashed, &self.tokens[s]))
    }

    /// Whether `seat` is claimed (its invitation redeemed or its token used).
    pub fn is_claimed(&self, seat: Seat) -> bool {
        self.claimed[seat].load(Ordering::SeqCst)
    }

    /// A receiver of the game's events from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Event>> {
        self.tx.subscribe()
    }
}

/// What a player asks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move in move text or the game's notation; `ply` is the number of plies the client
    /// believes were played before it (a repeated move with the same ply is applied once).
    Move {
        /// The move.
        text: String,
        /// Plies played before it, as the client saw.
        ply: Option<usize>,
    },
    /// Resign.
    Resign,
    /// Offer or accept (`true`), or decline (`false`) a draw.
    Draw(bool),
    /// Ask for or accept (`true`), or decline (`false`) a takeback.
    Takeback(bool),
    /// Offer or accept (`true`), or decline (`false`) a rematch.
    Rematch(bool),
    /// Claim the win from an opponent gone too long (correspondence: out of days).
    Claim,
    /// Abort a game not both sides have moved in.
    Abort,
}

/// Why an action was refused: a stable code and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Kebab-case id (`illegal-move`, `not-your-turn`, `game-over`, ...).
    pub code: &'static str,
    /// What went wrong.
    pub message: String,
}

fn refuse(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
    }
}

/// What an accepted action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Done {
    /// A new event was committed and sent.
    Changed,
    /// Nothing to change (the move was applied already, the offer stood already).
    Unchanged,
}

/// The change to the engine's game that goes with a planned record.
enum GameChange {
    None,
    Play(Move),
    Undo(usize),
}

/// A planned change.
struct Plan {
    rec: Record,
    change: GameChange,
    rematch: Option<Record>,
}

/// The result when `loser`'s flag falls: the engine's rule ([`Game::flag_fall`]), a draw when
/// the opponent cannot win by any series of legal moves, else the opponent's win.
pub fn flag_result(game: &Game, loser: Color) -> GameResult {
    game.flag_fall(loser).result
}

fn winner_name(result: GameResult) -> &'static str {
    match result {
        GameResult::White => "white",
        GameResult::Black => "black",
        _ => "",
    }
}

/// lichess's status word for the engine's reason.
fn status_word(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "mate",
        Reason::Stalemate => "stalemate",
        Reason::KingCaptured | Reason::NoMoves => "variantEnd",
        Reason::Repetition | Reason::FiftyMove | Reason::InsufficientMaterial => "draw",
        Reason::Timeout | Reason::TimeoutVsInsufficientMaterial => "outoftime",
    }
}

fn finish(rec: &mut Record, status: &str, result: GameResult, reason: &str) {
    rec.status = status.into();
    rec.winner = winner_name(result).into();
    rec.reason = reason.into();
    rec.offers = Offers::default();
}

/// What a challenge asks for.
#[derive(Clone, Debug, Default)]
pub struct Challenge {
    /// The game (`ultima`, `omega`, `hybrid`).
    pub variant: String,
    /// A start position, if not the start array.
    pub fen: Option<String>,
    /// A start array's id (the game's `start_arrays`), if not the standard one.
    pub array: Option<String>,
    /// Rule options as `name=value`.
    pub options: Vec<String>,
    /// The creator's colour: `white`, `black` or `random` (default).
    pub color: Option<String>,
    /// The time control.
    pub control: Option<TimeControl>,
}

/// A created game: its record, the creator's seat and the secrets, given out once.
pub struct Created {
    /// The record.
    pub rec: Record,
    /// The creator's seat.
    pub creator: Seat,
    /// The seat tokens (white, black), in clear: only this answer has them.
    pub tokens: [String; 2],
    /// Each seat's one-time invitation code (white, black).
    pub invites: [String; 2],
}

/// All games the server holds.
pub struct Hub {
    store: Store,
    config: Config,
    games: Mutex<HashMap<String, Arc<Live>>>,
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store, config: Config) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            config,
            games: Mutex::new(HashMap::new()),
        })
    }

    /// The storage.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

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

    /// Creates a game from `ch`.
    pub async fn create(self: &Arc<Self>, ch: &Challenge) -> Result<Created, Refusal> {
        let game_id: GameId = ch
            .variant
            .parse()
            .map_err(|e: baroque_engine::UnknownGame| refuse(e.code(), e.to_string()))?;
        let fen = match (&ch.fen, &ch.array) {
            (Some(_), Some(_)) => {
                return Err(refuse(
                    "bad-challenge",
                    "give a FEN or a start array, not both",
                ))
            }
            (Some(f), None) => f.trim().to_string(),
            (None, Some(a)) => spec(game_id)
                .start_arrays
                .iter()
                .find(|s| s.id == a)
                .map(|s| s.fen.to_string())
                .ok_or_else(|| {
                    refuse(
                        "bad-challenge",
                        format!("{} has no start array '{a}'", game_id.as_str()),
                    )
                })?,
            (None, None) => String::new(),
        };
        let control = ch.control.unwrap_or(TimeControl::Unlimited);
        // The engine's one time-control check (the page's dialog and the PGN reader use it).
        control
            .check()
            .map_err(|e| refuse("bad-clock", e.to_string()))?;
        let creator = match ch.color.as_deref().unwrap_or("random") {
            "white" => 0,
            "black" => 1,
            "random" => {
                let t = token::seat_token().map_err(|e| refuse("server-error", e))?;
                usize::from(t.as_bytes()[0] & 1 == 1)
            }
            other => {
                return Err(refuse(
                    "bad-challenge",
                    format!("color must be white, black or random, not '{other}'"),
                ))
            }
        };
        let now = now_ms();
        let secret = || token::seat_token().map_err(|e| refuse("server-error", e));
        let tokens = [secret()?, secret()?];
        let codes = [
            token::invite_code().map_err(|e| refuse("server-error", e))?,
            token::invite_code().map_err(|e| refuse("server-error", e))?,
        ];
        let mut rec = Record::new_game(
            NewGame {
                id: token::game_id().map_err(|e| refuse("server-error", e))?,
                variant: game_id.as_str().into(),
                fen,
                options: ch.options.join(" "),
                control,
                tokens: [token::hash(&tokens[0]), token::hash(&tokens[1])],
                claimed: [0, 0],
            },
            now,
        );
        let game = rec.build().map_err(|e| refuse(e.code(), e.to_string()))?;
        rec.set_deadline(&game, &self.config.limits());
        // The options as the engine writes them (canonical names and values).
        rec.options = game
            .position()
            .options()
            .to_pairs(game_id)
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join(" ");
        if game.status().is_over() {
            return Err(refuse(
                "bad-challenge",
                "the start position is already over",
            ));
        }
        let event = rec.state_json(&game, now).to_string();
        let invites =
            [0, 1].map(|s| crate::invite::InviteRow::seat(&rec.id, s, &tokens[s], &codes[s]));
        self.store
            .create(&rec, &event, &invites)
            .await
            .map_err(|e| refuse("server-error", e.to_string()))?;
        Ok(Created {
            rec,
            creator,
            tokens,
            invites: codes,
        })
    }

    /// Does `action` for `seat` in `live`, committing and broadcasting its event.
    ///
    /// When another server changed the game first (its stored event number moved on), the game
    /// is read again from the database and the action planned again from it: a move two
    /// servers received at once is applied once, and the second answer says it was applied
    /// already (same ply) or why not.
    pub async fn act(&self, live: &Live, seat: Seat, action: Action) -> Result<Done, Refusal> {
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
                        .seen(&live.id, (1 - seat) as i64)
                        .await
                        .map_err(|e| refuse("server-error", format!("database error: {e}")))?,
                    _ => None,
                };
                let abandoned = |o: Seat| {
                    live.presence.gone_for(o, self.config.abandon_ms, now)
                        && elsewhere.is_none_or(|at| {
                            now - at
                                >= self.config.abandon_ms
                                    + crate::fanout::heartbeat_ms(self.config.abandon_ms)
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
                e => return Err(store_refusal(e)),
            }
        }
    }

    /// Claims `seat` of `live` if nobody has yet (its token used, or its invitation redeemed):
    /// a conditional update lets one claim through even when several servers try at once. Gives
    /// whether this call claimed it (false: it was claimed already).
    pub async fn use_seat(&self, live: &Live, seat: Seat) -> Result<bool, Refusal> {
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
            next.set_deadline(&st.game, &limits);
            let done = self
                .store
                .claim_seat(&next, seat)
                .await
                .map_err(|e| refuse("server-error", format!("database error: {e}")))?;
            if done {
                st.rec = next;
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
    async fn refresh_claims(&self, live: &Live, st: &mut State) -> Result<(), Refusal> {
        if self.reload(live, st).await? {
            return Ok(());
        }
        let db = |e: sqlx::Error| refuse("server-error", format!("database error: {e}"));
        if let Some(rec) = self.store.load(&live.id).await.map_err(db)? {
            if rec.seq == st.rec.seq {
                st.rec.claimed = rec.claimed;
                st.rec.deadline = rec.deadline;
                for s in 0..2 {
                    live.claimed[s].store(rec.claimed[s] != 0, Ordering::SeqCst);
                }
            }
        }
        Ok(())
    }

    /// Makes the flag fall in `live` if the side to move is out of time, or aborts it if it
    /// never started ([`crate::due`]).
    async fn check_flag(&self, live: &Live) {
        let mut st = live.state.lock().await;
        let limits = self.config.limits();
        // Seats claimed through another server are not in this copy yet (a claim is not
        // announced): read them first, since they decide what is due and when.
        if st.rec.claimed.contains(&0)
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

    /// Reads game `live` again from the database and, if it moved on (another server changed
    /// it), takes the stored game and sends the events this server had not sent, in order.
    /// Gives whether it moved on.
    async fn reload(&self, live: &Live, st: &mut State) -> Result<bool, Refusal> {
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
        for s in 0..2 {
            live.claimed[s].store(rec.claimed[s] != 0, Ordering::SeqCst);
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

    /// Records in the database the seats connected to this server now (servers sharing
    /// PostgreSQL; see [`crate::fanout::heartbeat`]).
    pub async fn mark_seen(&self) -> Result<(), sqlx::Error> {
        let held: Vec<Arc<Live>> = self
            .games
            .lock()
            .map(|g| g.values().cloned().collect())
            .unwrap_or_default();
        let now = now_ms();
        let seats: Vec<(String, i64, i64)> = held
            .iter()
            .flat_map(|l| {
                (0..2)
                    .filter(|&s| l.presence.connected(s))
                    .map(|s| (l.id.clone(), s as i64, now))
            })
            .collect();
        for chunk in seats.chunks(500) {
            self.store.mark_seen(chunk).await?;
        }
        Ok(())
    }

    fn held_game(&self, id: &str) -> Option<Arc<Live>> {
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
                    && !live.presence.connected(0)
                    && !live.presence.connected(1)
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
                seen.extend((0..2).map(|s| (live.id.clone(), s as i64, at[s])));
            }
        }
        for chunk in seen.chunks(500) {
            if let Err(e) = self.store.mark_seen(chunk).await {
                eprintln!("presence: cannot record the players of games let go ({e})");
            }
        }
        gone.len()
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

    async fn apply(
        &self,
        live: &Live,
        st: &mut State,
        mut p: Plan,
        now: i64,
    ) -> Result<(), StoreError> {
        let from = st.rec.seq;
        p.rec.seq = from + 1;
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
        let event = p.rec.state_json(&st.game, now).to_string();
        let rematch = p.rematch.as_mut().map(|r| {
            let game = r.build();
            if let Ok(g) = &game {
                r.set_deadline(g, &limits);
            }
            (&*r, game)
        });
        let first = match &rematch {
            Some((r, Ok(g))) => Some(r.state_json(g, now).to_string()),
            _ => None,
        };
        let result = self
            .store
            .commit(
                &p.rec,
                from,
                &event,
                p.rematch.as_ref().zip(first.as_deref()),
            )
            .await;
        if let Err(e) = result {
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
        st.rec = p.rec;
        live.seq.store(st.rec.seq, Ordering::SeqCst);
        live.over.store(!st.rec.ongoing(), Ordering::SeqCst);
        let _ = live.tx.send(Arc::new(Event {
            seq: st.rec.seq,
            json: event,
        }));
        live.wake.notify_one();
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

/// The change that falls due in the game at `now` with nobody acting, if any
/// ([`crate::due`]): the side to move's flag, or the abort of a game that never started.
fn due_change(st: &State, now: i64, limits: &due::Limits) -> Option<(Plan, Due)> {
    let rec = &st.rec;
    let (at, due) = due::next(rec, &st.game, limits)?;
    if now < at {
        return None;
    }
    let side = st.game.position().side_to_move();
    let seat = seat_of(side);
    let mut next = rec.clone();
    match due {
        Due::Flag => {
            next.times[seat] = 0;
            finish(&mut next, "outoftime", flag_result(&st.game, side), "flag");
        }
        Due::NoStart => {
            next.times = rec.times_at(now, seat);
            finish(&mut next, "aborted", GameResult::Draw, "noStart");
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
async fn watchdog(hub: Arc<Hub>, live: Arc<Live>) {
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

/// The change `action` by `seat` makes at `now` (`None`: nothing to change), or why not.
fn plan(
    st: &State,
    seat: Seat,
    action: &Action,
    now: i64,
    lag: i64,
    abandoned: &dyn Fn(Seat) -> bool,
) -> Result<Option<Plan>, Refusal> {
    let rec = &st.rec;
    let other = 1 - seat;
    let mut next = rec.clone();
    let simple = |next: Record| {
        Ok(Some(Plan {
            rec: next,
            change: GameChange::None,
            rematch: None,
        }))
    };
    if let Action::Rematch(yes) = action {
        if rec.ongoing() {
            return Err(refuse("game-on", "a rematch is for a finished game"));
        }
        if !rec.next_game.is_empty() {
            return Ok(None);
        }
        if !yes {
            if !rec.offers.rematch[other] && !rec.offers.rematch[seat] {
                return Ok(None);
            }
            next.offers.rematch = [false, false];
            return simple(next);
        }
        if rec.offers.rematch[seat] {
            return Ok(None);
        }
        if !rec.offers.rematch[other] {
            next.offers.rematch[seat] = true;
            return simple(next);
        }
        let now_id = token::game_id().map_err(|e| refuse("server-error", e))?;
        let first = Record::new_game(
            NewGame {
                id: now_id,
                variant: rec.variant.clone(),
                fen: rec.fen.clone(),
                options: rec.options.clone(),
                control: rec.control,
                tokens: [rec.tokens[1].clone(), rec.tokens[0].clone()],
                // The players of this game hold the rematch's seats at once.
                claimed: [now, now],
            },
            now,
        );
        next.offers.rematch = [false, false];
        next.next_game = first.id.clone();
        return Ok(Some(Plan {
            rec: next,
            change: GameChange::None,
            rematch: Some(first),
        }));
    }
    if let Action::Move { text, ply: Some(p) } = action {
        if *p < rec.moves.len() {
            // Sent before (its answer lost): the same move by this seat at that ply is
            // applied already, the game-ending one included.
            let played = rec.moves.len();
            let before = &st.game.positions()[*p];
            let same = seat_of(before.side_to_move()) == seat
                && before.parse_move(text).ok().as_ref() == st.game.moves().get(*p);
            return if same {
                Ok(None)
            } else {
                Err(refuse(
                    "stale-ply",
                    format!("ply {p} was played already; the game is at ply {played}"),
                ))
            };
        }
    }
    if !rec.ongoing() {
        return Err(refuse("game-over", "the game is over"));
    }
    let pos = st.game.position();
    let to_move = seat_of(pos.side_to_move());
    match action {
        Action::Move { text, ply } => {
            let played = rec.moves.len();
            if let Some(p) = *ply {
                if p > played {
                    return Err(refuse(
                        "bad-ply",
                        format!("the game is at ply {played}, not {p}"),
                    ));
                }
            }
            if to_move != seat {
                return Err(refuse("not-your-turn", "it is not your turn"));
            }
            let m = pos
                .parse_move(text)
                .map_err(|e| refuse("illegal-move", format!("illegal move '{text}': {e}")))?;
            let elapsed = now - rec.turn_start;
            match rec
                .control
                .after_move(rec.times[seat], elapsed, lag, played)
            {
                Some(t) => next.times[seat] = t,
                None => return Err(refuse("out-of-time", "your time ran out")),
            }
            next.turn_start = now;
            next.moves.push(pos.move_text(&m));
            next.offers = Offers::default();
            let mut after = st.game.clone();
            after.play(&m);
            let status = after.status();
            if let Some(reason) = status.reason.filter(|_| status.is_over()) {
                finish(
                    &mut next,
                    status_word(reason),
                    status.result,
                    reason.as_str(),
                );
            }
            Ok(Some(Plan {
                rec: next,
                change: GameChange::Play(m),
                rematch: None,
            }))
        }
        Action::Resign => {
            let result = if seat == 0 {
                GameResult::Black
            } else {
                GameResult::White
            };
            finish(&mut next, "resign", result, "resign");
            next.times = rec.times_at(now, to_move);
            next.turn_start = now;
            simple(next)
        }
        Action::Draw(true) => {
            if rec.offers.draw[other] {
                finish(&mut next, "draw", GameResult::Draw, "agreement");
                next.times = rec.times_at(now, to_move);
                next.turn_start = now;
                simple(next)
            } else if rec.offers.draw[seat] {
                Ok(None)
            } else {
                next.offers.draw[seat] = true;
                simple(next)
            }
        }
        Action::Draw(false) | Action::Takeback(false) => {
            let mut offers = rec.offers.clone();
            let pair = if matches!(action, Action::Draw(_)) {
                &mut offers.draw
            } else {
                &mut offers.takeback
            };
            if !pair[0] && !pair[1] {
                return Ok(None);
            }
            *pair = [false, false];
            next.offers = offers;
            simple(next)
        }
        Action::Takeback(true) => {
            if rec.offers.takeback[other] {
                // Back to the asker's turn: one ply if the asker moved last, else two.
                let n = if to_move == other { 2 } else { 1 };
                if rec.moves.len() < n {
                    return Err(refuse("no-takeback", "there is no move to take back"));
                }
                next.moves.truncate(rec.moves.len() - n);
                next.offers = Offers::default();
                next.times = rec.times_at(now, to_move);
                next.turn_start = now;
                Ok(Some(Plan {
                    rec: next,
                    change: GameChange::Undo(n),
                    rematch: None,
                }))
            } else if rec.offers.takeback[seat] {
                Ok(None)
            } else {
                let mine = st.game.positions()[..rec.moves.len()]
                    .iter()
                    .any(|p| seat_of(p.side_to_move()) == seat);
                if !mine {
                    return Err(refuse("no-takeback", "you have no move to take back"));
                }
                next.offers.takeback[seat] = true;
                simple(next)
            }
        }
        Action::Abort => {
            if rec.moves.len() >= 2 {
                return Err(refuse(
                    "cannot-abort",
                    "both sides have moved: resign or offer a draw instead",
                ));
            }
            next.times = rec.times_at(now, to_move);
            next.turn_start = now;
            finish(&mut next, "aborted", GameResult::Draw, "abort");
            simple(next)
        }
        Action::Claim => {
            if rec.claimed[other] == 0 {
                return Err(refuse(
                    "cannot-claim",
                    format!(
                        "the {} player never came: abort the game instead",
                        seat_name(other)
                    ),
                ));
            }
            let out_of_days = matches!(rec.control, TimeControl::Days { .. })
                && to_move == other
                && rec.times_at(now, to_move)[other] <= 0;
            let gone = !matches!(rec.control, TimeControl::Days { .. }) && abandoned(other);
            if !out_of_days && !gone {
                return Err(refuse(
                    "cannot-claim",
                    format!(
                        "the {} player has not been gone long enough",
                        seat_name(other)
                    ),
                ));
            }
            let result = if seat == 0 {
                GameResult::White
            } else {
                GameResult::Black
            };
            next.times = rec.times_at(now, to_move);
            next.turn_start = now;
            finish(&mut next, "timeout", result, "abandonment");
            simple(next)
        }
        Action::Rematch(_) => Ok(None),
    }
}
