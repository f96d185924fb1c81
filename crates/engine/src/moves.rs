//! Moves: what a move does ([`Move`]), lists of them ([`MoveList`]) and the contract's move
//! text ([`MoveText`]), parsed without a position and resolved against one.
//!
//! A [`Move`] carries every square it captures, so the board can show them and undo needs no
//! search. Move text is only `<from><to>[suffix]`; everything else follows from the position.
//!
//! ```
//! use baroque_engine::geometry::Shape;
//! use baroque_engine::moves::MoveText;
//! let t = MoveText::parse(Shape::Ten, "a10-b9").unwrap();
//! assert_eq!(t.to_string(Shape::Ten), "a10b9");
//! assert!(MoveText::parse(Shape::Eight, "e9e4").is_err());
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::geometry::{Shape, Square, SquareSet};
use crate::piece::Role;

/// What kind of move this is, beyond moving one piece from `from` to `to`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum MoveKind {
    /// An ordinary move (captures, if any, are in [`Move::captures`]).
    #[default]
    Normal,
    /// A pawn's double or triple step: the squares passed over become en passant squares.
    PawnLeap,
    /// An en passant capture: the victim is in [`Move::captures`].
    EnPassant,
    /// Castling; `to` is the King's destination, the rook follows from the game's spec.
    Castle,
    /// Removal of one's own immobilized piece (`from == to`, captures holds that square).
    Suicide,
    /// A move that leaves a piece behind: the mover becomes `becomes` on `to` and a piece of
    /// role `left` (same colour) stays on `from` — the hybrid's promoted Bishop releasing its Dog
    /// on its first move (hybrid.md §8.3).
    Release {
        /// The role left on the start square.
        left: Role,
        /// The role the moving piece has on arrival.
        becomes: Role,
    },
}

/// A fully described move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The role of the moving piece before the move.
    pub role: Role,
    /// Start square.
    pub from: Square,
    /// Destination square (the start square for a suicide).
    pub to: Square,
    /// Every square whose piece the move removes.
    pub captures: SquareSet,
    /// The role the piece becomes on arrival: a pawn's choice, or a forced promotion.
    pub promotion: Option<Role>,
    /// Special kinds of move.
    pub kind: MoveKind,
}

impl Move {
    /// A plain move of `role` from `from` to `to` capturing `captures`.
    #[inline]
    pub const fn new(role: Role, from: Square, to: Square, captures: SquareSet) -> Move {
        Move {
            role,
            from,
            to,
            captures,
            promotion: None,
            kind: MoveKind::Normal,
        }
    }

    /// Whether the move removes at least one piece.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.captures.any()
    }

    /// Whether this is a suicide.
    #[inline]
    pub fn is_suicide(&self) -> bool {
        self.kind == MoveKind::Suicide
    }
}

/// A growable list of moves. Search and perft keep one per ply and reuse it, so generation does
/// not allocate once the lists have grown.
#[derive(Clone, Debug, Default)]
pub struct MoveList(Vec<Move>);

impl MoveList {
    /// An empty list with room for a typical position.
    pub fn new() -> MoveList {
        MoveList(Vec::with_capacity(128))
    }
    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.0.push(m);
    }
    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Keeps only the moves for which `f` returns true.
    #[inline]
    pub fn retain(&mut self, f: impl FnMut(&Move) -> bool) {
        self.0.retain(f);
    }
    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }
    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.0
    }
    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.0.iter()
    }
    /// The moves as a `Vec`.
    pub fn into_vec(self) -> Vec<Move> {
        self.0
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The contract's move text, parsed without a position: two squares and an optional
/// promotion letter. [`crate::Position::parse_move`] resolves it to a [`Move`], and
/// [`crate::Position::move_text`] writes a move's text (with the game's promotion letter).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveText {
    /// Start square.
    pub from: Square,
    /// Destination (equal to `from` for a suicide).
    pub to: Square,
    /// The raw lowercase promotion letter as written, before a game interprets it.
    pub promotion_char: Option<char>,
}

/// Why move text could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveTextError {
    /// The text was empty.
    Empty,
    /// The start square is not a square of this board.
    BadFrom(String),
    /// The destination is not a square of this board.
    BadTo(String),
    /// Something other than a promotion letter followed the destination.
    Trailing(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Empty => write!(f, "empty move text"),
            MoveTextError::BadFrom(s) => {
                write!(f, "move text '{s}' does not start with a square of this board")
            }
            MoveTextError::BadTo(s) => write!(
                f,
                "move text '{s}' needs a destination square of this board after the start square"
            ),
            MoveTextError::Trailing(s) => write!(
                f,
                "move text '{s}' has unexpected characters after the destination (only one promotion letter may follow)"
            ),
        }
    }
}

impl MoveTextError {
    /// A stable kebab-case id of the error (`"move-text-bad-from"`).
    pub fn code(&self) -> &'static str {
        match self {
            MoveTextError::Empty => "move-text-empty",
            MoveTextError::BadFrom(_) => "move-text-bad-from",
            MoveTextError::BadTo(_) => "move-text-bad-to",
            MoveTextError::Trailing(_) => "move-text-trailing",
        }
    }

    /// The error's named parameters: the text as written (`text`), when there is one.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            MoveTextError::Empty => Vec::new(),
            MoveTextError::BadFrom(s) | MoveTextError::BadTo(s) | MoveTextError::Trailing(s) => {
                alloc::vec![("text", s.clone())]
            }
        }
    }
}

impl core::error::Error for MoveTextError {}

impl MoveText {
    /// Parses `<from><to>[letter]`, also accepting `-` or `x` between the squares and
    /// surrounding whitespace (README contract).
    pub fn parse(shape: Shape, text: &str) -> Result<MoveText, MoveTextError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MoveTextError::Empty);
        }
        let owned = || String::from(t);
        let (from, n) = shape
            .parse_square_prefix(t)
            .ok_or_else(|| MoveTextError::BadFrom(owned()))?;
        let mut rest = &t[n..];
        if let Some(r) = rest.strip_prefix(['-', 'x', 'X']) {
            rest = r;
        }
        // A destination is 2–3 characters; prefer the longest that leaves a valid tail.
        let mut best = None;
        for len in [3usize, 2] {
            if rest.len() >= len && rest.is_char_boundary(len) {
                if let Some(to) = shape.parse_square(&rest[..len]) {
                    let tail = &rest[len..];
                    let ok = tail.is_empty()
                        || (tail.len() == 1 && tail.as_bytes()[0].is_ascii_alphabetic());
                    if ok {
                        best = Some((to, tail));
                        break;
                    }
                    if best.is_none() {
                        best = Some((to, tail));
                    }
                }
            }
        }
        let (to, tail) = best.ok_or_else(|| MoveTextError::BadTo(owned()))?;
        let promotion_char = match tail.as_bytes() {
            [] => None,
            [c] if c.is_ascii_alphabetic() => Some(c.to_ascii_lowercase() as char),
            _ => return Err(MoveTextError::Trailing(owned())),
        };
        Ok(MoveText {
            from,
            to,
            promotion_char,
        })
    }

    /// Writes the canonical text (`g4d4`, `e8e9q`).
    pub fn to_string(&self, shape: Shape) -> String {
        use core::fmt::Write;
        let mut s = String::new();
        let _ = write!(
            s,
            "{}{}",
            shape.square_name(self.from),
            shape.square_name(self.to)
        );
        if let Some(c) = self.promotion_char {
            s.push(c);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_contract_forms() {
        let s = Shape::Ten;
        let t = MoveText::parse(s, " a10b9 ").unwrap();
        assert_eq!(t.to_string(s), "a10b9");
        let t = MoveText::parse(s, "e7e8z").unwrap();
        assert_eq!(t.promotion_char, Some('z'));
        assert_eq!(t.to_string(s), "e7e8z");
        let t = MoveText::parse(s, "a1a10").unwrap();
        assert_eq!(t.to_string(s), "a1a10");
        let t = MoveText::parse(s, "a1xa1").unwrap();
        assert_eq!(t.from, t.to);
        assert!(MoveText::parse(s, "").is_err());
        assert!(MoveText::parse(s, "a1").is_err());
        assert!(MoveText::parse(s, "a1a2qq").is_err());
        assert!(MoveText::parse(s, "a1 a2").is_err());
        let o = Shape::Omega;
        assert_eq!(MoveText::parse(o, "w1a2").unwrap().to_string(o), "w1a2");
        assert_eq!(MoveText::parse(o, "e8e9q").unwrap().to_string(o), "e8e9q");
        assert!(MoveText::parse(Shape::Eight, "é1a2").is_err());
    }

    #[test]
    fn move_size_is_pinned() {
        assert!(core::mem::size_of::<Move>() <= 32);
    }
}
