//! Plays won endings out, the engine against itself: does the side that should win, win?
//!
//! ```text
//! cargo run --release -p baroque-cli --example endings -- [NODES] [FILE] [WEIGHT=VALUE...]
//! ```
//!
//! Each position of FILE (default `tests/data/endings.txt`: `id | game | FEN | options | what`)
//! is played by the engine on both sides at NODES nodes a move (default 100,000; deterministic,
//! so the figures do not depend on the machine's load) until the game ends or 150 moves (300
//! plies) have been played. Prints, per position, the result and the moves it took, then how
//! many were won. `mop_up=0` (any evaluation weight, as `baroque match` names them) plays with
//! that weight changed, to compare (docs/ai.md, "Won endings").

use std::fs;
use std::process::ExitCode;

use baroque_engine::search::eval::Weights;
use baroque_engine::search::{Limits, NoClock, Searcher};
use baroque_engine::{Color, Game, GameId, GameResult, Position, RuleOptions};

/// Plies after which a won ending counts as not converted.
const MAX_PLIES: usize = 300;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let file = args
        .get(1)
        .filter(|a| !a.contains('='))
        .cloned()
        .unwrap_or_else(|| "tests/data/endings.txt".into());
    let text = match fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let changes: Vec<(&str, i32)> = args
        .iter()
        .filter_map(|a| a.split_once('='))
        .filter_map(|(n, v)| Some((n, v.parse().ok()?)))
        .collect();
    let (mut won, mut total, mut plies_won) = (0, 0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [id, game, fen, options, what] = f[..] else {
            eprintln!("{file}: not `id | game | FEN | options | what`: {line}");
            return ExitCode::FAILURE;
        };
        let Ok(game_id) = game.parse::<GameId>() else {
            eprintln!("{id}: unknown game {game}");
            return ExitCode::FAILURE;
        };
        let rules = match RuleOptions::from_words(game_id, options) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{id}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let start = match Position::from_fen(game_id, fen, rules) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{id}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let mut weights = Weights::for_game(game_id);
        for (n, v) in &changes {
            if !weights.set(n, *v) {
                eprintln!("unknown weight {n}");
                return ExitCode::from(2);
            }
        }
        let winner = start.side_to_move();
        let mut searcher = Searcher::new(32 << 20);
        searcher.set_weights(Some(weights));
        let mut g = Game::new(start);
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let mut ply = 0;
        while ply < MAX_PLIES && g.status().result == GameResult::Ongoing {
            let Some(m) = searcher.search(&g, &limits, &mut NoClock).best else {
                break;
            };
            g.play(&m);
            ply += 1;
        }
        let status = g.status();
        let ok = status.result
            == match winner {
                Color::White => GameResult::White,
                Color::Black => GameResult::Black,
            };
        total += 1;
        if ok {
            won += 1;
            plies_won += ply;
        }
        println!(
            "{id} {game}: {} in {} moves ({:?}) — {what}",
            if ok { "won" } else { "NOT won" },
            ply.div_ceil(2),
            status.reason,
        );
    }
    println!(
        "won {won} of {total}; {:.1} moves on average where won",
        if won > 0 {
            plies_won as f64 / 2.0 / won as f64
        } else {
            0.0
        }
    );
    ExitCode::SUCCESS
}
