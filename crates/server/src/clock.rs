//! The server's clocks: a live clock (limit and increment), a correspondence clock (days per
//! move) or none. Times are the server's wall-clock milliseconds; a client's times are never
//! read.
//!
//! A record keeps each side's remaining time as of `turn_start`, the moment the side to move
//! began its turn; the side to move's time now is that minus the time since.

/// Milliseconds since the Unix epoch, the server's time.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The most a move's lag compensation may give back, in milliseconds.
pub const LAG_CAP_MS: i64 = 500;

/// A game's time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No clock.
    Unlimited,
    /// A live clock: each side starts with `limit_ms` and gains `inc_ms` after each move.
    Live {
        /// Starting time per side.
        limit_ms: i64,
        /// Increment per move.
        inc_ms: i64,
    },
    /// Correspondence: each move must come within `days` days.
    Days {
        /// Days per move.
        days: i64,
    },
}

/// Milliseconds in a day.
const DAY_MS: i64 = 86_400_000;

impl TimeControl {
    /// The control stored as (limit, increment, days) columns.
    pub fn from_columns(limit_ms: i64, inc_ms: i64, days: i64) -> TimeControl {
        if days > 0 {
            TimeControl::Days { days }
        } else if limit_ms > 0 || inc_ms > 0 {
            TimeControl::Live { limit_ms, inc_ms }
        } else {
            TimeControl::Unlimited
        }
    }

    /// The (limit, increment, days) columns.
    pub fn columns(self) -> (i64, i64, i64) {
        match self {
            TimeControl::Unlimited => (0, 0, 0),
            TimeControl::Live { limit_ms, inc_ms } => (limit_ms, inc_ms, 0),
            TimeControl::Days { days } => (0, 0, days),
        }
    }

    /// Each side's time when the game starts (0 without a clock).
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Unlimited => 0,
            TimeControl::Live { limit_ms, .. } => limit_ms,
            TimeControl::Days { days } => days * DAY_MS,
        }
    }

    /// The control checked against the engine's one set of bounds
    /// ([`baroque_engine::clock`]: a start of 1 s to 600 min, an increment of 0–600 s, 1–14
    /// days); its message when out of them.
    pub fn check(self) -> Result<(), baroque_engine::clock::TimeControlError> {
        use baroque_engine::clock::TimeControl as Engine;
        let whole = |ms: i64| u64::try_from(ms).unwrap_or(u64::MAX);
        match self {
            TimeControl::Unlimited => Ok(()),
            TimeControl::Live { limit_ms, inc_ms } => {
                Engine::clock(whole(limit_ms), whole(inc_ms)).map(|_| ())
            }
            TimeControl::Days { days } => {
                Engine::correspondence(u32::try_from(days).unwrap_or(u32::MAX)).map(|_| ())
            }
        }
    }

    /// The increment (0 unless live).
    pub fn inc_ms(self) -> i64 {
        match self {
            TimeControl::Live { inc_ms, .. } => inc_ms,
            _ => 0,
        }
    }

    /// Whether the side to move's time runs after `ply` plies: a live clock starts once both
    /// sides have made their first move (as lichess's does), a correspondence clock at once.
    pub fn runs_at(self, ply: usize) -> bool {
        match self {
            TimeControl::Unlimited => false,
            TimeControl::Live { .. } => ply >= 2,
            TimeControl::Days { .. } => true,
        }
    }

    /// The mover's time after a move that took `elapsed_ms` (less `lag_ms` given back, at most
    /// [`LAG_CAP_MS`] and never more than the move took) from `before_ms`, or `None` when the
    /// time had run out. A correspondence move resets the mover's time to the days per move.
    pub fn after_move(
        self,
        before_ms: i64,
        elapsed_ms: i64,
        lag_ms: i64,
        ply: usize,
    ) -> Option<i64> {
        if !self.runs_at(ply) {
            return Some(before_ms);
        }
        let back = lag_ms.clamp(0, LAG_CAP_MS).min(elapsed_ms.max(0));
        let left = before_ms - elapsed_ms.max(0) + back;
        if left <= 0 {
            return None;
        }
        Some(match self {
            TimeControl::Days { .. } => self.initial_ms(),
            _ => left + self.inc_ms(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_clock_charges_the_mover_and_adds_the_increment() {
        let tc = TimeControl::Live {
            limit_ms: 60_000,
            inc_ms: 2_000,
        };
        assert_eq!(tc.after_move(60_000, 5_000, 0, 0), Some(60_000));
        assert_eq!(tc.after_move(60_000, 5_000, 0, 2), Some(57_000));
        assert_eq!(tc.after_move(60_000, 5_000, 200, 2), Some(57_200));
        assert_eq!(tc.after_move(60_000, 5_000, 9_000, 2), Some(57_500));
        assert_eq!(tc.after_move(1_000, 100, 900, 2), Some(3_000));
        assert_eq!(tc.after_move(1_000, 1_000, 0, 2), None);
    }

    #[test]
    fn correspondence_resets_each_move() {
        let tc = TimeControl::Days { days: 2 };
        assert_eq!(tc.after_move(1_000_000, 500_000, 0, 0), Some(2 * DAY_MS));
        assert_eq!(tc.after_move(1_000, 5_000, 0, 5), None);
        assert_eq!(TimeControl::from_columns(0, 0, 2), tc);
        assert_eq!(TimeControl::from_columns(0, 0, 0), TimeControl::Unlimited);
    }
}
