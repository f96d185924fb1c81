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
pub(crate) mod correction;
pub mod eval;
pub mod greedy;
pub mod levels;
pub mod limits;
pub(crate) mod ordering;
pub mod smp;
pub(crate) mod tt;

pub use levels::Level;
pub use limits::{Clock, Limits};

use alloc::vec::Vec;

use crate::game::Game;
use crate::moves::{Move, MoveList};

use alloc::sync::Arc;
use ordering::Heuristics;
use tt::{PackedMove, Table};

/// Search techniques that can be switched off one by one ([`Searcher::set_features`]), so
/// that the test bench (`baroque sprt`, `features=` in a player) measures each against the
/// search without it in one build. [`feature::for_game`] is the search as played.
pub mod feature {
    /// Late-move reductions shrink for quiet moves with a good history, grow for bad ones.
    pub const HISTORY_LMR: u32 = 1;
    /// Captures ordered among equals by their history (side, role, destination).
    pub const CAPTURE_HISTORY: u32 = 2;
    /// Quiet moves ordered by a continuation history: the previous move's destination with
    /// the move's role and destination.
    pub const CONT_HISTORY: u32 = 4;
    /// The improving flag (the static evaluation above the one two plies before): late-move
    /// pruning keeps fewer quiet moves and reverse futility prunes with a smaller margin when
    /// not improving.
    pub const IMPROVING: u32 = 8;
    /// The transposition table's result refines the static evaluation where its bound
    /// allows (a lower bound above it, an upper bound below it, an exact score), for the
    /// pruning decisions (reverse futility, null move, futility). The evaluation itself is
    /// not stored in the table: the evaluation cache (`eval::Cache`) keeps it.
    pub const TT_EVAL: u32 = 16;
    /// Correction history ([`super::correction`]): the static evaluation is corrected by
    /// how far searches of the same material balance found it off.
    pub const CORRECTION: u32 = 32;
    /// ProbCut: at depth 5 and more in non-PV nodes, a capture whose quiescence and then a
    /// search 4 plies shallower beat beta by 200 cp cuts the node.
    pub const PROBCUT: u32 = 64;
    /// Static exchange evaluation (`Rules::see`, in the games whose captures land on their
    /// victim's square: Omega, and the hybrid's displacement captures): a capture that takes
    /// less than its capturer is worth and loses material in the exchange on its destination
    /// is ordered after the quiet moves (killers and history) instead of among the captures,
    /// and quiescence skips it (instead of the one-square exchange test,
    /// `Rules::square_attacked`). Nothing changes in a game without it (Ultima).
    pub const SEE: u32 = 128;
    /// The static exchange evaluation in quiescence (and ProbCut) only: a losing capture is
    /// skipped there, as with [`SEE`], but the move ordering is left as it is (with [`SEE`]
    /// on too, the same as [`SEE`]).
    pub const SEE_QUIESCENCE: u32 = 256;
    /// Every technique.
    pub const ALL: u32 = 511;

    /// The search as played in `game`: the techniques the test bench accepted for that game
    /// (each game's rules say which: `Rules::search_features`; docs/ai.md, "Search techniques
    /// tried"). With 0 the tree is exactly the search of before them.
    pub fn for_game(game: crate::GameId) -> u32 {
        crate::games::search_features(game) & ALL
    }
}

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
    /// Which line this is (MultiPV), from 1 (the best). With `k` lines the search reports
    /// lines 1 to `k` in turn after each completed depth.
    pub multipv: u32,
    /// Score of this line for the side to move.
    pub score: Score,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Milliseconds since the search started (0 without a clock).
    pub time_ms: u64,
    /// This line's moves, its root move first.
    pub pv: Vec<Move>,
    /// Transposition table use in permille.
    pub hashfull: u32,
}

/// One of the best lines of a search (MultiPV).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PvLine {
    /// Its score for the side to move.
    pub score: Score,
    /// The depth it was last completed at (a search stopped inside an iteration leaves the
    /// lines it had not reached at the depth before).
    pub depth: u32,
    /// Its moves, the root move first.
    pub pv: Vec<Move>,
}

/// A line while the search runs (internal score).
struct Line {
    score: i32,
    depth: u32,
    pv: Vec<Move>,
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
    /// The best lines, best first: as many as [`Limits::multipv`] asked for (and the game has
    /// root moves); `lines[0]` is the principal variation. Empty without legal moves.
    pub lines: Vec<PvLine>,
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
    /// Called after each completed depth, once per line (MultiPV), best first.
    fn info(&mut self, info: &SearchInfo) {
        let _ = info;
    }
    /// Whether the opponent has played the move a pondering search ([`Limits::ponder`]) was
    /// thinking on (UCI `ponderhit`); polled every 1024 nodes while pondering.
    fn ponderhit(&mut self) -> bool {
        false
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

/// Iterations a selective search goes on beyond a mate's length before the mate is final
/// ([`mate_settled`]).
const MATE_SETTLE_PLIES: i32 = 2;

/// Whether the root's `score` after the iteration of `depth` ends the deepening: a forced
/// mate that no further iteration can shorten. A full-width search finds every mate within
/// its depth, so a mate no longer than the depth is final. A selective one may see a shorter
/// mate only an iteration or two later (its reductions), so it goes on [`MATE_SETTLE_PLIES`]
/// beyond the mate's length, except for a mate in one, which nothing shortens. (OW6 of
/// tests/data/wins-omega.txt with Omega's tables: a mate in 4, 7 plies, at depths 6 and 7
/// ended the search at 7, the mate in 3's second move reduced by the late-move reductions at
/// a node whose alpha was that mate; depth 8 finds the mate in 3. Over the short-win and
/// puzzle sets of the three games no other first-found mate got shorter later.)
fn mate_settled(score: i32, depth: i32, selective: bool) -> bool {
    if score.abs() <= MATE_BOUND {
        return false;
    }
    let plies = MATE - score.abs();
    if !selective {
        plies <= depth
    } else {
        (score > 0 && plies <= 1) || plies + MATE_SETTLE_PLIES <= depth
    }
}

/// Nodes between two polls of the caller.
const POLL: u64 = 1024;

/// The searcher: transposition table, move-ordering tables and the seeded random generator of
/// the levels. Keep one per game being played.
pub struct Searcher {
    tt: Arc<Table>,
    /// 0 for the main search; helpers of a parallel search count from 1 (`smp`).
    thread: u32,
    /// The moves the threads of a parallel search are busy with (`smp`): none for a searcher
    /// that never had a helper.
    busy: Option<Arc<smp::Busy>>,
    /// The helpers kept between parallel searches (`smp`).
    helpers: Vec<Searcher>,
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
    /// Where the time limits count from: the start, or a pondering search's `ponderhit`.
    clock_start: u64,
    /// Whether the search is pondering (time limits not yet running).
    pondering: bool,
    /// The last completed depth of the current search.
    completed: u32,
    limits: Limits,
    lists: Vec<MoveList>,
    scores: Vec<Vec<i32>>,
    /// Per ply: the quiet moves searched at the node, and the moves a parallel search
    /// deferred (buffers kept so that no node allocates).
    quiets: Vec<Vec<Move>>,
    deferred: Vec<Vec<(Move, i32)>>,
    /// Per ply: the noisy moves searched at the node (the capture history's malus).
    noisy: Vec<Vec<Move>>,
    /// Per ply: the move that led to the node (the continuation history's key).
    prev: Vec<ordering::Prev>,
    /// Per ply: the node's static evaluation (`-INF` in check), for the improving flag.
    evals: Vec<i32>,
    /// The techniques switched on ([`feature`]) in the current search.
    features: u32,
    /// The techniques set by [`Searcher::set_features`], or `None` for each game's own
    /// ([`feature::for_game`]).
    features_override: Option<u32>,
    /// The correction history ([`feature::CORRECTION`]).
    corrections: correction::Corrections,
    /// Hashes of the game's positions since its last irreversible move, then of the path.
    path: Vec<u64>,
    pv: Vec<Vec<Move>>,
    /// The best root move of the current iteration, once one has been fully searched.
    iter_best: Option<Move>,
    /// Whether the search prunes and reduces (the default); off, every move is searched to
    /// the full depth ([`Searcher::set_selective`]).
    selective: bool,
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_bytes` bytes.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            tt: Arc::new(Table::new(tt_bytes)),
            thread: 0,
            busy: None,
            helpers: Vec::new(),
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
            clock_start: 0,
            pondering: false,
            completed: 0,
            limits: Limits::default(),
            lists: (0..=MAX_PLY + 1).map(|_| MoveList::new()).collect(),
            scores: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            quiets: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            deferred: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            noisy: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(32)).collect(),
            prev: alloc::vec![None; MAX_PLY + 2],
            evals: alloc::vec![-INF; MAX_PLY + 2],
            features: 0,
            features_override: None,
            corrections: correction::Corrections::new(),
            path: Vec::with_capacity(256),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            iter_best: None,
            selective: true,
        }
    }

    /// Replaces the transposition table by one of about `tt_bytes` bytes.
    pub fn resize(&mut self, tt_bytes: usize) {
        self.tt = Arc::new(Table::new(tt_bytes));
    }

    /// Forgets everything learnt (new game) and restarts the random sequence from the seed.
    pub fn clear(&mut self) {
        self.helpers.clear();
        self.tt.clear();
        self.heur.clear();
        self.corrections.clear();
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

    /// Turns the selective parts of the search on (the default) or off: off, no move is pruned
    /// or reduced and no node is cut by a null move or a static margin, so a win the search
    /// reports within its depth is forced (a full-width proof, as the short-win sets of
    /// docs/ai.md are confirmed); much slower, for analysis and tests.
    pub fn set_selective(&mut self, on: bool) {
        self.selective = on;
    }

    /// Switches the search techniques of [`feature`] on and off in every game (a mask of its
    /// bits; by default each game has its own, [`feature::for_game`]): for measuring each
    /// technique against its absence. `None` goes back to each game's own.
    pub fn set_features(&mut self, mask: Option<u32>) {
        self.features_override = mask.map(|m| m & feature::ALL);
    }

    /// Whether technique `f` ([`feature`]) is on.
    #[inline]
    fn has(&self, f: u32) -> bool {
        self.features & f != 0
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
        self.features = self
            .features_override
            .unwrap_or_else(|| feature::for_game(pos.game()));
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.limits = *limits;
        self.start_ms = if limits.uses_clock() || limits.ponder {
            env.now_ms()
        } else {
            0
        };
        self.clock_start = self.start_ms;
        self.pondering = limits.ponder;
        self.completed = 0;
        if self.thread == 0 {
            // The helpers of a parallel search share the main search's table and generation.
            self.tt.new_search();
        }
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
            lines: Vec::new(),
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
            ordering::score_moves(
                &pos,
                &moves,
                hm,
                &self.heur,
                0,
                None,
                self.features,
                &mut sc,
            );
            ordering::pick_next(&mut moves, &mut sc, 0);
            result.best = Some(moves[0]);
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32)
            .clamp(1, MAX_PLY as u32 - 4);
        let margin = limits.near_best_cp as i32;
        let k = limits.lines().min(moves.len());
        let mut root_scores: Vec<i32> = alloc::vec![-INF; moves.len()];
        // The best lines found so far, best first (one per MultiPV line).
        let mut lines: Vec<Line> = Vec::with_capacity(k);
        let first = smp::first_depth(self.thread).min(max_depth) as i32;
        'deepen: for depth in first..=max_depth as i32 {
            for idx in 0..k {
                let prev = lines.get(idx).map(|l| l.score);
                let Some(score) =
                    self.root_line(env, &pos, &mut moves, &mut root_scores, idx, depth, prev)
                else {
                    // Stopped inside the line. A move of the first line whose search completed
                    // in this deeper iteration and beat the window is the better choice.
                    if idx == 0 {
                        if let Some(m) = self.iter_best {
                            if lines.first().and_then(|l| l.pv.first()) != Some(&m) {
                                let line = Line {
                                    score: root_scores[0],
                                    depth: depth as u32,
                                    pv: self.root_pv(m),
                                };
                                lines.retain(|l| l.pv.first() != Some(&m));
                                lines.insert(0, line);
                                lines.truncate(k);
                                result.score = Score::from_internal(lines[0].score);
                            }
                        }
                    }
                    break 'deepen;
                };
                let pv = self.root_pv(moves[idx]);
                let line = Line {
                    score,
                    depth: depth as u32,
                    pv,
                };
                if idx < lines.len() {
                    lines[idx] = line;
                } else {
                    lines.push(line);
                }
            }
            if k > 1 {
                // Lines searched later may score higher than earlier ones (search instability):
                // best first, and the root moves in the same order for the next iteration.
                lines.sort_by_key(|l| core::cmp::Reverse(l.score));
                for (i, l) in lines.iter().enumerate() {
                    if let Some(j) = moves.iter().position(|m| Some(m) == l.pv.first()) {
                        moves.swap(i, j);
                        root_scores.swap(i, j);
                    }
                }
            }
            let score = lines[0].score;
            self.completed = depth as u32;
            result.score = Score::from_internal(score);
            result.depth = depth as u32;
            result.seldepth = self.seldepth as u32;
            let time_ms = self.elapsed(env);
            for (i, l) in lines.iter().enumerate() {
                let info = SearchInfo {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    multipv: i as u32 + 1,
                    score: Score::from_internal(l.score),
                    nodes: self.nodes,
                    time_ms,
                    pv: l.pv.clone(),
                    hashfull: self.tt.hashfull(),
                };
                env.info(&info);
            }
            if k == 1 && mate_settled(score, depth, self.selective) {
                break;
            }
            // Time management (clock games): no new iteration after the soft limit, and a
            // single legal move is played at once. (Stretching the soft limit on an unstable
            // best move or a falling score measured no stronger and was dropped: docs/ai.md.)
            if !self.pondering {
                let spent = self.spent(env);
                if limits.soft_time_ms.is_some_and(|soft| spent >= soft) {
                    break;
                }
                if moves.len() == 1 && limits.soft_time_ms.is_some() {
                    break;
                }
                if moves.len() == 1 && limits.uses_clock() && depth >= 6 {
                    break;
                }
            }
        }
        if let Some(first) = lines.first() {
            result.best = first.pv.first().copied().or(result.best);
            result.pv = first.pv.clone();
            result.ponder = result.pv.get(1).copied();
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
        result.lines = lines
            .into_iter()
            .map(|l| PvLine {
                score: Score::from_internal(l.score),
                depth: l.depth,
                pv: l.pv,
            })
            .collect();
        result.nodes = self.nodes;
        result.time_ms = self.elapsed(env);
        result.seldepth = result.seldepth.max(result.depth);
        result
    }

    /// Searches line `idx` (MultiPV, from 0) at `depth`: the root moves from `idx` on (the
    /// better lines' moves are excluded), with an aspiration window around the line's previous
    /// score. Leaves the best of them at `moves[idx]` and returns its score, or `None` when
    /// the search was stopped.
    #[allow(clippy::too_many_arguments)]
    fn root_line(
        &mut self,
        env: &mut dyn SearchEnv,
        pos: &crate::Position,
        moves: &mut [Move],
        root_scores: &mut [i32],
        idx: usize,
        depth: i32,
        prev: Option<i32>,
    ) -> Option<i32> {
        let margin = self.limits.near_best_cp as i32;
        let mut delta = 40;
        let (mut alpha, mut beta) = match prev {
            Some(p) if depth >= 4 && p.abs() < MATE_BOUND && margin == 0 => (p - delta, p + delta),
            _ => (-INF, INF),
        };
        loop {
            let s = self.root(
                env,
                pos,
                &mut moves[idx..],
                &mut root_scores[idx..],
                depth,
                alpha,
                beta,
                margin,
            );
            if self.stopped {
                return None;
            }
            if s <= alpha {
                alpha = (alpha - delta).max(-INF);
            } else if s >= beta {
                beta = (beta + delta).min(INF);
            } else {
                return Some(s);
            }
            delta *= 3;
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// The principal variation the root just found for `best` (its first move alone when the
    /// search left none).
    fn root_pv(&self, best: Move) -> Vec<Move> {
        if self.pv[0].first() == Some(&best) {
            self.pv[0].clone()
        } else {
            alloc::vec![best]
        }
    }

    /// Milliseconds counted against the time limits: since the start, or since the
    /// `ponderhit` of a pondering search.
    fn spent(&mut self, env: &mut dyn SearchEnv) -> u64 {
        if self.limits.uses_clock() {
            env.now_ms().saturating_sub(self.clock_start)
        } else {
            0
        }
    }

    /// The pondering search's expected move was played: the time limits start now, and a
    /// search that has already thought for its soft time stops at once.
    fn ponderhit(&mut self, env: &mut dyn SearchEnv) {
        self.pondering = false;
        let now = env.now_ms();
        if let Some(soft) = self.limits.soft_time_ms {
            if self.completed > 0 && now.saturating_sub(self.start_ms) >= soft {
                self.stopped = true;
            }
        }
        self.clock_start = now;
    }

    fn elapsed(&mut self, env: &mut dyn SearchEnv) -> u64 {
        if self.limits.uses_clock() || self.limits.ponder {
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
            if self.pondering {
                if env.ponderhit() {
                    self.ponderhit(env);
                }
            } else if let Some(t) = self.limits.movetime_ms {
                if env.now_ms().saturating_sub(self.clock_start) >= t {
                    self.stopped = true;
                }
            }
        }
    }
}

/// SplitMix64's output function: a well-mixed 64-bit value of `x` (the search's random
/// stream, and the match runner's seeded choices).
pub fn splitmix(x: u64) -> u64 {
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
    fn a_selective_search_goes_on_after_a_mate() {
        // Full width: a mate no longer than the depth is final.
        assert!(mate_settled(MATE - 7, 7, false));
        assert!(!mate_settled(MATE - 7, 6, false));
        assert!(mate_settled(-MATE + 6, 6, false));
        // Selective: two plies more, but a mate in one at once.
        assert!(!mate_settled(MATE - 7, 7, true));
        assert!(!mate_settled(MATE - 7, 8, true));
        assert!(mate_settled(MATE - 7, 9, true));
        assert!(mate_settled(MATE - 1, 1, true));
        assert!(!mate_settled(-MATE + 2, 2, true));
        assert!(mate_settled(-MATE + 2, 4, true));
        // Ordinary scores never end it.
        assert!(!mate_settled(MATE_BOUND, 90, true));
        assert!(!mate_settled(0, 90, false));
    }

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
