//! Native search speed, to compare with the browser's worker: searches the start position of a
//! game with the limits of a play level (default 6: one second) and the table size the worker
//! uses, and prints one JSON line.
//! `cargo run --release -p baroque-web --example nps -- [variant] [level]`.

use std::time::Instant;

use baroque_engine::search::{Level, SearchEnv, Searcher};
use baroque_engine::{Game, GameId, Position};

struct Clock(Instant);

impl SearchEnv for Clock {
    fn now_ms(&mut self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = args.next().unwrap_or_else(|| "ultima".into());
    let level = args
        .next()
        .map(|a| a.parse::<u8>().ok().and_then(Level::get))
        .unwrap_or(Level::get(6));
    let Some(level) = level else {
        eprintln!("error: the level must be a number from 1 to {}", Level::MAX);
        std::process::exit(2);
    };
    let game = match variant.parse::<GameId>() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let g = Game::new(Position::start(game));
    let mut s = Searcher::new(16 << 20);
    let start = Instant::now();
    let r = s.search(&g, &level.limits(), &mut Clock(Instant::now()));
    let took = start.elapsed().as_secs_f64();
    let nps = (r.nodes as f64 / took.max(1e-9)).round() as u64;
    println!(
        "{{\"variant\":\"{}\",\"level\":{},\"ms\":{},\"nodes\":{},\"depth\":{},\"nps\":{}}}",
        game.as_str(),
        level.number,
        (took * 1000.0).round() as u64,
        r.nodes,
        r.depth,
        nps
    );
}
