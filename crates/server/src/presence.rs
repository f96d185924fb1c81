//! Who is connected to a game on this server, when each seat was last seen, and the WebSocket's
//! `presence` message:
//! `{"t":"presence","white":true,"black":false,"claimFrom":1796464072345}`, sent after
//! `welcome` and whenever a seat connects or leaves. `claimFrom` is the server time from which
//! the connected player may claim the win: present only while exactly one seat is gone in a
//! going game whose gone seat was ever claimed (an invitee who never came cannot be claimed
//! against; the game is aborted instead), null otherwise.

use std::sync::atomic::{AtomicI64, Ordering};

use baroque_engine::piece::ByColor;
use baroque_engine::Color;
use tokio::sync::watch;

use crate::outgoing::Outgoing;

use crate::clock::{now_ms, TimeControl};
use crate::record::Record;

/// Connections and last sightings per seat.
#[derive(Debug)]
pub struct Presence {
    conns: ByColor<AtomicI64>,
    last_seen: ByColor<AtomicI64>,
    /// Bumped whenever a seat connects or leaves (the WebSocket sessions watch it).
    changed: watch::Sender<u64>,
}

impl Presence {
    /// Nobody connected; each seat last seen at `seen`.
    pub fn new(seen: ByColor<i64>) -> Presence {
        Presence {
            conns: ByColor::default(),
            last_seen: seen.map(AtomicI64::new),
            changed: watch::channel(0).0,
        }
    }

    /// A connection of `seat` opened.
    pub fn join(&self, seat: Color) {
        self.conns[seat].fetch_add(1, Ordering::SeqCst);
        self.seen(seat);
        self.changed.send_modify(|n| *n += 1);
    }

    /// A connection of `seat` closed.
    pub fn leave(&self, seat: Color) {
        self.conns[seat].fetch_sub(1, Ordering::SeqCst);
        self.seen(seat);
        self.changed.send_modify(|n| *n += 1);
    }

    /// A receiver told of each change of who is connected.
    pub fn watch(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// `seat` was heard from.
    pub fn seen(&self, seat: Color) {
        self.last_seen[seat].store(now_ms(), Ordering::SeqCst);
    }

    /// When each seat was last seen.
    pub fn last_seen(&self) -> ByColor<i64> {
        ByColor::from_fn(|c| self.last_seen[c].load(Ordering::SeqCst))
    }

    /// Whether `seat` has a connection to this server.
    pub fn connected(&self, seat: Color) -> bool {
        self.conns[seat].load(Ordering::SeqCst) > 0
    }

    /// Whether `seat` has been gone (no connection) for `ms` at `now`.
    pub fn gone_for(&self, seat: Color, ms: i64, now: i64) -> bool {
        self.conns[seat].load(Ordering::SeqCst) <= 0
            && now - self.last_seen[seat].load(Ordering::SeqCst) >= ms
    }

    /// When the connected player of `rec` may claim the win against the gone one, if exactly
    /// one seat is gone from a going game and that seat was ever claimed: `abandon_ms` after it
    /// left (correspondence: when the gone side to move's days run out).
    pub fn claim_from(&self, rec: &Record, to_move: Color, abandon_ms: i64) -> Option<i64> {
        let on = ByColor::from_fn(|c| self.connected(c));
        if !rec.ongoing() || on[Color::White] == on[Color::Black] {
            return None;
        }
        let gone = Color::ALL.into_iter().find(|&c| !on[c])?;
        if rec.claimed[gone] == 0 {
            return None;
        }
        match rec.control {
            TimeControl::Days { .. } => (to_move == gone).then(|| rec.turn_start + rec.times[gone]),
            _ => Some(self.last_seen[gone].load(Ordering::SeqCst) + abandon_ms),
        }
    }

    /// The `presence` message for `rec` as `game` stands.
    pub fn message(
        &self,
        rec: &Record,
        game: &baroque_engine::Game,
        abandon_ms: i64,
    ) -> Outgoing<'static> {
        let to_move = game.position().side_to_move();
        Outgoing::Presence {
            white: self.connected(Color::White),
            black: self.connected(Color::Black),
            claim_from: self.claim_from(rec, to_move, abandon_ms),
        }
    }
}
