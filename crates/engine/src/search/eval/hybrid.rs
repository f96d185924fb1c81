//! Hybrid evaluation: material, mobility, immobilized pieces (the Immobilizers freeze
//! everything but Dogs), King exposure to the Ultima pieces' indirect captures, and
//! promotion-zone pressure: pieces that promote gain credit as they approach the enemy camp
//! (ranks 8–10 for White, 1–3 for Black), in proportion to what promotion would add.

use crate::geometry::{Dir, Leap, SquareSet};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::GameId;

use super::ultima::{king_exposure, Attackers};
use super::{leap_mobility, piece_value, slide_mobility, Weights};

/// What a frozen King stands to lose.
const FROZEN_KING: i32 = 250;

/// The role a piece promotes to, and so its promotion gain; a pawn's best choice is the Cannon.
fn promoted(role: Role) -> Option<Role> {
    Some(match role {
        Role::Pawn => Role::Cannon,
        Role::Queen => Role::PromotedQueen,
        Role::Chancellor => Role::PromotedChancellor,
        Role::Archbishop => Role::PromotedArchbishop,
        Role::Rook => Role::PromotedRook,
        Role::Knight => Role::PromotedKnight,
        Role::Bishop => Role::PromotedBishop,
        _ => return None,
    })
}

/// The evaluation from White's side.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let frozen = pos.frozen();
    let (white, white_attackers) = side_terms(pos, Color::White, frozen, w);
    let (black, black_attackers) = side_terms(pos, Color::Black, frozen, w);
    let mut score = white - black;
    if w.king_exposure != 0 {
        score -= king_exposure(pos, Color::White, black_attackers) * w.king_exposure / 2;
        score += king_exposure(pos, Color::Black, white_attackers) * w.king_exposure / 2;
    }
    score
}

/// Material, promotion pressure, mobility and frozen losses of `color`, and its unfrozen
/// indirect attackers.
fn side_terms(pos: &Position, color: Color, frozen: SquareSet, w: &Weights) -> (i32, Attackers) {
    let shape = pos.shape();
    let own = pos.by_color(color);
    let enemy = pos.by_color(color.other());
    let mut material = 0;
    let mut mobility = 0;
    let mut frozen_loss = 0;
    let mut pressure = 0;
    let mut attackers = Attackers::default();
    for sq in own {
        let Some(p) = pos.piece_at(sq) else { continue };
        let role = p.role();
        let value = piece_value(GameId::Hybrid, role);
        material += value;
        if let Some(to) = promoted(role) {
            // Ranks advanced beyond the own camp towards the enemy camp: 0..=6.
            let rank = shape.rank(sq);
            let adv = match color {
                Color::White => rank - 2,
                Color::Black => 7 - rank,
            }
            .clamp(0, 6) as i32;
            let gain = piece_value(GameId::Hybrid, to) - value;
            pressure += gain * adv * w.promotion_zone / 100;
        }
        if frozen.contains(sq) {
            let at_stake = if role == Role::King {
                FROZEN_KING
            } else {
                value
            };
            frozen_loss += at_stake * w.frozen / 100;
            continue;
        }
        attackers.add(role);
        if w.mobility == 0 {
            continue;
        }
        mobility += match role {
            Role::Queen | Role::PromotedQueen => slide_mobility(pos, sq, &Dir::ALL, enemy) / 2,
            Role::Rook | Role::PromotedRook | Role::Cannon => {
                slide_mobility(pos, sq, &Dir::ORTHOGONAL, enemy)
            }
            Role::Bishop | Role::PromotedBishop | Role::DragonHorse => {
                slide_mobility(pos, sq, &Dir::DIAGONAL, enemy)
            }
            Role::Knight => leap_mobility(pos, sq, Leap::Knight, own),
            Role::PromotedKnight => {
                leap_mobility(pos, sq, Leap::Knight, own) + leap_mobility(pos, sq, Leap::Camel, own)
            }
            Role::Archbishop | Role::PromotedArchbishop => {
                slide_mobility(pos, sq, &Dir::DIAGONAL, enemy)
                    + leap_mobility(pos, sq, Leap::Knight, own)
            }
            Role::Chancellor | Role::PromotedChancellor => {
                slide_mobility(pos, sq, &Dir::ORTHOGONAL, enemy) / 2
                    + leap_mobility(pos, sq, Leap::Knight, own)
            }
            Role::Dog => leap_mobility(pos, sq, Leap::Ferz, own),
            Role::Immobilizer
            | Role::LongLeaper
            | Role::Withdrawer
            | Role::Coordinator
            | Role::PushmePullyu => slide_mobility(pos, sq, &Dir::ALL, SquareSet::EMPTY) / 2,
            _ => 0,
        };
    }
    (
        material + pressure + mobility * w.mobility / 16 - frozen_loss,
        attackers,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::RuleOptions;

    fn pos(fen: &str) -> Position {
        Position::from_fen(GameId::Hybrid, fen, RuleOptions::DEFAULT).expect("fen")
    }

    #[test]
    fn pieces_near_the_enemy_camp_press() {
        let home = pos("5k4/10/10/10/10/10/10/10/R9/5K4 w - - 0 1");
        let near = pos("5k4/10/10/R9/10/10/10/10/10/5K4 w - - 0 1");
        let w = Weights::DEFAULT;
        let mob_free = Weights { mobility: 0, ..w };
        assert!(evaluate(&near, &mob_free) > evaluate(&home, &mob_free));
    }
}
