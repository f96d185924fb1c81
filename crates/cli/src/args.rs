//! The command line shared by `perft`, `moves`, `status` and `pgn`: which game, from which
//! position, under which rule options, after which moves (README, "The command-line contract"),
//! or from which game record (`--pgn FILE`, `-` for standard input, with `--game N`).
//!
//! The flags are read by the CLI's one reader ([`crate::flags`]): the grammar is a few flags, one
//! switch and at most one positional argument, and every error is one `error:` line naming what
//! was wrong.

use baroque_engine::pgn;
use baroque_engine::setup::{self, SetupError};
use baroque_engine::{Game, GameId, GameResult};

use crate::error::CliError;
use crate::files;
use crate::flags::{Arg, Flags};

/// Where the game starts: the game's start position or a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The start position of the game.
    StartPos,
    /// A position text of the game.
    Fen(String),
}

/// A game set up from the command line: variant, start, options and moves to play.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The game (`--variant`, default `ultima`).
    pub game: GameId,
    /// The first position (`--fen`, default the start position).
    pub start: Start,
    /// The `name=value` pairs of `--option`, in the order given.
    pub options: Vec<String>,
    /// The moves of `--moves`, in order (played after the record's, with `--pgn`).
    pub moves: Vec<String>,
    /// `--pgn`: the game record to start from (`-` for standard input); `game` is then the
    /// variant of a record without a `Variant` tag.
    pub pgn: Option<String>,
    /// `--game`: which game of the record (from 1; default 1).
    pub pgn_game: Option<usize>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            game: GameId::Ultima,
            start: Start::StartPos,
            options: Vec::new(),
            moves: Vec::new(),
            pgn: None,
            pgn_game: None,
        }
    }
}

/// What a command accepts besides the shared flags.
#[derive(Clone, Copy, Debug)]
pub struct Extras {
    /// Whether `--divide` is accepted.
    pub divide: bool,
    /// The name of the one positional argument, if the command takes one (`depth`).
    pub positional: Option<&'static str>,
    /// Whether `--tag Name=value` and `--result R` are accepted (`baroque pgn`).
    pub record: bool,
}

impl Extras {
    /// No extras: the position arguments alone (`moves`, `status`, `diagram`).
    pub const NONE: Extras = Extras {
        divide: false,
        positional: None,
        record: false,
    };
}

/// A parsed command line of `perft`, `moves` or `status`.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    /// The game to set up.
    pub setup: Setup,
    /// Whether `--divide` was given.
    pub divide: bool,
    /// The positional argument, if any.
    pub positional: Option<String>,
    /// `--tag Name=value`, in order.
    pub tags: Vec<(String, String)>,
    /// `--result`.
    pub result: Option<GameResult>,
}

/// Parses the arguments that follow the command name.
pub fn parse(command: &str, args: &[String], extras: Extras) -> Result<Parsed, CliError> {
    let mut parsed = Parsed::default();
    let mut variant: Option<String> = None;
    let mut fen: Option<String> = None;
    let mut flags = Flags::new(args);
    while let Some(arg) = flags.next() {
        let flag = match arg {
            Arg::Flag(flag) => flag,
            Arg::Positional(p) => {
                match extras.positional {
                    Some(_) if parsed.positional.is_none() => parsed.positional = Some(p.to_string()),
                    Some(name) => {
                        return Err(CliError::usage(format!(
                            "unexpected argument '{p}': '{command}' takes one {name}"
                        )))
                    }
                    None => {
                        return Err(CliError::usage(format!(
                            "unexpected argument '{p}': '{command}' takes no positional argument (moves go after --moves)"
                        )))
                    }
                }
                continue;
            }
        };
        match flag {
            "--variant" => {
                if variant.replace(flags.value()?.to_string()).is_some() {
                    return Err(CliError::usage("--variant is given more than once"));
                }
            }
            "--fen" => {
                if fen.replace(flags.value()?.to_string()).is_some() {
                    return Err(CliError::usage("--fen is given more than once"));
                }
            }
            "--option" => parsed.setup.options.push(flags.value()?.to_string()),
            "--pgn" => {
                if parsed
                    .setup
                    .pgn
                    .replace(flags.value()?.to_string())
                    .is_some()
                {
                    return Err(CliError::usage("--pgn is given more than once"));
                }
            }
            "--game" => {
                let v = flags.value()?;
                let n = v.trim().parse::<usize>().ok().filter(|n| *n >= 1);
                let n = n.ok_or_else(|| {
                    CliError::usage(format!("bad --game '{v}': expected a game number from 1"))
                })?;
                parsed.setup.pgn_game = Some(n);
            }
            "--tag" if extras.record => {
                let v = flags.value()?;
                let (name, text) = v
                    .split_once('=')
                    .filter(|(n, _)| is_tag_name(n))
                    .ok_or_else(|| {
                        CliError::usage(format!(
                            "bad --tag '{v}': expected Name=value, the name of letters, digits and _"
                        ))
                    })?;
                parsed.tags.push((name.to_string(), text.to_string()));
            }
            "--result" if extras.record => {
                let v = flags.value()?;
                parsed.result = Some(pgn::parse_result(v.trim()).ok_or_else(|| {
                    CliError::usage(format!(
                        "bad --result '{v}': expected 1-0, 0-1, 1/2-1/2 or *"
                    ))
                })?);
            }
            "--divide" if extras.divide => {
                flags.no_value()?;
                parsed.divide = true;
            }
            "--moves" => {
                let rest = flags.take_rest();
                if let Some((_, inline)) = rest[0].split_once('=') {
                    parsed.setup.moves.extend(split_moves(inline));
                }
                for more in &rest[1..] {
                    parsed.setup.moves.extend(split_moves(more));
                }
            }
            _ => {
                return Err(CliError::usage(format!(
                    "unknown argument '{}' for '{command}' (see 'baroque help')",
                    flags.raw()
                )));
            }
        }
    }
    if let Some(v) = variant {
        parsed.setup.game = v
            .parse::<GameId>()
            .map_err(|e| CliError::usage(e.to_string()))?;
    }
    if let Some(f) = fen {
        parsed.setup.start = Start::Fen(f);
    }
    if parsed.setup.pgn.is_some() {
        if parsed.setup.start != Start::StartPos {
            return Err(CliError::usage(
                "--fen cannot be used with --pgn: the record sets up the game",
            ));
        }
        if !parsed.setup.options.is_empty() {
            return Err(CliError::usage(
                "--option cannot be used with --pgn: the record's tags give the rule options",
            ));
        }
    } else if parsed.setup.pgn_game.is_some() {
        return Err(CliError::usage(
            "--game needs --pgn: it picks a game of the record",
        ));
    }
    Ok(parsed)
}

/// Whether `name` can be a PGN tag name: letters, digits and `_`, starting with a letter.
fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Splits one `--moves` argument into move texts: a quoted list `"e2e5 d7d4"` is several moves.
fn split_moves(arg: &str) -> impl Iterator<Item = String> + '_ {
    arg.split_whitespace().map(str::to_string)
}

impl Setup {
    /// The FEN given, if any.
    pub fn fen(&self) -> Option<&str> {
        match &self.start {
            Start::StartPos => None,
            Start::Fen(f) => Some(f),
        }
    }
}

/// A game set up by the position arguments, with what its record said when it came from one.
pub struct Loaded {
    /// The game.
    pub game: Game,
    /// The tags of the record (none without `--pgn`).
    pub tags: Vec<(String, String)>,
    /// The record's result, when it gave one and no `--moves` were played after it.
    pub result: Option<GameResult>,
    /// The game with the record's variations, NAGs and comments (`--moves` continue its main
    /// line); without `--pgn`, the game's moves alone.
    pub tree: pgn::GameTree,
}

/// The game of `setup`: its first position with every move played, built by the engine's one
/// builder ([`baroque_engine::setup::build_game`]) or read from a record; a bad FEN is named
/// `--fen`, a bad record `--pgn FILE` with the reader's game, line and move, a bad move by its
/// number (from 1) and text.
pub fn build_game(setup: &Setup) -> Result<Game, CliError> {
    load(setup).map(|l| l.game)
}

/// [`build_game`], keeping the record's tags and result.
pub fn load(setup: &Setup) -> Result<Loaded, CliError> {
    let Some(path) = &setup.pgn else {
        return build_from_arguments(setup).map(|game| Loaded {
            tree: pgn::GameTree::from_game(&game),
            game,
            tags: Vec::new(),
            result: None,
        });
    };
    let text = read_record(path)?;
    let record = pgn::read_game(&text, setup.game, setup.pgn_game.unwrap_or(1))
        .map_err(|e| CliError::usage(format!("--pgn {path}: {e}")))?;
    let mut game = record.game;
    let mut tree = record.tree;
    let mut at = tree.main_line().last().copied();
    for (n, text) in setup.moves.iter().enumerate() {
        let m = game
            .play_text(text)
            .map_err(|e| CliError::usage(format!("move {} '{text}': {e}", n + 1)))?;
        at = Some(tree.play(at, &m));
    }
    let result =
        Some(record.result).filter(|r| setup.moves.is_empty() && *r != GameResult::Ongoing);
    Ok(Loaded {
        game,
        tree,
        tags: record.tags,
        result,
    })
}

/// The text of the record at `path` (`-`: standard input), at most [`files::PGN_LIMIT`] bytes.
pub fn read_record(path: &str) -> Result<String, CliError> {
    files::read_text("--pgn", path, files::PGN_LIMIT)
}

fn build_from_arguments(setup: &Setup) -> Result<Game, CliError> {
    let options: Vec<&str> = setup.options.iter().map(String::as_str).collect();
    let moves: Vec<&str> = setup.moves.iter().map(String::as_str).collect();
    setup::build_game(setup.game.as_str(), setup.fen(), &options, &moves).map_err(|e| match e {
        SetupError::Fen(e) => CliError::usage(format!("--fen: {e}")),
        e => CliError::usage(e.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    const PERFT: Extras = Extras {
        divide: true,
        positional: Some("depth"),
        record: false,
    };
    const PLAIN: Extras = Extras::NONE;

    #[test]
    fn flags_take_separate_or_inline_values() {
        let p = parse(
            "perft",
            &strings(&[
                "3",
                "--variant=omega",
                "--fen",
                "x y",
                "--divide",
                "--moves",
                "a b",
                "c",
            ]),
            PERFT,
        )
        .unwrap();
        assert_eq!(p.setup.game, GameId::Omega);
        assert_eq!(p.setup.start, Start::Fen("x y".into()));
        assert!(p.divide);
        assert_eq!(p.positional.as_deref(), Some("3"));
        assert_eq!(p.setup.moves, strings(&["a", "b", "c"]));
    }

    #[test]
    fn errors_name_the_argument() {
        let e = |v: &[&str], x: Extras| parse("status", &strings(v), x).unwrap_err().to_string();
        assert!(e(&["--fen"], PLAIN).contains("--fen needs a value"));
        assert!(e(&["--variant", "--divide"], PERFT).contains("--variant needs a value"));
        assert!(e(&["--divide"], PLAIN).contains("unknown argument '--divide'"));
        assert!(e(&["3"], PLAIN).contains("unexpected argument '3'"));
        assert!(e(&["--variant", "chess"], PLAIN).contains("unknown variant 'chess'"));
        assert!(e(&["--variant", "omega", "--variant", "ultima"], PLAIN).contains("more than once"));
        assert!(e(&["1", "2"], PERFT).contains("takes one depth"));
    }

    #[test]
    fn options_apply_to_the_chosen_game() {
        let with = |game, option: &str| Setup {
            game,
            options: strings(&[option]),
            ..Setup::default()
        };
        assert!(build_game(&with(GameId::Ultima, "win=capture")).is_ok());
        assert!(build_game(&with(GameId::Omega, "win=capture")).is_err());
        assert!(build_game(&with(GameId::Ultima, "win")).is_err());
    }
}
