//! The transposition table: scores, bounds and best moves of searched positions, keyed by the
//! Zobrist hash ([`crate::Position::hash`]). Its size is set by the caller in bytes.
//!
//! Each bucket holds two entries: one kept while its depth is the greater (or it is from an older
//! search), one always replaced. Mate scores are stored relative to the node, so a mate found
//! at one ply reads correctly at another (see [`score_to_tt`]).

use alloc::vec::Vec;
use core::sync::atomic::Ordering::Relaxed;
use core::sync::atomic::{AtomicU64, AtomicU8};

use crate::moves::Move;
use crate::piece::Role;

use super::{MATE, MATE_BOUND};

/// `key * n / 2^64` rounded down (the bucket of `key` among `n`), in 64-bit arithmetic: the
/// high half of the 64×32-bit product, `key`'s halves multiplied by `n` separately (the high one's
/// product plus the carry of the low one's stays below 2^64).
#[cfg_attr(target_pointer_width = "64", allow(dead_code))]
#[inline]
fn scale_small(key: u64, n: u32) -> u64 {
    let n = u64::from(n);
    ((key >> 32) * n + (((key & 0xffff_ffff) * n) >> 32)) >> 32
}

/// How the stored score bounds the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is at most the stored one (fail low).
    Upper,
    /// The true score is at least the stored one (fail high).
    Lower,
    /// The stored score is exact.
    Exact,
}

/// A move reduced to what identifies it among the legal moves of its position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PackedMove {
    from: u8,
    to: u8,
    /// Promotion role index + 1, 0 for none.
    promo: u8,
    /// 1 when present.
    some: u8,
}

impl PackedMove {
    /// No move.
    pub const NONE: PackedMove = PackedMove {
        from: 0,
        to: 0,
        promo: 0,
        some: 0,
    };

    /// Packs `m`.
    pub fn new(m: &Move) -> PackedMove {
        PackedMove {
            from: m.from.index() as u8,
            to: m.to.index() as u8,
            promo: m.promotion.map_or(0, |r| r.index() as u8 + 1),
            some: 1,
        }
    }

    /// Whether this names a move.
    pub fn is_some(&self) -> bool {
        self.some != 0
    }

    /// Whether `m` is the move this names.
    pub fn matches(&self, m: &Move) -> bool {
        self.some != 0
            && m.from.index() as u8 == self.from
            && m.to.index() as u8 == self.to
            && m.promotion.map_or(0, |r: Role| r.index() as u8 + 1) == self.promo
    }
}

/// What a probe finds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hit {
    /// The stored score, already adjusted to the probing ply.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// Its bound.
    pub bound: Bound,
    /// The best move found there, if any.
    pub mv: PackedMove,
}

impl Hit {
    /// Whether the stored score answers a search of window `alpha..beta` by its bound.
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i16,
    depth: i8,
    /// Bits 0–1: bound (0 = empty), bits 2–7: generation.
    meta: u8,
    mv: PackedMove,
}

impl Entry {
    fn is_empty(&self) -> bool {
        self.meta & 3 == 0
    }
    fn generation(&self) -> u8 {
        self.meta >> 2
    }
    /// Everything but the key, in one word.
    fn data(&self) -> u64 {
        let s = self.score.to_le_bytes();
        let m = self.mv;
        u64::from_le_bytes([
            s[0],
            s[1],
            self.depth as u8,
            self.meta,
            m.from,
            m.to,
            m.promo,
            m.some,
        ])
    }
    fn from_data(key: u64, data: u64) -> Entry {
        let b = data.to_le_bytes();
        Entry {
            key,
            score: i16::from_le_bytes([b[0], b[1]]),
            depth: b[2] as i8,
            meta: b[3],
            mv: PackedMove {
                from: b[4],
                to: b[5],
                promo: b[6],
                some: b[7],
            },
        }
    }
}

/// One entry as two words that threads may read and write at the same time without a lock:
/// the key is stored xor the data, so an entry torn by two writers (one word of each) fails
/// the key check instead of giving another position's data ("lockless hashing"). On a
/// single thread (the browser's worker) the atomics are plain loads and stores.
#[derive(Default)]
struct Slot {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn load(&self) -> Entry {
        let data = self.data.load(Relaxed);
        let key = self.key_xor_data.load(Relaxed) ^ data;
        Entry::from_data(key, data)
    }
    fn save(&self, e: &Entry) {
        let data = e.data();
        self.key_xor_data.store(e.key ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

const BUCKET: usize = 2;

/// The transposition table. Every method takes `&self`, so one table can be shared by the
/// threads of a parallel search (`Searcher::take_helpers`).
pub struct Table {
    entries: Vec<Slot>,
    buckets: usize,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `bytes` bytes (at least one bucket).
    pub fn new(bytes: usize) -> Table {
        let size = core::mem::size_of::<Slot>() * BUCKET;
        let buckets = (bytes / size).max(1);
        Table {
            entries: (0..buckets * BUCKET).map(|_| Slot::default()).collect(),
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        self.entries.iter().for_each(|e| e.save(&Entry::default()));
        self.generation.store(0, Relaxed);
    }

    /// Marks the start of a new search, so older entries give way first.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed);
        self.generation.store((g + 1) & 63, Relaxed);
    }

    fn bucket(&self, key: u64) -> usize {
        #[cfg(target_pointer_width = "64")]
        let b = (((key as u128) * (self.buckets as u128)) >> 64) as usize;
        // A 32-bit `usize` (WebAssembly) keeps the count of buckets below 2^32, and there the
        // 128-bit product would be a call of compiler-rt's `__multi3`.
        #[cfg(not(target_pointer_width = "64"))]
        let b = scale_small(key, self.buckets as u32) as usize;
        b * BUCKET
    }

    /// Looks `key` up; scores are returned relative to `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let b = self.bucket(key);
        self.entries[b..b + BUCKET]
            .iter()
            .map(Slot::load)
            .find(|e| !e.is_empty() && e.key == key)
            .map(|e| Hit {
                score: score_from_tt(i32::from(e.score), ply),
                depth: i32::from(e.depth),
                bound: match e.meta & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                },
                mv: e.mv,
            })
    }

    /// Stores a result found at `ply`.
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: PackedMove,
    ) {
        let b = self.bucket(key);
        let generation = self.generation.load(Relaxed);
        let slots = &self.entries[b..b + BUCKET];
        let bucket = [slots[0].load(), slots[1].load()];
        let meta = (generation << 2)
            | match bound {
                Bound::Upper => 1,
                Bound::Lower => 2,
                Bound::Exact => 3,
            };
        let depth = depth.clamp(-1, 120) as i8;
        // The same position: refresh it, keeping the old move when there is no new one.
        let slot = if let Some(i) = bucket.iter().position(|e| !e.is_empty() && e.key == key) {
            i
        } else if bucket[0].is_empty()
            || bucket[0].generation() != generation
            || depth >= bucket[0].depth
        {
            0
        } else {
            1
        };
        let old = bucket[slot];
        let mv = if mv.is_some() || old.key != key {
            mv
        } else {
            old.mv
        };
        if slot == 0 && bucket[1].is_empty() && !bucket[0].is_empty() && bucket[0].key != key {
            slots[1].save(&bucket[0]);
        }
        slots[slot].save(&Entry {
            key,
            score: score_to_tt(score, ply) as i16,
            depth,
            meta,
            mv,
        });
    }

    /// Permille of the sampled first entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        if n == 0 {
            return 0;
        }
        let generation = self.generation.load(Relaxed);
        let used = self.entries[..n]
            .iter()
            .map(Slot::load)
            .filter(|e| !e.is_empty() && e.generation() == generation)
            .count();
        (used * 1000 / n) as u32
    }
}

/// A score as stored: mate scores count plies from the stored node, not from the root.
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
    .clamp(-MATE, MATE)
}

/// The inverse of [`score_to_tt`].
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameId, Position};

    #[test]
    fn scale_small_is_the_high_half_of_the_product() {
        let mut key = 0x9E37_79B9_7F4A_7C15u64;
        for n in [1u32, 2, 3, 1000, 87_381, 1 << 20, u32::MAX - 1, u32::MAX] {
            for k in [0, 1, u64::MAX, 1 << 63, (1 << 32) - 1, key] {
                let want = ((u128::from(k) * u128::from(n)) >> 64) as u64;
                assert_eq!(scale_small(k, n), want, "{k:#x} × {n}");
            }
            key = key.rotate_left(17).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        }
    }

    #[test]
    fn stores_and_finds() {
        let t = Table::new(1 << 16);
        let pos = Position::start(GameId::Ultima);
        let m = pos.legal_moves()[3];
        t.store(42, 0, 5, 17, Bound::Exact, PackedMove::new(&m));
        let hit = t.probe(42, 0).expect("stored");
        assert_eq!((hit.score, hit.depth, hit.bound), (17, 5, Bound::Exact));
        assert!(hit.mv.matches(&m));
        assert!(!hit.mv.matches(&pos.legal_moves()[4]));
        assert!(t.probe(43, 0).is_none());
        t.clear();
        assert!(t.probe(42, 0).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        // Mate in 3 plies seen from ply 4 is mate in 7 plies from the root; read back at
        // ply 2 it is mate in 5.
        let root_score = MATE - 7;
        let stored = score_to_tt(root_score, 4);
        assert_eq!(stored, MATE - 3);
        assert_eq!(score_from_tt(stored, 2), MATE - 5);
        let lost = -MATE + 6;
        assert_eq!(score_from_tt(score_to_tt(lost, 3), 1), -MATE + 4);
        assert_eq!(score_to_tt(55, 9), 55);
    }

    #[test]
    fn keeps_the_deeper_entry_of_a_bucket() {
        let mut t = Table::new(64); // one or two buckets
        let keys: [u64; 3] = [1, 2, 3].map(|k: u64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        t.buckets = 1;
        t.store(keys[0], 0, 9, 1, Bound::Exact, PackedMove::NONE);
        t.store(keys[1], 0, 2, 2, Bound::Exact, PackedMove::NONE);
        t.store(keys[2], 0, 1, 3, Bound::Exact, PackedMove::NONE);
        assert_eq!(t.probe(keys[0], 0).map(|h| h.score), Some(1));
        assert_eq!(t.probe(keys[2], 0).map(|h| h.score), Some(3));
        assert!(t.probe(keys[1], 0).is_none());
        assert!(t.hashfull() > 0);
    }

    #[test]
    fn a_torn_entry_fails_the_key_check() {
        let t = Table::new(1 << 10);
        t.store(42, 0, 5, 17, Bound::Exact, PackedMove::NONE);
        let b = t.bucket(42);
        // Another writer's data word with this entry's key word: no hit, not a wrong one.
        let other = Entry {
            key: 43,
            score: -99,
            depth: 1,
            meta: 3,
            mv: PackedMove::NONE,
        };
        t.entries[b].data.store(other.data(), Relaxed);
        assert!(t.probe(42, 0).is_none());
        assert!(t.probe(43, 0).is_none());
    }
}
