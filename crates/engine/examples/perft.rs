//! Move-generation benchmark: `cargo run --release -p baroque-engine --example perft -- ultima 5
//! [--fen FEN] [--option name=value]... [--repeat N]` prints the node count, the best time of
//! the repeats and nodes per second (single thread).

use std::time::Instant;

use baroque_engine::{perft, GameId, Position, RuleOptions};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let game: GameId = args
        .next()
        .ok_or("usage: perft <game> <depth> [--fen FEN] [--option k=v]... [--repeat N]")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let depth: u32 = args
        .next()
        .ok_or("missing depth")?
        .parse()
        .map_err(|_| "depth must be a number")?;
    let mut fen = game.start_fen().to_string();
    let mut options = RuleOptions::DEFAULT;
    let mut repeat = 1u32;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--fen" => fen = args.next().ok_or("--fen needs a FEN")?,
            "--option" => options
                .set_pair(game, &args.next().ok_or("--option needs name=value")?)
                .map_err(|e| format!("{e}"))?,
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--repeat needs a number")?
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    let pos = Position::from_fen(game, &fen, options).map_err(|e| format!("{e}"))?;
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        nodes = perft::perft(&pos, depth);
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!(
        "{game} perft {depth}: {nodes} nodes in {best:.3} s, {:.2} Mnodes/s",
        nodes as f64 / best / 1e6
    );
    Ok(())
}
