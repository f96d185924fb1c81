//! Perft of the Chess–Ultima Hybrid, single thread, with the time and nodes per second:
//! `cargo run --release -p baroque-engine --example perft_hybrid -- <depth> [FEN] [--divide] [--slow]`.
//!
//! `--slow` counts with the rule book's definition of check (hybrid.md §9.1: generate every
//! opponent move and look for one that removes the King) instead of the quick attack test, to
//! cross-check the generator.

use std::time::Instant;

use baroque_engine::{perft, GameId, MoveList, Position, RuleOptions};

/// Perft with legality decided by `Position::is_king_attacked_slow`.
fn slow_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let us = pos.side_to_move();
    let mut pseudo = MoveList::new();
    pos.pseudo_moves_for(us, &mut pseudo);
    pseudo
        .iter()
        .map(|m| pos.play(m))
        .filter(|next| !next.is_king_attacked_slow(us))
        .map(|next| slow_perft(&next, depth - 1))
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let divide = args.iter().any(|a| a == "--divide");
    let slow = args.iter().any(|a| a == "--slow");
    let rest: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let depth: u32 = match rest.first().map(|d| d.parse()) {
        Some(Ok(d)) => d,
        None => 4,
        Some(Err(_)) => {
            eprintln!("error: the depth must be a whole number");
            std::process::exit(2);
        }
    };
    let pos = match rest.get(1) {
        None => Position::start(GameId::Hybrid),
        Some(fen) => match Position::from_fen(GameId::Hybrid, fen, RuleOptions::DEFAULT) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        },
    };
    let start = Instant::now();
    let nodes = if slow {
        slow_perft(&pos, depth)
    } else if divide {
        let mut total = 0;
        for (m, n) in perft::divide(&pos, depth) {
            println!("{}: {n}", pos.move_text(&m));
            total += n;
        }
        total
    } else {
        perft::perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "depth {depth}: {nodes} nodes in {secs:.3} s, {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
}
