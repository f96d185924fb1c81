//! Omega evaluation: material (seed 004's values), mobility, pawn advance, and wizard-square
//! safety: a King on or next to a wizard square has one or two flight squares, so every enemy
//! leaper (Knight, Champion, Wizard) or long-diagonal slider that reaches its squares counts
//! double or triple there.

use crate::geometry::{Dir, Leap, Square, SquareSet};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::GameId;

use super::psqt;
use super::tables::omega::PSQT;
use super::{leap_mobility, piece_value, slide_mobility, Weights};

/// Centipawns per rank a pawn has advanced.
const PAWN_STEP: i32 = 4;
/// Extra per rank beyond the fifth step (promotion is near).
const PAWN_NEAR: i32 = 18;

/// The evaluation from White's side: the hand-made terms and the fitted tables ([`PSQT`]).
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let tables = match w.psqt {
        0 => 0,
        pct => psqt::score(pos, &PSQT) * pct / 100,
    };
    terms(pos, w) + tables
}

/// The hand-made terms from White's side.
fn terms(pos: &Position, w: &Weights) -> i32 {
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        score += sign * side_score(pos, color, w);
    }
    score
}

fn side_score(pos: &Position, color: Color, w: &Weights) -> i32 {
    let shape = pos.shape();
    let own = pos.by_color(color);
    let them = color.other();
    let mut material = 0;
    let mut mobility = 0;
    let mut pawns = 0;
    for sq in own {
        let Some(p) = pos.piece_at(sq) else { continue };
        let role = p.role();
        material += piece_value(GameId::Omega, role);
        mobility += match role {
            Role::Queen => slide_mobility(pos, sq, &Dir::ALL, them) / 2,
            Role::Rook => slide_mobility(pos, sq, &Dir::ORTHOGONAL, them),
            Role::Bishop => slide_mobility(pos, sq, &Dir::DIAGONAL, them),
            Role::Knight => leap_mobility(pos, sq, Leap::Knight, own),
            Role::Champion => leap_mobility(pos, sq, Leap::Champion, own),
            Role::Wizard => leap_mobility(pos, sq, Leap::Wizard, own),
            _ => 0,
        };
        if role == Role::Pawn {
            let rank = shape.rank(sq);
            let adv = match color {
                Color::White => rank - 1,
                Color::Black => 8 - rank,
            } as i32;
            pawns += PAWN_STEP * adv + PAWN_NEAR * (adv - 5).max(0);
        }
    }
    let danger = wizard_square_danger(pos, color);
    material + pawns + mobility * w.mobility / 16 - danger * w.wizard_safety / 4
}

/// Danger points for `color`'s King: enemy attacks on the King's square and neighbours, times
/// 3 when the King has at most one flight square (on a wizard square or boxed in its corner),
/// times 2 with two or three, else 1.
pub(crate) fn wizard_square_danger(pos: &Position, color: Color) -> i32 {
    let Some(k) = pos.king(color) else {
        return 0;
    };
    let shape = pos.shape();
    let own = pos.by_color(color);
    let mut zone = shape.neighbours(k);
    let flight = zone.without(own).count();
    zone.insert(k);
    let mult = match flight {
        0 | 1 => 3,
        2 | 3 => 2,
        _ => 1,
    };
    // Only Kings near a corner get the extra care: elsewhere Omega's King safety is chess's.
    let (x, y) = shape.coords(k);
    let cornered = (x <= 1 || x >= 8) && (y <= 1 || y >= 8) || shape.is_wizard_square(k);
    if !cornered && mult < 3 {
        return 0;
    }
    let mut attacks = 0;
    for s in pos.by_color(color.other()) {
        let Some(p) = pos.piece_at(s) else { continue };
        let hits: SquareSet = match p.role() {
            Role::Knight => shape.leaps(Leap::Knight, s),
            Role::Champion => shape.leaps(Leap::Champion, s),
            Role::Wizard => shape.leaps(Leap::Wizard, s),
            Role::Bishop | Role::Queen => diagonal_reach(pos, s),
            _ => SquareSet::EMPTY,
        };
        attacks += hits.and(zone).count() as i32;
    }
    attacks * mult
}

fn diagonal_reach(pos: &Position, from: Square) -> SquareSet {
    let shape = pos.shape();
    let mut out = SquareSet::EMPTY;
    for d in Dir::DIAGONAL {
        let mut at = from;
        while let Some(t) = shape.step(at, d) {
            out.insert(t);
            if !pos.is_empty(t) {
                break;
            }
            at = t;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::RuleOptions;

    fn pos(fen: &str) -> Position {
        Position::from_fen(GameId::Omega, fen, RuleOptions::DEFAULT).expect("fen")
    }

    #[test]
    fn a_king_in_the_corner_fears_leapers() {
        // White King on w1 with a black Wizard near, or far.
        let near = pos("5k4/10/10/10/10/10/10/10/1w8/10[K/-/-/-] w - - 0 1");
        let far = pos("5k4/10/10/10/10/10/10/10/10/10[K/-/-/-] w - - 0 1");
        assert!(
            wizard_square_danger(&near, Color::White) > wizard_square_danger(&far, Color::White)
        );
    }

    #[test]
    fn advanced_pawns_are_worth_more() {
        let back = pos("5k4/10/10/10/10/10/10/10/4P5/5K4[-/-/-/-] w - - 0 1");
        let far = pos("5k4/10/4P5/10/10/10/10/10/10/5K4[-/-/-/-] w - - 0 1");
        let w = Weights::DEFAULT;
        assert!(evaluate(&far, &w) > evaluate(&back, &w));
    }
}
