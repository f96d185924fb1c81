//! Move text against a position: writing a move's text (`g4d4`, `e8e9q`) and resolving parsed
//! text to one of the legal moves, with a message saying why it fails.

use alloc::string::String;
use alloc::vec::Vec;

use crate::moves::{Move, MoveList, MoveText};
use crate::piece::Role;
use crate::position::{MoveError, Position};

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
    let illegal = |why: String| MoveError::Illegal {
        text: String::from(raw),
        why,
    };
    let candidates: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == t.from && m.to == t.to)
        .collect();
    if candidates.is_empty() {
        let from = shape.square_name(t.from);
        let why = match pos.piece_at(t.from) {
            None => alloc::format!("there is no piece on {from}"),
            Some(p) if p.color() != pos.side_to_move() => alloc::format!(
                "the piece on {from} is {}'s and it is {}'s turn",
                p.color().as_str(),
                pos.side_to_move().as_str()
            ),
            Some(p) if t.from == t.to => alloc::format!(
                "the {} on {from} cannot commit suicide here (only a frozen piece other than the King may, where the rules allow it)",
                p.role().name()
            ),
            Some(p) => alloc::format!(
                "the {} on {from} has no legal move to {}",
                p.role().name(),
                shape.square_name(t.to)
            ),
        };
        return Err(illegal(why));
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
        (true, None) => Err(illegal(alloc::format!(
            "a pawn reaching this square must promote; add one of {}",
            letters()
        ))),
        (true, Some(c)) => {
            let role = spec.promotion_role(c).ok_or_else(|| {
                illegal(alloc::format!(
                    "'{c}' is not a promotion choice here; use one of {}",
                    letters()
                ))
            })?;
            candidates
                .iter()
                .find(|m| m.promotion == Some(role))
                .map(|m| **m)
                .ok_or_else(|| illegal(alloc::format!("promotion to '{c}' is not allowed here")))
        }
        (false, Some(c)) => Err(illegal(alloc::format!(
            "this move takes no promotion letter, but '{c}' was given"
        ))),
        (false, None) => Ok(*candidates[0]),
    }
}
