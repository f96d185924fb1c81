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

/// For each pair of squares, the direction from the first to the second when they share a
/// line (`NO_DIR` otherwise).
static DIRECTIONS: [[u8; 100]; 100] = build_directions();

/// No common line.
const NO_DIR: u8 = 8;

const fn build_directions() -> [[u8; 100]; 100] {
    let rays = build();
    let mut t = [[NO_DIR; 100]; 100];
    let mut s = 0;
    while s < 100 {
        let mut d = 0;
        while d < 8 {
            let mut bits = rays[s][d];
            while bits != 0 {
                t[s][bits.trailing_zeros() as usize] = d as u8;
                bits &= bits - 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// The direction from `from` to `to` when they share a rank, file or diagonal.
#[inline]
pub(super) fn direction(from: Square, to: Square) -> Option<Dir> {
    match DIRECTIONS[from.index()][to.index()] {
        NO_DIR => None,
        d => Some(Dir::ALL[d as usize]),
    }
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

/// The squares a slider on `from` reaches in direction `d` over `occupied`: the ray up to and
/// including its first piece.
#[inline]
pub(super) fn reach(from: Square, d: Dir, occupied: SquareSet) -> SquareSet {
    let line = RAYS[from.index()][d as usize];
    let blockers = line & occupied.0;
    if blockers == 0 {
        return SquareSet(line);
    }
    let first = if ascending(d) {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    SquareSet(line & !RAYS[first as usize][d as usize])
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
        self.bits &= !crate::geometry::bit(i);
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
                for &n in &walk {
                    assert_eq!(direction(s, n), Some(d));
                }
            }
        }
    }

    #[test]
    fn squares_off_every_line_have_no_direction() {
        let shape = Shape::Ten;
        let sq = |n: &str| shape.parse_square(n).unwrap();
        assert_eq!(direction(sq("a1"), sq("b3")), None);
        assert_eq!(direction(sq("a1"), sq("a1")), None);
        assert_eq!(direction(sq("a1"), sq("j10")), Some(Dir::NE));
    }
}
