//! Which hybrid roles move how, and promotion (hybrid.md §2, §7, §8).
//!
//! Move generation and the quick attack test both read these masks, so a piece's moves and
//! the squares it attacks come from one description.

use crate::geometry::Leap;
#[cfg(test)]
use crate::geometry::{Shape, Square};
#[cfg(test)]
use crate::piece::Color;
use crate::piece::Role;

/// The bit of `role` in a role mask.
#[inline]
pub(super) const fn bit(role: Role) -> u32 {
    1 << role as u32
}

/// Whether `role` is in `mask`.
#[inline]
pub(super) const fn has(mask: u32, role: Role) -> bool {
    mask & bit(role) != 0
}

/// Roles that slide along ranks and files and capture by displacement.
pub(super) const ORTH_SLIDERS: u32 = bit(Role::Queen)
    | bit(Role::Rook)
    | bit(Role::Chancellor)
    | bit(Role::PromotedQueen)
    | bit(Role::PromotedChancellor)
    | bit(Role::PromotedRook);

/// Roles that slide along diagonals without limit and capture by displacement.
pub(super) const DIAG_SLIDERS: u32 = bit(Role::Queen)
    | bit(Role::Bishop)
    | bit(Role::Archbishop)
    | bit(Role::PromotedQueen)
    | bit(Role::PromotedArchbishop)
    | bit(Role::PromotedBishop)
    | bit(Role::DragonHorse);

/// Each leap (or single step) with the roles that make it (§7.1, §7.3, §7.7). The King's
/// step is its Ferz and Wazir steps together.
pub(super) const LEAPERS: [(Leap, u32); 5] = [
    (
        Leap::Knight,
        bit(Role::Knight)
            | bit(Role::Archbishop)
            | bit(Role::Chancellor)
            | bit(Role::PromotedChancellor)
            | bit(Role::PromotedArchbishop)
            | bit(Role::PromotedKnight),
    ),
    (Leap::VerticalKnight, bit(Role::PromotedQueen)),
    (Leap::Camel, bit(Role::PromotedKnight)),
    (
        Leap::Ferz,
        bit(Role::King) | bit(Role::PromotedChancellor) | bit(Role::PromotedRook),
    ),
    (
        Leap::Wazir,
        bit(Role::King)
            | bit(Role::PromotedArchbishop)
            | bit(Role::PromotedBishop)
            | bit(Role::DragonHorse),
    ),
];

/// Roles with at least one leap or step of [`LEAPERS`].
pub(super) const ANY_LEAP: u32 =
    LEAPERS[0].1 | LEAPERS[1].1 | LEAPERS[2].1 | LEAPERS[3].1 | LEAPERS[4].1;

/// The promoted form of a role that promotes (§8.1).
#[inline]
pub(super) const fn promoted(role: Role) -> Option<Role> {
    match role {
        Role::Queen => Some(Role::PromotedQueen),
        Role::Chancellor => Some(Role::PromotedChancellor),
        Role::Archbishop => Some(Role::PromotedArchbishop),
        Role::Rook => Some(Role::PromotedRook),
        Role::Knight => Some(Role::PromotedKnight),
        Role::Bishop => Some(Role::PromotedBishop),
        _ => None,
    }
}

/// Whether `sq` is in `us`'s enemy camp: ranks 8–10 for White, 1–3 for Black (§1).
#[inline]
#[cfg(test)]
pub(super) fn in_enemy_camp(shape: Shape, sq: Square, us: Color) -> bool {
    let r = shape.rank(sq);
    match us {
        Color::White => r >= 7,
        Color::Black => r <= 2,
    }
}

/// The role a promoted role came from (`+B` and `+H` both from the Bishop).
#[inline]
pub(super) const fn base_of_promoted(role: Role) -> Option<Role> {
    match role {
        Role::PromotedQueen => Some(Role::Queen),
        Role::PromotedChancellor => Some(Role::Chancellor),
        Role::PromotedArchbishop => Some(Role::Archbishop),
        Role::PromotedRook => Some(Role::Rook),
        Role::PromotedKnight => Some(Role::Knight),
        Role::PromotedBishop | Role::DragonHorse => Some(Role::Bishop),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_round_trips() {
        for r in Role::ALL {
            if let Some(p) = promoted(r) {
                assert_eq!(base_of_promoted(p), Some(r));
                assert_eq!(promoted(p), None, "{r:?} promotes once");
            }
        }
        assert_eq!(base_of_promoted(Role::DragonHorse), Some(Role::Bishop));
        for r in [
            Role::King,
            Role::Pawn,
            Role::Cannon,
            Role::Dog,
            Role::LongLeaper,
        ] {
            assert_eq!(promoted(r), None);
        }
    }

    #[test]
    fn camps() {
        let s = Shape::Ten;
        let sq = |n: &str| s.parse_square(n).unwrap();
        assert!(in_enemy_camp(s, sq("a8"), Color::White));
        assert!(!in_enemy_camp(s, sq("a7"), Color::White));
        assert!(in_enemy_camp(s, sq("j3"), Color::Black));
        assert!(!in_enemy_camp(s, sq("j4"), Color::Black));
        for q in s.squares() {
            for c in Color::ALL {
                assert_eq!(
                    super::super::movegen::camp(c).contains(q),
                    in_enemy_camp(s, q, c)
                );
            }
        }
    }
}
