//! Lazy SMP for the CLI (`Threads` in `baroque uci`, `threads=` in `baroque match`): the main
//! search runs on the calling thread and `threads − 1` helpers (`Searcher::helper`, sharing
//! its transposition table) on threads of their own, until the main search ends. The move,
//! score and reports are the main search's (its node counts are its own).

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Instant;

use baroque_engine::search::{Limits, SearchEnv, SearchResult, Searcher};
use baroque_engine::Game;

/// The most threads a search may use.
pub const MAX_THREADS: usize = 64;

/// A helper's view: a clock and the main search's end.
struct HelperEnv<'a> {
    start: Instant,
    done: &'a AtomicBool,
}

impl SearchEnv for HelperEnv<'_> {
    fn now_ms(&mut self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
    fn should_stop(&mut self) -> bool {
        self.done.load(Ordering::Relaxed)
    }
}

/// Searches `game` with `main` and `threads − 1` helpers; returns the main search's result.
/// With one thread this is `main.search` exactly.
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
    thread::scope(|s| {
        for h in helpers.iter_mut() {
            let done = &done;
            let limits = &helper_limits;
            s.spawn(move || {
                let mut env = HelperEnv {
                    start: Instant::now(),
                    done,
                };
                h.search(game, limits, &mut env);
            });
        }
        let result = main.search(game, limits, env);
        done.store(true, Ordering::Relaxed);
        result
    })
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
}
