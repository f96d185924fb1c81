//! Static evaluation, one module per game, in centipawns for the side to move.
//!
//! Every game counts material (the game table's values, [`crate::games::GameSpec::value`]),
//! mobility and its deciding features:
//! - Ultima (`ultima.rs`): immobilized pieces, King exposure to the indirect captures
//!   (Withdrawer approach lines, Coordinator rectangles, Long Leaper landing squares; its
//!   tuned weight in Ultima is 0, see [`Weights::for_game`]).
//! - Omega (`omega.rs`): pawn advance, wizard-square safety (a King on or next to a wizard
//!   square has one flight square, so enemy leapers near it are deadly).
//! - The hybrid (`hybrid.rs`): immobilized pieces, King exposure, promotion-zone pressure.
//!
//! The weights ([`Weights`]) are tuned by self-play with `baroque match` (docs/ai.md).

pub(crate) mod hybrid;
pub(crate) mod omega;
pub(crate) mod ultima;

use crate::geometry::{Dir, Leap, Square, SquareSet, OFF_BOARD};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::GameId;

/// The tunable weights of the evaluation features (all games).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights {
    /// Mobility, in 1/16 centipawn per reachable square.
    pub mobility: i32,
    /// Frozen pieces: percent of the piece's value lost while it is immobilized.
    pub frozen: i32,
    /// Centipawns per point of King exposure (Ultima pieces' indirect attacks).
    pub king_exposure: i32,
    /// Hybrid: percent of the promotion gain credited per rank of approach to the enemy camp.
    pub promotion_zone: i32,
    /// Omega: centipawns per enemy leaper attack on a cornered King's squares.
    pub wizard_safety: i32,
    /// Centipawns for having the move.
    pub tempo: i32,
    /// Won endings: percent of the mop-up credit (driving the lone King to the edge, the
    /// winning King near it; [`mop_up`]).
    pub mop_up: i32,
}

impl Weights {
    /// The starting point of every game's weights.
    pub const DEFAULT: Weights = Weights {
        mobility: 40,
        frozen: 45,
        king_exposure: 18,
        promotion_zone: 6,
        wizard_safety: 30,
        tempo: 10,
        mop_up: 100,
    };

    /// The tuned weights of `game` (docs/ai.md, "Tuning by self-play").
    pub const fn for_game(game: GameId) -> Weights {
        match game {
            // Self-play (docs/ai.md): lighter mobility scored 58% against the defaults, and the
            // King exposure term lost 44% over 80 games against its removal.
            GameId::Ultima => Weights {
                mobility: 16,
                king_exposure: 0,
                ..Weights::DEFAULT
            },
            GameId::Omega => Weights::DEFAULT,
            GameId::Hybrid => Weights::DEFAULT,
        }
    }

    /// Material only: the weights of the one-ply greedy reference player.
    pub const MATERIAL: Weights = Weights {
        mobility: 0,
        frozen: 0,
        king_exposure: 0,
        promotion_zone: 0,
        wizard_safety: 0,
        tempo: 0,
        mop_up: 0,
    };

    /// Sets one weight by name (`mobility`, `frozen`, `king_exposure`, `promotion_zone`,
    /// `wizard_safety`, `tempo`, `mop_up`); false for an unknown name.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        let slot = match name {
            "mobility" => &mut self.mobility,
            "frozen" => &mut self.frozen,
            "king_exposure" => &mut self.king_exposure,
            "promotion_zone" => &mut self.promotion_zone,
            "wizard_safety" => &mut self.wizard_safety,
            "tempo" => &mut self.tempo,
            "mop_up" => &mut self.mop_up,
            _ => return false,
        };
        *slot = value;
        true
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// The value of `role` in `game`, in centipawns (the King counts 0: it is never traded), from
/// the game table ([`crate::games::PieceSpec::value`], where each game's module explains its
/// values).
#[inline]
pub fn piece_value(game: GameId, role: Role) -> i32 {
    crate::games::spec(game).value(role)
}

/// The evaluation of `pos` for the side to move, with `w`.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let white = match pos.game() {
        GameId::Ultima => ultima::evaluate(pos, w),
        GameId::Omega => omega::evaluate(pos, w),
        GameId::Hybrid => hybrid::evaluate(pos, w),
    } + mop_up(pos) * w.mop_up / 100;
    let s = match pos.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    };
    s + w.tempo
}

/// The weak side of a won ending has at most this many pieces, its King included.
const MOP_UP_PIECES: u32 = 2;
/// ... and the strong side leads by at least this much material (a Rook's worth or so).
const MOP_UP_LEAD: i32 = 400;
/// Centipawns per step (in half-squares) of the lone King away from the centre.
const MOP_UP_EDGE: i32 = 5;
/// Centipawns per step (in half-squares) the winning King is nearer the lone King.
const MOP_UP_NEAR: i32 = 3;

/// Mop-up, from White's side: when one side is down to its King and at most one other piece
/// (no pawn) and the other leads by [`MOP_UP_LEAD`] of material or more, the leader is credited
/// for the lone King's distance from the centre (edges and corners, where mates are) and for
/// its own King's nearness to it. A won ending then makes progress that the search's depth
/// cannot see, instead of wandering until the fifty-move rule (docs/ai.md, "Won endings").
/// Zero otherwise, at the cost of two population counts.
pub fn mop_up(pos: &Position) -> i32 {
    for weak in Color::ALL {
        if pos.by_color(weak).count() > MOP_UP_PIECES {
            continue;
        }
        let strong = weak.other();
        let (Some(wk), Some(sk)) = (pos.king(weak), pos.king(strong)) else {
            return 0;
        };
        if !pos.pieces(weak, Role::Pawn).is_empty() {
            return 0;
        }
        if material(pos, strong) - material(pos, weak) < MOP_UP_LEAD {
            return 0;
        }
        let shape = pos.shape();
        let (w, h) = (i32::from(shape.width()) - 1, i32::from(shape.height()) - 1);
        let (x, y) = shape.coords(wk);
        let (x, y) = (i32::from(x), i32::from(y));
        // Twice the distance from the centre, so that even boards count whole steps.
        let edge = (2 * x - w).abs() + (2 * y - h).abs();
        let (sx, sy) = shape.coords(sk);
        let apart = 2 * ((i32::from(sx) - x).abs() + (i32::from(sy) - y).abs());
        let credit = MOP_UP_EDGE * edge + MOP_UP_NEAR * (2 * (w + h) - apart).max(0);
        return if strong == Color::White {
            credit
        } else {
            -credit
        };
    }
    0
}

/// A small direct-mapped cache of evaluations keyed by the position hash (the evaluation is
/// the costliest part of a node in Ultima and the hybrid).
pub struct Cache {
    slots: alloc::vec::Vec<(u64, i32)>,
}

impl Cache {
    /// A cache of `2^bits` slots.
    pub fn new(bits: u32) -> Cache {
        Cache {
            slots: alloc::vec![(0, 0); 1usize << bits.min(24)],
        }
    }

    /// Forgets everything (new weights or a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// The evaluation of `pos` with `w`, from the cache when present.
    pub fn evaluate(&mut self, pos: &Position, w: &Weights) -> i32 {
        let key = pos.hash() | 1; // 0 marks an empty slot
        let i = (pos.hash() as usize) & (self.slots.len() - 1);
        if self.slots[i].0 == key {
            return self.slots[i].1;
        }
        let e = evaluate(pos, w);
        self.slots[i] = (key, e);
        e
    }
}

/// Material of `color`.
pub fn material(pos: &Position, color: Color) -> i32 {
    let game = pos.game();
    pos.by_color(color)
        .iter()
        .filter_map(|s| pos.piece_at(s))
        .map(|p| piece_value(game, p.role()))
        .sum()
}

/// Empty squares reachable by sliding from `sq` along `dirs`, plus the first piece met on each
/// line when it belongs to `them` (it may be capturable).
#[inline]
pub(crate) fn slide_mobility(pos: &Position, sq: Square, dirs: &[Dir], them: Color) -> i32 {
    walk::<true>(pos, sq, dirs, them)
}

/// Empty squares reachable by sliding from `sq` along `dirs` (pieces that capture otherwise
/// than by displacement).
#[inline]
pub(crate) fn slide_run(pos: &Position, sq: Square, dirs: &[Dir]) -> i32 {
    walk::<false>(pos, sq, dirs, Color::White)
}

#[inline(always)]
fn walk<const CAPTURES: bool>(pos: &Position, sq: Square, dirs: &[Dir], them: Color) -> i32 {
    let step = pos.shape().step_table();
    let mut n = 0;
    for &d in dirs {
        let d = d as usize;
        let mut at = step[sq.index()][d];
        while at != OFF_BOARD {
            match pos.piece_at(Square::from_index(at as usize)) {
                None => {
                    n += 1;
                    at = step[at as usize][d];
                }
                Some(p) => {
                    if CAPTURES && p.color() == them {
                        n += 1;
                    }
                    break;
                }
            }
        }
    }
    n
}

/// Squares of `leap` from `sq` that are empty or hold an enemy piece.
#[inline]
pub(crate) fn leap_mobility(pos: &Position, sq: Square, leap: Leap, own: SquareSet) -> i32 {
    pos.shape().leaps(leap, sq).without(own).count() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The square-by-square walk over [`Shape::step`] and the colour sets.
    fn reference_walk(pos: &Position, sq: Square, dirs: &[Dir], enemy: SquareSet) -> i32 {
        let shape = pos.shape();
        let mut n = 0;
        for &d in dirs {
            let mut at = sq;
            while let Some(t) = shape.step(at, d) {
                if pos.is_empty(t) {
                    n += 1;
                    at = t;
                } else {
                    n += i32::from(enemy.contains(t));
                    break;
                }
            }
        }
        n
    }

    #[test]
    fn slides_match_the_reference_walk() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for g in GameId::ALL {
            for _game in 0..6 {
                let mut pos = Position::start(g);
                for _ply in 0..80 {
                    for c in Color::ALL {
                        let enemy = pos.by_color(c.other());
                        for sq in pos.shape().squares() {
                            for dirs in [&Dir::ALL[..], &Dir::ORTHOGONAL, &Dir::DIAGONAL] {
                                let want = reference_walk(&pos, sq, dirs, enemy);
                                assert_eq!(slide_mobility(&pos, sq, dirs, c.other()), want);
                                let run = reference_walk(&pos, sq, dirs, SquareSet::EMPTY);
                                assert_eq!(slide_run(&pos, sq, dirs), run);
                            }
                        }
                    }
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
        }
    }

    #[test]
    fn start_positions_are_balanced() {
        for g in GameId::ALL {
            let pos = Position::start(g);
            let e = evaluate(&pos, &Weights::DEFAULT);
            assert_eq!(
                e,
                Weights::DEFAULT.tempo,
                "{g}: symmetric start scores only the tempo"
            );
            assert_eq!(material(&pos, Color::White), material(&pos, Color::Black));
        }
    }

    #[test]
    fn weights_set_by_name() {
        let mut w = Weights::DEFAULT;
        assert!(w.set("frozen", 7));
        assert_eq!(w.frozen, 7);
        assert!(!w.set("nonsense", 1));
    }

    #[test]
    fn values_follow_seed_004_for_omega() {
        let v = |r| piece_value(GameId::Omega, r);
        assert!(v(Role::Pawn) < v(Role::Knight));
        assert!(v(Role::Knight) < v(Role::Wizard) && v(Role::Wizard) <= v(Role::Champion));
        assert!(v(Role::Champion) < v(Role::Bishop) && v(Role::Bishop) < v(Role::Rook));
        assert_eq!(v(Role::Queen), 2 * v(Role::Rook));
    }
}
