//! Lazy SMP for the CLI (`Threads` in `baroque uci`, `threads=` in `baroque match`): the main
//! search runs on the calling thread and `threads − 1` helpers (`Searcher::helper`, sharing
//! its transposition table) on threads of their own, until the main search ends. The move,
//! score and lines are the main search's; the node counts of its reports and result are those
//! of every thread (the helpers' counted live in steps of the engine's 1024-node poll, and
//! exactly in the result). A node limit (`go nodes`) counts the main search's nodes.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::Instant;

use baroque_engine::search::{Limits, SearchEnv, SearchInfo, SearchResult, Searcher};
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
/// with the nodes of every thread. With one thread this is `main.search` exactly.
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
    let mut helpers: Vec<Searcher> = (1..threads as u32).map(|i| main.helper(i)).collect();
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
                    h.search(game, limits, &mut env).nodes
                })
            })
            .collect();
        let mut main_env = MainEnv {
            inner: env,
            helper_nodes: &helper_nodes,
        };
        let result = main.search(game, limits, &mut main_env);
        done.store(true, Ordering::Relaxed);
        let helped: u64 = running.into_iter().map(|t| t.join().unwrap_or(0)).sum();
        (result, helped)
    });
    result.nodes += helped;
    result
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
