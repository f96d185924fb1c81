//! The quick check test of hybrid.md §9.2: whether a non-frozen piece of the other side could
//! remove the King by its own capture method. It must agree with §9.1 (generate the
//! opponent's pseudo-legal moves and look for one that captures the King), which
//! `Position::is_king_attacked_slow` does and the tests compare with.

use crate::geometry::{Dir, Shape, Square, SquareSet};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

use super::after::Board;
use super::dog::DOG_RANGE;
use super::rays::{file_through, pieces_along, rank_through, ray, RayPieces};
use super::roles::{has, DIAG_SLIDERS, LEAPERS, ORTH_SLIDERS};

/// Whether `color`'s King could be captured by the other side now.
pub(super) fn king_attacked(pos: &Position, color: Color) -> bool {
    match pos.king(color) {
        Some(t) => attacked(pos, t, color),
        None => false,
    }
}

/// Whether the enemy piece on a square is active (not frozen: a Dog, or not next to one of
/// `color`'s Immobilizers), with its role.
fn active_of<B: Board>(pos: &B, color: Color) -> impl Fn(Square) -> Option<Role> + '_ {
    let shape = Shape::Ten;
    let them = color.other();
    let ours = pos.by_color(color);
    move |sq: Square| -> Option<Role> {
        let p = pos.piece_at(sq)?;
        if p.color() != them {
            return None;
        }
        let role = p.role();
        if role != Role::Dog {
            for n in shape.neighbours(sq) & ours {
                if pos.piece_at(n).map(Piece::role) == Some(Role::Immobilizer) {
                    return None;
                }
            }
        }
        Some(role)
    }
}

/// The part of [`king_attacked`] that depends on the lines of `dirs` (bit `1 << d` for each
/// [`Dir`] `d` from the King) and, when `coordinator` is set, on the Coordinators' moves:
/// what a move that changes only squares of those lines (and moves no Immobilizer) can
/// change (see `legal.rs`).
pub(super) fn attacked_along<B: Board>(pos: &B, color: Color, dirs: u8, coordinator: bool) -> bool {
    let Some(t) = pos.king(color) else {
        return false;
    };
    let active = active_of(pos, color);
    let mut dirs = dirs;
    while dirs != 0 {
        let d = Dir::ALL[dirs.trailing_zeros() as usize];
        dirs &= dirs - 1;
        if ray_attack(pos, t, d, color, &active) {
            return true;
        }
    }
    coordinator && coordinator_attack(pos, t, color, &active)
}

/// Whether the piece of `color` on `t` (its King) is attacked by the other side.
pub(super) fn attacked<B: Board>(pos: &B, t: Square, color: Color) -> bool {
    let shape = Shape::Ten;
    let them = color.other();
    let theirs = pos.by_color(them);
    let active = active_of(pos, color);

    // Leaps and single steps (King, Knight family, Camel, Ferz and Wazir steps).
    for (leap, mask) in LEAPERS {
        for a in shape.leaps(leap, t) & theirs {
            if pos.piece_at(a).is_some_and(|p| has(mask, p.role())) && active(a).is_some() {
                return true;
            }
        }
    }
    // Pawns: T is diagonally forward of them.
    for dx in [-1, 1] {
        if let Some(a) = shape.offset(t, dx, -them.forward()) {
            if pos.piece_at(a) == Some(Piece::new(them, Role::Pawn)) && active(a).is_some() {
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

/// The distance between two squares of one line.
#[inline]
fn distance(shape: Shape, a: Square, b: Square) -> i8 {
    let (ax, ay) = shape.coords(a);
    let (bx, by) = shape.coords(b);
    (ax - bx).abs().max((ay - by).abs())
}

/// The attacks along the ray from `t` in direction `d`: sliders, Dog, Withdrawer and
/// Pushme-pullyu, Long Leaper and Cannon.
fn ray_attack<B: Board>(
    pos: &B,
    t: Square,
    d: Dir,
    color: Color,
    active: &dyn Fn(Square) -> Option<Role>,
) -> bool {
    // Every attacker along a ray is an enemy piece on it.
    if (ray(t, d) & pos.by_color(color.other())).is_empty() {
        return false;
    }
    let shape = Shape::Ten;
    let mut pieces = pieces_along(t, d, pos.occupied());
    let Some(first) = pieces.next() else {
        return false;
    };
    let Some(fp) = pos.piece_at(first) else {
        return false;
    };
    // A Leaper lands just beyond T, on the side away from it.
    let landing_empty = || shape.step(t, d.opposite()).is_some_and(|b| pos.is_empty(b));
    if fp.color() != color {
        let role = fp.role();
        let slider = if d.is_orthogonal() {
            ORTH_SLIDERS
        } else {
            DIAG_SLIDERS
        };
        let hit = if has(slider, role) {
            true
        } else {
            let dist = || distance(shape, t, first);
            let withdraws = || dist() == 1 && shape.step(first, d).is_some_and(|b| pos.is_empty(b));
            match role {
                Role::Dog => !d.is_orthogonal() && dist() as usize <= DOG_RANGE,
                Role::Withdrawer => withdraws(),
                Role::PushmePullyu => dist() >= 2 || withdraws(),
                Role::LongLeaper => landing_empty(),
                _ => false,
            }
        };
        if hit && active(first).is_some() {
            return true;
        }
    }
    let Some(second) = pieces.next() else {
        return false;
    };
    if d.is_orthogonal()
        && pos.piece_at(second) == Some(Piece::new(color.other(), Role::Cannon))
        && active(second).is_some()
    {
        return true;
    }
    fp.color() == color
        && landing_empty()
        && leaper_behind(pos, t, [first, second], pieces, color, active)
}

/// Whether an active enemy Long Leaper stands further along the ray, behind a chain of pieces
/// of `color` that it can jump one by one. `pair` holds the first two pieces met from the King
/// `t`, and `rest` the pieces after them.
fn leaper_behind<B: Board>(
    pos: &B,
    t: Square,
    pair: [Square; 2],
    rest: RayPieces,
    color: Color,
    active: &dyn Fn(Square) -> Option<Role>,
) -> bool {
    let shape = Shape::Ten;
    let mut prev = t;
    let mut piece = pair[0];
    let mut next = Some(pair[1]);
    let mut rest = rest;
    loop {
        // `piece` must be of the King's colour with an empty square between it and `prev`.
        let jumpable = distance(shape, prev, piece) >= 2
            && pos.piece_at(piece).map(Piece::color) == Some(color);
        let Some(n) = next else {
            return false;
        };
        if !jumpable {
            return false;
        }
        if active(n) == Some(Role::LongLeaper) {
            return true;
        }
        prev = piece;
        piece = n;
        next = rest.next();
    }
}

/// Coordinator attacks: with their King on K, T on K's rank and a Coordinator move to some
/// square of T's file, or T on K's file and a Coordinator move to some square of T's rank.
/// Searched backwards: a Coordinator reaches an empty square D exactly when it is the first
/// piece met from D along some line.
fn coordinator_attack<B: Board>(
    pos: &B,
    t: Square,
    color: Color,
    active: &dyn Fn(Square) -> Option<Role>,
) -> bool {
    let shape = Shape::Ten;
    let them = color.other();
    let Some(k) = pos.king(them) else {
        return false;
    };
    let (tx, ty) = shape.coords(t);
    let (kx, ky) = shape.coords(k);
    let line = if ty == ky {
        file_through(t)
    } else if tx == kx {
        rank_through(t)
    } else {
        return false;
    };
    let occupied = pos.occupied();
    let coordinator = Some(Piece::new(them, Role::Coordinator));
    let mut seen = SquareSet::EMPTY;
    let theirs = pos.by_color(them);
    for d_sq in line.without(occupied) {
        for d in Dir::ALL {
            if (ray(d_sq, d) & theirs).is_empty() {
                continue;
            }
            if let Some(a) = pieces_along(d_sq, d, occupied).next() {
                if !seen.contains(a) {
                    seen.insert(a);
                    if pos.piece_at(a) == coordinator && active(a).is_some() {
                        return true;
                    }
                }
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
        let shape = Shape::Ten;
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
