//! Read-only views of an Ultima board: the position itself, and the position as it will be
//! after a move ([`After`]), built without copying so that the legality test of every
//! generated move costs only the check test.

use super::bits::{bit, has};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// What the attack and freezing code needs to know about a placement.
pub(crate) trait View {
    /// The piece on square `sq` (below 64).
    fn piece(&self, sq: u8) -> Option<Piece>;
    /// Every occupied square.
    fn occ(&self) -> u64;
    /// The squares of `c`'s pieces.
    fn color(&self, c: Color) -> u64;
    /// The square of `c`'s King.
    fn king(&self, c: Color) -> Option<u8>;
}

impl View for Position {
    #[inline(always)]
    fn piece(&self, sq: u8) -> Option<Piece> {
        self.piece_at(Square::from_index(sq as usize))
    }
    #[inline(always)]
    fn occ(&self) -> u64 {
        self.occupied().0 as u64
    }
    #[inline(always)]
    fn color(&self, c: Color) -> u64 {
        self.by_color(c).0 as u64
    }
    #[inline(always)]
    fn king(&self, c: Color) -> Option<u8> {
        Position::king(self, c).map(|s| s.index() as u8)
    }
}

/// The placement after a move of the side to move, seen through the position before it.
pub(crate) struct After<'a> {
    pos: &'a Position,
    /// Squares emptied by the move (start square and victims).
    removed: u64,
    /// The destination (equal to the start square for a suicide).
    to: u8,
    /// The piece on `to` after the move (`None` for a suicide).
    mover: Option<Piece>,
    occ: u64,
    colors: [u64; 2],
    kings: [Option<u8>; 2],
}

impl<'a> After<'a> {
    /// The view of `pos` after `m`, a move of the side to move generated for `pos`.
    #[inline(always)]
    pub(crate) fn new(pos: &'a Position, m: &Move) -> After<'a> {
        let us = pos.side_to_move();
        let from = m.from.index() as u8;
        let to = m.to.index() as u8;
        let caps = m.captures.0 as u64;
        let suicide = m.is_suicide();
        let mover = if suicide { None } else { pos.piece(from) };
        let removed = caps | bit(from);
        let added = if mover.is_some() { bit(to) } else { 0 };
        let mut colors = [pos.color(Color::White), pos.color(Color::Black)];
        colors[us as usize] = (colors[us as usize] & !removed) | added;
        colors[us.other() as usize] &= !caps;
        let mut kings = [View::king(pos, Color::White), View::king(pos, Color::Black)];
        if let Some(p) = mover {
            if p.role() == crate::piece::Role::King {
                kings[us as usize] = Some(to);
            }
        }
        let them = us.other() as usize;
        if let Some(k) = kings[them] {
            if has(caps, k) {
                kings[them] = None;
            }
        }
        After {
            pos,
            removed,
            to,
            mover,
            occ: colors[0] | colors[1],
            colors,
            kings,
        }
    }
}

impl View for After<'_> {
    #[inline(always)]
    fn piece(&self, sq: u8) -> Option<Piece> {
        if sq == self.to {
            self.mover
        } else if has(self.removed, sq) {
            None
        } else {
            self.pos.piece(sq)
        }
    }
    #[inline(always)]
    fn occ(&self) -> u64 {
        self.occ
    }
    #[inline(always)]
    fn color(&self, c: Color) -> u64 {
        self.colors[c as usize]
    }
    #[inline(always)]
    fn king(&self, c: Color) -> Option<u8> {
        self.kings[c as usize]
    }
}
