//! Immobilization (ultima.md §6): which pieces are frozen, under `immobilizer=classic` (§6.1)
//! and `immobilizer=pure` (§6.2). Freezing depends only on the placement.

use super::bits::{Bits, NEIGH};
use super::placement::Placement;
use super::view::View;
use crate::options::ImmobilizerRule;
use crate::piece::{Color, Piece, Role};

/// The frozen pieces of colour `c` in placement `p`.
#[inline]
pub(crate) fn frozen_of(p: &Placement, c: Color, rule: ImmobilizerRule) -> u64 {
    let (ci, ei) = (c as usize, c.other() as usize);
    let imm = |i: usize| p.roles[i][Role::Immobilizer as usize];
    let cham = |i: usize| p.roles[i][Role::Chameleon as usize];
    // (b) of both rules: an Immobilizer next to an enemy Chameleon.
    let mut frozen = imm(ci) & spread(cham(ei));
    match rule {
        ImmobilizerRule::Classic => {
            frozen |= p.color[ci] & spread(imm(ei));
        }
        ImmobilizerRule::Pure => {
            let neutralisers = cham(ci) | imm(ci);
            for i in Bits(imm(ei)) {
                let n = NEIGH[i as usize];
                let near = n & neutralisers;
                frozen |= match near.count_ones() {
                    // No friendly Chameleon or Immobilizer: everything next to it freezes.
                    0 => n & p.color[ci],
                    // One: it freezes that piece, which shields the others.
                    1 => near,
                    _ => 0,
                };
            }
        }
    }
    frozen
}

/// The frozen pieces of both colours.
#[inline]
pub(crate) fn frozen(p: &Placement, rule: ImmobilizerRule) -> u64 {
    frozen_of(p, Color::White, rule) | frozen_of(p, Color::Black, rule)
}

/// The squares next to at least one square of `b`.
#[inline(always)]
pub(crate) fn spread(b: u64) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let east = (b << 1) & NOT_A;
    let west = (b >> 1) & NOT_H;
    let row = b | east | west;
    east | west | (row << 8) | (row >> 8)
}

/// Whether the piece `p` on `sq` is frozen, found by looking only at its neighbours (and theirs,
/// under the pure rule). Agrees with [`frozen_of`].
#[inline]
pub(crate) fn is_frozen<V: View>(v: &V, sq: u8, p: Piece, rule: ImmobilizerRule) -> bool {
    let c = p.color();
    let e = c.other();
    let near = NEIGH[sq as usize] & v.color(e);
    if near == 0 {
        return false;
    }
    for t in Bits(near) {
        let Some(q) = v.piece(t) else { continue };
        match q.role() {
            Role::Chameleon if p.role() == Role::Immobilizer => return true,
            Role::Immobilizer => match rule {
                ImmobilizerRule::Classic => return true,
                ImmobilizerRule::Pure => {
                    let others = NEIGH[t as usize] & v.color(c) & !(1u64 << sq);
                    let shielded = Bits(others).any(|u| {
                        v.piece(u).is_some_and(|r| {
                            matches!(r.role(), Role::Chameleon | Role::Immobilizer)
                        })
                    });
                    if !shielded {
                        return true;
                    }
                }
            },
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::bits::{bit, NEIGH};
    use super::*;

    #[test]
    fn spread_is_the_union_of_neighbourhoods() {
        for a in 0..64u8 {
            for b in [0u8, 7, 9, 27, 56, 63] {
                let set = bit(a) | bit(b);
                assert_eq!(spread(set), NEIGH[a as usize] | NEIGH[b as usize]);
            }
        }
    }
}
