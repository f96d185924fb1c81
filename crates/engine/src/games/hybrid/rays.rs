//! Ray masks of the 10×10 board (index `rank * 10 + file`), so that the first pieces along a
//! line are found with bit operations instead of square-by-square walks.

use crate::geometry::{Dir, Square, SquareSet};

/// The squares from each square (exclusive) to the board's edge in each direction.
static RAYS: [[u128; 8]; 100] = build();

const fn build() -> [[u128; 8]; 100] {
    let mut t = [[0u128; 8]; 100];
    let mut s = 0;
    while s < 100 {
        let (x, y) = ((s % 10) as i8, (s / 10) as i8);
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = Dir::ALL[d].delta();
            let (mut cx, mut cy) = (x + dx, y + dy);
            let mut bits = 0u128;
            while cx >= 0 && cx < 10 && cy >= 0 && cy < 10 {
                bits |= 1u128 << (cy as u32 * 10 + cx as u32);
                cx += dx;
                cy += dy;
            }
            t[s][d] = bits;
            d += 1;
        }
        s += 1;
    }
    t
}

/// Whether walking in direction `d` raises the square index (N, NE, E, NW on a 10×10 board).
#[inline]
const fn ascending(d: Dir) -> bool {
    matches!(d, Dir::N | Dir::NE | Dir::E | Dir::NW)
}

/// The pieces of `occupied` on the ray from `from` in direction `d`, nearest first.
#[inline]
pub(super) fn pieces_along(from: Square, d: Dir, occupied: SquareSet) -> RayPieces {
    RayPieces {
        bits: RAYS[from.index()][d as usize] & occupied.0,
        ascending: ascending(d),
    }
}

/// The squares from `from` (exclusive) to the board's edge in direction `d`.
#[inline]
pub(super) fn ray(from: Square, d: Dir) -> SquareSet {
    SquareSet(RAYS[from.index()][d as usize])
}

/// The other squares of `sq`'s file.
#[inline]
pub(super) fn file_through(sq: Square) -> SquareSet {
    let r = &RAYS[sq.index()];
    SquareSet(r[Dir::N as usize] | r[Dir::S as usize])
}

/// The other squares of `sq`'s rank.
#[inline]
pub(super) fn rank_through(sq: Square) -> SquareSet {
    let r = &RAYS[sq.index()];
    SquareSet(r[Dir::E as usize] | r[Dir::W as usize])
}

/// The pieces on a ray, nearest first.
pub(super) struct RayPieces {
    bits: u128,
    ascending: bool,
}

impl Iterator for RayPieces {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.bits == 0 {
            return None;
        }
        let i = if self.ascending {
            self.bits.trailing_zeros()
        } else {
            127 - self.bits.leading_zeros()
        };
        self.bits &= !(1u128 << i);
        Some(Square::from_index(i as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    #[test]
    fn rays_match_the_step_table() {
        let shape = Shape::Ten;
        for s in shape.squares() {
            for d in Dir::ALL {
                let mut walk = alloc::vec::Vec::new();
                let mut c = s;
                while let Some(n) = shape.step(c, d) {
                    walk.push(n);
                    c = n;
                }
                let got: alloc::vec::Vec<Square> = pieces_along(s, d, shape.all()).collect();
                assert_eq!(got, walk, "{s:?} {d:?}");
            }
        }
    }
}
