//! Static exchange evaluation in Omega: every Omega capture but en passant lands on its
//! victim's square, so the exchange on that square is the game's whole capture tree there.
//! Attackers are found looking outward from the square, as `attacks` does for check: the
//! leapers (King, Knight, Champion, Wizard, wizard squares included) through their leap
//! tables, pawns from behind, and the sliders along the eight lines over the pieces still on
//! the board, so that a slider behind a capturer joins in once the capturer has gone (an
//! x-ray). Pins are not looked at.

use super::attacks::{pawn_attack_origins, slides_along};
use super::pawns::last_rank;
use crate::games::see::{swap, Recapture, KING_VALUE};
use crate::geometry::{Dir, Leap, Shape, Square, SquareSet};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Role};
use crate::position::Position;

const SHAPE: Shape = Shape::Omega;

/// A role's value in an exchange: the evaluation's, a King worth more than anything.
#[inline]
fn value(role: Role) -> i32 {
    if role == Role::King {
        KING_VALUE
    } else {
        super::SPEC.value(role)
    }
}

/// The balance of the exchange the capture `m` starts on its destination, for the side
/// making it (centipawns, promotion gains included: a pawn that recaptures on its last rank
/// counts as a Queen); `None` for a move that is not a capture landing on its victim's
/// square (quiet moves, en passant).
pub(super) fn see(pos: &Position, m: &Move) -> Option<i32> {
    if m.kind != MoveKind::Normal || m.captures != SquareSet::from_square(m.to) {
        return None;
    }
    let to = m.to;
    let mover = pos.piece_at(m.from)?;
    let victim = pos.piece_at(to)?;
    let us = mover.color();
    if victim.color() == us {
        return None;
    }
    let landed = m.promotion.unwrap_or(mover.role());
    let first = value(victim.role()) + value(landed) - value(mover.role());
    let mut occupied = pos.occupied().without(SquareSet::from_square(m.from));
    Some(swap(first, value(landed), us.other(), |side| {
        let (from, role) = least_attacker(pos, to, side, occupied)?;
        occupied.remove(from);
        let landed = if role == Role::Pawn && SHAPE.rank(to) == last_rank(side) {
            Role::Queen
        } else {
            role
        };
        Some(Recapture {
            standing: value(landed),
            bonus: value(landed) - value(role),
        })
    }))
}

/// The least valuable piece of `side` among those on `occupied` that attack `to`, with its
/// square.
fn least_attacker(
    pos: &Position,
    to: Square,
    side: Color,
    occupied: SquareSet,
) -> Option<(Square, Role)> {
    let ours = pos.by_color(side).and(occupied);
    let mut best: Option<(Square, Role)> = None;
    let mut consider = |sq: Square, role: Role| {
        if best.is_none_or(|(_, r)| value(role) < value(r)) {
            best = Some((sq, role));
        }
    };
    let role_on = |sq: Square| pos.piece_at(sq).map(|p| p.role());
    for sq in pawn_attack_origins(to, side).and(ours) {
        if role_on(sq) == Some(Role::Pawn) {
            // Nothing is cheaper.
            return Some((sq, Role::Pawn));
        }
    }
    for (leap, role) in [
        (Leap::Knight, Role::Knight),
        (Leap::Wizard, Role::Wizard),
        (Leap::Champion, Role::Champion),
        (Leap::King, Role::King),
    ] {
        for sq in SHAPE.leaps(leap, to).and(ours) {
            if role_on(sq) == Some(role) {
                consider(sq, role);
            }
        }
    }
    for d in Dir::ALL {
        let mut s = to;
        while let Some(t) = SHAPE.step(s, d) {
            if occupied.contains(t) {
                if ours.contains(t) {
                    if let Some(r) = role_on(t) {
                        if slides_along(r, d) {
                            consider(t, r);
                        }
                    }
                }
                break;
            }
            s = t;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::RuleOptions;
    use crate::GameId;

    fn see_of(fen: &str, mv: &str) -> Option<i32> {
        let pos = Position::from_fen(GameId::Omega, fen, RuleOptions::DEFAULT).expect("fen");
        let m = pos.parse_move(mv).expect("move");
        assert!(pos.legal_moves().contains(&m), "{mv} legal in {fen}");
        see(&pos, &m)
    }

    #[test]
    fn a_defended_piece_taken_by_a_bigger_one_loses() {
        // The Queen takes a pawn defended by a pawn: 100 - 1200.
        let fen = "5k4/10/10/4p5/3p6/10/10/3Q6/10/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(fen, "d2d5"), Some(100 - 1200));
        // The Rook takes a Knight defended by a Bishop: 250 - 600.
        let fen = "5k4/10/10/6b3/10/4n5/10/4R5/10/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(fen, "e2e4"), Some(250 - 600));
        // A Bishop on a wizard square defends the corner next to it.
        let fen = "5k4/10/10/10/R9/10/10/10/10/n4K4[b/-/-/-] w - - 0 1";
        assert_eq!(see_of(fen, "a5a0"), Some(250 - 600));
    }

    #[test]
    fn an_undefended_piece_is_won() {
        let fen = "5k4/10/10/10/3p6/10/10/3Q6/10/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(fen, "d2d5"), Some(100));
        // A Wizard's (1, 3) leap takes a Rook, and a Champion's (0, 2) leap takes it back.
        let fen = "5k4/10/10/3c6/10/3r6/10/10/2W7/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(fen, "c1d4"), Some(600 - 340));
        let fen = "5k4/10/10/10/10/3r6/10/10/2W7/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(fen, "c1d4"), Some(600));
    }

    #[test]
    fn an_x_ray_recapture_counts() {
        // Rooks doubled on the e-file against a Rook defended by a Rook behind it: R×R R×R
        // R×R wins a Rook; without the second white Rook it is even.
        let doubled = "5k4/10/4r5/4r5/10/10/10/4R5/4R5/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(doubled, "e2e6"), Some(600));
        let single = "5k4/10/4r5/4r5/10/10/10/4R5/10/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(single, "e2e6"), Some(0));
        // A Queen behind the capturing Bishop supports it along the diagonal against the
        // Bishop that defends the Knight.
        let battery = "5k4/10/10/7b2/6n3/10/10/3B6/2Q7/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(battery, "d2g5"), Some(250));
        let alone = "5k4/10/10/7b2/6n3/10/10/3B6/10/5K4[-/-/-/-] w - - 0 1";
        assert_eq!(see_of(alone, "d2g5"), Some(250 - 400));
    }

    /// Over random games: the exchange never gains more than the capture itself, finds a
    /// recapture exactly when the check test (`attacks::attacked`) says the opponent attacks
    /// the square after the capture, and equals the capture's gain when nothing takes back.
    #[test]
    fn recaptures_agree_with_the_attack_test() {
        let each = |pos: &Position, m: &Move, v: i32| {
            let landed = m.promotion.unwrap_or(m.role);
            let victim = pos.piece_at(m.to).expect("a victim").role();
            let first = value(victim) + value(landed) - value(m.role);
            assert!(v <= first, "{m:?} in {}", pos.fen());
            let them = pos.side_to_move().other();
            let occupied = pos.occupied().without(SquareSet::from_square(m.from));
            let found = least_attacker(pos, m.to, them, occupied).is_some();
            let attacked = super::super::attacks::attacked(&pos.play(m), m.to, them);
            assert_eq!(found, attacked, "{m:?} in {}", pos.fen());
            if !attacked {
                assert_eq!(v, first, "{m:?} in {}", pos.fen());
            }
        };
        let checked =
            crate::games::see::each_exchange(GameId::Omega, 0x2545_F491_4F6C_DD1D, 60, see, each);
        assert!(checked > 1_000, "{checked} captures");
    }

    #[test]
    fn quiet_moves_and_en_passant_have_no_exchange() {
        let pos = Position::start(GameId::Omega);
        for m in pos.legal_moves().iter() {
            assert_eq!(see(&pos, m), None);
        }
        let fen = "5k4/10/10/10/10/3Pp5/10/10/10/5K4[-/-/-/-] b - d2,d3 0 1";
        if let Ok(pos) = Position::from_fen(GameId::Omega, fen, RuleOptions::DEFAULT) {
            for m in pos.legal_moves().iter() {
                if m.kind == MoveKind::EnPassant {
                    assert_eq!(see(&pos, m), None);
                }
            }
        }
    }
}
