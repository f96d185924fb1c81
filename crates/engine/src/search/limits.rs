//! What the caller allows a search to spend ([`Limits`]) and how a chess clock turns into a
//! time budget ([`Clock`]).
//!
//! The engine has no clock of its own: time limits are checked against the caller's
//! [`super::SearchEnv::now_ms`]. Every limit, when reached, returns the best move found so far.
//!
//! ```
//! use baroque_engine::search::{Clock, Limits};
//! let l = Limits::depth(4);
//! assert_eq!(l.depth, Some(4));
//! let c = Clock { time_ms: 60_000, inc_ms: 1_000, movestogo: None };
//! let l = Limits::from_clock(&c);
//! let hard = l.movetime_ms.unwrap();
//! let soft = l.soft_time_ms.unwrap();
//! assert!(soft <= hard && hard < 60_000);
//! ```

/// Search limits. `Limits::default()` (the same as [`Limits::infinite`]) has no limit at all: the search runs until the caller's
/// [`super::SearchEnv::should_stop`] says stop (UCI `go infinite`) or the maximum depth is reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// Deepest iteration to complete (plies, at least 1).
    pub depth: Option<u32>,
    /// Node budget: the search stops once it has visited this many nodes.
    pub nodes: Option<u64>,
    /// Hard time limit in milliseconds, measured with the caller's clock from the start of the
    /// search. The search stops inside an iteration when it is reached.
    pub movetime_ms: Option<u64>,
    /// Soft time limit: no new iteration starts after this many milliseconds (clock games).
    pub soft_time_ms: Option<u64>,
    /// Human-like play: choose at random (seeded, see [`super::Searcher::set_seed`]) among the
    /// root moves scoring within this many centipawns of the best, nearer ones more often.
    /// 0 always plays the best move.
    pub near_best_cp: u32,
    /// How many best root moves to find, each with its own score and line (MultiPV; the
    /// analysis board). 0 and 1 both mean one; more than the legal moves means all of them.
    /// With a near-best margin the search looks for one line only.
    pub multipv: u32,
    /// Pondering: the search thinks on the opponent's time and ignores its time limits until
    /// [`super::SearchEnv::ponderhit`] says the expected move was played; from then on the
    /// time limits count from that moment (and a search that already used its soft time
    /// while pondering stops at once). Depth and node limits always apply.
    pub ponder: bool,
}

impl Limits {
    /// No limit at all: the search runs until the caller's [`super::SearchEnv::should_stop`]
    /// says stop, or it has nothing left to find (the deepest iteration, or a forced mate
    /// found within the depth with a single line). UCI's `go infinite`; the analysis board.
    pub const fn infinite() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            movetime_ms: None,
            soft_time_ms: None,
            near_best_cp: 0,
            multipv: 1,
            ponder: false,
        }
    }

    /// These limits with `k` best lines (MultiPV).
    pub const fn with_multipv(self, k: u32) -> Limits {
        Limits { multipv: k, ..self }
    }

    /// The number of lines to find (at least one, one with a near-best margin).
    pub fn lines(&self) -> usize {
        if self.near_best_cp > 0 {
            1
        } else {
            self.multipv.max(1) as usize
        }
    }

    /// Search to a fixed depth.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            movetime_ms: None,
            soft_time_ms: None,
            near_best_cp: 0,
            multipv: 1,
            ponder: false,
        }
    }

    /// Search a fixed number of nodes.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            movetime_ms: None,
            soft_time_ms: None,
            near_best_cp: 0,
            multipv: 1,
            ponder: false,
        }
    }

    /// Search for a fixed time (milliseconds).
    pub const fn movetime(ms: u64) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            movetime_ms: Some(ms),
            soft_time_ms: None,
            near_best_cp: 0,
            multipv: 1,
            ponder: false,
        }
    }

    /// Limits for a move under a chess clock (see [`Clock::budget`]).
    pub fn from_clock(clock: &Clock) -> Limits {
        let (soft, hard) = clock.budget();
        Limits {
            depth: None,
            nodes: None,
            movetime_ms: Some(hard),
            soft_time_ms: Some(soft),
            near_best_cp: 0,
            multipv: 1,
            ponder: false,
        }
    }

    /// Whether the limits use the caller's clock at all.
    pub fn uses_clock(&self) -> bool {
        self.movetime_ms.is_some() || self.soft_time_ms.is_some()
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::infinite()
    }
}

/// The mover's clock, as UCI's `go wtime/btime/winc/binc/movestogo` gives it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Clock {
    /// Time left on the mover's clock (ms).
    pub time_ms: u64,
    /// Increment per move (ms).
    pub inc_ms: u64,
    /// Moves until the next time control, if any.
    pub movestogo: Option<u32>,
}

/// Time kept back for the caller's own latency (ms).
const OVERHEAD_MS: u64 = 30;

impl Clock {
    /// The mover's clock from UCI's `go` fields.
    pub fn for_side(
        side: crate::Color,
        wtime: u64,
        btime: u64,
        winc: u64,
        binc: u64,
        movestogo: Option<u32>,
    ) -> Clock {
        match side {
            crate::Color::White => Clock {
                time_ms: wtime,
                inc_ms: winc,
                movestogo,
            },
            crate::Color::Black => Clock {
                time_ms: btime,
                inc_ms: binc,
                movestogo,
            },
        }
    }

    /// `(soft, hard)` milliseconds for this move: the soft budget is the time to aim at (no new
    /// iteration starts after it), the hard one the time never to exceed. A pure function: the
    /// share of the remaining time is `1/movestogo` (or `1/30` without a control), plus three
    /// quarters of the increment; the hard limit is four times that, at most a third of the
    /// remaining time, and always leaves 30 ms (`OVERHEAD_MS`) on the clock. Both are at least 1 ms.
    pub fn budget(&self) -> (u64, u64) {
        let left = self.time_ms.saturating_sub(OVERHEAD_MS);
        let moves = u64::from(self.movestogo.unwrap_or(30).clamp(1, 50));
        let share = left / (moves + 1) + self.inc_ms * 3 / 4;
        let cap = if self.movestogo == Some(1) {
            left
        } else {
            left / 3 + self.inc_ms / 2
        }
        .min(left);
        let soft = share.min(cap).max(1);
        let hard = (share * 4).min(cap).max(soft);
        (soft, hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_stays_inside_the_clock() {
        for time in [0u64, 10, 100, 1_000, 10_000, 300_000] {
            for inc in [0u64, 100, 2_000] {
                for mtg in [None, Some(1), Some(5), Some(40)] {
                    let c = Clock {
                        time_ms: time,
                        inc_ms: inc,
                        movestogo: mtg,
                    };
                    let (soft, hard) = c.budget();
                    assert!(soft >= 1 && soft <= hard, "{c:?}: {soft} {hard}");
                    if time > OVERHEAD_MS + 10 {
                        assert!(hard <= time - OVERHEAD_MS, "{c:?}: {hard}");
                    }
                }
            }
        }
    }

    #[test]
    fn more_time_gives_more_budget() {
        let a = Clock {
            time_ms: 10_000,
            inc_ms: 0,
            movestogo: None,
        }
        .budget();
        let b = Clock {
            time_ms: 100_000,
            inc_ms: 0,
            movestogo: None,
        }
        .budget();
        assert!(b.0 > a.0 && b.1 > a.1);
        let last = Clock {
            time_ms: 10_000,
            inc_ms: 0,
            movestogo: Some(1),
        }
        .budget();
        assert!(
            last.0 > a.0,
            "the last move before the control may use more"
        );
    }

    #[test]
    fn side_picks_its_own_clock() {
        let c = Clock::for_side(crate::Color::Black, 1, 2, 3, 4, Some(7));
        assert_eq!((c.time_ms, c.inc_ms, c.movestogo), (2, 4, Some(7)));
    }
}
