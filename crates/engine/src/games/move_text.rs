//! Move text against a position: writing a move's text (`g4d4`, `e8e9q`) and finding the legal
//! move that typed text names, with a reason when there is none.
//!
//! Typed text is read in this order:
//! 1. contract move text in its canonical lowercase form (`g4d4`, `e8e9q`): it never equals a
//!    display notation, which starts with a piece letter, holds `x`, `=` or spaces, or has one
//!    square only;
//! 2. the display notation of a legal move, written exactly (letter case matters: Omega's pawn
//!    capture `bxc6` is not the Bishop's `Bxc6`, and `C0g2` is the Champion on rank 0, not move
//!    text from c0); spaces and the marks `+ # ! ?` are ignored;
//! 3. move text in any case (`G4D4`);
//! 4. when the text is not move text at all, the notation in another case, if exactly one legal
//!    move has it (`nd2` for `Nd2`).
//!
//! Otherwise the move text's error (syntax, or why no legal move matches) is returned.

use alloc::string::String;
use alloc::vec::Vec;

use crate::moves::{Move, MoveKind, MoveList, MoveText};
use crate::piece::Role;
use crate::position::{IllegalMove, MoveError, Position};

use super::spec;

/// The move text of `m`: squares, plus the pawn's promotion letter.
pub(crate) fn move_text(pos: &Position, m: &Move) -> String {
    let spec = spec(pos.game());
    let t = MoveText {
        from: m.from,
        to: m.to,
        promotion_char: match (m.role, m.promotion) {
            (Role::Pawn, Some(r)) => spec.promotion_letter(r),
            _ => None,
        },
    };
    t.to_string(spec.shape)
}

/// The legal move of `pos` that `text` names (see the module comment for the order).
pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let legal = pos.legal_moves();
    let raw = text.trim();
    let parsed = MoveText::parse(pos.shape(), text);
    let canonical = !raw.chars().any(|c| c.is_ascii_uppercase());
    let by_text = parsed.map(|t| resolve(pos, &legal, &t, raw));
    if canonical {
        if let Ok(Ok(m)) = by_text {
            return Ok(m);
        }
    }
    let want = strip_marks(raw);
    if !want.is_empty() {
        // Every notation names its destination square (castling aside), so only those moves
        // need their notation written (each costs a look at the position after the move).
        let lower = want.to_lowercase();
        let shape = pos.shape();
        let named: Vec<&Move> = legal
            .iter()
            .filter(|m| {
                m.kind == MoveKind::Castle
                    || lower.contains(&alloc::format!("{}", shape.square_name(m.to)).to_lowercase())
            })
            .collect();
        let written: Vec<String> = named
            .iter()
            .map(|m| strip_marks(&pos.notation(m)))
            .collect();
        if let Some(i) = written.iter().position(|n| *n == want) {
            return Ok(*named[i]);
        }
        match by_text {
            Ok(Ok(m)) => return Ok(m),
            Ok(Err(e)) => return Err(e),
            Err(_) => {}
        }
        let mut same = written
            .iter()
            .enumerate()
            .filter(|(_, n)| n.to_lowercase() == lower);
        if let (Some((i, _)), None) = (same.next(), same.next()) {
            return Ok(*named[i]);
        }
    }
    match by_text {
        Ok(r) => r,
        Err(e) => Err(e.into()),
    }
}

/// Notation without spaces and without the marks `+ # ! ?`.
fn strip_marks(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '+' | '#' | '!' | '?'))
        .collect()
}

/// Resolves parsed move text against the legal moves, with the reason when it fails.
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
