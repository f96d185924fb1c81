//! `baroque bench DEPTH --iterations FILE`: how each iteration of the search grows on a set of
//! positions (`crate::sets`). Every position is searched to DEPTH with a fresh table, and the
//! report gives the nodes each iteration took and the largest growth from one iteration to the
//! next (from depth [`FROM_DEPTH`] on: the first iterations are too small to compare):
//!
//! ```text
//! hybrid HM12: depth 8, 508658 nodes, 2041 ms; iterations 563 210 596 … ; largest ×18.3 at depth 7
//! ...
//! positions 65: nodes 9370563, time 41234 ms; iterations growing more than ×8: 11; largest ×35.2 (hybrid HM15, depth 7)
//! ```
//!
//! Most iterations that explode find the score much lower or higher than the one before: the
//! root's aspiration window fails and is searched again, wider; the rest follow an iteration
//! that the table of the one before made small (docs/ai.md, "Iterations that explode").

use std::io::Write;

use baroque_engine::search::{Limits, SearchEnv, SearchInfo, Searcher};
use baroque_engine::{Game, GameId};

use crate::bench::WallClock;
use crate::error::CliError;
use crate::sets;

/// Growth is measured from this depth on.
pub const FROM_DEPTH: u32 = 5;
/// An iteration growing more than this many times the one before is counted as exploding.
pub const EXPLODES: f64 = 8.0;

/// The nodes at the end of each completed iteration.
struct Watch {
    clock: WallClock,
    nodes: Vec<u64>,
}

impl SearchEnv for Watch {
    fn now_ms(&mut self) -> u64 {
        self.clock.now_ms()
    }
    fn info(&mut self, info: &SearchInfo) {
        if info.multipv == 1 {
            self.nodes.push(info.nodes);
        }
    }
}

/// The nodes of each iteration from the running totals `totals`.
fn costs(totals: &[u64]) -> Vec<u64> {
    let mut last = 0;
    totals
        .iter()
        .map(|&n| {
            let c = n.saturating_sub(last);
            last = n;
            c
        })
        .collect()
}

/// The largest growth of one iteration over the one before, from [`FROM_DEPTH`] on, and the
/// depth of that iteration (`costs[i]` is depth `i + 1`).
fn largest_growth(costs: &[u64]) -> Option<(f64, u32)> {
    (FROM_DEPTH as usize..=costs.len())
        .filter(|&d| costs[d - 2] > 0)
        .map(|d| (costs[d - 1] as f64 / costs[d - 2] as f64, d as u32))
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

/// Runs the sets of `paths` to `depth` and writes the report, with the search techniques
/// `features` (`None`: each game's own).
pub fn run(
    paths: &[String],
    variant: Option<GameId>,
    depth: u32,
    tt_bytes: usize,
    features: Option<u32>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (mut count, mut nodes, mut time, mut exploding) = (0, 0u64, 0u64, 0);
    let mut worst: Option<(f64, String, u32)> = None;
    for path in paths {
        let (game, set) = sets::read("--iterations", path, variant)?;
        for e in set {
            let mut searcher = Searcher::new(tt_bytes);
            searcher.set_features(features);
            let mut watch = Watch {
                clock: WallClock::new(),
                nodes: Vec::new(),
            };
            let r = searcher.search(&Game::new(e.pos), &Limits::depth(depth), &mut watch);
            let ms = watch.clock.now_ms();
            let per = costs(&watch.nodes);
            let list: Vec<String> = per.iter().map(u64::to_string).collect();
            let growth = largest_growth(&per);
            let largest = match growth {
                Some((g, d)) => format!("largest ×{g:.1} at depth {d}"),
                None => "too few iterations to compare".into(),
            };
            writeln!(
                out,
                "{game} {}: depth {}, {} nodes, {ms} ms; iterations {}; {largest}",
                e.id,
                r.depth,
                r.nodes,
                list.join(" ")
            )?;
            count += 1;
            nodes += r.nodes;
            time += ms;
            if let Some((g, d)) = growth {
                if g > EXPLODES {
                    exploding += 1;
                }
                if worst.as_ref().is_none_or(|w| g > w.0) {
                    worst = Some((g, format!("{game} {}", e.id), d));
                }
            }
        }
    }
    let largest = worst.map_or(String::new(), |(g, id, d)| {
        format!("; largest ×{g:.1} ({id}, depth {d})")
    });
    writeln!(
        out,
        "positions {count}: nodes {nodes}, time {time} ms; iterations growing more than ×{EXPLODES}: {exploding}{largest}"
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_is_measured_between_iterations_from_depth_five() {
        let per = costs(&[10, 30, 100, 200, 400, 4400, 6400]);
        assert_eq!(per, [10, 20, 70, 100, 200, 4000, 2000]);
        // Depth 5 grew ×2, depth 6 ×20, depth 7 ×0.5.
        assert_eq!(largest_growth(&per), Some((20.0, 6)));
        assert_eq!(largest_growth(&per[..4]), None);
    }
}
