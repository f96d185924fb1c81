//! The search allocates nothing per node (issue 37): after a first search has sized the
//! searcher's buffers, a deeper search of the same positions makes a bounded number of
//! allocations (the root's move list, the lines, each depth's report), however many nodes it
//! visits. An allocator that counts calls measures it; this file has one test so that no other
//! test's allocations run alongside.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use baroque_engine::bench::POSITIONS;
use baroque_engine::search::{Limits, NoClock, Searcher};
use baroque_engine::{Game, Position, RuleOptions};

/// The system allocator, counting allocation calls.
struct Counting;

static CALLS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only a counter is added.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        CALLS.fetch_add(1, Ordering::SeqCst);
        System.alloc(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        CALLS.fetch_add(1, Ordering::SeqCst);
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations a search may make besides its nodes: the root list and scores, the lines and
/// one report per depth (each with its principal variation).
const PER_SEARCH: usize = 200;

#[test]
fn the_search_allocates_nothing_per_node() {
    // One test (the counter is the process's: a second test running at the same time would
    // count its allocations here): the search as played, then with every technique of
    // `search::feature` on.
    allocates_nothing_per_node_with(None);
    allocates_nothing_per_node_with(Some(baroque_engine::search::feature::ALL));
}

fn allocates_nothing_per_node_with(features: Option<u32>) {
    for bench in POSITIONS.iter().take(12) {
        let pos = Position::from_fen(bench.game, bench.fen, RuleOptions::default()).expect("fen");
        let game = Game::new(pos);
        let mut s = Searcher::new(1 << 20);
        s.set_features(features);
        // The depth that searches more than 2,000 nodes (6, or deeper where the evaluation
        // prunes more), so that allocations per node would show.
        let depth = (6..=12)
            .find(|&d| {
                let nodes = s.search(&game, &Limits::depth(d), &mut NoClock).nodes;
                s.clear();
                nodes > 2_000
            })
            .unwrap_or(12);
        // Warm up: the buffers of every ply grow to their size.
        s.search(&game, &Limits::depth(depth), &mut NoClock);
        s.clear();
        let before = CALLS.load(Ordering::SeqCst);
        let r = s.search(&game, &Limits::depth(depth), &mut NoClock);
        let calls = CALLS.load(Ordering::SeqCst) - before;
        assert!(
            r.nodes > 2_000,
            "{} {}: only {} nodes",
            bench.game,
            bench.name,
            r.nodes
        );
        assert!(
            calls <= PER_SEARCH,
            "{} {}: {calls} allocations in a search of {} nodes",
            bench.game,
            bench.name,
            r.nodes
        );
    }
}
