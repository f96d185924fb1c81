//! The Pawn (hybrid.md §7.4): step, two-step from its start rank, diagonal capture, en
//! passant, and promotion by choice on entering the enemy camp.

use crate::geometry::{Dir, Shape};
use crate::geometry::{Square, SquareSet};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

use super::movegen::camp;
use super::SPEC;

/// The rank index (from 0) a pawn of `us` starts on: rank 3 for White, rank 8 for Black.
#[inline]
pub(super) const fn start_rank(us: Color) -> i8 {
    match us {
        Color::White => 2,
        Color::Black => 7,
    }
}

/// Adds the pseudo-legal moves of a Pawn of `us` on `from`.
pub(super) fn pawn_moves(pos: &Position, us: Color, from: Square, out: &mut MoveList) {
    let shape = Shape::Ten;
    let (ahead, sides) = match us {
        Color::White => (Dir::N, [Dir::NW, Dir::NE]),
        Color::Black => (Dir::S, [Dir::SW, Dir::SE]),
    };
    if let Some(t) = shape.step(from, ahead) {
        if pos.is_empty(t) {
            push(us, from, t, SquareSet::EMPTY, out);
            if shape.rank(from) == start_rank(us) {
                if let Some(t2) = shape.step(t, ahead) {
                    if pos.is_empty(t2) {
                        out.push(Move {
                            kind: MoveKind::PawnLeap,
                            ..Move::new(Role::Pawn, from, t2, SquareSet::EMPTY)
                        });
                    }
                }
            }
        }
    }
    for d in sides {
        let Some(t) = shape.step(from, d) else {
            continue;
        };
        match pos.piece_at(t) {
            Some(p) if p.color() != us => push(us, from, t, SquareSet::from_square(t), out),
            Some(_) => {}
            None => {
                if let Some(v) = en_passant_victim(pos, us, t) {
                    out.push(Move {
                        kind: MoveKind::EnPassant,
                        ..Move::new(Role::Pawn, from, t, SquareSet::from_square(v))
                    });
                }
            }
        }
    }
}

/// The enemy pawn that a pawn of `us` moving diagonally onto the empty `to` takes en passant:
/// `to` must be the square an enemy pawn passed over with a two-step on the last ply.
fn en_passant_victim(pos: &Position, us: Color, to: Square) -> Option<Square> {
    if !pos.ep_squares().contains(to) {
        return None;
    }
    let v = pos.ep_victim()?;
    let behind = Shape::Ten.offset(to, 0, -us.forward())?;
    let p = pos.piece_at(v)?;
    (v == behind && p.color() != us && p.role() == Role::Pawn).then_some(v)
}

/// Adds a pawn move, one per promotion choice when it ends in the enemy camp.
#[inline]
fn push(us: Color, from: Square, to: Square, caps: SquareSet, out: &mut MoveList) {
    let base = Move::new(Role::Pawn, from, to, caps);
    if camp(us).contains(to) {
        for &(_, role) in SPEC.promotion_letters {
            out.push(Move {
                promotion: Some(role),
                ..base
            });
        }
    } else {
        out.push(base);
    }
}
