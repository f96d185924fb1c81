//! Which rules and start array each pair of games is played under: `--option` (a value or one
//! drawn per pair) and `--start-array` (an id or one drawn per pair), from the seed.

use baroque_engine::games::{spec as game_spec, StartArray};
use baroque_engine::options::option_specs;
use baroque_engine::{GameId, RuleOptions};

use crate::error::CliError;

/// One `--option`: a value for one option, or a value drawn for each pair of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum RuleChoice {
    /// `name=value`.
    Set(String, String),
    /// `name=random`.
    Random(String),
    /// `random`: every option of the game drawn.
    AllRandom,
}

impl RuleChoice {
    pub(super) fn parse(text: &str) -> Result<RuleChoice, CliError> {
        let text = text.trim();
        if text == "random" {
            return Ok(RuleChoice::AllRandom);
        }
        let (name, value) = text.split_once('=').ok_or_else(|| {
            CliError::usage(format!(
                "--option '{text}' is not of the form name=value (or name=random, or random)"
            ))
        })?;
        let (name, value) = (name.trim().to_string(), value.trim().to_string());
        Ok(if value == "random" {
            RuleChoice::Random(name)
        } else {
            RuleChoice::Set(name, value)
        })
    }

    /// The option's name, if it names one.
    pub(super) fn name(&self) -> Option<&str> {
        match self {
            RuleChoice::Set(n, _) | RuleChoice::Random(n) => Some(n),
            RuleChoice::AllRandom => None,
        }
    }

    /// Whether `game` has the option this choice is about.
    pub(super) fn applies_to(&self, game: GameId) -> bool {
        match self.name() {
            Some(n) => option_specs(game).iter().any(|o| o.name == n),
            None => !option_specs(game).is_empty(),
        }
    }

    /// As given on the command line.
    pub(super) fn text(&self) -> String {
        match self {
            RuleChoice::Set(n, v) => format!("{n}={v}"),
            RuleChoice::Random(n) => format!("{n}=random"),
            RuleChoice::AllRandom => "random".to_string(),
        }
    }
}

/// The rule options of `game` for one pair of games: `choices` applied in order, the random ones
/// drawn from `seed`. Choices about options `game` lacks are skipped.
pub(super) fn draw_rules(
    game: GameId,
    choices: &[RuleChoice],
    seed: u64,
) -> Result<RuleOptions, CliError> {
    let mut rules = RuleOptions::default();
    let mut rng = mix(seed ^ 0x0F7E_0F7E);
    let mut pick = |values: &'static [&'static str]| {
        rng = mix(rng);
        values[(rng % values.len() as u64) as usize]
    };
    for choice in choices.iter().filter(|c| c.applies_to(game)) {
        let set = match choice {
            RuleChoice::Set(n, v) => rules.set(game, n, v),
            RuleChoice::Random(n) => match option_specs(game).iter().find(|o| o.name == n) {
                Some(spec) => rules.set(game, n, pick(spec.values)),
                None => Ok(()),
            },
            RuleChoice::AllRandom => option_specs(game)
                .iter()
                .try_for_each(|spec| rules.set(game, spec.name, pick(spec.values))),
        };
        set.map_err(|e| CliError::usage(format!("--option {}: {e}", choice.text())))?;
    }
    Ok(rules)
}

/// The options of `rules` that differ from the defaults, as `name=value, …` (empty if none).
pub(super) fn rules_label(game: GameId, rules: &RuleOptions) -> String {
    let defaults = RuleOptions::default().to_pairs(game);
    rules
        .to_pairs(game)
        .iter()
        .zip(&defaults)
        .filter(|(a, b)| a != b)
        .map(|((n, v), _)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `--start-array`: one array by id, or one drawn for each pair of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum ArrayChoice {
    /// The array of this id, in the variants that have it.
    Id(String),
    /// A random array of the game's for each pair of games.
    Random,
}

impl ArrayChoice {
    pub(super) fn parse(text: &str) -> ArrayChoice {
        match text.trim() {
            "random" => ArrayChoice::Random,
            id => ArrayChoice::Id(id.to_string()),
        }
    }

    pub(super) fn text(&self) -> &str {
        match self {
            ArrayChoice::Id(id) => id,
            ArrayChoice::Random => "random",
        }
    }

    /// The array of `game` for the pair of games of `seed`: the one named if `game` has it
    /// (else the standard one), or a random one.
    pub(super) fn pick(&self, game: GameId, seed: u64) -> &'static StartArray {
        let arrays = game_spec(game).start_arrays;
        match self {
            ArrayChoice::Id(id) => arrays.iter().find(|a| a.id == id).unwrap_or(&arrays[0]),
            ArrayChoice::Random => {
                &arrays[(mix(seed ^ 0x57A2_7A22) % arrays.len() as u64) as usize]
            }
        }
    }

    /// Whether `game` has the array named (a random one: whether it has more than one).
    pub(super) fn applies_to(&self, game: GameId) -> bool {
        match self {
            ArrayChoice::Id(id) => game_spec(game).start_arrays.iter().any(|a| a.id == id),
            ArrayChoice::Random => game_spec(game).start_arrays.len() > 1,
        }
    }
}

pub(super) use baroque_engine::search::splitmix as mix;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_choices_are_drawn_per_seed_and_only_where_they_apply() {
        let choices: Vec<RuleChoice> = ["random", "stalemate=draw", "win=random"]
            .iter()
            .map(|t| RuleChoice::parse(t).expect("choice"))
            .collect();
        // Later choices win over earlier ones; each seed draws the same rules every time.
        for seed in 0..20 {
            let r = draw_rules(GameId::Ultima, &choices, seed).expect("rules");
            assert_eq!(
                r,
                draw_rules(GameId::Ultima, &choices, seed).expect("rules")
            );
            assert!(rules_label(GameId::Ultima, &r).contains("stalemate=draw"));
        }
        let labels: std::collections::HashSet<String> = (0..20)
            .map(|seed| {
                rules_label(
                    GameId::Ultima,
                    &draw_rules(GameId::Ultima, &choices, seed).expect("rules"),
                )
            })
            .collect();
        assert!(labels.len() > 5, "{labels:?}");
        // Omega has no options: every choice is skipped.
        let omega = draw_rules(GameId::Omega, &choices, 3).expect("rules");
        assert_eq!(rules_label(GameId::Omega, &omega), "");
        assert!(RuleChoice::parse("stalemate").is_err());
        assert!(draw_rules(
            GameId::Ultima,
            &[RuleChoice::parse("win=mate").expect("parsed")],
            0
        )
        .is_err());
    }
}
