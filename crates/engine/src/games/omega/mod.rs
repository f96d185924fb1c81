//! Omega Chess, as `shared/rules/omega.md` defines it.

use alloc::string::String;

use super::{CastleSpec, EndPolicy, GameSpec, Rules};
use crate::fen::{FenError, FenField};
use crate::geometry::{Shape, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::{castling, Position};
use crate::GameId;

/// Omega's rules.
pub struct Omega;

/// Omega's facts (omega.md §2, §3.3, §4, §6).
pub static SPEC: GameSpec = GameSpec {
    id: GameId::Omega,
    shape: Shape::Omega,
    start_fen:
        "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
    castles: &[
        CastleSpec {
            right: castling::WHITE_KING,
            letter: 'K',
            color: Color::White,
            king_from: (5, 0),
            king_to: (7, 0),
            rook_from: (8, 0),
            rook_to: (6, 0),
            notation: "0-0",
        },
        CastleSpec {
            right: castling::WHITE_QUEEN,
            letter: 'Q',
            color: Color::White,
            king_from: (5, 0),
            king_to: (3, 0),
            rook_from: (1, 0),
            rook_to: (4, 0),
            notation: "0-0-0",
        },
        CastleSpec {
            right: castling::BLACK_KING,
            letter: 'k',
            color: Color::Black,
            king_from: (5, 9),
            king_to: (7, 9),
            rook_from: (8, 9),
            rook_to: (6, 9),
            notation: "0-0",
        },
        CastleSpec {
            right: castling::BLACK_QUEEN,
            letter: 'q',
            color: Color::Black,
            king_from: (5, 9),
            king_to: (3, 9),
            rook_from: (1, 9),
            rook_to: (4, 9),
            notation: "0-0-0",
        },
    ],
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
            "Omega FEN reading is being written",
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
