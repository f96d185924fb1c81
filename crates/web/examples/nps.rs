//! Native search speed, to compare with the browser's worker: searches the start position of a
//! game for a fixed time with the same searcher and table size the worker uses, and prints one
//! JSON line. `cargo run --release -p baroque-web --example nps -- [variant] [ms]`.

use std::time::Instant;

use baroque_engine::search::{Limits, SearchEnv, Searcher};
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
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
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
    let r = s.search(&g, &Limits::movetime(ms), &mut Clock(Instant::now()));
    let took = start.elapsed().as_secs_f64();
    let nps = (r.nodes as f64 / took.max(1e-9)).round() as u64;
    println!(
        "{{\"variant\":\"{}\",\"ms\":{},\"nodes\":{},\"depth\":{},\"nps\":{}}}",
        game.as_str(),
        (took * 1000.0).round() as u64,
        r.nodes,
        r.depth,
        nps
    );
}
