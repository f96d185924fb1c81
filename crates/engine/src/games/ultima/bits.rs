//! 8×8 bitboard tables for Ultima: one `u64` bit per square (`rank * 8 + file`, the index of
//! [`crate::geometry::Shape::Eight`]), unit steps, rays and neighbourhoods, all built at compile
//! time. Directions are numbered as [`crate::geometry::Dir`]: N, NE, E, SE, S, SW, W, NW.

use crate::geometry::Dir;

/// "No square": the value of a step that leaves the board.
pub(crate) const NO: u8 = 64;

/// The four orthogonal directions (N, E, S, W).
pub(crate) const ORTHO: [usize; 4] = [0, 2, 4, 6];

/// The direction opposite to `d`.
#[inline(always)]
pub(crate) const fn opp(d: usize) -> usize {
    (d + 4) & 7
}

/// Whether direction `d` runs along a rank or file.
#[inline(always)]
pub(crate) const fn is_ortho(d: usize) -> bool {
    d & 1 == 0
}

/// Whether the squares of a ray in direction `d` have growing indices (N, NE, E, NW).
#[inline(always)]
const fn grows(d: usize) -> bool {
    matches!(d, 0 | 1 | 2 | 7)
}

const fn build_step() -> [[u8; 8]; 64] {
    let mut t = [[NO; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = Dir::ALL[d].delta();
            let (nx, ny) = (x + dx, y + dy);
            if nx >= 0 && nx < 8 && ny >= 0 && ny < 8 {
                t[sq][d] = (ny * 8 + nx) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `STEP[sq][d]`: the neighbour of `sq` in direction `d`, or [`NO`].
pub(crate) static STEP: [[u8; 8]; 64] = build_step();

const fn build_rays() -> [[u64; 64]; 8] {
    let step = build_step();
    let mut r = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut bits = 0u64;
            let mut s = step[sq][d];
            while s != NO {
                bits |= 1 << s;
                s = step[s as usize][d];
            }
            r[d][sq] = bits;
            sq += 1;
        }
        d += 1;
    }
    r
}

/// `RAY[d][sq]`: every square from `sq` (exclusive) to the edge in direction `d`.
pub(crate) static RAY: [[u64; 64]; 8] = build_rays();

const fn build_neighbours(orthogonal_only: bool) -> [u64; 64] {
    let step = build_step();
    let mut n = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            if (!orthogonal_only || d % 2 == 0) && step[sq][d] != NO {
                n[sq] |= 1 << step[sq][d];
            }
            d += 1;
        }
        sq += 1;
    }
    n
}

/// `NEIGH[sq]`: the up to eight neighbours of `sq`.
pub(crate) static NEIGH: [u64; 64] = build_neighbours(false);
/// `ORTHO_NEIGH[sq]`: the up to four orthogonal neighbours of `sq`.
pub(crate) static ORTHO_NEIGH: [u64; 64] = build_neighbours(true);

/// The bit of square `sq`.
#[inline(always)]
pub(crate) const fn bit(sq: u8) -> u64 {
    1u64 << sq
}

/// Whether `sq` is a square and its bit is set in `set` (false for [`NO`]).
#[inline(always)]
pub(crate) const fn has(set: u64, sq: u8) -> bool {
    sq < 64 && set >> sq & 1 != 0
}

/// The squares of file `x` (0 = a).
#[inline(always)]
pub(crate) const fn file_mask(x: u8) -> u64 {
    0x0101_0101_0101_0101u64 << x
}

/// The squares of rank `y` (0 = rank 1).
#[inline(always)]
pub(crate) const fn rank_mask(y: u8) -> u64 {
    0xffu64 << (8 * y)
}

/// The first occupied square of `RAY[d][sq]` (the nearest blocker), or [`NO`].
#[inline(always)]
pub(crate) fn first_blocker(d: usize, sq: u8, occ: u64) -> u8 {
    let b = RAY[d][sq as usize] & occ;
    if b == 0 {
        NO
    } else if grows(d) {
        b.trailing_zeros() as u8
    } else {
        63 - b.leading_zeros() as u8
    }
}

/// The empty squares a slider on `sq` reaches in direction `d`.
#[inline(always)]
pub(crate) fn slide(d: usize, sq: u8, occ: u64) -> u64 {
    let r = RAY[d][sq as usize];
    let blocker = first_blocker(d, sq, occ);
    if blocker == NO {
        r
    } else {
        r & !(RAY[d][blocker as usize] | bit(blocker))
    }
}

/// The empty squares a queen-like slider on `sq` reaches.
#[inline]
pub(crate) fn queen_slides(sq: u8, occ: u64) -> u64 {
    let mut t = 0;
    let mut d = 0;
    while d < 8 {
        t |= slide(d, sq, occ);
        d += 1;
    }
    t
}

/// Iterates over the squares of a bit set, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Bits(pub(crate) u64);

impl Iterator for Bits {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let s = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(s)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Dir, Shape, Square};

    #[test]
    fn tables_agree_with_the_shared_geometry() {
        let shape = Shape::Eight;
        for sq in 0..64u8 {
            for (d, dir) in Dir::ALL.iter().enumerate() {
                let want = shape
                    .step(Square::from_index(sq as usize), *dir)
                    .map_or(NO, |s| s.index() as u8);
                assert_eq!(STEP[sq as usize][d], want);
                assert_eq!(opp(d), dir.opposite() as usize);
                assert_eq!(is_ortho(d), dir.is_orthogonal());
            }
            let n = shape.neighbours(Square::from_index(sq as usize)).0 as u64;
            assert_eq!(NEIGH[sq as usize], n);
        }
    }

    #[test]
    fn slides_stop_before_the_first_blocker() {
        // Rook on a1 (0) with a blocker on a4 (24) and d1 (3).
        let occ = bit(0) | bit(24) | bit(3);
        assert_eq!(slide(0, 0, occ), bit(8) | bit(16));
        assert_eq!(slide(2, 0, occ), bit(1) | bit(2));
        assert_eq!(first_blocker(4, 24, occ), 0);
        assert_eq!(first_blocker(6, 3, occ), 0);
        assert_eq!(slide(4, 0, occ), 0);
        assert_eq!(queen_slides(0, occ).count_ones(), 4 + 7);
    }
}
