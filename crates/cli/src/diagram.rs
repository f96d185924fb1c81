//! `baroque diagram --svg …`: a standalone SVG picture of a position, in the look of the page's
//! canvas board (crates/web's `board::svg`, which draws with the same glyphs, colours, layout and
//! highlights): the last move, the squares it emptied, frozen pieces, check, the author's marks
//! and arrows (`--marks`, the syntax of `<baroque-board marks>`) and a caption.

use std::io::Write;

use baroque_engine::Color;
use baroque_web::board::config::Config;
use baroque_web::board::notes::parse_notes;
use baroque_web::board::palette::{BoardSet, Named, Theme};
use baroque_web::board::state::{BoardState, Snapshot};
use baroque_web::board::svg::{board_svg, SvgOptions};

use crate::args::{self, Extras};
use crate::error::CliError;

/// The diagram's own flags, taken out of the command line before the set-up flags are parsed.
struct Look {
    size: f64,
    orientation: Color,
    coordinates: bool,
    theme: Theme,
    board: BoardSet,
    marks: String,
    caption: String,
    ply: Option<usize>,
    out: Option<String>,
}

/// The value of a [`Named`] choice given to `flag`, or an error that lists the names.
fn named<T: Named>(flag: &str, v: &str) -> Result<T, CliError> {
    T::parse(v.trim())
        .ok_or_else(|| CliError::usage(format!("bad {flag} '{v}': expected {}", T::choices())))
}

/// Splits `argv` into the diagram's flags and the rest (set-up flags and `--moves`, which must
/// come last and is left whole).
fn split(argv: &[String]) -> Result<(Look, Vec<String>), CliError> {
    let mut look = Look {
        size: 480.0,
        orientation: Color::White,
        coordinates: true,
        theme: Theme::default(),
        board: BoardSet::default(),
        marks: String::new(),
        caption: String::new(),
        ply: None,
        out: None,
    };
    let mut svg = false;
    let mut rest = Vec::new();
    let mut i = 0;
    while i < argv.len() {
        let arg = argv[i].as_str();
        if arg == "--moves" || arg.starts_with("--moves=") {
            rest.extend(argv[i..].iter().cloned());
            break;
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg, None),
        };
        let mut value = |name: &str| -> Result<String, CliError> {
            if let Some(v) = inline.clone() {
                return Ok(v);
            }
            i += 1;
            argv.get(i)
                .cloned()
                .ok_or_else(|| CliError::usage(format!("{name} needs a value")))
        };
        match flag {
            "--svg" => svg = true,
            "--png" => {
                return Err(CliError::usage(
                    "--png is not available: write --svg and convert it (e.g. rsvg-convert)",
                ))
            }
            "--size" => {
                let v = value("--size")?;
                look.size = v
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|s| (64.0..=4096.0).contains(s))
                    .ok_or_else(|| {
                        CliError::usage(format!(
                            "bad --size '{v}': expected pixels from 64 to 4096"
                        ))
                    })?;
            }
            "--orientation" => {
                let v = value("--orientation")?;
                look.orientation = match v.trim() {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => {
                        return Err(CliError::usage(format!(
                            "bad --orientation '{v}': expected 'white' or 'black'"
                        )))
                    }
                };
            }
            "--coordinates" => {
                let v = value("--coordinates")?;
                look.coordinates = match v.trim() {
                    "on" | "true" | "yes" => true,
                    "off" | "false" | "no" => false,
                    _ => {
                        return Err(CliError::usage(format!(
                            "bad --coordinates '{v}': expected 'on' or 'off'"
                        )))
                    }
                };
            }
            "--theme" => look.theme = named("--theme", &value("--theme")?)?,
            "--board" => look.board = named("--board", &value("--board")?)?,
            "--marks" => look.marks = value("--marks")?,
            "--caption" => look.caption = value("--caption")?,
            "--out" | "-o" => look.out = Some(value("--out")?),
            "--ply" => {
                let v = value("--ply")?;
                look.ply = Some(v.trim().parse::<usize>().map_err(|_| {
                    CliError::usage(format!("bad --ply '{v}': expected a number of moves"))
                })?);
            }
            _ => rest.push(argv[i].clone()),
        }
        i += 1;
    }
    if !svg {
        return Err(CliError::usage(
            "diagram needs --svg (the only picture format it writes)",
        ));
    }
    Ok((look, rest))
}

/// Runs `baroque diagram`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let (look, rest) = split(argv)?;
    let parsed = args::parse("diagram", &rest, Extras::NONE)?;
    let game = args::build_game(&parsed.setup)?;
    let played = game.moves().len();
    let ply = look.ply.unwrap_or(played);
    if ply > played {
        return Err(CliError::usage(format!(
            "bad --ply {ply}: only {played} moves were played"
        )));
    }
    let config = Config {
        orientation: look.orientation,
        coordinates: look.coordinates,
        theme: look.theme,
        board_set: look.board,
        ..Config::default()
    };
    let mut state = BoardState::new(Snapshot::from_game_at(&game, ply), config);
    state.notes = parse_notes(state.snap.shape, &look.marks)
        .map_err(|e| CliError::usage(format!("--marks: {e}")))?;
    let title = if look.caption.is_empty() {
        game.positions()[ply].fen()
    } else {
        look.caption.clone()
    };
    let svg = board_svg(
        &state,
        look.size,
        &SvgOptions {
            caption: look.caption,
            title,
        },
    );
    match look.out {
        Some(path) => std::fs::write(&path, svg)
            .map_err(|e| CliError::usage(format!("cannot write {path}: {e}")))?,
        None => out.write_all(svg.as_bytes())?,
    }
    Ok(())
}
