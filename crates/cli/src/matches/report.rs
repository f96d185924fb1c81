//! What a match writes: the summary line of a variant (or the total) and each game as PGN
//! (`--pgn-out`).

use std::io::Write;

use baroque_engine::pgn;
use baroque_engine::GameId;

use super::options::Options;
use super::play::Played;
use super::rules::RuleChoice;
use super::tally::Tally;
use crate::error::CliError;

/// The variant's name in the summary, with the `--option`s that apply to it.
pub(super) fn summary_name(game: GameId, o: &Options) -> String {
    let array = o
        .array
        .iter()
        .filter(|a| a.applies_to(game))
        .map(|a| format!("start-array={}", a.text()));
    let given: Vec<String> = array
        .chain(
            o.rules
                .iter()
                .filter(|c| c.applies_to(game))
                .map(RuleChoice::text),
        )
        .collect();
    if given.is_empty() {
        game.as_str().to_string()
    } else {
        format!("{} ({})", game.as_str(), given.join(", "))
    }
}

/// Appends game `g` (from 0) to the `--pgn-out` file: A's and B's specs as the players.
pub(super) fn write_record(
    file: &mut std::fs::File,
    o: &Options,
    g: u32,
    a_white: bool,
    played: &Played,
) -> Result<(), CliError> {
    let (white, black) = if a_white {
        (&o.a.text, &o.b.text)
    } else {
        (&o.b.text, &o.a.text)
    };
    let round = (g + 1).to_string();
    let mut tags = vec![
        ("Event", "baroque match"),
        ("Site", "baroque"),
        ("Round", round.as_str()),
        ("White", white.as_str()),
        ("Black", black.as_str()),
    ];
    if let Some(t) = played.termination {
        tags.push(("Termination", t));
    }
    let text = pgn::write(&played.game, &tags, Some(played.result));
    writeln!(file, "{text}").map_err(|e| CliError::usage(format!("--pgn-out: cannot write: {e}")))
}

pub(super) fn summary(name: &str, t: &Tally, o: &Options) -> String {
    // Rounded first, and +0.0 turns a negative zero into 0: an even score reads "Elo +0".
    let round = |x: f64| x.round() + 0.0;
    let (elo, lo, hi) = t.elo();
    let (elo, lo, hi) = (round(elo), round(lo), round(hi));
    let elo_text = match t.sweep_bound() {
        Some(b) if t.wins == t.games() => format!("Elo > {b:+.0} (95%, every game won)"),
        Some(b) => format!("Elo < {b:+.0} (95%, every game lost)"),
        None => format!(
            "Elo {elo:+.0} +/- {:.0} (95%: {lo:+.0} to {hi:+.0})",
            (hi - lo) / 2.0
        ),
    };
    format!(
        "{name}: +{} ={} -{} of {}, score {:.1}%, {elo_text} (A: {}, B: {})",
        t.wins,
        t.draws,
        t.losses,
        t.games(),
        100.0 * t.score(),
        o.a.text,
        o.b.text
    )
}

#[cfg(test)]
mod tests {
    use super::super::options::parse;
    use super::*;

    #[test]
    fn a_short_clean_sweep_is_reported_as_won() {
        // Two wins out of two: the 95% lower bound is negative, but every game was won.
        let o = parse(&[]).expect("default options");
        let won = Tally {
            wins: 2,
            draws: 0,
            losses: 0,
        };
        let text = summary("ultima", &won, &o);
        assert!(
            text.contains("every game won") && text.contains("Elo > -"),
            "{text}"
        );
        let lost = Tally {
            wins: 0,
            draws: 0,
            losses: 2,
        };
        let text = summary("ultima", &lost, &o);
        assert!(
            text.contains("every game lost") && text.contains("Elo < +"),
            "{text}"
        );
    }
}
