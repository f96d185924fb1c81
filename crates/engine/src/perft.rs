//! Perft: the number of legal move sequences of a given length, the standard test and benchmark
//! of move generation. Draw rules are ignored (each rule file, "Reference counts").
//!
//! ```
//! use baroque_engine::{perft, GameId, Position};
//! let pos = Position::start(GameId::Hybrid);
//! assert_eq!(perft::perft(&pos, 1), 28);
//! ```

use alloc::vec::Vec;

use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Counts the leaf nodes of the legal move tree of depth `depth`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    perft_inner(pos, depth, &mut lists)
}

fn perft_inner(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = match lists.split_first_mut() {
        Some(x) => x,
        None => return 0,
    };
    pos.legal_moves_into(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for m in list.iter() {
        n += perft_inner(&pos.play(m), depth - 1, rest);
    }
    n
}

/// Perft split by root move: each legal root move with its count, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let root = pos.legal_moves();
    let mut lists: Vec<MoveList> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    root.iter()
        .map(|m| {
            let n = if depth <= 1 {
                1
            } else {
                perft_inner(&pos.play(m), depth - 1, &mut lists)
            };
            (*m, n)
        })
        .collect()
}
