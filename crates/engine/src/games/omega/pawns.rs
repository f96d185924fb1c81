//! Pawn moves (omega.md §3): pushes, double and triple steps from the start rank, diagonal
//! captures, augmented en passant on any passed square, and promotion on the last rank.

use super::movegen::EnPassant;
use crate::geometry::{Dir, Shape, Square, SquareSet};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

const SHAPE: Shape = Shape::Omega;

/// The roles a pawn may promote to, in the order moves are generated (§3.3).
pub(crate) const PROMOTION_ROLES: [Role; 6] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Champion,
    Role::Wizard,
];

/// The rank a pawn of `color` starts on (1 or 8).
#[inline]
pub(crate) const fn start_rank(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => 8,
    }
}

/// The rank a pawn of `color` promotes on (9 or 0).
#[inline]
pub(crate) const fn last_rank(color: Color) -> i8 {
    match color {
        Color::White => 9,
        Color::Black => 0,
    }
}

/// The straight-forward direction of `color`'s pawns.
#[inline]
pub(crate) const fn forward(color: Color) -> Dir {
    match color {
        Color::White => Dir::N,
        Color::Black => Dir::S,
    }
}

/// The two diagonal-forward (capturing) directions of `color`'s pawns.
#[inline]
pub(crate) const fn capture_dirs(color: Color) -> [Dir; 2] {
    match color {
        Color::White => [Dir::NW, Dir::NE],
        Color::Black => [Dir::SW, Dir::SE],
    }
}

/// Adds the move `from` → `to` (capturing `captures`), as six promotion moves when `to` is on
/// the last rank.
#[inline]
fn push_pawn_move(out: &mut MoveList, us: Color, from: Square, to: Square, captures: SquareSet) {
    if SHAPE.rank(to) == last_rank(us) {
        for role in PROMOTION_ROLES {
            out.push(Move {
                role: Role::Pawn,
                from,
                to,
                captures,
                promotion: Some(role),
                kind: MoveKind::Normal,
            });
        }
    } else {
        out.push(Move::new(Role::Pawn, from, to, captures));
    }
}

/// Adds the moves of `us`'s pawn on `from` that end on a square of `allowed`. En passant
/// captures are added only when `us` is the side to move (the en passant squares belong to the
/// opponent's last move); with [`EnPassant::Legal`] only those that leave the King unattacked,
/// whatever `allowed` says.
#[inline]
pub(crate) fn pawn_moves(
    pos: &Position,
    from: Square,
    us: Color,
    allowed: SquareSet,
    ep_rule: EnPassant,
    out: &mut MoveList,
) {
    let occupied = pos.occupied();
    if let Some(t1) = SHAPE.step(from, forward(us)) {
        if !occupied.contains(t1) {
            if allowed.contains(t1) {
                push_pawn_move(out, us, from, t1, SquareSet::EMPTY);
            }
            if SHAPE.rank(from) == start_rank(us) {
                let mut t = t1;
                for _ in 0..2 {
                    match SHAPE.step(t, forward(us)) {
                        Some(n) if !occupied.contains(n) => {
                            if allowed.contains(n) {
                                out.push(Move {
                                    kind: MoveKind::PawnLeap,
                                    ..Move::new(Role::Pawn, from, n, SquareSet::EMPTY)
                                });
                            }
                            t = n;
                        }
                        _ => break,
                    }
                }
            }
        }
    }
    let theirs = pos.by_color(us.other());
    let ep = if us == pos.side_to_move() {
        pos.ep_squares()
    } else {
        SquareSet::EMPTY
    };
    for d in capture_dirs(us) {
        if let Some(t) = SHAPE.step(from, d) {
            if theirs.contains(t) {
                if allowed.contains(t) {
                    push_pawn_move(out, us, from, t, SquareSet::from_square(t));
                }
            } else if ep.contains(t) {
                if let Some(v) = en_passant_victim(pos, us) {
                    let m = Move {
                        kind: MoveKind::EnPassant,
                        ..Move::new(Role::Pawn, from, t, SquareSet::from_square(v))
                    };
                    let ok = match ep_rule {
                        EnPassant::Pseudo => true,
                        EnPassant::Legal => !pos.play(&m).is_king_attacked(us),
                    };
                    if ok {
                        out.push(m);
                    }
                }
            }
        }
    }
}

/// The enemy pawn an en passant capture by `us` would remove, if the position has one (§3.2).
#[inline]
pub(crate) fn en_passant_victim(pos: &Position, us: Color) -> Option<Square> {
    let v = pos.ep_victim()?;
    let p = pos.piece_at(v)?;
    (p.color() != us && p.role() == Role::Pawn).then_some(v)
}
