//! Move text against a position: writing a move's text (`g4d4`, `e8e9q`) and resolving parsed
//! text to one of the legal moves, with a message saying why it fails.

use alloc::string::String;
use alloc::vec::Vec;

use crate::moves::{Move, MoveList, MoveText};
use crate::piece::Role;
use crate::position::{IllegalMove, MoveError, Position};

use super::spec;

/// The move text of `m`: squares, plus the pawn's promotion letter.
pub(crate) fn move_text(pos: &Position, m: &Move) -> String {
    let spec = spec(pos.game());
    let mut t = m.move_text();
    t.promotion_char = match (m.role, m.promotion) {
        (Role::Pawn, Some(r)) => spec
            .promotion_letters
            .iter()
            .find(|(_, role)| *role == r)
            .map(|(c, _)| *c),
        _ => None,
    };
    t.to_string(spec.shape)
}

/// Resolves parsed move text against the legal moves, with a message saying why it fails.
pub(crate) fn resolve(
    pos: &Position,
    legal: &MoveList,
    t: &MoveText,
    raw: &str,
) -> Result<Move, MoveError> {
    let spec = spec(pos.game());
    let shape = spec.shape;
    let illegal = |reason: IllegalMove| MoveError::Illegal {
        text: String::from(raw),
        reason,
    };
    let candidates: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == t.from && m.to == t.to)
        .collect();
    if candidates.is_empty() {
        let square = alloc::format!("{}", shape.square_name(t.from));
        let reason = match pos.piece_at(t.from) {
            None => IllegalMove::NoPiece { square },
            Some(p) if p.color() != pos.side_to_move() => IllegalMove::NotYourPiece {
                square,
                owner: p.color(),
                to_move: pos.side_to_move(),
            },
            Some(p) if t.from == t.to => IllegalMove::NoSuicide {
                role: p.role(),
                square,
            },
            Some(p) => IllegalMove::NoMoveTo {
                role: p.role(),
                from: square,
                to: alloc::format!("{}", shape.square_name(t.to)),
            },
        };
        return Err(illegal(reason));
    }
    let choice = candidates
        .iter()
        .any(|m| m.role == Role::Pawn && m.promotion.is_some());
    let letters = || {
        let v: Vec<String> = spec
            .promotion_letters
            .iter()
            .map(|(c, _)| alloc::format!("{c}"))
            .collect();
        v.join(", ")
    };
    match (choice, t.promotion_char) {
        (true, None) => Err(illegal(IllegalMove::MustPromote { letters: letters() })),
        (true, Some(c)) => {
            let role = spec.promotion_role(c).ok_or_else(|| {
                illegal(IllegalMove::NotAChoice {
                    letter: c,
                    letters: letters(),
                })
            })?;
            candidates
                .iter()
                .find(|m| m.promotion == Some(role))
                .map(|m| **m)
                .ok_or_else(|| illegal(IllegalMove::PromotionNotAllowed { letter: c }))
        }
        (false, Some(c)) => Err(illegal(IllegalMove::NoPromotion { letter: c })),
        (false, None) => Ok(*candidates[0]),
    }
}
