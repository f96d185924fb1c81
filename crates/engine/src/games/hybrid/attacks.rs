//! The quick check test of hybrid.md §9.2: whether a non-frozen piece of the other side could
//! remove the King by its own capture method. It must agree with §9.1 (generate the
//! opponent's pseudo-legal moves and look for one that captures the King), which
//! `Position::is_king_attacked_slow` does and the tests compare with.

use crate::geometry::{Dir, Square};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

use super::cannon::second_piece;
use super::dog::DOG_RANGE;
use super::freeze::immobilizer_zone;
use super::roles::{has, DIAG_SLIDERS, LEAPERS, ORTH_SLIDERS};

/// Whether `color`'s King could be captured by the other side now.
pub(super) fn king_attacked(pos: &Position, color: Color) -> bool {
    match pos.king(color) {
        Some(t) => attacked(pos, t, color),
        None => false,
    }
}

/// Whether the piece of `color` on `t` (its King) is attacked by the other side.
fn attacked(pos: &Position, t: Square, color: Color) -> bool {
    let shape = pos.shape();
    let them = color.other();
    let theirs = pos.by_color(them);
    // Their pieces on these squares are frozen, unless they are Dogs.
    let zone = immobilizer_zone(pos, color);
    let active = |sq: Square| -> Option<Role> {
        let p = pos.piece_at(sq)?;
        (p.color() == them && (p.role() == Role::Dog || !zone.contains(sq))).then_some(p.role())
    };

    // Leaps and single steps (King, Knight family, Camel, Ferz and Wazir steps).
    for (leap, mask) in LEAPERS {
        for a in shape.leaps(leap, t) & theirs {
            if active(a).is_some_and(|r| has(mask, r)) {
                return true;
            }
        }
    }
    // Pawns: T is diagonally forward of them.
    for dx in [-1, 1] {
        if let Some(a) = shape.offset(t, dx, -them.forward()) {
            if active(a) == Some(Role::Pawn) {
                return true;
            }
        }
    }

    for d in Dir::ALL {
        if ray_attack(pos, t, d, color, &active) {
            return true;
        }
    }

    coordinator_attack(pos, t, color, &active)
}

/// The attacks along the ray from `t` in direction `d`: sliders, Dog, Withdrawer and
/// Pushme-pullyu, Long Leaper and Cannon.
fn ray_attack(
    pos: &Position,
    t: Square,
    d: Dir,
    color: Color,
    active: &dyn Fn(Square) -> Option<Role>,
) -> bool {
    let shape = pos.shape();
    // The first piece met and its distance.
    let mut s = t;
    let mut dist = 0usize;
    let first = loop {
        match shape.step(s, d) {
            None => return false,
            Some(n) => {
                s = n;
                dist += 1;
                if !pos.is_empty(n) {
                    break n;
                }
            }
        }
    };
    // A Leaper lands just beyond T, on the side away from it.
    let landing_empty = shape.step(t, d.opposite()).is_some_and(|b| pos.is_empty(b));
    if let Some(role) = active(first) {
        let slider = if d.is_orthogonal() {
            ORTH_SLIDERS
        } else {
            DIAG_SLIDERS
        };
        if has(slider, role) {
            return true;
        }
        let withdraws = dist == 1 && shape.step(first, d).is_some_and(|b| pos.is_empty(b));
        match role {
            Role::Dog if !d.is_orthogonal() && dist <= DOG_RANGE => return true,
            Role::Withdrawer if withdraws => return true,
            Role::PushmePullyu if withdraws || dist >= 2 => return true,
            Role::LongLeaper if landing_empty => return true,
            _ => {}
        }
    }
    if d.is_orthogonal() {
        if let Some(c) = second_piece(pos, t, d) {
            if active(c) == Some(Role::Cannon) {
                return true;
            }
        }
    }
    if landing_empty {
        return leaper_behind(pos, first, dist >= 2, d, color, active);
    }
    false
}

/// Whether an active enemy Long Leaper stands further along `d`, behind a chain of pieces of
/// `color` that it can jump one by one. `first` is the first piece met from the King and
/// `gap` says whether an empty square lies between it and the King.
fn leaper_behind(
    pos: &Position,
    first: Square,
    gap: bool,
    d: Dir,
    color: Color,
    active: &dyn Fn(Square) -> Option<Role>,
) -> bool {
    let shape = pos.shape();
    let mut piece = first;
    let mut gap_before = gap;
    loop {
        // `piece` must be jumpable: of the King's colour with an empty square towards the King.
        let jumpable = gap_before && pos.piece_at(piece).map(Piece::color) == Some(color);
        if !jumpable {
            return false;
        }
        let mut s = piece;
        let mut empties = 0;
        let next = loop {
            match shape.step(s, d) {
                None => return false,
                Some(n) if pos.is_empty(n) => {
                    empties += 1;
                    s = n;
                }
                Some(n) => break n,
            }
        };
        if active(next) == Some(Role::LongLeaper) {
            return true;
        }
        piece = next;
        gap_before = empties > 0;
    }
}

/// Coordinator attacks: with their King on K, T on K's rank and a Coordinator move to T's
/// file, or T on K's file and a Coordinator move to T's rank.
fn coordinator_attack(
    pos: &Position,
    t: Square,
    color: Color,
    active: &dyn Fn(Square) -> Option<Role>,
) -> bool {
    let shape = pos.shape();
    let them = color.other();
    let Some(k) = pos.king(them) else {
        return false;
    };
    let (tx, ty) = shape.coords(t);
    let (kx, ky) = shape.coords(k);
    let on_rank = ty == ky;
    if !on_rank && tx != kx {
        return false;
    }
    let targets = |sq: Square| {
        if on_rank {
            shape.file(sq) == tx
        } else {
            shape.rank(sq) == ty
        }
    };
    for a in pos.by_color(them) {
        if active(a) != Some(Role::Coordinator) {
            continue;
        }
        for d in Dir::ALL {
            let mut s = a;
            while let Some(n) = shape.step(s, d) {
                if !pos.is_empty(n) {
                    break;
                }
                if targets(n) {
                    return true;
                }
                s = n;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveList;
    use crate::options::RuleOptions;
    use crate::GameId;

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    const ROLES: [Role; 21] = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Archbishop,
        Role::Chancellor,
        Role::Pawn,
        Role::Cannon,
        Role::Dog,
        Role::Immobilizer,
        Role::LongLeaper,
        Role::Withdrawer,
        Role::Coordinator,
        Role::PushmePullyu,
        Role::PromotedQueen,
        Role::PromotedChancellor,
        Role::PromotedArchbishop,
        Role::PromotedRook,
        Role::PromotedKnight,
        Role::PromotedBishop,
        Role::DragonHorse,
    ];

    /// A random hybrid position: two Kings and up to `max` other pieces, many of them the
    /// pieces whose attacks are unusual (Ultima pieces, Cannons, Dogs, Immobilizers).
    fn random_position(rng: &mut Rng, max: usize) -> Position {
        let mut pos = Position::empty(GameId::Hybrid, RuleOptions::DEFAULT);
        let shape = pos.shape();
        let mut free: alloc::vec::Vec<Square> = shape.squares().collect();
        let mut take = |rng: &mut Rng| free.swap_remove(rng.below(free.len()));
        for c in Color::ALL {
            let sq = take(rng);
            pos.put(sq, Piece::new(c, Role::King));
        }
        let n = rng.below(max + 1);
        for _ in 0..n {
            let sq = take(rng);
            let role = ROLES[rng.below(ROLES.len())];
            let color = Color::ALL[rng.below(2)];
            let r = shape.rank(sq);
            if role == Role::Pawn && !(2..=7).contains(&r) {
                continue;
            }
            pos.put(sq, Piece::new(color, role));
        }
        if rng.below(2) == 1 {
            pos.set_side(Color::Black);
        }
        pos
    }

    #[test]
    fn section_9_2_quick_test_agrees_with_section_9_1() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut attacked_seen = 0;
        for i in 0..30_000 {
            let max = [6, 14, 30, 60][i % 4];
            let pos = random_position(&mut rng, max);
            for c in Color::ALL {
                let fast = pos.is_king_attacked(c);
                let slow = pos.is_king_attacked_slow(c);
                assert_eq!(fast, slow, "{:?} King in {}", c, pos.fen());
                attacked_seen += fast as u32;
            }
        }
        assert!(attacked_seen > 5_000, "the sample must contain many checks");
    }

    #[test]
    fn legal_moves_agree_with_the_slow_check_test() {
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        for i in 0..4_000 {
            let pos = random_position(&mut rng, [10, 25, 50][i % 3]);
            let us = pos.side_to_move();
            let mut pseudo = MoveList::new();
            pos.pseudo_moves_for(us, &mut pseudo);
            let slow: alloc::vec::Vec<_> = pseudo
                .iter()
                .filter(|m| !pos.play(m).is_king_attacked_slow(us))
                .copied()
                .collect();
            assert_eq!(pos.legal_moves().as_slice(), &slow[..], "{}", pos.fen());
            for m in slow.iter() {
                let after = pos.play(m);
                assert_eq!(after.hash(), after.compute_hash(), "{}", pos.fen());
            }
        }
    }
}
