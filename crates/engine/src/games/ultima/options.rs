//! Ultima's rule options (ultima.md §8): each option's name, its allowed values (the rule book's
//! default first) and which [`RuleOptions`] field it sets.

use crate::games::OptionSpec;
use crate::options::{
    ChameleonRule, ImmobilizerRule, LeaperRule, RuleOptions, StalemateRule, WinRule,
};

/// One option of `RuleOptions::$field`: its values, default first, each with the field's value.
macro_rules! option {
    ($name:literal, $field:ident, [$($text:literal => $value:expr),+]) => {
        OptionSpec {
            name: $name,
            values: &[$($text),+],
            get: |o| [$($value),+].iter().position(|v| *v == o.$field).unwrap_or(0),
            set: |o, i| o.$field = [$($value),+][i],
        }
    };
}

/// The options in rule-book order.
pub(crate) const OPTIONS: &[OptionSpec] = &[
    option!("win", win, ["checkmate" => WinRule::Checkmate, "capture" => WinRule::Capture]),
    option!("stalemate", stalemate, ["loss" => StalemateRule::Loss, "draw" => StalemateRule::Draw]),
    option!("immobilizer", immobilizer, [
        "classic" => ImmobilizerRule::Classic,
        "pure" => ImmobilizerRule::Pure
    ]),
    option!("suicide", suicide, ["on" => true, "off" => false]),
    option!("chameleon", chameleon, [
        "combined" => ChameleonRule::Combined,
        "pure" => ChameleonRule::Pure
    ]),
    option!("leaper", leaper, ["multi" => LeaperRule::Multi, "single" => LeaperRule::Single]),
];

/// Whether the King may not be left capturable: not under `win=capture` (ultima.md §7.3).
pub(crate) fn check_rule(options: &RuleOptions) -> bool {
    options.win == WinRule::Checkmate
}
