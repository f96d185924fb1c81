//! Perft from an Omega position, timed: the move-generation benchmark of omega.md §10.
//!
//! `cargo run --release -p baroque-engine --example perft_omega -- <depth> [FEN]`
//! prints the node count, the time and the nodes per second (single thread).

use std::time::Instant;

use baroque_engine::{perft, GameId, Position, RuleOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|d| d.parse()) {
        None => 4,
        Some(Ok(d)) => d,
        Some(Err(e)) => {
            eprintln!("error: the depth must be a whole number: {e}");
            std::process::exit(2);
        }
    };
    let rest: Vec<String> = args.collect();
    let pos = if rest.is_empty() {
        Position::start(GameId::Omega)
    } else {
        match Position::from_fen(GameId::Omega, &rest.join(" "), RuleOptions::DEFAULT) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        }
    };
    let t = Instant::now();
    let nodes = perft::perft(&pos, depth);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "depth {depth}: {nodes} nodes in {secs:.3} s = {:.1} Mnodes/s",
        nodes as f64 / secs / 1e6
    );
}
