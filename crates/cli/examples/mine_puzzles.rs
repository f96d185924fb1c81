//! Mines puzzles from self-play: positions where exactly one move wins clearly.
//!
//! ```text
//! cargo run --release -p baroque-cli --example mine_puzzles -- GAME COUNT [SEED] [OUT]
//! ```
//!
//! The engine plays itself (a few random opening moves, then depth-2 play that picks among
//! near-best moves (within 1.5 pawns, so it blunders now and then), so every seed gives a different game). At each position from the eighth
//! ply on, a two-line (MultiPV 2) search to depth [`PROBE_DEPTH`] looks for a *candidate*: the
//! best move scores at least [`WIN_CP`] (or mates), and the second best is at least
//! [`GAP_CP`] worse and itself no clear win. A candidate is *verified* by a deeper two-line
//! search to depth [`VERIFY_DEPTH`], which must find the same best move and the same gap.
//! Verified puzzles are appended to OUT (default `tests/data/mined-GAME.txt`, one line each:
//! `id | FEN | solution | goal | motif | source`) until COUNT are there, never twice the same
//! position. `scripts/mine-puzzles.sh` runs it for every game under `nice`.

mod selfplay;
use selfplay::Rng;

use std::collections::HashSet;
use std::fs;
use std::process::ExitCode;

use baroque_engine::search::{Limits, NoClock, Score, SearchResult, Searcher};
use baroque_engine::{Game, GameId, GameResult, Position};

/// Depth of the search that finds candidates.
const PROBE_DEPTH: u32 = 3;
/// Depth of the search that verifies them.
const VERIFY_DEPTH: u32 = 5;
/// The best move wins by at least this much (centipawns for the side to move) ...
const WIN_CP: i32 = 250;
/// ... and every other move is at least this much worse ...
const GAP_CP: i32 = 200;
/// ... and no better than this (so the other moves do not win too).
const OTHER_MAX_CP: i32 = 100;
/// Random opening plies, then plies of engine play per game.
const RANDOM_PLIES: usize = 4;
const MAX_PLIES: usize = 90;
/// Candidates are looked for from this ply on.
const FIRST_PLY: usize = 8;

/// A centipawn value for comparisons: mates beyond every material score, faster mates higher.
fn value(s: Score) -> i32 {
    match s {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    }
}

/// The goal and motif words of a verified puzzle, from its best line's score.
fn goal(s: Score) -> (String, String) {
    match s {
        Score::Mate(n) => (format!("mate {n}"), format!("forced mate in {n}")),
        Score::Cp(cp) => (
            "win".to_string(),
            format!(
                "the only move that wins clearly ({:+.1})",
                cp as f64 / 100.0
            ),
        ),
    }
}

/// Whether a two-line result shows exactly one clearly winning move.
fn unique_win(r: &SearchResult) -> bool {
    if r.lines.len() < 2 {
        return false;
    }
    let (best, second) = (value(r.lines[0].score), value(r.lines[1].score));
    best >= WIN_CP && second <= OTHER_MAX_CP && best - second >= GAP_CP
}

fn existing(out: &str) -> (usize, HashSet<String>) {
    let text = fs::read_to_string(out).unwrap_or_default();
    let mut seen = HashSet::new();
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        if let Some(fen) = line.split(" | ").nth(1) {
            seen.insert(board_key(fen));
            n += 1;
        }
    }
    (n, seen)
}

/// The FEN without its clocks: the same position reached at another move is the same puzzle.
fn board_key(fen: &str) -> String {
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(game_id) = args.first().and_then(|g| g.parse::<GameId>().ok()) else {
        eprintln!("usage: mine_puzzles GAME COUNT [SEED] [OUT]  (GAME: ultima, omega or hybrid)");
        return ExitCode::from(2);
    };
    let count: usize = args.get(1).and_then(|c| c.parse().ok()).unwrap_or(60);
    let mut seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let default_out = format!("tests/data/mined-{}.txt", game_id.as_str());
    let out = args.get(3).cloned().unwrap_or(default_out);
    let (mut have, mut seen) = existing(&out);
    let header = format!(
        "# {} puzzles mined from self-play by crates/cli/examples/mine_puzzles.rs\n\
         # (scripts/mine-puzzles.sh), default rule options.\n\
         # id | FEN | solution (move text) | goal | motif | source\n\
         # Each: a depth-{PROBE_DEPTH} MultiPV-2 search finds one move scoring >= {WIN_CP} cp (or \
         mating) with every other move >= {GAP_CP} cp worse and <= {OTHER_MAX_CP} cp; a \
         depth-{VERIFY_DEPTH} MultiPV-2 search confirms the same move and gap.\n",
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
    let mut player = Searcher::new(8 << 20);
    let mut judge = Searcher::new(16 << 20);
    while have < count {
        let mut rng = Rng(seed);
        player.clear();
        player.set_seed(seed);
        let mut game = Game::new(Position::start(game_id));
        for ply in 0..MAX_PLIES {
            if game.status().result != GameResult::Ongoing {
                break;
            }
            let pos = *game.position();
            if ply >= FIRST_PLY && !seen.contains(&board_key(&pos.fen())) {
                judge.clear();
                let probe = judge.search(
                    &game,
                    &Limits::depth(PROBE_DEPTH).with_multipv(2),
                    &mut NoClock,
                );
                if std::env::var_os("MINE_DEBUG").is_some() {
                    let v: Vec<i32> = probe.lines.iter().map(|l| value(l.score)).collect();
                    eprintln!("ply {ply}: {v:?}");
                }
                if unique_win(&probe) {
                    judge.clear();
                    let deep = judge.search(
                        &game,
                        &Limits::depth(VERIFY_DEPTH).with_multipv(2),
                        &mut NoClock,
                    );
                    if unique_win(&deep) && deep.lines[0].pv.first() == probe.lines[0].pv.first() {
                        let best = deep.lines[0].pv[0];
                        let (goal, motif) = goal(deep.lines[0].score);
                        have += 1;
                        seen.insert(board_key(&pos.fen()));
                        let line = format!(
                            "{prefix}M{have} | {} | {} | {goal} | {motif}: {} | self-play seed {seed} ply {ply}, depth {VERIFY_DEPTH}: {} vs next {}\n",
                            pos.fen(),
                            pos.move_text(&best),
                            pos.notation(&best),
                            value(deep.lines[0].score),
                            value(deep.lines[1].score),
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
            let Some(m) = selfplay::next_move(&mut player, &game, ply, RANDOM_PLIES, 40, &mut rng)
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
