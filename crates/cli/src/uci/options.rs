//! The UCI options: `UCI_Variant`, the rule options of the rule book (as combos), `Hash` and
//! `Clear Hash`, with the `option …` lines of the `uci` answer and `setoption` parsing.

use baroque_engine::options::option_specs;
use baroque_engine::search::levels::ELO;
use baroque_engine::search::Level;
use baroque_engine::{GameId, RuleOptions};

/// Hash table size in MiB: default, minimum, maximum.
pub const HASH_MB: (usize, usize, usize) = (16, 1, 1024);
/// Lines of `MultiPV`: default, minimum, maximum.
pub const MULTI_PV: (u32, u32, u32) = (1, 1, 64);

/// The `option name …` lines of the `uci` answer.
pub fn option_lines() -> Vec<String> {
    let mut lines = Vec::new();
    let variants: Vec<String> = GameId::ALL
        .iter()
        .map(|g| format!("var {}", g.as_str()))
        .collect();
    lines.push(format!(
        "option name UCI_Variant type combo default {} {}",
        GameId::Ultima.as_str(),
        variants.join(" ")
    ));
    // Every game's options, each name once (only Ultima has any today).
    let mut seen: Vec<&str> = Vec::new();
    for game in GameId::ALL {
        for spec in option_specs(game) {
            if seen.contains(&spec.name) {
                continue;
            }
            seen.push(spec.name);
            let vars: Vec<String> = spec.values.iter().map(|v| format!("var {v}")).collect();
            lines.push(format!(
                "option name {} type combo default {} {}",
                spec.name,
                spec.values.first().copied().unwrap_or(""),
                vars.join(" ")
            ));
        }
    }
    let (def, min, max) = HASH_MB;
    lines.push(format!(
        "option name Hash type spin default {def} min {min} max {max}"
    ));
    lines.push("option name Clear Hash type button".to_string());
    let (def, min, max) = MULTI_PV;
    lines.push(format!(
        "option name MultiPV type spin default {def} min {min} max {max}"
    ));
    lines.push("option name Ponder type check default false".to_string());
    lines.push(format!(
        "option name Threads type spin default 1 min 1 max {}",
        crate::smp::MAX_THREADS
    ));
    lines.push(format!(
        "option name Skill Level type spin default {max} min 1 max {max}",
        max = Level::MAX
    ));
    lines.push("option name UCI_LimitStrength type check default false".to_string());
    lines.push(format!(
        "option name UCI_Elo type spin default {} min {} max {}",
        ELO[ELO.len() - 1],
        ELO[0],
        ELO[ELO.len() - 1]
    ));
    lines
}

/// The strength options: `Skill Level` (the engine's levels 1–8), and `UCI_Elo` when
/// `UCI_LimitStrength` is on (which then wins, as GUIs expect).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// `Skill Level`, 1–8 (8: full strength).
    pub skill: u8,
    /// `UCI_LimitStrength`.
    pub limit: bool,
    /// `UCI_Elo`, on the levels' scale (`search::levels::ELO`).
    pub elo: u32,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            skill: Level::MAX,
            limit: false,
            elo: ELO[ELO.len() - 1],
        }
    }
}

impl Strength {
    /// The play level these options ask for, whose limits cap those of `go`; `None` for
    /// full strength (level 8, the strongest, whose only limit, 10 s a move, is the web
    /// page's: under UCI the GUI's clock and `go` limits decide).
    pub fn level(&self) -> Option<Level> {
        let level = if self.limit {
            Level::for_elo(self.elo)
        } else {
            Level::get(self.skill)?
        };
        (level.number < Level::MAX).then_some(level)
    }
}

/// A parsed `setoption` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetOption {
    /// `UCI_Variant`.
    Variant(GameId),
    /// `Hash` in MiB.
    Hash(usize),
    /// `Clear Hash`.
    ClearHash,
    /// `MultiPV`: how many best lines to report.
    MultiPv(u32),
    /// `Ponder`: the GUI says whether it will send `go ponder` (nothing to change here).
    Ponder(bool),
    /// `Threads`: threads of the search (Lazy SMP).
    Threads(usize),
    /// `Skill Level` 1–8.
    SkillLevel(u8),
    /// `UCI_LimitStrength`.
    LimitStrength(bool),
    /// `UCI_Elo`.
    Elo(u32),
    /// A rule option: name and value (checked against the games that have it).
    Rule(String, String),
}

/// A `check` option's value.
fn boolean(name: &str, v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{name} must be true or false, not '{v}'")),
    }
}

/// Parses the words after `setoption`: `name <name…> [value <value…>]`. Names are matched
/// without regard to case, as UCI asks.
pub fn parse_setoption(words: &[&str]) -> Result<SetOption, String> {
    if words.first().map(|w| w.to_ascii_lowercase()) != Some("name".into()) {
        return Err("setoption needs 'name <option> value <value>'".into());
    }
    let rest = &words[1..];
    let value_at = rest.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let (name_words, value_words) = match value_at {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let name = name_words.join(" ");
    let value = value_words.map(|v| v.join(" "));
    if name.is_empty() {
        return Err("setoption needs an option name".into());
    }
    let need_value = |value: &Option<String>| -> Result<String, String> {
        match value {
            Some(v) if !v.is_empty() => Ok(v.clone()),
            _ => Err(format!("setoption name {name} needs 'value <value>'")),
        }
    };
    let lower = name.to_ascii_lowercase();
    match lower.as_str() {
        "uci_variant" => {
            let v = need_value(&value)?;
            v.parse::<GameId>()
                .map(SetOption::Variant)
                .map_err(|e| e.to_string())
        }
        "hash" => {
            let v = need_value(&value)?;
            let (_, min, max) = HASH_MB;
            match v.parse::<usize>() {
                Ok(n) if (min..=max).contains(&n) => Ok(SetOption::Hash(n)),
                _ => Err(format!(
                    "Hash must be a whole number of MiB from {min} to {max}, not '{v}'"
                )),
            }
        }
        "clear hash" => Ok(SetOption::ClearHash),
        "multipv" => {
            let v = need_value(&value)?;
            let (_, min, max) = MULTI_PV;
            match v.parse::<u32>() {
                Ok(n) if (min..=max).contains(&n) => Ok(SetOption::MultiPv(n)),
                _ => Err(format!(
                    "MultiPV must be a whole number from {min} to {max}, not '{v}'"
                )),
            }
        }
        "ponder" => boolean("Ponder", &need_value(&value)?).map(SetOption::Ponder),
        "threads" => {
            let v = need_value(&value)?;
            let max = crate::smp::MAX_THREADS;
            match v.parse::<usize>() {
                Ok(n) if (1..=max).contains(&n) => Ok(SetOption::Threads(n)),
                _ => Err(format!(
                    "Threads must be a whole number from 1 to {max}, not '{v}'"
                )),
            }
        }
        "uci_limitstrength" => {
            boolean("UCI_LimitStrength", &need_value(&value)?).map(SetOption::LimitStrength)
        }
        "skill level" => {
            let v = need_value(&value)?;
            let max = Level::MAX;
            match v.parse::<u8>() {
                Ok(n) if (1..=max).contains(&n) => Ok(SetOption::SkillLevel(n)),
                _ => Err(format!(
                    "Skill Level must be a whole number from 1 to {max}, not '{v}'"
                )),
            }
        }
        "uci_elo" => {
            let v = need_value(&value)?;
            let (min, max) = (ELO[0], ELO[ELO.len() - 1]);
            match v.parse::<u32>() {
                Ok(n) if (min..=max).contains(&n) => Ok(SetOption::Elo(n)),
                _ => Err(format!(
                    "UCI_Elo must be a whole number from {min} to {max}, not '{v}'"
                )),
            }
        }
        _ => {
            let spec = GameId::ALL
                .iter()
                .flat_map(|g| option_specs(*g).iter())
                .find(|s| s.name.eq_ignore_ascii_case(&name))
                .ok_or_else(|| format!("unknown option '{name}'"))?;
            let v = need_value(&value)?;
            let mut check = RuleOptions::default();
            // Validate the value with the game that has the option.
            let game = GameId::ALL
                .into_iter()
                .find(|g| option_specs(*g).iter().any(|s| s.name == spec.name))
                .unwrap_or(GameId::Ultima);
            check
                .set(game, spec.name, &v.to_ascii_lowercase())
                .map_err(|e| e.to_string())?;
            Ok(SetOption::Rule(
                spec.name.to_string(),
                v.to_ascii_lowercase(),
            ))
        }
    }
}

/// The rule options that apply to `game`, given the ones set by `setoption` (as name, value
/// pairs in the order set): the pairs the game does not have are ignored, so that switching
/// `UCI_Variant` keeps them for later.
pub fn rule_options_for(game: GameId, pairs: &[(String, String)]) -> RuleOptions {
    let mut options = RuleOptions::default();
    for (name, value) in pairs {
        // Pairs were validated when set; one of another game is simply not this game's.
        let _ = options.set(game, name, value);
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    #[test]
    fn setoption_forms() {
        let p = |s: &str| parse_setoption(&words(s));
        assert_eq!(
            p("name UCI_Variant value omega"),
            Ok(SetOption::Variant(GameId::Omega))
        );
        assert_eq!(p("name hash value 64"), Ok(SetOption::Hash(64)));
        assert_eq!(p("name Clear Hash"), Ok(SetOption::ClearHash));
        assert_eq!(p("name multipv value 3"), Ok(SetOption::MultiPv(3)));
        assert!(p("name MultiPV value 0").is_err());
        assert!(p("name MultiPV value 65").is_err());
        assert_eq!(p("name Ponder value true"), Ok(SetOption::Ponder(true)));
        assert!(p("name Ponder value maybe").is_err());
        assert_eq!(p("name Threads value 2"), Ok(SetOption::Threads(2)));
        assert!(p("name Threads value 0").is_err());
        assert!(p("name Threads value 65").is_err());
        assert_eq!(p("name Skill Level value 7"), Ok(SetOption::SkillLevel(7)));
        assert_eq!(p("name skill level value 1"), Ok(SetOption::SkillLevel(1)));
        assert!(p("name Skill Level value 0").is_err());
        assert!(p("name Skill Level value 9").is_err());
        assert!(p("name Skill Level value -1").is_err());
        assert_eq!(
            p("name UCI_LimitStrength value true"),
            Ok(SetOption::LimitStrength(true))
        );
        assert_eq!(p("name UCI_Elo value 1700"), Ok(SetOption::Elo(1700)));
        assert!(p("name UCI_Elo value 100").is_err());
        assert!(p("name UCI_Elo value 9999").is_err());
        assert_eq!(
            p("name win value capture"),
            Ok(SetOption::Rule("win".into(), "capture".into()))
        );
        assert!(p("name win value mate").is_err());
        assert!(p("name win").is_err());
        assert!(p("name Colour value red")
            .unwrap_err()
            .contains("unknown option"));
        assert!(p("value 3").is_err());
        assert!(p("name Hash value 0").is_err());
        assert!(p("name UCI_Variant value chess").is_err());
    }

    #[test]
    fn strength_options_pick_a_level() {
        let mut s = Strength::default();
        assert_eq!(s.level(), None, "full strength by default");
        for n in 1..Level::MAX {
            s.skill = n;
            assert_eq!(s.level().map(|l| l.number), Some(n));
        }
        s.skill = Level::MAX;
        assert_eq!(s.level(), None, "level 8 is full strength");
        s.skill = 6;
        // UCI_LimitStrength makes UCI_Elo win over Skill Level: the nearest level.
        s.limit = true;
        s.elo = ELO[2];
        assert_eq!(s.level().map(|l| l.number), Some(3));
        s.elo = ELO[2] - 100;
        assert_eq!(s.level().map(|l| l.number), Some(3));
        s.elo = ELO[1] + 100;
        assert_eq!(s.level().map(|l| l.number), Some(2));
        s.elo = ELO[7];
        assert_eq!(s.level(), None);
        s.limit = false;
        assert_eq!(s.level().map(|l| l.number), Some(6));
    }

    #[test]
    fn options_of_another_game_are_kept_aside() {
        let pairs = vec![("win".to_string(), "capture".to_string())];
        assert_eq!(
            rule_options_for(GameId::Omega, &pairs),
            RuleOptions::default()
        );
        assert_ne!(
            rule_options_for(GameId::Ultima, &pairs),
            RuleOptions::default()
        );
    }

    #[test]
    fn uci_answer_lists_every_option() {
        let lines = option_lines();
        assert!(lines[0].starts_with("option name UCI_Variant type combo default ultima"));
        for spec in option_specs(GameId::Ultima) {
            assert!(lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {} type combo", spec.name))));
        }
    }
}
