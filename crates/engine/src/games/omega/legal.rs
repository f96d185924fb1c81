//! Legal move generation (omega.md §5) without a copy-make test for most moves.
//!
//! When the side to move is not in check, a move other than a King move, castling or en
//! passant can expose its King only by vacating its start square: no enemy piece moves, the
//! destination only gains a blocker, and leaps do not depend on what stands between. Vacating
//! the start square matters only when it is the one piece between the King and an enemy slider
//! of the line's kind (a pin); then the move is legal exactly when it lands on that line between
//! the King and the pinner, the pinner's square included. So each piece's moves are generated
//! straight onto the squares it may legally reach: everywhere when it is not pinned, its pin
//! line when it is. King moves are tested by looking outward from the destination with the
//! King's start square treated as empty. Castling, en passant (which vacates two squares, §9.3)
//! and every move made in check are tested on the real resulting position. Tests compare the
//! result with the definition (copy-make and the slow check test) over random games.

use super::attacks::{leaper_attacks, slider_attacks, slides_along};
use super::castle::castling_moves;
use super::movegen::{piece_moves, pseudo_moves, EnPassant};
use crate::geometry::{Dir, Leap, Shape, Square, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

const SHAPE: Shape = Shape::Omega;

/// The pins against one King: each pinned piece with the squares it may move to and stay a
/// blocker (from the King, exclusive, to the pinner, inclusive).
struct Pins {
    list: [(Square, SquareSet); 8],
    len: usize,
    pinned: SquareSet,
}

impl Pins {
    #[inline]
    fn line_of(&self, sq: Square) -> SquareSet {
        self.list[..self.len]
            .iter()
            .find(|(s, _)| *s == sq)
            .map(|(_, l)| *l)
            .unwrap_or(SquareSet::EMPTY)
    }
}

/// Looks along the eight lines from `us`'s King on `king`: whether a slider gives check, and
/// which of `us`'s pieces are pinned.
#[inline]
fn line_facts(pos: &Position, us: Color, king: Square) -> (bool, Pins) {
    let ours = pos.by_color(us);
    let occupied = pos.occupied();
    let mut pins = Pins {
        list: [(king, SquareSet::EMPTY); 8],
        len: 0,
        pinned: SquareSet::EMPTY,
    };
    let mut check = false;
    for d in Dir::ALL {
        let mut s = king;
        let mut line = SquareSet::EMPTY;
        let mut blocker: Option<Square> = None;
        while let Some(t) = SHAPE.step(s, d) {
            s = t;
            line.insert(t);
            if !occupied.contains(t) {
                continue;
            }
            let Some(p) = pos.piece_at(t) else { break };
            if ours.contains(t) {
                if blocker.is_some() {
                    break;
                }
                blocker = Some(t);
                continue;
            }
            if slides_along(p.role(), d) {
                match blocker {
                    None => check = true,
                    Some(b) => {
                        pins.list[pins.len] = (b, line);
                        pins.len += 1;
                        pins.pinned.insert(b);
                    }
                }
            }
            break;
        }
    }
    (check, pins)
}

/// Fills `out` with the legal moves of the side to move.
pub(crate) fn legal_moves(pos: &Position, out: &mut MoveList) {
    let us = pos.side_to_move();
    let them = us.other();
    let Some(king) = pos.king(us) else {
        pseudo_moves(pos, us, out);
        return;
    };
    let (slider_check, pins) = line_facts(pos, us, king);
    if slider_check || leaper_attacks(pos, king, them) {
        pseudo_moves(pos, us, out);
        out.retain(|m| !pos.play(m).is_king_attacked(us));
        return;
    }
    let all = SHAPE.all();
    let ours = pos.by_color(us);
    for from in ours {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let role = piece.role();
        if from == king {
            let without_king = pos.occupied().without(SquareSet::from_square(king));
            let theirs = pos.by_color(them);
            for to in SHAPE.leaps(Leap::King, king).without(ours) {
                if !leaper_attacks(pos, to, them) && !slider_attacks(pos, to, them, without_king) {
                    let captures = if theirs.contains(to) {
                        SquareSet::from_square(to)
                    } else {
                        SquareSet::EMPTY
                    };
                    out.push(Move::new(Role::King, king, to, captures));
                }
            }
            continue;
        }
        let allowed = if pins.pinned.contains(from) {
            pins.line_of(from)
        } else {
            all
        };
        piece_moves(pos, from, role, us, allowed, EnPassant::Legal, out);
    }
    castling_moves(pos, us, true, out);
}
