//! What falls due in a going game with nobody acting, and when: the side to move's flag, and
//! the abort of a game that never started (lichess's `noStart`).
//!
//! - **Flag:** a live clock that runs ([`TimeControl::runs_at`]) falls when the side to move's
//!   time is out.
//! - **First move:** in a live game, the side to move that has not made its first move within
//!   [`Limits::first_move_ms`] of its opponent being there is not coming: White's time counts
//!   from when both seats are claimed, Black's from White's first move (or from Black's arrival,
//!   if White moved first). The game is aborted.
//! - **An invitation never taken:** a game whose seats are not both claimed within
//!   [`Limits::untaken_ms`] of its creation is aborted, whatever its clock.
//!
//! One deadline per game ([`next`]) is stored in its row (`games.deadline`), so that the
//! servers' deadline sweep finds it in a game nobody holds; the watchdog of a held game sleeps
//! until it.

use baroque_engine::{Color, Game};

use crate::clock::TimeControl;
use crate::record::Record;

/// How long a game may wait for its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long a side to move may take over its first move once its opponent is there
    /// (`--first-move-secs`, default 30 s: lichess's 15–35 s by speed).
    pub first_move_ms: i64,
    /// How long an invitation may stay untaken before the game is aborted (24 h).
    pub untaken_ms: i64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            first_move_ms: 30_000,
            untaken_ms: 24 * 3_600_000,
        }
    }
}

/// What falls due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// The side to move's live clock runs out.
    Flag,
    /// The game never started: a seat never taken, or a first move never made.
    NoStart,
}

/// When something falls due in `rec` (its engine game `game`) and what, if anything does.
pub fn next(rec: &Record, game: &Game, limits: &Limits) -> Option<(i64, Due)> {
    if !rec.ongoing() {
        return None;
    }
    if rec.claimed.0.contains(&0) {
        return Some((rec.created + limits.untaken_ms, Due::NoStart));
    }
    let live = matches!(rec.control, TimeControl::Live { .. });
    let ply = rec.moves.len();
    if live && ply < 2 {
        // White's first move counts from both seats claimed, Black's from White's move (or
        // from its own arrival, if White moved before Black came).
        let from = rec
            .turn_start
            .max(rec.claimed[Color::White])
            .max(rec.claimed[Color::Black]);
        return Some((from + limits.first_move_ms, Due::NoStart));
    }
    if live && rec.control.runs_at(ply) {
        let side = game.position().side_to_move();
        return Some((rec.turn_start + rec.times[side], Due::Flag));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ending::Status;
    use crate::record::NewGame;
    use baroque_engine::piece::ByColor;

    fn game(control: TimeControl, claimed: ByColor<i64>) -> Record {
        Record::new_game(
            NewGame {
                id: "g".into(),
                variant: "omega".into(),
                fen: String::new(),
                options: String::new(),
                control,
                tokens: ByColor::default(),
                claimed,
                users: ByColor::default(),
                rated: false,
            },
            1_000,
        )
    }

    #[test]
    fn each_rule_has_its_deadline() {
        let limits = Limits::default();
        let live = TimeControl::Live {
            limit_ms: 60_000,
            inc_ms: 0,
        };
        let mut rec = game(live, ByColor::new(0, 0));
        let g = rec.build().unwrap();
        assert_eq!(
            next(&rec, &g, &limits),
            Some((1_000 + limits.untaken_ms, Due::NoStart))
        );
        rec.claimed = ByColor::new(2_000, 5_000);
        assert_eq!(next(&rec, &g, &limits), Some((35_000, Due::NoStart)));
        rec.moves = vec!["e1e4".into()];
        rec.turn_start = 9_000;
        assert_eq!(next(&rec, &g, &limits), Some((39_000, Due::NoStart)));
        rec.claimed[Color::Black] = 12_000;
        assert_eq!(next(&rec, &g, &limits), Some((42_000, Due::NoStart)));
        rec.moves.push("e8e5".into());
        let g = rec.build().unwrap();
        assert_eq!(next(&rec, &g, &limits), Some((69_000, Due::Flag)));
        // Correspondence and unlimited games wait for a first move as long as it takes.
        let mut days = game(TimeControl::Days { days: 1 }, ByColor::new(1, 1));
        assert_eq!(next(&days, &g, &limits), None);
        days.status = Status::Resign;
        days.claimed = ByColor::new(0, 0);
        assert_eq!(next(&days, &g, &limits), None);
    }
}
