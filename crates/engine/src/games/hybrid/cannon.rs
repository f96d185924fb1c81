//! The Cannon (hybrid.md §7.5): quiet moves up to the first piece and beyond one screen, and
//! the hop capture of the first piece after exactly one screen.

use crate::geometry::Shape;
use crate::geometry::{Dir, Square, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

/// Adds the pseudo-legal moves of a Cannon of `us` on `from`.
pub(super) fn cannon_moves(pos: &Position, us: Color, from: Square, out: &mut MoveList) {
    let shape = Shape::Ten;
    for d in Dir::ORTHOGONAL {
        let mut s = from;
        let mut screened = false;
        while let Some(t) = shape.step(s, d) {
            match pos.piece_at(t) {
                None => out.push(Move::new(Role::Cannon, from, t, SquareSet::EMPTY)),
                Some(_) if !screened => screened = true,
                Some(p) => {
                    if p.color() != us {
                        out.push(Move::new(Role::Cannon, from, t, SquareSet::from_square(t)));
                    }
                    break;
                }
            }
            s = t;
        }
    }
}
