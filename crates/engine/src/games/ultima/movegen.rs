//! Pseudo-legal move generation (ultima.md §5, §6.3): every move of one colour, frozen pieces
//! left out, suicides added when `suicide=on`. Nothing here allocates beyond the move list.

use super::bits::{bit, queen_slides, slide, Bits, NEIGH, ORTHO};
use super::captures::{corners, leap_walk, pincer, withdrawn};
use super::chameleon;
use super::immobilizer::frozen_of;
use super::placement::Placement;
use crate::geometry::{Square, SquareSet};
use crate::moves::{Move, MoveKind, MoveList};
use crate::options::{ChameleonRule, LeaperRule};
use crate::piece::{Color, Role};
use crate::position::Position;

/// What every piece's generator needs: the placement and the side it moves for.
pub(crate) struct Gen<'a> {
    /// The placement by colour and role.
    pub(crate) pl: &'a Placement,
    /// The side whose moves are generated.
    pub(crate) us: Color,
    /// Every occupied square.
    pub(crate) occ: u64,
    /// `us`'s pieces.
    pub(crate) own: u64,
    /// The other side's pieces.
    pub(crate) enemy: u64,
    /// `us`'s King, the Coordinator's partner.
    pub(crate) king: Option<u8>,
    /// `leaper=single`.
    pub(crate) single: bool,
    /// `chameleon=pure`.
    pub(crate) pure: bool,
}

/// Appends the move of `role` from `from` to `to` capturing `caps`.
#[inline(always)]
pub(crate) fn push(out: &mut MoveList, role: Role, from: u8, to: u8, caps: u64) {
    out.push(Move::new(
        role,
        Square::from_index(from as usize),
        Square::from_index(to as usize),
        SquareSet(caps as u128),
    ));
}

/// Adds every pseudo-legal move of `us` to `out`.
pub(crate) fn generate(pos: &Position, us: Color, out: &mut MoveList) {
    generate_with(pos, &Placement::scan(pos), us, out);
}

/// [`generate`] with the placement already scanned.
pub(crate) fn generate_with(pos: &Position, pl: &Placement, us: Color, out: &mut MoveList) {
    let opts = pos.options();
    let own = pl.color[us as usize];
    let kings = pl.of(us, Role::King);
    let g = Gen {
        pl,
        us,
        occ: pl.occ(),
        own,
        enemy: pl.color[us.other() as usize],
        king: (kings != 0).then(|| kings.trailing_zeros() as u8),
        single: opts.leaper == LeaperRule::Single,
        pure: opts.chameleon == ChameleonRule::Pure,
    };
    let frozen = frozen_of(pl, us, opts.immobilizer);
    for (i, role) in super::placement::ROLES.iter().enumerate() {
        for sq in Bits(pl.roles[us as usize][i] & !frozen) {
            match role {
                Role::King => king(&g, sq, out),
                Role::Pincer => pawn(&g, sq, out),
                Role::LongLeaper => leaper(&g, sq, out),
                Role::Withdrawer => withdrawer(&g, sq, out),
                Role::Coordinator => coordinator(&g, sq, out),
                Role::Immobilizer => {
                    for t in Bits(queen_slides(sq, g.occ)) {
                        push(out, Role::Immobilizer, sq, t, 0);
                    }
                }
                _ => chameleon::moves(&g, sq, out),
            }
        }
    }
    if opts.suicide {
        for sq in Bits(frozen & own & !kings) {
            if let Some(p) = pos.piece_at(Square::from_index(sq as usize)) {
                let s = Square::from_index(sq as usize);
                out.push(Move {
                    role: p.role(),
                    from: s,
                    to: s,
                    captures: SquareSet::from_square(s),
                    promotion: None,
                    kind: MoveKind::Suicide,
                });
            }
        }
    }
}

/// §5.1: one step to an empty square or onto an enemy piece.
fn king(g: &Gen, sq: u8, out: &mut MoveList) {
    for t in Bits(NEIGH[sq as usize] & !g.own) {
        push(out, Role::King, sq, t, bit(t) & g.enemy);
    }
}

/// §5.2: rook slides; pincers where it lands.
fn pawn(g: &Gen, sq: u8, out: &mut MoveList) {
    let anvils = g.own & !bit(sq);
    for d in ORTHO {
        for t in Bits(slide(d, sq, g.occ)) {
            push(out, Role::Pincer, sq, t, pincer(t, g.enemy, anvils));
        }
    }
}

/// §5.3: the walk along each of the 8 directions.
fn leaper(g: &Gen, sq: u8, out: &mut MoveList) {
    for d in 0..8 {
        leap_walk(sq, d, g.occ, g.enemy, g.single, |t, v| {
            push(out, Role::LongLeaper, sq, t, v)
        });
    }
}

/// §5.4: queen slides; withdrawal from the piece behind.
fn withdrawer(g: &Gen, sq: u8, out: &mut MoveList) {
    for d in 0..8 {
        let v = withdrawn(sq, d, g.enemy);
        for t in Bits(slide(d, sq, g.occ)) {
            push(out, Role::Withdrawer, sq, t, v);
        }
    }
}

/// §5.5: queen slides; the rectangle's corners with its own King.
fn coordinator(g: &Gen, sq: u8, out: &mut MoveList) {
    for t in Bits(queen_slides(sq, g.occ)) {
        let v = match g.king {
            Some(k) => corners(t, k) & g.enemy,
            None => 0,
        };
        push(out, Role::Coordinator, sq, t, v);
    }
}
