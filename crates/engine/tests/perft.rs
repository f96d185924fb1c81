//! The perft harness: runs every record of every `tests/data/*.perft` file of the workspace.
//!
//! A file holds records separated by blank lines; lines starting with `#` are comments, and each
//! file must say where its numbers come from in a `# source:` line. A record is:
//!
//! ```text
//! # source: shared/rules/ultima.md §11
//! id ultima-start
//! game ultima
//! fen clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1
//! option immobilizer=pure          (zero or more)
//! perft 1 32
//! perft 2 944
//! ```
//!
//! A `perft` line whose node count exceeds the cap (environment variable
//! `BAROQUE_PERFT_MAX_NODES`, default 3,000,000) is skipped, not failed. An unknown game id, key,
//! option or a bad FEN fails the run.

use std::fs;
use std::path::PathBuf;

use baroque_engine::{perft, GameId, Position, RuleOptions};

mod common;
use common::records;

/// The default node cap per `perft` line.
const DEFAULT_MAX_NODES: u64 = 3_000_000;

/// One record of a perft file.
#[derive(Debug)]
struct Record {
    /// Where it was read: `file:line`.
    origin: String,
    id: String,
    game: GameId,
    fen: String,
    options: RuleOptions,
    /// (depth, expected nodes).
    counts: Vec<(u32, u64)>,
}

/// Parses the text of one perft file named `file` (the shared reader checks its keys).
fn parse(file: &str, text: &str) -> Result<Vec<Record>, String> {
    records::parse(file, text, &records::PERFT)?
        .iter()
        .map(perft_record)
        .collect()
}

/// The game, options and counts of one record of the shared reader.
fn perft_record(r: &records::Record) -> Result<Record, String> {
    let id = r.get("id").to_string();
    let game = r
        .get("game")
        .parse::<GameId>()
        .map_err(|e| format!("{}: record '{id}': unknown game id: {e}", r.origin()))?;
    let mut options = RuleOptions::DEFAULT;
    let mut counts = Vec::new();
    for f in &r.fields {
        let at = |msg: String| format!("{}: {msg}", r.at(f));
        match f.key {
            "option" => options
                .set_pair(game, &f.value)
                .map_err(|e| at(e.to_string()))?,
            "perft" => counts.push(records::perft_count(r, f)?),
            _ => {}
        }
    }
    Ok(Record {
        origin: r.origin(),
        id,
        game,
        fen: r.get("fen").to_string(),
        options,
        counts,
    })
}

/// Every record of every `*.perft` file, in file-name order.
fn all_records() -> Vec<Record> {
    let dir = records::data_dir();
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .perft files in {}", dir.display());
    let mut out = Vec::new();
    for f in files {
        let name = f
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let text = fs::read_to_string(&f).unwrap_or_else(|e| panic!("{name}: {e}"));
        match parse(&name, &text) {
            Ok(r) => out.extend(r),
            Err(e) => panic!("{e}"),
        }
    }
    out
}

fn max_nodes() -> u64 {
    match std::env::var("BAROQUE_PERFT_MAX_NODES") {
        Ok(v) => v
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("BAROQUE_PERFT_MAX_NODES must be a number, not '{v}'")),
        Err(_) => DEFAULT_MAX_NODES,
    }
}

/// What a run of some records did.
#[derive(Debug, Default)]
struct Outcome {
    /// Perft lines computed and compared.
    checked: usize,
    /// Perft lines above the cap.
    skipped: usize,
    /// One message per wrong count or unreadable FEN.
    failures: Vec<String>,
}

/// Runs `records`, skipping every count above `cap`.
fn run_records<'a>(records: impl IntoIterator<Item = &'a Record>, cap: u64) -> Outcome {
    let mut out = Outcome::default();
    for r in records {
        let pos = match Position::from_fen(r.game, &r.fen, r.options) {
            Ok(p) => p,
            Err(e) => {
                out.failures.push(format!("{} ({}): {e}", r.id, r.origin));
                continue;
            }
        };
        for &(depth, want) in &r.counts {
            if want > cap {
                eprintln!("skipped {} perft {depth} ({want} nodes > cap {cap})", r.id);
                out.skipped += 1;
                continue;
            }
            let got = perft::perft(&pos, depth);
            out.checked += 1;
            if got != want {
                out.failures.push(format!(
                    "{} ({}): perft {depth} = {got}, expected {want}",
                    r.id, r.origin
                ));
            }
        }
    }
    out
}

/// Runs every record of `game` under the cap; fails on any wrong count.
fn run_game(game: GameId) -> Outcome {
    let records = all_records();
    let out = run_records(records.iter().filter(|r| r.game == game), max_nodes());
    assert!(out.failures.is_empty(), "{}", out.failures.join("\n"));
    out
}

#[test]
fn every_perft_file_parses_with_known_games() {
    let records = all_records();
    assert!(!records.is_empty());
    let mut ids = std::collections::HashSet::new();
    for r in &records {
        assert!(
            ids.insert(r.id.clone()),
            "duplicate id {} ({})",
            r.id,
            r.origin
        );
    }
}

#[test]
fn ultima_perft() {
    assert!(
        run_game(GameId::Ultima).checked > 0,
        "no Ultima perft record was run"
    );
}

#[test]
fn omega_perft() {
    run_game(GameId::Omega);
}

#[test]
fn hybrid_perft() {
    run_game(GameId::Hybrid);
}

#[test]
fn parser_rejects_unknown_games_keys_and_options() {
    let ok = "# source: test\nid a\ngame ultima\nfen 7k/8/8/8/8/8/8/K7 w\noption suicide=off\nperft 1 3\n";
    let r = parse("t", ok).expect("valid record");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].counts, vec![(1, 3)]);
    assert!(!r[0].options.suicide);
    let bad = [
        ok.replace("game ultima", "game chess"),
        ok.replace("option suicide=off", "option suicide=maybe"),
        ok.replace("option suicide=off", "colour red"),
        ok.replace("perft 1 3", "perft one 3"),
        ok.replace("id a\n", ""),
        ok.replace("# source: test\n", ""),
    ];
    for text in bad {
        assert!(parse("t", &text).is_err(), "{text}");
    }
}

#[test]
fn records_above_the_cap_are_skipped_and_wrong_counts_fail() {
    let text = "# source: test\nid x\ngame ultima\nfen clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w\nperft 1 32\nperft 2 945\nperft 3 42762\n";
    let r = parse("t", text).expect("valid record");
    // Cap 1000: depth 3 is skipped, depth 2's wrong count is reported, depth 1 passes.
    let out = run_records(&r, 1000);
    assert_eq!((out.checked, out.skipped), (2, 1));
    assert_eq!(out.failures.len(), 1);
    assert!(
        out.failures[0].contains("perft 2 = 944, expected 945"),
        "{:?}",
        out.failures
    );
}
