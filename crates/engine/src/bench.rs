//! The fixed benchmark: a set of positions of every game, each searched to a fixed depth, so
//! the node count is a signature of the search and nodes per second measure the machine.
//! `baroque bench` and the web page's benchmark both run it.
//!
//! ```
//! use baroque_engine::bench;
//! use baroque_engine::search::NoClock;
//! let lines = bench::run(1, 1 << 16, &mut NoClock);
//! assert_eq!(lines.len(), bench::POSITIONS.len());
//! ```

use alloc::vec::Vec;

use crate::game::Game;
use crate::moves::Move;
use crate::options::RuleOptions;
use crate::position::Position;
use crate::search::{Limits, SearchEnv, SearchInfo, SearchResult, Searcher};
use crate::GameId;

/// One benchmark position.
#[derive(Clone, Copy, Debug)]
pub struct BenchPosition {
    /// Its game.
    pub game: GameId,
    /// A short name.
    pub name: &'static str,
    /// Its FEN.
    pub fen: &'static str,
}

const fn at(game: GameId, name: &'static str, fen: &'static str) -> BenchPosition {
    BenchPosition { game, name, fen }
}

/// The benchmark positions: each start position, middle games reached in self-play, and
/// positions of the rule book.
pub const POSITIONS: &[BenchPosition] = &[
    at(
        GameId::Ultima,
        "start",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1",
    ),
    at(
        GameId::Omega,
        "start",
        "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
    ),
    at(
        GameId::Hybrid,
        "start",
        "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1",
    ),
    // Middle games from level-3 self-play (seeds 1 and 2), after 16 and 30 plies.
    at(
        GameId::Ultima,
        "middle-16",
        "c1xwkx1i/pp1p1p2/3l4/5P1p/4P1l1/5X1P/PLP3P1/ILXKW2C w - - 1 9",
    ),
    at(
        GameId::Ultima,
        "middle-30",
        "c1xw1k1i/p2pp1p1/2px1plP/PLIplPPC/4P3/3P4/2P1PL2/2XKWX2 w - - 11 16",
    ),
    at(
        GameId::Omega,
        "middle-16",
        "crn1qk1nrc/ppp1b1p1pp/3p3p2/9b/5p4/1P2p5/P1P7/1B4C1PP/3PPPPP2/CRN1QKBNR1[W/W/w/w] w KQkq - 5 9",
    ),
    at(
        GameId::Omega,
        "middle-30",
        "cr1b1kbn1c/8rp/1p1n5w/pqp1p1p1p1/3p1p1p2/2PP1P1C1P/1P2P1P3/1C1Q5W/P6PP1/1RNB1KBN1R[W/-/-/w] w Qq f7,f6 0 16",
    ),
    at(
        GameId::Hybrid,
        "middle-16",
        "ilwouuowli/rn1bqkbcnr/pp2ppp2p/3pa2pp1/10/1P3P2PP/7P1N/P1P1P1P3/RNABQKBC1R/ILWOUUOWLI w KQkq - 1 9",
    ),
    at(
        GameId::Hybrid,
        "middle-30",
        "ilw1uuo1li/r1a1qk3r/1p2pwpppp/2n6n/p1p4P2/P2o6/2N1Q1O3/1PPP2P1PP/R2BK1BC1R/ILW1UU+bWLI w kq - 0 16",
    ),
    // Positions of the rule book: its perft positions (tests/data/*.perft) and the first
    // puzzles of each game (tests/data/puzzles-*.txt), sparse endings full of captures.
    at(GameId::Ultima, "rules-vchess-1", "7k/5ppp/2L5/2l5/3cX3/8/PPP5/K7 w - - 0 1"),
    at(GameId::Ultima, "rules-vchess-2", "7k/8/8/c3pP2/2l5/8/X7/K7 w - - 0 1"),
    at(GameId::Ultima, "rules-vchess-3", "7k/8/8/p4c2/4K3/8/8/8 w - - 0 1"),
    at(GameId::Ultima, "rules-seed-a-pincer", "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1"),
    at(GameId::Ultima, "rules-seed-b-leaper", "k7/3c4/8/3l4/5w2/3p4/1pxL1pp1/7K w - - 0 1"),
    at(GameId::Ultima, "rules-seed-c-coordinator", "7k/8/2l5/8/3C4/2P5/2Kp1i2/8 w - - 0 1"),
    at(GameId::Ultima, "rules-seed-d-chameleon", "2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1"),
    at(GameId::Ultima, "puzzle-U1", "8/Pw1xL3/2P5/2p2k2/p7/6Kp/8/5P2 w - - 0 1"),
    at(GameId::Ultima, "puzzle-U2", "L1p2K2/2p2L2/3c3w/3p4/1kP5/1P6/6p1/8 w - - 0 1"),
    at(GameId::Ultima, "puzzle-U3", "2P5/5K2/6L1/8/3PLpw1/8/k1cp2p1/4p3 w - - 0 1"),
    at(GameId::Omega, "rules-ep-double-step", "1r3k2r1/pppp1pppp1/10/10/10/3p1p4/3pPp4/10/10/1R3K2R1[W/W/w/w] b KQkq e2 0 1"),
    at(GameId::Omega, "rules-ep-pinned-triple-step", "10/10/7k2/10/10/3pP5/3p1p4/10/1B8/5K4[-/-/-/-] b - e2,e3 0 1"),
    at(GameId::Hybrid, "rules-e1a-castling", "3l1k4/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1"),
    at(GameId::Hybrid, "rules-e1b-castling", "3l1k4/10/10/10/10/10/10/10/R4K3R/3N6 w KQ - 0 1"),
    at(GameId::Hybrid, "rules-e2-knight-promotion", "9k/10/5p4/10/4N5/10/10/10/10/K9 w - - 0 1"),
    at(GameId::Hybrid, "rules-e3-pawn-promotion", "k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1"),
    at(GameId::Hybrid, "rules-e4-cannon", "k9/10/3n6/10/3P6/10/3Z1p2Pp/10/3n6/9K w - - 0 1"),
    at(GameId::Hybrid, "rules-e5-pushme-pullyu", "k9/4b5/10/10/10/3pU3n1/10/10/10/K9 w - - 0 1"),
    at(GameId::Hybrid, "rules-e6-leaper-check", "k9/4l5/10/10/10/10/10/10/2N1K5/10 w - - 0 1"),
    at(GameId::Hybrid, "puzzle-H3", "10/10/3Lp3w1/4p5/10/rpp2P4/10/7P2/5L4/7K1k w - - 0 1"),
    // Worked examples of the Omega rule book (tests/data/omega-examples.txt).
    at(GameId::Omega, "example-triple-step-en-passant", "k9/4p1p3/10/5P4/7P2/10/10/10/10/K9[-/-/-/-] b - - 0 1"),
    at(GameId::Omega, "example-four-en-passant-captures", "k9/10/10/10/10/3p1p4/3p1p4/3p1p4/4P5/K9[-/-/-/-] w - - 0 1"),
    at(GameId::Omega, "example-en-passant-pin-on-a-rank", "5k4/10/10/3P6/1K1Pp3r1/10/10/10/10/10[-/-/-/-] w - e7,e6 0 2"),
    at(GameId::Omega, "example-wizard-forbids-short-castling", "4k5/10/10/10/10/10/10/10/10/1R3K2R1[w/w/-/-] w KQ - 0 1"),
    at(GameId::Hybrid, "puzzle-H4", "10/U9/3K5w/2P5r1/P1p7/6Up2/5p1p2/10/4k5/10 w - - 0 1"),
    // Puzzles mined from self-play (tests/data/mined-*.txt), the first two of each game: full
    // middle games with a tactic.
    at(GameId::Ultima, "mined-UM1", "1x1wkx1L/2p5/2p5/P4p2/I2P4/7l/4p1cP/3KXX1C w - - 0 24"),
    at(GameId::Ultima, "mined-UM2", "c1xwkxli/1p2ppp1/2p2I2/2L5/p1P5/6lp/P2PP1PP/1LXKWXC1 b - - 3 7"),
    at(GameId::Omega, "mined-OM1", "3kr3r1/pppp1b3n/3c2p1p1/1P2p5/4P2p1p/P3nP3P/BPR3P3/2C3wP2/N7P1/1RWK2c2C[-/W/-/-] w - - 1 40"),
    at(GameId::Omega, "mined-OM2", "1rn3b1rc/5nkp1p/c9/2p5p1/Q9/3p4P1/1P3P1b2/5q1C2/P3NN3P/CR1B1K2R1[W/W/w/w] w KQ - 0 22"),
    at(GameId::Hybrid, "mined-HM1", "ilwo1uow1i/r4kb2r/pppq1l4/1Inp1b1pcp/6p3/PPPP4PP/4uPQ3/6P3/RNABUKB2R/ILW2OOWL1 w KQkq - 0 26"),
    at(GameId::Hybrid, "mined-HM2", "1lw1uuowli/r1a1qkb2r/pp4p1pp/n2o4p1/2p1U5/P8P/3P2PBP1/1P4PP2/RNA2KB1NR/ILW2UOWLI b KQkq - 0 18"),
];

/// The default depth of `baroque bench`.
pub const DEFAULT_DEPTH: u32 = 8;

/// The result of one benchmark position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The position searched.
    pub position: BenchPosition,
    /// Nodes visited.
    pub nodes: u64,
    /// Depth completed.
    pub depth: u32,
    /// Milliseconds by the caller's clock.
    pub time_ms: u64,
    /// The move found.
    pub best: Option<Move>,
}

/// Wraps the caller's environment so the search sees a clock (for timing) but no reports.
struct Timed<'a>(&'a mut dyn SearchEnv);

impl SearchEnv for Timed<'_> {
    fn now_ms(&mut self) -> u64 {
        self.0.now_ms()
    }
    fn should_stop(&mut self) -> bool {
        self.0.should_stop()
    }
    fn info(&mut self, _info: &SearchInfo) {}
}

/// Searches every position of [`POSITIONS`] to `depth` with a fresh table of `tt_bytes`,
/// timing each with `env`'s clock. A position whose FEN the rules reject is skipped.
pub fn run(depth: u32, tt_bytes: usize, env: &mut dyn SearchEnv) -> Vec<BenchLine> {
    run_with(
        &Limits::depth(depth.max(1)),
        tt_bytes,
        env,
        &mut |s, game, limits, env| s.search(game, limits, env),
    )
}

/// A search of one position: the searcher, the game, the limits and the environment (a
/// parallel search of the CLI, or [`Searcher::search`] itself).
pub type SearchFn<'a> =
    dyn FnMut(&mut Searcher, &Game, &Limits, &mut dyn SearchEnv) -> SearchResult + 'a;

/// Searches every position of [`POSITIONS`] within `limits` by `search`, each with a fresh
/// searcher of a `tt_bytes` table, timing each with `env`'s clock. A position whose FEN the
/// rules reject is skipped.
pub fn run_with(
    limits: &Limits,
    tt_bytes: usize,
    env: &mut dyn SearchEnv,
    search: &mut SearchFn<'_>,
) -> Vec<BenchLine> {
    let mut out = Vec::new();
    for p in POSITIONS {
        let Ok(pos) = Position::from_fen(p.game, p.fen, RuleOptions::DEFAULT) else {
            continue;
        };
        let game = Game::new(pos);
        let mut searcher = Searcher::new(tt_bytes);
        let t0 = env.now_ms();
        let r = search(&mut searcher, &game, limits, &mut Timed(env));
        let t1 = env.now_ms();
        out.push(BenchLine {
            position: *p,
            nodes: r.nodes,
            depth: r.depth,
            time_ms: t1.saturating_sub(t0),
            best: r.best,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::NoClock;

    #[test]
    fn every_bench_fen_reads() {
        for p in POSITIONS {
            assert!(
                Position::from_fen(p.game, p.fen, RuleOptions::DEFAULT).is_ok(),
                "{} {}",
                p.game,
                p.name
            );
        }
    }

    #[test]
    fn bench_is_deterministic() {
        let a: Vec<u64> = run(2, 1 << 16, &mut NoClock)
            .iter()
            .map(|l| l.nodes)
            .collect();
        let b: Vec<u64> = run(2, 1 << 16, &mut NoClock)
            .iter()
            .map(|l| l.nodes)
            .collect();
        assert_eq!(a, b);
    }
}
