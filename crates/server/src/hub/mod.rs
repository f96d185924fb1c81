//! The live games: each held once in memory, changed one at a time under its lock, every change
//! committed to the database before it is broadcast to the players and spectators.
//!
//! A change is planned from the game as it stands ([`plan`]: the pure rules of each action), its
//! event (the new `gameState`) is committed, and only then is the game in memory changed and the
//! event sent ([`Hub::act`], in `commit`). A watchdog task per held live game makes the flag fall
//! when the side to move's time runs out (`flags`, with [`crate::due`]).
//!
//! A game is held only while someone uses it: a stream, a WebSocket or a request. Games nobody
//! has used for two sweeps leave memory ([`Hub::sweep`], in `held`); nothing is loaded at start.
//! The flags of games no server holds are kept by the database: every change stores when the
//! side to move's time runs out (`deadline`), and each server looks for due deadlines every
//! [`DEADLINE_EVERY`] ([`Hub::watch_deadlines`]), claims each with a conditional update (one
//! server gets it), loads the game and lets its flag fall, a change whose own conditional update
//! writes the result once. Servers sharing PostgreSQL read a game again when another server
//! changed it (`news`, signalled by [`crate::fanout`]).
//!
//! The modules, one job each: `held` (the registry of held games: get, sweep, presence records),
//! `challenge` (a new game), `commit` (an action: plan, conditional update, broadcast), `news`
//! (catching up with other servers' changes), `flags` (due work: flags, games never started),
//! `words` (lichess's status and winner words), `crowds` (spectator totals across servers), [`plan`] (the rules of each action).

mod challenge;
mod commit;
mod crowds;
mod flags;
mod held;
mod news;
pub mod plan;
mod words;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use baroque_engine::piece::ByColor;
use baroque_engine::{Color, Game};
use tokio::sync::{broadcast, Notify};

use crate::config::Config;
use crate::crowd::Crowd;
use crate::lag::Lag;
use crate::presence::Presence;
use crate::record::Record;
use crate::store::Store;
use crate::token;
use crate::user_events::UserEvents;

pub use crate::answer::Refusal;
pub use challenge::{Challenge, Created};
pub use crowds::crowds;
pub use flags::{deadlines, flag_result, DEADLINE_EVERY};
pub use held::{heartbeat, heartbeat_ms, sweeps};
pub use plan::Action;

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
    tokens: ByColor<String>,
    /// Whether each seat is claimed (mirrors the state's, readable without its lock).
    claimed: ByColor<AtomicBool>,
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
    /// Spectators connected to this server ([`Live::watch`]).
    watchers: AtomicUsize,
    /// The spectators of every server as last told ([`Hub::tell_crowds`], once a second at
    /// most; the WebSocket sessions watch it).
    crowd: tokio::sync::watch::Sender<usize>,
}

/// A spectator's connection, counted while it lives ([`Live::watch`]).
pub struct Watching(Arc<Live>);

impl Drop for Watching {
    fn drop(&mut self) {
        self.0.watchers.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Live {
    /// The seat `token` holds, if any.
    pub fn seat_of_token(&self, token: &str) -> Option<Color> {
        let hashed = token::hash(token);
        Color::ALL
            .into_iter()
            .find(|&c| token::same(&hashed, &self.tokens[c]))
    }

    /// Whether `seat` is claimed (its invitation redeemed or its token used).
    pub fn is_claimed(&self, seat: Color) -> bool {
        self.claimed[seat].load(Ordering::SeqCst)
    }

    /// A receiver of the game's events from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Event>> {
        self.tx.subscribe()
    }

    /// Counts a spectator in until the guard is dropped.
    pub fn watch(self: &Arc<Self>) -> Watching {
        self.watchers.fetch_add(1, Ordering::SeqCst);
        Watching(Arc::clone(self))
    }

    /// Spectators connected to this server now (WebSockets without a seat, spectator streams,
    /// TV feeds showing it).
    pub fn watchers(&self) -> usize {
        self.watchers.load(Ordering::SeqCst)
    }

    /// A receiver of the game's spectator total across servers, told at most once per
    /// [`crate::crowd::EVERY`].
    pub fn crowd(&self) -> tokio::sync::watch::Receiver<usize> {
        self.crowd.subscribe()
    }
}

fn refuse(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal::new(code, message)
}

/// What an accepted action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Done {
    /// A new event was committed and sent.
    Changed,
    /// Nothing to change (the move was applied already, the offer stood already).
    Unchanged,
}

/// All games the server holds.
pub struct Hub {
    store: Store,
    config: Config,
    games: Mutex<HashMap<String, Arc<Live>>>,
    user_events: Arc<UserEvents>,
    crowd: Crowd,
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store, config: Config) -> Arc<Hub> {
        Arc::new(Hub {
            user_events: Arc::new(UserEvents::new(store.clone())),
            store,
            config,
            games: Mutex::new(HashMap::new()),
            crowd: Crowd::new(),
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

    /// The accounts' event streams: [`UserEvents::publish`] raises an event for an account.
    pub fn user_events(&self) -> &Arc<UserEvents> {
        &self.user_events
    }

    /// The spectator counts of the other servers ([`crate::crowd`]).
    pub fn crowds(&self) -> &Crowd {
        &self.crowd
    }
}
