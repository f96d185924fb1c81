//! What the miners (`mine_puzzles.rs`, `mine_wins.rs`, `mine_book.rs`) share: a seeded random
//! generator, rule options drawn at random, the self-play move (random opening plies, then a
//! shallow search among near-best moves), the positions a set holds already and the line
//! appended to a set's file.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::Write;

use baroque_engine::options::option_specs;
use baroque_engine::search::{Limits, NoClock, Searcher};
use baroque_engine::{Game, GameId, Move, RuleOptions};

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

    /// A number below `n` (0 when `n` is 0).
    #[allow(dead_code)] // not every miner draws bounded numbers
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Rule options drawn at random (each option its default half the time).
#[allow(dead_code)] // mine_puzzles plays the standard rules
pub fn random_options(game: GameId, rng: &mut Rng) -> RuleOptions {
    let mut o = RuleOptions::default();
    for spec in option_specs(game) {
        if rng.next() % 2 == 0 {
            let i = (rng.next() % spec.values.len() as u64) as usize;
            (spec.set)(&mut o, i);
        }
    }
    o
}

/// The FEN without its clocks, with the options: the same position reached at another move is
/// the same entry.
#[allow(dead_code)] // mine_puzzles keys by the FEN alone
pub fn board_key(fen: &str, options: &str) -> String {
    let board: Vec<&str> = fen.split(' ').take(4).collect();
    format!("{} {options}", board.join(" "))
}

/// How many positions the set `out` holds and their keys (`id | FEN | options | …` lines).
#[allow(dead_code)] // mine_puzzles keys by the FEN alone
pub fn existing(out: &str) -> (usize, HashSet<String>) {
    let text = fs::read_to_string(out).unwrap_or_default();
    let mut seen = HashSet::new();
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(" | ").collect();
        if f.len() > 2 {
            seen.insert(board_key(f[1], f[2]));
            n += 1;
        }
    }
    (n, seen)
}

/// The self-play move at `ply`: a random one for the first `random_plies`, then the depth-3
/// search's choice among moves within `near_cp` of the best. None when there is no move.
#[allow(dead_code)] // mine_book plays random plies only
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
#[allow(dead_code)] // mine_book writes its lines itself
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
