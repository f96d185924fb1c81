//! Lag compensation that delaying acks cannot game.
//!
//! The server measures each seat's round trip from an event sent to its ack. A client may delay
//! its acks to look far away and be given time back on every move, so:
//! - the estimate is the **median** of the last [`SAMPLES`] round trips (one late ack moves
//!   nothing), halved (one way);
//! - what a move gets back is at most a **quota** (lichess's `LagTracker`): the quota starts at
//!   [`QUOTA_START_MS`], gains [`QUOTA_GAIN_MS`] with each move, is spent by what the move got
//!   back and never exceeds [`QUOTA_MAX_MS`]. A player whose real lag is under the gain is
//!   given all of it back; a client that fakes a long lag gets at most the gain a move (after
//!   the start's quota), whatever it claims;
//! - never more than [`crate::clock::LAG_CAP_MS`] a move, nor more than the move took;
//! - nothing for a move that arrives before the ack of the last event sent to its connection
//!   ([`Lag::withheld`]): a client acks an event as it gets it and moves after, and one
//!   WebSocket keeps their order, so such a move comes from a client holding its acks back.

use std::collections::VecDeque;
use std::sync::Mutex;

use baroque_engine::piece::ByColor;
use baroque_engine::Color;

/// How many recent round trips the estimate is the median of.
pub const SAMPLES: usize = 7;

/// The quota a seat starts with (ms).
pub const QUOTA_START_MS: i64 = 200;

/// What the quota gains with each move (ms): the most a faked lag wins a move in the long run.
pub const QUOTA_GAIN_MS: i64 = 100;

/// The most the quota holds (ms).
pub const QUOTA_MAX_MS: i64 = 500;

#[derive(Debug)]
struct SeatLag {
    rtts: VecDeque<i64>,
    quota: i64,
    withheld: bool,
}

/// Each seat's recent round trips and compensation quota.
#[derive(Debug)]
pub struct Lag {
    seats: Mutex<ByColor<SeatLag>>,
}

impl Default for Lag {
    fn default() -> Lag {
        let fresh = || SeatLag {
            rtts: VecDeque::with_capacity(SAMPLES),
            quota: QUOTA_START_MS,
            withheld: false,
        };
        Lag {
            seats: Mutex::new(ByColor::from_fn(|_| fresh())),
        }
    }
}

impl Lag {
    fn with<T>(&self, f: impl FnOnce(&mut ByColor<SeatLag>) -> T) -> T {
        let mut g = self.seats.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut g)
    }

    /// Records a round trip of `rtt_ms` of `seat` (an event sent, its ack back).
    pub fn round_trip(&self, seat: Color, rtt_ms: i64) {
        self.with(|s| {
            let q = &mut s[seat].rtts;
            if q.len() == SAMPLES {
                q.pop_front();
            }
            q.push_back(rtt_ms.clamp(0, 20_000));
        });
    }

    /// The seat's one-way lag: half the median of its recent round trips (0 with none).
    pub fn estimate(&self, seat: Color) -> i64 {
        self.with(|s| {
            let mut v: Vec<i64> = s[seat].rtts.iter().copied().collect();
            if v.is_empty() {
                return 0;
            }
            v.sort_unstable();
            v[v.len() / 2] / 2
        })
    }

    /// Says whether the seat's coming move arrived with the last event sent to it unacked
    /// (then it gets nothing back).
    pub fn withheld(&self, seat: Color, withheld: bool) {
        self.with(|s| s[seat].withheld = withheld);
    }

    /// What the seat's next move may get back: its estimate, within its quota (nothing when its
    /// acks are held back).
    pub fn allowance(&self, seat: Color) -> i64 {
        let est = self.estimate(seat);
        self.with(|s| {
            if s[seat].withheld {
                0
            } else {
                est.min(s[seat].quota).max(0)
            }
        })
    }

    /// A move of `seat` under a running clock got `given_ms` back: the quota gains its
    /// [`QUOTA_GAIN_MS`] and loses what was given.
    pub fn spend(&self, seat: Color, given_ms: i64) {
        self.with(|s| {
            let q = &mut s[seat].quota;
            *q = (*q + QUOTA_GAIN_MS - given_ms.max(0)).clamp(0, QUOTA_MAX_MS);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::Color::{Black, White};

    #[test]
    fn one_late_ack_moves_nothing_and_a_faked_lag_is_held_to_the_quota() {
        let lag = Lag::default();
        for rtt in [40, 50, 60, 45, 55, 3_000] {
            lag.round_trip(White, rtt);
        }
        assert_eq!(
            lag.estimate(White),
            27,
            "the median's half, the late ack ignored"
        );
        // A client that delays every ack by 1.2 s.
        for _ in 0..SAMPLES {
            lag.round_trip(Black, 1_200);
        }
        let mut given = 0;
        for _ in 0..14 {
            let g = lag.allowance(Black).min(crate::clock::LAG_CAP_MS);
            lag.spend(Black, g);
            given += g;
        }
        assert_eq!(given, QUOTA_START_MS + 13 * QUOTA_GAIN_MS);
        // A move that comes before the ack of the event before it gets nothing.
        lag.withheld(Black, true);
        assert_eq!(lag.allowance(Black), 0);
        lag.withheld(Black, false);
        assert_eq!(lag.allowance(Black), 100);
        // An honest player under the gain gets all of it back every move.
        for _ in 0..14 {
            let g = lag.allowance(White);
            assert_eq!(g, 27);
            lag.spend(White, g);
        }
    }
}
