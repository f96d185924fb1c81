//! Legal move generation (ultima.md §7.2): the pseudo-legal moves after which the mover's King
//! is not in check. Each move that could matter is tested on an [`After`] view of the position,
//! so no position is copied; moves that provably cannot expose the King skip the test.
//!
//! Why the skip is sound, when the King is not in check before the move and does not move:
//! enemy pieces do not move, and a move of ours only *adds* one piece of ours (on its
//! destination) and *empties* squares (its start square and its victims). Adding a piece of the
//! King's own colour never creates a capture of the King: every method of §5 needs empty squares
//! (a path, a landing square, the square behind a Withdrawer, the square a Pawn moves to) or an
//! enemy anvil, and none is created by adding a friendly piece. Freezing of enemy pieces changes
//! only when one of our Immobilizers moves (or commits suicide): our Chameleons freeze only
//! Immobilizers, which never capture, and under the pure rule only enemy pieces neutralise our
//! Immobilizers. So a new check needs an emptied square among the [`sensitive`] squares, or a
//! King or Immobilizer move; every other move is legal.

use super::attacks::king_attacked;
use super::bits::{bit, opp, Bits, NEIGH, NO, ORTHO, RAY, STEP};
use super::movegen::generate_with;
use super::placement::Placement;
use super::view::After;
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

/// Every square that, if emptied by a move, could let the enemy capture `c`'s King on `k`.
/// `None` means "any square" (a Coordinator threat, tested in full).
pub(crate) fn sensitive(pl: &Placement, c: Color, k: u8) -> Option<u64> {
    let e = c.other();
    let theirs = pl.color[e as usize];
    let mut s = 0u64;
    // The square behind an adjacent enemy Withdrawer.
    for w in Bits(NEIGH[k as usize] & pl.of(e, Role::Withdrawer)) {
        let d = (0..8).find(|&d| STEP[k as usize][d] == w).unwrap_or(0);
        let behind = STEP[w as usize][d];
        if behind != NO {
            s |= bit(behind);
        }
    }
    // The line to an enemy Long Leaper, and the landing square beyond the King.
    let leapers = pl.of(e, Role::LongLeaper);
    for d in 0..8 {
        let beyond = STEP[k as usize][opp(d)];
        if beyond != NO && RAY[d][k as usize] & leapers != 0 {
            s |= RAY[d][k as usize] | bit(beyond);
        }
    }
    // The square next to the King opposite an enemy anvil, and the Pawns' paths to it.
    let pawns = pl.of(e, Role::Pincer);
    for d in ORTHO {
        let to = STEP[k as usize][d];
        let anvil = STEP[k as usize][opp(d)];
        if to == NO || anvil == NO || theirs & bit(anvil) == 0 {
            continue;
        }
        let lines = ORTHO
            .iter()
            .fold(0u64, |acc, &d2| acc | RAY[d2][to as usize]);
        if lines & pawns != 0 {
            s |= bit(to) | lines;
        }
    }
    // Coordinators: with the enemy King on the King's rank or file, test every move.
    let coordinators = pl.of(e, Role::Coordinator);
    if coordinators != 0 {
        let ek = pl.of(e, Role::King);
        if ek != 0 {
            let ek = ek.trailing_zeros() as u8;
            if ek >> 3 == k >> 3 || ek & 7 == k & 7 {
                return None;
            }
        }
    }
    Some(s)
}

/// Keeps the moves of `out` (generated for `us`, the side to move) that do not leave `us`'s King
/// in check, spending the full test only on moves that could (see the module's proof).
fn retain_legal(pos: &Position, pl: &Placement, us: Color, out: &mut MoveList) {
    let opts = pos.options();
    let kings = pl.of(us, Role::King);
    let sens = if kings == 0 || king_attacked(pos, us, opts) {
        None
    } else {
        sensitive(pl, us, kings.trailing_zeros() as u8)
    };
    match sens {
        None => out.retain(|m| !king_attacked(&After::new(pos, m), us, opts)),
        Some(sens) => out.retain(|m| {
            let emptied = bit(m.from.index() as u8) | m.captures.0 as u64;
            let quiet = emptied & sens == 0 && !matches!(m.role, Role::King | Role::Immobilizer);
            quiet || !king_attacked(&After::new(pos, m), us, opts)
        }),
    }
}

/// The legal moves of the side to move (under `win=checkmate`) that `keep` accepts: the same
/// moves in the same order as [`legal_moves`] filtered by `keep`, with the King-safety test spent
/// only on the moves kept (the search's quiescence keeps only captures).
pub(crate) fn legal_moves_where(pos: &Position, out: &mut MoveList, keep: impl Fn(&Move) -> bool) {
    let us = pos.side_to_move();
    let pl = Placement::scan(pos);
    generate_with(pos, &pl, us, out);
    out.retain(keep);
    if out.is_empty() {
        return;
    }
    retain_legal(pos, &pl, us, out);
}

/// Fills `out` with the legal moves of the side to move (under `win=checkmate`).
pub(crate) fn legal_moves(pos: &Position, out: &mut MoveList) {
    let us = pos.side_to_move();
    let pl = Placement::scan(pos);
    generate_with(pos, &pl, us, out);
    retain_legal(pos, &pl, us, out);
}
