//! `baroque sprt`: the test bench. Plays game pairs (one opening of the game's book, colours
//! swapped) between two players, several pairs at once, and stops by a sequential
//! probability ratio test on the pentanomial pair results, as fishtest does.
//!
//! ```text
//! baroque sprt [--variant ID] [--nodes N | --movetime MS] [--base PATH] [--a SPEC] [--b SPEC]
//!              [--concurrency N] [--elo0 E] [--elo1 E] [--alpha A] [--beta B]
//!              [--model logistic|normalized] [--max-pairs N] [--book FILE] [--seed S]
//!              [--hash MB] [--max-plies P] [--resign …] [--draw …] [--quiet]
//! ```
//!
//! A is this build's engine (`--a`, default `nodes=N` or `movetime=MS`), B the same limits
//! in the engine at `--base PATH` (another `baroque` binary, spoken to over UCI), or `--b`.
//! Each worker thread (`--concurrency`, default 2) keeps its own two players and plays one
//! pair at a time; the openings come from the book (`tests/data/book-<game>.txt`, shuffled by
//! the seed; each position carries its rule options) in turn, each at most once: at fixed nodes a
//! game is a function of its opening and its players, so a pair from a used opening would
//! replay an earlier one move for move and count it twice (the test stops when the book is used
//! up, at most `--max-pairs`). After each pair one line gives
//! the pairs, the pentanomial counts, the LLR and its bounds, and the Elo so far; the test
//! stops when the LLR leaves the bounds (or after `--max-pairs`) with the verdict, and the
//! logistic and normalized Elo with their 95% intervals. Games are adjudicated as fishtest
//! does unless `--resign`/`--draw` say otherwise (`movecount=3,score=600` and
//! `movenumber=34,movecount=8,score=20`).

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use baroque_engine::{Game, GameId, GameResult, Position};

use super::adjudication::Adjudication;
use super::pentanomial::{bounds, Model, Pentanomial};
use super::play::play_game;
use super::player::Player;
use super::spec::{parse_spec, Spec};
use crate::error::CliError;
use crate::flags::{Arg, Flags};

/// The options of `baroque sprt`.
struct Options {
    variant: GameId,
    a: Spec,
    b: Spec,
    concurrency: usize,
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    model: Model,
    max_pairs: u64,
    book: String,
    seed: u64,
    hash_mb: usize,
    max_plies: u32,
    adjudication: Adjudication,
    quiet: bool,
}

/// The book of `game` shipped in the repository.
fn default_book(game: GameId) -> String {
    format!(
        "{}/../../tests/data/book-{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        game.as_str()
    )
}

fn float(flags: &mut Flags, name: &str) -> Result<f64, CliError> {
    let v = flags.value()?;
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| CliError::usage(format!("bad {name} '{v}': expected a number")))
}

fn parse(argv: &[String]) -> Result<Options, CliError> {
    let mut variant = GameId::Ultima;
    let (mut a, mut b, mut base, mut limit) = (None, None, None, None::<String>);
    let mut book = None;
    let mut o = Options {
        variant,
        a: parse_spec("nodes=1")?,
        b: parse_spec("nodes=1")?,
        concurrency: 2,
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
        model: Model::Logistic,
        max_pairs: 20_000,
        book: String::new(),
        seed: 1,
        hash_mb: 16,
        max_plies: 400,
        adjudication: Adjudication {
            resign: Some((3, 600)),
            draw: Some((34, 8, 20)),
        },
        quiet: false,
    };
    let mut flags = Flags::new(argv);
    while let Some(arg) = flags.next() {
        let flag = match arg {
            Arg::Flag(f) => f,
            Arg::Positional(_) => "",
        };
        match flag {
            "--variant" => {
                variant = flags
                    .value()?
                    .parse::<GameId>()
                    .map_err(|e| CliError::usage(e.to_string()))?
            }
            "--nodes" => limit = Some(format!("nodes={}", flags.number()?.max(1))),
            "--movetime" => limit = Some(format!("movetime={}", flags.number()?.max(1))),
            "--base" => base = Some(flags.value()?.to_string()),
            "--a" => a = Some(flags.value()?.to_string()),
            "--b" => b = Some(flags.value()?.to_string()),
            "--concurrency" => o.concurrency = flags.number()?.clamp(1, 64) as usize,
            "--elo0" => o.elo0 = float(&mut flags, "--elo0")?,
            "--elo1" => o.elo1 = float(&mut flags, "--elo1")?,
            "--alpha" => o.alpha = float(&mut flags, "--alpha")?,
            "--beta" => o.beta = float(&mut flags, "--beta")?,
            "--model" => {
                o.model = match flags.value()? {
                    "logistic" => Model::Logistic,
                    "normalized" => Model::Normalized,
                    m => {
                        return Err(CliError::usage(format!(
                            "bad --model '{m}': expected logistic or normalized"
                        )))
                    }
                }
            }
            "--max-pairs" => o.max_pairs = flags.number()?.max(1),
            "--book" => book = Some(flags.value()?.to_string()),
            "--seed" => o.seed = flags.number()?,
            "--hash" => o.hash_mb = flags.number()?.clamp(1, 4096) as usize,
            "--max-plies" => o.max_plies = flags.number()?.clamp(2, 10_000) as u32,
            "--resign" => {
                let v = Adjudication::parse_list(flag, flags.value()?, &["movecount", "score"])?;
                o.adjudication.resign = (v[1] > 0).then_some((v[0] as u32, v[1] as i32));
            }
            "--draw" => {
                let keys = ["movenumber", "movecount", "score"];
                let v = Adjudication::parse_list(flag, flags.value()?, &keys)?;
                o.adjudication.draw = (v[1] > 0).then_some((v[0] as u32, v[1] as u32, v[2] as i32));
            }
            "--quiet" => {
                flags.no_value()?;
                o.quiet = true;
            }
            _ => {
                return Err(CliError::usage(format!(
                    "unknown sprt argument '{}'; see 'baroque help'",
                    flags.raw()
                )))
            }
        }
    }
    if !(0.0 < o.alpha && o.alpha < 0.5 && 0.0 < o.beta && o.beta < 0.5) {
        return Err(CliError::usage(
            "--alpha and --beta must lie between 0 and 0.5",
        ));
    }
    if o.elo1 <= o.elo0 {
        return Err(CliError::usage("--elo1 must be above --elo0"));
    }
    let need_limit =
        || CliError::usage("sprt: give --nodes N or --movetime MS (or both players' --a and --b)");
    o.variant = variant;
    o.a = match a {
        Some(text) => parse_spec(&text)?,
        None => parse_spec(limit.as_deref().ok_or_else(need_limit)?)?,
    };
    o.b = match (b, base) {
        (Some(_), Some(_)) => {
            return Err(CliError::usage(
                "--b and --base both name player B: give one",
            ))
        }
        (Some(text), None) => parse_spec(&text)?,
        (None, Some(path)) => {
            let l = limit.as_deref().ok_or_else(need_limit)?;
            parse_spec(&format!("{l},cmd={path} uci"))?
        }
        (None, None) => parse_spec(limit.as_deref().ok_or_else(need_limit)?)?,
    };
    o.book = book.unwrap_or_else(|| default_book(variant));
    Ok(o)
}

/// The book's positions in the order the pairs use them (shuffled by `seed`).
fn read_book(o: &Options) -> Result<Vec<Position>, CliError> {
    let (_, entries) = crate::sets::read("--book", &o.book, Some(o.variant))?;
    let mut book: Vec<Position> = entries.into_iter().map(|e| e.pos).collect();
    if book.is_empty() {
        return Err(CliError::usage(format!("--book {}: no position", o.book)));
    }
    let mut rng = baroque_engine::search::splitmix(o.seed);
    for i in (1..book.len()).rev() {
        rng = baroque_engine::search::splitmix(rng);
        book.swap(i, (rng % (i as u64 + 1)) as usize);
    }
    Ok(book)
}

/// A's points in a game of `result` where A had White when `a_white`.
fn points(result: GameResult, a_white: bool) -> f64 {
    match (result, a_white) {
        (GameResult::White, true) | (GameResult::Black, false) => 1.0,
        (GameResult::White, false) | (GameResult::Black, true) => 0.0,
        _ => 0.5,
    }
}

/// What a worker reports: the pair's index and A's points in it, or an error.
type Report = Result<(u64, f64), CliError>;

/// One worker: plays pairs from the shared counter until the test ends.
fn worker(
    o: &Options,
    book: &[Position],
    next: &AtomicU64,
    stop: &AtomicBool,
    tx: &mpsc::Sender<Report>,
) {
    let result = (|| -> Result<(), CliError> {
        let mut a = Player::new(&o.a, o.variant, o.hash_mb)?;
        let mut b = Player::new(&o.b, o.variant, o.hash_mb)?;
        loop {
            if stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let pair = next.fetch_add(1, Ordering::Relaxed);
            if pair >= o.max_pairs {
                return Ok(());
            }
            let start = Game::new(book[(pair % book.len() as u64) as usize]);
            let rules = start.position().options().to_pairs(o.variant);
            let mut total = 0.0;
            for g in 0..2u64 {
                let seed = o.seed.wrapping_mul(1_000_003).wrapping_add(2 * pair + g);
                a.new_game(seed, &rules)?;
                b.new_game(seed ^ 0x5555, &rules)?;
                let a_white = g == 0;
                let played = play_game(
                    &start,
                    &mut a,
                    &mut b,
                    a_white,
                    o.max_plies,
                    &o.adjudication,
                    [o.a.clock, o.b.clock],
                )?;
                total += points(played.result, a_white);
                if stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
            }
            if tx.send(Ok((pair, total))).is_err() {
                return Ok(());
            }
        }
    })();
    if let Err(e) = result {
        stop.store(true, Ordering::Relaxed);
        let _ = tx.send(Err(e));
    }
}

/// How the test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    H0,
    H1,
    Inconclusive,
}

/// The status line after a pair: pairs, pentanomial, LLR with its bounds, Elo so far.
fn status(p: &Pentanomial, llr: f64, (lo, hi): (f64, f64)) -> String {
    let c = p.counts;
    format!(
        "pairs {} [{} {} {} {} {}] LLR {llr:+.2} ({lo:+.2}, {hi:+.2}) Elo {}",
        p.pairs(),
        c[0],
        c[1],
        c[2],
        c[3],
        c[4],
        elo_text(p)
    )
}

/// The logistic Elo with its 95% interval, or why there is none yet.
fn elo_text(p: &Pentanomial) -> String {
    let (score, se) = p.score();
    if se == 0.0 {
        return format!("n/a (every pair scored {:.1} of 2)", 2.0 * score);
    }
    let (lo, elo, hi) = p.elo();
    format!("{elo:+.1} ({lo:+.1} to {hi:+.1})")
}

/// Runs `baroque sprt`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let mut o = parse(argv)?;
    let book = read_book(&o)?;
    // Each opening once (the module's note): a book smaller than --max-pairs ends the test.
    let book_limits = (book.len() as u64) < o.max_pairs;
    o.max_pairs = o.max_pairs.min(book.len() as u64);
    let (lo, hi) = bounds(o.alpha, o.beta);
    let model = match o.model {
        Model::Logistic => "logistic",
        Model::Normalized => "normalized",
    };
    writeln!(
        out,
        "sprt {}: A {} vs B {}; H0 elo {} H1 elo {} ({model}), alpha {} beta {}; {} openings, {} at a time",
        o.variant,
        o.a.text,
        o.b.text,
        o.elo0,
        o.elo1,
        o.alpha,
        o.beta,
        book.len(),
        o.concurrency
    )?;
    out.flush()?;
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Report>();
    let mut penta = Pentanomial::default();
    let mut verdict = Verdict::Inconclusive;
    let mut error = None;
    std::thread::scope(|scope| -> Result<(), CliError> {
        for _ in 0..o.concurrency {
            let tx = tx.clone();
            let (o, book, next, stop) = (&o, &book, &next, &stop);
            scope.spawn(move || worker(o, book, next, stop, &tx));
        }
        drop(tx);
        for report in rx {
            let (_, points) = match report {
                Ok(r) => r,
                Err(e) => {
                    error.get_or_insert(e);
                    continue;
                }
            };
            if verdict != Verdict::Inconclusive {
                continue; // pairs finished after the verdict are not counted
            }
            penta.add(points);
            let llr = penta.llr(o.model, o.elo0, o.elo1);
            if !o.quiet {
                writeln!(out, "{}", status(&penta, llr, (lo, hi)))?;
                out.flush()?;
            }
            if llr >= hi {
                verdict = Verdict::H1;
            } else if llr <= lo {
                verdict = Verdict::H0;
            }
            if verdict != Verdict::Inconclusive {
                stop.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    })?;
    if let Some(e) = error {
        return Err(e);
    }
    let llr = penta.llr(o.model, o.elo0, o.elo1);
    let (nelo, nelo_err) = penta.normalized_elo();
    let (score, _) = penta.score();
    let said = match verdict {
        Verdict::H1 => "H1 accepted",
        Verdict::H0 => "H0 accepted",
        Verdict::Inconclusive if book_limits && penta.pairs() == o.max_pairs => {
            "inconclusive (book used up: each opening played once)"
        }
        Verdict::Inconclusive => "inconclusive (pair limit)",
    };
    writeln!(out, "final {}", status(&penta, llr, (lo, hi)))?;
    writeln!(
        out,
        "verdict: {said} after {} pairs ({} games); score {:.1}%; Elo {} (95%); normalized Elo {nelo:+.1} +/- {nelo_err:.1}",
        penta.pairs(),
        2 * penta.pairs(),
        100.0 * score,
        elo_text(&penta)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_parse() {
        let o = parse(&args(
            "--variant omega --nodes 500 --base /x/baroque --concurrency 1",
        ))
        .expect("options");
        assert_eq!(o.variant, GameId::Omega);
        assert_eq!(o.a.limits.nodes, Some(500));
        assert_eq!(o.b.cmd.as_deref(), Some("/x/baroque uci"));
        assert_eq!(o.b.limits.nodes, Some(500));
        assert!(o.book.ends_with("book-omega.txt"));
        assert!(parse(&args("--variant omega")).is_err(), "no limit");
        assert!(parse(&args("--nodes 5 --elo0 5 --elo1 0")).is_err());
        assert!(parse(&args("--nodes 5 --alpha 0.7")).is_err());
        assert!(parse(&args("--nodes 5 --b depth=1 --base x")).is_err());
        assert!(parse(&args("--nodes 5 --model other")).is_err());
    }

    #[test]
    fn pair_points() {
        assert_eq!(points(GameResult::White, true), 1.0);
        assert_eq!(points(GameResult::White, false), 0.0);
        assert_eq!(points(GameResult::Draw, false), 0.5);
    }
}
