//! WebAssembly bindings for Baroque, three types grouped by use:
//! - [`WebGame`]: a game in progress answering in values of the contract's shapes, built by [`WebGame::build`]
//!   (the one builder, from variant + FEN + options + moves) and the game table
//!   ([`WebGame::games`]: variants, titles, roles, start arrays, options);
//! - `BoardView` (wasm32 only): the canvas board, and `BoardView.drawGlyph` for legends;
//! - [`WebSearcher`]: the worker's computer player, and `WebSearcher.levels()`.
//!
//! and one free function, `engineTables()` ([`tables::engine_tables`]): the levels' range, the
//! NAGs' marks and the drag threshold.
//!
//! Each export converts its arguments, makes one engine or board call and converts the answer;
//! the board itself lives in [`board`], the words for screen readers (as message ids for the
//! page's catalog) in [`describe`], the game table in [`table`]. Every structured answer is a
//! Rust value with serde derives ([`answers`], [`table`], [`threats`], [`tree`], …) that
//! crosses the seam as a JavaScript value through serde-wasm-bindgen ([`to_js`]); no JSON text
//! is written or parsed. Errors reach JavaScript as an
//! `Error` carrying the engine's `code` and `params` (the page words them) and its English
//! message.
//!
//! Everything outside the `#[wasm_bindgen]` blocks is plain Rust and is tested natively with
//! `cargo test -p baroque-web`.

#![deny(missing_docs)]

pub mod answers;
pub mod board;
pub mod colors;
pub mod describe;
pub mod editor;
pub mod search;
pub mod table;
pub mod tables;
pub mod threats;
pub mod tree;
pub mod tree_in;

pub use search::WebSearcher;
pub use tree::WebTree;

use baroque_engine::setup::{build_game, SetupError};
use baroque_engine::{Color, Game, MoveError, Role};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// An error for the page: a stable code, named parameters for its message, and English text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebError {
    /// The engine's error code (`"fen-bad-char"`), or the bindings' own.
    pub code: String,
    /// Named parameters of the message.
    pub params: Vec<(String, String)>,
    /// The English message (the engine's `Display`), for the console.
    pub message: String,
}

impl WebError {
    /// An error with `code`, `params` and English `message`.
    pub fn new(code: &str, params: Vec<(&str, String)>, message: impl Into<String>) -> WebError {
        WebError {
            code: code.into(),
            params: params
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            message: message.into(),
        }
    }
}

impl From<SetupError> for WebError {
    fn from(e: SetupError) -> WebError {
        WebError::new(e.code(), e.params(), e.to_string())
    }
}

impl From<MoveError> for WebError {
    fn from(e: MoveError) -> WebError {
        WebError::new(e.code(), e.params(), e.to_string())
    }
}

/// Builds a game with the engine's one builder ([`build_game`]); a blank FEN is the start
/// position.
pub fn new_game(
    variant: &str,
    fen: Option<&str>,
    options: &[String],
    moves: &[String],
) -> Result<Game, WebError> {
    let fen = fen.map(str::trim).filter(|f| !f.is_empty());
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    Ok(build_game(variant, fen, &options, &moves)?)
}

impl From<WebError> for JsValue {
    fn from(e: WebError) -> JsValue {
        let err = js_sys::Error::new(&e.message);
        let params = js_sys::Object::new();
        for (k, v) in &e.params {
            let _ = js_sys::Reflect::set(&params, &k.into(), &v.into());
        }
        // The English text too (the catalog's fallback for a code it does not know).
        let _ = js_sys::Reflect::set(&params, &"message".into(), &e.message.as_str().into());
        let _ = js_sys::Reflect::set(&err, &"code".into(), &e.code.as_str().into());
        let _ = js_sys::Reflect::set(&err, &"params".into(), &params);
        err.into()
    }
}

/// The JavaScript value of an answer (serde-wasm-bindgen): structs become plain objects, vectors
/// arrays, `None` null. Every structured answer of the bindings crosses the seam this way, so the
/// page parses no engine text. (An answer that could not be a value, which the types here never
/// are, is `null`.)
pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(
            &serde_wasm_bindgen::Serializer::new()
                .serialize_maps_as_objects(true)
                .serialize_missing_as_null(true),
        )
        .unwrap_or(JsValue::NULL)
}

/// The serde form of `value` as JSON text: the native tests' view of a value the page gets.
#[cfg(test)]
pub(crate) fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

/// A game in progress, for the page and the AI worker.
#[wasm_bindgen]
pub struct WebGame {
    game: Game,
}

#[wasm_bindgen]
impl WebGame {
    /// The one way to start a game: `variant` (`ultima`, `omega`, `hybrid`) from `fen` (the
    /// start position when absent or blank) with rule options as `name=value` pairs
    /// (`["win=capture", "stalemate=draw"]`), then `moves` played (move text or notation).
    /// Throws an `Error` with the engine's `code` and `params` (and English `message`).
    pub fn build(
        variant: &str,
        fen: Option<String>,
        options: Vec<String>,
        moves: Vec<String>,
    ) -> Result<WebGame, JsValue> {
        new_game(variant, fen.as_deref(), &options, &moves)
            .map(|game| WebGame { game })
            .map_err(JsValue::from)
    }

    /// The game table as a value: every game with its title, start arrays, pieces (role ids, the
    /// glyph and catalog keys, with English names and FEN letters) and rule options; see
    /// [`table::GameEntry`].
    pub fn games() -> JsValue {
        to_js(&table::games())
    }

    /// The game's record as PGN (docs/pgn.md): `tags` are `[name, value]` pairs (White, Black,
    /// Date, TimeControl, Termination…), in the order to write them; `result` (`white`, `black`, `draw`) overrides the
    /// game's own status, for a resignation, an agreed draw or a loss on time. `tree` (a `Tree`
    /// value, see [`tree`]) adds variations, NAGs and comments: its main line's nodes annotate
    /// the game's moves and may continue past them. Throws an `Error` (`tree-bad-value`,
    /// `tree-bad-move`, `tree-not-the-game`, `tree-too-deep`) for a bad tree, or
    /// `pgn-tags-not-pairs` for tags that are not pairs of texts.
    pub fn pgn(
        &self,
        tags: JsValue,
        result: Option<String>,
        tree: JsValue,
    ) -> Result<String, JsValue> {
        let tags = tree::tags_of_value(tags)?;
        let tree = tree::tree_of_value(&self.game, tree)?;
        Ok(tree::pgn_of(&tree, &tags, result.as_deref()))
    }

    /// Reads game `number` (from 1) of a PGN text (a game without a `Variant` tag is a game of
    /// `variant`) as a value `{games, variant, fen, options, moves, tags, result, tree}` (see
    /// [`tree::read_pgn`]), for the page to build with [`WebGame::build`]. Throws an `Error`
    /// with the reader's `code` (`pgn-bad-move`, …) and `params`.
    #[wasm_bindgen(js_name = readPgn)]
    pub fn read_pgn(text: &str, variant: &str, number: usize) -> Result<JsValue, JsValue> {
        Ok(to_js(&tree::read_pgn(text, variant, number)?))
    }

    /// The variant id.
    pub fn variant(&self) -> String {
        self.game.position().game().as_str().into()
    }

    /// The rule options in force, as an array of `name=value` texts: the set-up format that
    /// [`WebGame::build`], a saved game and the page's address take, handed back unopened.
    /// With `changed` true, only those that differ from the game's standard (the first of each
    /// option's values in the game table), for the page to show.
    pub fn options(&self, changed: Option<bool>) -> Vec<String> {
        let pos = self.game.position();
        if changed == Some(true) {
            return answers::changed_options(pos);
        }
        pos.options()
            .to_pairs(pos.game())
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect()
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.game.position().fen()
    }

    /// The FEN the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.game.start().fen()
    }

    /// The side to move in the start position, `"white"` or `"black"`.
    #[wasm_bindgen(js_name = startSide)]
    pub fn start_side(&self) -> String {
        self.game.start().side_to_move().as_str().into()
    }

    /// `"white"` or `"black"`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.game.position().side_to_move().as_str().into()
    }

    /// The status as the contract's object (`{"fen":…,"side":…,"in_check":…,"result":…,"reason":…}`).
    /// Given `flagged` (`"white"` or `"black"`), the status when that side's flag falls: the
    /// engine's rule (`Game::flag_fall`: lost on time, or drawn when the opponent cannot win).
    pub fn status(&self, flagged: Option<String>) -> JsValue {
        let st = match flagged.as_deref() {
            Some("white") => self.game.flag_fall(Color::White),
            Some("black") => self.game.flag_fall(Color::Black),
            _ => self.game.status(),
        };
        to_js(&answers::status(&self.game, st))
    }

    /// Every legal move as an array of the contract's move objects.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> JsValue {
        let pos = self.game.position();
        let moves: Vec<answers::MoveInfo> = pos
            .legal_moves()
            .iter()
            .map(|m| answers::move_info(pos, m))
            .collect();
        to_js(&moves)
    }

    /// Plays a move given as move text or display notation and returns its move object. The game
    /// is unchanged when the move is refused; the error (`code`, `params`) says why.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsValue> {
        let pos = *self.game.position();
        let m = pos
            .parse_move(text)
            .map_err(|e| JsValue::from(WebError::from(e)))?;
        let info = answers::move_info(&pos, &m);
        self.game.play(&m);
        Ok(to_js(&info))
    }

    /// Takes back the last move; returns its move text, or nothing at the start.
    pub fn undo(&mut self) -> Option<String> {
        let m = self.game.undo()?;
        Some(self.game.position().move_text(&m))
    }

    /// Number of moves (plies) played.
    #[wasm_bindgen(js_name = plyCount)]
    pub fn ply_count(&self) -> usize {
        self.game.moves().len()
    }

    /// The squares the move `from`→`to` would capture, as an array of square names (the
    /// capture preview). Throws when there is no such legal move.
    pub fn preview(&self, from: &str, to: &str) -> Result<JsValue, JsError> {
        let pos = self.game.position();
        let shape = pos.shape();
        let (f, t) = match (shape.parse_square(from), shape.parse_square(to)) {
            (Some(f), Some(t)) => (f, t),
            _ => {
                return Err(JsError::new(&format!(
                    "'{from}' or '{to}' is not a square of this board"
                )))
            }
        };
        let legal = pos.legal_moves();
        let m = legal
            .iter()
            .find(|m| m.from == f && m.to == t)
            .ok_or_else(|| JsError::new(&format!("no legal move from {from} to {to}")))?;
        Ok(to_js(&answers::square_names(
            pos,
            &pos.captures_in_order(m),
        )))
    }

    /// The frozen pieces of both sides, as an array of square names.
    pub fn frozen(&self) -> JsValue {
        let pos = self.game.position();
        to_js(&answers::square_names(
            pos,
            &pos.frozen().iter().collect::<Vec<_>>(),
        ))
    }

    /// The pieces giving check to the side to move, one per checking piece with the move by
    /// which it would take the King (see [`answers::Checker`]).
    pub fn checkers(&self) -> JsValue {
        to_js(&answers::checkers(self.game.position()))
    }

    /// What the opponent threatens against the side to move: every piece it could capture
    /// with its next move (capturing piece, method, move) and every piece it could freeze
    /// (see [`threats::Threats`]).
    pub fn threats(&self) -> JsValue {
        to_js(&threats::threats(self.game.position()))
    }

    /// The moves played, each with its notation, its sentence and the squares it emptied in
    /// the rule book's order (see [`answers::PlayedMove`]).
    pub fn history(&self) -> JsValue {
        to_js(&answers::history(&self.game))
    }

    /// The move texts played so far, in order (for the worker's `position … moves`).
    #[wasm_bindgen(js_name = moveTexts)]
    pub fn move_texts(&self) -> Vec<String> {
        let positions = self.game.positions();
        self.game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, m)| positions[i].move_text(m))
            .collect()
    }

    /// The last move in words ("White Pincer Pawn g4 to d4, captures Immobilizer c4 and Pincer
    /// Pawn d5.") as a message (`{id, args}`, see [`describe`]), or null at the start.
    #[wasm_bindgen(js_name = lastSentence)]
    pub fn last_sentence(&self) -> JsValue {
        let n = self.game.moves().len();
        let Some(m) = self.game.moves().last() else {
            return JsValue::NULL;
        };
        let ps = self.game.positions();
        to_js(&describe::move_sentence(&ps[n - 1], m, &ps[n]))
    }

    /// The piece on `square` as `{color, role, name}`, or null when the square is empty or not
    /// a square of this board.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> JsValue {
        let pos = self.game.position();
        let Some(p) = pos
            .shape()
            .parse_square(square.trim())
            .and_then(|sq| pos.piece_at(sq))
        else {
            return JsValue::NULL;
        };
        to_js(&answers::PieceInfo::from(p))
    }

    /// The whole position in words (a message list, see [`describe`]), for the board's
    /// accessible label.
    pub fn describe(&self) -> JsValue {
        to_js(&describe::position(self.game.position()))
    }

    /// The position after the first `ply` moves (clamped to the moves played), from the
    /// positions the game keeps (nothing is replayed): `{fen, side, words}`, `side` the side to
    /// move, `words` the position in words (a message list, see [`describe`]) only when asked.
    #[wasm_bindgen(js_name = positionAt)]
    pub fn position_at_js(&self, ply: usize, words: Option<bool>) -> JsValue {
        to_js(&self.position_info(ply, words == Some(true)))
    }
}

/// A position of the game (`positionAt`).
#[derive(Serialize, Debug)]
pub struct PositionAt {
    /// Its FEN.
    pub fen: String,
    /// `white` or `black`: the side to move.
    pub side: &'static str,
    /// The position in words, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<describe::Words>,
}

impl WebGame {
    /// The position after the first `ply` moves (clamped), with its words when `words`.
    pub fn position_info(&self, ply: usize, words: bool) -> PositionAt {
        let ps = self.game.positions();
        let pos = &ps[ply.min(ps.len() - 1)];
        PositionAt {
            fen: pos.fen(),
            side: pos.side_to_move().as_str(),
            words: words.then(|| describe::position(pos)),
        }
    }
}

/// The PGN `TimeControl` tag of a chess clock of `base_ms` and `increment_ms` (`300+3`), as the
/// engine writes it; a clock out of the engine's bounds is an `Error` with its code
/// (`time-control-base`, …).
#[wasm_bindgen(js_name = timeControlTag)]
pub fn time_control_tag(base_ms: u32, increment_ms: u32) -> Result<String, JsValue> {
    Ok(clock_tag(base_ms, increment_ms)?)
}

/// The tag form of a chess clock (see [`time_control_tag`]).
pub fn clock_tag(base_ms: u32, increment_ms: u32) -> Result<String, WebError> {
    baroque_engine::clock::TimeControl::clock(base_ms.into(), increment_ms.into())
        .map(|tc| tc.to_string())
        .map_err(|e| {
            WebError::new(
                e.code(),
                vec![("value", format!("{base_ms}+{increment_ms}"))],
                e.to_string(),
            )
        })
}

/// The chess clock of the minutes form of the page's dialog and links (`5+3`, `0.25+0`), read by
/// the engine ([`TimeControl::parse_minutes`](baroque_engine::clock::TimeControl::parse_minutes),
/// with its bounds), as `[base_ms, increment_ms]`; `undefined` for a text that is not one (or
/// that names correspondence, which has no clock on the page).
#[wasm_bindgen(js_name = clockOfMinutes)]
pub fn clock_of_minutes(text: &str) -> Option<Vec<u32>> {
    minutes_clock(text).map(|(base, inc)| vec![base, inc])
}

/// The minutes form of a chess clock of `base_ms` and `increment_ms` (`5+3`), as the engine
/// writes it ([`TimeControl::minutes_text`](baroque_engine::clock::TimeControl::minutes_text)),
/// which [`clock_of_minutes`] reads back.
#[wasm_bindgen(js_name = minutesOfClock)]
pub fn minutes_of_clock(base_ms: u32, increment_ms: u32) -> String {
    baroque_engine::clock::TimeControl::Clock {
        base_ms: base_ms.into(),
        increment_ms: increment_ms.into(),
    }
    .minutes_text()
}

/// The chess clock of the minutes form as `(base_ms, increment_ms)` (see [`clock_of_minutes`]).
pub fn minutes_clock(text: &str) -> Option<(u32, u32)> {
    match baroque_engine::clock::TimeControl::parse_minutes(text).ok()? {
        baroque_engine::clock::TimeControl::Clock {
            base_ms,
            increment_ms,
        } => Some((base_ms.try_into().ok()?, increment_ms.try_into().ok()?)),
        baroque_engine::clock::TimeControl::Correspondence { .. } => None,
    }
}

/// The role with identifier `id` (`"long-leaper"`).
pub fn role_by_id(id: &str) -> Option<Role> {
    Role::ALL.iter().copied().find(|r| r.id() == id)
}

/// Installs the panic hook that prints Rust panics to the console (debug aid).
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(feature = "console_error_panic_hook")]
    console_error_panic_hook::set_once();
}

#[cfg(target_arch = "wasm32")]
mod view;
#[cfg(target_arch = "wasm32")]
pub use view::BoardView;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_built_by_the_engine_with_its_error_codes() {
        let e = new_game("chess", None, &[], &[]).unwrap_err();
        assert_eq!(e.code, "variant-unknown");
        assert!(e.message.contains("unknown variant 'chess'"), "{e:?}");
        let e = new_game("ultima", None, &["win=never".into()], &[]).unwrap_err();
        assert_eq!(e.code, "option-bad-value");
        assert!(new_game("ultima", Some("not a fen"), &[], &[]).is_err());
        assert!(new_game("ultima", Some("   "), &[], &[]).is_ok());
        let g = new_game("omega", None, &[], &["e1e4".into(), "w4a7".into()]).unwrap();
        assert_eq!(g.moves().len(), 2);
        let e = new_game("ultima", None, &[], &["e2e5".into(), "a1a5".into()]).unwrap_err();
        assert_eq!(e.params[0], ("ply".to_string(), "2".to_string()));
        assert_eq!(e.params[1], ("move".to_string(), "a1a5".to_string()));
        assert_eq!(role_by_id("long-leaper"), Some(Role::LongLeaper));
        assert_eq!(role_by_id("dragon"), None);
    }

    /// Ultima's start position with Black to move, at full move `number`.
    pub(crate) fn black_first(number: u32) -> String {
        let start = new_game("ultima", None, &[], &[]).unwrap().position().fen();
        let mut fields: Vec<String> = start.split_whitespace().map(String::from).collect();
        fields[1] = "b".into();
        *fields.last_mut().unwrap() = number.to_string();
        fields.join(" ")
    }

    #[test]
    fn the_time_control_tag_is_the_engines() {
        assert_eq!(clock_tag(300_000, 3_000).unwrap(), "300+3");
        assert_eq!(clock_tag(600_000, 0).unwrap(), "600+0");
        assert_eq!(clock_tag(0, 0).unwrap_err().code, "time-control-base");
    }

    #[test]
    fn the_minutes_form_is_the_engines() {
        assert_eq!(minutes_clock("5+3"), Some((300_000, 3_000)));
        assert_eq!(minutes_clock(" 0.25+0 "), Some((15_000, 0)));
        assert_eq!(minutes_clock("2.5+1"), Some((150_000, 1_000)));
        // The engine's bounds: a start of 1 second to 600 minutes, up to 600 seconds a move.
        assert_eq!(minutes_clock("600+600"), Some((36_000_000, 600_000)));
        assert_eq!(minutes_clock("601+0"), None);
        assert_eq!(minutes_clock("5+601"), None);
        assert_eq!(minutes_clock("0+3"), None);
        for bad in ["", "5", "+3", "5+", "five+3", "5+3.5", "-1+0", "1/86400"] {
            assert_eq!(minutes_clock(bad), None, "{bad:?}");
        }
        assert_eq!(clock_of_minutes("5+3"), Some(vec![300_000, 3_000]));
        assert_eq!(minutes_of_clock(300_000, 3_000), "5+3");
        assert_eq!(minutes_of_clock(15_000, 0), "0.25+0");
        assert_eq!(minutes_of_clock(90_000, 2_000), "1.5+2");
        for (base, inc) in [(20_000, 0), (36_000_000, 600_000), (1_000, 0)] {
            assert_eq!(
                minutes_clock(&minutes_of_clock(base, inc)),
                Some((base, inc))
            );
        }
    }

    #[test]
    fn positions_at_a_ply_come_from_the_game() {
        // Black moves first: the side and the FEN after each ply are the engine's.
        let g = WebGame {
            game: new_game(
                "ultima",
                Some(&black_first(1)),
                &[],
                &["a7a4".into(), "h2h5".into()],
            )
            .unwrap(),
        };
        let side = |ply| g.position_info(ply, false).side;
        assert_eq!(
            [side(0), side(1), side(2), side(99)],
            ["black", "white", "black", "black"],
            "clamped at the end"
        );
        let start = g.position_info(0, true);
        assert!(start.fen.contains(" b "), "{}", start.fen);
        assert!(start.words.is_some());
        assert_eq!(g.position_info(2, false).fen, g.game.position().fen());
        assert!(g.position_info(2, false).words.is_none());
    }
}
