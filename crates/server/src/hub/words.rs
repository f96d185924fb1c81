//! lichess's words for how a game ended: the status of the engine's ending, the winner of the
//! engine's result, and the record finished with them.

use baroque_engine::{Color, GameResult};

use crate::ending::{Reason, Status};
use crate::record::{Offers, Record};

/// The winner of `result` (none for a draw or none yet).
pub(super) fn winner(result: GameResult) -> Option<Color> {
    match result {
        GameResult::White => Some(Color::White),
        GameResult::Black => Some(Color::Black),
        GameResult::Draw | GameResult::Ongoing => None,
    }
}

/// The result of `color`'s win.
pub(super) fn win(color: Color) -> GameResult {
    match color {
        Color::White => GameResult::White,
        Color::Black => GameResult::Black,
    }
}

/// lichess's status for the engine's ending.
pub(super) fn status_of(reason: baroque_engine::Reason) -> Status {
    use baroque_engine::Reason as R;
    match reason {
        R::Checkmate => Status::Mate,
        R::Stalemate => Status::Stalemate,
        R::KingCaptured | R::NoMoves => Status::VariantEnd,
        R::Repetition | R::FiftyMove | R::InsufficientMaterial => Status::Draw,
        R::Timeout | R::TimeoutVsInsufficientMaterial => Status::Outoftime,
    }
}

/// Ends `rec` with lichess's `status`, the winner of `result` and `reason`; the offers
/// standing lapse.
pub(super) fn finish(rec: &mut Record, status: Status, result: GameResult, reason: Reason) {
    rec.status = status;
    rec.winner = winner(result);
    rec.reason = Some(reason);
    rec.offers = Offers::default();
}
