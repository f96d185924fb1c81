//! Ultima (Baroque Chess), as `shared/rules/ultima.md` defines it.

use alloc::string::String;

use super::{EndPolicy, GameSpec, Rules};
use crate::fen::{self, FenError};
use crate::geometry::{Shape, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::GameId;

/// Ultima's rules.
pub struct Ultima;

/// Ultima's facts (ultima.md §1, §2).
pub static SPEC: GameSpec = GameSpec {
    id: GameId::Ultima,
    shape: Shape::Eight,
    start_fen: "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1",
    castles: &[],
    promotion_letters: &[],
    end: EndPolicy {
        stalemate_is_draw_named_stalemate: false,
        bare_kings_draw: false,
    },
};

/// The role of an Ultima FEN letter (either case).
pub fn role_of(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'K' => Role::King,
        'P' => Role::Pincer,
        'L' => Role::LongLeaper,
        'W' => Role::Withdrawer,
        'C' => Role::Coordinator,
        'I' => Role::Immobilizer,
        'X' => Role::Chameleon,
        _ => return None,
    })
}

/// The FEN letter of `piece` (uppercase for White).
pub fn letter(piece: Piece) -> &'static str {
    let white = piece.color() == Color::White;
    let (w, b) = match piece.role() {
        Role::King => ("K", "k"),
        Role::Pincer => ("P", "p"),
        Role::LongLeaper => ("L", "l"),
        Role::Withdrawer => ("W", "w"),
        Role::Coordinator => ("C", "c"),
        Role::Immobilizer => ("I", "i"),
        Role::Chameleon => ("X", "x"),
        _ => ("?", "?"),
    };
    if white {
        w
    } else {
        b
    }
}

impl Rules for Ultima {
    const SPEC: &'static GameSpec = &SPEC;

    fn pseudo_moves(_pos: &Position, _us: Color, _out: &mut MoveList) {}

    fn king_attacked(_pos: &Position, _color: Color) -> bool {
        false
    }

    fn frozen(_pos: &Position) -> SquareSet {
        SquareSet::EMPTY
    }

    fn read_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
        let ranks: alloc::vec::Vec<&str> = field.split('/').collect();
        fen::read_ranks(pos, &ranks, &|c, promoted| {
            if promoted {
                None
            } else {
                role_of(c)
            }
        })
    }

    fn write_board(pos: &Position, out: &mut String) {
        fen::write_ranks(pos, out, &letter);
    }

    fn validate(_pos: &Position) -> Result<(), FenError> {
        Ok(())
    }

    fn notation(_pos: &Position, _m: &Move) -> String {
        String::new()
    }
}
