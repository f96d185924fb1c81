//! Parallel search for the CLI (`Threads` in `baroque uci`, `threads=` in `baroque match`,
//! `--threads` in `baroque bench`): the main search runs on the calling thread and `threads − 1`
//! helpers (`Searcher::take_helpers`: sharing its transposition table and busy table, kept
//! from move to move) on threads of their own, until the main search ends (Lazy SMP with
//! ABDADA's deferral, `baroque_engine::search::smp`). The move, score and lines are the main
//! search's, unless a helper completed a deeper iteration (one line, no near-best choice):
//! then the deepest helper's (the first one in thread order), reported in one last `info`.
//! The node counts of the reports and the result are those of every thread (the helpers'
//! counted live in steps of the engine's 1024-node poll, and exactly in the result). A node
//! limit (`go nodes`) counts the main search's nodes.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::Instant;

use baroque_engine::search::{Limits, PvLine, SearchEnv, SearchInfo, SearchResult, Searcher};
use baroque_engine::Game;

/// The most threads a search may use.
pub const MAX_THREADS: usize = 64;

/// Nodes between two polls of the environment by the engine's search.
const POLL_NODES: u64 = 1024;

/// A helper's view: a clock, the main search's end, and the helpers' node count (one poll
/// every [`POLL_NODES`] nodes).
struct HelperEnv<'a> {
    start: Instant,
    done: &'a AtomicBool,
    nodes: &'a AtomicU64,
}

impl SearchEnv for HelperEnv<'_> {
    fn now_ms(&mut self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
    fn should_stop(&mut self) -> bool {
        self.nodes.fetch_add(POLL_NODES, Ordering::Relaxed);
        self.done.load(Ordering::Relaxed)
    }
}

/// The main search's view: the caller's environment, with the helpers' nodes added to every
/// report.
struct MainEnv<'a> {
    inner: &'a mut dyn SearchEnv,
    helper_nodes: &'a AtomicU64,
}

impl SearchEnv for MainEnv<'_> {
    fn now_ms(&mut self) -> u64 {
        self.inner.now_ms()
    }
    fn should_stop(&mut self) -> bool {
        self.inner.should_stop()
    }
    fn ponderhit(&mut self) -> bool {
        self.inner.ponderhit()
    }
    fn info(&mut self, info: &SearchInfo) {
        let mut all = info.clone();
        all.nodes += self.helper_nodes.load(Ordering::Relaxed);
        self.inner.info(&all);
    }
}

/// Searches `game` with `main` and `threads − 1` helpers; returns the main search's result
/// (or a deeper helper's, see the module's text) with the nodes of every thread. With one
/// thread this is `main.search` exactly.
pub fn search(
    main: &mut Searcher,
    threads: usize,
    game: &Game,
    limits: &Limits,
    env: &mut dyn SearchEnv,
) -> SearchResult {
    let threads = threads.clamp(1, MAX_THREADS);
    if threads == 1 {
        return main.search(game, limits, env);
    }
    // Helpers search until the main search ends: only its depth limit applies to them (one
    // line, the best move, no time, no pondering).
    let helper_limits = Limits {
        depth: limits.depth,
        ..Limits::infinite()
    };
    let mut helpers = main.take_helpers(threads - 1);
    let done = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let (mut result, helped) = thread::scope(|s| {
        let running: Vec<_> = helpers
            .iter_mut()
            .map(|h| {
                let (done, nodes, limits) = (&done, &helper_nodes, &helper_limits);
                s.spawn(move || {
                    let mut env = HelperEnv {
                        start: Instant::now(),
                        done,
                        nodes,
                    };
                    h.search(game, limits, &mut env)
                })
            })
            .collect();
        let mut main_env = MainEnv {
            inner: &mut *env,
            helper_nodes: &helper_nodes,
        };
        let result = main.search(game, limits, &mut main_env);
        done.store(true, Ordering::Relaxed);
        let helped: Vec<SearchResult> = running.into_iter().filter_map(|t| t.join().ok()).collect();
        (result, helped)
    });
    main.put_helpers(helpers);
    let nodes = result.nodes + helped.iter().map(|r| r.nodes).sum::<u64>();
    if let Some(deeper) = deeper_helper(&result, limits, &helped) {
        let h = &helped[deeper];
        result.best = h.best;
        result.ponder = h.ponder;
        result.score = h.score;
        result.depth = h.depth;
        result.seldepth = result.seldepth.max(h.seldepth);
        result.pv = h.pv.clone();
        result.lines = vec![PvLine {
            score: h.score,
            depth: h.depth,
            pv: h.pv.clone(),
        }];
        env.info(&SearchInfo {
            depth: result.depth,
            seldepth: result.seldepth,
            multipv: 1,
            score: result.score,
            nodes,
            time_ms: result.time_ms,
            pv: result.pv.clone(),
            hashfull: main.hashfull(),
        });
    }
    result.nodes = nodes;
    result
}

/// The helper whose result to play instead of the main search's: the first of those that
/// completed the deepest iteration, when that is deeper than the main search's and has a
/// line. Never with several lines or a near-best choice (those are the main search's alone).
fn deeper_helper(main: &SearchResult, limits: &Limits, helped: &[SearchResult]) -> Option<usize> {
    if limits.lines() > 1 || limits.near_best_cp > 0 {
        return None;
    }
    let mut pick: Option<usize> = None;
    for (i, h) in helped.iter().enumerate() {
        let deepest = pick.map_or(main.depth, |p| helped[p].depth);
        if h.depth > deepest && h.best.is_some() && !h.pv.is_empty() {
            pick = Some(i);
        }
    }
    pick
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::{GameId, Position};

    struct NoClock;
    impl SearchEnv for NoClock {
        fn now_ms(&mut self) -> u64 {
            0
        }
    }

    /// Many short parallel searches of every game on one shared table: every answer is a
    /// legal move (a torn or mixed-up table entry would show as a crash or an illegal move).
    #[test]
    fn parallel_searches_always_answer_legal_moves() {
        for game_id in GameId::ALL {
            let mut game = Game::new(Position::start(game_id));
            let mut main = Searcher::new(1 << 16); // small: many collisions between threads
            for _ in 0..12 {
                let pos = *game.position();
                if pos.legal_moves().is_empty() {
                    break;
                }
                let r = search(&mut main, 3, &game, &Limits::depth(4), &mut NoClock);
                let m = r.best.expect("a move");
                assert!(pos.legal_moves().contains(&m), "{}", pos.fen());
                game.play(&m);
            }
        }
    }

    /// A stop: the main search's environment says stop after a few polls.
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

    /// An infinite search of two threads ends when the main search is told to stop: the
    /// helpers (which have no limit of their own) stop with it, since `search` returns only
    /// once every thread has ended.
    #[test]
    fn a_stop_ends_every_thread() {
        for game_id in GameId::ALL {
            let game = Game::new(Position::start(game_id));
            let mut main = Searcher::new(1 << 20);
            let r = search(&mut main, 2, &game, &Limits::infinite(), &mut StopAfter(40));
            let m = r.best.expect("a move");
            assert!(game.position().legal_moves().contains(&m));
        }
    }

    /// A result of `depth` whose line is `pv` (the start position's legal moves).
    fn result(depth: u32, pv: Vec<baroque_engine::Move>) -> SearchResult {
        SearchResult {
            best: pv.first().copied(),
            ponder: None,
            score: baroque_engine::search::Score::Cp(0),
            depth,
            seldepth: depth,
            nodes: 0,
            time_ms: 0,
            pv,
            lines: Vec::new(),
        }
    }

    /// The first helper of the deepest completed iteration is played when it is deeper than
    /// the main search; never with several lines, a near-best choice or an empty line.
    #[test]
    fn the_deepest_thread_is_played() {
        let moves = Position::start(GameId::Omega).legal_moves();
        let m = |i: usize| vec![moves[i]];
        let one = Limits::depth(9);
        let main = result(6, m(0));
        let helped = [
            result(6, m(1)),
            result(7, m(2)),
            result(7, m(3)),
            result(5, m(4)),
        ];
        assert_eq!(deeper_helper(&main, &one, &helped), Some(1));
        assert_eq!(deeper_helper(&result(7, m(0)), &one, &helped), None);
        assert_eq!(deeper_helper(&main, &one, &[result(8, Vec::new())]), None);
        let lines = Limits { multipv: 2, ..one };
        assert_eq!(deeper_helper(&main, &lines, &helped), None);
        let near = Limits {
            near_best_cp: 30,
            ..one
        };
        assert_eq!(deeper_helper(&main, &near, &helped), None);
        // The search itself: a depth-limited parallel search reports the depth asked, and its
        // move is legal whichever thread it came from.
        let game = Game::new(Position::start(GameId::Hybrid));
        let mut s = Searcher::new(1 << 20);
        for _ in 0..3 {
            let r = search(&mut s, 2, &game, &Limits::depth(5), &mut NoClock);
            assert_eq!(r.depth, 5);
            assert!(game
                .position()
                .legal_moves()
                .contains(&r.best.expect("a move")));
            assert_eq!(r.pv.first(), r.best.as_ref());
        }
    }

    /// Keeps the last report it gets.
    #[derive(Default)]
    struct Last(Option<SearchInfo>);
    impl SearchEnv for Last {
        fn now_ms(&mut self) -> u64 {
            0
        }
        fn info(&mut self, info: &SearchInfo) {
            self.0 = Some(info.clone());
        }
    }

    /// The reports count the helpers' nodes: 1024 for each poll of a helper.
    #[test]
    fn reports_add_the_helpers_nodes() {
        let (done, nodes) = (AtomicBool::new(false), AtomicU64::new(0));
        let mut helper = HelperEnv {
            start: Instant::now(),
            done: &done,
            nodes: &nodes,
        };
        assert!(!helper.should_stop());
        assert!(!helper.should_stop());
        done.store(true, Ordering::Relaxed);
        assert!(helper.should_stop());
        assert_eq!(nodes.load(Ordering::Relaxed), 3 * POLL_NODES);
        let mut last = Last::default();
        let mut main = MainEnv {
            inner: &mut last,
            helper_nodes: &nodes,
        };
        let info = SearchInfo {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: baroque_engine::search::Score::Cp(12),
            nodes: 100,
            time_ms: 7,
            pv: Vec::new(),
            hashfull: 0,
        };
        main.info(&info);
        let seen = last.0.expect("a report");
        assert_eq!(seen.nodes, 100 + 3 * POLL_NODES);
        assert_eq!(seen.depth, 3);
    }
}
