//! The five Ultima pieces of the hybrid (hybrid.md §7.8): each slides like a Queen onto an
//! empty square and captures only as a side effect, by its own method. The capture geometry
//! is in `ultima_captures`; the hybrid lets every method take every enemy piece (there is no
//! Chameleon).

use super::rays::reach;
use super::ultima_captures::{
    approach_victim, coordinator_victims, leaper_walk, withdrawal_victim,
};
use crate::geometry::{Dir, Shape, Square, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

/// Adds the pseudo-legal moves of the Ultima piece `role` of `us` on `from`.
pub(super) fn ultima_moves(
    pos: &Position,
    us: Color,
    role: Role,
    from: Square,
    out: &mut MoveList,
) {
    let victim_set = |v: Option<(Square, crate::piece::Piece)>| match v {
        Some((sq, _)) => SquareSet::from_square(sq),
        None => SquareSet::EMPTY,
    };
    let occupied = pos.occupied();
    // Except for the Long Leaper, which may jump an enemy piece first, a direction whose
    // first square is occupied has no move.
    let blocking = if role == Role::LongLeaper {
        pos.by_color(us)
    } else {
        occupied
    };
    if Shape::Ten.neighbours(from).without(blocking).is_empty() {
        return;
    }
    for d in Dir::ALL {
        // The empty squares a slide reaches.
        let slide = || reach(from, d, occupied).without(occupied);
        match role {
            Role::Immobilizer => {
                for to in slide() {
                    out.push(Move::new(role, from, to, SquareSet::EMPTY));
                }
            }
            Role::LongLeaper => {
                leaper_walk(
                    pos,
                    from,
                    d,
                    us,
                    false,
                    |_| true,
                    |to, victims| out.push(Move::new(role, from, to, victims)),
                );
            }
            Role::Withdrawer => {
                let targets = slide();
                if targets.any() {
                    let w = victim_set(withdrawal_victim(pos, from, d, us));
                    for to in targets {
                        out.push(Move::new(role, from, to, w));
                    }
                }
            }
            Role::PushmePullyu => {
                let targets = slide();
                if targets.any() {
                    let w = victim_set(withdrawal_victim(pos, from, d, us));
                    for to in targets {
                        let a = victim_set(approach_victim(pos, to, d, us));
                        out.push(Move::new(role, from, to, w | a));
                    }
                }
            }
            Role::Coordinator => {
                let king = pos.king(us);
                for to in slide() {
                    let caps = match king {
                        Some(k) => coordinator_victims(pos, from, to, k, us, |_| true),
                        None => SquareSet::EMPTY,
                    };
                    out.push(Move::new(role, from, to, caps));
                }
            }
            _ => return,
        }
    }
}
