//! Mines short forced wins from self-play: positions where the side to move wins (mates, or
//! captures the King where the rules say so) in two or three of its moves, and whose first move
//! is quiet (no capture, no promotion, no check), the wins that selective search can prune.
//!
//! ```text
//! cargo run --release -p baroque-cli --example mine_wins -- GAME COUNT [SEED] [OUT]
//! ```
//!
//! The engine plays itself as the puzzle miner does (random opening moves, then depth-3 play
//! among near-best moves; in Ultima each game under rule options drawn at random). At each
//! position a *full-width* search ([`Searcher::set_selective`] off: nothing pruned or reduced)
//! to 3 plies looks for a win in 2 moves, and where the ordinary search at [`SCOUT_DEPTH`] sees
//! the side to move ahead by [`SCOUT_CP`] or winning, one to [`PROOF_DEPTH`] plies for a win in 3
//! (a full-width search to 5 plies costs seconds on a crowded 10×10 board, too much for every
//! position); a win in 2 or 3 moves whose first move is quiet is written to OUT (default `tests/data/wins-GAME.txt`), one line each:
//! `id | FEN | options | first move | moves to win | source`. Since nothing was pruned, the win
//! is proved (the full-width tree within the depth holds it), so the set can test that the
//! ordinary search at a fixed depth finds every one (crates/engine/tests/short_wins.rs) and
//! `baroque bench --wins FILE` measures how fast it does.

mod selfplay;
use selfplay::Rng;

use std::collections::HashSet;
use std::fs;
use std::process::ExitCode;

use baroque_engine::options::option_specs;
use baroque_engine::search::{Limits, NoClock, Score, SearchResult, Searcher};
use baroque_engine::{Game, GameId, GameResult, Position, RuleOptions};

/// Depth (plies) of the full-width search that proves a win: three moves of the winner.
const PROOF_DEPTH: u32 = 5;
/// A full-width search that needs more nodes than this is given up (the position skipped).
const PROOF_NODES: u64 = 3_000_000;
/// Depth of the ordinary search that picks the positions worth a full-width search to
/// [`PROOF_DEPTH`] (which costs seconds where the board is crowded) ...
const SCOUT_DEPTH: u32 = 6;
/// ... when it scores the side to move at least this much (or finds a win).
const SCOUT_CP: i32 = 150;
/// Random opening plies, then plies of engine play per game.
const RANDOM_PLIES: usize = 4;
const MAX_PLIES: usize = 120;
/// Wins are looked for from this ply on.
const FIRST_PLY: usize = 6;

/// Rule options drawn at random (each option its default half the time).
fn random_options(game: GameId, rng: &mut Rng) -> RuleOptions {
    let mut o = RuleOptions::default();
    for spec in option_specs(game) {
        if rng.next() % 2 == 0 {
            let i = (rng.next() % spec.values.len() as u64) as usize;
            (spec.set)(&mut o, i);
        }
    }
    o
}

/// The FEN without its clocks: the same position reached at another move is the same entry.
fn board_key(fen: &str, options: &str) -> String {
    let board: Vec<&str> = fen.split(' ').take(4).collect();
    format!("{} {options}", board.join(" "))
}

fn existing(out: &str) -> (usize, HashSet<String>) {
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

/// A full-width search for a win: to 3 plies in every position (cheap), to [`PROOF_DEPTH`] where
/// the ordinary search at [`SCOUT_DEPTH`] sees the side to move well ahead or winning.
fn prove(prover: &mut Searcher, scout: &mut Searcher, game: &Game) -> SearchResult {
    prover.clear();
    let shallow = Limits {
        nodes: Some(PROOF_NODES),
        ..Limits::depth(3)
    };
    let r = prover.search(game, &shallow, &mut NoClock);
    if matches!(r.score, Score::Mate(n) if n > 0) {
        return r;
    }
    scout.clear();
    let look = scout.search(game, &Limits::depth(SCOUT_DEPTH), &mut NoClock);
    let promising = match look.score {
        Score::Cp(cp) => cp >= SCOUT_CP,
        Score::Mate(n) => n > 0,
    };
    if !promising {
        return r;
    }
    prover.clear();
    let deep = Limits {
        nodes: Some(PROOF_NODES),
        ..Limits::depth(PROOF_DEPTH)
    };
    prover.search(game, &deep, &mut NoClock)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(game_id) = args.first().and_then(|g| g.parse::<GameId>().ok()) else {
        eprintln!("usage: mine_wins GAME COUNT [SEED] [OUT]  (GAME: ultima, omega or hybrid)");
        return ExitCode::from(2);
    };
    let count: usize = args.get(1).and_then(|c| c.parse().ok()).unwrap_or(30);
    let mut seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let out = args
        .get(3)
        .cloned()
        .unwrap_or_else(|| format!("tests/data/wins-{}.txt", game_id.as_str()));
    let (mut have, mut seen) = existing(&out);
    let header = format!(
        "# {} short wins mined from self-play by crates/cli/examples/mine_wins.rs.\n\
         # id | FEN | rule options (- for the defaults) | first move (move text) | moves to win | source\n\
         # Each: the side to move wins (mate, or the King captured) in 2 or 3 of its moves with a quiet\n\
         # first move (no capture, promotion or check), proved by a full-width search (nothing pruned\n\
         # or reduced) to depth {PROOF_DEPTH}; no win in 1 move.\n",
        game_id.title()
    );
    let mut file = match selfplay::open_set(&out, have, &header) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let prefix = game_id.as_str()[..1].to_uppercase();
    // How far from the best a self-play move may be (centipawns): more blunders, more wins.
    let near: u32 = std::env::var("MINE_NEAR")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    // How long a self-play game may go (plies); Omega's games are long.
    let max_plies: usize = std::env::var("MINE_PLIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MAX_PLIES);
    let mut player = Searcher::new(8 << 20);
    let mut prover = Searcher::new(32 << 20);
    prover.set_selective(false);
    let mut scout = Searcher::new(16 << 20);
    while have < count {
        let mut rng = Rng(seed);
        let options = random_options(game_id, &mut rng);
        let opt_text = options.to_words(game_id);
        player.clear();
        player.set_seed(seed);
        let mut game = Game::new(Position::start_with(game_id, options));
        for ply in 0..max_plies {
            if game.status().result != GameResult::Ongoing {
                break;
            }
            let pos = *game.position();
            let key = board_key(&pos.fen(), &opt_text);
            if ply >= FIRST_PLY && !seen.contains(&key) {
                let r = prove(&mut prover, &mut scout, &game);
                if std::env::var_os("MINE_DEBUG").is_some() {
                    eprintln!(
                        "ply {ply}: {:?} depth {} nodes {}",
                        r.score, r.depth, r.nodes
                    );
                }
                if let (Score::Mate(n @ 2..=3), Some(first)) = (r.score, r.best) {
                    let next = pos.play(&first);
                    let quiet = !first.is_capture()
                        && first.promotion.is_none()
                        && !next.is_king_attacked(next.side_to_move());
                    if quiet && r.depth as i32 >= 2 * n - 1 {
                        have += 1;
                        seen.insert(key);
                        let line = format!(
                            "{prefix}W{have} | {} | {opt_text} | {} | {n} | self-play seed {seed} ply {ply}; full-width depth {}: {} nodes\n",
                            pos.fen(),
                            pos.move_text(&first),
                            r.depth,
                            r.nodes,
                        );
                        if let Err(e) = selfplay::append(&mut file, &out, &line) {
                            eprintln!("{e}");
                            return ExitCode::FAILURE;
                        }
                        if have >= count {
                            break;
                        }
                    }
                }
            }
            let Some(m) =
                selfplay::next_move(&mut player, &game, ply, RANDOM_PLIES, near, &mut rng)
            else {
                break;
            };
            game.play(&m);
        }
        eprintln!("seed {seed}: {have}/{count}");
        seed += 1;
    }
    ExitCode::SUCCESS
}
