//! [`Placement`]: the board as one bit set per colour and Ultima role, scanned once per move
//! generation.

use super::bits::Bits;
use super::view::View;
use crate::piece::{Color, Role};

/// The Ultima roles, in the order of their bit sets in [`Placement::roles`]
/// (the first seven [`Role`]s).
pub(crate) const ROLES: [Role; 7] = [
    Role::King,
    Role::Pincer,
    Role::LongLeaper,
    Role::Withdrawer,
    Role::Coordinator,
    Role::Immobilizer,
    Role::Chameleon,
];

/// One bit set per colour and per role.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Placement {
    /// Every piece of each colour.
    pub(crate) color: [u64; 2],
    /// `roles[colour][role]`, the role indexed as in [`ROLES`].
    pub(crate) roles: [[u64; 7]; 2],
}

impl Placement {
    /// Scans the board once.
    #[inline]
    pub(crate) fn scan<V: View>(v: &V) -> Placement {
        let mut p = Placement {
            color: [v.color(Color::White), v.color(Color::Black)],
            ..Placement::default()
        };
        for sq in Bits(v.occ()) {
            if let Some(piece) = v.piece(sq) {
                let r = piece.role() as usize;
                if r < ROLES.len() {
                    p.roles[piece.color() as usize][r] |= 1 << sq;
                }
            }
        }
        p
    }

    /// The squares of `c`'s pieces of `role` (empty for roles Ultima does not use).
    #[inline(always)]
    pub(crate) fn of(&self, c: Color, role: Role) -> u64 {
        let r = role as usize;
        if r < ROLES.len() {
            self.roles[c as usize][r]
        } else {
            0
        }
    }

    /// Every occupied square.
    #[inline(always)]
    pub(crate) fn occ(&self) -> u64 {
        self.color[0] | self.color[1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_are_the_first_seven() {
        for (i, r) in ROLES.iter().enumerate() {
            assert_eq!(r.index(), i);
        }
    }
}
