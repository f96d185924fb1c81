//! Pseudo-legal move generation (hybrid.md §9.1): every move of §§5–8 without asking whether
//! it leaves the mover's King in check. Frozen pieces have only their suicide (§6).

use crate::geometry::{Dir, Square, SquareSet};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

use super::cannon::cannon_moves;
use super::castling_moves::castling_moves;
use super::dog::dog_moves;
use super::freeze::frozen_of;
use super::pawn::pawn_moves;
use super::roles::{forced_promotion, has, ANY_LEAP, DIAG_SLIDERS, LEAPERS, ORTH_SLIDERS};
use super::ultima_moves::ultima_moves;

/// Adds every pseudo-legal move of `us` to `out`, suicides and castling included.
pub(super) fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList) {
    let frozen = frozen_of(pos, us);
    for from in pos.by_color(us) {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let role = piece.role();
        if frozen.contains(from) {
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

/// The moves of a chess piece that captures by displacement: King, Q R B N A C and the
/// promoted pieces (§7.1, §7.3, §7.7), each with its forced promotion (§8).
fn displacement_moves(pos: &Position, us: Color, role: Role, from: Square, out: &mut MoveList) {
    let shape = pos.shape();
    let own = pos.by_color(us);
    // §8.3: every move of a +B is its first (it becomes +H), so every one releases its Dog.
    let kind = if role == Role::PromotedBishop {
        MoveKind::Release {
            left: Role::Dog,
            becomes: Role::DragonHorse,
        }
    } else {
        MoveKind::Normal
    };
    let mut push = |to: Square| {
        let caps = if pos.is_empty(to) {
            SquareSet::EMPTY
        } else {
            SquareSet::from_square(to)
        };
        out.push(Move {
            promotion: forced_promotion(shape, role, to, us),
            kind,
            ..Move::new(role, from, to, caps)
        });
    };
    let orth = has(ORTH_SLIDERS, role);
    let diag = has(DIAG_SLIDERS, role);
    if orth || diag {
        for d in Dir::ALL {
            if !(if d.is_orthogonal() { orth } else { diag }) {
                continue;
            }
            let mut s = from;
            while let Some(t) = shape.step(s, d) {
                if own.contains(t) {
                    break;
                }
                push(t);
                if !pos.is_empty(t) {
                    break;
                }
                s = t;
            }
        }
    }
    if !has(ANY_LEAP, role) {
        return;
    }
    for (leap, mask) in LEAPERS {
        if has(mask, role) {
            for t in shape.leaps(leap, from).without(own) {
                push(t);
            }
        }
    }
}
