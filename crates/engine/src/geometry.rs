//! Board geometry shared by the three games: squares, square sets, directions and the
//! step and leap tables, computed once at compile time.
//!
//! A [`Square`] is a dense index into one of three board shapes:
//!
//! | shape | squares | index |
//! |---|---|---|
//! | [`Shape::Eight`] (Ultima) | 64, `a1`–`h8` | `rank * 8 + file` |
//! | [`Shape::Ten`] (hybrid) | 100, `a1`–`j10` | `rank * 10 + file` |
//! | [`Shape::Omega`] | 104, `a0`–`j9` and `w1`–`w4` | `rank * 10 + file`, then 100–103 for w1–w4 |
//!
//! Squares are made only through a [`Shape`] (by coordinates or by name), so an Omega hole is never
//! a square. Every (dx, dy) move is applied through [`Shape::offset`] or the precomputed tables.
//!
//! ```
//! use baroque_engine::geometry::{Dir, Shape};
//! let shape = Shape::Omega;
//! let w1 = shape.parse_square("w1").unwrap();
//! assert_eq!(shape.step(w1, Dir::NE), shape.parse_square("a0"));
//! assert_eq!(shape.step(w1, Dir::N), None); // a hole
//! assert_eq!(shape.square_name(w1).to_string(), "w1");
//! ```

use core::fmt;

/// The largest number of squares of any board (Omega: 100 + 4).
pub const MAX_SQUARES: usize = 104;

/// A square of some board: a dense index below the board's [`Shape::len`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(u8);

impl Square {
    /// The dense index of the square (0 ≤ index < shape length).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square with this index. The caller must keep the index below the board's length;
    /// only the geometry tables and square sets build squares this way.
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Square {
        Square(i as u8)
    }
}

/// One of the eight directions. `dx` grows towards the h/j file, `dy` towards Black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Dir {
    /// Towards Black (+y).
    N = 0,
    /// +x, +y.
    NE = 1,
    /// +x.
    E = 2,
    /// +x, −y.
    SE = 3,
    /// −y.
    S = 4,
    /// −x, −y.
    SW = 5,
    /// −x.
    W = 6,
    /// −x, +y.
    NW = 7,
}

impl Dir {
    /// All eight directions, orthogonal ones at even positions.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The four diagonal directions.
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    /// The (dx, dy) unit step of this direction.
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) & 7]
    }

    /// Whether the direction runs along a rank or file.
    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        (self as u8) & 1 == 0
    }

    /// The direction of the unit step (dx, dy), each in −1..=1 and not both zero.
    pub const fn from_delta(dx: i8, dy: i8) -> Option<Dir> {
        match (dx, dy) {
            (0, 1) => Some(Dir::N),
            (1, 1) => Some(Dir::NE),
            (1, 0) => Some(Dir::E),
            (1, -1) => Some(Dir::SE),
            (0, -1) => Some(Dir::S),
            (-1, -1) => Some(Dir::SW),
            (-1, 0) => Some(Dir::W),
            (-1, 1) => Some(Dir::NW),
            _ => None,
        }
    }
}

/// `1 << i` for every `i` below 128: the single-square sets, read by [`bit`] on WebAssembly.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
static BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// `1 << i` for `i` below 128. WebAssembly has no 128-bit integers: LLVM lowers a shift of a
/// `u128` by a variable amount there to a call of compiler-rt's `__ashlti3` or `__lshrti3`,
/// which return their result through the stack in memory, and every insert, remove and test of a
/// square set was one such call (about 5% of the search's time in the page's worker, before the
/// calls' own cost to their callers). So there the bit is read from a table ([`BITS`]: two
/// 64-bit loads); LLVM turns an equivalent shift of 64-bit halves back into the 128-bit shift
/// when it knows `i` is below 128. Native targets shift (a few instructions on x86-64).
#[inline(always)]
pub(crate) fn bit(i: u32) -> u128 {
    #[cfg(target_arch = "wasm32")]
    {
        BITS[(i & 127) as usize]
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        1u128 << i
    }
}

/// Whether bit `i` (below 128) of `x` is set, without a variable 128-bit shift on WebAssembly
/// (see [`bit`]).
#[inline(always)]
pub(crate) fn has_bit(x: u128, i: u32) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        x & bit(i) != 0
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        x >> i & 1 != 0
    }
}

/// A set of squares of one board, one bit per square index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub(crate) u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set holding only `sq`.
    #[inline]
    pub fn from_square(sq: Square) -> SquareSet {
        SquareSet(bit(sq.0 as u32))
    }
    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        has_bit(self.0, sq.0 as u32)
    }
    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= bit(sq.0 as u32);
    }
    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !bit(sq.0 as u32);
    }
    /// Adds `sq` if absent, removes it if present.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= bit(sq.0 as u32);
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// The square with the lowest index, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }
    /// The squares in both sets.
    #[inline]
    pub const fn and(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }
    /// The squares in either set.
    #[inline]
    pub const fn or(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }
    /// The squares of `self` not in `other`.
    #[inline]
    pub const fn without(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }
    /// Iterates over the squares in index order.
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter::new(self.0)
    }
}

impl core::ops::BitOr for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}
impl core::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}
impl core::ops::BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}
impl core::ops::BitAndAssign for SquareSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}
impl core::ops::Not for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    #[inline]
    fn into_iter(self) -> SquareSetIter {
        SquareSetIter::new(self.0)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<T: IntoIterator<Item = Square>>(iter: T) -> Self {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|s| s.index()))
            .finish()
    }
}

/// Iterator over the squares of a [`SquareSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct SquareSetIter(Bits);

/// The squares left to visit: the set itself natively; on WebAssembly its two 64-bit halves,
/// low first, so a step is one 64-bit count of trailing zeros and one clear of the lowest bit
/// (a `u128` there is a pair of `i64`s, and each of its steps takes a borrow and a select
/// across the halves).
#[cfg(not(target_arch = "wasm32"))]
type Bits = u128;
#[cfg(target_arch = "wasm32")]
type Bits = (u64, u64);

impl SquareSetIter {
    #[inline]
    fn new(bits: u128) -> SquareSetIter {
        #[cfg(not(target_arch = "wasm32"))]
        {
            SquareSetIter(bits)
        }
        #[cfg(target_arch = "wasm32")]
        {
            SquareSetIter((bits as u64, (bits >> 64) as u64))
        }
    }
}

/// The index of the lowest set bit of the 128-bit set whose halves are `lo` and `hi`, taken out
/// of it (`None` when it is empty): [`SquareSetIter`]'s step on WebAssembly.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[inline(always)]
fn pop_lowest(lo: &mut u64, hi: &mut u64) -> Option<u32> {
    if *lo != 0 {
        let i = lo.trailing_zeros();
        *lo &= *lo - 1;
        Some(i)
    } else if *hi != 0 {
        let i = 64 + hi.trailing_zeros();
        *hi &= *hi - 1;
        Some(i)
    } else {
        None
    }
}

impl Iterator for SquareSetIter {
    type Item = Square;
    #[cfg(not(target_arch = "wasm32"))]
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(Square(i as u8))
        }
    }
    #[cfg(target_arch = "wasm32")]
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let (lo, hi) = &mut self.0;
        pop_lowest(lo, hi).map(|i| Square(i as u8))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        #[cfg(not(target_arch = "wasm32"))]
        let n = self.0.count_ones() as usize;
        #[cfg(target_arch = "wasm32")]
        let n = (self.0 .0.count_ones() + self.0 .1.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

/// The three board shapes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shape {
    /// 8×8, ranks named 1–8 (Ultima).
    Eight,
    /// 10×10, ranks named 1–10 (the hybrid).
    Ten,
    /// 10×10 ranks named 0–9, plus the wizard squares w1–w4 (Omega).
    Omega,
}

/// Leaper patterns with a precomputed target table per shape.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Leap {
    /// One step in any of the 8 directions.
    King = 0,
    /// (±1, ±2) and (±2, ±1).
    Knight = 1,
    /// (±1, ±3) and (±3, ±1).
    Camel = 2,
    /// Omega Champion: (±1,0), (0,±1), (±2,0), (0,±2), (±2,±2).
    Champion = 3,
    /// Omega Wizard: (±1,±1), (±1,±3), (±3,±1).
    Wizard = 4,
    /// One diagonal step.
    Ferz = 5,
    /// One orthogonal step.
    Wazir = 6,
    /// The promoted hybrid Queen's extra leaps: (±1, ±2) only.
    VerticalKnight = 7,
}

const LEAP_COUNT: usize = 8;

const fn leap_offsets(l: Leap) -> &'static [(i8, i8)] {
    match l {
        Leap::King => &[
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ],
        Leap::Knight => &[
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ],
        Leap::Camel => &[
            (1, 3),
            (3, 1),
            (3, -1),
            (1, -3),
            (-1, -3),
            (-3, -1),
            (-3, 1),
            (-1, 3),
        ],
        Leap::Champion => &[
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (2, 0),
            (-2, 0),
            (0, 2),
            (0, -2),
            (2, 2),
            (2, -2),
            (-2, 2),
            (-2, -2),
        ],
        Leap::Wizard => &[
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
            (1, 3),
            (3, 1),
            (3, -1),
            (1, -3),
            (-1, -3),
            (-3, -1),
            (-3, 1),
            (-1, 3),
        ],
        Leap::Ferz => &[(1, 1), (1, -1), (-1, -1), (-1, 1)],
        Leap::Wazir => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
        Leap::VerticalKnight => &[(1, 2), (1, -2), (-1, -2), (-1, 2)],
    }
}

const NONE: u8 = u8::MAX;

/// "No square" in a [`StepTable`].
pub(crate) const OFF_BOARD: u8 = NONE;

/// A shape's unit steps, `[square index][direction]` as [`Shape::step`] gives them
/// ([`OFF_BOARD`] off the board, and for every index past the shape's squares): the one table
/// move generation and the evaluation's mobility walks read.
pub(crate) type StepTable = [[u8; 8]; MAX_SQUARES];

/// Precomputed facts about one shape.
struct Tables {
    len: usize,
    coords: [(i8, i8); MAX_SQUARES],
    step: StepTable,
    leaps: [[SquareSet; MAX_SQUARES]; LEAP_COUNT],
}

const fn shape_dims(shape: Shape) -> (i8, i8, bool) {
    match shape {
        Shape::Eight => (8, 8, false),
        Shape::Ten => (10, 10, false),
        Shape::Omega => (10, 10, true),
    }
}

const fn coord_to_index(shape: Shape, x: i8, y: i8) -> u8 {
    let (w, h, wiz) = shape_dims(shape);
    if x >= 0 && x < w && y >= 0 && y < h {
        return (y as u8) * (w as u8) + x as u8;
    }
    if wiz {
        if x == -1 && y == -1 {
            return 100;
        }
        if x == w && y == -1 {
            return 101;
        }
        if x == w && y == h {
            return 102;
        }
        if x == -1 && y == h {
            return 103;
        }
    }
    NONE
}

const fn build_tables(shape: Shape) -> Tables {
    let (w, h, wiz) = shape_dims(shape);
    let field = (w as usize) * (h as usize);
    let len = if wiz { field + 4 } else { field };
    let mut coords = [(0i8, 0i8); MAX_SQUARES];
    let mut i = 0;
    while i < len {
        coords[i] = if i < field {
            ((i % w as usize) as i8, (i / w as usize) as i8)
        } else {
            match i - field {
                0 => (-1, -1),
                1 => (w, -1),
                2 => (w, h),
                _ => (-1, h),
            }
        };
        i += 1;
    }
    let mut step = [[NONE; 8]; MAX_SQUARES];
    let mut leaps = [[SquareSet::EMPTY; MAX_SQUARES]; LEAP_COUNT];
    let mut s = 0;
    while s < len {
        let (x, y) = coords[s];
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = Dir::ALL[d].delta();
            step[s][d] = coord_to_index(shape, x + dx, y + dy);
            d += 1;
        }
        let mut l = 0;
        while l < LEAP_COUNT {
            let offs = leap_offsets(LEAPS[l]);
            let mut k = 0;
            let mut set = 0u128;
            while k < offs.len() {
                let t = coord_to_index(shape, x + offs[k].0, y + offs[k].1);
                if t != NONE {
                    set |= 1u128 << t;
                }
                k += 1;
            }
            leaps[l][s] = SquareSet(set);
            l += 1;
        }
        s += 1;
    }
    Tables {
        len,
        coords,
        step,
        leaps,
    }
}

const LEAPS: [Leap; LEAP_COUNT] = [
    Leap::King,
    Leap::Knight,
    Leap::Camel,
    Leap::Champion,
    Leap::Wizard,
    Leap::Ferz,
    Leap::Wazir,
    Leap::VerticalKnight,
];

static EIGHT: Tables = build_tables(Shape::Eight);
static TEN: Tables = build_tables(Shape::Ten);
static OMEGA: Tables = build_tables(Shape::Omega);

/// A square's printable name in its shape's notation (`e4`, `a10`, `a0`, `w1`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SquareName {
    shape: Shape,
    square: Square,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, y) = self.shape.coords(self.square);
        if let Some(w) = self.shape.wizard_number(self.square) {
            return write!(f, "w{w}");
        }
        let file = (b'a' + x as u8) as char;
        write!(f, "{}{}", file, y as i32 + self.shape.rank_base() as i32)
    }
}

impl Shape {
    #[inline]
    fn tables(self) -> &'static Tables {
        match self {
            Shape::Eight => &EIGHT,
            Shape::Ten => &TEN,
            Shape::Omega => &OMEGA,
        }
    }

    /// Number of squares (64, 100 or 104).
    #[inline]
    pub fn len(self) -> usize {
        self.tables().len
    }

    /// Always false: every board has squares (present for API symmetry with `len`).
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Number of files of the rectangular field (8 or 10).
    #[inline]
    pub const fn width(self) -> i8 {
        shape_dims(self).0
    }

    /// Number of ranks of the rectangular field (8 or 10).
    #[inline]
    pub const fn height(self) -> i8 {
        shape_dims(self).1
    }

    /// The number that names the first rank: 0 for Omega, 1 otherwise.
    #[inline]
    pub const fn rank_base(self) -> u8 {
        match self {
            Shape::Omega => 0,
            _ => 1,
        }
    }

    /// Every square of the board: the indices below [`Shape::len`] (a constant per shape, so
    /// no variable 128-bit shift, see [`bit`]).
    #[inline]
    pub const fn all(self) -> SquareSet {
        SquareSet(match self {
            Shape::Eight => (1u128 << 64) - 1,
            Shape::Ten => (1u128 << 100) - 1,
            Shape::Omega => (1u128 << 104) - 1,
        })
    }

    /// Iterates over every square in index order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).map(Square::from_index)
    }

    /// (file, rank) coordinates: file 0 is `a`, rank 0 is White's back rank; wizard squares lie
    /// at −1 or 10.
    #[inline]
    pub fn coords(self, sq: Square) -> (i8, i8) {
        self.tables().coords[sq.index()]
    }

    /// File index of `sq` (wizard squares: −1 or 10).
    #[inline]
    pub fn file(self, sq: Square) -> i8 {
        self.coords(sq).0
    }

    /// Rank index of `sq`, counted from 0 on White's side (wizard squares: −1 or 10).
    #[inline]
    pub fn rank(self, sq: Square) -> i8 {
        self.coords(sq).1
    }

    /// The square at (file, rank) coordinates, or `None` for a hole or off the board.
    #[inline]
    pub const fn square(self, x: i8, y: i8) -> Option<Square> {
        let i = coord_to_index(self, x, y);
        if i == NONE {
            None
        } else {
            Some(Square(i))
        }
    }

    /// The square (dx, dy) away from `sq`, if it exists.
    #[inline]
    pub fn offset(self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        let (x, y) = self.coords(sq);
        self.square(x + dx, y + dy)
    }

    /// The neighbour of `sq` in direction `d`, if it exists.
    #[inline]
    pub fn step(self, sq: Square, d: Dir) -> Option<Square> {
        let t = self.tables().step[sq.index()][d as usize];
        if t == NONE {
            None
        } else {
            Some(Square(t))
        }
    }

    /// The step table behind [`Shape::step`], for walks that hold on to it instead of looking the
    /// shape up at every step.
    #[inline]
    pub(crate) fn step_table(self) -> &'static StepTable {
        &self.tables().step
    }

    /// The squares one `leap` away from `sq`.
    #[inline]
    pub fn leaps(self, leap: Leap, sq: Square) -> SquareSet {
        self.tables().leaps[leap as usize][sq.index()]
    }

    /// The up to eight neighbours of `sq`.
    #[inline]
    pub fn neighbours(self, sq: Square) -> SquareSet {
        self.leaps(Leap::King, sq)
    }

    /// For Omega's wizard squares, their number 1–4; `None` for every field square.
    #[inline]
    pub fn wizard_number(self, sq: Square) -> Option<u8> {
        match self {
            Shape::Omega if sq.index() >= 100 => Some(sq.index() as u8 - 99),
            _ => None,
        }
    }

    /// Whether `sq` is one of Omega's wizard squares.
    #[inline]
    pub fn is_wizard_square(self, sq: Square) -> bool {
        self.wizard_number(sq).is_some()
    }

    /// The printable name of `sq`.
    #[inline]
    pub fn square_name(self, sq: Square) -> SquareName {
        SquareName {
            shape: self,
            square: sq,
        }
    }

    /// Parses a square name (`e4`, `a10`, `a0`, `w3`, case-insensitive file letter).
    pub fn parse_square(self, s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 {
            return None;
        }
        let c = b[0].to_ascii_lowercase();
        let num = parse_small_number(&b[1..])?;
        if c == b'w' && self == Shape::Omega {
            return match num {
                1..=4 => Some(Square(99 + num as u8)),
                _ => None,
            };
        }
        if !c.is_ascii_lowercase() {
            return None;
        }
        let x = (c - b'a') as i32;
        let y = num as i32 - self.rank_base() as i32;
        if x < 0 || x >= self.width() as i32 || y < 0 || y >= self.height() as i32 {
            return None;
        }
        self.square(x as i8, y as i8)
    }

    /// Parses a square name at the start of `s`, returning the square and the bytes used.
    /// The longest valid name wins (`a10` before `a1`).
    pub fn parse_square_prefix(self, s: &str) -> Option<(Square, usize)> {
        for len in [3, 2] {
            if s.len() >= len && s.is_char_boundary(len) {
                if let Some(sq) = self.parse_square(&s[..len]) {
                    return Some((sq, len));
                }
            }
        }
        None
    }
}

fn parse_small_number(b: &[u8]) -> Option<u32> {
    if b.is_empty() || b.len() > 2 || (b.len() == 2 && b[0] == b'0') {
        return None;
    }
    let mut n = 0u32;
    for &c in b {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n * 10 + (c - b'0') as u32;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn step_tables_match_the_geometry() {
        for shape in [Shape::Eight, Shape::Ten, Shape::Omega] {
            for sq in shape.squares() {
                let (x, y) = shape.coords(sq);
                for d in Dir::ALL {
                    let (dx, dy) = d.delta();
                    let want = shape
                        .square(x + dx, y + dy)
                        .map_or(OFF_BOARD, |t| t.index() as u8);
                    assert_eq!(
                        shape.step_table()[sq.index()][d as usize],
                        want,
                        "{shape:?}"
                    );
                }
            }
            for i in shape.len()..MAX_SQUARES {
                assert_eq!(shape.step_table()[i], [OFF_BOARD; 8]);
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for shape in [Shape::Eight, Shape::Ten, Shape::Omega] {
            for sq in shape.squares() {
                let name = shape.square_name(sq).to_string();
                assert_eq!(shape.parse_square(&name), Some(sq), "{name}");
            }
        }
        assert_eq!(Shape::Ten.parse_square("j10").map(|s| s.index()), Some(99));
        assert_eq!(Shape::Eight.parse_square("i1"), None);
        assert_eq!(Shape::Omega.parse_square("a10"), None);
        assert_eq!(Shape::Omega.parse_square("w5"), None);
        assert_eq!(Shape::Eight.parse_square("w1"), None);
        assert_eq!(Shape::Ten.parse_square("a01"), None);
    }

    #[test]
    fn omega_wizard_geometry() {
        // rule book omega.md §1.1
        let s = Shape::Omega;
        let sq = |n: &str| s.parse_square(n).unwrap();
        assert_eq!(s.neighbours(sq("w1")), SquareSet::from_square(sq("a0")));
        assert_eq!(s.neighbours(sq("w3")), SquareSet::from_square(sq("j9")));
        let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<SquareSet>();
        assert_eq!(s.leaps(Leap::Knight, sq("w1")), set(&["a1", "b0"]));
        assert_eq!(s.leaps(Leap::Champion, sq("w2")), set(&["i1"]));
        assert_eq!(s.leaps(Leap::Wizard, sq("w4")), set(&["a9", "a7", "c9"]));
        assert_eq!(s.leaps(Leap::Wizard, sq("w2")), set(&["j0", "j2", "h0"]));
        for d in Dir::ALL {
            if d != Dir::NE {
                assert_eq!(s.step(sq("w1"), d), None);
            }
        }
        assert_eq!(s.step(sq("a0"), Dir::SW), Some(sq("w1")));
        assert_eq!(s.step(sq("a0"), Dir::S), None);
        assert_eq!(s.step(sq("j9"), Dir::NE), Some(sq("w3")));
    }

    #[test]
    fn square_counts() {
        assert_eq!(Shape::Eight.len(), 64);
        assert_eq!(Shape::Ten.len(), 100);
        assert_eq!(Shape::Omega.len(), 104);
        for shape in [Shape::Eight, Shape::Ten, Shape::Omega] {
            let all = shape.all();
            assert_eq!(all.count() as usize, shape.len(), "{shape:?}");
            assert!(shape.squares().all(|sq| all.contains(sq)), "{shape:?}");
        }
    }

    #[test]
    fn popping_the_halves_visits_the_set_in_order() {
        for x in [
            0u128,
            1,
            1 << 63,
            1 << 64,
            1 << 127,
            u128::MAX,
            0x8000_0000_0000_0001_8000_0000_0000_0001,
        ] {
            let (mut lo, mut hi) = (x as u64, (x >> 64) as u64);
            let mut got = alloc::vec::Vec::new();
            while let Some(i) = pop_lowest(&mut lo, &mut hi) {
                got.push(i);
            }
            let want: alloc::vec::Vec<u32> = (0..128).filter(|&i| x >> i & 1 != 0).collect();
            assert_eq!(got, want, "{x:#x}");
        }
    }

    #[test]
    fn single_bits_without_a_wide_shift() {
        for i in 0..128u32 {
            assert_eq!(bit(i), 1u128 << i, "{i}");
            assert_eq!(BITS[i as usize], 1u128 << i, "{i}");
            for x in [
                0u128,
                u128::MAX,
                1u128 << i,
                !(1u128 << i),
                0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
            ] {
                assert_eq!(has_bit(x, i), x >> i & 1 != 0, "{x:#x} {i}");
            }
        }
    }
}
