//! Rule options (`name=value`), as the rule book defines them: the values ([`RuleOptions`]) and
//! setting them by name. Which options a game has, and their allowed values, is the game's table
//! ([`GameSpec::options`](crate::games::GameSpec::options)); only Ultima has options (ultima.md
//! §8), so Omega and the hybrid reject every name.
//!
//! ```
//! use baroque_engine::options::RuleOptions;
//! use baroque_engine::GameId;
//! let mut o = RuleOptions::default();
//! o.set(GameId::Ultima, "stalemate", "draw").unwrap();
//! assert_eq!(o.to_pairs(GameId::Ultima)[1], ("stalemate", "draw"));
//! assert!(o.set(GameId::Omega, "stalemate", "draw").is_err());
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::GameId;

/// How an Ultima game is won (ultima.md §7.2, §7.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum WinRule {
    /// Check and checkmate; kings are never captured.
    #[default]
    Checkmate,
    /// No check rule; capturing the King wins.
    Capture,
}

/// Result for a side with no move that is not in check.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum StalemateRule {
    /// It loses.
    #[default]
    Loss,
    /// It draws.
    Draw,
}

/// Which immobilization rule applies (ultima.md §6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum ImmobilizerRule {
    /// §6.1.
    #[default]
    Classic,
    /// §6.2, MacKay's pure rules.
    Pure,
}

/// How a leaping Chameleon combines captures (ultima.md §5.7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum ChameleonRule {
    /// Every capture method applies in one move.
    #[default]
    Combined,
    /// A move that jumps a Leaper captures only the jumped Leapers.
    Pure,
}

/// How many pieces one leap may take (ultima.md §5.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum LeaperRule {
    /// Several victims per line.
    #[default]
    Multi,
    /// At most one.
    Single,
}

/// The rule options of a game. Defaults are the rule book's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RuleOptions {
    /// `win`.
    pub win: WinRule,
    /// `stalemate`.
    pub stalemate: StalemateRule,
    /// `immobilizer`.
    pub immobilizer: ImmobilizerRule,
    /// `suicide` (true = `on`).
    pub suicide: bool,
    /// `chameleon`.
    pub chameleon: ChameleonRule,
    /// `leaper`.
    pub leaper: LeaperRule,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::DEFAULT
    }
}

/// A rejected option.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionError {
    /// The game has no option of this name.
    UnknownName {
        /// The game.
        game: GameId,
        /// The name given.
        name: String,
    },
    /// The value is not one of the allowed ones.
    BadValue {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// The values allowed.
        allowed: &'static [&'static str],
    },
    /// The text is not of the form `name=value`.
    Syntax(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownName { game, name } => {
                let names = option_names(*game);
                if names.is_empty() {
                    write!(
                        f,
                        "unknown option '{name}': {} has no rule options",
                        game.as_str()
                    )
                } else {
                    write!(
                        f,
                        "unknown option '{name}' for {}; options are {}",
                        game.as_str(),
                        names.join(", ")
                    )
                }
            }
            OptionError::BadValue {
                name,
                value,
                allowed,
            } => write!(
                f,
                "option {name} cannot be '{value}'; allowed values: {}",
                allowed.join(", ")
            ),
            OptionError::Syntax(s) => write!(f, "option '{s}' is not of the form name=value"),
        }
    }
}

impl OptionError {
    /// A stable kebab-case id of the error (`"option-bad-value"`).
    pub fn code(&self) -> &'static str {
        match self {
            OptionError::UnknownName { game, .. } if option_specs(*game).is_empty() => {
                "option-none"
            }
            OptionError::UnknownName { .. } => "option-unknown",
            OptionError::BadValue { .. } => "option-bad-value",
            OptionError::Syntax(_) => "option-syntax",
        }
    }

    /// The error's named parameters (`variant`, `name`, `value`, `options`, `allowed`, `text`).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            OptionError::UnknownName { game, name } => alloc::vec![
                ("variant", String::from(game.as_str())),
                ("name", name.clone()),
                ("options", option_names(*game).join(", ")),
            ],
            OptionError::BadValue {
                name,
                value,
                allowed,
            } => alloc::vec![
                ("name", name.clone()),
                ("value", value.clone()),
                ("allowed", allowed.join(", ")),
            ],
            OptionError::Syntax(s) => alloc::vec![("text", s.clone())],
        }
    }
}

impl core::error::Error for OptionError {}

pub use crate::games::OptionSpec;

/// The options a game accepts, with their allowed values (default first).
pub fn option_specs(game: GameId) -> &'static [OptionSpec] {
    crate::games::spec(game).options
}

fn option_names(game: GameId) -> Vec<&'static str> {
    option_specs(game).iter().map(|o| o.name).collect()
}

impl RuleOptions {
    /// The rule book's defaults (suicide on).
    pub const DEFAULT: RuleOptions = RuleOptions {
        win: WinRule::Checkmate,
        stalemate: StalemateRule::Loss,
        immobilizer: ImmobilizerRule::Classic,
        suicide: true,
        chameleon: ChameleonRule::Combined,
        leaper: LeaperRule::Multi,
    };

    /// Sets one option by name and value.
    pub fn set(&mut self, game: GameId, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = option_specs(game)
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| OptionError::UnknownName {
                game,
                name: String::from(name),
            })?;
        let idx = spec
            .values
            .iter()
            .position(|v| *v == value)
            .ok_or_else(|| OptionError::BadValue {
                name: String::from(name),
                value: String::from(value),
                allowed: spec.values,
            })?;
        (spec.set)(self, idx);
        Ok(())
    }

    /// Parses and sets `name=value`.
    pub fn set_pair(&mut self, game: GameId, pair: &str) -> Result<(), OptionError> {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| OptionError::Syntax(String::from(pair)))?;
        self.set(game, name.trim(), value.trim())
    }

    /// Options written as words: `name=value` pairs separated by spaces, or `-` for the
    /// defaults (the option column of the sets in `tests/data`).
    ///
    /// ```
    /// use baroque_engine::{GameId, RuleOptions};
    /// let o = RuleOptions::from_words(GameId::Ultima, "win=capture stalemate=draw").unwrap();
    /// assert_eq!(o.to_words(GameId::Ultima), "win=capture stalemate=draw"); // rule-book order
    /// assert_eq!(RuleOptions::from_words(GameId::Ultima, "-").unwrap(), RuleOptions::default());
    /// ```
    pub fn from_words(game: GameId, words: &str) -> Result<RuleOptions, OptionError> {
        let mut o = RuleOptions::default();
        for pair in words.split_whitespace().filter(|p| *p != "-") {
            o.set_pair(game, pair)?;
        }
        Ok(o)
    }

    /// The options that differ from the defaults as `name=value` words in rule-book order, or
    /// `-` when none does: what [`RuleOptions::from_words`] reads.
    pub fn to_words(&self, game: GameId) -> String {
        let words: Vec<String> = self
            .to_pairs(game)
            .into_iter()
            .zip(RuleOptions::default().to_pairs(game))
            .filter(|(a, b)| a != b)
            .map(|((n, v), _)| alloc::format!("{n}={v}"))
            .collect();
        if words.is_empty() {
            String::from("-")
        } else {
            words.join(" ")
        }
    }

    /// The current value of every option of `game`, in rule-book order.
    pub fn to_pairs(&self, game: GameId) -> Vec<(&'static str, &'static str)> {
        option_specs(game)
            .iter()
            .map(|o| (o.name, o.values[(o.get)(self)]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_round_trips() {
        for spec in option_specs(GameId::Ultima) {
            for v in spec.values {
                let mut o = RuleOptions::DEFAULT;
                o.set(GameId::Ultima, spec.name, v).unwrap();
                assert!(o.to_pairs(GameId::Ultima).contains(&(spec.name, *v)));
            }
        }
        let d = RuleOptions::DEFAULT;
        for (spec, (n, v)) in option_specs(GameId::Ultima)
            .iter()
            .zip(d.to_pairs(GameId::Ultima))
        {
            assert_eq!(spec.name, n);
            assert_eq!(spec.values[0], v);
        }
    }

    #[test]
    fn bad_options_are_errors() {
        let mut o = RuleOptions::DEFAULT;
        assert!(o.set(GameId::Ultima, "win", "mate").is_err());
        assert!(o.set(GameId::Ultima, "colour", "red").is_err());
        assert!(o.set(GameId::Hybrid, "win", "capture").is_err());
        assert!(o.set_pair(GameId::Ultima, "win").is_err());
    }
}
