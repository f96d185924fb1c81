//! The computer opponent: an iterative-deepening principal-variation search with a
//! transposition table, quiescence over captures, check extension, null-move pruning, late-move
//! reductions and per-game evaluation ([`eval`]). The same code runs natively and in the
//! browser's worker: the engine has no clock of its own, the caller supplies one.
//!
//! # Use
//!
//! * Make a [`Searcher`] once (`Searcher::new(tt_bytes)`); call [`Searcher::clear`] for a new game.
//! * Call [`Searcher::search`] with the [`Game`] (its history counts for repetition), the
//!   [`Limits`] and a [`SearchEnv`]: the caller's clock ([`SearchEnv::now_ms`], polled every
//!   1024 nodes), an external stop ([`SearchEnv::should_stop`]) and a sink for one
//!   [`SearchInfo`] per completed depth ([`SearchEnv::info`]).
//! * Every limit, and a stop, returns the best move found so far; `best` is `None` only when
//!   the side to move has no legal move (the game is over).
//! * [`Level`] gives the play levels from beginner to maximum ([`Level::limits`]).
//! * The search is deterministic for a given seed ([`Searcher::set_seed`]), limits without a
//!   clock, and table state.
//!
//! ```
//! use baroque_engine::search::{Limits, NoClock, Searcher};
//! use baroque_engine::{Game, GameId, Position};
//! let game = Game::new(Position::start(GameId::Ultima));
//! let mut s = Searcher::new(1 << 20);
//! let r = s.search(&game, &Limits::depth(2), &mut NoClock);
//! if let Some(m) = r.best {
//!     assert!(game.position().legal_moves().contains(&m));
//! }
//! ```
//!
//! # Terminal rules inside the search
//!
//! A node is scored as the game's status would end it (game.rs `Game::status`): a missing King
//! (Ultima `win=capture`) loses; no legal move loses when in check, otherwise draws or loses as
//! the game's end policy and the `stalemate` option say; bare Kings, the fifty-move rule and any
//! repetition of an earlier position (in the game or on the search path) score as draws.
//! Mate scores prefer the fastest win and the slowest loss.

mod alphabeta;
pub mod eval;
pub mod greedy;
pub mod levels;
pub mod limits;
pub(crate) mod ordering;
pub(crate) mod tt;

pub use levels::Level;
pub use limits::{Clock, Limits};

use alloc::vec::Vec;

use crate::game::Game;
use crate::moves::{Move, MoveList};

use ordering::Heuristics;
use tt::{PackedMove, Table};

/// The score of a mate on the board (the side to move is mated at ply 0).
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The deepest ply the search reaches (iterations stop below it).
pub const MAX_PLY: usize = 96;
const INF: i32 = MATE + 1;
const DRAW: i32 = 0;

/// A score as reported to the caller.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves: positive when the side to move mates, negative when it is
    /// mated (`Mate(0)`: mated on the board).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// What the search reports after each completed depth.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchInfo {
    /// Depth completed (plies).
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Score for the side to move.
    pub score: Score,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Milliseconds since the search started (0 without a clock).
    pub time_ms: u64,
    /// Principal variation, the best move first.
    pub pv: Vec<Move>,
    /// Transposition table use in permille.
    pub hashfull: u32,
}

/// The outcome of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// The move to play (`None` only without legal moves).
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Score of the best move for the side to move.
    pub score: Score,
    /// Last completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Milliseconds used, by the caller's clock.
    pub time_ms: u64,
    /// Principal variation of the last completed depth.
    pub pv: Vec<Move>,
}

/// What the search needs from its caller.
pub trait SearchEnv {
    /// The caller's clock in milliseconds (any origin; only differences count). Polled every
    /// 1024 nodes when the limits have a time limit.
    fn now_ms(&mut self) -> u64;
    /// Whether the caller wants the search to stop now (polled every 1024 nodes).
    fn should_stop(&mut self) -> bool {
        false
    }
    /// Called after each completed depth.
    fn info(&mut self, info: &SearchInfo) {
        let _ = info;
    }
}

/// An environment without a clock, a stop or reports: use with depth or node limits.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl SearchEnv for NoClock {
    fn now_ms(&mut self) -> u64 {
        0
    }
}

/// Nodes between two polls of the caller.
const POLL: u64 = 1024;

/// The searcher: transposition table, move-ordering tables and the seeded random generator of
/// the levels. Keep one per game being played.
pub struct Searcher {
    tt: Table,
    heur: Heuristics,
    weights: eval::Weights,
    /// Weights set by the caller for every game, instead of each game's tuned ones.
    weights_override: Option<eval::Weights>,
    eval_cache: eval::Cache,
    seed: u64,
    rng: u64,
    // Per-search state.
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    start_ms: u64,
    limits: Limits,
    lists: Vec<MoveList>,
    scores: Vec<Vec<i32>>,
    /// Hashes of the game's positions since its last irreversible move, then of the path.
    path: Vec<u64>,
    pv: Vec<Vec<Move>>,
    /// The best root move of the current iteration, once one has been fully searched.
    iter_best: Option<Move>,
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_bytes` bytes.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            tt: Table::new(tt_bytes),
            heur: Heuristics::new(),
            weights: eval::Weights::DEFAULT,
            weights_override: None,
            eval_cache: eval::Cache::new(16),
            seed: 0,
            rng: splitmix(0),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            start_ms: 0,
            limits: Limits::default(),
            lists: (0..=MAX_PLY + 1).map(|_| MoveList::new()).collect(),
            scores: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            path: Vec::with_capacity(256),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            iter_best: None,
        }
    }

    /// Replaces the transposition table by one of about `tt_bytes` bytes.
    pub fn resize(&mut self, tt_bytes: usize) {
        self.tt = Table::new(tt_bytes);
    }

    /// Forgets everything learnt (new game) and restarts the random sequence from the seed.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heur.clear();
        self.eval_cache.clear();
        self.rng = splitmix(self.seed);
    }

    /// Seeds the choice among near-best moves ([`Limits::near_best_cp`]).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = splitmix(seed);
    }

    /// Uses `weights` in every game instead of each game's tuned weights (self-play tuning);
    /// `None` goes back to the tuned ones.
    pub fn set_weights(&mut self, weights: Option<eval::Weights>) {
        self.weights_override = weights;
        self.eval_cache.clear();
    }

    /// The evaluation weights of the last search.
    pub fn weights(&self) -> &eval::Weights {
        &self.weights
    }

    /// Transposition table use in permille.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches the current position of `game` within `limits`.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        env: &mut dyn SearchEnv,
    ) -> SearchResult {
        let pos = *game.position();
        let weights = self
            .weights_override
            .unwrap_or(eval::Weights::for_game(pos.game()));
        if weights != self.weights {
            self.weights = weights;
            self.eval_cache.clear();
        }
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.limits = *limits;
        self.start_ms = if limits.uses_clock() { env.now_ms() } else { 0 };
        self.tt.new_search();
        self.heur.age();
        self.load_history(game);

        let mut root = MoveList::new();
        pos.legal_moves_into(&mut root);
        let mut result = SearchResult {
            best: None,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time_ms: 0,
            pv: Vec::new(),
        };
        if root.is_empty() {
            return result;
        }
        let mut moves: Vec<Move> = root.iter().copied().collect();
        // A fallback before any depth completes: hash move, else the best-ordered move.
        {
            let hm = self
                .tt
                .probe(pos.hash(), 0)
                .map_or(PackedMove::NONE, |h| h.mv);
            let mut sc = Vec::new();
            ordering::score_moves(&pos, &moves, hm, &self.heur, 0, &mut sc);
            ordering::pick_next(&mut moves, &mut sc, 0);
            result.best = Some(moves[0]);
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32)
            .clamp(1, MAX_PLY as u32 - 4);
        let margin = limits.near_best_cp as i32;
        let mut root_scores: Vec<i32> = alloc::vec![-INF; moves.len()];
        let mut prev: i32 = 0;
        for depth in 1..=max_depth as i32 {
            // Aspiration window around the previous score once it is meaningful.
            let mut delta = 40;
            let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND && margin == 0 {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.root(
                    env,
                    &pos,
                    &mut moves,
                    &mut root_scores,
                    depth,
                    alpha,
                    beta,
                    margin,
                );
                if self.stopped {
                    break s;
                }
                if s <= alpha {
                    alpha = (alpha - delta).max(-INF);
                } else if s >= beta {
                    beta = (beta + delta).min(INF);
                } else {
                    break s;
                }
                delta *= 3;
                if delta > 1000 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            if self.stopped {
                // A move whose search completed in this deeper iteration and beat the window
                // is the better choice.
                if let Some(m) = self.iter_best {
                    if result.best != Some(m) {
                        result.best = Some(m);
                        result.pv = self.pv[0].clone();
                        result.ponder = result.pv.get(1).copied();
                    }
                }
                break;
            }
            prev = score;
            result.best = Some(moves[0]);
            result.pv = self.pv[0].clone();
            result.ponder = result.pv.get(1).copied();
            result.score = Score::from_internal(score);
            result.depth = depth as u32;
            result.seldepth = self.seldepth as u32;
            let time_ms = self.elapsed(env);
            let info = SearchInfo {
                depth: depth as u32,
                seldepth: self.seldepth as u32,
                score: result.score,
                nodes: self.nodes,
                time_ms,
                pv: result.pv.clone(),
                hashfull: self.tt.hashfull(),
            };
            env.info(&info);
            // A forced mate found within the depth cannot get better.
            if score.abs() > MATE_BOUND && (MATE - score.abs()) <= depth {
                break;
            }
            if let Some(soft) = limits.soft_time_ms {
                if time_ms >= soft {
                    break;
                }
            }
            if moves.len() == 1 && limits.uses_clock() && depth >= 6 {
                break;
            }
        }
        if margin > 0 && result.depth > 0 {
            if let Some(m) = self.pick_near_best(&moves, &root_scores, margin) {
                if Some(m) != result.best {
                    result.best = Some(m);
                    result.pv = alloc::vec![m];
                    result.ponder = None;
                }
            }
        }
        result.nodes = self.nodes;
        result.time_ms = self.elapsed(env);
        result.seldepth = result.seldepth.max(result.depth);
        result
    }

    fn elapsed(&mut self, env: &mut dyn SearchEnv) -> u64 {
        if self.limits.uses_clock() {
            env.now_ms().saturating_sub(self.start_ms)
        } else {
            0
        }
    }

    /// Fills the repetition path with the game's positions back to its last irreversible move.
    fn load_history(&mut self, game: &Game) {
        self.path.clear();
        let positions = game.positions();
        let Some(last) = positions.last() else {
            return;
        };
        let back = last.halfmove_clock() as usize;
        let first = positions.len().saturating_sub(back + 1);
        // The current position is pushed by the root itself.
        for p in &positions[first..positions.len() - 1] {
            self.path.push(p.hash());
        }
    }

    fn pick_near_best(&mut self, moves: &[Move], scores: &[i32], margin: i32) -> Option<Move> {
        let best = scores.iter().copied().max()?;
        if best.abs() > MATE_BOUND {
            return None; // never throw away a forced mate or play into one needlessly
        }
        let mut total: u64 = 0;
        let weights: Vec<u64> = scores
            .iter()
            .map(|&s| {
                if s > -INF && best - s <= margin {
                    let w = (margin - (best - s) + 1) as u64;
                    w * w
                } else {
                    0
                }
            })
            .collect();
        for w in &weights {
            total += w;
        }
        if total == 0 {
            return None;
        }
        self.rng = splitmix(self.rng);
        let mut r = self.rng % total;
        for (m, w) in moves.iter().zip(weights) {
            if r < w {
                return Some(*m);
            }
            r -= w;
        }
        None
    }

    fn poll(&mut self, env_stop: bool) {
        if env_stop {
            self.stopped = true;
        }
    }

    /// Checks node and time limits; called at every node.
    #[inline]
    fn check_limits(&mut self, env: &mut dyn SearchEnv) {
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.stopped = true;
                return;
            }
        }
        if self.nodes % POLL == 0 {
            let stop = env.should_stop();
            self.poll(stop);
            if let Some(t) = self.limits.movetime_ms {
                if env.now_ms().saturating_sub(self.start_ms) >= t {
                    self.stopped = true;
                }
            }
        }
    }
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameId, Position};

    #[test]
    fn mate_scores_convert_to_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-MATE), Score::Mate(0));
        assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_internal(-MATE + 4), Score::Mate(-2));
        assert_eq!(Score::from_internal(123), Score::Cp(123));
    }

    /// Stops after a given number of polls.
    struct StopAfter(u32);
    impl SearchEnv for StopAfter {
        fn now_ms(&mut self) -> u64 {
            0
        }
        fn should_stop(&mut self) -> bool {
            self.0 = self.0.saturating_sub(1);
            self.0 == 0
        }
    }

    #[test]
    fn a_stop_returns_a_legal_move() {
        for g in GameId::ALL {
            let game = Game::new(Position::start(g));
            let legal = game.position().legal_moves();
            let mut s = Searcher::new(1 << 16);
            let r = s.search(&game, &Limits::default(), &mut StopAfter(3));
            if legal.is_empty() {
                assert!(r.best.is_none());
                continue;
            }
            let best = r.best.expect("a move");
            assert!(legal.contains(&best), "{g}");
            assert!(
                r.nodes <= 4 * POLL,
                "{g}: stopped late after {} nodes",
                r.nodes
            );
        }
    }

    #[test]
    fn same_seed_same_choice() {
        let game = Game::new(Position::start(GameId::Omega));
        let limits = Limits {
            near_best_cp: 80,
            ..Limits::depth(2)
        };
        let play = |seed| {
            let mut s = Searcher::new(1 << 16);
            s.set_seed(seed);
            s.search(&game, &limits, &mut NoClock).best
        };
        assert_eq!(play(7), play(7));
    }
}
