//! The Dog (hybrid.md §7.6): a diagonal slide of one to three squares that captures by
//! displacement. It is never frozen and never promotes.

use crate::geometry::Shape;
use crate::geometry::{Dir, Square, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

/// How far a Dog slides.
pub(super) const DOG_RANGE: usize = 3;

/// Adds the pseudo-legal moves of a Dog of `us` on `from`.
pub(super) fn dog_moves(pos: &Position, us: Color, from: Square, out: &mut MoveList) {
    let shape = Shape::Ten;
    for d in Dir::DIAGONAL {
        let mut s = from;
        for _ in 0..DOG_RANGE {
            let Some(t) = shape.step(s, d) else { break };
            match pos.piece_at(t) {
                None => out.push(Move::new(Role::Dog, from, t, SquareSet::EMPTY)),
                Some(p) => {
                    if p.color() != us {
                        out.push(Move::new(Role::Dog, from, t, SquareSet::from_square(t)));
                    }
                    break;
                }
            }
            s = t;
        }
    }
}
