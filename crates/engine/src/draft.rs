//! A position being set up (the page's position editor): pieces of the game anywhere on its
//! board, either side to move, castling letters and en passant squares as the FEN writes them,
//! checked only when asked. A [`Draft`] may be no position a game can start from (no King,
//! two Kings, a pawn on a square it can never reach); [`Draft::check`] applies the FEN reader's
//! checks ([`crate::fen::check`]) and is the only way from a draft to a [`Position`].
//!
//! ```
//! use baroque_engine::draft::Draft;
//! use baroque_engine::{Color, GameId, Piece, Role};
//! let mut d = Draft::empty(GameId::Ultima);
//! let shape = d.shape();
//! d.put(shape.parse_square("e1").unwrap(), Some(Piece::new(Color::White, Role::King))).unwrap();
//! assert_eq!(d.fen(), "8/8/8/8/8/8/8/4K3 w - - 0 1");
//! let err = d.check().unwrap_err();
//! assert_eq!(err.reason.unwrap().id, "king-count");
//! d.put(shape.parse_square("e8").unwrap(), Some(Piece::new(Color::Black, Role::King))).unwrap();
//! assert!(d.check().is_ok());
//! ```

use alloc::string::{String, ToString};

use crate::fen::{self, FenError, FenField};
use crate::games;
use crate::geometry::{Shape, Square};
use crate::options::RuleOptions;
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::GameId;

/// A position under construction; see the module documentation.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Draft {
    pos: Position,
}

impl Draft {
    /// An empty board of `game`, White to move.
    pub fn empty(game: GameId) -> Draft {
        Draft {
            pos: Position::empty(game, RuleOptions::DEFAULT),
        }
    }

    /// Reads a FEN of `game` field by field (syntax, piece letters, squares), without the
    /// checks of the position as a whole.
    pub fn read(game: GameId, fen: &str) -> Result<Draft, FenError> {
        Ok(Draft {
            pos: fen::read_fields(game, fen, RuleOptions::DEFAULT)?,
        })
    }

    /// The game.
    pub fn game(&self) -> GameId {
        self.pos.game()
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.pos.shape()
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pos.piece_at(sq)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    /// Puts `piece` on `sq` (replacing what stood there), or empties `sq` with `None`. A piece
    /// the game does not have is refused with a board-field error naming it; the en passant
    /// squares are dropped when the board changes under them (a pawn's step that no longer fits).
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) -> Result<(), FenError> {
        if let Some(p) = piece {
            if games::spec(self.game()).piece(p.role()).is_none() {
                return Err(FenError::new(
                    FenField::Board,
                    alloc::format!("{} has no {}", self.game().as_str(), p.role().name()),
                ));
            }
        }
        self.pos.take(sq);
        // Two Kings of a colour: `put` keeps the square of the last one; `check` counts them.
        if let Some(p) = piece {
            self.pos.put(sq, p);
        }
        Ok(())
    }

    /// Sets the side to move, the castling field (`-` or the game's letters, `KQkq`) and the en
    /// passant field (`-` or squares) as a FEN writes them; each is read as the FEN reader reads
    /// it and refused with its error, leaving the draft unchanged.
    pub fn set_fields(
        &mut self,
        side: Color,
        castling: &str,
        en_passant: &str,
    ) -> Result<(), FenError> {
        let fen = self.pos.fen();
        let board = fen.split(' ').next().unwrap_or("");
        let text = alloc::format!(
            "{board} {} {} {} {} {}",
            side.fen_char(),
            field(castling),
            field(en_passant),
            self.pos.halfmove_clock(),
            self.pos.fullmove_number()
        );
        self.pos = fen::read_fields(self.game(), &text, RuleOptions::DEFAULT)?;
        Ok(())
    }

    /// The draft's FEN (canonical, as a game's position writes it).
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The position, when it passes the FEN reader's checks (one King each, the game's own
    /// checks, the side not to move not in check); else the reader's error.
    pub fn check(&self) -> Result<Position, FenError> {
        fen::check(&self.pos)?;
        Ok(self.pos)
    }
}

/// A FEN field as typed: trimmed, `-` when blank.
fn field(s: &str) -> String {
    let s = s.trim();
    if s.is_empty() {
        "-".to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Role;

    fn sq(d: &Draft, name: &str) -> Square {
        d.shape().parse_square(name).unwrap()
    }

    #[test]
    fn a_draft_reads_what_the_reader_refuses_and_says_why_it_is_no_position() {
        let d = Draft::read(GameId::Ultima, "8/8/8/8/8/8/8/8 w").unwrap();
        let e = d.check().unwrap_err();
        let r = e.reason.clone().unwrap();
        assert_eq!(
            (r.id, r.params[0].1.as_str(), r.params[1].1.as_str()),
            ("king-count", "white", "0")
        );
        assert_eq!(
            e,
            fen::read(GameId::Ultima, "8/8/8/8/8/8/8/8 w", RuleOptions::DEFAULT).unwrap_err()
        );
        // Syntax is still refused.
        assert_eq!(
            Draft::read(GameId::Ultima, "9/8 w").unwrap_err().code(),
            "fen-board"
        );
    }

    #[test]
    fn pieces_go_anywhere_the_game_has_them_wizard_squares_included() {
        let mut d = Draft::read(GameId::Omega, games::spec(GameId::Omega).start_fen).unwrap();
        let w1 = sq(&d, "w1");
        d.put(w1, Some(Piece::new(Color::Black, Role::Queen)))
            .unwrap();
        assert_eq!(d.piece_at(w1), Some(Piece::new(Color::Black, Role::Queen)));
        assert!(d.fen().contains("[q/"), "{}", d.fen());
        assert!(d.check().is_ok());
        let e = d
            .put(w1, Some(Piece::new(Color::White, Role::LongLeaper)))
            .unwrap_err();
        assert_eq!(e.code(), "fen-board");
        assert_eq!(d.piece_at(w1), Some(Piece::new(Color::Black, Role::Queen)));
        // A pawn on a wizard square is no position of Omega.
        d.put(w1, Some(Piece::new(Color::White, Role::Pawn)))
            .unwrap();
        let r = d.check().unwrap_err().reason.unwrap();
        assert_eq!(r.id, "pawn-square");
        assert_eq!(
            r.params,
            alloc::vec![("color", "white".to_string()), ("square", "w1".to_string())]
        );
    }

    #[test]
    fn fields_are_read_as_the_fen_reader_reads_them() {
        let mut d = Draft::read(GameId::Hybrid, games::spec(GameId::Hybrid).start_fen).unwrap();
        d.set_fields(Color::Black, "Kq", "-").unwrap();
        assert!(d.fen().contains(" b Kq - "), "{}", d.fen());
        assert!(d.check().is_ok());
        let before = d;
        assert_eq!(
            d.set_fields(Color::White, "X", "").unwrap_err().code(),
            "fen-castling"
        );
        assert_eq!(d, before);
        // The King leaves its square: the right it had is no longer possible.
        d.put(sq(&d, "f2"), None).unwrap();
        d.put(sq(&d, "f3"), Some(Piece::new(Color::White, Role::King)))
            .unwrap();
        let r = d.check().unwrap_err().reason.unwrap();
        assert_eq!(r.id, "castling-pieces");
        assert!(Draft::read(GameId::Ultima, "k7/8/8/8/8/8/8/7K w")
            .unwrap()
            .set_fields(Color::White, "K", "-")
            .is_err());
    }

    #[test]
    fn the_side_not_to_move_may_not_be_in_check_and_en_passant_must_fit() {
        let d = Draft::read(GameId::Hybrid, "4k5/10/10/10/10/10/10/10/10/4RK4 w").unwrap();
        let r = d.check().unwrap_err().reason.unwrap();
        assert_eq!(r.id, "side-in-check");
        let mut d = Draft::read(GameId::Hybrid, games::spec(GameId::Hybrid).start_fen).unwrap();
        d.set_fields(Color::Black, "-", "e4").unwrap();
        let r = d.check().unwrap_err().reason.unwrap();
        assert_eq!((r.id, r.params[0].1.as_str()), ("en-passant", "e4"));
    }
}
