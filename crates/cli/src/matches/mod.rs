//! `baroque match`: plays games between two players from varied openings, each opening once
//! with each colour, and prints wins, draws, losses and the Elo difference with its 95% error
//! bar.
//!
//! ```text
//! baroque match [--variant ultima|omega|hybrid|all] [--games N] [--a SPEC] [--b SPEC]
//!               [--option NAME=VALUE|NAME=random|random]...
//!               [--fen FEN | --start-array ID|random | --pgn FILE [--game N]]
//!               [--opening-plies K] [--max-plies P] [--seed S] [--hash MB] [--pgn-out FILE]
//!               [--resign movecount=N,score=CP] [--draw movenumber=M,movecount=N,score=CP]
//! ```
//!
//! The games are played under the rule options given (`--option`, repeatable, in order): a
//! value, or `random` for a value drawn (seeded) for each pair of games; `--option random` draws
//! every option of the game. With several variants an option applies to those that have it.
//! `--fen` starts the openings from that position instead of the start (one variant only);
//! `--start-array` from one of the game's start arrays (Ultima's 16, ultima.md §2, by the ids of
//! the game table: `wIC`, `wIC-bKW`, …), or `random` for one drawn for each pair of games.
//! `--pgn` from the last position of a game record (the first game, or game N of `--game`),
//! under the record's rules. `--pgn-out` writes every game to FILE as PGN
//! (`baroque_engine::pgn`), for review.
//!
//! A player SPEC is `greedy` (the one-ply greedy reference player), or a comma-separated list of
//! `key=value`: `level=1..8`, `depth=N`, `nodes=N`, `movetime=MS`, `tc=BASE+INC` (a chess
//! clock, in seconds: the player budgets its time, and loses when it oversteps it), `near=CP` (near-best
//! margin), `threads=N` (a parallel search, `crate::smp`; sent to an external engine as its
//! `Threads` option), any evaluation weight (`mobility=`, `frozen=`, `king_exposure=`,
//! `promotion_zone=`, `wizard_safety=`, `tempo=`), and last `cmd=<command line>` to play an
//! external UCI engine with those limits (everything after `cmd=` is the command, commas
//! included).
//!
//! `--resign` and `--draw` end games whose result both players already agree on, the way
//! cutechess-cli's options of those names do, so that long matches spend their time on the
//! moves that decide: a game is given to a side once both players' scores have been at least
//! `score` centipawns in its favour (a mate score counts as beyond every margin) for the last
//! `movecount` moves of each; a game is drawn from move `movenumber` on once both players'
//! scores have stayed within `score` of 0 for the last `movecount` moves of each. Without them
//! only the rules and `--max-plies` end a game. The greedy player gives no score, so it never
//! agrees.
//!
//! Standard output gets one summary line per variant (and a total for `all`), naming the rule
//! options given that apply to it:
//! `ultima (stalemate=draw): +12 =3 -5 of 20, score 67.5%, Elo +127 +/- 160 (95%: +7 to +327) (A: level=6, B: greedy)`.
//! Each game's result goes to standard error as it finishes, with the start array and options
//! it was played under where they are not the defaults.

mod adjudication;
mod options;
mod pentanomial;
mod play;
mod player;
mod report;
mod rules;
mod spec;
pub mod sprt;
mod tally;
mod uci_engine;

use std::io::Write;

use baroque_engine::games::spec as game_spec;
use baroque_engine::Position;

use crate::error::CliError;
use options::parse;
use play::{opening, play_game};
use player::Player;
use report::{summary, summary_name, write_record};
use rules::{draw_rules, rules_label};
use tally::Tally;

/// Runs `baroque match`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let o = parse(argv)?;
    let mut record = match &o.pgn_out {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| CliError::usage(format!("--pgn-out: cannot write '{path}': {e}")))?,
        ),
        None => None,
    };
    let mut total = Tally::default();
    for &variant in &o.variants {
        let mut a = Player::new(&o.a, variant, o.hash_mb)?;
        let mut b = Player::new(&o.b, variant, o.hash_mb)?;
        let mut tally = Tally::default();
        for g in 0..o.games {
            let pair_seed = o.seed.wrapping_add(u64::from(g / 2));
            let rules = draw_rules(variant, &o.rules, pair_seed)?;
            let array = o.array.as_ref().map(|a| a.pick(variant, pair_seed));
            let fen = o.fen.as_deref().or(array.map(|a| a.fen));
            let first = match fen {
                Some(fen) => Position::from_fen(variant, fen, rules).map_err(|e| {
                    CliError::usage(format!("--fen under {}: {e}", rules_label(variant, &rules)))
                })?,
                None => Position::start_with(variant, rules),
            };
            let start = opening(first, o.opening_plies, pair_seed);
            let game_seed = o.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
            let pairs = rules.to_pairs(variant);
            a.new_game(game_seed, &pairs)?;
            b.new_game(game_seed ^ 0x5555, &pairs)?;
            let a_white = g % 2 == 0;
            let played = play_game(
                &start,
                &mut a,
                &mut b,
                a_white,
                o.max_plies,
                &o.adjudication,
                [o.a.clock, o.b.clock],
            )?;
            tally.add(played.tally);
            let text = &played.text;
            if let Some(file) = record.as_mut() {
                write_record(file, &o, g, a_white, &played)?;
            }
            let standard = game_spec(variant).start_arrays[0].id;
            let parts: Vec<String> = array
                .filter(|a| a.id != standard)
                .map(|a| a.id.to_string())
                .into_iter()
                .chain(Some(rules_label(variant, &rules)).filter(|l| !l.is_empty()))
                .collect();
            let label = match parts.join(", ") {
                l if l.is_empty() => l,
                l => format!(" ({l})"),
            };
            eprintln!(
                "{variant} game {}{label}: A {} — {} [A +{} ={} -{}]",
                g + 1,
                if a_white { "white" } else { "black" },
                text,
                tally.wins,
                tally.draws,
                tally.losses
            );
        }
        writeln!(out, "{}", summary(&summary_name(variant, &o), &tally, &o))?;
        out.flush()?;
        total.add(tally);
    }
    if o.variants.len() > 1 {
        writeln!(out, "{}", summary("total", &total, &o))?;
    }
    Ok(())
}
