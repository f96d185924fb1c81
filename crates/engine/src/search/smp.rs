//! Lazy SMP, the engine's side of a parallel search: helper searchers that share the main
//! searcher's transposition table and search the same position at the same time, each with
//! its own move-ordering tables, so that they fill the table with results the main search
//! then finds. The engine is `no_std` and spawns no threads: the caller runs
//! [`Searcher::search`] of the main searcher and of each helper on threads of its own (the CLI,
//! `crates/cli/src/smp.rs`), stops the helpers when the main search ends, and plays the main
//! search's move. The browser's worker uses one searcher, so nothing changes there.
//!
//! ```
//! use baroque_engine::search::{Limits, SearchEnv, Searcher};
//! use baroque_engine::{Game, GameId, Position};
//! struct NoClock;
//! impl SearchEnv for NoClock {
//!     fn now_ms(&mut self) -> u64 { 0 }
//! }
//! let game = Game::new(Position::start(GameId::Omega));
//! let mut main = Searcher::new(1 << 20);
//! let mut helper = main.helper(1);
//! // A helper's results land in the shared table: the main search then starts from them.
//! helper.search(&game, &Limits::depth(4), &mut NoClock);
//! let r = main.search(&game, &Limits::depth(4), &mut NoClock);
//! assert!(r.best.is_some());
//! ```

use super::Searcher;

/// The first iteration of thread `thread`: the main search (0) and the even helpers start at
/// depth 1, the odd helpers at depth 2, so that half of the helpers are one ply ahead of the
/// main search and the others search the same depths in a different order of events (the
/// depth skew of Lazy SMP).
pub fn first_depth(thread: u32) -> u32 {
    1 + (thread % 2)
}

impl Searcher {
    /// A helper for a parallel search: thread number `thread` (1 and up), sharing this
    /// searcher's transposition table, with its own evaluation cache, seed and move-ordering
    /// tables (a copy of this searcher's killers and history, so that it orders its first
    /// iterations as well as the main search does).
    pub fn helper(&self, thread: u32) -> Searcher {
        let mut h = Searcher::new(0);
        h.tt = alloc::sync::Arc::clone(&self.tt);
        h.heur = self.heur.clone();
        h.thread = thread.max(1);
        h.weights_override = self.weights_override;
        h.set_seed(self.seed ^ u64::from(thread));
        h
    }

    /// This searcher's thread number: 0 for a main search, 1 and up for a helper.
    pub fn thread(&self) -> u32 {
        self.thread
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_helpers_start_one_ply_deeper() {
        assert_eq!(first_depth(0), 1);
        assert_eq!(first_depth(1), 2);
        assert_eq!(first_depth(2), 1);
    }

    #[test]
    fn a_helper_shares_the_table() {
        let main = Searcher::new(1 << 16);
        let h = main.helper(3);
        assert!(alloc::sync::Arc::ptr_eq(&main.tt, &h.tt));
        assert_eq!(h.thread(), 3);
    }
}
