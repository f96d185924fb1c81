//! Ultima evaluation: material, mobility, immobilized pieces and the King's exposure to the
//! indirect captures of the Ultima pieces. The exposure terms are shared with the hybrid.

use crate::geometry::{Dir, Square, SquareSet};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::GameId;

use super::psqt;
use super::tables::ultima::PSQT;
use super::{piece_value, slide_run, Weights};
use crate::geometry::OFF_BOARD;

/// The value a frozen King stands to lose (it has no material value of its own).
const FROZEN_KING: i32 = 250;

/// Which indirect attackers the enemy has on the board.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Attackers {
    /// A Long Leaper (jumps along lines).
    pub leaper: bool,
    /// A Withdrawer, Pushme-pullyu or Chameleon (captures by moving away).
    pub withdrawer: bool,
    /// A Coordinator (rectangles with its King).
    pub coordinator: bool,
    /// A Pushme-pullyu (also captures by approach).
    pub approacher: bool,
}

impl Attackers {
    /// Notes an unfrozen piece of `role`.
    pub(crate) fn add(&mut self, role: Role) {
        match role {
            Role::LongLeaper => self.leaper = true,
            Role::Withdrawer | Role::Chameleon => self.withdrawer = true,
            Role::PushmePullyu => {
                self.withdrawer = true;
                self.approacher = true;
            }
            Role::Coordinator => self.coordinator = true,
            _ => {}
        }
    }
}

/// How open `color`'s King is to the indirect captures of the enemy's `attackers`, in points:
/// - Long Leaper landing squares: an empty square beyond the King with an open line behind it;
/// - withdrawal lines: an empty neighbour with an empty square beyond it, where a Withdrawer could
///   stand and then move away (3 points when an enemy withdrawer already stands there);
/// - approach lines (Pushme-pullyu): an empty neighbour square the piece could slide onto;
/// - Coordinator rectangles: the enemy King on the King's rank or file (2 points) or on a
///   neighbouring rank or file (1 point).
pub(crate) fn king_exposure(pos: &Position, color: Color, attackers: Attackers) -> i32 {
    let Some(k) = pos.king(color) else {
        return 0;
    };
    let shape = pos.shape();
    let step = shape.step_table();
    let at = |sq: Square, d: Dir| {
        let t = step[sq.index()][d as usize];
        (t != OFF_BOARD).then(|| Square::from_index(t as usize))
    };
    let enemy = pos.by_color(color.other());
    let mut points = 0;
    for d in Dir::ALL {
        let a = at(k, d);
        let b = at(k, d.opposite());
        let (Some(a), Some(b)) = (a, b) else {
            continue;
        };
        let a_empty = pos.is_empty(a);
        if attackers.leaper
            && a_empty
            && (pos.is_empty(b) || is_role(pos, b, enemy, Role::LongLeaper))
        {
            points += 1;
        }
        if attackers.withdrawer {
            if let Some(beyond) = at(a, d) {
                if pos.is_empty(beyond) {
                    if a_empty {
                        points += 1;
                    } else if enemy.contains(a)
                        && pos.piece_at(a).is_some_and(|p| {
                            matches!(p.role(), Role::Withdrawer | Role::PushmePullyu)
                        })
                    {
                        points += 3;
                    }
                }
            }
        }
        if attackers.approacher && a_empty {
            points += 1;
        }
    }
    if attackers.coordinator {
        if let Some(e) = pos.king(color.other()) {
            let (kx, ky) = shape.coords(k);
            let (ex, ey) = shape.coords(e);
            let (dx, dy) = ((kx - ex).abs(), (ky - ey).abs());
            if dx == 0 || dy == 0 {
                points += 2;
            } else if dx == 1 || dy == 1 {
                points += 1;
            }
        }
    }
    points
}

fn is_role(pos: &Position, sq: Square, set: SquareSet, role: Role) -> bool {
    set.contains(sq) && pos.piece_at(sq).is_some_and(|p| p.role() == role)
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
fn terms(pos: &Position, w: &Weights) -> i32 {
    let frozen = pos.frozen();
    let (white, white_attackers) = side_terms(pos, Color::White, frozen, w);
    let (black, black_attackers) = side_terms(pos, Color::Black, frozen, w);
    let mut score = white - black;
    if w.king_exposure != 0 {
        score -= king_exposure(pos, Color::White, black_attackers) * w.king_exposure;
        score += king_exposure(pos, Color::Black, white_attackers) * w.king_exposure;
    }
    score
}

/// Material, mobility and frozen losses of `color`, and its unfrozen indirect attackers.
fn side_terms(pos: &Position, color: Color, frozen: SquareSet, w: &Weights) -> (i32, Attackers) {
    let own = pos.by_color(color);
    let mut material = 0;
    let mut mobility = 0;
    let mut frozen_loss = 0;
    let mut attackers = Attackers::default();
    for sq in own {
        let Some(p) = pos.piece_at(sq) else { continue };
        let role = p.role();
        let value = piece_value(GameId::Ultima, role);
        material += value;
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
        if w.mobility != 0 {
            mobility += match role {
                Role::King => pos.shape().neighbours(sq).without(own).count() as i32,
                Role::Pincer => slide_run(pos, sq, &Dir::ORTHOGONAL),
                _ => slide_run(pos, sq, &Dir::ALL),
            };
        }
    }
    (
        material + mobility * w.mobility / 16 - frozen_loss,
        attackers,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::RuleOptions;

    fn pos(fen: &str) -> Position {
        Position::from_fen(GameId::Ultima, fen, RuleOptions::DEFAULT).expect("fen")
    }

    #[test]
    fn a_frozen_piece_counts_less() {
        // The black Withdrawer on d5 is frozen by the White Immobilizer on d4, or not (d3).
        let frozen = pos("4k3/8/8/3w4/3I4/8/8/4K3 w - - 0 1");
        let free = pos("4k3/8/8/3w4/8/3I4/8/4K3 w - - 0 1");
        let w = Weights::DEFAULT;
        assert!(evaluate(&frozen, &w) > evaluate(&free, &w));
    }

    #[test]
    fn open_king_is_exposed() {
        let a = Attackers {
            leaper: true,
            withdrawer: true,
            coordinator: true,
            approacher: false,
        };
        let boxed = pos("4k3/8/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1");
        let open = pos("4k3/8/8/8/3K4/8/8/8 w - - 0 1");
        assert!(king_exposure(&open, Color::White, a) > king_exposure(&boxed, Color::White, a));
        assert_eq!(king_exposure(&open, Color::White, Attackers::default()), 0);
        // Kings on one file: the Coordinator's rectangle threat.
        let same_file = pos("3k4/8/8/8/8/8/8/3K4 w - - 0 1");
        let apart = pos("6k1/8/8/8/8/8/8/3K4 w - - 0 1");
        let c = Attackers {
            coordinator: true,
            ..Attackers::default()
        };
        assert!(
            king_exposure(&same_file, Color::White, c) > king_exposure(&apart, Color::White, c)
        );
    }
}
