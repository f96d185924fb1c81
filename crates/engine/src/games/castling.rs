//! Castling as data: the rook's squares of a castling move, the rights a move loses and the
//! FEN check that each right's King and Rook stand on their start squares, all read from the
//! game's [`CastleSpec`](super::CastleSpec)s (omega.md §4, hybrid.md §7.2).

use crate::fen::{FenError, FenField};
use crate::geometry::Square;
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::GameId;
use alloc::string::ToString;

use super::spec;

/// The rook's squares for the castling move `king_from` → `king_to`, if it is one.
pub(crate) fn castle_rook(
    game: GameId,
    king_from: Square,
    king_to: Square,
) -> Option<(Square, Square)> {
    let spec = spec(game);
    let shape = spec.shape;
    let from = shape.coords(king_from);
    let to = shape.coords(king_to);
    let c = spec
        .castles
        .iter()
        .find(|c| c.king_from == from && c.king_to == to)?;
    Some((
        shape.square(c.rook_from.0, c.rook_from.1)?,
        shape.square(c.rook_to.0, c.rook_to.1)?,
    ))
}

/// The castling rights lost when a move starts on, ends on or captures on `sq`.
#[inline]
pub(crate) fn castling_mask(game: GameId, sq: Square) -> u8 {
    let spec = spec(game);
    if spec.castles.is_empty() {
        return 0;
    }
    let at = spec.shape.coords(sq);
    let mut mask = 0;
    for c in spec.castles {
        if c.king_from == at || c.rook_from == at {
            mask |= c.right;
        }
    }
    mask
}

/// FEN validity of the castling field (omega.md §7.3, hybrid.md §4): each right needs its King
/// and an unpromoted Rook of its colour on their start squares.
pub(crate) fn check_castling_pieces(pos: &Position) -> Result<(), FenError> {
    let spec = spec(pos.game());
    let shape = spec.shape;
    let rights = pos.castling_rights();
    for c in spec.castles.iter().filter(|c| rights & c.right != 0) {
        let king = shape.square(c.king_from.0, c.king_from.1);
        let rook = shape.square(c.rook_from.0, c.rook_from.1);
        let has = |sq: Option<Square>, role| {
            sq.and_then(|s| pos.piece_at(s)) == Some(Piece::new(c.color, role))
        };
        if !has(king, Role::King) || !has(rook, Role::Rook) {
            let name = |sq: Option<Square>| {
                sq.map(|s| alloc::format!("{}", shape.square_name(s)))
                    .unwrap_or_default()
            };
            let color = c.color.as_str();
            return Err(FenError::new(
                FenField::Castling,
                alloc::format!(
                    "'{}' needs the {color} King on {} and an unpromoted {color} Rook on {}",
                    c.letter,
                    name(king),
                    name(rook)
                ),
            )
            .at_char(c.letter)
            .because(
                "castling-pieces",
                alloc::vec![
                    ("letter", c.letter.to_string()),
                    ("color", color.into()),
                    ("king", name(king)),
                    ("rook", name(rook))
                ],
            ));
        }
    }
    Ok(())
}
