//! Omega Chess, as `shared/rules/omega.md` defines it: a 10×10 field plus four wizard squares
//! (104 squares, [`Shape::Omega`]), Champions and Wizards, pawns with 1–3-square first moves and
//! augmented en passant, castling `f0`→`h0` / `f0`→`d0`.
//!
//! | module | holds |
//! |---|---|
//! | `attacks` | whether a side attacks a square (check, castling) |
//! | `movegen` | pseudo-legal moves of the pieces |
//! | `pawns` | pawn pushes, steps, captures, en passant, promotion |
//! | `castle` | castling moves and their conditions |
//! | `legal` | legal moves with pin and check analysis |
//! | [`fen`] | both FEN forms and the validity checks |
//! | `notation` | display notation |
//!
//! ```
//! use baroque_engine::{perft, GameId, Position};
//! let pos = Position::start(GameId::Omega);
//! assert_eq!(perft::perft(&pos, 2), 1600);
//! ```

use alloc::string::String;

use super::{mirrored_castles, CastleFiles, CastleSpec, EndPolicy, GameSpec, Rules};
use crate::fen::FenError;
use crate::geometry::{Shape, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::GameId;

mod attacks;
mod castle;
pub mod fen;
mod legal;
mod movegen;
mod notation;
mod pawns;

/// Omega's rules.
pub struct Omega;

/// Castling (omega.md §4): King f0→h0 with Rook i0→g0, King f0→d0 with Rook b0→e0; Black on
/// rank 9.
static CASTLES: [CastleSpec; 4] = mirrored_castles(
    0,
    9,
    5,
    CastleFiles {
        king_to: 7,
        rook_from: 8,
        rook_to: 6,
        notation: "0-0",
    },
    CastleFiles {
        king_to: 3,
        rook_from: 1,
        rook_to: 4,
        notation: "0-0-0",
    },
);

/// Omega's facts (omega.md §2, §3.3, §4, §6).
pub static SPEC: GameSpec = GameSpec {
    id: GameId::Omega,
    shape: Shape::Omega,
    start_fen:
        "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
    castles: &CASTLES,
    promotion_letters: &[
        ('q', Role::Queen),
        ('r', Role::Rook),
        ('b', Role::Bishop),
        ('n', Role::Knight),
        ('c', Role::Champion),
        ('w', Role::Wizard),
    ],
    end: EndPolicy {
        stalemate_is_draw_named_stalemate: true,
        bare_kings_draw: true,
    },
};

impl Rules for Omega {
    const SPEC: &'static GameSpec = &SPEC;

    fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList) {
        movegen::pseudo_moves(pos, us, out);
    }

    fn legal_moves(pos: &Position, out: &mut MoveList) -> bool {
        legal::legal_moves(pos, out);
        true
    }

    fn king_attacked(pos: &Position, color: Color) -> bool {
        attacks::king_attacked(pos, color)
    }

    fn frozen(_pos: &Position) -> SquareSet {
        // Omega has no immobilization.
        SquareSet::EMPTY
    }

    fn read_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
        fen::read_board(pos, field)
    }

    fn read_ep_squares(_pos: &Position, board: &str, field: &str) -> Result<SquareSet, FenError> {
        fen::read_ep_squares(board, field)
    }

    fn write_board(pos: &Position, out: &mut String) {
        fen::write_board(pos, out);
    }

    fn validate(pos: &Position) -> Result<(), FenError> {
        fen::validate(pos)
    }

    fn notation(pos: &Position, m: &Move) -> String {
        notation::notation(pos, m)
    }
}
