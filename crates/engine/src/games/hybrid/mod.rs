//! The Chess–Ultima Hybrid, as `shared/rules/hybrid.md` defines it.

use alloc::string::String;

use super::{CastleSpec, EndPolicy, GameSpec, Rules};
use crate::fen::{FenError, FenField};
use crate::geometry::{Shape, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::{castling, Position};
use crate::GameId;

/// The hybrid's rules.
pub struct Hybrid;

/// The hybrid's facts (hybrid.md §3, §7.2, §7.4, §9.3).
pub static SPEC: GameSpec = GameSpec {
    id: GameId::Hybrid,
    shape: Shape::Ten,
    start_fen:
        "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1",
    castles: &[
        CastleSpec {
            right: castling::WHITE_KING,
            letter: 'K',
            color: Color::White,
            king_from: (5, 1),
            king_to: (8, 1),
            rook_from: (9, 1),
            rook_to: (7, 1),
            notation: "O-O",
        },
        CastleSpec {
            right: castling::WHITE_QUEEN,
            letter: 'Q',
            color: Color::White,
            king_from: (5, 1),
            king_to: (2, 1),
            rook_from: (0, 1),
            rook_to: (3, 1),
            notation: "O-O-O",
        },
        CastleSpec {
            right: castling::BLACK_KING,
            letter: 'k',
            color: Color::Black,
            king_from: (5, 8),
            king_to: (8, 8),
            rook_from: (9, 8),
            rook_to: (7, 8),
            notation: "O-O",
        },
        CastleSpec {
            right: castling::BLACK_QUEEN,
            letter: 'q',
            color: Color::Black,
            king_from: (5, 8),
            king_to: (2, 8),
            rook_from: (0, 8),
            rook_to: (3, 8),
            notation: "O-O-O",
        },
    ],
    promotion_letters: &[
        ('r', Role::Rook),
        ('n', Role::Knight),
        ('b', Role::Bishop),
        ('z', Role::Cannon),
    ],
    end: EndPolicy {
        stalemate_is_draw_named_stalemate: true,
        bare_kings_draw: true,
    },
};

impl Rules for Hybrid {
    const SPEC: &'static GameSpec = &SPEC;

    fn pseudo_moves(_pos: &Position, _us: Color, _out: &mut MoveList) {}

    fn king_attacked(_pos: &Position, _color: Color) -> bool {
        false
    }

    fn frozen(_pos: &Position) -> SquareSet {
        SquareSet::EMPTY
    }

    fn read_board(_pos: &mut Position, _field: &str) -> Result<(), FenError> {
        Err(FenError::new(
            FenField::Board,
            "hybrid FEN reading is being written",
        ))
    }

    fn write_board(_pos: &Position, _out: &mut String) {}

    fn validate(_pos: &Position) -> Result<(), FenError> {
        Ok(())
    }

    fn notation(_pos: &Position, _m: &Move) -> String {
        String::new()
    }
}
