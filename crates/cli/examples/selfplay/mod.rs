//! What the miners (`mine_puzzles.rs`, `mine_wins.rs`) share: a seeded random generator, the
//! self-play move (random opening plies, then a shallow search among near-best moves) and the
//! line appended to a set's file.

use std::fs::{self, File, OpenOptions};
use std::io::Write;

use baroque_engine::search::{Limits, NoClock, Searcher};
use baroque_engine::{Game, Move};

/// A seeded random generator (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    /// The next random number.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The self-play move at `ply`: a random one for the first `random_plies`, then the depth-3
/// search's choice among moves within `near_cp` of the best. None when there is no move.
pub fn next_move(
    player: &mut Searcher,
    game: &Game,
    ply: usize,
    random_plies: usize,
    near_cp: u32,
    rng: &mut Rng,
) -> Option<Move> {
    let moves = game.position().legal_moves();
    if moves.is_empty() {
        return None;
    }
    if ply < random_plies {
        return Some(moves[(rng.next() % moves.len() as u64) as usize]);
    }
    let limits = Limits {
        near_best_cp: near_cp,
        ..Limits::depth(3)
    };
    player.search(game, &limits, &mut NoClock).best
}

/// Prints `line` and appends it to `file` (named `out` in the error).
pub fn append(file: &mut File, out: &str, line: &str) -> Result<(), String> {
    print!("{line}");
    file.write_all(line.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| format!("cannot write {out}: {e}"))
}

/// Opens the set `out` to append to, first writing `header` when the set is new (`have` 0).
pub fn open_set(out: &str, have: usize, header: &str) -> Result<File, String> {
    if have == 0 {
        fs::write(out, header).map_err(|e| format!("cannot write {out}: {e}"))?;
    }
    OpenOptions::new()
        .append(true)
        .open(out)
        .map_err(|e| format!("cannot open {out}: {e}"))
}
