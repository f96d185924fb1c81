//! Move ordering: the hash move first, then captures by the total value of what they take
//! (an Ultima move can take several pieces), promotions, the two killer moves of the ply, and
//! the other quiet moves by their history score. With [`super::feature::SEE`], captures that
//! lose material in the exchange on their square follow the quiet moves. Suicides come last.

use alloc::vec::Vec;

use crate::geometry::MAX_SQUARES;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;

use super::eval;
use super::tt::PackedMove;
use super::MAX_PLY;

/// Order key of the hash move.
const HASH_MOVE: i32 = 1 << 30;
/// Base of captures and promotions.
const CAPTURE: i32 = 1 << 24;
/// First killer; the second is one less.
pub(super) const KILLER: i32 = 1 << 22;
/// History scores are kept below this.
const HISTORY_MAX: i32 = 1 << 20;
/// Captures that lose their exchange ([`super::feature::SEE`]): after the quiet moves, whose
/// history and continuation history stay above it, ordered among themselves as the other
/// captures are.
const BAD_CAPTURE: i32 = -(1 << 24);
/// Suicides: after everything else.
const SUICIDE: i32 = -(1 << 26);

/// Roles that index the history tables.
const ROLES: usize = crate::Role::ALL.len();
/// Capture history scores are kept below this; the ordering adds a 32nd of them to a
/// capture's value (16 per centipawn), at most half a pawn.
const CAPTURE_HISTORY_MAX: i32 = 1 << 14;

/// The previous move of the path, as the continuation history reads it: its destination.
pub type Prev = Option<usize>;

/// Killer moves per ply, the history tables (quiet moves by side, from and to; captures by
/// side, role and destination; quiet moves by the previous move's destination and their role
/// and destination, the continuation history), kept between searches of one game.
#[derive(Clone)]
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    capture: Vec<i32>,
    cont: Vec<i32>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics::new()
    }
}

impl Heuristics {
    /// Empty tables.
    pub fn new() -> Heuristics {
        Heuristics {
            killers: alloc::vec![[None, None]; MAX_PLY + 1],
            history: alloc::vec![0; 2 * MAX_SQUARES * MAX_SQUARES],
            capture: alloc::vec![0; 2 * ROLES * MAX_SQUARES],
            cont: alloc::vec![0; MAX_SQUARES * ROLES * MAX_SQUARES],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.capture.iter_mut().for_each(|h| *h = 0);
        self.cont.iter_mut().for_each(|h| *h = 0);
    }

    /// Ages the history between searches so old results weigh less.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.capture.iter_mut().for_each(|h| *h /= 8);
        self.cont.iter_mut().for_each(|h| *h /= 8);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
    }

    fn hindex(side: Color, m: &Move) -> usize {
        (side.index() * MAX_SQUARES + m.from.index()) * MAX_SQUARES + m.to.index()
    }

    /// The history score of a quiet move.
    pub fn history(&self, side: Color, m: &Move) -> i32 {
        self.history[Self::hindex(side, m)]
    }

    fn cindex(side: Color, m: &Move) -> usize {
        (side.index() * ROLES + m.role.index()) * MAX_SQUARES + m.to.index()
    }

    fn kindex(prev: usize, m: &Move) -> usize {
        (prev * ROLES + m.role.index()) * MAX_SQUARES + m.to.index()
    }

    /// The previous move's index for the continuation history: its destination.
    pub fn prev_of(m: &Move) -> Prev {
        Some(m.to.index())
    }

    /// The continuation history score of a quiet move after the move `prev`.
    pub fn continuation(&self, prev: Prev, m: &Move) -> i32 {
        prev.map_or(0, |p| self.cont[Self::kindex(p, m)])
    }

    /// The capture history score of a capture.
    pub fn capture_history(&self, side: Color, m: &Move) -> i32 {
        self.capture[Self::cindex(side, m)]
    }

    /// Records that the noisy move `m` caused a cutoff with `depth` to go, and that the noisy
    /// moves `tried` before it did not.
    pub fn reward_capture(&mut self, side: Color, depth: i32, m: &Move, tried: &[Move]) {
        let bonus = (depth * depth).min(400);
        let i = Self::cindex(side, m);
        self.capture[i] += bonus - self.capture[i] * bonus / CAPTURE_HISTORY_MAX;
        for t in tried {
            let j = Self::cindex(side, t);
            self.capture[j] -= bonus + self.capture[j] * bonus / CAPTURE_HISTORY_MAX;
        }
    }

    /// The continuation history's part of a quiet cutoff after `prev` (see [`Heuristics::reward`]).
    pub fn reward_continuation(&mut self, prev: Prev, depth: i32, m: &Move, tried: &[Move]) {
        let Some(p) = prev else {
            return;
        };
        let bonus = (depth * depth).min(400);
        let i = Self::kindex(p, m);
        self.cont[i] += bonus - self.cont[i] * bonus / HISTORY_MAX;
        for t in tried {
            let j = Self::kindex(p, t);
            self.cont[j] -= bonus + self.cont[j] * bonus / HISTORY_MAX;
        }
    }

    /// Records that the quiet move `m` caused a cutoff at `ply` with `depth` to go, and that the
    /// quiet moves `tried` before it did not.
    pub fn reward(&mut self, side: Color, ply: usize, depth: i32, m: &Move, tried: &[Move]) {
        let bonus = (depth * depth).min(400);
        let i = Self::hindex(side, m);
        self.history[i] += bonus - self.history[i] * bonus / HISTORY_MAX;
        for t in tried {
            let j = Self::hindex(side, t);
            self.history[j] -= bonus + self.history[j] * bonus / HISTORY_MAX;
        }
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(*m) {
                k[1] = k[0];
                k[0] = Some(*m);
            }
        }
    }

    /// The killers of `ply`.
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }
}

/// The value of everything `m` removes from the board (0 for a quiet move or a suicide).
pub fn capture_value(pos: &Position, m: &Move) -> i32 {
    if m.is_suicide() {
        return 0;
    }
    let game = pos.game();
    m.captures
        .iter()
        .filter_map(|s| pos.piece_at(s))
        .map(|p| eval::piece_value(game, p.role()))
        .sum()
}

/// The gain in value of a promotion.
pub fn promotion_gain(pos: &Position, m: &Move) -> i32 {
    match m.promotion {
        Some(r) => {
            let game = pos.game();
            (eval::piece_value(game, r) - eval::piece_value(game, m.role)).max(0)
        }
        None => 0,
    }
}

/// Whether the static exchange evaluation of `m` (`Rules::see`) is at least `threshold`;
/// true where the game has none for the move.
#[inline]
pub fn see_ge(pos: &Position, m: &Move, threshold: i32) -> bool {
    crate::games::see(pos, m).is_none_or(|v| v >= threshold)
}

/// Whether the noisy move `m` takes less than its capturer is worth (so that it may lose in
/// the exchange) and, by its static exchange evaluation, does lose material.
#[inline]
pub fn loses_exchange(pos: &Position, m: &Move) -> bool {
    capture_value(pos, m) + promotion_gain(pos, m) < eval::piece_value(pos.game(), m.role)
        && !see_ge(pos, m, 0)
}

/// Whether an order key of [`score_moves`] is that of a capture that loses its exchange
/// (ordered after the quiet moves with [`super::feature::SEE`]).
#[inline]
pub fn is_losing_capture(rank: i32) -> bool {
    (BAD_CAPTURE - KILLER..BAD_CAPTURE + KILLER).contains(&rank)
}

/// Whether `m` is "noisy": it captures or promotes (quiescence searches only these).
pub fn is_noisy(m: &Move) -> bool {
    !m.is_suicide() && (m.is_capture() || m.promotion.is_some())
}

/// Scores the moves of `pos` in `moves` for ordering at `ply`: higher first. `prev` is the
/// move before (the continuation history's key) and `features` the search's
/// ([`super::feature`]): the capture and continuation histories and the static exchange
/// evaluation count only where on.
#[allow(clippy::too_many_arguments)]
pub fn score_moves(
    pos: &Position,
    moves: &[Move],
    hash_move: PackedMove,
    heur: &Heuristics,
    ply: usize,
    prev: Prev,
    features: u32,
    out: &mut Vec<i32>,
) {
    let capture_history = features & super::feature::CAPTURE_HISTORY != 0;
    let see = features & super::feature::SEE != 0;
    let prev = if features & super::feature::CONT_HISTORY != 0 {
        prev
    } else {
        None
    };
    out.clear();
    let side = pos.side_to_move();
    let killers = heur.killers(ply);
    let game = pos.game();
    for m in moves {
        let s = if hash_move.matches(m) {
            HASH_MOVE
        } else if m.is_suicide() {
            SUICIDE + heur.history(side, m) / 64
        } else if is_noisy(m) {
            // Most valuable victims first, cheapest attacker first among equals.
            let h = if capture_history {
                heur.capture_history(side, m) / 32
            } else {
                0
            };
            let base = if see && loses_exchange(pos, m) {
                BAD_CAPTURE
            } else {
                CAPTURE
            };
            base + 16 * (capture_value(pos, m) + promotion_gain(pos, m))
                - eval::piece_value(game, m.role) / 16
                + h
        } else if killers[0] == Some(*m) {
            KILLER
        } else if killers[1] == Some(*m) {
            KILLER - 1
        } else {
            heur.history(side, m) + heur.continuation(prev, m)
        };
        out.push(s);
    }
}

/// Brings the best-scored move among `moves[from..]` to `from` (selection sort, one step).
pub fn pick_next(moves: &mut [Move], scores: &mut [i32], from: usize) {
    let n = moves.len().min(scores.len());
    let Some(rest) = scores.get(from..n) else {
        return;
    };
    // The first of the highest scores (ties keep their order).
    let mut best = from;
    let mut top = i32::MIN;
    for (i, &s) in rest.iter().enumerate() {
        if s > top {
            top = s;
            best = from + i;
        }
    }
    moves.swap(from, best);
    scores.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameId;

    #[test]
    fn hash_move_killers_and_history_order() {
        let pos = Position::start(GameId::Ultima);
        let list = pos.legal_moves();
        let mut moves: Vec<Move> = list.iter().copied().collect();
        let mut heur = Heuristics::new();
        let (a, b, c) = (moves[5], moves[9], moves[1]);
        heur.reward(pos.side_to_move(), 3, 4, &c, &[]);
        heur.reward(pos.side_to_move(), 3, 4, &b, &[]);
        let mut scores = Vec::new();
        score_moves(
            &pos,
            &moves,
            PackedMove::new(&a),
            &heur,
            3,
            None,
            0,
            &mut scores,
        );
        for i in 0..3 {
            pick_next(&mut moves, &mut scores, i);
        }
        assert_eq!(moves[0], a, "hash move first");
        assert_eq!(moves[1], b, "newest killer next");
        assert_eq!(moves[2], c, "older killer after it");
        assert!(heur.history(pos.side_to_move(), &b) > 0);
        heur.clear();
        assert_eq!(heur.history(pos.side_to_move(), &b), 0);
    }

    #[test]
    fn captures_are_ordered_by_what_they_take() {
        use crate::geometry::SquareSet;
        use crate::options::RuleOptions;
        // A Long Leaper that can take two pawns in one move, or one.
        let pos = Position::from_fen(
            GameId::Ultima,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            RuleOptions::DEFAULT,
        )
        .expect("fen");
        let shape = pos.shape();
        let sq = |s: &str| shape.parse_square(s).expect("square");
        let mut one = Move::new(
            crate::Role::LongLeaper,
            sq("a1"),
            sq("c3"),
            SquareSet::from_square(sq("b2")),
        );
        let two = Move::new(
            crate::Role::LongLeaper,
            sq("a1"),
            sq("e5"),
            SquareSet::from_square(sq("b2")).or(SquareSet::from_square(sq("d4"))),
        );
        let mut pos2 = pos;
        pos2.put(
            sq("b2"),
            crate::Piece::new(Color::Black, crate::Role::Pincer),
        );
        pos2.put(
            sq("d4"),
            crate::Piece::new(Color::Black, crate::Role::Pincer),
        );
        one.captures = SquareSet::from_square(sq("b2"));
        assert_eq!(capture_value(&pos2, &two), 2 * capture_value(&pos2, &one));
        let heur = Heuristics::new();
        let mut scores = Vec::new();
        score_moves(
            &pos2,
            &[one, two],
            PackedMove::NONE,
            &heur,
            0,
            None,
            0,
            &mut scores,
        );
        assert!(scores[1] > scores[0]);
    }
}
