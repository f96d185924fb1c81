//! The Chameleon (ultima.md §5.7): it slides like a queen and takes each enemy piece only by
//! that piece's own method, combining methods in one move (`chameleon=combined`) or, for a
//! move that jumps a Long Leaper, taking only the jumped Leapers (`chameleon=pure`).

use super::bits::{bit, has, is_ortho, NO, STEP};
use super::captures::{corners, leap_walk, pincer, withdrawn};
use super::movegen::{push, Gen};
use crate::moves::MoveList;
use crate::piece::Role;

/// Adds every move of the unfrozen Chameleon on `sq`.
pub(crate) fn moves(g: &Gen, sq: u8, out: &mut MoveList) {
    let pure = g.pure;
    let them = g.us.other();
    let e_pawn = g.pl.of(them, Role::Pincer);
    let e_leaper = g.pl.of(them, Role::LongLeaper);
    let e_withdrawer = g.pl.of(them, Role::Withdrawer);
    let e_coord = g.pl.of(them, Role::Coordinator);
    let e_king = g.pl.of(them, Role::King);
    let anvils = g.own & !bit(sq);
    // Captures made where it lands, by every method but the leap.
    let landing = |to: u8, orthogonal: bool| {
        let mut c = 0;
        if orthogonal {
            c |= pincer(to, e_pawn, anvils);
        }
        if let Some(k) = g.king {
            c |= corners(to, k) & e_coord;
        }
        c
    };
    for (d, &step) in STEP[sq as usize].iter().enumerate() {
        let away = withdrawn(sq, d, e_withdrawer);
        let orthogonal = is_ortho(d);
        leap_walk(sq, d, g.occ, e_leaper, g.single, |to, jumped| {
            let caps = if pure && jumped != 0 {
                jumped
            } else {
                jumped | away | landing(to, orthogonal)
            };
            push(out, Role::Chameleon, sq, to, caps);
        });
        if step != NO && has(e_king, step) {
            let caps = bit(step) | away | landing(step, orthogonal);
            push(out, Role::Chameleon, sq, step, caps);
        }
    }
}
