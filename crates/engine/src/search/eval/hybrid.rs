//! Hybrid evaluation: material, mobility, immobilized pieces (the Immobilizers freeze
//! everything but Dogs), King exposure to the Ultima pieces' indirect captures, and
//! promotion-zone pressure: pieces that promote gain credit as they approach the enemy camp
//! (ranks 8–10 for White, 1–3 for Black), in proportion to what promotion would add.

use crate::geometry::{Dir, Leap, Square, SquareSet};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::GameId;

use super::psqt;
use super::tables::hybrid::PSQT;
use super::ultima::{king_exposure, Attackers};
use super::{leap_mobility, piece_value, slide_mobility, slide_run, Weights};

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

/// The evaluation from White's side: the hand-made terms and the fitted tables ([`PSQT`]).
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let tables = match w.psqt {
        0 => 0,
        pct => psqt::score(pos, &PSQT) * pct / 100,
    };
    terms(pos, w) + tables
}

/// The hand-made terms from White's side.
///
/// One pass over each side's pieces counts every piece as if it were free and notes the
/// Immobilizers' neighbourhoods; the few frozen pieces are then taken back out of the mobility
/// and attacker counts and charged their loss. The frozen set is the game's own
/// ([`Position::frozen`], hybrid.md §6: every piece but a Dog next to an enemy Immobilizer), found
/// without a separate scan of the board.
fn terms(pos: &Position, w: &Weights) -> i32 {
    let mut white = side_terms(pos, Color::White, w);
    let mut black = side_terms(pos, Color::Black, w);
    let white_frozen = black.zone & pos.by_color(Color::White);
    let black_frozen = white.zone & pos.by_color(Color::Black);
    white.freeze(pos, white_frozen, w);
    black.freeze(pos, black_frozen, w);
    let mut score = white.score(w) - black.score(w);
    if w.king_exposure != 0 {
        score -= king_exposure(pos, Color::White, black.attackers()) * w.king_exposure / 2;
        score += king_exposure(pos, Color::Black, white.attackers()) * w.king_exposure / 2;
    }
    score
}

/// One side's terms, counted as if no piece were frozen until [`SideTerms::freeze`].
struct SideTerms {
    color: Color,
    /// Material and promotion pressure.
    base: i32,
    mobility: i32,
    frozen_loss: i32,
    /// Unfrozen Long Leapers, withdrawers (Withdrawers, Chameleons, Pushme-pullyus),
    /// Coordinators and approachers (Pushme-pullyus): see [`Attackers::add`].
    leapers: u32,
    withdrawers: u32,
    coordinators: u32,
    approachers: u32,
    /// The squares next to this side's Immobilizers.
    zone: SquareSet,
}

impl SideTerms {
    /// Counts a free piece of `role` among the indirect attackers (`step` 1), or takes a frozen
    /// one back out (`step` −1 as `u32::MAX`, wrapping).
    fn count_attacker(&mut self, role: Role, step: u32) {
        match role {
            Role::LongLeaper => self.leapers = self.leapers.wrapping_add(step),
            Role::Withdrawer | Role::Chameleon => {
                self.withdrawers = self.withdrawers.wrapping_add(step)
            }
            Role::PushmePullyu => {
                self.withdrawers = self.withdrawers.wrapping_add(step);
                self.approachers = self.approachers.wrapping_add(step);
            }
            Role::Coordinator => self.coordinators = self.coordinators.wrapping_add(step),
            _ => {}
        }
    }

    /// Takes the pieces on `frozen` (this side's pieces next to an enemy Immobilizer) out of
    /// the free counts, Dogs excepted, and charges what they stand to lose.
    fn freeze(&mut self, pos: &Position, frozen: SquareSet, w: &Weights) {
        for sq in frozen {
            let Some(p) = pos.piece_at(sq) else { continue };
            let role = p.role();
            if role == Role::Dog {
                continue;
            }
            let at_stake = if role == Role::King {
                FROZEN_KING
            } else {
                piece_value(GameId::Hybrid, role)
            };
            self.frozen_loss += at_stake * w.frozen / 100;
            self.count_attacker(role, u32::MAX);
            if w.mobility != 0 {
                self.mobility -= mobility(pos, sq, role, self.color);
            }
        }
    }

    fn attackers(&self) -> Attackers {
        Attackers {
            leaper: self.leapers > 0,
            withdrawer: self.withdrawers > 0,
            coordinator: self.coordinators > 0,
            approacher: self.approachers > 0,
        }
    }

    fn score(&self, w: &Weights) -> i32 {
        self.base + self.mobility * w.mobility / 16 - self.frozen_loss
    }
}

/// The mobility of a free piece of `color` and `role` on `sq`.
#[inline(always)]
fn mobility(pos: &Position, sq: Square, role: Role, color: Color) -> i32 {
    let own = pos.by_color(color);
    let them = color.other();
    match role {
        Role::Queen | Role::PromotedQueen => slide_mobility(pos, sq, &Dir::ALL, them) / 2,
        Role::Rook | Role::PromotedRook | Role::Cannon => {
            slide_mobility(pos, sq, &Dir::ORTHOGONAL, them)
        }
        Role::Bishop | Role::PromotedBishop | Role::DragonHorse => {
            slide_mobility(pos, sq, &Dir::DIAGONAL, them)
        }
        Role::Knight => leap_mobility(pos, sq, Leap::Knight, own),
        Role::PromotedKnight => {
            leap_mobility(pos, sq, Leap::Knight, own) + leap_mobility(pos, sq, Leap::Camel, own)
        }
        Role::Archbishop | Role::PromotedArchbishop => {
            slide_mobility(pos, sq, &Dir::DIAGONAL, them)
                + leap_mobility(pos, sq, Leap::Knight, own)
        }
        Role::Chancellor | Role::PromotedChancellor => {
            slide_mobility(pos, sq, &Dir::ORTHOGONAL, them) / 2
                + leap_mobility(pos, sq, Leap::Knight, own)
        }
        Role::Dog => leap_mobility(pos, sq, Leap::Ferz, own),
        Role::Immobilizer
        | Role::LongLeaper
        | Role::Withdrawer
        | Role::Coordinator
        | Role::PushmePullyu => slide_run(pos, sq, &Dir::ALL) / 2,
        _ => 0,
    }
}

/// Material, promotion pressure, mobility and indirect attackers of `color`, every piece
/// counted as free, and its Immobilizers' neighbourhoods.
fn side_terms(pos: &Position, color: Color, w: &Weights) -> SideTerms {
    let shape = pos.shape();
    let own = pos.by_color(color);
    let mut t = SideTerms {
        color,
        base: 0,
        mobility: 0,
        frozen_loss: 0,
        leapers: 0,
        withdrawers: 0,
        coordinators: 0,
        approachers: 0,
        zone: SquareSet::EMPTY,
    };
    let mut material = 0;
    let mut pressure = 0;
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
        if role == Role::Immobilizer {
            t.zone |= shape.neighbours(sq);
        }
        t.count_attacker(role, 1);
        if w.mobility != 0 {
            t.mobility += mobility(pos, sq, role, color);
        }
    }
    t.base = material + pressure;
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::RuleOptions;

    fn pos(fen: &str) -> Position {
        Position::from_fen(GameId::Hybrid, fen, RuleOptions::DEFAULT).expect("fen")
    }

    /// The evaluation as it was written before the single pass: the game's frozen set first,
    /// then each side's pieces.
    fn two_pass(pos: &Position, w: &Weights) -> i32 {
        let frozen = pos.frozen();
        let side = |color: Color| {
            let t = side_terms(pos, color, w);
            let own = pos.by_color(color);
            let mut loss = 0;
            let mut free = SideTerms {
                zone: SquareSet::EMPTY,
                ..t
            };
            free.mobility = 0;
            free.leapers = 0;
            free.withdrawers = 0;
            free.coordinators = 0;
            free.approachers = 0;
            for sq in own {
                let role = pos.piece_at(sq).expect("piece").role();
                if frozen.contains(sq) {
                    let at_stake = if role == Role::King {
                        FROZEN_KING
                    } else {
                        piece_value(GameId::Hybrid, role)
                    };
                    loss += at_stake * w.frozen / 100;
                    continue;
                }
                free.count_attacker(role, 1);
                if w.mobility != 0 {
                    free.mobility += mobility(pos, sq, role, color);
                }
            }
            free.frozen_loss = loss;
            free
        };
        let (white, black) = (side(Color::White), side(Color::Black));
        let mut score = white.score(w) - black.score(w);
        if w.king_exposure != 0 {
            score -= king_exposure(pos, Color::White, black.attackers()) * w.king_exposure / 2;
            score += king_exposure(pos, Color::Black, white.attackers()) * w.king_exposure / 2;
        }
        score
    }

    #[test]
    fn one_pass_matches_the_games_frozen_set() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let w = Weights::DEFAULT;
        let mut frozen_seen = 0;
        for _game in 0..20 {
            let mut pos = Position::start(GameId::Hybrid);
            for _ply in 0..120 {
                if pos.frozen().any() {
                    frozen_seen += 1;
                }
                assert_eq!(evaluate(&pos, &w), two_pass(&pos, &w), "{}", pos.fen());
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                pos = pos.play(&moves[(rng % moves.len() as u64) as usize]);
            }
        }
        assert!(frozen_seen > 0, "some positions have frozen pieces");
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
