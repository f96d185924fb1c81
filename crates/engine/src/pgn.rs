//! Game records in PGN (Portable Game Notation), the dialect of `docs/pgn.md`: the writer and
//! the reader that the CLI and the page share.
//!
//! The writer puts out the seven tag roster, `[Variant "…"]` with the game's title, every rule
//! option of the game as a tag (`[Stalemate "draw"]`), `[SetUp "1"]` and `[FEN "…"]` when the
//! game does not start from its standard position under those options, the caller's other tags
//! (`[TimeControl "300+3"]`), then the moves in the rule book's display notation (with its
//! spaces taken out, since PGN separates moves by spaces) with move numbers, and the result.
//!
//! The reader takes display notation or move text, reads comments (`{…}` and `;` to the end of
//! the line), NAGs (`$1`), annotation marks (`!`, `?!`, read as NAGs) and variations (`(…)`,
//! nested) into a [`GameTree`], skips `%` escape lines, reads several games from one text and
//! reports the first bad move with its number. [`write_tree`] writes a tree back with its
//! variations, comments and NAGs.
//!
//! ```
//! use baroque_engine::{pgn, Game, GameId, Position};
//! let mut game = Game::new(Position::start(GameId::Ultima));
//! game.play_text("e2e5").unwrap();
//! let text = pgn::write(&game, &[("White", "Ann")], None);
//! assert!(text.contains("[Variant \"Ultima (Baroque Chess)\"]"));
//! assert!(text.contains("\n1. Pe2-e5 *\n"));
//! let read = pgn::read(&text, GameId::Ultima).unwrap();
//! assert_eq!(read[0].game.moves(), game.moves());
//! assert_eq!(read[0].tag("White"), Some("Ann"));
//! ```

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::clock::{TimeControl, TimeControlError};
use crate::fen::FenError;
use crate::game::{Game, GameResult};
use crate::options::{option_specs, OptionError, RuleOptions};
use crate::piece::Color;
use crate::position::{MoveError, Position};
use crate::GameId;

pub mod tree;
pub use tree::{Annotation, GameTree, Node, NodeId};

/// The seven tag roster, in its order.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The values of the roster's first six tags when the caller gives none ("unknown").
const ROSTER_UNKNOWN: [&str; 6] = ["?", "?", "????.??.??", "?", "?", "?"];

/// The longest movetext line the writer makes (PGN's export format asks for under 80).
const LINE_WIDTH: usize = 79;

/// The deepest nesting of variations the reader takes (a variation inside a variation … this
/// many deep), so that a hostile text cannot exhaust the stack of the writer that writes it
/// back.
pub const MAX_DEPTH: usize = 64;

/// The annotation marks that stand for NAGs 1–6 (PGN standard §10), NAG `n` at index `n - 1`
/// (the page writes a NAG with its mark through the bindings' table, crates/web's `tables.rs`).
pub const MARKS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// The NAG of an annotation mark (`!?` → 5), `None` for other text.
pub fn mark_nag(mark: &str) -> Option<u8> {
    MARKS.iter().position(|m| *m == mark).map(|i| i as u8 + 1)
}

/// The PGN result marker of `result`: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game not over.
pub fn result_marker(result: GameResult) -> &'static str {
    match result {
        GameResult::White => "1-0",
        GameResult::Black => "0-1",
        GameResult::Draw => "1/2-1/2",
        GameResult::Ongoing => "*",
    }
}

/// The result a PGN result marker stands for (`½-½` is read as a draw too).
pub fn parse_result(text: &str) -> Option<GameResult> {
    match text {
        "1-0" => Some(GameResult::White),
        "0-1" => Some(GameResult::Black),
        "1/2-1/2" | "½-½" => Some(GameResult::Draw),
        "*" => Some(GameResult::Ongoing),
        _ => None,
    }
}

/// The tag name of a rule option: its name with a capital first letter (`stalemate` →
/// `Stalemate`). The reader matches tag names to options without regard to case.
pub fn option_tag(option: &str) -> String {
    let mut chars = option.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whether `name` is a PGN tag name (letters, digits and `_`, starting with a letter).
fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The game record of `game`.
///
/// `tags` gives the values of the roster's `Event`, `Site`, `Date`, `Round`, `White` and
/// `Black` (each `?`, or `????.??.??` for the date, when not given) and any further tags, written
/// after the game's own in the order given (`TimeControl`, `Termination`, …). The tags that the
/// game decides — `Result`, `Variant`, `SetUp`, `FEN` and the rule options — are not taken from
/// `tags`, nor are names that are not PGN tag names. `result` overrides the game's own status
/// (a resignation, an agreed draw); without it the result is the status of the last position
/// (`*` while the game is on).
pub fn write(game: &Game, tags: &[(&str, &str)], result: Option<GameResult>) -> String {
    write_tree(&GameTree::from_game(game), tags, result)
}

/// The game record of `tree`: the tags as [`write`] writes them, then the main line with the
/// variations (`(…)`, nested, each after the move it is an alternative to), the NAGs (`$2`) and
/// the comments (`{…}`). Without `result` the result is the status at the end of the main line.
pub fn write_tree(tree: &GameTree, tags: &[(&str, &str)], result: Option<GameResult>) -> String {
    let start = tree.start();
    let id = start.game();
    let options = *start.options();
    let result = result.unwrap_or_else(|| tree.main_game().status().result);
    let given = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let mut out = String::new();
    for (name, unknown) in ROSTER.iter().zip(ROSTER_UNKNOWN) {
        push_tag(&mut out, name, given(name).unwrap_or(unknown));
    }
    push_tag(&mut out, "Result", result_marker(result));
    push_tag(&mut out, "Variant", id.title());
    for (name, value) in options.to_pairs(id) {
        push_tag(&mut out, &option_tag(name), value);
    }
    let fen = start.fen();
    if fen != Position::start_with(id, options).fen() {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &fen);
    }
    for (name, value) in tags {
        if !is_tag_name(name) || is_decided_tag(id, name) || ROSTER.contains(name) {
            continue;
        }
        if name.eq_ignore_ascii_case("TimeControl") {
            // One check of clocks (crate::clock): a value the reader would refuse is left out,
            // a time control is written in its tag form (`300` → `300+0`).
            match TimeControl::from_tag(value) {
                Ok(Some(tc)) => push_tag(&mut out, name, &tc.to_string()),
                Ok(None) => push_tag(&mut out, name, value.trim()),
                Err(_) => {}
            }
            continue;
        }
        push_tag(&mut out, name, value);
    }
    out.push('\n');
    let mut words = Words::new(out);
    words.comment(&tree.comment);
    if let Some(&first) = tree.children(None).first() {
        write_line(tree, first, &mut words);
    }
    words.push(result_marker(result));
    words.finish()
}

/// The movetext being written, in lines of at most [`LINE_WIDTH`] characters (a longer word on
/// a line of its own), with `(` joined to the word after it and `)` to the word before. Words go
/// straight into the text: the writer's memory is the text and the last word (a `)` may still
/// join it), whatever the length of the movetext or of a comment (issue 26: a list of every
/// word took 20 times a long comment's size).
struct Words {
    out: String,
    /// The length of the last line of `out` so far (bytes).
    line: usize,
    /// The last word, not yet in `out`.
    last: String,
    /// The `(`s to put before the next word.
    open: usize,
}

impl Words {
    fn new(out: String) -> Words {
        Words {
            out,
            line: 0,
            last: String::new(),
            open: 0,
        }
    }

    /// Puts the last word in the text: on this line, or on the next if it does not fit.
    fn flush(&mut self) {
        if self.last.is_empty() {
            return;
        }
        if self.line > 0 && self.line + 1 + self.last.len() > LINE_WIDTH {
            self.out.push('\n');
            self.line = 0;
        }
        if self.line > 0 {
            self.out.push(' ');
            self.line += 1;
        }
        self.out.push_str(&self.last);
        self.line += self.last.len();
        self.last.clear();
    }

    /// Starts a new word (after the `(`s due) and returns it to be written.
    fn word(&mut self) -> &mut String {
        self.flush();
        for _ in 0..core::mem::take(&mut self.open) {
            self.last.push('(');
        }
        &mut self.last
    }

    fn push(&mut self, word: &str) {
        self.word().push_str(word);
    }

    fn close(&mut self) {
        self.last.push(')');
    }

    /// `{text}` as words (a `}` in the text is written `)`, which PGN cannot escape).
    fn comment(&mut self, text: &str) {
        let mut parts = text.split_whitespace().peekable();
        let mut first = true;
        while let Some(part) = parts.next() {
            let w = self.word();
            if first {
                w.push('{');
            }
            w.extend(part.chars().map(|c| if c == '}' { ')' } else { c }));
            if parts.peek().is_none() {
                w.push('}');
            }
            first = false;
        }
    }

    /// The text with the last word and the final line break.
    fn finish(mut self) -> String {
        self.flush();
        self.out.push('\n');
        self.out
    }
}

/// Writes the line that starts at `first`: each move with its number where one is due, NAGs and
/// comment, then the variations to it when it continues its parent's line. Without recursion:
/// a stack holds the lines open, as deep as the variations nest (issue 26: a tree nested
/// thousands deep overflowed the stack).
fn write_line(tree: &GameTree, first: NodeId, words: &mut Words) {
    // Each open line: its last move written, the next of that move's variations to write, and
    // whether the line's next move needs its number.
    let mut lines: Vec<(NodeId, usize, bool)> = Vec::new();
    let number = write_move(tree, first, true, words);
    lines.push((first, 1, number));
    while let Some(top) = lines.last_mut() {
        let (node, alt, number) = *top;
        let n = tree.node(node);
        let siblings = tree.children(n.parent());
        if siblings.first() == Some(&node) && alt < siblings.len() {
            *top = (node, alt + 1, true);
            words.open += 1;
            let start = siblings[alt];
            let number = write_move(tree, start, true, words);
            lines.push((start, 1, number));
            continue;
        }
        match n.children().first() {
            Some(&next) => *top = (next, 1, write_move(tree, next, number, words)),
            None => {
                lines.pop();
                if !lines.is_empty() {
                    words.close();
                }
            }
        }
    }
}

/// Writes move `id` with the comment before it, its number (a Black move's only if `number`),
/// its NAGs and its comment; returns whether the next move needs its number.
fn write_move(tree: &GameTree, id: NodeId, mut number: bool, words: &mut Words) -> bool {
    let n = tree.node(id);
    let before = tree.position(n.parent());
    let note = &n.annotation;
    if !note.before.is_empty() {
        words.comment(&note.before);
        number = true;
    }
    let count = before.fullmove_number();
    match before.side_to_move() {
        Color::White => words.push(&format!("{count}.")),
        Color::Black if number => words.push(&format!("{count}...")),
        Color::Black => {}
    }
    words.push(&move_token(before, n.mv()));
    for nag in &note.nags {
        words.push(&format!("${nag}"));
    }
    words.comment(&note.comment);
    !note.comment.is_empty()
}

/// A move as one movetext word: its display notation without spaces (the hybrid's notation
/// has them: `L B10 - H4 x C9` is written `LB10-H4xC9`).
fn move_token(pos: &Position, m: &crate::moves::Move) -> String {
    pos.notation(m)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// Whether the writer decides tag `name` itself for game `id`.
fn is_decided_tag(id: GameId, name: &str) -> bool {
    ["Result", "Variant", "SetUp", "FEN"]
        .iter()
        .any(|t| t.eq_ignore_ascii_case(name))
        || option_specs(id)
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(name))
}

/// Appends `[name "value"]` and a line break, escaping `\` and `"` and flattening line breaks.
fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// One game read from a PGN text.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Every tag, in the order read (values unescaped).
    pub tags: Vec<(String, String)>,
    /// The game: the position its tags set up and the moves of the main line.
    pub game: Game,
    /// The moves with their variations, NAGs and comments (its main line is `game`'s moves).
    pub tree: GameTree,
    /// The result: the movetext's marker, else the `Result` tag, else [`GameResult::Ongoing`].
    pub result: GameResult,
    /// The `TimeControl` tag's clock: `None` without the tag or for `-` (none) and `?`
    /// (unknown); a tag that is not a time control Baroque plays is a
    /// [`PgnErrorKind::BadTimeControl`].
    pub time_control: Option<TimeControl>,
}

impl PgnGame {
    /// The value of tag `name` (the first of that name, compared without regard to case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What is wrong with a PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A tag that is not `[Name "value"]`.
    BadTag(String),
    /// A `Variant` tag that names none of the games.
    UnknownVariant(String),
    /// A rule option tag whose value the game does not allow.
    BadOption {
        /// The tag's name as written.
        tag: String,
        /// Its value.
        value: String,
        /// The option's complaint.
        error: OptionError,
    },
    /// A `FEN` tag that is not a position of the game.
    BadFen(FenError),
    /// A `TimeControl` tag that is not a time control Baroque plays
    /// ([`crate::clock::TimeControl`]).
    BadTimeControl(TimeControlError),
    /// A move that is neither move text nor the notation of a legal move where it stands.
    BadMove {
        /// The move number (as the movetext counts, from the FEN's move number).
        number: u32,
        /// The side whose move it is.
        color: Color,
        /// The move as written.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
    /// A comment, variation or tag that the text ends inside.
    Unterminated(&'static str),
    /// A character that has no place where it stands (a `)` outside a variation, a stray `}`).
    Unexpected(char),
    /// Variations nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// The game asked for is not in the text.
    NoGame {
        /// The game asked for (from 1).
        wanted: usize,
        /// How many games the text holds.
        found: usize,
    },
}

/// A PGN text that cannot be read: what is wrong, in which game (from 1) and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game the error is in, from 1.
    pub game: usize,
    /// The line of the text, from 1 (0 for [`PgnErrorKind::NoGame`]).
    pub line: usize,
    /// What is wrong (boxed: the underlying errors carry their texts).
    pub kind: Box<PgnErrorKind>,
}

impl PgnError {
    /// A stable id of the kind of error, for a message catalog.
    pub fn code(&self) -> &'static str {
        match *self.kind {
            PgnErrorKind::BadTag(_) => "pgn-bad-tag",
            PgnErrorKind::UnknownVariant(_) => "pgn-unknown-variant",
            PgnErrorKind::BadOption { .. } => "pgn-bad-option",
            PgnErrorKind::BadFen(_) => "pgn-bad-fen",
            PgnErrorKind::BadTimeControl(_) => "pgn-bad-time-control",
            PgnErrorKind::BadMove { .. } => "pgn-bad-move",
            PgnErrorKind::Unterminated(_) => "pgn-unterminated",
            PgnErrorKind::Unexpected(_) => "pgn-unexpected",
            PgnErrorKind::TooDeep => "pgn-too-deep",
            PgnErrorKind::NoGame { .. } => "pgn-no-game",
        }
    }

    /// The named parameters of the message: always `game` and `line`, then the kind's own
    /// (`reason` is the English text of the underlying error, `cause` its code, followed by its
    /// own parameters).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        let mut p = alloc::vec![
            ("game", self.game.to_string()),
            ("line", self.line.to_string())
        ];
        match &*self.kind {
            PgnErrorKind::BadTag(text) => p.push(("tag", text.clone())),
            PgnErrorKind::UnknownVariant(v) => p.push(("variant", v.clone())),
            PgnErrorKind::BadOption { tag, value, error } => {
                p.push(("tag", tag.clone()));
                p.push(("value", value.clone()));
                p.push(("reason", error.to_string()));
                p.push(("cause", error.code().to_string()));
                extend_new(&mut p, error.params());
            }
            PgnErrorKind::BadTimeControl(e) => {
                p.push(("reason", e.to_string()));
                p.push(("cause", e.code().to_string()));
                extend_new(&mut p, e.params());
            }
            PgnErrorKind::BadFen(e) => {
                p.push(("reason", e.to_string()));
                p.push(("cause", e.code().to_string()));
                extend_new(&mut p, e.params());
            }
            PgnErrorKind::BadMove {
                number,
                color,
                text,
                error,
            } => {
                p.push(("number", number.to_string()));
                p.push(("color", color.as_str().to_string()));
                p.push(("move", text.clone()));
                p.push(("reason", error.to_string()));
                p.push(("cause", error.code().to_string()));
                extend_new(&mut p, error.params());
            }
            PgnErrorKind::Unterminated(what) => p.push(("what", (*what).to_string())),
            PgnErrorKind::Unexpected(c) => p.push(("char", c.to_string())),
            PgnErrorKind::TooDeep => p.push(("limit", MAX_DEPTH.to_string())),
            PgnErrorKind::NoGame { wanted, found } => {
                p.push(("wanted", wanted.to_string()));
                p.push(("found", found.to_string()));
            }
        }
        p
    }
}

/// Appends the parameters of `more` whose names `p` does not have yet.
fn extend_new(p: &mut Vec<(&'static str, String)>, more: Vec<(&'static str, String)>) {
    for (k, v) in more {
        if !p.iter().any(|(have, _)| *have == k) {
            p.push((k, v));
        }
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::BadTag(text) => {
                write!(f, "bad tag '{text}': expected [Name \"value\"]")
            }
            PgnErrorKind::UnknownVariant(v) => {
                write!(f, "unknown variant '{v}' in the Variant tag; variants are ")?;
                for (i, g) in GameId::ALL.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{} ({})", g.as_str(), g.title())?;
                }
                Ok(())
            }
            PgnErrorKind::BadOption { tag, value, error } => {
                write!(f, "tag [{tag} \"{value}\"]: {error}")
            }
            PgnErrorKind::BadFen(e) => write!(f, "FEN tag: {e}"),
            PgnErrorKind::BadTimeControl(e) => write!(f, "TimeControl tag: {e}"),
            PgnErrorKind::BadMove {
                number,
                color,
                text,
                error,
            } => match error {
                // Not move text: in a PGN it is far more likely meant as notation.
                MoveError::Syntax(_) => write!(
                    f,
                    "move {number} ({}): '{text}' is not the notation of a legal move here, nor move text ({error})",
                    color.as_str()
                ),
                MoveError::Illegal { .. } => {
                    write!(f, "move {number} ({}): {error}", color.as_str())
                }
            },
            PgnErrorKind::Unterminated(what) => {
                write!(f, "the text ends inside a {what}")
            }
            PgnErrorKind::Unexpected(c) => write!(f, "unexpected '{c}'"),
            PgnErrorKind::TooDeep => {
                write!(f, "variations nested more than {MAX_DEPTH} deep")
            }
            PgnErrorKind::NoGame { wanted, found } => {
                write!(f, "there is no game {wanted}: the text holds {found}")
            }
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self.kind {
            PgnErrorKind::NoGame { .. } => write!(f, "{}", self.kind),
            _ => write!(f, "game {}, line {}: {}", self.game, self.line, self.kind),
        }
    }
}

impl core::error::Error for PgnError {}

/// Reads every game of `text`. A game without a `Variant` tag is a game of `default`. The first
/// error ends the reading.
pub fn read(text: &str, default: GameId) -> Result<Vec<PgnGame>, PgnError> {
    let mut reader = Reader::new(text, default);
    let mut games = Vec::new();
    while let Some(g) = reader.next_game()? {
        games.push(g);
    }
    Ok(games)
}

/// Reads game `number` (from 1) of `text`: the games before it are read and checked, the ones
/// after it are not.
pub fn read_game(text: &str, default: GameId, number: usize) -> Result<PgnGame, PgnError> {
    let mut reader = Reader::new(text, default);
    let mut found = 0;
    while let Some(g) = reader.next_game()? {
        found += 1;
        if found == number {
            return Ok(g);
        }
    }
    Err(PgnError {
        game: number,
        line: 0,
        kind: Box::new(PgnErrorKind::NoGame {
            wanted: number,
            found,
        }),
    })
}

/// A piece of PGN text between the skipped parts.
enum Token<'a> {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A move, move number, annotation mark or result marker.
    Word(&'a str),
    /// A comment, `{…}` or `;` to the end of the line, its whitespace runs made one space.
    Comment(String),
    /// `$n` (`None` when the number is not 0–255).
    Nag(Option<u8>),
    /// `(`.
    Open,
    /// `)`.
    Close,
}

/// Reads games one after the other.
struct Reader<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
    /// Line of the next character, from 1.
    line: usize,
    default: GameId,
    /// Games started so far.
    games: usize,
    /// A token read ahead (a tag that starts the next game).
    ahead: Option<(Token<'a>, usize)>,
    /// Characters looked at so far, each time one is (the test of linear reading: every scan
    /// of the text goes through [`Reader::bump`] or [`Reader::line_end`], which count here).
    scanned: usize,
}

/// A game being read: its tags (with their lines), then, from the first move on, its tree and
/// where the reading is in it.
#[derive(Default)]
struct Draft {
    tags: Vec<(String, String)>,
    tag_lines: Vec<usize>,
    tree: Option<GameTree>,
    /// The last move read in the current line (`None`: the line's first move is next).
    at: Option<NodeId>,
    /// Whether the current line has a move yet.
    moved: bool,
    /// The variations open around the current line: where the line outside stood, and the
    /// line of the `(`.
    open: Vec<(Option<NodeId>, usize)>,
    /// Comments read before the first move of the game.
    comment: String,
    /// Comments read at the start of a variation, for its first move.
    before: String,
}

/// [`append`] of a text read, taking it as it is when `to` is empty (a long comment is not
/// copied again).
fn join(to: &mut String, text: String) {
    if to.is_empty() {
        *to = text;
    } else {
        append(to, &text);
    }
}

/// Appends comment `text` to `to`, a space between.
fn append(to: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !to.is_empty() {
        to.push(' ');
    }
    to.push_str(text);
}

impl Draft {
    /// The node that a comment or NAG read now belongs to: the last move of the current line.
    fn annotated(&mut self) -> Option<&mut Annotation> {
        match (self.moved, self.at, self.tree.as_mut()) {
            (true, Some(id), Some(tree)) => Some(tree.annotation_mut(id)),
            _ => None,
        }
    }
}

impl<'a> Reader<'a> {
    fn new(text: &'a str, default: GameId) -> Reader<'a> {
        Reader {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            at: 0,
            line: 1,
            default,
            games: 0,
            ahead: None,
            scanned: 0,
        }
    }

    fn error(&self, line: usize, kind: PgnErrorKind) -> PgnError {
        PgnError {
            game: self.games.max(1),
            line,
            kind: Box::new(kind),
        }
    }

    /// The next game, or `None` at the end of the text.
    fn next_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let mut draft = Draft::default();
        let mut started = false;
        loop {
            let next = match self.ahead.take() {
                Some(t) => Some(t),
                None => self.token()?,
            };
            let Some((token, line)) = next else {
                return if started {
                    self.finish(draft, None).map(Some)
                } else {
                    Ok(None)
                };
            };
            if !started {
                started = true;
                self.games += 1;
            }
            let word = match token {
                Token::Tag(name, value) if draft.tree.is_some() => {
                    // A tag after moves starts the next game (its result was left out).
                    self.ahead = Some((Token::Tag(name, value), line));
                    return self.finish(draft, None).map(Some);
                }
                Token::Tag(name, value) => {
                    // A comment before (or among) the tags is not the game's.
                    draft.comment.clear();
                    draft.tags.push((name, value));
                    draft.tag_lines.push(line);
                    continue;
                }
                Token::Comment(text) => {
                    if let Some(note) = draft.annotated() {
                        join(&mut note.comment, text);
                    } else if draft.open.is_empty() {
                        join(&mut draft.comment, text);
                    } else {
                        join(&mut draft.before, text);
                    }
                    continue;
                }
                Token::Nag(nag) => {
                    if let (Some(nag), Some(note)) = (nag, draft.annotated()) {
                        note.nags.push(nag);
                    }
                    continue;
                }
                Token::Open => {
                    // An alternative to the line's last move: back to the position before it.
                    let (true, Some(last), Some(tree)) = (draft.moved, draft.at, &draft.tree)
                    else {
                        return Err(self.error(line, PgnErrorKind::Unexpected('(')));
                    };
                    if draft.open.len() >= MAX_DEPTH {
                        return Err(self.error(line, PgnErrorKind::TooDeep));
                    }
                    draft.open.push((draft.at, line));
                    draft.at = tree.node(last).parent();
                    draft.moved = false;
                    draft.before.clear();
                    continue;
                }
                Token::Close => {
                    let Some((at, _)) = draft.open.pop() else {
                        return Err(self.error(line, PgnErrorKind::Unexpected(')')));
                    };
                    draft.at = at;
                    draft.moved = true;
                    draft.before.clear();
                    continue;
                }
                Token::Word(word) => word,
            };
            if let Some(result) = parse_result(word) {
                if draft.open.is_empty() {
                    return self.finish(draft, Some(result)).map(Some);
                }
                continue; // a result inside a variation says nothing
            }
            let Some(mv) = strip_move_number(word) else {
                continue;
            };
            let text = mv.trim_end_matches(['!', '?', '+', '#']);
            let mark: String = mv[text.len()..]
                .chars()
                .filter(|c| "!?".contains(*c))
                .collect();
            let nag = mark_nag(&mark);
            if text.is_empty() {
                // An annotation mark on its own.
                if let (Some(nag), Some(note)) = (nag, draft.annotated()) {
                    note.nags.push(nag);
                }
                continue;
            }
            if draft.tree.is_none() {
                let first = self.set_up(&draft)?;
                let mut tree = GameTree::new(first);
                tree.comment = core::mem::take(&mut draft.comment);
                draft.tree = Some(tree);
            }
            let Some(tree) = draft.tree.as_mut() else {
                continue;
            };
            let pos = *tree.position(draft.at);
            let id = tree.play_text(draft.at, text).map_err(|error| {
                self.error(
                    line,
                    PgnErrorKind::BadMove {
                        number: pos.fullmove_number(),
                        color: pos.side_to_move(),
                        text: word.to_string(),
                        error,
                    },
                )
            })?;
            let note = tree.annotation_mut(id);
            join(&mut note.before, core::mem::take(&mut draft.before));
            note.nags.extend(nag);
            draft.at = Some(id);
            draft.moved = true;
        }
    }

    /// The finished game of `draft`, whose movetext ended with `marker` (if it did).
    fn finish(&self, mut draft: Draft, marker: Option<GameResult>) -> Result<PgnGame, PgnError> {
        if let Some(&(_, line)) = draft.open.first() {
            return Err(self.error(line, PgnErrorKind::Unterminated("variation")));
        }
        let tree = match draft.tree.take() {
            Some(t) => t,
            None => {
                let mut tree = GameTree::new(self.set_up(&draft)?);
                tree.comment = core::mem::take(&mut draft.comment);
                tree
            }
        };
        let tagged = draft
            .tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("Result"))
            .and_then(|(_, v)| parse_result(v.trim()));
        let time_control = match draft
            .tags
            .iter()
            .zip(&draft.tag_lines)
            .find(|((n, _), _)| n.eq_ignore_ascii_case("TimeControl"))
        {
            Some(((_, value), &line)) => TimeControl::from_tag(value)
                .map_err(|e| self.error(line, PgnErrorKind::BadTimeControl(e)))?,
            None => None,
        };
        Ok(PgnGame {
            result: marker.or(tagged).unwrap_or(GameResult::Ongoing),
            time_control,
            tags: draft.tags,
            game: tree.main_game(),
            tree,
        })
    }

    /// The first position the tags set up: `Variant` (else the default game), the rule option
    /// tags, and `FEN` (else the start position). An error names the line of its tag.
    fn set_up(&self, draft: &Draft) -> Result<Position, PgnError> {
        let tag = |name: &str| {
            draft
                .tags
                .iter()
                .zip(&draft.tag_lines)
                .find(|((n, _), _)| n.eq_ignore_ascii_case(name))
                .map(|((_, v), line)| (v.trim(), *line))
        };
        let id = match tag("Variant") {
            None => self.default,
            Some((v, line)) => GameId::ALL
                .into_iter()
                .find(|g| g.title().eq_ignore_ascii_case(v))
                .or_else(|| v.parse::<GameId>().ok())
                .ok_or_else(|| self.error(line, PgnErrorKind::UnknownVariant(v.to_string())))?,
        };
        let mut options = RuleOptions::default();
        for ((name, value), &line) in draft.tags.iter().zip(&draft.tag_lines) {
            let Some(spec) = option_specs(id)
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(name))
            else {
                continue;
            };
            options.set(id, spec.name, value.trim()).map_err(|error| {
                self.error(
                    line,
                    PgnErrorKind::BadOption {
                        tag: name.clone(),
                        value: value.clone(),
                        error,
                    },
                )
            })?;
        }
        let first = match tag("FEN") {
            Some((fen, line)) => Position::from_fen(id, fen, options)
                .map_err(|e| self.error(line, PgnErrorKind::BadFen(e)))?,
            None => Position::start_with(id, options),
        };
        Ok(first)
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        self.scanned += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Whether the next character is the first of its line.
    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n'
    }

    /// The byte offset of the end of the line that holds byte `from` (its line break, or the
    /// end of the text).
    fn line_end(&mut self, from: usize) -> usize {
        let rest = &self.text[from..];
        let len = rest.find('\n').unwrap_or(rest.len());
        self.scanned += rest[..len].chars().count();
        from + len
    }

    /// Skips to the end of the line (the line break stays).
    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// The text of a `{…}` comment whose `{` was just read, its whitespace runs made one space.
    fn comment(&mut self) -> Result<String, PgnError> {
        let line = self.line;
        let start = self.at;
        loop {
            match self.bump() {
                Some('}') => return Ok(one_space(&self.text[start..self.at - 1])),
                Some(_) => {}
                None => return Err(self.error(line, PgnErrorKind::Unterminated("comment"))),
            }
        }
    }

    /// The next tag, word, comment, NAG or parenthesis with its line, skipping whitespace and
    /// escape lines.
    fn token(&mut self) -> Result<Option<(Token<'a>, usize)>, PgnError> {
        loop {
            if self.at_line_start() && self.peek() == Some('%') {
                self.skip_line();
                continue;
            }
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            let line = self.line;
            let token = match c {
                c if c.is_whitespace() => {
                    self.bump();
                    continue;
                }
                '{' => {
                    self.bump();
                    Token::Comment(self.comment()?)
                }
                ';' => {
                    let start = self.at + 1;
                    self.skip_line();
                    // A `}` cannot be written inside `{…}`, where the writer puts every comment.
                    Token::Comment(one_space(&self.text[start..self.at]).replace('}', ")"))
                }
                '(' => {
                    self.bump();
                    Token::Open
                }
                ')' => {
                    self.bump();
                    Token::Close
                }
                '[' => self.tag()?,
                '}' | ']' | '"' => return Err(self.error(line, PgnErrorKind::Unexpected(c))),
                '$' => {
                    // A NAG: `$` and its number.
                    self.bump();
                    let start = self.at;
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                    Token::Nag(self.text[start..self.at].parse().ok())
                }
                _ => {
                    let start = self.at;
                    while self
                        .peek()
                        .is_some_and(|c| !c.is_whitespace() && !"[]{}();\"$".contains(c))
                    {
                        self.bump();
                    }
                    Token::Word(&self.text[start..self.at])
                }
            };
            return Ok(Some((token, line)));
        }
    }

    /// A `[Name "value"]` tag, at its `[`.
    fn tag(&mut self) -> Result<Token<'a>, PgnError> {
        let line = self.line;
        let start = self.at;
        self.bump();
        // The tag's text for an error is looked for only on an error: looking for the end of
        // the line at every tag made tags written on one line quadratic (issue 26).
        let bad = |r: &mut Self| {
            let end_of_line = r.line_end(start);
            r.error(
                line,
                PgnErrorKind::BadTag(r.text[start..end_of_line].trim().to_string()),
            )
        };
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let name_start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let name = self.text[name_start..self.at].to_string();
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if !is_tag_name(&name) || self.bump() != Some('"') {
            return Err(bad(self));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    Some(c @ ('\\' | '"')) => value.push(c),
                    _ => return Err(bad(self)),
                },
                Some('"') => break,
                Some('\n') | None => {
                    return Err(self.error(line, PgnErrorKind::Unterminated("tag")))
                }
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some(']') {
            return Err(bad(self));
        }
        Ok(Token::Tag(name, value))
    }
}

/// `text` with its whitespace runs made one space and none at either end.
fn one_space(text: &str) -> String {
    let mut out = String::new();
    for part in text.split_whitespace() {
        append(&mut out, part);
    }
    out
}

/// The move in `word` without its move number (`12.`, `12...`, `12.e4`), or `None` when the
/// word is only a move number (or only dots).
fn strip_move_number(word: &str) -> Option<&str> {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.is_empty() {
        return None; // a bare number
    }
    let digits = word.len() - rest.len();
    let after = rest.trim_start_matches('.');
    if after.len() == rest.len() {
        return Some(word); // no dot after the digits: a move (Omega's `0-0`)
    }
    if digits == 0 && after.is_empty() {
        return None; // dots alone
    }
    if after.is_empty() {
        None
    } else {
        Some(after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_are_taken_off_moves() {
        assert_eq!(strip_move_number("12."), None);
        assert_eq!(strip_move_number("12..."), None);
        assert_eq!(strip_move_number("..."), None);
        assert_eq!(strip_move_number("7"), None);
        assert_eq!(strip_move_number("12.e4"), Some("e4"));
        assert_eq!(strip_move_number("3...Pd7-d4"), Some("Pd7-d4"));
        assert_eq!(strip_move_number("0-0"), Some("0-0"));
        assert_eq!(strip_move_number("e2e5"), Some("e2e5"));
        assert_eq!(strip_move_number("a10b9"), Some("a10b9"));
    }

    /// The characters the reader looks at to read the games of `text` (up to an error).
    fn scanned(text: &str) -> usize {
        let mut reader = Reader::new(text, GameId::Ultima);
        while let Ok(Some(_)) = reader.next_game() {}
        reader.scanned
    }

    #[test]
    fn the_reader_looks_at_each_character_a_bounded_number_of_times() {
        // Issue 26: tags written on one line took quadratic time (each tag looked for the end
        // of its line: 40,000 tags on one line, 12 s). Every shape of text is read in time
        // linear in its length: the reader looks at each character at most twice.
        let repeat = |n: usize, f: &dyn Fn(usize) -> String| (0..n).map(f).collect::<String>();
        let shapes = [
            (
                "tags on one line",
                repeat(3000, &|i| format!("[T{i} \"v\"]")) + "\n\n1. e2e5 *",
            ),
            (
                "tags one a line",
                repeat(3000, &|i| format!("[T{i} \"v\"]\n")) + "\n1. e2e5 *",
            ),
            (
                "a long comment",
                format!("1. e2e5 {{{}}} *", "word ".repeat(50_000)),
            ),
            (
                "; comments",
                format!("1. e2e5 {} *", "; a comment\n".repeat(3000)),
            ),
            ("NAGs", format!("1. e2e5 {} *", "$1 ".repeat(10_000))),
            (
                "games",
                repeat(1000, &|_| "[Round \"1\"]\n1. e2e5 d7d4 *\n\n".to_string()),
            ),
            (
                "variations",
                format!("1. e2e5 {} *", "(1. d2d5) ".repeat(5000)),
            ),
            (
                "nested",
                format!("1. e2e5 {}{} *", "(1. d2d5 ".repeat(60), ")".repeat(60)),
            ),
            ("a long word", format!("1. e2e5 {} *", "x".repeat(100_000))),
            (
                "a long tag",
                format!("[Event \"{}\"] *", "x".repeat(100_000)),
            ),
            ("a bad tag", format!("[Event {}\"] *", "x".repeat(100_000))),
        ];
        for (name, text) in &shapes {
            let chars = text.chars().count();
            let n = scanned(text);
            assert!(n <= 2 * chars, "{name}: {n} looks at {chars} characters");
        }
    }

    #[test]
    fn tags_are_escaped_and_flattened() {
        let mut s = String::new();
        push_tag(&mut s, "White", "A \"B\" \\ C\nD");
        assert_eq!(s, "[White \"A \\\"B\\\" \\\\ C D\"]\n");
        assert_eq!(option_tag("stalemate"), "Stalemate");
        assert!(is_tag_name("TimeControl") && !is_tag_name("1x") && !is_tag_name("a b"));
    }
}
