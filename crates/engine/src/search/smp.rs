//! The engine's side of a parallel search (Lazy SMP with ABDADA's deferral): helper searchers
//! that share the main searcher's transposition table and search the same position at the same
//! time, each with its own move-ordering tables and evaluation cache. The engine is `no_std`
//! and spawns no threads: the caller takes the helpers ([`Searcher::take_helpers`]), runs
//! [`Searcher::search`] of the main searcher and of each helper on threads of its own (the
//! CLI, `crates/cli/src/smp.rs`), stops the helpers when the main search ends, gives them back
//! ([`Searcher::put_helpers`]: they keep their tables for the next move) and plays the main
//! search's move, or a helper's deeper one. The browser's worker uses one searcher, so nothing
//! changes there.
//!
//! Two threads that search the same moves in the same order mostly repeat each other's work.
//! So the threads of one search also share a [`Busy`] table: a node of at least
//! [`DEFER_DEPTH`] plies marks each move while it searches it, and another thread that reaches
//! the same node puts such a move off until its other moves are done (the deferral of
//! ABDADA, "alpha-beta distributed with a distributed hash table"), where the other thread's
//! result usually waits for it in the transposition table. The first move of a node is never
//! put off, and a single searcher has no busy table, so its tree is unchanged.
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
//! let mut helpers = main.take_helpers(1);
//! // A helper's results land in the shared table: the main search then starts from them.
//! helpers[0].search(&game, &Limits::depth(4), &mut NoClock);
//! let r = main.search(&game, &Limits::depth(4), &mut NoClock);
//! main.put_helpers(helpers);
//! assert!(r.best.is_some());
//! ```

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::Searcher;
use crate::moves::Move;

/// The least depth at which a node marks the moves it searches, and puts off the ones another
/// thread is searching (below it the bookkeeping costs more than a repeated subtree).
pub const DEFER_DEPTH: i32 = 3;

/// Slots of the busy table (a power of two).
const BUSY_SLOTS: usize = 1 << 14;

/// The moves the threads of a parallel search are searching right now: one key (the node's hash
/// mixed with the move) per slot, written over by a newer one. A lost key only costs a repeated
/// subtree, a false one a move searched later than it could be: neither changes a result.
pub struct Busy {
    slots: Vec<AtomicU64>,
}

impl Default for Busy {
    fn default() -> Busy {
        Busy {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Busy {
    /// The key of move `m` in the node of hash `hash` (never 0, which marks a free slot).
    pub fn key(hash: u64, m: &Move) -> u64 {
        let code = (m.from.index() as u64) | (m.to.index() as u64) << 8;
        let code = code | m.promotion.map_or(0, |r| r.index() as u64 + 1) << 16;
        let key = hash ^ code.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        key.max(1)
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 32) as usize & (BUSY_SLOTS - 1)]
    }

    /// Whether another thread is searching the move of `key`.
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    /// Marks the move of `key` as being searched.
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// Clears the mark of `key` (unless a newer key took its slot).
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

/// The first iteration of thread `thread`: the main search (0) and the even helpers start at
/// depth 1, the odd helpers at depth 2, so that half of the helpers are one ply ahead of the
/// main search and the others search the same depths in a different order of events (the
/// depth skew of Lazy SMP).
pub fn first_depth(thread: u32) -> u32 {
    1 + (thread % 2)
}

impl Searcher {
    /// A helper for a parallel search: thread number `thread` (1 and up), sharing this
    /// searcher's transposition table and busy table, with its own evaluation cache, seed and
    /// move-ordering tables (a copy of this searcher's killers and history, so that it orders
    /// its first iterations as well as the main search does).
    fn helper(&mut self, thread: u32) -> Searcher {
        let busy = Arc::clone(self.busy.get_or_insert_with(Arc::default));
        let mut h = Searcher::new(0);
        h.tt = Arc::clone(&self.tt);
        h.busy = Some(busy);
        h.heur = self.heur.clone();
        h.thread = thread.max(1);
        h.weights_override = self.weights_override;
        h.features_override = self.features_override;
        h.set_seed(self.seed ^ u64::from(thread));
        h
    }

    /// The `n` helpers of a parallel search, numbered from 1: the ones kept from the last
    /// search ([`Searcher::put_helpers`]) while they still share this searcher's table, new
    /// ones ([`Searcher::helper`]) for the rest. Give them back after the search.
    pub fn take_helpers(&mut self, n: usize) -> Vec<Searcher> {
        let mut kept = core::mem::take(&mut self.helpers);
        kept.retain(|h| Arc::ptr_eq(&h.tt, &self.tt));
        kept.truncate(n);
        for h in &mut kept {
            h.weights_override = self.weights_override;
            h.features_override = self.features_override;
        }
        while kept.len() < n {
            let h = self.helper(kept.len() as u32 + 1);
            kept.push(h);
        }
        kept
    }

    /// Keeps `helpers` (from [`Searcher::take_helpers`]) for the next parallel search, with
    /// their move-ordering tables and evaluation caches.
    pub fn put_helpers(&mut self, helpers: Vec<Searcher>) {
        self.helpers = helpers;
    }

    /// This searcher's thread number: 0 for a main search, 1 and up for a helper.
    pub fn thread(&self) -> u32 {
        self.thread
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Square, SquareSet};
    use crate::piece::Role;

    #[test]
    fn odd_helpers_start_one_ply_deeper() {
        assert_eq!(first_depth(0), 1);
        assert_eq!(first_depth(1), 2);
        assert_eq!(first_depth(2), 1);
    }

    #[test]
    fn a_helper_shares_the_tables() {
        let mut main = Searcher::new(1 << 16);
        assert!(main.busy.is_none(), "one searcher defers nothing");
        let h = main.helper(3);
        assert!(Arc::ptr_eq(&main.tt, &h.tt));
        assert!(Arc::ptr_eq(
            main.busy.as_ref().expect("busy"),
            h.busy.as_ref().expect("busy")
        ));
        assert_eq!(h.thread(), 3);
    }

    /// Helpers given back are taken again; a new table (`resize`) or a new game (`clear`) gives
    /// new ones.
    #[test]
    fn helpers_are_kept_while_they_share_the_table() {
        let mut main = Searcher::new(1 << 16);
        let mut hs = main.take_helpers(2);
        assert_eq!(hs.iter().map(Searcher::thread).collect::<Vec<_>>(), [1, 2]);
        hs[0].set_seed(99);
        main.put_helpers(hs);
        let hs = main.take_helpers(3);
        assert_eq!(hs.len(), 3);
        assert_eq!(hs[0].seed, 99, "kept");
        assert_eq!(hs[2].thread(), 3);
        main.put_helpers(hs);
        main.resize(1 << 16);
        let hs = main.take_helpers(1);
        assert!(Arc::ptr_eq(&main.tt, &hs[0].tt));
        assert_ne!(hs[0].seed, 99, "new");
        main.put_helpers(hs);
        main.clear();
        assert!(main.take_helpers(0).is_empty());
    }

    #[test]
    fn busy_marks_come_and_go() {
        let busy = Busy::default();
        let m = Move::new(
            Role::Chameleon,
            Square::from_index(1),
            Square::from_index(21),
            SquareSet::EMPTY,
        );
        let k = Busy::key(0x1234_5678_9abc_def0, &m);
        assert_ne!(k, 0);
        assert!(!busy.is_busy(k));
        busy.enter(k);
        assert!(busy.is_busy(k));
        busy.leave(k);
        assert!(!busy.is_busy(k));
        let other = Busy::key(0x1234_5678_9abc_def1, &m);
        assert_ne!(k, other);
    }
}
