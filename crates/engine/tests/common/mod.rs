//! Helpers shared by the engine's integration tests.

pub mod records;

/// A small deterministic pseudo-random generator (xorshift64) for random positions and games:
/// no dependency, the same sequence on every run and platform.
pub struct Rng(pub u64);

#[allow(dead_code)]
impl Rng {
    /// A generator from any seed (zero is mapped to a non-zero state).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// True with the given chance in percent.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}
