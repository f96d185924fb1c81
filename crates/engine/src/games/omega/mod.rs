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
//! | `see` | static exchange evaluation of captures |
//! | [`fen`] | both FEN forms and the validity checks |
//! | `notation` | display notation |
//!
//! ```
//! use baroque_engine::{perft, GameId, Position};
//! let pos = Position::start(GameId::Omega);
//! assert_eq!(perft::perft(&pos, 2), 1600);
//! ```

use alloc::string::String;

use super::spec::array;
use super::{mirrored_castles, CastleFiles, CastleSpec, EndPolicy, GameSpec, PieceSpec, Rules};
use crate::fen::FenError;
use crate::geometry::{Shape, Square, SquareSet};
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
mod see;

/// Omega's rules.
pub struct Omega;

/// Castling (omega.md §4): King f0→h0 with Rook i0→g0, King f0→d0 with Rook b0→e0; Black on
/// rank 9.
const CASTLES: [CastleSpec; 4] = mirrored_castles(
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

/// Omega's pieces (omega.md §2), in legend order; `G` is read as the Champion too. The values are
/// the evaluation's, seed 004's table (pawn = 1): Knight 2.5, Champion and Wizard 3.5 (the Wizard
/// a shade less, being colour-bound), Bishop 4, Rook 6, Queen 12.
pub(crate) const PIECES: &[PieceSpec] = &[
    PieceSpec::plain(Role::King, 'K', 0),
    PieceSpec::plain(Role::Queen, 'Q', 1200),
    PieceSpec::plain(Role::Rook, 'R', 600),
    PieceSpec::plain(Role::Bishop, 'B', 400),
    PieceSpec::plain(Role::Knight, 'N', 250),
    PieceSpec {
        aliases: &['G'],
        ..PieceSpec::plain(Role::Champion, 'C', 350)
    },
    PieceSpec::plain(Role::Wizard, 'W', 340),
    PieceSpec::plain(Role::Pawn, 'P', 100),
];

const START_FEN: &str =
    "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1";

/// Omega's facts (omega.md §2, §3.3, §4, §6).
pub(crate) const SPEC: GameSpec = GameSpec {
    id: GameId::Omega,
    title: "Omega Chess",
    shape: Shape::Omega,
    start_fen: START_FEN,
    start_arrays: &[array("standard", START_FEN, &[])],
    pieces: PIECES,
    options: &[],
    castles: &CASTLES,
    promotion_letters: &[
        ('q', Role::Queen),
        ('r', Role::Rook),
        ('b', Role::Bishop),
        ('n', Role::Knight),
        ('c', Role::Champion),
        ('w', Role::Wizard),
    ],
    en_passant: true,
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

    fn square_attacked(pos: &Position, sq: Square, by: Color) -> Option<bool> {
        Some(attacks::attacked(pos, sq, by))
    }

    fn see(pos: &Position, m: &Move) -> Option<i32> {
        see::see(pos, m)
    }

    /// Only a lone King can never mate (omega.md §6): a King gives no check, and one minor
    /// piece mates a King on a wizard square, so any other material might.
    fn can_win(pos: &Position, side: Color) -> bool {
        !super::only_king(pos, side)
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

    /// The improving flag: accepted by the test bench in Omega (H1 after 496 pairs, +30.9 Elo,
    /// +12.8 to +49.2, at 2,000 nodes a move; docs/ai.md, "Search techniques tried").
    fn search_features() -> u32 {
        crate::search::feature::IMPROVING
    }
}
