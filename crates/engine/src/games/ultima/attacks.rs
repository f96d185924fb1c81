//! The check test of ultima.md §7.1, made by looking outward from the King instead of
//! generating the opponent's moves. A King is in check when an unfrozen enemy piece has a
//! pseudo-legal move that removes it:
//!
//! - an enemy King or Chameleon next to it (a step onto it);
//! - an enemy Withdrawer next to it with an empty square directly behind (withdrawal);
//! - an enemy Long Leaper on one of its 8 lines that can walk up to it (jumping only the King's
//!   own pieces, never two adjacent ones) with an empty square beyond the King;
//! - an empty square next to it, orthogonally, with an enemy piece on the other side and an
//!   enemy Pincer Pawn that can slide onto that square;
//! - an enemy Coordinator that can slide onto the King's file while the enemy King shares the
//!   King's rank, or onto the King's rank while the enemy King shares its file.
//!
//! Chameleons take a King only by stepping onto it, and no other method of theirs applies to a
//! King. Frozen pieces give no check; freezing is judged in the placement tested.

use super::bits::{
    bit, file_mask, first_blocker, has, opp, queen_slides, rank_mask, Bits, NEIGH, NO, ORTHO, STEP,
};
use super::immobilizer::is_frozen;
use super::view::View;
use crate::options::{LeaperRule, RuleOptions};
use crate::piece::{Color, Piece, Role};

/// The direction from `a` to its neighbour `b`.
#[inline(always)]
fn dir_to(a: u8, b: u8) -> usize {
    let row = &STEP[a as usize];
    let mut d = 0;
    while d < 7 && row[d] != b {
        d += 1;
    }
    d
}

/// Whether `c`'s King could be captured by the other side now (§7.1). False without a King.
pub(crate) fn king_attacked<V: View>(v: &V, c: Color, opts: &RuleOptions) -> bool {
    let Some(k) = v.king(c) else {
        return false;
    };
    let rule = opts.immobilizer;
    let e = c.other();
    let occ = v.occ();
    let mine = v.color(c);
    let theirs = v.color(e);
    let live = |sq: u8, p: Piece| !is_frozen(v, sq, p, rule);

    // Steps onto the King, and withdrawals from it.
    for t in Bits(NEIGH[k as usize] & theirs) {
        let Some(p) = v.piece(t) else { continue };
        match p.role() {
            Role::King | Role::Chameleon if live(t, p) => return true,
            Role::Withdrawer => {
                let behind = STEP[t as usize][dir_to(k, t)];
                if behind != NO && !has(occ, behind) && live(t, p) {
                    return true;
                }
            }
            _ => {}
        }
    }

    // Long Leapers on the King's 8 lines.
    let single = opts.leaper == LeaperRule::Single;
    for d in 0..8 {
        let beyond = STEP[k as usize][opp(d)];
        if beyond == NO || has(occ, beyond) {
            continue;
        }
        let mut s = STEP[k as usize][d];
        let mut prev_empty = false;
        while s != NO {
            if !has(occ, s) {
                prev_empty = true;
            } else if has(mine, s) {
                // The Leaper jumps it only onto the empty square nearer the King.
                if !prev_empty || single {
                    break;
                }
                prev_empty = false;
            } else {
                if let Some(p) = v.piece(s) {
                    if p.role() == Role::LongLeaper && live(s, p) {
                        return true;
                    }
                }
                break;
            }
            s = STEP[s as usize][d];
        }
    }

    // Pincers: a Pawn sliding next to the King with an enemy anvil on the other side.
    for d in ORTHO {
        let to = STEP[k as usize][d];
        let anvil = STEP[k as usize][opp(d)];
        if to == NO || has(occ, to) || !has(theirs, anvil) {
            continue;
        }
        for d2 in ORTHO {
            let s = first_blocker(d2, to, occ);
            if has(theirs, s) {
                if let Some(p) = v.piece(s) {
                    if p.role() == Role::Pincer && live(s, p) {
                        return true;
                    }
                }
            }
        }
    }

    // Coordinators: with the enemy King on the King's rank, any Coordinator landing on the
    // King's file has the King as a corner, and the other way round.
    if let Some(ek) = v.king(e) {
        let line = if ek >> 3 == k >> 3 {
            file_mask(k & 7)
        } else if ek & 7 == k & 7 {
            rank_mask(k >> 3)
        } else {
            0
        };
        if line != 0 {
            for s in Bits(theirs & !bit(ek)) {
                let Some(p) = v.piece(s) else { continue };
                if p.role() == Role::Coordinator && queen_slides(s, occ) & line != 0 && live(s, p) {
                    return true;
                }
            }
        }
    }
    false
}
