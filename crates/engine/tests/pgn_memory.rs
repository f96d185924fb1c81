//! The PGN writer's and reader's memory against the size of what they write and read (issue 26:
//! the writer took about 20 times a long comment's size, a 50 MB comment 1 GB). An allocator
//! that counts the bytes held measures the peak of each; this file has one test so that no
//! other test's allocations run alongside.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use baroque_engine::pgn::{self, GameTree};
use baroque_engine::{GameId, Position};

/// The system allocator, counting the bytes held now and the most held since the last reset.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only counters are added.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = HELD.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(held, Ordering::SeqCst);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::SeqCst);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes held above the start while `f` runs, and its value.
fn peak_of<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let base = HELD.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    let value = f();
    (PEAK.load(Ordering::SeqCst) - base, value)
}

#[test]
fn writing_and_reading_a_long_comment_take_a_few_times_its_size() {
    // 4 MB of five-letter words (800,000 words).
    let comment = "word ".repeat(800_000).trim_end().to_string();
    let size = comment.len();
    let mut tree = GameTree::new(Position::start(GameId::Ultima));
    let e5 = tree.play_text(None, "e2e5").expect("legal");
    tree.annotation_mut(e5).comment = comment;

    let (written, text) = peak_of(|| pgn::write_tree(&tree, &[], None));
    assert!(text.len() > size);
    // The text itself (a growing String: up to twice its length while it grows) and little
    // else; a word list took over 10 times the comment's size.
    assert!(
        written <= 3 * size,
        "the writer held {written} bytes for a {size}-byte comment"
    );

    let (read, games) = peak_of(|| pgn::read(&text, GameId::Ultima).expect("reads"));
    assert_eq!(games[0].tree, tree);
    assert!(
        read <= 3 * size,
        "the reader held {read} bytes for a {size}-byte comment"
    );
}
