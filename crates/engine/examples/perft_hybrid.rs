//! Perft of the Chess–Ultima Hybrid, single thread, with the time and nodes per second:
//! `cargo run --release -p baroque-engine --example perft_hybrid -- <depth> [FEN] [--divide]`.

use std::time::Instant;

use baroque_engine::{perft, GameId, Position, RuleOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let divide = args.iter().any(|a| a == "--divide");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--divide").collect();
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
    let nodes = if divide {
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
