//! Attack tests (omega.md §5): whether a side attacks a square, looking outward from the square
//! through the leap tables and along the eight slider lines. Used for check, castling and the
//! fast legality test.

use crate::geometry::{Dir, Leap, Shape, Square, SquareSet};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

const SHAPE: Shape = Shape::Omega;

/// Whether `role` slides along `d` (Rook and Queen orthogonally, Bishop and Queen diagonally).
#[inline]
pub(crate) fn slides_along(role: Role, d: Dir) -> bool {
    match role {
        Role::Queen => true,
        Role::Rook => d.is_orthogonal(),
        Role::Bishop => !d.is_orthogonal(),
        _ => false,
    }
}

/// Whether any piece of `by` on a square of `from_set` has role `role`.
#[inline]
fn any_role(pos: &Position, from_set: SquareSet, by: Color, role: Role) -> bool {
    let want = Some(Piece::new(by, role));
    from_set
        .and(pos.by_color(by))
        .iter()
        .any(|s| pos.piece_at(s) == want)
}

/// The squares from which a pawn of `by` would capture on `sq`: one rank behind it (from `by`'s
/// point of view), one file to either side.
#[inline]
pub(crate) fn pawn_attack_origins(sq: Square, by: Color) -> SquareSet {
    let (a, b) = match by {
        Color::White => (Dir::SW, Dir::SE),
        Color::Black => (Dir::NW, Dir::NE),
    };
    let mut set = SquareSet::EMPTY;
    if let Some(s) = SHAPE.step(sq, a) {
        set.insert(s);
    }
    if let Some(s) = SHAPE.step(sq, b) {
        set.insert(s);
    }
    set
}

/// Whether a piece of `by` attacks `sq` by a leap (King, Knight, Champion, Wizard) or a pawn
/// capture. Leaps do not depend on what stands between.
#[inline]
pub(crate) fn leaper_attacks(pos: &Position, sq: Square, by: Color) -> bool {
    let theirs = pos.by_color(by);
    let near = SHAPE.leaps(Leap::King, sq).and(theirs);
    any_role(pos, SHAPE.leaps(Leap::Knight, sq), by, Role::Knight)
        || any_role(pos, SHAPE.leaps(Leap::Champion, sq), by, Role::Champion)
        || any_role(pos, SHAPE.leaps(Leap::Wizard, sq), by, Role::Wizard)
        || any_role(pos, near, by, Role::King)
        || any_role(pos, pawn_attack_origins(sq, by), by, Role::Pawn)
}

/// Whether a slider of `by` attacks `sq` when the squares of `occupied` block lines. Pieces are
/// read from the board, so `occupied` may leave out a piece that is about to move away.
#[inline]
pub(crate) fn slider_attacks(pos: &Position, sq: Square, by: Color, occupied: SquareSet) -> bool {
    let theirs = pos.by_color(by);
    for d in Dir::ALL {
        let mut s = sq;
        while let Some(t) = SHAPE.step(s, d) {
            if occupied.contains(t) {
                if theirs.contains(t) {
                    if let Some(p) = pos.piece_at(t) {
                        if slides_along(p.role(), d) {
                            return true;
                        }
                    }
                }
                break;
            }
            s = t;
        }
    }
    false
}

/// Whether `by` attacks `sq` on the current board.
#[inline]
pub(crate) fn attacked(pos: &Position, sq: Square, by: Color) -> bool {
    leaper_attacks(pos, sq, by) || slider_attacks(pos, sq, by, pos.occupied())
}

/// Whether `color`'s King is attacked (the fast check test of the `Rules` trait).
#[inline]
pub(crate) fn king_attacked(pos: &Position, color: Color) -> bool {
    match pos.king(color) {
        Some(k) => attacked(pos, k, color.other()),
        None => false,
    }
}
