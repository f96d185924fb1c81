//! Display notation (ultima.md §9): `Pg4-d4xc4xd5`, a suicide `Pb4xx`, and `+` when the
//! opponent's King is in check after the move.

use alloc::string::String;
use core::fmt::Write;

use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// The notation of `m`, a move of the side to move of `pos`.
pub(crate) fn notation(pos: &Position, m: &Move) -> String {
    let shape = pos.shape();
    let mut s = String::with_capacity(24);
    super::SPEC.push_token(Piece::new(Color::White, m.role), &mut s);
    if m.is_suicide() {
        let _ = write!(s, "{}xx", shape.square_name(m.from));
    } else {
        let _ = write!(
            s,
            "{}-{}",
            shape.square_name(m.from),
            shape.square_name(m.to)
        );
        for sq in pos.captures_in_order(m) {
            let _ = write!(s, "x{}", shape.square_name(sq));
        }
    }
    let them = pos.side_to_move().other();
    if pos.play(m).is_king_attacked(them) {
        s.push('+');
    }
    s
}
