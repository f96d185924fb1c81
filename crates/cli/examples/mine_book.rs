//! Mines an opening book for `baroque sprt` (`tests/data/book-<game>.txt`): balanced positions
//! a few random plies from the start.
//!
//! ```text
//! cargo run --release -p baroque-cli --example mine_book -- GAME COUNT [SEED] [OUT] [NODES]
//! ```
//!
//! Each candidate is 6 to 12 random legal plies from the start position (in Ultima under rule
//! options drawn at random: each option its default half the time, and one of the 16 start
//! arrays a quarter of the time); a search of NODES nodes (default 20 000) from the position
//! must score it within ±50 cp for the side to move (no mate), and the position must be new
//! (board, side, options). The line is `id | FEN | options | score | source`, the columns of
//! the other sets (`crates/cli/src/sets.rs`); an existing OUT is extended (its positions are
//! not mined again), so runs with other seeds add to it.

mod selfplay;
use selfplay::{board_key, existing, random_options, Rng};

use std::io::Write;
use std::process::ExitCode;

use baroque_engine::games::spec as game_spec;
use baroque_engine::options::option_specs;
use baroque_engine::search::{Limits, NoClock, Score, Searcher};
use baroque_engine::{Game, GameId, Position, RuleOptions};

/// Fewest and most random plies from the start.
const MIN_PLIES: u64 = 6;
const MAX_PLIES: u64 = 12;
/// A position is kept when the search scores it within this (centipawns).
const BALANCED_CP: i32 = 50;

/// The start: the standard array, or (a quarter of the time, in a game with several) one
/// drawn from the game's start arrays.
fn start(game: GameId, rules: RuleOptions, rng: &mut Rng) -> Option<Position> {
    let arrays = game_spec(game).start_arrays;
    if arrays.len() > 1 && rng.below(4) == 0 {
        let a = &arrays[rng.below(arrays.len() as u64) as usize];
        return Position::from_fen(game, a.fen, rules).ok();
    }
    Some(Position::start_with(game, rules))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(game) = args.first().and_then(|g| g.parse::<GameId>().ok()) else {
        eprintln!("usage: mine_book GAME COUNT [SEED] [OUT] [NODES]");
        return ExitCode::from(2);
    };
    let count: usize = args.get(1).and_then(|c| c.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let out = args
        .get(3)
        .cloned()
        .unwrap_or_else(|| format!("tests/data/book-{}.txt", game.as_str()));
    let nodes: u64 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let (mut n, mut seen) = existing(&out);
    let header = format!(
        "# {game} opening book for `baroque sprt`, mined by crates/cli/examples/mine_book.rs.\n\
         # id | FEN | rule options (- for the defaults) | score (cp, side to move) | source\n\
         # Each: {MIN_PLIES}-{MAX_PLIES} random plies from the start, scored within ±{BALANCED_CP} cp by a {nodes}-node search.\n"
    );
    let mut file = match selfplay::open_set(&out, n, &header) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let prefix = match game {
        GameId::Ultima => "UB",
        GameId::Omega => "OB",
        _ => "HB",
    };
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut searcher = Searcher::new(16 << 20);
    let mut tried = 0u64;
    let mut added = 0;
    while added < count {
        tried += 1;
        let rules = if option_specs(game).is_empty() {
            RuleOptions::default()
        } else {
            random_options(game, &mut rng)
        };
        let Some(first) = start(game, rules, &mut rng) else {
            continue;
        };
        let plies = MIN_PLIES + rng.below(MAX_PLIES - MIN_PLIES + 1);
        let mut g = Game::new(first);
        let mut ok = true;
        for _ in 0..plies {
            let moves = g.position().legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            g.play(&m);
            if g.status().is_over() {
                ok = false;
                break;
            }
        }
        if !ok {
            continue;
        }
        let pos = *g.position();
        let fen = pos.fen();
        let words = match pos.options().to_words(game) {
            w if w.is_empty() => "-".to_string(),
            w => w,
        };
        if !seen.insert(board_key(&fen, &words)) {
            continue;
        }
        searcher.clear();
        let r = searcher.search(&Game::new(pos), &Limits::nodes(nodes), &mut NoClock);
        let Score::Cp(cp) = r.score else {
            continue;
        };
        if cp.abs() > BALANCED_CP {
            continue;
        }
        n += 1;
        added += 1;
        let _ = writeln!(
            file,
            "{prefix}{n} | {fen} | {words} | {cp} | seed {seed}, {plies} random plies"
        );
        if added % 100 == 0 {
            eprintln!("{added}/{count} kept of {tried} tried");
        }
    }
    eprintln!("{added} kept of {tried} tried; {n} in {out}");
    ExitCode::SUCCESS
}
