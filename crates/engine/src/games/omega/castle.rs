//! Castling (omega.md §4): the King moves two squares toward its Rook on `b`/`i`, the Rook jumps
//! to the square the King passed over. Generated only when the right exists, King and Rook stand
//! on their squares, the squares between them are empty and the King's start, passed and
//! destination squares are not attacked.

use super::attacks::attacked;
use super::SPEC;
use crate::geometry::{Shape, Square, SquareSet};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

const SHAPE: Shape = Shape::Omega;

/// The squares strictly between `a` and `b` on one rank.
fn between_on_rank(a: (i8, i8), b: (i8, i8)) -> SquareSet {
    let (lo, hi) = if a.0 < b.0 { (a.0, b.0) } else { (b.0, a.0) };
    ((lo + 1)..hi)
        .filter_map(|x| SHAPE.square(x, a.1))
        .collect()
}

/// The squares from `a` to `b` on one rank, both included.
fn span_on_rank(a: (i8, i8), b: (i8, i8)) -> SquareSet {
    let (lo, hi) = if a.0 < b.0 { (a.0, b.0) } else { (b.0, a.0) };
    (lo..=hi).filter_map(|x| SHAPE.square(x, a.1)).collect()
}

fn square(c: (i8, i8)) -> Option<Square> {
    SHAPE.square(c.0, c.1)
}

/// Adds `us`'s castling moves that meet every condition of §4. The King's destination is tested
/// with the King still on its start square and the Rook on its own; with `verify` the move is
/// also tested on the resulting position (§5), otherwise the caller's legality filter does it.
pub(crate) fn castling_moves(pos: &Position, us: Color, verify: bool, out: &mut MoveList) {
    let rights = pos.castling_rights();
    if rights == 0 {
        return;
    }
    let them = us.other();
    for c in SPEC.castles.iter().filter(|c| c.color == us) {
        if rights & c.right == 0 {
            continue;
        }
        let (Some(kf), Some(kt), Some(rf)) =
            (square(c.king_from), square(c.king_to), square(c.rook_from))
        else {
            continue;
        };
        if pos.piece_at(kf) != Some(Piece::new(us, Role::King))
            || pos.piece_at(rf) != Some(Piece::new(us, Role::Rook))
        {
            continue;
        }
        if between_on_rank(c.king_from, c.rook_from)
            .and(pos.occupied())
            .any()
        {
            continue;
        }
        if span_on_rank(c.king_from, c.king_to)
            .iter()
            .any(|s| attacked(pos, s, them))
        {
            continue;
        }
        let m = Move {
            kind: MoveKind::Castle,
            ..Move::new(Role::King, kf, kt, SquareSet::EMPTY)
        };
        if !verify || !pos.play(&m).is_king_attacked(us) {
            out.push(m);
        }
    }
}
