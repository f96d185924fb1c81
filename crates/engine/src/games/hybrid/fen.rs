//! The hybrid's board field and its validity checks (hybrid.md §4): piece letters, the `+`
//! tokens of promoted pieces, and the castling, en passant and pawn-rank rules.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::fen::{read_ranks, write_ranks, FenError, FenField};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

/// Reads the board field into the empty position `pos`.
pub(super) fn read_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() == 10 {
        for (i, rank) in ranks.iter().enumerate() {
            let mut prev = None;
            for c in rank.chars() {
                if matches!(c, 'H' | 'h') && prev != Some('+') {
                    return Err(FenError::new(
                        FenField::Board,
                        "'H' is a promoted Bishop that has released its Dog and is written '+H'",
                    )
                    .at_rank((10 - i).to_string())
                    .at_char(c));
                }
                prev = Some(c);
            }
        }
    }
    read_ranks(pos, &ranks)
}

/// Writes the board field.
pub(super) fn write_board(pos: &Position, out: &mut String) {
    write_ranks(pos, out);
}

/// The hybrid's own checks of a fully read position: pawn ranks, castling rights and the en
/// passant square (§4). One King each and the side not to move not in check are checked by
/// the common reader.
pub(super) fn validate(pos: &Position) -> Result<(), FenError> {
    let shape = pos.shape();
    for sq in pos.occupied() {
        let Some(p) = pos.piece_at(sq) else { continue };
        if p.role() != Role::Pawn {
            continue;
        }
        let r = shape.rank(sq) + 1;
        let (lo, hi) = match p.color() {
            Color::White => (3, 7),
            Color::Black => (4, 8),
        };
        if r < lo || r > hi {
            return Err(FenError::new(
                FenField::Board,
                alloc::format!(
                    "a {} pawn stands on {}, but {} pawns can only stand on ranks {lo}-{hi}",
                    p.color().as_str(),
                    shape.square_name(sq),
                    p.color().as_str()
                ),
            )
            .at_rank(r.to_string())
            .at_char(if p.color() == Color::White { 'P' } else { 'p' })
            .because(
                "pawn-square",
                alloc::vec![
                    ("color", p.color().as_str().into()),
                    ("square", shape.square_name(sq).to_string())
                ],
            ));
        }
    }
    crate::games::castling::check_castling_pieces(pos)?;
    validate_ep(pos)
}

/// The en passant square: on rank 4 with Black to move and a White pawn above it, or on rank
/// 7 with White to move and a Black pawn below it; the square itself empty.
fn validate_ep(pos: &Position) -> Result<(), FenError> {
    let ep = pos.ep_squares();
    let Some(sq) = ep.first() else {
        return Ok(());
    };
    let shape = pos.shape();
    if ep.count() != 1 {
        return Err(FenError::new(
            FenField::EnPassant,
            "the hybrid has one en passant square at most (a pawn's two-step passes one square)",
        ));
    }
    let name = shape.square_name(sq);
    let side = pos.side_to_move();
    let mover = side.other();
    let rank = match side {
        Color::Black => 3,
        Color::White => 6,
    };
    if shape.rank(sq) != rank {
        return Err(FenError::new(
            FenField::EnPassant,
            alloc::format!(
                "{name} is not a square a {} pawn's two-step passes over; with {} to move it must be on rank {}",
                mover.as_str(),
                side.as_str(),
                rank + 1
            ),
        ));
    }
    if !pos.is_empty(sq) {
        return Err(FenError::new(
            FenField::EnPassant,
            alloc::format!("{name} is occupied, but a pawn has just passed over it"),
        ));
    }
    let pawn = shape.offset(sq, 0, mover.forward());
    if pawn.and_then(|s| pos.piece_at(s)) != Some(Piece::new(mover, Role::Pawn)) {
        return Err(FenError::new(
            FenField::EnPassant,
            alloc::format!(
                "{name} needs the {} pawn that passed over it on {}",
                mover.as_str(),
                pawn.map(|s| shape.square_name(s).to_string())
                    .unwrap_or_default()
            ),
        ));
    }
    Ok(())
}
