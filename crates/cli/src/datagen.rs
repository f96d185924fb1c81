//! `baroque datagen`: positions for fitting the evaluation (Texel's method), from self-play.
//!
//! ```text
//! baroque datagen [--variant ID|all] [--games N] [--nodes N] [--out FILE] [--seed S]
//!                 [--max-plies P]
//! ```
//!
//! Each game starts from the game's start (in a game with several start arrays, one of them a
//! quarter of the time) under rule options drawn at random (each option its default half the
//! time; Ultima), then 6–12 random plies; then the engine plays both sides at `--nodes` nodes
//! a move (default 4000). A position is written when it is quiet and its score means
//! something, as the tuning literature filters (Zurichess's and Ethereal's data sets):
//! - not in the first 16 plies of the game (the random opening and its aftermath);
//! - the side to move is not in check, and the search's best move is no capture and no
//!   promotion (nothing is pending that a static evaluation would miss);
//! - the search's score is no mate score and within ±2000 cp.
//!
//! A game ends by the rules, at `--max-plies` (a draw), or by adjudication: a side whose score
//! the searches agree is above 1500 cp for 6 plies in a row is taken to win; from ply 160 on,
//! 20 plies in a row within ±10 cp are a draw. Every line of a game is written when the game
//! ends, with its result:
//!
//! ```text
//! FEN | rule options (- for the defaults) | score (cp, White's view) | result (1 White won, 0.5 draw, 0 Black won)
//! ```
//!
//! Lines are appended to `--out` (default `datagen-<game>.txt` per game); a header names the
//! engine, the nodes and the date when the file is new. With `--variant all` the games take
//! turns among the three games.

use std::fs::OpenOptions;
use std::io::Write;

use baroque_engine::games::spec as game_spec;
use baroque_engine::options::option_specs;
use baroque_engine::search::{splitmix, Limits, NoClock, Score, Searcher};
use baroque_engine::{Color, Game, GameId, GameResult, Position, RuleOptions};

use crate::error::CliError;
use crate::flags::{Arg, Flags};

/// Random plies after the start: fewest and most.
const MIN_RANDOM: u64 = 6;
const MAX_RANDOM: u64 = 12;
/// Positions before this ply are not written.
const FIRST_PLY: usize = 16;
/// Scores beyond this are not written (the evaluation cannot explain them).
const MAX_SCORE: i32 = 2000;
/// Win adjudication: this score, for this many plies in a row.
const WIN_SCORE: i32 = 1500;
const WIN_PLIES: u32 = 6;
/// Draw adjudication: from this ply, this many plies in a row within this score.
const DRAW_FROM: usize = 160;
const DRAW_PLIES: u32 = 20;
const DRAW_SCORE: i32 = 10;

struct Options {
    variants: Vec<GameId>,
    games: u64,
    nodes: u64,
    out: Option<String>,
    seed: u64,
    max_plies: usize,
}

fn parse(argv: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        variants: vec![GameId::Ultima],
        games: 100,
        nodes: 4000,
        out: None,
        seed: 1,
        max_plies: 400,
    };
    let mut flags = Flags::new(argv);
    while let Some(arg) = flags.next() {
        let flag = match arg {
            Arg::Flag(f) => f,
            Arg::Positional(_) => "",
        };
        match flag {
            "--variant" => {
                o.variants = match flags.value()? {
                    "all" => GameId::ALL.to_vec(),
                    v => vec![v
                        .parse::<GameId>()
                        .map_err(|e| CliError::usage(e.to_string()))?],
                }
            }
            "--games" => o.games = flags.number()?,
            "--nodes" => o.nodes = flags.number()?.max(1),
            "--out" => o.out = Some(flags.value()?.to_string()),
            "--seed" => o.seed = flags.number()?,
            "--max-plies" => o.max_plies = flags.number()?.clamp(FIRST_PLY as u64, 10_000) as usize,
            _ => {
                return Err(CliError::usage(format!(
                    "unknown datagen argument '{}'; see 'baroque help'",
                    flags.raw()
                )))
            }
        }
    }
    if o.out.is_some() && o.variants.len() > 1 {
        return Err(CliError::usage(
            "datagen: --out names one file: give one --variant with it",
        ));
    }
    Ok(o)
}

/// A seeded random number below `n`.
fn below(rng: &mut u64, n: u64) -> u64 {
    *rng = splitmix(*rng);
    *rng % n.max(1)
}

/// The game's first position: its start (or one of its start arrays a quarter of the time),
/// rule options drawn at random, then random plies. None when the random plies end the game.
fn opening(game: GameId, rng: &mut u64) -> Option<Game> {
    let mut rules = RuleOptions::default();
    for spec in option_specs(game) {
        if below(rng, 2) == 0 {
            (spec.set)(&mut rules, below(rng, spec.values.len() as u64) as usize);
        }
    }
    let arrays = game_spec(game).start_arrays;
    let start = if arrays.len() > 1 && below(rng, 4) == 0 {
        let a = &arrays[below(rng, arrays.len() as u64) as usize];
        Position::from_fen(game, a.fen, rules).ok()?
    } else {
        Position::start_with(game, rules)
    };
    let mut g = Game::new(start);
    let plies = MIN_RANDOM + below(rng, MAX_RANDOM - MIN_RANDOM + 1);
    for _ in 0..plies {
        let moves = g.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        g.play(&moves[below(rng, moves.len() as u64) as usize]);
        if g.status().is_over() {
            return None;
        }
    }
    Some(g)
}

/// A kept position: FEN, options, score from White's view.
struct Sample {
    fen: String,
    words: String,
    white_cp: i32,
}

/// Plays one game and returns its kept positions and its result (1, ½, 0 for White).
fn play(game: GameId, o: &Options, searcher: &mut Searcher, rng: &mut u64) -> (Vec<Sample>, f64) {
    let Some(mut g) = opening(game, rng) else {
        return (Vec::new(), 0.5);
    };
    searcher.clear();
    searcher.set_seed(*rng);
    let mut kept = Vec::new();
    let (mut win_run, mut win_side, mut draw_run) = (0u32, 0i32, 0u32);
    let limits = Limits::nodes(o.nodes);
    let result = loop {
        let st = g.status();
        if st.is_over() {
            break match st.result {
                GameResult::White => 1.0,
                GameResult::Black => 0.0,
                _ => 0.5,
            };
        }
        if g.moves().len() >= o.max_plies {
            break 0.5;
        }
        let pos = *g.position();
        let r = searcher.search(&g, &limits, &mut NoClock);
        let Some(best) = r.best else { break 0.5 };
        let sign = if pos.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        let white_cp = match r.score {
            Score::Cp(cp) => Some(sign * cp),
            Score::Mate(_) => None,
        };
        let quiet = best.captures.is_empty()
            && best.promotion.is_none()
            && !(pos.has_check_rule() && pos.in_check());
        if let Some(cp) = white_cp.filter(|cp| cp.abs() <= MAX_SCORE) {
            if quiet && g.moves().len() >= FIRST_PLY {
                let words = match pos.options().to_words(game) {
                    w if w.is_empty() => "-".to_string(),
                    w => w,
                };
                kept.push(Sample {
                    fen: pos.fen(),
                    words,
                    white_cp: cp,
                });
            }
        }
        // Adjudication on the searches' scores (a mate score counts as beyond every margin).
        let big = match r.score {
            Score::Mate(m) => sign * if m > 0 { 1 } else { -1 },
            Score::Cp(cp) if cp.abs() >= WIN_SCORE => sign * cp.signum(),
            Score::Cp(_) => 0,
        };
        if big != 0 && big == win_side {
            win_run += 1;
        } else {
            win_side = big;
            win_run = u32::from(big != 0);
        }
        if win_run >= WIN_PLIES {
            break if win_side > 0 { 1.0 } else { 0.0 };
        }
        match white_cp {
            Some(cp) if cp.abs() <= DRAW_SCORE && g.moves().len() >= DRAW_FROM => draw_run += 1,
            _ => draw_run = 0,
        }
        if draw_run >= DRAW_PLIES {
            break 0.5;
        }
        g.play(&best);
    };
    (kept, result)
}

/// The header of a new data file.
fn header(game: GameId, nodes: u64) -> String {
    format!(
        "# {game} positions for the evaluation's tuner, written by `baroque datagen` (baroque {}, {nodes} nodes a move).\n\
         # Quiet positions of self-play (ply >= {FIRST_PLY}, not in check, best move no capture or promotion, |score| <= {MAX_SCORE}).\n\
         # FEN | rule options (- for the defaults) | score (cp, White's view) | result (1 White won, 0.5 draw, 0 Black won)\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// Runs `baroque datagen`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let o = parse(argv)?;
    let mut files = Vec::new();
    for &game in &o.variants {
        let path = o
            .out
            .clone()
            .unwrap_or_else(|| format!("datagen-{}.txt", game.as_str()));
        let new = std::fs::metadata(&path)
            .map(|m| m.len() == 0)
            .unwrap_or(true);
        let mut f = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| CliError::usage(format!("cannot open {path}: {e}")))?;
        if new {
            f.write_all(header(game, o.nodes).as_bytes())?;
        }
        files.push((game, path, f, 0u64));
    }
    let mut searcher = Searcher::new(16 << 20);
    let mut rng = splitmix(o.seed ^ 0xda7a_6e4e);
    for n in 0..o.games {
        let i = (n % files.len() as u64) as usize;
        let (game, ref path, ref mut f, ref mut written) = files[i];
        let (kept, result) = play(game, &o, &mut searcher, &mut rng);
        let mut text = String::new();
        for s in &kept {
            text.push_str(&format!(
                "{} | {} | {} | {result}\n",
                s.fen, s.words, s.white_cp
            ));
        }
        f.write_all(text.as_bytes())
            .and_then(|()| f.flush())
            .map_err(|e| CliError::usage(format!("cannot write {path}: {e}")))?;
        *written += kept.len() as u64;
        writeln!(
            out,
            "game {} {game}: result {result}, {} positions ({} in {path})",
            n + 1,
            kept.len(),
            *written
        )?;
        out.flush()?;
    }
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
        let o = parse(&args("--variant all --games 3 --nodes 500")).expect("options");
        assert_eq!(o.variants.len(), 3);
        assert_eq!((o.games, o.nodes), (3, 500));
        assert!(parse(&args("--variant all --out x.txt")).is_err());
        assert!(parse(&args("--bogus")).is_err());
    }

    #[test]
    fn a_game_writes_quiet_scored_positions() {
        let o = parse(&args("--variant omega --nodes 300 --max-plies 60")).expect("options");
        let mut searcher = Searcher::new(1 << 20);
        let mut rng = 7;
        let (kept, result) = play(GameId::Omega, &o, &mut searcher, &mut rng);
        assert!([0.0, 0.5, 1.0].contains(&result));
        assert!(!kept.is_empty(), "a 60-ply game keeps some position");
        for s in &kept {
            let pos = Position::from_fen(GameId::Omega, &s.fen, RuleOptions::default())
                .expect("a written FEN reads back");
            assert!(!pos.in_check());
            assert!(s.white_cp.abs() <= MAX_SCORE);
            assert!(pos.fullmove_number() > FIRST_PLY as u32 / 2 - 1);
        }
    }
}
