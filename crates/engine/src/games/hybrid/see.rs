//! Static exchange evaluation in the hybrid, for the captures that land on their victim's
//! square (hybrid.md §5, §7): those of the chess pieces, the promoted pieces, the Dog and the
//! Cannon's hop. The exchange counts only pieces that capture that way: the Ultima pieces
//! (hybrid.md §7.8) take by approach, withdrawal, leaping or coordination and are left out,
//! and a capture of theirs has no exchange (`None`). A frozen piece (next to an enemy
//! Immobilizer, Dogs excepted: §6) does not take part, and is freed when the Immobilizer
//! beside it is taken on the square. Sliders, Dogs and Cannons are found along the lines over
//! the pieces still on the board, so a piece behind a capturer joins in once the capturer has
//! gone (an x-ray), and a Cannon's screen is whatever piece stands between at the time. The
//! pieces that must promote promote on entering the enemy camp (§8.2), a Pawn there becomes
//! its most valuable choice, and a promoted Bishop leaves its Dog behind (§8.3). Pins are not
//! looked at.

use super::dog::DOG_RANGE;
use super::movegen::camp;
use super::rays::pieces_along;
use super::roles::{has, promoted, DIAG_SLIDERS, LEAPERS, ORTH_SLIDERS};
use crate::games::see::{swap, Recapture, KING_VALUE};
use crate::geometry::{Dir, Shape, Square, SquareSet};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

const SHAPE: Shape = Shape::Ten;

/// A role's value in an exchange: the evaluation's, a King worth more than anything.
#[inline]
fn value(role: Role) -> i32 {
    if role == Role::King {
        KING_VALUE
    } else {
        super::SPEC.value(role)
    }
}

/// Whether `role` captures by landing on its victim's square (not one of the five Ultima
/// pieces, whose captures follow the move).
#[inline]
fn displaces(role: Role) -> bool {
    !super::notation::is_ultima_piece(role)
}

/// The board as the exchange leaves it: the pieces still on their squares, the piece now on
/// the exchange square, and the Dogs promoted Bishops have left.
struct Board<'a> {
    pos: &'a Position,
    to: Square,
    occupied: SquareSet,
    standing: Piece,
    dogs: SquareSet,
}

impl Board<'_> {
    /// The piece on `sq` now.
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq == self.to {
            return Some(self.standing);
        }
        if !self.occupied.contains(sq) {
            return None;
        }
        let p = self.pos.piece_at(sq)?;
        Some(if self.dogs.contains(sq) {
            p.with_role(Role::Dog)
        } else {
            p
        })
    }

    /// Whether the piece `p` on `sq` is frozen: not a Dog, next to an enemy Immobilizer.
    #[inline]
    fn frozen(&self, sq: Square, p: Piece) -> bool {
        p.role() != Role::Dog
            && SHAPE
                .neighbours(sq)
                .and(self.occupied)
                .iter()
                .any(|n| self.piece_at(n) == Some(Piece::new(p.color().other(), Role::Immobilizer)))
    }

    /// The role a piece of `side` with `role` has once it has captured on the square.
    #[inline]
    fn landed(&self, side: Color, role: Role) -> Role {
        if !camp(side).contains(self.to) {
            return role;
        }
        if role == Role::Pawn {
            return best_pawn_promotion();
        }
        promoted(role).unwrap_or(role)
    }

    /// The least valuable active piece of `side` that captures on the square by displacement,
    /// with its square.
    fn least_attacker(&self, side: Color) -> Option<(Square, Piece)> {
        let to = self.to;
        let mut best: Option<(Square, Piece)> = None;
        let mut consider = |sq: Square, p: Piece| {
            if p.color() == side
                && best.is_none_or(|(_, b)| value(p.role()) < value(b.role()))
                && !self.frozen(sq, p)
            {
                best = Some((sq, p));
            }
        };
        for dx in [-1, 1] {
            if let Some(sq) = SHAPE.offset(to, dx, -side.forward()) {
                if let Some(p) = self.piece_at(sq).filter(|p| p.role() == Role::Pawn) {
                    consider(sq, p);
                }
            }
        }
        for (leap, mask) in LEAPERS {
            for sq in SHAPE.leaps(leap, to).and(self.occupied) {
                if let Some(p) = self.piece_at(sq).filter(|p| has(mask, p.role())) {
                    consider(sq, p);
                }
            }
        }
        for d in Dir::ALL {
            let mut along = pieces_along(to, d, self.occupied);
            let Some(first) = along.next() else {
                continue;
            };
            let Some(p) = self.piece_at(first) else {
                continue;
            };
            let sliders = if d.is_orthogonal() {
                ORTH_SLIDERS
            } else {
                DIAG_SLIDERS
            };
            let dog = p.role() == Role::Dog
                && !d.is_orthogonal()
                && distance(to, first) as usize <= DOG_RANGE;
            if has(sliders, p.role()) || dog {
                consider(first, p);
            }
            if d.is_orthogonal() {
                if let Some(second) = along.next() {
                    if let Some(c) = self.piece_at(second).filter(|c| c.role() == Role::Cannon) {
                        consider(second, c);
                    }
                }
            }
        }
        best
    }
}

/// The distance between two squares of one line.
#[inline]
fn distance(a: Square, b: Square) -> i8 {
    let (ax, ay) = SHAPE.coords(a);
    let (bx, by) = SHAPE.coords(b);
    (ax - bx).abs().max((ay - by).abs())
}

/// The most valuable role a Pawn may promote to (hybrid.md §8.1).
fn best_pawn_promotion() -> Role {
    super::SPEC
        .promotion_letters
        .iter()
        .map(|&(_, r)| r)
        .max_by_key(|&r| value(r))
        .unwrap_or(Role::Pawn)
}

/// The balance of the exchange the capture `m` starts on its destination, for the side
/// making it (centipawns, promotion gains included); `None` for a move that is not a
/// displacement capture landing on its victim's square (quiet moves, en passant, suicides,
/// the Ultima pieces' captures).
pub(super) fn see(pos: &Position, m: &Move) -> Option<i32> {
    if m.captures != SquareSet::from_square(m.to) || !displaces(m.role) {
        return None;
    }
    let mover = pos.piece_at(m.from)?;
    let victim = pos.piece_at(m.to)?;
    let us = mover.color();
    if victim.color() == us || mover.role() != m.role {
        return None;
    }
    let mut board = Board {
        pos,
        to: m.to,
        occupied: pos.occupied().without(SquareSet::from_square(m.from)),
        standing: mover,
        dogs: SquareSet::EMPTY,
    };
    let (landed, left) = match m.kind {
        MoveKind::Normal => (m.promotion.unwrap_or(m.role), None),
        MoveKind::Release { left, becomes } => (becomes, Some(left)),
        _ => return None,
    };
    let mut first = value(victim.role()) + value(landed) - value(m.role);
    if let Some(left) = left {
        first += value(left);
        if left == Role::Dog {
            board.occupied.insert(m.from);
            board.dogs.insert(m.from);
        }
    }
    board.standing = mover.with_role(landed);
    Some(swap(first, value(landed), us.other(), |side| {
        let (from, p) = board.least_attacker(side)?;
        let mut bonus = 0;
        let landed = if p.role() == Role::PromotedBishop {
            // Its Dog stays behind, and it becomes a Dragon Horse (§8.3).
            board.dogs.insert(from);
            bonus += value(Role::Dog);
            Role::DragonHorse
        } else {
            board.occupied.remove(from);
            board.dogs.remove(from);
            board.landed(side, p.role())
        };
        bonus += value(landed) - value(p.role());
        board.standing = p.with_role(landed);
        Some(Recapture {
            standing: value(landed),
            bonus,
        })
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::RuleOptions;
    use crate::GameId;

    fn position(fen: &str) -> Position {
        Position::from_fen(GameId::Hybrid, fen, RuleOptions::DEFAULT).expect("fen")
    }

    fn see_of(fen: &str, mv: &str) -> Option<i32> {
        let pos = position(fen);
        let m = pos.parse_move(mv).expect("move");
        assert!(pos.legal_moves().contains(&m), "{mv} legal in {fen}");
        see(&pos, &m)
    }

    #[test]
    fn a_defended_piece_taken_by_a_bigger_one_loses() {
        // The Queen takes a pawn defended by a pawn: 100 - 950.
        let fen = "5k4/10/10/10/4p5/3p6/10/10/3Q6/5K4 w - - 0 1";
        assert_eq!(see_of(fen, "d2d5"), Some(100 - 950));
        // The Rook takes a Knight defended by a Dog two squares away: 300 - 500.
        let fen = "5k4/10/10/10/6d3/10/4n5/10/4R5/5K4 w - - 0 1";
        assert_eq!(see_of(fen, "e2e4"), Some(300 - 500));
    }

    #[test]
    fn an_undefended_piece_is_won() {
        let fen = "5k4/10/10/10/10/3p6/10/10/3Q6/5K4 w - - 0 1";
        assert_eq!(see_of(fen, "d2d5"), Some(100));
        // The defending Bishop is frozen by White's Immobilizer beside it.
        let fen = "5k4/10/10/10/6bI2/10/4n5/10/4R5/5K4 w - - 0 1";
        assert_eq!(see_of(fen, "e2e4"), Some(300));
    }

    #[test]
    fn an_x_ray_recapture_counts() {
        // Rooks doubled on the e-file against a Rook defended by a Rook behind it.
        let doubled = "5k4/10/10/4r5/4r5/10/10/10/4R5/4R1K3 w - - 0 1";
        assert_eq!(see_of(doubled, "e2e6"), Some(500));
        let single = "5k4/10/10/4r5/4r5/10/10/10/4R5/6K3 w - - 0 1";
        assert_eq!(see_of(single, "e2e6"), Some(0));
        // A Cannon hops over a screen onto the square: N×r, r×N, Z×r wins the Rook whether
        // or not Black takes back; without the Cannon Black's recapture holds it to 500 - 300.
        let cannon = "5k4/10/10/4r5/4r5/10/3N6/4P5/10/4Z1K3 w - - 0 1";
        assert_eq!(see_of(cannon, "d4e6"), Some(500));
        let no_cannon = "5k4/10/10/4r5/4r5/10/3N6/4P5/10/6K3 w - - 0 1";
        assert_eq!(see_of(no_cannon, "d4e6"), Some(500 - 300));
    }

    /// Over random games: the exchange never gains more than the capture itself, and finds a
    /// recapture exactly when the opponent has a pseudo-legal displacement capture onto the
    /// square after the capture (its frozen pieces have none), as the move generator says.
    #[test]
    fn recaptures_agree_with_the_move_generator() {
        let mut replies = crate::moves::MoveList::new();
        let each = |pos: &Position, m: &Move, v: i32| {
            assert!(v <= value(pos.piece_at(m.to).expect("victim").role()) + 500);
            let them = pos.side_to_move().other();
            let after = pos.play(m);
            replies.clear();
            after.pseudo_moves_for(them, &mut replies);
            let generated = replies.iter().any(|r| {
                r.to == m.to && r.captures == SquareSet::from_square(m.to) && displaces(r.role)
            });
            let mut board = Board {
                pos,
                to: m.to,
                occupied: pos.occupied().without(SquareSet::from_square(m.from)),
                standing: after.piece_at(m.to).expect("the capturer"),
                dogs: SquareSet::EMPTY,
            };
            if let MoveKind::Release { .. } = m.kind {
                board.occupied.insert(m.from);
                board.dogs.insert(m.from);
            }
            let found = board.least_attacker(them).is_some();
            assert_eq!(found, generated, "{m:?} in {}", pos.fen());
        };
        let checked =
            crate::games::see::each_exchange(GameId::Hybrid, 0x9E37_79B9_7F4A_7C15, 40, see, each);
        assert!(checked > 1_000, "{checked} captures");
    }

    #[test]
    fn captures_that_do_not_land_on_their_victim_have_no_exchange() {
        // A Withdrawer takes by moving away.
        let fen = "5k4/10/10/10/10/4p5/4W5/10/10/5K4 w - - 0 1";
        let pos = position(fen);
        let mut seen = false;
        for m in pos.legal_moves().iter() {
            if m.role == Role::Withdrawer {
                assert_eq!(see(&pos, m), None, "{m:?}");
                seen |= m.is_capture();
            }
        }
        assert!(seen, "the Withdrawer has a capture");
        // Nor do quiet moves.
        let start = Position::start(GameId::Hybrid);
        for m in start.legal_moves().iter() {
            assert_eq!(see(&start, m), None);
        }
    }
}
