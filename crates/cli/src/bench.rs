//! `baroque bench [depth] [--movetime MS] [--hash MB] [--threads N]`: searches the engine's
//! fixed benchmark positions of every game (`baroque_engine::bench`) and prints, per position,
//! the depth, nodes, time and nodes per second, then the totals:
//!
//! ```text
//! ultima start: depth 8 nodes 81234 time 210 ms nps 386828 bestmove e2e5
//! ...
//! Nodes searched: 412345
//! Time (ms): 1234
//! Nodes/second: 334152
//! ```
//!
//! The node count at a given depth is a signature of the searched tree: the CLI test
//! `bench_prints_its_node_signature` pins it at depth 3.
//!
//! With `--movetime MS` each position is searched for that long instead of to a fixed depth,
//! which shows the depth reached in a given time. With `--threads N` each search is the CLI's
//! parallel search (`crate::smp`, as `Threads` in UCI): the nodes are every thread's, the depth
//! and move those of the search played, and the times against one thread's show the
//! time-to-depth gain. A parallel search is not deterministic: its node counts vary run to run.
//!
//! With `--wins FILE` (repeatable) it times the search on a set of forced short wins instead
//! (`crate::wins`): the depth, nodes and time at which each win is first found. With
//! `--iterations FILE` (repeatable) it searches each position of a set to the depth and reports
//! how each iteration grew over the one before (`crate::iterations`).

use std::io::Write;
use std::time::Instant;

use baroque_engine::bench::{self, BenchLine};
use baroque_engine::search::{Limits, SearchEnv};
use baroque_engine::{GameId, Position, RuleOptions};

use crate::error::CliError;
use crate::flags::{Arg, Flags};

/// The wall clock as the engine's search sees it.
pub struct WallClock(Instant);

impl WallClock {
    /// A clock starting now.
    pub fn new() -> WallClock {
        WallClock(Instant::now())
    }
}

impl SearchEnv for WallClock {
    fn now_ms(&mut self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

struct Options {
    depth: u32,
    movetime: Option<u64>,
    hash_mb: usize,
    threads: usize,
    /// Sets of short wins to time instead of the benchmark (`crate::wins`).
    wins: Vec<String>,
    /// Sets whose iterations to measure instead (`crate::iterations`).
    iterations: Vec<String>,
    variant: Option<GameId>,
    /// `--features MASK`: the search techniques on (`search::feature`; default each game's
    /// own), for the bench, `--wins` and `--iterations`.
    features: Option<u32>,
}

fn parse(argv: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        depth: bench::DEFAULT_DEPTH,
        movetime: None,
        hash_mb: 16,
        threads: 1,
        wins: Vec::new(),
        iterations: Vec::new(),
        variant: None,
        features: None,
    };
    let mut flags = Flags::new(argv);
    while let Some(arg) = flags.next() {
        match arg {
            Arg::Flag("--movetime") => o.movetime = Some(flags.number()?.max(1)),
            Arg::Flag("--wins") => o.wins.push(flags.value()?.to_string()),
            Arg::Flag("--iterations") => o.iterations.push(flags.value()?.to_string()),
            Arg::Flag("--variant") => {
                let v = flags.value()?;
                o.variant = Some(
                    v.parse::<GameId>()
                        .map_err(|e| CliError::usage(format!("bad --variant '{v}': {e}")))?,
                );
            }
            Arg::Flag("--features") => {
                let all = baroque_engine::search::feature::ALL;
                let n = flags.number()?;
                if n > u64::from(all) {
                    return Err(CliError::usage(format!(
                        "bad --features '{n}': expected a mask from 0 to {all}"
                    )));
                }
                o.features = Some(n as u32);
            }
            Arg::Flag("--hash") => {
                let mb = flags.number()?;
                if !(1..=4096).contains(&mb) {
                    return Err(CliError::usage(format!(
                        "bad --hash '{mb}': expected 1 to 4096 (MB)"
                    )));
                }
                o.hash_mb = mb as usize;
            }
            Arg::Flag("--threads") => {
                let n = flags.number()?;
                if !(1..=crate::smp::MAX_THREADS as u64).contains(&n) {
                    return Err(CliError::usage(format!(
                        "bad --threads '{n}': expected 1 to {}",
                        crate::smp::MAX_THREADS
                    )));
                }
                o.threads = n as usize;
            }
            Arg::Positional(d) => {
                let depth = d
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|d| (1..=64).contains(d));
                let depth = depth.ok_or_else(|| {
                    CliError::usage(format!(
                        "bad depth '{d}': expected a whole number from 1 to 64"
                    ))
                })?;
                o.depth = depth as u32;
            }
            Arg::Flag(_) => {
                return Err(CliError::usage(format!(
                    "unknown bench argument '{}'; use: \
                     bench [depth] [--movetime MS] [--hash MB] [--threads N] [--features MASK] \
                     [--wins FILE]... [--iterations FILE]... [--variant ID]",
                    flags.raw()
                )))
            }
        }
    }
    Ok(o)
}

/// Runs `baroque bench`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let o = parse(argv)?;
    let tt = o.hash_mb << 20;
    if !o.iterations.is_empty() {
        return crate::iterations::run(&o.iterations, o.variant, o.depth, tt, o.features, out);
    }
    if !o.wins.is_empty() {
        return crate::wins::run(&o.wins, o.variant, o.movetime, tt, o.features, out);
    }
    let mut clock = WallClock::new();
    let limits = match o.movetime {
        None => Limits::depth(o.depth),
        Some(ms) => Limits::movetime(ms),
    };
    let threads = o.threads;
    let features = o.features;
    let lines: Vec<BenchLine> = bench::run_with(&limits, tt, &mut clock, &mut |s, g, l, env| {
        if features.is_some() {
            s.set_features(features);
        }
        crate::smp::search(s, threads, g, l, env)
    });
    let mut nodes = 0u64;
    let mut time = 0u64;
    for l in &lines {
        nodes += l.nodes;
        time += l.time_ms;
        let best = match (
            l.best,
            Position::from_fen(l.position.game, l.position.fen, RuleOptions::DEFAULT),
        ) {
            (Some(m), Ok(p)) => p.move_text(&m),
            _ => "(none)".to_string(),
        };
        writeln!(
            out,
            "{} {}: depth {} nodes {} time {} ms nps {} bestmove {}",
            l.position.game,
            l.position.name,
            l.depth,
            l.nodes,
            l.time_ms,
            nps(l.nodes, l.time_ms),
            best
        )?;
    }
    writeln!(out, "Nodes searched: {nodes}")?;
    writeln!(out, "Time (ms): {time}")?;
    writeln!(out, "Nodes/second: {}", nps(nodes, time))?;
    Ok(())
}

fn nps(nodes: u64, ms: u64) -> u64 {
    nodes * 1000 / ms.max(1)
}
