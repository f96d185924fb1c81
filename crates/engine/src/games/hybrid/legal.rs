//! Legal moves without testing every move for check (hybrid.md §9.2).
//!
//! §9.2 rules out the chess shortcuts (pin rays, evasion generators) because the hybrid's
//! attackers do not all capture where they land: a Withdrawer checks only with an empty
//! square behind it, a Long Leaper only with an empty landing square beyond the King, a
//! Cannon only over exactly one screen, a Coordinator along its own King's rank and file.
//! So the test here is not about pins. It asks which moves could *create* an attack on our
//! King at all, and copy-makes only those; every other move is legal without a test.
//!
//! When our King `T` is not attacked, a move of another piece can attack it afterwards only
//! by changing something an attack depends on (the table of §9.2):
//!
//! * the occupancy of a square on one of the eight lines through `T`: every slider, Dog,
//!   Cannon screen, Withdrawer back square, Pushme-pullyu approach line, Long Leaper path and
//!   landing square lies on them; leaps and pawn attacks depend on no occupancy at all. A
//!   move changes its `from` square (where a released Dog also appears), its `to` square and
//!   its captured squares. Along a line only the first two pieces from `T` count (the
//!   attacker of a slider, Dog, Withdrawer or Pushme-pullyu is the first; a Withdrawer's back
//!   square and a Cannon are the second), so a change beyond the second piece matters only
//!   to a Long Leaper jumping a chain of our pieces: the whole line counts when an enemy
//!   Long Leaper stands on it;
//! * which enemy pieces are frozen: only our Immobilizers freeze, so a move of an
//!   Immobilizer (or its suicide) is tested;
//! * a Coordinator's moves, which can be anywhere: an enemy Coordinator attacks `T` only
//!   when `T` shares a rank or file with the enemy King (§9.2 c), by a move to a square of
//!   `T`'s file or rank. Our move can give it such a move only by emptying the first square
//!   that blocks one of its eight lines: so when the Kings share a line, a move that vacates
//!   (or captures on) such a square is tested.
//!
//! A move that may expose the King is played and tested only along the lines it changed
//! (and for Coordinators when their lines changed): leaps, pawns and the other lines cannot
//! have changed. King moves (castling included), Immobilizer moves and every move out of
//! check get the full test. The perft
//! counts of `tests/data/hybrid.perft` and the invariant tests compare this with the generic
//! copy-make filter.

use crate::geometry::{Dir, Shape, SquareSet};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Role;
use crate::position::Position;

use crate::geometry::Square;

use super::after::{After, Board};
use super::rays::{direction, pieces_along, ray};

/// The squares of the ray from `from` in direction `d` up to and including its `n`-th piece
/// (the whole ray when it has fewer).
#[inline]
fn up_to(from: Square, d: Dir, occupied: SquareSet, n: usize) -> SquareSet {
    let line = ray(from, d);
    match pieces_along(from, d, occupied).nth(n - 1) {
        Some(last) => line.without(ray(last, d)),
        None => line,
    }
}

/// Fills `out` with the legal moves of the side to move that `keep` accepts (in the order of
/// the pseudo-legal generator).
pub(super) fn legal_moves_where(pos: &Position, out: &mut MoveList, keep: impl Fn(&Move) -> bool) {
    let us = pos.side_to_move();
    let them = us.other();
    let shape = Shape::Ten;
    // One pass over the enemy pieces: their Immobilizers (which freeze ours), Long Leapers
    // and Coordinators.
    let mut freezing = SquareSet::EMPTY;
    let mut leapers = SquareSet::EMPTY;
    let mut coordinators = SquareSet::EMPTY;
    for s in pos.by_color(them) {
        match pos.piece_at(s).map(|p| p.role()) {
            Some(Role::Immobilizer) => freezing |= shape.neighbours(s),
            Some(Role::LongLeaper) => leapers.insert(s),
            Some(Role::Coordinator) => coordinators.insert(s),
            _ => {}
        }
    }
    let frozen: SquareSet = (freezing & pos.by_color(us))
        .iter()
        .filter(|&s| pos.piece_at(s).map(|p| p.role()) != Some(Role::Dog))
        .collect();
    super::movegen::pseudo_moves_frozen(pos, us, frozen, out);
    let Some(t) = pos.king(us) else {
        out.retain(&keep);
        return;
    };
    if super::attacks::king_attacked(pos, us) {
        out.retain(|m| keep(m) && !exposes_king(pos, m));
        return;
    }
    let occupied = pos.occupied();
    let aligned = pos.king(them).is_some_and(|k| {
        let ((tx, ty), (kx, ky)) = (shape.coords(t), shape.coords(k));
        tx == kx || ty == ky
    });
    // The lines of the enemy Coordinators up to their first blocker, when the Kings share a
    // rank or file.
    let mut coordinator_lines = SquareSet::EMPTY;
    if aligned {
        for s in coordinators {
            for d in Dir::ALL {
                coordinator_lines |= up_to(s, d, occupied, 1);
            }
        }
    }
    // The squares of each line from T whose occupancy attacks on T depend on.
    let mut lines = [SquareSet::EMPTY; 8];
    let mut zone = SquareSet::EMPTY;
    // Every attack along a line comes from an enemy piece on it, and a move adds none: a
    // line without one stays safe ("hot" lines have one).
    let theirs = pos.by_color(them);
    let mut hot = 0u8;
    for d in Dir::ALL {
        let line = ray(t, d);
        if (line & theirs).is_empty() {
            continue;
        }
        hot |= 1 << d as u8;
        lines[d as usize] = if (line & leapers).is_empty() {
            up_to(t, d, occupied, 2)
        } else {
            line
        };
        zone |= lines[d as usize];
    }
    // The square next to T on each line whose opposite line is hot: a Long Leaper there
    // lands on it.
    let mut landings = SquareSet::EMPTY;
    for d in Dir::ALL {
        if hot & (1 << d.opposite() as u8) != 0 {
            if let Some(n) = shape.step(t, d) {
                landings.insert(n);
            }
        }
    }
    zone |= landings;
    out.retain(|m| {
        if !keep(m) {
            return false;
        }
        if matches!(m.role, Role::King | Role::Immobilizer) || matches!(m.kind, MoveKind::Castle) {
            return !exposes_king(pos, m);
        }
        let vacated = m.captures | SquareSet::from_square(m.from);
        let touched = vacated | SquareSet::from_square(m.to);
        let coordinator = !(vacated & coordinator_lines).is_empty();
        if (touched & zone).is_empty() && !coordinator {
            return true;
        }
        // Only the lines the move changed (and the Coordinators) can attack T now.
        // A square next to T is also the landing square of a Long Leaper on the opposite line.
        let mut dirs = 0u8;
        for s in touched & zone {
            let Some(d) = direction(t, s) else { continue };
            if lines[d as usize].contains(s) {
                dirs |= 1 << d as u8;
            }
            if landings.contains(s) {
                dirs |= 1 << d.opposite() as u8;
            }
        }
        !super::attacks::attacked_along(&After::new(pos, m), us, dirs, coordinator)
    });
}

/// Whether playing `m` leaves the mover's King capturable (the full test of §9.2), read
/// from the board after the move without making it; castling, which also moves a Rook, is
/// made.
fn exposes_king(pos: &Position, m: &Move) -> bool {
    let us = pos.side_to_move();
    if m.kind == MoveKind::Castle {
        return pos.play(m).is_king_attacked(us);
    }
    let after = After::new(pos, m);
    match after.king(us) {
        Some(t) => super::attacks::attacked(&after, t, us),
        None => false,
    }
}
