//! `baroque diagram --svg|--png …`: a standalone picture of a position, in the look of the
//! page's canvas board (crates/web's `board::svg`, which draws with the same glyphs, colours,
//! layout and highlights): the last move, the squares it emptied, frozen pieces, check, the
//! author's marks and arrows (`--marks`, the syntax of `<baroque-board marks>`) and a caption.
//! `--png` renders that same SVG with resvg (see [`png`]).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use baroque_board::config::Config;
use baroque_board::notes::parse_notes;
use baroque_board::palette::{BoardSet, Named, Theme};
use baroque_board::state::{BoardState, Snapshot};
use baroque_board::svg::{board_svg, SvgOptions};
use baroque_engine::Color;

use crate::args::{self, Extras};
use crate::error::CliError;
use crate::files;
use crate::flags::{Arg, Flags};

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
    format: Format,
    fonts: Vec<PathBuf>,
}

/// The picture format written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Svg,
    Png,
}

/// The fonts `--png` loads when no `--font` is given, in this order (Debian's paths: packages
/// fonts-dejavu-core, fonts-wqy-microhei, fonts-noto-cjk). The first is the text's font; a
/// character it lacks (a Chinese caption) comes from the first later font that has it. Only
/// these files are read, never a font directory, so the picture is the same on every machine
/// that has them.
pub const DEFAULT_FONTS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
];

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
        format: Format::Svg,
        fonts: Vec::new(),
    };
    let mut format = None;
    let mut rest = Vec::new();
    let mut flags = Flags::new(argv);
    while let Some(arg) = flags.next() {
        let flag = match arg {
            Arg::Flag(flag) => flag,
            Arg::Positional(p) => {
                rest.push(p.to_string());
                continue;
            }
        };
        let mut value = || flags.value().map(str::to_string);
        match flag {
            "--moves" => {
                rest.extend(flags.take_rest().iter().cloned());
                break;
            }
            "--svg" | "--png" => {
                flags.no_value()?;
                let f = if flag == "--svg" {
                    Format::Svg
                } else {
                    Format::Png
                };
                if format.is_some_and(|g| g != f) {
                    return Err(CliError::usage("give one of --svg and --png"));
                }
                format = Some(f);
            }
            "--font" => look.fonts.push(PathBuf::from(value()?)),
            "--size" => {
                let v = value()?;
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
                let v = value()?;
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
                let v = value()?;
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
            "--theme" => look.theme = named("--theme", &value()?)?,
            "--board" => look.board = named("--board", &value()?)?,
            "--marks" => look.marks = value()?,
            "--caption" => look.caption = value()?,
            "--out" | "-o" => look.out = Some(value()?),
            "--ply" => {
                let v = value()?;
                look.ply = Some(v.trim().parse::<usize>().map_err(|_| {
                    CliError::usage(format!("bad --ply '{v}': expected a number of moves"))
                })?);
            }
            _ => rest.push(flags.raw().to_string()),
        }
    }
    look.format = format.ok_or_else(|| {
        CliError::usage("diagram needs --svg or --png (the picture format to write)")
    })?;
    if !look.fonts.is_empty() && look.format == Format::Svg {
        return Err(CliError::usage(
            "--font is for --png (an SVG names its fonts; the viewer draws them)",
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
    let bytes = match look.format {
        Format::Svg => svg.into_bytes(),
        Format::Png => png(&svg, &look.fonts)?,
    };
    match look.out {
        Some(path) => std::fs::write(&path, bytes)
            .map_err(|e| CliError::usage(format!("cannot write {path}: {e}")))?,
        None => out.write_all(&bytes)?,
    }
    Ok(())
}

/// The fonts for `--png`: the `--font` files (each must load), else those of [`DEFAULT_FONTS`]
/// that exist, in order.
fn font_db(fonts: &[PathBuf]) -> Result<resvg::usvg::fontdb::Database, CliError> {
    let mut db = resvg::usvg::fontdb::Database::new();
    let given = !fonts.is_empty();
    let paths: Vec<PathBuf> = if given {
        fonts.to_vec()
    } else {
        DEFAULT_FONTS.iter().map(PathBuf::from).collect()
    };
    for path in paths {
        let read = files::read_bounded("--font", &path.to_string_lossy(), files::FONT_LIMIT);
        // A given font must load; a default one that is missing is skipped.
        let data = match read {
            Ok(data) => data,
            Err(e) if given => return Err(e),
            Err(_) => continue,
        };
        let before = db.len();
        db.load_font_data(data);
        if given && db.len() == before {
            return Err(CliError::usage(format!(
                "--font {}: not a font file (TrueType, OpenType or a collection)",
                path.display()
            )));
        }
    }
    Ok(db)
}

/// `svg` rendered as a PNG of its own size, with resvg. Text (coordinates, the caption) is set
/// in the fonts of [`font_db`]: the first one loaded stands for the SVG's `sans-serif`. A
/// picture with text but no font is refused rather than written without its words.
fn png(svg: &str, fonts: &[PathBuf]) -> Result<Vec<u8>, CliError> {
    use resvg::{tiny_skia, usvg};
    let db = font_db(fonts)?;
    let family = db
        .faces()
        .next()
        .and_then(|f| f.families.first())
        .map(|(name, _)| name.clone());
    if family.is_none() && svg.contains("<text") {
        return Err(CliError::usage(format!(
            "--png needs a font for the picture's text (coordinates, caption): none of {} \
             exists; install fonts-dejavu-core, pass --font FILE, or use --coordinates off \
             without --caption",
            DEFAULT_FONTS.join(", ")
        )));
    }
    let mut db = db;
    let mut options = usvg::Options::default();
    if let Some(family) = family {
        db.set_sans_serif_family(family.clone());
        options.font_family = family;
    }
    options.fontdb = Arc::new(db);
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| CliError::usage(format!("cannot render the picture: {e}")))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| CliError::usage("cannot render the picture: empty size"))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| CliError::usage(format!("cannot encode the PNG: {e}")))
}
