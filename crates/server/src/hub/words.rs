//! lichess's words for how a game ended: the status word, the winner's colour name, and the
//! record finished with them.

use baroque_engine::{GameResult, Reason};

use crate::record::{Offers, Record};

/// lichess's winner word for `result` (empty for a draw or none).
pub(super) fn winner_name(result: GameResult) -> &'static str {
    match result {
        GameResult::White => "white",
        GameResult::Black => "black",
        _ => "",
    }
}

/// lichess's status word for the engine's reason.
pub(super) fn status_word(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "mate",
        Reason::Stalemate => "stalemate",
        Reason::KingCaptured | Reason::NoMoves => "variantEnd",
        Reason::Repetition | Reason::FiftyMove | Reason::InsufficientMaterial => "draw",
        Reason::Timeout | Reason::TimeoutVsInsufficientMaterial => "outoftime",
    }
}

/// Ends `rec` with lichess's `status`, the winner of `result` and the engine's `reason`; the
/// offers standing lapse.
pub(super) fn finish(rec: &mut Record, status: &str, result: GameResult, reason: &str) {
    rec.status = status.into();
    rec.winner = winner_name(result).into();
    rec.reason = reason.into();
    rec.offers = Offers::default();
}
