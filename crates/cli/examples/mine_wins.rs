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
//!
//! With `MINE_PGN=FILE` the positions come from game records instead of self-play (a
//! `baroque match --pgn-out` file, played without `--resign` so the games end on the board):
//! the winner's positions among the last `MINE_TAIL` plies (default 10) of each decisive game,
//! under the record's rule
//! options. The hybrid's self-play rarely gives a quiet short win; the ends of its match games
//! are full of them.

mod selfplay;
use selfplay::{board_key, existing, random_options, Rng};

use std::collections::HashSet;
use std::fs;
use std::process::ExitCode;

use baroque_engine::search::{Limits, NoClock, Score, SearchResult, Searcher};
use baroque_engine::{pgn, Color, Game, GameId, GameResult, Position};

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
    let (have, seen) = existing(&out);
    let header = format!(
        "# {} short wins mined from self-play and match records by crates/cli/examples/mine_wins.rs.\n\
         # id | FEN | rule options (- for the defaults) | first move (move text) | moves to win | source\n\
         # Each: the side to move wins (mate, or the King captured) in 2 or 3 of its moves with a quiet\n\
         # first move (no capture, promotion or check), proved by a full-width search (nothing pruned\n\
         # or reduced) to depth {PROOF_DEPTH}; no win in 1 move.\n",
        game_id.title()
    );
    let file = match selfplay::open_set(&out, have, &header) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut miner = Miner {
        prover: Searcher::new(32 << 20),
        scout: Searcher::new(16 << 20),
        prefix: game_id.as_str()[..1].to_uppercase(),
        seen,
        have,
        file,
        out,
    };
    miner.prover.set_selective(false);
    if let Ok(path) = std::env::var("MINE_PGN") {
        return match mine_records(&mut miner, game_id, &path, count) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        };
    }
    // How far from the best a self-play move may be (centipawns): more blunders, more wins.
    let near: u32 = env_number("MINE_NEAR", 60);
    // How long a self-play game may go (plies); Omega's games are long.
    let max_plies: usize = env_number("MINE_PLIES", MAX_PLIES);
    let mut player = Searcher::new(8 << 20);
    while miner.have < count {
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
            if ply >= FIRST_PLY {
                let source = format!("self-play seed {seed} ply {ply}");
                if let Err(e) = miner.consider(&game, &opt_text, &source) {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
                if miner.have >= count {
                    break;
                }
            }
            let Some(m) =
                selfplay::next_move(&mut player, &game, ply, RANDOM_PLIES, near, &mut rng)
            else {
                break;
            };
            game.play(&m);
        }
        eprintln!("seed {seed}: {}/{count}", miner.have);
        seed += 1;
    }
    ExitCode::SUCCESS
}

/// A number from the environment variable `name`, else `default`.
fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The searchers and the set being written.
struct Miner {
    prover: Searcher,
    scout: Searcher,
    prefix: String,
    seen: HashSet<String>,
    have: usize,
    file: fs::File,
    out: String,
}

impl Miner {
    /// Looks for a short win with a quiet first move in `game`'s position and appends it to the
    /// set when found (and not in the set already).
    fn consider(&mut self, game: &Game, opt_text: &str, source: &str) -> Result<(), String> {
        let pos = *game.position();
        let key = board_key(&pos.fen(), opt_text);
        if self.seen.contains(&key) {
            return Ok(());
        }
        let r = prove(&mut self.prover, &mut self.scout, game);
        if std::env::var_os("MINE_DEBUG").is_some() {
            eprintln!(
                "{source}: {:?} depth {} nodes {}",
                r.score, r.depth, r.nodes
            );
        }
        let (Score::Mate(n @ 2..=3), Some(first)) = (r.score, r.best) else {
            return Ok(());
        };
        let next = pos.play(&first);
        let quiet = !first.is_capture()
            && first.promotion.is_none()
            && !next.is_king_attacked(next.side_to_move());
        if !quiet || (r.depth as i32) < 2 * n - 1 {
            return Ok(());
        }
        self.have += 1;
        self.seen.insert(key);
        let line = format!(
            "{}W{} | {} | {opt_text} | {} | {n} | {source}; full-width depth {}: {} nodes\n",
            self.prefix,
            self.have,
            pos.fen(),
            pos.move_text(&first),
            r.depth,
            r.nodes,
        );
        selfplay::append(&mut self.file, &self.out, &line)
    }
}

/// Mines the decisive games of the PGN file `path` (a `baroque match --pgn-out` record, say):
/// the winner's positions among the last `MINE_TAIL` plies (default 10) before each game's end,
/// where the winner's attack is on the board.
fn mine_records(
    miner: &mut Miner,
    game_id: GameId,
    path: &str,
    count: usize,
) -> Result<(), String> {
    let tail: usize = env_number("MINE_TAIL", 10);
    let text = fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    // The source column names the record by its file name: where it lay is of no use later.
    let name = std::path::Path::new(path)
        .file_name()
        .map_or(path.into(), |n| n.to_string_lossy());
    let records = pgn::read(&text, game_id).map_err(|e| format!("{path}: {e}"))?;
    for (number, record) in records.iter().enumerate() {
        if !matches!(record.result, GameResult::White | GameResult::Black) {
            continue;
        }
        let played = &record.game;
        let opt_text = played.start().options().to_words(game_id);
        let moves = played.moves();
        let mut game = Game::new(*played.start());
        for (ply, m) in moves.iter().enumerate() {
            let winner_to_move = match record.result {
                GameResult::White => game.position().side_to_move() == Color::White,
                _ => game.position().side_to_move() == Color::Black,
            };
            if ply + tail >= moves.len() && winner_to_move {
                let source = format!("{name} game {} ply {ply}", number + 1);
                miner.consider(&game, &opt_text, &source)?;
                if miner.have >= count {
                    return Ok(());
                }
            }
            game.play(m);
        }
        eprintln!("game {}: {}/{count}", number + 1, miner.have);
    }
    Ok(())
}
