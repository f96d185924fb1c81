//! Zobrist keys: the splitmix64 stream from a fixed seed, so every build and every platform
//! (native and wasm) hashes the same position to the same value.
//!
//! Key number `i` of the stream is a pure function of `i` (splitmix64's state after `i + 1`
//! steps is `SEED + (i + 1) × GOLDEN`), so the keys need no table: the wasm build computes each
//! key when asked (two multiplications), which keeps 43 KB of incompressible random numbers out
//! of the page's download; native builds read the same keys from a table computed at compile
//! time. The keys are numbered piece by piece and square by square, then the en passant
//! squares, the castling masks 1–15 and last the side to move.

use crate::geometry::{Square, MAX_SQUARES};
use crate::piece::Piece;

const SEED: u64 = 0x0000_BA09_0E5C_4E55;
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The number of the first en passant key, of the first castling key (mask 1) and of the
/// side-to-move key.
const EP: usize = Piece::COUNT * MAX_SQUARES;
const CASTLING: usize = EP + MAX_SQUARES;
const BLACK: usize = CASTLING + 15;
#[cfg(any(not(target_arch = "wasm32"), test))]
const COUNT: usize = BLACK + 1;

/// Key number `i` of the stream.
#[inline]
const fn key(i: usize) -> u64 {
    let mut z = SEED.wrapping_add((i as u64 + 1).wrapping_mul(GOLDEN));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(not(target_arch = "wasm32"))]
static KEYS: [u64; COUNT] = {
    let mut keys = [0u64; COUNT];
    let mut i = 0;
    while i < COUNT {
        keys[i] = key(i);
        i += 1;
    }
    keys
};

/// Key number `i`: from the table natively, computed in wasm.
#[inline]
fn nth(i: usize) -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        KEYS[i]
    }
    #[cfg(target_arch = "wasm32")]
    {
        key(i)
    }
}

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    nth(piece.index() * MAX_SQUARES + sq.index())
}

/// The key of an en passant square.
#[inline]
pub fn ep(sq: Square) -> u64 {
    nth(EP + sq.index())
}

/// The key of a castling-rights mask (4 bits; 0 has key 0).
#[inline]
pub fn castling(mask: u8) -> u64 {
    match mask & 15 {
        0 => 0,
        m => nth(CASTLING + m as usize - 1),
    }
}

/// The key XORed in when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    nth(BLACK)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed form gives the keys of the sequential splitmix64 stream the engine has
    /// always used (so hashes, tables and the bench signature are unchanged), native or wasm.
    #[test]
    fn keys_are_the_sequential_stream() {
        let mut state = SEED;
        for i in 0..COUNT {
            state = state.wrapping_add(GOLDEN);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            assert_eq!(key(i), z ^ (z >> 31), "key {i}");
            assert_eq!(nth(i), key(i), "key {i}");
        }
        assert_eq!(castling(0), 0);
        assert_eq!(castling(16), 0);
    }
}
