//! Capture geometry of the Ultima pieces on the 8×8 board (ultima.md §5), as bit sets. Every
//! helper judges a move with the mover on its destination and its start square empty (G2):
//! callers leave the start square out of the anvils they pass.

use super::bits::{bit, has, opp, NO, ORTHO, ORTHO_NEIGH, STEP};

/// Pincer victims of a move ending on `to` (§5.2): each orthogonal neighbour in `targets` with a
/// square of `anvils` directly beyond it.
#[inline(always)]
pub(crate) fn pincer(to: u8, targets: u64, anvils: u64) -> u64 {
    if ORTHO_NEIGH[to as usize] & targets == 0 {
        return 0;
    }
    let mut v = 0;
    for d in ORTHO {
        let a = STEP[to as usize][d];
        if has(targets, a) && has(anvils, STEP[a as usize][d]) {
            v |= bit(a);
        }
    }
    v
}

/// The squares of the rectangle's other two corners for a Coordinator on `to` and its King on
/// `king` (§5.5): (King's file, `to`'s rank) and (`to`'s file, King's rank). Empty when they
/// share a rank or file.
#[inline(always)]
pub(crate) fn corners(to: u8, king: u8) -> u64 {
    let (tx, ty) = (to & 7, to >> 3);
    let (kx, ky) = (king & 7, king >> 3);
    if tx == kx || ty == ky {
        0
    } else {
        bit(ty * 8 + kx) | bit(ky * 8 + tx)
    }
}

/// The withdrawal victim of a move from `from` in direction `d` (§5.4): the square next to
/// `from` on the opposite side, if it is in `targets`.
#[inline(always)]
pub(crate) fn withdrawn(from: u8, d: usize, targets: u64) -> u64 {
    let s = STEP[from as usize][opp(d)];
    if has(targets, s) {
        bit(s)
    } else {
        0
    }
}

/// The Long Leaper's walk (§5.3) from `from` along `d`: calls `f(to, victims)` for every
/// destination. Pieces of `jumpable` with an empty square beyond are jumped; any other piece,
/// or the edge, ends the walk. With `single`, the walk ends at the next piece after one jump.
#[inline(always)]
pub(crate) fn leap_walk(
    from: u8,
    d: usize,
    occ: u64,
    jumpable: u64,
    single: bool,
    mut f: impl FnMut(u8, u64),
) {
    let mut victims = 0u64;
    let mut s = STEP[from as usize][d];
    while s != NO {
        if !has(occ, s) {
            f(s, victims);
            s = STEP[s as usize][d];
            continue;
        }
        if !has(jumpable, s) || (single && victims != 0) {
            break;
        }
        let beyond = STEP[s as usize][d];
        if beyond == NO || has(occ, beyond) {
            break;
        }
        victims |= bit(s);
        s = beyond;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_of_the_seed_example() {
        // ultima.md §10 C: Coordinator d4-f6 with its King on c2 takes c6 and f2.
        let sq = |name: &str| {
            let b = name.as_bytes();
            (b[1] - b'1') * 8 + (b[0] - b'a')
        };
        assert_eq!(corners(sq("f6"), sq("c2")), bit(sq("c6")) | bit(sq("f2")));
        assert_eq!(corners(sq("c6"), sq("c2")), 0);
        assert_eq!(withdrawn(sq("g6"), 6, bit(sq("h6"))), bit(sq("h6")));
        assert_eq!(withdrawn(sq("g6"), 2, bit(sq("h6"))), 0);
    }
}
