//! The match's command line: every flag read into [`Options`], then checked against the
//! chosen variants' rules and a `--pgn` record's start.

use baroque_engine::games::spec as game_spec;
use baroque_engine::pgn;
use baroque_engine::{GameId, Position, RuleOptions};

use super::adjudication::Adjudication;
use super::rules::{draw_rules, ArrayChoice, RuleChoice};
use super::spec::{parse_spec, Spec};
use crate::error::CliError;
use crate::flags::{Arg, Flags};

pub(super) struct Options {
    pub(super) variants: Vec<GameId>,
    /// `--option`, in order.
    pub(super) rules: Vec<RuleChoice>,
    /// `--fen`: where the openings start (one variant only).
    pub(super) fen: Option<String>,
    /// `--start-array`.
    pub(super) array: Option<ArrayChoice>,
    /// `--pgn-out`: where the games are written.
    pub(super) pgn_out: Option<String>,
    /// `--pgn`: the record whose last position starts the games.
    pub(super) pgn: Option<String>,
    /// `--game` (checked after parsing: it needs `--pgn`).
    pub(super) pgn_game: Option<usize>,
    pub(super) games: u32,
    pub(super) a: Spec,
    pub(super) b: Spec,
    pub(super) opening_plies: u32,
    pub(super) max_plies: u32,
    pub(super) seed: u64,
    pub(super) hash_mb: usize,
    pub(super) adjudication: Adjudication,
}

pub(super) fn parse(argv: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        variants: vec![GameId::Ultima],
        rules: Vec::new(),
        fen: None,
        array: None,
        pgn_out: None,
        pgn: None,
        pgn_game: None,
        games: 10,
        a: parse_spec("level=6")?,
        b: parse_spec("greedy")?,
        opening_plies: 4,
        max_plies: 300,
        seed: 1,
        hash_mb: 16,
        adjudication: Adjudication::default(),
    };
    let mut variant_given = false;
    let mut flags = Flags::new(argv);
    while let Some(arg) = flags.next() {
        let flag = match arg {
            Arg::Flag(flag) => flag,
            Arg::Positional(_) => "",
        };
        match flag {
            "--variant" => {
                variant_given = true;
                let value = flags.value()?;
                o.variants = if value == "all" {
                    GameId::ALL.to_vec()
                } else {
                    vec![value
                        .parse::<GameId>()
                        .map_err(|e| CliError::usage(e.to_string()))?]
                }
            }
            "--games" => o.games = flags.number()?.clamp(1, 100_000) as u32,
            "--a" => o.a = parse_spec(flags.value()?)?,
            "--b" => o.b = parse_spec(flags.value()?)?,
            "--opening-plies" => o.opening_plies = flags.number()?.min(40) as u32,
            "--max-plies" => o.max_plies = flags.number()?.clamp(2, 10_000) as u32,
            "--seed" => o.seed = flags.number()?,
            "--hash" => o.hash_mb = flags.number()?.clamp(1, 4096) as usize,
            "--option" => o.rules.push(RuleChoice::parse(flags.value()?)?),
            "--fen" => o.fen = Some(flags.value()?.to_string()),
            "--start-array" => o.array = Some(ArrayChoice::parse(flags.value()?)),
            "--pgn-out" => o.pgn_out = Some(flags.value()?.to_string()),
            "--resign" => {
                let v = Adjudication::parse_list(flag, flags.value()?, &["movecount", "score"])?;
                o.adjudication.resign = Some((v[0] as u32, v[1] as i32));
            }
            "--draw" => {
                let keys = ["movenumber", "movecount", "score"];
                let v = Adjudication::parse_list(flag, flags.value()?, &keys)?;
                o.adjudication.draw = Some((v[0] as u32, v[1] as u32, v[2] as i32));
            }
            "--pgn" => o.pgn = Some(flags.value()?.to_string()),
            "--game" => {
                let n = flags.number()?;
                if n == 0 {
                    return Err(CliError::usage(
                        "bad --game '0': expected a game number from 1",
                    ));
                }
                o.pgn_game = Some(n as usize);
            }
            _ => {
                return Err(CliError::usage(format!(
                    "unknown match argument '{}'; see 'baroque help'",
                    flags.raw()
                )))
            }
        }
    }
    if o.pgn.is_some() {
        start_from_record(&mut o, variant_given)?;
    } else if o.pgn_game.is_some() {
        return Err(CliError::usage(
            "--game needs --pgn: it picks a game of the record",
        ));
    }
    check_rules(&o)?;
    Ok(o)
}

/// `--pgn`: the games start from the record's last position, under its rules, in its game.
/// The record says where and under which rules the games start, so `--fen`, `--start-array`,
/// `--option` and `--variant all` do not go with it.
pub(super) fn start_from_record(o: &mut Options, variant_given: bool) -> Result<(), CliError> {
    let Some(path) = &o.pgn else {
        return Ok(());
    };
    let n = o.pgn_game.unwrap_or(1);
    if o.fen.is_some() || o.array.is_some() || !o.rules.is_empty() || o.variants.len() > 1 {
        return Err(CliError::usage(
            "--pgn gives the start and the rules of the games: it goes without --fen, --start-array, --option and --variant all",
        ));
    }
    let text = crate::args::read_record(path)?;
    let record = pgn::read_game(&text, o.variants[0], n)
        .map_err(|e| CliError::usage(format!("--pgn {path}: {e}")))?;
    let last = record.game.position();
    let id = last.game();
    if variant_given && id != o.variants[0] {
        return Err(CliError::usage(format!(
            "--pgn {path}: the record is a game of {}, not of {}",
            id.as_str(),
            o.variants[0].as_str()
        )));
    }
    o.variants = vec![id];
    o.fen = Some(last.fen());
    let defaults = RuleOptions::default().to_pairs(id);
    o.rules = last
        .options()
        .to_pairs(id)
        .into_iter()
        .zip(defaults)
        .filter(|(a, b)| a != b)
        .map(|((n, v), _)| RuleChoice::Set(n.to_string(), v.to_string()))
        .collect();
    Ok(())
}

/// Refuses options that no chosen variant has, values that are not allowed, and a FEN that is
/// not a position of the (single) variant under the options given.
pub(super) fn check_rules(o: &Options) -> Result<(), CliError> {
    for choice in &o.rules {
        if o.variants.iter().any(|&g| choice.applies_to(g)) {
            continue;
        }
        let Some(name) = choice.name() else {
            return Err(CliError::usage(
                "--option random: the variants chosen have no rule options",
            ));
        };
        // The engine's message for the first variant: it lists the names that exist.
        let mut probe = RuleOptions::default();
        if let Err(e) = probe.set(o.variants[0], name, "") {
            return Err(CliError::usage(format!("--option {}: {e}", choice.text())));
        }
    }
    for &game in &o.variants {
        draw_rules(game, &o.rules, 0)?;
    }
    if let Some(choice @ ArrayChoice::Id(id)) = &o.array {
        if !o.variants.iter().any(|&g| choice.applies_to(g)) {
            let ids: Vec<&str> = o
                .variants
                .iter()
                .flat_map(|&g| game_spec(g).start_arrays.iter().map(|a| a.id))
                .collect();
            return Err(CliError::usage(format!(
                "--start-array: unknown start array '{id}'; the arrays are {}",
                ids.join(", ")
            )));
        }
    }
    if o.array.is_some() && o.fen.is_some() {
        return Err(CliError::usage(
            "--start-array and --fen both say where the games start: give one",
        ));
    }
    if let Some(fen) = &o.fen {
        let [game] = o.variants[..] else {
            return Err(CliError::usage(
                "--fen needs a single --variant (a FEN belongs to one game)",
            ));
        };
        let rules = draw_rules(game, &o.rules, 0)?;
        Position::from_fen(game, fen, rules).map_err(|e| CliError::usage(format!("--fen: {e}")))?;
    }
    Ok(())
}
