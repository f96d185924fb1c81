//! Pseudo-legal move generation (omega.md §2–§4): every move of a side's pieces by their
//! movement rules, before the check test of §5.

use super::attacks::slides_along;
use super::castle::castling_moves;
use super::pawns::pawn_moves;
use crate::geometry::{Dir, Leap, Shape, Square, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

const SHAPE: Shape = Shape::Omega;

/// The leap table of a leaping role, if it is one.
#[inline]
pub(crate) fn leap_of(role: Role) -> Option<Leap> {
    match role {
        Role::King => Some(Leap::King),
        Role::Knight => Some(Leap::Knight),
        Role::Champion => Some(Leap::Champion),
        Role::Wizard => Some(Leap::Wizard),
        _ => None,
    }
}

/// Adds the leaps of `role` from `from` onto squares of `allowed` not held by `us`.
#[inline]
fn leaper_moves(
    pos: &Position,
    role: Role,
    leap: Leap,
    from: Square,
    us: Color,
    allowed: SquareSet,
    out: &mut MoveList,
) {
    let theirs = pos.by_color(us.other());
    let targets = SHAPE
        .leaps(leap, from)
        .without(pos.by_color(us))
        .and(allowed);
    for to in targets {
        let captures = if theirs.contains(to) {
            SquareSet::from_square(to)
        } else {
            SquareSet::EMPTY
        };
        out.push(Move::new(role, from, to, captures));
    }
}

/// Adds the slides of `role` from `from` that end on a square of `allowed`: along each of its
/// lines up to the first piece, capturing it if it is an enemy. Holes end a line (the step table
/// has no entry for them).
#[inline]
fn slider_moves(
    pos: &Position,
    role: Role,
    from: Square,
    us: Color,
    allowed: SquareSet,
    out: &mut MoveList,
) {
    let ours = pos.by_color(us);
    let theirs = pos.by_color(us.other());
    for d in Dir::ALL {
        if !slides_along(role, d) {
            continue;
        }
        let mut s = from;
        while let Some(t) = SHAPE.step(s, d) {
            if ours.contains(t) {
                break;
            }
            if theirs.contains(t) {
                if allowed.contains(t) {
                    out.push(Move::new(role, from, t, SquareSet::from_square(t)));
                }
                break;
            }
            if allowed.contains(t) {
                out.push(Move::new(role, from, t, SquareSet::EMPTY));
            }
            s = t;
        }
    }
}

/// How en passant captures are treated while generating.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum EnPassant {
    /// Add every pseudo-legal en passant capture.
    Pseudo,
    /// Add only those that leave the mover's King unattacked (tested on the resulting position,
    /// since the capture vacates two squares, §5).
    Legal,
}

/// Adds the moves of `us`'s piece of `role` on `from` that end on a square of `allowed`
/// (castling excepted; en passant captures as `ep` says).
#[inline]
pub(crate) fn piece_moves(
    pos: &Position,
    from: Square,
    role: Role,
    us: Color,
    allowed: SquareSet,
    ep: EnPassant,
    out: &mut MoveList,
) {
    match role {
        Role::Pawn => pawn_moves(pos, from, us, allowed, ep, out),
        Role::Queen | Role::Rook | Role::Bishop => slider_moves(pos, role, from, us, allowed, out),
        _ => {
            if let Some(leap) = leap_of(role) {
                leaper_moves(pos, role, leap, from, us, allowed, out);
            }
        }
    }
}

/// Adds every pseudo-legal move of `us` (castling included) to `out`.
pub(crate) fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList) {
    let all = SHAPE.all();
    for from in pos.by_color(us) {
        if let Some(piece) = pos.piece_at(from) {
            piece_moves(pos, from, piece.role(), us, all, EnPassant::Pseudo, out);
        }
    }
    castling_moves(pos, us, false, out);
}
