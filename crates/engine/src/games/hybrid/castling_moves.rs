//! Castling (hybrid.md §7.2): the King moves three squares towards the Rook and the Rook lands
//! beside it on the other side. Every square the King crosses or lands on is tested by
//! placing only the King there, because Ultima attacks depend on where the King stands.

use crate::geometry::Shape;
use crate::geometry::{Square, SquareSet};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

use super::attacks::king_attacked;
use super::SPEC;

/// Adds the castling moves of `us` allowed by §7.2 rules 1–5 (rule 6, the final position, is
/// the legal-move filter's). `frozen` holds `us`'s frozen pieces.
pub(super) fn castling_moves(pos: &Position, us: Color, frozen: SquareSet, out: &mut MoveList) {
    let shape = Shape::Ten;
    let rights = pos.castling_rights();
    let mut in_check: Option<bool> = None;
    for c in SPEC.castles {
        if c.color != us || rights & c.right == 0 {
            continue;
        }
        let (Some(kf), Some(kt), Some(rf)) = (
            shape.square(c.king_from.0, c.king_from.1),
            shape.square(c.king_to.0, c.king_to.1),
            shape.square(c.rook_from.0, c.rook_from.1),
        ) else {
            continue;
        };
        let king = Piece::new(us, Role::King);
        if pos.piece_at(kf) != Some(king) || pos.piece_at(rf) != Some(Piece::new(us, Role::Rook)) {
            continue;
        }
        // 3. Neither the King nor the Rook is frozen.
        if frozen.contains(kf) || frozen.contains(rf) {
            continue;
        }
        // 2. Every square between King and Rook is empty.
        let y = c.king_from.1;
        let (lo, hi) = if c.rook_from.0 < c.king_from.0 {
            (c.rook_from.0, c.king_from.0)
        } else {
            (c.king_from.0, c.rook_from.0)
        };
        if ((lo + 1)..hi).any(|x| shape.square(x, y).is_some_and(|s| !pos.is_empty(s))) {
            continue;
        }
        // 4. The King is not in check.
        let checked = *in_check.get_or_insert_with(|| king_attacked(pos, us));
        if checked {
            continue;
        }
        // 5. The King alone, placed on each square it crosses or lands on, is not in check.
        let step = (c.king_to.0 - c.king_from.0).signum();
        let mut x = c.king_from.0;
        let mut safe = true;
        while x != c.king_to.0 {
            x += step;
            let Some(s) = shape.square(x, y) else {
                safe = false;
                break;
            };
            if king_attacked(&king_placed_on(pos, kf, s), us) {
                safe = false;
                break;
            }
        }
        if safe {
            out.push(Move {
                kind: MoveKind::Castle,
                ..Move::new(Role::King, kf, kt, SquareSet::EMPTY)
            });
        }
    }
}

/// The position with only the King moved from `from` to the empty square `to`.
fn king_placed_on(pos: &Position, from: Square, to: Square) -> Position {
    let mut p = *pos;
    if let Some(k) = p.take(from) {
        p.put(to, k);
    }
    p
}
