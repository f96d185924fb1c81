//! Ultima (Baroque Chess), as `shared/rules/ultima.md` defines it.
//!
//! The board is 8×8, so the rules work on `u64` bit sets (`bits`) read from the position
//! (`view`, `placement`). Move generation is in `movegen` and `chameleon`, the capture
//! geometry in `captures`, freezing in `immobilizer`, the check test in `attacks`, legal move
//! filtering in `legal` and the display notation in `notation`.
//!
//! ```
//! use baroque_engine::{GameId, Position, RuleOptions};
//! let pos = Position::from_fen(GameId::Ultima, "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1",
//!     RuleOptions::DEFAULT).unwrap();
//! let m = pos.parse_move("g4d4").unwrap();
//! assert_eq!(pos.notation(&m), "Pg4-d4xc4xd5");
//! ```

use alloc::string::String;

use super::{EndPolicy, GameSpec, Rules};
use crate::fen::{self, FenError};
use crate::geometry::{Shape, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::GameId;

pub(crate) mod attacks;
pub(crate) mod bits;
pub(crate) mod captures;
pub(crate) mod chameleon;
pub(crate) mod immobilizer;
pub(crate) mod legal;
pub(crate) mod movegen;
pub(crate) mod notation;
pub(crate) mod placement;
pub(crate) mod view;

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

    fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList) {
        movegen::generate(pos, us, out);
    }

    /// Legal moves: the pseudo-legal ones whose placement after the move, seen through
    /// `view::After` without copying the position, leaves the mover's King unattacked.
    fn legal_moves(pos: &Position, out: &mut MoveList) -> bool {
        legal::legal_moves(pos, out);
        true
    }

    fn king_attacked(pos: &Position, color: Color) -> bool {
        attacks::king_attacked(pos, color, pos.options())
    }

    fn frozen(pos: &Position) -> SquareSet {
        let p = placement::Placement::scan(pos);
        SquareSet(immobilizer::frozen(&p, pos.options().immobilizer) as u128)
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

    /// ultima.md §3: any material is accepted; the common reader has already required one King
    /// of each colour and '-' castling and en passant fields, and rejects a side not to move in
    /// check under `win=checkmate`.
    fn validate(_pos: &Position) -> Result<(), FenError> {
        Ok(())
    }

    fn notation(pos: &Position, m: &Move) -> String {
        notation::notation(pos, m)
    }
}
