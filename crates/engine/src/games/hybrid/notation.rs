//! The seed's notation, the JSON `captures` order and the JSON `promotion` field
//! (hybrid.md §10).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ultima_captures::coordinator_corners;
use crate::geometry::{Shape, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::Position;

use super::roles::base_of_promoted;
use super::SPEC;

/// The seed's abbreviation of a role (`K`, `Ca`, `Co`, `Pu`, `nN`; `+H` is also `nB`).
pub fn abbreviation(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "P",
        Role::Archbishop => "A",
        Role::Chancellor => "C",
        Role::Cannon => "Ca",
        Role::Dog => "D",
        Role::Immobilizer => "I",
        Role::LongLeaper => "L",
        Role::Withdrawer => "W",
        Role::Coordinator => "Co",
        Role::PushmePullyu => "Pu",
        Role::PromotedQueen => "nQ",
        Role::PromotedChancellor => "nC",
        Role::PromotedArchbishop => "nA",
        Role::PromotedRook => "nR",
        Role::PromotedKnight => "nN",
        Role::PromotedBishop | Role::DragonHorse => "nB",
        Role::Pincer | Role::Chameleon | Role::Champion | Role::Wizard => "?",
    }
}

/// Whether `role` is one of the five Ultima pieces, whose captures follow the move.
pub(super) fn is_ultima_piece(role: Role) -> bool {
    matches!(
        role,
        Role::Immobilizer
            | Role::LongLeaper
            | Role::Withdrawer
            | Role::Coordinator
            | Role::PushmePullyu
    )
}

fn upper(shape: Shape, sq: Square) -> String {
    shape.square_name(sq).to_string().to_uppercase()
}

/// The notation of the legal move `m`: `nB J2 - G5 & D`, `P E7 x D8 = Ca`,
/// `L B10 - H4 x C9 x E7 x G5`, `N E6 - D8 = nN`, `P E5 x D6 e.p.`, `nR I9 xx`, `O-O-O`.
pub(super) fn notation(pos: &Position, m: &Move) -> String {
    let shape = pos.shape();
    if m.kind == MoveKind::Castle {
        let (from, to) = (shape.coords(m.from), shape.coords(m.to));
        return SPEC
            .castles
            .iter()
            .find(|c| c.king_from == from && c.king_to == to)
            .map_or_else(String::new, |c| String::from(c.notation));
    }
    let mut s = String::from(abbreviation(m.role));
    s.push(' ');
    s.push_str(&upper(shape, m.from));
    if m.kind == MoveKind::Suicide {
        s.push_str(" xx");
        return s;
    }
    if is_ultima_piece(m.role) {
        s.push_str(" - ");
        s.push_str(&upper(shape, m.to));
        for v in captures_in_order(pos, m) {
            s.push_str(" x ");
            s.push_str(&upper(shape, v));
        }
    } else {
        s.push_str(if m.is_capture() { " x " } else { " - " });
        s.push_str(&upper(shape, m.to));
        if m.kind == MoveKind::EnPassant {
            s.push_str(" e.p.");
        }
    }
    if let Some(r) = m.promotion {
        s.push_str(" = ");
        s.push_str(abbreviation(r));
    }
    if m.role == Role::PromotedBishop {
        s.push_str(" & D");
    }
    s
}

/// The captured squares in §10's order: Long Leaper victims as jumped, the Pushme-pullyu's
/// withdrawal victim before its approach victim (both: nearest the start first), the
/// Coordinator's (King's file, T's rank) before (T's file, King's rank).
pub(super) fn captures_in_order(pos: &Position, m: &Move) -> Vec<Square> {
    let shape = pos.shape();
    let mut v: Vec<Square> = m.captures.iter().collect();
    match m.role {
        _ if m.kind == MoveKind::Suicide => {}
        Role::LongLeaper | Role::PushmePullyu => {
            let (fx, fy) = shape.coords(m.from);
            v.sort_by_key(|s| {
                let (x, y) = shape.coords(*s);
                (x - fx).abs().max((y - fy).abs())
            });
        }
        Role::Coordinator => {
            let king = pos.piece_at(m.from).and_then(|p| pos.king(p.color()));
            if let Some(k) = king {
                v = coordinator_corners(shape, m.to, k)
                    .into_iter()
                    .flatten()
                    .filter(|s| m.captures.contains(*s))
                    .collect();
            }
        }
        _ => {}
    }
    v
}

/// The JSON `promotion`: the pawn's letter (`"z"`), or `"+n"` for a forced promotion.
pub(super) fn promotion_json(m: &Move) -> Option<String> {
    let r = m.promotion?;
    if m.role == Role::Pawn {
        return SPEC
            .promotion_letters
            .iter()
            .find(|(_, role)| *role == r)
            .map(|(c, _)| c.to_string());
    }
    let base = base_of_promoted(r)?;
    let letter = SPEC.piece(base)?.letter;
    Some(alloc::format!("+{}", letter.to_ascii_lowercase()))
}
