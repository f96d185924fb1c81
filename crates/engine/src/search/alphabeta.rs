//! The recursive part of the search: root move loop, principal-variation search and
//! quiescence, with the game's terminal rules applied at every node.

use crate::games;
use crate::moves::{Move, MoveList};
use crate::options::StalemateRule;
use crate::position::Position;

use super::ordering::{self, is_noisy, Heuristics};
use super::tt::{Bound, PackedMove};
use super::{
    correction, eval, feature, smp, SearchEnv, Searcher, DRAW, INF, MATE, MATE_BOUND, MAX_PLY,
};

/// From this depth on, the null move's reduced search keeps at least one ply of real moves
/// where the game asks for it; below it the pass goes to quiescence, since a ply in those many
/// shallow nodes cost more than it found (docs/ai.md, "Short wins").
const NULL_PLY_DEPTH: i32 = 4;
/// A quiet move's reduction changes by one ply per this much history (at most two): a few
/// cutoffs' worth at the depths of a short search (at 8 192, and at 512, the adjustment
/// hardly ever fired in 2 000-node searches: the histories, aged between searches, stay in
/// the tens; docs/ai.md, "Search techniques tried").
const HISTORY_LMR_DIVISOR: i32 = 16;
/// Margin per ply of the reverse futility test.
const RFP_MARGIN: i32 = 110;
/// Quiescence plies in which a check is answered by every evasion.
const QS_CHECK_PLIES: u32 = 2;
/// Quiescence plies after which only captures that win at least the capturer's value are tried.
const QS_EVEN_PLIES: u32 = 2;
/// Quiescence plies after which the static evaluation is final.
const QS_MAX_PLIES: u32 = 8;
/// Quiescence skips captures that cannot bring the score within this of alpha.
const DELTA_MARGIN: i32 = 200;
/// Deepest remaining depth at which late quiet moves are pruned (move-count and futility).
const PRUNE_DEPTH: i32 = 3;
/// Futility margin: a quiet move is skipped when the static evaluation plus this base and
/// [`FUTILITY_PER_PLY`] per remaining ply cannot reach alpha.
const FUTILITY_BASE: i32 = 100;
/// Futility margin per remaining ply.
const FUTILITY_PER_PLY: i32 = 120;
/// ProbCut ([`feature::PROBCUT`]) from this depth on.
const PROBCUT_DEPTH: i32 = 5;
/// ProbCut's margin above beta.
const PROBCUT_MARGIN: i32 = 200;
/// ProbCut's verification search is this much shallower.
const PROBCUT_REDUCTION: i32 = 4;

/// How many quiet moves a node at `depth` (at most [`PRUNE_DEPTH`]) searches before it prunes
/// the rest (late-move pruning).
fn quiet_move_limit(depth: i32, improving: bool) -> usize {
    let n = (4 + 2 * depth * depth) as usize;
    if improving {
        n
    } else {
        n / 2 + 1
    }
}

/// The natural logarithm for the reduction formula (`no_std` has no `f64::ln`): the binary
/// exponent plus the series of `2·atanh((y − 1)/(y + 1))` for the mantissa `y` in [1, 2).
fn ln(x: u32) -> f64 {
    if x <= 1 {
        return 0.0;
    }
    let k = x.ilog2();
    let y = f64::from(x) / f64::from(1u32 << k);
    let z = (y - 1.0) / (y + 1.0);
    let z2 = z * z;
    let series = z * (1.0 + z2 * (1.0 / 3.0 + z2 * (1.0 / 5.0 + z2 * (1.0 / 7.0 + z2 / 9.0))));
    f64::from(k) * core::f64::consts::LN_2 + 2.0 * series
}

/// The late-move reduction of the `legal`-th move at `depth`: grows with the logarithm of
/// both.
fn reduction(depth: i32, legal: usize) -> i32 {
    let r = 0.75 + ln(depth as u32) * ln(legal as u32) / 2.25;
    r as i32
}

/// The score of a side to move that has no legal move, per the game's end rules.
pub(super) fn no_moves_score(pos: &Position, ply: usize, in_check: bool) -> i32 {
    let lost = -MATE + ply as i32;
    if in_check {
        return lost;
    }
    if games::spec(pos.game())
        .end
        .stalemate_is_draw_named_stalemate
    {
        return DRAW;
    }
    match pos.options().stalemate {
        StalemateRule::Loss => lost,
        StalemateRule::Draw => DRAW,
    }
}

/// Scores that end the game before any move is generated: a captured King (Ultima
/// `win=capture`) and bare Kings where the game calls that a draw.
pub(super) fn static_terminal(pos: &Position, ply: usize) -> Option<i32> {
    if !pos.has_check_rule() {
        let side = pos.side_to_move();
        if pos.king(side).is_none() {
            return Some(-MATE + ply as i32);
        }
        if pos.king(side.other()).is_none() {
            return Some(MATE - ply as i32);
        }
    }
    if games::spec(pos.game()).end.bare_kings_draw && exactly_two(pos.occupied().0) {
        return Some(DRAW);
    }
    None
}

/// Whether `bits` has exactly two bits set (without a population count, which the target may
/// lack).
#[inline]
fn exactly_two(bits: u128) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Whether the side to move is in check in the rules' sense (never under `win=capture`).
#[inline]
fn checked(pos: &Position) -> bool {
    pos.has_check_rule() && pos.in_check()
}

/// Fills `list` with the moves of the side to move and returns whether each still needs the
/// check test: games with a fast legal generator give legal moves at once, the others give
/// pseudo-legal moves that the caller tests lazily, only when it reaches them.
fn generate(pos: &Position, list: &mut MoveList) -> bool {
    list.clear();
    if !pos.has_moves_at_all() {
        return false;
    }
    if pos.has_check_rule() && games::legal_moves(pos, list) {
        return false;
    }
    pos.pseudo_moves_for(pos.side_to_move(), list);
    pos.has_check_rule()
}

/// [`generate`] restricted to noisy moves (quiescence outside check): the same moves in the
/// same order as `generate` followed by `retain(is_noisy)`, but a game with its own legal
/// generator (Ultima) tests King safety only for the noisy moves.
fn generate_noisy(pos: &Position, list: &mut MoveList) -> bool {
    list.clear();
    if !pos.has_moves_at_all() {
        return false;
    }
    if pos.has_check_rule() && games::legal_moves_where(pos, list, is_noisy) {
        return false;
    }
    pos.pseudo_moves_for(pos.side_to_move(), list);
    list.retain(is_noisy);
    pos.has_check_rule()
}

/// Exchange test of a capture that lands on its only victim's square: whether the opponent
/// attacks that square, so the capturer is taken back (games without a fast test: never).
/// Only asked of captures that take less than the capturer is worth.
fn loses_capturer(pos: &Position, m: &Move) -> bool {
    if m.promotion.is_some() || m.captures != crate::geometry::SquareSet::from_square(m.to) {
        return false;
    }
    games::square_attacked(pos, m.to, pos.side_to_move().other()) == Some(true)
}

/// Whether the side to move has material besides King and pawns (null-move safety).
fn has_pieces(pos: &Position) -> bool {
    let us = pos.side_to_move();
    pos.by_color(us).iter().any(|s| {
        pos.piece_at(s)
            .is_some_and(|p| !matches!(p.role(), crate::Role::King | crate::Role::Pawn))
    })
}

impl Searcher {
    /// Whether `hash` repeats a position with the same side to move since the last
    /// irreversible move (`halfmove` plies back), in the game or on the path.
    fn is_repetition(&self, hash: u64, halfmove: u32) -> bool {
        let len = self.path.len();
        let back = (halfmove as usize).min(len);
        let mut d = 2;
        while d <= back {
            if self.path[len - d] == hash {
                return true;
            }
            d += 2;
        }
        false
    }

    /// Searches every root move; keeps `moves` best first with their scores in `scores`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn root(
        &mut self,
        env: &mut dyn SearchEnv,
        pos: &Position,
        moves: &mut [Move],
        scores: &mut [i32],
        depth: i32,
        alpha0: i32,
        beta: i32,
        margin: i32,
    ) -> i32 {
        self.iter_best = None;
        self.pv[0].clear();
        let mut alpha = alpha0;
        let mut best = -INF;
        let mut best_i = 0;
        self.path.push(pos.hash());
        let in_check = checked(pos);
        self.evals[0] = if in_check {
            -INF
        } else {
            self.eval_cache.evaluate(pos, &self.weights)
        };
        for i in 0..moves.len() {
            let m = moves[i];
            let next = pos.play(&m);
            self.prev[1] = Heuristics::prev_of(&m);
            self.nodes += 1;
            let ext = i32::from(in_check);
            let d = depth - 1 + ext;
            // With a near-best margin every move within it gets an exact score.
            let floor = if margin > 0 && best > -INF {
                (best - margin - 1).max(alpha0)
            } else {
                alpha
            };
            let s = if i == 0 {
                -self.negamax(env, &next, 1, d, -beta, -floor, true)
            } else {
                let mut s = -self.negamax(env, &next, 1, d, -floor - 1, -floor, true);
                if s > floor && s < beta && !self.stopped {
                    s = -self.negamax(env, &next, 1, d, -beta, -floor, true);
                }
                s
            };
            if self.stopped {
                break;
            }
            scores[i] = s;
            if s > best {
                best = s;
                best_i = i;
                if s > alpha {
                    alpha = s;
                    self.iter_best = Some(m);
                    let mut pv = core::mem::take(&mut self.pv[0]);
                    pv.clear();
                    pv.push(m);
                    pv.extend_from_slice(&self.pv[1]);
                    self.pv[0] = pv;
                }
                if s >= beta {
                    break;
                }
            }
        }
        self.path.pop();
        if !self.stopped || self.iter_best.is_some() {
            // Best move first, the others keep their order.
            moves[..=best_i].rotate_right(1);
            scores[..=best_i].rotate_right(1);
        }
        if best == -INF {
            alpha0
        } else {
            best
        }
    }

    /// Whether the noisy move `m`, taking less than its capturer is worth, loses material in
    /// the exchange on its square: by the static exchange evaluation with
    /// [`feature::SEE`], else by the one-square exchange test ([`loses_capturer`]).
    fn loses(&self, pos: &Position, m: &Move) -> bool {
        if self.has(feature::SEE | feature::SEE_QUIESCENCE) {
            ordering::loses_exchange(pos, m)
        } else {
            loses_capturer(pos, m)
        }
    }

    /// Whether another thread of a parallel search is searching the move of `key` (`smp`).
    fn is_busy(&self, key: u64) -> bool {
        self.busy.as_ref().is_some_and(|b| b.is_busy(key))
    }

    fn enter_busy(&self, key: u64) {
        if let Some(b) = &self.busy {
            b.enter(key);
        }
    }

    fn leave_busy(&self, key: u64) {
        if let Some(b) = &self.busy {
            b.leave(key);
        }
    }

    /// Principal-variation search of `pos` at `ply` with `depth` plies to go.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        env: &mut dyn SearchEnv,
        pos: &Position,
        ply: usize,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        allow_null: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if let Some(s) = static_terminal(pos, ply) {
            return s;
        }
        let halfmove = pos.halfmove_clock();
        if self.is_repetition(pos.hash(), halfmove) {
            return DRAW;
        }
        // Mate distance pruning: nothing here beats a faster mate already found.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = checked(pos);
        if halfmove >= 100 {
            // The fifty-move rule draws, unless this is mate.
            return if pos.legal_moves().is_empty() {
                no_moves_score(pos, ply, in_check)
            } else {
                DRAW
            };
        }
        if in_check {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(env, pos, ply, 0, alpha, beta);
        }
        self.nodes += 1;
        self.check_limits(env);
        if self.stopped {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let hash = pos.hash();
        let mut hash_move = PackedMove::NONE;
        let tt_hit = self.tt.probe(hash, ply);
        if let Some(hit) = tt_hit {
            hash_move = hit.mv;
            if !pv_node && hit.depth >= depth && halfmove < 90 && hit.settles(alpha, beta) {
                return hit.score;
            }
        }
        let us = pos.side_to_move();
        let correct = self.has(feature::CORRECTION) && !in_check;
        let material = if correct {
            correction::material_key(pos)
        } else {
            0
        };
        let raw_eval = if in_check {
            -INF
        } else {
            self.eval_cache.evaluate(pos, &self.weights)
        };
        let static_eval = if correct {
            (raw_eval + self.corrections.get(us, material)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        } else {
            raw_eval
        };
        self.evals[ply] = static_eval;
        // The table's result bounds the true score: where it says more than the evaluation,
        // the pruning below trusts it instead.
        let eval = match tt_hit {
            Some(hit)
                if self.has(feature::TT_EVAL)
                    && !in_check
                    && hit.score.abs() < MATE_BOUND
                    && match hit.bound {
                        Bound::Exact => true,
                        Bound::Lower => hit.score > static_eval,
                        Bound::Upper => hit.score < static_eval,
                    } =>
            {
                hit.score
            }
            _ => static_eval,
        };
        // Improving: the evaluation is above the one two plies before (unknown counts as
        // improving, the cautious side).
        let improving = !self.has(feature::IMPROVING)
            || (!in_check
                && (ply < 2 || self.evals[ply - 2] == -INF || static_eval > self.evals[ply - 2]));
        if self.selective && !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves (a third of a ply's margin
            // less when the evaluation is not improving).
            let rfp = RFP_MARGIN * depth - if improving { 0 } else { RFP_MARGIN / 3 };
            if depth <= 3 && eval - rfp >= beta {
                return eval;
            }
            // Null move: if passing still fails high, a real move will too.
            if allow_null && depth >= 2 && eval >= beta && has_pieces(pos) {
                let null = pos.null_move();
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(2);
                self.path.push(hash);
                // From NULL_PLY_DEPTH on, in a game whose quiet wins in one move are common
                // (`Rules::null_search_keeps_a_ply`), the opponent gets at least one ply of real
                // moves after the pass: its win in one quiet move (an Ultima King boxed in by
                // the Immobilizer, a no-moves loss) is no capture, so quiescence would not see
                // it, and the pass would hide the threat (tests/short_wins.rs).
                let nd = if depth >= NULL_PLY_DEPTH && games::null_search_keeps_a_ply(pos) {
                    (depth - r).max(1)
                } else {
                    depth - r
                };
                self.prev[ply + 1] = None;
                let s = -self.negamax(env, &null, ply + 1, nd, -beta, -beta + 1, false);
                self.path.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s > MATE_BOUND { beta } else { s };
                }
            }
        }
        let prev = self.prev[ply];
        if self.has(feature::PROBCUT)
            && self.selective
            && !pv_node
            && !in_check
            && depth >= PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND - PROBCUT_MARGIN
        {
            let pbeta = beta + PROBCUT_MARGIN;
            // Not when the table already says a search this deep stays below it.
            let known_below = tt_hit.is_some_and(|h| h.depth >= depth - 3 && h.score < pbeta);
            if !known_below {
                if let Some(s) = self.probcut(env, pos, ply, depth, eval, pbeta, hash_move, prev) {
                    return s;
                }
                if self.stopped {
                    return 0;
                }
            }
        }

        // Without a hash move the ordering is poor: search one ply shallower (internal
        // iterative reduction).
        if self.selective && depth >= 4 && !hash_move.is_some() {
            depth -= 1;
        }
        let mut list = core::mem::take(&mut self.lists[ply]);
        let mut order = core::mem::take(&mut self.scores[ply]);
        let check_rule = generate(pos, &mut list);
        ordering::score_moves(
            pos,
            &list,
            hash_move,
            &self.heur,
            ply,
            prev,
            self.features,
            &mut order,
        );
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        let mut legal = 0;
        // The quiet moves searched (the history's malus) and the moves deferred: buffers of
        // the ply, taken and given back, so that no node allocates.
        let mut quiets = core::mem::take(&mut self.quiets[ply]);
        quiets.clear();
        let mut deferred = core::mem::take(&mut self.deferred[ply]);
        deferred.clear();
        let mut noisy = core::mem::take(&mut self.noisy[ply]);
        noisy.clear();
        self.path.push(hash);
        let n = list.len();
        // Shallow non-PV nodes skip late quiet moves, and quiet moves that cannot reach
        // alpha, once a move has been searched and no mate is at stake.
        let prune = self.selective
            && !pv_node
            && !in_check
            && depth <= PRUNE_DEPTH
            && alpha.abs() < MATE_BOUND;
        let futile = prune && eval + FUTILITY_BASE + FUTILITY_PER_PLY * depth <= alpha;
        // Where the check test costs about what a search of the move would (the game says
        // so), prunable moves are skipped unmade, checks included; not at depth 1, where a
        // skipped check may be the mate that ends a short win (quiescence does not look for
        // quiet checks: the hybrid's HW13 was found at depth 14 instead of 10).
        let unseen = prune && depth >= 2 && games::prune_checks_unseen(pos);
        let mut quiet_seen = 0;
        // In a parallel search, moves another thread is searching wait for the end (`smp`).
        let defer = depth >= smp::DEFER_DEPTH && self.busy.is_some();
        let (mut next_listed, mut next_deferred) = (0, 0);
        loop {
            let (m, rank, was_deferred) = if next_listed < n {
                let i = next_listed;
                next_listed += 1;
                ordering::pick_next(list.as_mut_slice(), &mut order, i);
                (list[i], order[i], false)
            } else if let Some(&(m, rank)) = deferred.get(next_deferred) {
                next_deferred += 1;
                (m, rank, true)
            } else {
                break;
            };
            let quiet = !is_noisy(&m);
            let killer_or_better = rank >= ordering::KILLER - 1;
            // Never while every move so far loses to a mate (a pruned move may escape it),
            // and never a move that gives check (unless `unseen`).
            let prunable = prune
                && quiet
                && legal > 0
                && best > -MATE_BOUND
                && !killer_or_better
                && (futile || quiet_seen >= quiet_move_limit(depth, improving));
            if prunable && unseen {
                quiet_seen += 1;
                continue;
            }
            let next = pos.play(&m);
            if check_rule && next.is_king_attacked(us) {
                continue;
            }
            if prunable && !checked(&next) {
                quiet_seen += 1;
                continue;
            }
            let key = if defer { smp::Busy::key(hash, &m) } else { 0 };
            if defer && legal > 0 && !was_deferred && self.is_busy(key) {
                deferred.push((m, rank));
                continue;
            }
            if defer {
                self.enter_busy(key);
            }
            legal += 1;
            if quiet {
                quiet_seen += 1;
            }
            self.prev[ply + 1] = Heuristics::prev_of(&m);
            let mut s;
            if legal == 1 {
                s = -self.negamax(env, &next, ply + 1, depth - 1, -beta, -alpha, true);
            } else {
                // Late quiet moves are searched shallower first.
                let mut r = 0;
                if self.selective
                    && depth >= 3
                    && legal > 3
                    && quiet
                    && !in_check
                    && !killer_or_better
                {
                    r = reduction(depth, legal);
                    if pv_node {
                        r -= 1;
                    }
                    if self.has(feature::HISTORY_LMR) {
                        // Good history, less reduction; bad history, more.
                        let h = self.heur.history(us, &m) + self.heur.continuation(prev, &m);
                        r -= (h / HISTORY_LMR_DIVISOR).clamp(-2, 2);
                    }
                    r = r.clamp(0, depth - 2);
                }
                s = -self.negamax(env, &next, ply + 1, depth - 1 - r, -alpha - 1, -alpha, true);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.negamax(env, &next, ply + 1, depth - 1, -alpha - 1, -alpha, true);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(env, &next, ply + 1, depth - 1, -beta, -alpha, true);
                }
            }
            if defer {
                self.leave_busy(key);
            }
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    let mut pv = core::mem::take(&mut self.pv[ply]);
                    pv.clear();
                    pv.push(m);
                    pv.extend_from_slice(&self.pv[ply + 1]);
                    self.pv[ply] = pv;
                    if s >= beta {
                        if quiet {
                            self.heur.reward(us, ply, depth, &m, &quiets);
                            if self.has(feature::CONT_HISTORY) {
                                self.heur.reward_continuation(prev, depth, &m, &quiets);
                            }
                        } else if self.has(feature::CAPTURE_HISTORY) && !m.is_suicide() {
                            self.heur.reward_capture(us, depth, &m, &noisy);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets.push(m);
            } else if !m.is_suicide() {
                noisy.push(m);
            }
        }
        self.path.pop();
        self.lists[ply] = list;
        self.scores[ply] = order;
        self.quiets[ply] = quiets;
        self.deferred[ply] = deferred;
        self.noisy[ply] = noisy;
        if self.stopped {
            return 0;
        }
        if legal == 0 {
            return no_moves_score(pos, ply, in_check);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if correct
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|m| !is_noisy(&m))
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.corrections.update(us, material, depth, raw_eval, best);
        }
        let pm = best_move.map_or(PackedMove::NONE, |m| PackedMove::new(&m));
        self.tt.store(hash, ply, depth, best, bound, pm);
        best
    }

    /// ProbCut ([`feature::PROBCUT`]): the node's captures that may win enough (the static
    /// evaluation `eval` plus what they take reaches `pbeta`), each searched by quiescence
    /// and, when that beats `pbeta`, by a search [`PROBCUT_REDUCTION`] plies shallower with
    /// the null window at `pbeta`. The score of the first that beats it (the node is cut),
    /// stored as a lower bound.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        env: &mut dyn SearchEnv,
        pos: &Position,
        ply: usize,
        depth: i32,
        eval: i32,
        pbeta: i32,
        hash_move: PackedMove,
        prev: ordering::Prev,
    ) -> Option<i32> {
        let mut list = core::mem::take(&mut self.lists[ply]);
        let mut order = core::mem::take(&mut self.scores[ply]);
        let check_rule = generate_noisy(pos, &mut list);
        ordering::score_moves(
            pos,
            &list,
            hash_move,
            &self.heur,
            ply,
            prev,
            self.features,
            &mut order,
        );
        let us = pos.side_to_move();
        let hash = pos.hash();
        self.path.push(hash);
        let mut cut = None;
        for i in 0..list.len() {
            ordering::pick_next(list.as_mut_slice(), &mut order, i);
            let m = list[i];
            let gain = ordering::capture_value(pos, &m) + ordering::promotion_gain(pos, &m);
            if eval + gain < pbeta {
                continue;
            }
            if gain < eval::piece_value(pos.game(), m.role) && self.loses(pos, &m) {
                continue;
            }
            let next = pos.play(&m);
            if check_rule && next.is_king_attacked(us) {
                continue;
            }
            self.prev[ply + 1] = Heuristics::prev_of(&m);
            let mut s = -self.quiesce(env, &next, ply + 1, 0, -pbeta, -pbeta + 1);
            if s >= pbeta && !self.stopped {
                let d = depth - PROBCUT_REDUCTION;
                s = -self.negamax(env, &next, ply + 1, d, -pbeta, -pbeta + 1, true);
            }
            if self.stopped {
                break;
            }
            if s >= pbeta {
                cut = Some((m, s));
                break;
            }
        }
        self.path.pop();
        self.lists[ply] = list;
        self.scores[ply] = order;
        let (m, s) = cut?;
        if self.stopped {
            return None;
        }
        let d = depth - (PROBCUT_REDUCTION - 1);
        self.tt
            .store(hash, ply, d, s, Bound::Lower, PackedMove::new(&m));
        Some(s)
    }

    /// Quiescence: captures and promotions only, with stand-pat. Check evasions (all moves)
    /// are searched in the first [`QS_CHECK_PLIES`] plies; after [`QS_EVEN_PLIES`] plies only
    /// captures that take at least the capturer's value are tried, which keeps the capture
    /// trees of crowded Ultima and hybrid positions finite in practice.
    pub(super) fn quiesce(
        &mut self,
        env: &mut dyn SearchEnv,
        pos: &Position,
        ply: usize,
        qdepth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.check_limits(env);
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if let Some(s) = static_terminal(pos, ply) {
            return s;
        }
        let in_check = qdepth < QS_CHECK_PLIES && checked(pos);
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.eval_cache.evaluate(pos, &self.weights)
            };
        }
        // The table answers for positions searched before, here or in the main search; its
        // move is tried first.
        let hash = pos.hash();
        let mut hash_move = PackedMove::NONE;
        let mut known = false;
        if let Some(hit) = self.tt.probe(hash, ply) {
            known = true;
            hash_move = hit.mv;
            if pos.halfmove_clock() < 90 && hit.settles(alpha, beta) {
                return hit.score;
            }
        }
        let stand = if in_check {
            -MATE + ply as i32
        } else if self.has(feature::CORRECTION) {
            let c = self
                .corrections
                .get(pos.side_to_move(), correction::material_key(pos));
            (self.eval_cache.evaluate(pos, &self.weights) + c)
                .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        } else {
            self.eval_cache.evaluate(pos, &self.weights)
        };
        let alpha0 = alpha;
        if !in_check {
            if stand >= beta || qdepth >= QS_MAX_PLIES {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut list: MoveList = core::mem::take(&mut self.lists[ply]);
        let mut order = core::mem::take(&mut self.scores[ply]);
        let check_rule = if in_check {
            generate(pos, &mut list)
        } else {
            generate_noisy(pos, &mut list)
        };
        ordering::score_moves(
            pos,
            &list,
            hash_move,
            &self.heur,
            ply,
            None,
            self.features,
            &mut order,
        );
        let us = pos.side_to_move();
        let mut best = stand;
        let mut best_move: Option<Move> = None;
        let mut legal = 0;
        for i in 0..list.len() {
            ordering::pick_next(list.as_mut_slice(), &mut order, i);
            let m = list[i];
            let rank = order[i];
            if !in_check {
                let gain = ordering::capture_value(pos, &m) + ordering::promotion_gain(pos, &m);
                let takes_king = m.captures.iter().any(|s| Some(s) == pos.king(us.other()));
                if !takes_king {
                    if stand + gain + DELTA_MARGIN < alpha {
                        continue;
                    }
                    let value = eval::piece_value(pos.game(), m.role);
                    if qdepth >= QS_EVEN_PLIES && gain < value {
                        continue;
                    }
                    // The exchange evaluation was made by the ordering (`rank`); the hash
                    // move, ranked first whatever its exchange, is tried.
                    let loses = if self.has(feature::SEE) {
                        ordering::is_losing_capture(rank)
                    } else if self.has(feature::SEE_QUIESCENCE) {
                        ordering::loses_exchange(pos, &m)
                    } else {
                        loses_capturer(pos, &m)
                    };
                    if gain < value && loses {
                        continue;
                    }
                }
            }
            let next = pos.play(&m);
            if check_rule && next.is_king_attacked(us) {
                continue;
            }
            legal += 1;
            let s = -self.quiesce(env, &next, ply + 1, qdepth + 1, -beta, -alpha);
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        self.scores[ply] = order;
        if self.stopped {
            return best;
        }
        if in_check && legal == 0 {
            return no_moves_score(pos, ply, true);
        }
        // Stored at depth 0, never over an entry of the main search.
        if !known {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 && best_move.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let pm = best_move.map_or(PackedMove::NONE, |m| PackedMove::new(&m));
            self.tt.store(hash, ply, 0, best, bound, pm);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::exactly_two;

    #[test]
    fn exactly_two_counts_bits() {
        for bits in [
            0u128,
            1,
            2,
            3,
            5,
            7,
            1 << 127,
            (1 << 127) | 1,
            u128::MAX,
            0b1011,
        ] {
            assert_eq!(exactly_two(bits), bits.count_ones() == 2, "{bits:b}");
        }
    }
}
