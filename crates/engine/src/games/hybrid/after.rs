//! The board after a move, read without making the move (the legality test of `legal.rs`).
//!
//! The check test only reads pieces, occupancy and the Kings' squares, so a move that is not
//! castling can be described by what it changes: its start square, its destination and its
//! captured squares. [`After`] answers those reads from the position before the move plus
//! that change, which costs a few bit operations instead of a copy of the position with its
//! hash updates.

use crate::geometry::{Square, SquareSet};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

/// What the check test reads of a board.
pub(super) trait Board {
    /// The piece on `sq`.
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    /// The squares of `color`'s pieces.
    fn by_color(&self, color: Color) -> SquareSet;
    /// The square of `color`'s King.
    fn king(&self, color: Color) -> Option<Square>;
    /// Every occupied square.
    #[inline]
    fn occupied(&self) -> SquareSet {
        self.by_color(Color::White) | self.by_color(Color::Black)
    }
    /// Whether `sq` is empty.
    #[inline]
    fn is_empty(&self, sq: Square) -> bool {
        !self.occupied().contains(sq)
    }
}

impl Board for Position {
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Position::piece_at(self, sq)
    }
    #[inline]
    fn by_color(&self, color: Color) -> SquareSet {
        Position::by_color(self, color)
    }
    #[inline]
    fn king(&self, color: Color) -> Option<Square> {
        Position::king(self, color)
    }
    #[inline]
    fn occupied(&self) -> SquareSet {
        Position::occupied(self)
    }
    #[inline]
    fn is_empty(&self, sq: Square) -> bool {
        Position::is_empty(self, sq)
    }
}

/// The board after a move that is not castling, as seen by the check test.
pub(super) struct After<'a> {
    pos: &'a Position,
    m: &'a Move,
    /// The squares whose piece differs from `pos`: `from`, `to` and the captured squares.
    changed: SquareSet,
    by_color: [SquareSet; 2],
}

impl<'a> After<'a> {
    /// The board after `m` (not castling, which also moves a Rook) is played in `pos`.
    #[inline]
    pub(super) fn new(pos: &'a Position, m: &'a Move) -> After<'a> {
        debug_assert!(m.kind != MoveKind::Castle);
        let us = pos.side_to_move();
        let from = SquareSet::from_square(m.from);
        let to = SquareSet::from_square(m.to);
        let mut ours = pos.by_color(us).without(from | m.captures);
        if m.kind != MoveKind::Suicide {
            ours |= to;
            if matches!(m.kind, MoveKind::Release { .. }) {
                ours |= from;
            }
        }
        let theirs = pos.by_color(us.other()).without(m.captures | to);
        let mut by_color = [ours, theirs];
        if us == Color::Black {
            by_color.swap(0, 1);
        }
        After {
            pos,
            m,
            changed: from | to | m.captures,
            by_color,
        }
    }
}

impl Board for After<'_> {
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.changed.contains(sq) {
            return self.pos.piece_at(sq);
        }
        let m = self.m;
        let moving = self.pos.piece_at(m.from)?;
        match m.kind {
            MoveKind::Suicide => None,
            MoveKind::Release { becomes, .. } if sq == m.to => Some(moving.with_role(becomes)),
            MoveKind::Release { left, .. } if sq == m.from => Some(moving.with_role(left)),
            _ if sq == m.to => Some(m.promotion.map_or(moving, |r| moving.with_role(r))),
            _ => None,
        }
    }
    #[inline]
    fn by_color(&self, color: Color) -> SquareSet {
        self.by_color[color as usize]
    }
    #[inline]
    fn king(&self, color: Color) -> Option<Square> {
        let m = self.m;
        if color == self.pos.side_to_move() && m.role == Role::King && m.kind != MoveKind::Suicide {
            return Some(m.to);
        }
        self.pos
            .king(color)
            .filter(|&k| !self.m.captures.contains(k))
    }
}
