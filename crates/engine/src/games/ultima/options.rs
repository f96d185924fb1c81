//! Ultima's rule options (ultima.md §8): each option's name, its allowed values (the rule book's
//! default first) and which [`RuleOptions`] field it sets.

use crate::games::OptionSpec;
use crate::options::{
    ChameleonRule, ImmobilizerRule, LeaperRule, RuleOptions, StalemateRule, WinRule,
};

/// The options in rule-book order.
pub(crate) const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "win",
        values: &["checkmate", "capture"],
        get: |o| (o.win == WinRule::Capture) as usize,
        set: |o, i| o.win = [WinRule::Checkmate, WinRule::Capture][i],
    },
    OptionSpec {
        name: "stalemate",
        values: &["loss", "draw"],
        get: |o| (o.stalemate == StalemateRule::Draw) as usize,
        set: |o, i| o.stalemate = [StalemateRule::Loss, StalemateRule::Draw][i],
    },
    OptionSpec {
        name: "immobilizer",
        values: &["classic", "pure"],
        get: |o| (o.immobilizer == ImmobilizerRule::Pure) as usize,
        set: |o, i| o.immobilizer = [ImmobilizerRule::Classic, ImmobilizerRule::Pure][i],
    },
    OptionSpec {
        name: "suicide",
        values: &["on", "off"],
        get: |o| (!o.suicide) as usize,
        set: |o, i| o.suicide = i == 0,
    },
    OptionSpec {
        name: "chameleon",
        values: &["combined", "pure"],
        get: |o| (o.chameleon == ChameleonRule::Pure) as usize,
        set: |o, i| o.chameleon = [ChameleonRule::Combined, ChameleonRule::Pure][i],
    },
    OptionSpec {
        name: "leaper",
        values: &["multi", "single"],
        get: |o| (o.leaper == LeaperRule::Single) as usize,
        set: |o, i| o.leaper = [LeaperRule::Multi, LeaperRule::Single][i],
    },
];

/// Whether the King may not be left capturable: not under `win=capture` (ultima.md §7.3).
pub(crate) fn check_rule(options: &RuleOptions) -> bool {
    options.win == WinRule::Checkmate
}
