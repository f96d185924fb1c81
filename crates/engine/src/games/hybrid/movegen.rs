//! Pseudo-legal move generation (hybrid.md §9.1): every move of §§5–8 without asking whether
//! it leaves the mover's King in check. Frozen pieces have only their suicide (§6).

use crate::geometry::{Dir, Shape, Square, SquareSet};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

use super::cannon::cannon_moves;
use super::castling_moves::castling_moves;
use super::dog::dog_moves;
use super::freeze::frozen_of;
use super::pawn::pawn_moves;
use super::rays::reach;
use super::roles::{has, promoted, ANY_LEAP, DIAG_SLIDERS, LEAPERS, ORTH_SLIDERS};
use super::ultima_moves::ultima_moves;

/// Adds every pseudo-legal move of `us` to `out`, suicides and castling included.
pub(super) fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList) {
    pseudo_moves_frozen(pos, us, frozen_of(pos, us), out);
}

/// [`pseudo_moves`] with `us`'s frozen pieces already known.
pub(super) fn pseudo_moves_frozen(
    pos: &Position,
    us: Color,
    frozen: SquareSet,
    out: &mut MoveList,
) {
    let any_frozen = frozen.any();
    for from in pos.by_color(us) {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let role = piece.role();
        if any_frozen && frozen.contains(from) {
            if role != Role::King {
                out.push(Move {
                    kind: MoveKind::Suicide,
                    ..Move::new(role, from, from, SquareSet::from_square(from))
                });
            }
            continue;
        }
        match role {
            Role::Pawn => pawn_moves(pos, us, from, out),
            Role::Cannon => cannon_moves(pos, us, from, out),
            Role::Dog => dog_moves(pos, us, from, out),
            Role::Immobilizer
            | Role::LongLeaper
            | Role::Withdrawer
            | Role::Coordinator
            | Role::PushmePullyu => ultima_moves(pos, us, role, from, out),
            _ => displacement_moves(pos, us, role, from, out),
        }
    }
    if pos.castling_rights() != 0 {
        castling_moves(pos, us, frozen, out);
    }
}

/// The squares of `us`'s enemy camp (ranks 8–10 for White, 1–3 for Black, §1), where the
/// pieces that promote must promote (§8.2).
const CAMPS: [SquareSet; 2] = [
    SquareSet(((1u128 << 30) - 1) << 70),
    SquareSet((1u128 << 30) - 1),
];

/// The enemy camp of `us`.
#[inline]
pub(super) fn camp(us: Color) -> SquareSet {
    CAMPS[us as usize]
}

/// The moves of a chess piece that captures by displacement: King, Q R B N A C and the
/// promoted pieces (§7.1, §7.3, §7.7), each with its forced promotion (§8).
fn displacement_moves(pos: &Position, us: Color, role: Role, from: Square, out: &mut MoveList) {
    let shape = Shape::Ten;
    let own = pos.by_color(us);
    let theirs = pos.by_color(us.other());
    let occupied = own | theirs;
    // §8.3: every move of a +B is its first (it becomes +H), so every one releases its Dog.
    let kind = if role == Role::PromotedBishop {
        MoveKind::Release {
            left: Role::Dog,
            becomes: Role::DragonHorse,
        }
    } else {
        MoveKind::Normal
    };
    let mut targets = SquareSet::EMPTY;
    // Slides and single steps start on a neighbour that holds no piece of ours (crowded
    // boards leave many pieces without one).
    let open = shape.neighbours(from).without(own).any();
    if open && has(ORTH_SLIDERS, role) {
        for d in Dir::ORTHOGONAL {
            targets |= reach(from, d, occupied);
        }
    }
    if open && has(DIAG_SLIDERS, role) {
        for d in Dir::DIAGONAL {
            targets |= reach(from, d, occupied);
        }
    }
    if has(ANY_LEAP, role) {
        for (leap, mask) in LEAPERS {
            if has(mask, role) {
                targets |= shape.leaps(leap, from);
            }
        }
    }
    let promotes = promoted(role);
    let camp = if promotes.is_some() {
        camp(us)
    } else {
        SquareSet::EMPTY
    };
    for to in targets.without(own) {
        out.push(Move {
            role,
            from,
            to,
            captures: theirs & SquareSet::from_square(to),
            promotion: if camp.contains(to) { promotes } else { None },
            kind,
        });
    }
}
