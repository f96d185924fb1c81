//! Immobilization (hybrid.md §6): a piece other than a Dog is frozen exactly when one of its
//! eight neighbours holds an enemy Immobilizer.

use crate::geometry::Shape;
use crate::geometry::SquareSet;
use crate::piece::{Color, Role};
use crate::position::Position;

/// The squares next to an Immobilizer of `color`: pieces of the other colour there (Dogs
/// excepted) are frozen.
#[inline]
pub(super) fn immobilizer_zone(pos: &Position, color: Color) -> SquareSet {
    let shape = Shape::Ten;
    let mut zone = SquareSet::EMPTY;
    for sq in pos.by_color(color) {
        if pos.piece_at(sq).map(|p| p.role()) == Some(Role::Immobilizer) {
            zone |= shape.neighbours(sq);
        }
    }
    zone
}

/// The frozen pieces of `color`.
pub(super) fn frozen_of(pos: &Position, color: Color) -> SquareSet {
    let candidates = immobilizer_zone(pos, color.other()) & pos.by_color(color);
    candidates
        .iter()
        .filter(|&sq| pos.piece_at(sq).map(|p| p.role()) != Some(Role::Dog))
        .collect()
}

/// The frozen pieces of both colours.
pub(super) fn frozen(pos: &Position) -> SquareSet {
    frozen_of(pos, Color::White) | frozen_of(pos, Color::Black)
}
