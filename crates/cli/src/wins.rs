//! `baroque bench --wins FILE`: how fast the search finds the forced short wins of a set
//! (`tests/data/wins-<game>.txt`, written by `crates/cli/examples/mine_wins.rs`: `id | FEN |
//! options | first move | moves to win | source`). Each position gets one search, to the win's
//! plies and [`MARGIN`] more (or `--movetime MS`), and the report says at which depth, after how
//! many nodes and how long the search first scored the win (a mate, or the King's capture, in
//! at most the set's number of moves):
//!
//! ```text
//! ultima UW1 (win in 3): found at depth 4, 9041 nodes, 12 ms
//! ...
//! wins found: 11 of 11; nodes 412345, time 1234 ms to find them
//! ```
//!
//! The game is the file name's (`wins-omega.txt`) unless `--variant` names it.

use std::io::Write;

use baroque_engine::search::{Limits, Score, SearchEnv, SearchInfo, Searcher};
use baroque_engine::{Game, GameId, Position, RuleOptions};

use crate::bench::WallClock;
use crate::error::CliError;
use crate::sets;

/// Plies beyond the win's own that the search may take (as crates/engine/tests/short_wins.rs).
pub const MARGIN: u32 = 8;

/// One position of a set.
struct Entry {
    id: String,
    pos: Position,
    moves: i32,
}

/// Reads a set: the game from `variant` or the file's name.
fn read_set(path: &str, variant: Option<GameId>) -> Result<(GameId, Vec<Entry>), CliError> {
    let (game, rows) = sets::read("--wins", path, variant)?;
    let mut out = Vec::new();
    for row in rows {
        let bad = |why: String| CliError::usage(format!("--wins {path}, line {}: {why}", row.line));
        let [_, _, options, _, moves, _] = &row.fields[..] else {
            return Err(bad(
                "expected `id | FEN | options | first move | moves | source`".into(),
            ));
        };
        // A wins set's third column is always its rule options: a bad one is refused, not
        // read as a puzzle's solution (which `sets` takes with the default rules).
        RuleOptions::from_words(game, options).map_err(|e| bad(e.to_string()))?;
        let moves = moves
            .parse::<i32>()
            .ok()
            .filter(|m| (1..=20).contains(m))
            .ok_or_else(|| bad(format!("bad number of moves '{moves}'")))?;
        out.push(Entry {
            id: row.id,
            pos: row.pos,
            moves,
        });
    }
    Ok((game, out))
}

/// The search's reports, kept until the first that scores the win.
struct Watch {
    clock: WallClock,
    moves: i32,
    found: Option<(u32, u64, u64)>,
}

impl SearchEnv for Watch {
    fn now_ms(&mut self) -> u64 {
        self.clock.now_ms()
    }
    fn info(&mut self, info: &SearchInfo) {
        if self.found.is_none() && matches!(info.score, Score::Mate(n) if n > 0 && n <= self.moves)
        {
            let ms = self.clock.now_ms();
            self.found = Some((info.depth, info.nodes, ms));
        }
    }
    fn should_stop(&mut self) -> bool {
        self.found.is_some()
    }
}

/// Runs the sets of `paths` and writes the report, with the search techniques `features`
/// (`None`: each game's own).
pub fn run(
    paths: &[String],
    variant: Option<GameId>,
    movetime: Option<u64>,
    tt_bytes: usize,
    features: Option<u32>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (mut found, mut total, mut nodes, mut time) = (0, 0, 0u64, 0u64);
    for path in paths {
        let (game, set) = read_set(path, variant)?;
        for e in set {
            let depth = (2 * e.moves - 1) as u32 + MARGIN;
            let limits = match movetime {
                Some(ms) => Limits::movetime(ms),
                None => Limits::depth(depth),
            };
            let mut searcher = Searcher::new(tt_bytes);
            searcher.set_features(features);
            let mut watch = Watch {
                clock: WallClock::new(),
                moves: e.moves,
                found: None,
            };
            let r = searcher.search(&Game::new(e.pos), &limits, &mut watch);
            total += 1;
            match watch.found {
                Some((d, n, ms)) => {
                    found += 1;
                    nodes += n;
                    time += ms;
                    writeln!(
                        out,
                        "{game} {} (win in {}): found at depth {d}, {n} nodes, {ms} ms",
                        e.id, e.moves
                    )?;
                }
                None => writeln!(
                    out,
                    "{game} {} (win in {}): NOT found by depth {} ({:?}, {} nodes, {} ms)",
                    e.id,
                    e.moves,
                    r.depth,
                    r.score,
                    r.nodes,
                    watch.clock.now_ms()
                )?,
            }
        }
    }
    writeln!(
        out,
        "wins found: {found} of {total}; nodes {nodes}, time {time} ms to find them"
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_options_column_is_refused() {
        let dir = std::env::temp_dir().join(format!("baroque-wins-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("wins-ultima.txt");
        let fen = "7k/8/8/8/8/8/1i6/K7 w - - 0 1";
        std::fs::write(&path, format!("UW1 | {fen} | win:capture | a1a2 | 2 | x\n")).unwrap();
        let p = path.to_string_lossy().into_owned();
        let e = read_set(&p, None).err().expect("refused").to_string();
        assert!(e.contains("line 1"), "{e}");
        std::fs::write(&path, format!("UW1 | {fen} | win=capture | a1a2 | 2 | x\n")).unwrap();
        let (_, set) = read_set(&p, None).expect("read");
        assert_eq!(set.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
