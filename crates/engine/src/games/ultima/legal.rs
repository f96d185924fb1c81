//! Legal move generation (ultima.md §7.2): the pseudo-legal moves after which the mover's King
//! is not in check. Each move is tested on a [`After`] view of the position, so no position is
//! copied.

use super::attacks::king_attacked;
use super::movegen::generate;
use super::view::After;
use crate::moves::MoveList;
use crate::position::Position;

/// Fills `out` with the legal moves of the side to move (under `win=checkmate`).
pub(crate) fn legal_moves(pos: &Position, out: &mut MoveList) {
    let us = pos.side_to_move();
    generate(pos, us, out);
    let opts = pos.options();
    out.retain(|m| !king_attacked(&After::new(pos, m), us, opts));
}
