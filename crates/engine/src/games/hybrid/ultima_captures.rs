//! Capture geometry of the hybrid's Ultima pieces (hybrid.md §7.8) on the square-indexed board:
//! slides, the Long Leaper's walk, withdrawal, approach and coordination. Ultima itself does not
//! use it: its 8×8 board works on `u64` bit sets (`games/ultima/captures.rs`). The callers decide
//! which enemies a method may take and which pieces are frozen.
//!
//! Every function judges a move with the mover on its destination and its start square empty
//! (ultima.md G2): callers pass the position before the move, and the helpers never count the
//! mover's own start square as a piece.

use crate::geometry::{Dir, Shape, Square, SquareSet};
use crate::piece::{Color, Piece};
use crate::position::Position;

/// The Long Leaper's walk (ultima.md §5.3, hybrid.md §7.8) from `from` along `d` for a piece of
/// colour `us`. `jumpable(p)` says which enemy pieces may be jumped (all for the Leaper, only
/// Long Leapers for a Chameleon); any other piece ends the walk. With `single`, the walk ends at
/// the next piece after the first jump. Calls `f(to, victims)` for every destination.
#[inline]
pub(crate) fn leaper_walk(
    pos: &Position,
    from: Square,
    d: Dir,
    us: Color,
    single: bool,
    jumpable: impl Fn(Piece) -> bool,
    mut f: impl FnMut(Square, SquareSet),
) {
    let shape = Shape::Ten;
    let mut s = from;
    let mut victims = SquareSet::EMPTY;
    while let Some(t) = shape.step(s, d) {
        match pos.piece_at(t) {
            None => {
                f(t, victims);
                s = t;
            }
            Some(p) => {
                if p.color() == us || !jumpable(p) || (single && victims.any()) {
                    break;
                }
                match shape.step(t, d) {
                    Some(beyond) if pos.is_empty(beyond) => {
                        victims.insert(t);
                        s = t;
                    }
                    _ => break,
                }
            }
        }
    }
}

/// The piece a move from `from` in direction `d` withdraws from: the enemy of `us` on the square
/// next to `from` opposite to `d`, if any.
#[inline]
pub(crate) fn withdrawal_victim(
    pos: &Position,
    from: Square,
    d: Dir,
    us: Color,
) -> Option<(Square, Piece)> {
    let sq = Shape::Ten.step(from, d.opposite())?;
    let p = pos.piece_at(sq)?;
    (p.color() != us).then_some((sq, p))
}

/// The piece a move ending on `to` in direction `d` approaches: the enemy of `us` on the next
/// square after `to` in direction `d`, if any.
#[inline]
pub(crate) fn approach_victim(
    pos: &Position,
    to: Square,
    d: Dir,
    us: Color,
) -> Option<(Square, Piece)> {
    let sq = Shape::Ten.step(to, d)?;
    let p = pos.piece_at(sq)?;
    (p.color() != us).then_some((sq, p))
}

/// The two corner squares of the rectangle a Coordinator on `to` forms with its King on `king`:
/// (King's file, `to`'s rank) and (`to`'s file, King's rank), in that order (hybrid.md §10).
/// Empty when `to` shares a rank or file with the King.
#[inline]
pub(crate) fn coordinator_corners(shape: Shape, to: Square, king: Square) -> [Option<Square>; 2] {
    let (tx, ty) = shape.coords(to);
    let (kx, ky) = shape.coords(king);
    if tx == kx || ty == ky {
        return [None, None];
    }
    [shape.square(kx, ty), shape.square(tx, ky)]
}

/// The enemies of `us` that a Coordinator move ending on `to` captures with its King on `king`,
/// keeping only those `takes(p)` accepts. `from` is the mover's start (treated as empty).
#[inline]
pub(crate) fn coordinator_victims(
    pos: &Position,
    from: Square,
    to: Square,
    king: Square,
    us: Color,
    takes: impl Fn(Piece) -> bool,
) -> SquareSet {
    let mut v = SquareSet::EMPTY;
    for sq in coordinator_corners(Shape::Ten, to, king)
        .into_iter()
        .flatten()
    {
        if sq == from {
            continue;
        }
        if let Some(p) = pos.piece_at(sq) {
            if p.color() != us && takes(p) {
                v.insert(sq);
            }
        }
    }
    v
}
