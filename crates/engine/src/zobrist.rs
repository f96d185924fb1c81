//! Zobrist keys, generated at compile time by splitmix64 from a fixed seed, so every build and
//! every platform (native and wasm) hashes the same position to the same value.

use crate::geometry::{Square, MAX_SQUARES};
use crate::piece::Piece;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

struct Keys {
    piece_square: [[u64; MAX_SQUARES]; Piece::COUNT],
    ep: [u64; MAX_SQUARES],
    castling: [u64; 16],
    black_to_move: u64,
}

const fn build() -> Keys {
    let mut state = 0x0000_BA09_0E5C_4E55_u64;
    let mut piece_square = [[0u64; MAX_SQUARES]; Piece::COUNT];
    let mut p = 0;
    while p < Piece::COUNT {
        let mut s = 0;
        while s < MAX_SQUARES {
            let (ns, v) = splitmix(state);
            state = ns;
            piece_square[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let mut ep = [0u64; MAX_SQUARES];
    let mut s = 0;
    while s < MAX_SQUARES {
        let (ns, v) = splitmix(state);
        state = ns;
        ep[s] = v;
        s += 1;
    }
    let mut castling = [0u64; 16];
    let mut c = 1;
    while c < 16 {
        let (ns, v) = splitmix(state);
        state = ns;
        castling[c] = v;
        c += 1;
    }
    let (_, black_to_move) = splitmix(state);
    Keys {
        piece_square,
        ep,
        castling,
        black_to_move,
    }
}

static KEYS: Keys = build();

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.piece_square[piece.index()][sq.index()]
}

/// The key of an en passant square.
#[inline]
pub fn ep(sq: Square) -> u64 {
    KEYS.ep[sq.index()]
}

/// The key of a castling-rights mask (4 bits; 0 has key 0).
#[inline]
pub fn castling(mask: u8) -> u64 {
    KEYS.castling[(mask & 15) as usize]
}

/// The key XORed in when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS.black_to_move
}
