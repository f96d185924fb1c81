//! WebAssembly bindings for Baroque, three types grouped by use:
//! - [`WebGame`]: a game in progress speaking the contract's JSON, built by [`WebGame::build`]
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
//! page's catalog) in [`describe`], the table's JSON in [`table`]. Errors reach JavaScript as an
//! `Error` carrying the engine's `code` and `params` (the page words them) and its English
//! message.
//!
//! Everything outside the `#[wasm_bindgen]` blocks is plain Rust and is tested natively with
//! `cargo test -p baroque-web`.

#![deny(missing_docs)]

pub mod board;
pub mod describe;
pub mod editor;
pub mod search;
pub mod table;
pub mod tables;
pub mod threats;
pub mod tree;

pub use search::WebSearcher;
pub use tree::WebTree;

use baroque_engine::report::{move_json, push_json_string, status_json_of};
use baroque_engine::setup::{build_game, SetupError};
use baroque_engine::{Color, Game, MoveError, Role};
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

/// The JSON text `json` (written by this crate or the engine) as a JavaScript value (objects,
/// arrays, numbers): every structured answer crosses the seam as a value, so the page parses
/// no engine text. `null` if the text were not JSON (a bug of its writer; tests check each).
pub(crate) fn value(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap_or(JsValue::NULL)
}

/// A JSON array of strings.
pub(crate) fn json_strings<I: IntoIterator<Item = String>>(items: I) -> String {
    let mut s = String::from("[");
    for (i, it) in items.into_iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_json_string(&mut s, &it);
    }
    s.push(']');
    s
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
    /// [`table::games_json`].
    pub fn games() -> JsValue {
        value(&table::games_json())
    }

    /// The game's record as PGN (docs/pgn.md): `tags` are `Name=value` texts (White, Black,
    /// Date, TimeControl, Termination…); `result` (`white`, `black`, `draw`) overrides the
    /// game's own status, for a resignation, an agreed draw or a loss on time. `tree` (a `Tree`
    /// value, see [`tree`]) adds variations, NAGs and comments: its main line's nodes annotate
    /// the game's moves and may continue past them. Throws an `Error` (`tree-bad-json`,
    /// `tree-bad-move`, `tree-not-the-game`, `tree-too-deep`) for a bad tree.
    pub fn pgn(
        &self,
        tags: Vec<String>,
        result: Option<String>,
        tree: JsValue,
    ) -> Result<String, JsValue> {
        let tree = tree::tree_of_value(&self.game, tree)?;
        Ok(tree::pgn_of(&tree, &tags, result.as_deref()))
    }

    /// Reads game `number` (from 1) of a PGN text (a game without a `Variant` tag is a game of
    /// `variant`) as a value `{games, variant, fen, options, moves, tags, result, tree}` (see
    /// [`tree::read_pgn`]), for the page to build with [`WebGame::build`]. Throws an `Error`
    /// with the reader's `code` (`pgn-bad-move`, …) and `params`.
    #[wasm_bindgen(js_name = readPgn)]
    pub fn read_pgn(text: &str, variant: &str, number: usize) -> Result<JsValue, JsValue> {
        Ok(tree::to_js(&tree::read_pgn(text, variant, number)?))
    }

    /// The variant id.
    pub fn variant(&self) -> String {
        self.game.position().game().as_str().into()
    }

    /// The rule options in force, as an array of `name=value` pairs.
    pub fn options(&self) -> Vec<String> {
        let pos = self.game.position();
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
        value(&status_json_of(&self.game, st))
    }

    /// Every legal move as an array of the contract's move objects.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> JsValue {
        let pos = self.game.position();
        let mut s = String::from("[");
        for (i, m) in pos.legal_moves().iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&move_json(pos, m));
        }
        s.push(']');
        value(&s)
    }

    /// Plays a move given as move text or display notation and returns its move object. The game
    /// is unchanged when the move is refused; the error (`code`, `params`) says why.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsValue> {
        let pos = *self.game.position();
        let m = pos
            .parse_move(text)
            .map_err(|e| JsValue::from(WebError::from(e)))?;
        let json = move_json(&pos, &m);
        self.game.play(&m);
        Ok(value(&json))
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
        Ok(value(&json_strings(
            pos.captures_in_order(m)
                .iter()
                .map(|s| shape.square_name(*s).to_string()),
        )))
    }

    /// The frozen pieces of both sides, as an array of square names.
    pub fn frozen(&self) -> JsValue {
        let pos = self.game.position();
        let shape = pos.shape();
        value(&json_strings(
            pos.frozen()
                .iter()
                .map(|s| shape.square_name(s).to_string()),
        ))
    }

    /// The pieces giving check to the side to move: an array of
    /// `{"from":…,"to":…,"role":…,"name":…,"captures":[…]}`, one per checking piece, with the
    /// move by which it would take the King.
    pub fn checkers(&self) -> JsValue {
        let pos = self.game.position();
        let shape = pos.shape();
        let mut s = String::from("[");
        for (i, m) in pos.checkers().iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let role = pos.piece_at(m.from).map(|p| p.role()).unwrap_or(m.role);
            s.push_str("{\"from\":");
            push_json_string(&mut s, &shape.square_name(m.from).to_string());
            s.push_str(",\"to\":");
            push_json_string(&mut s, &shape.square_name(m.to).to_string());
            s.push_str(",\"role\":");
            push_json_string(&mut s, role.id());
            s.push_str(",\"name\":");
            push_json_string(&mut s, role.name());
            s.push_str(",\"captures\":");
            s.push_str(&json_strings(
                m.captures.iter().map(|c| shape.square_name(c).to_string()),
            ));
            s.push('}');
        }
        s.push(']');
        value(&s)
    }

    /// What the opponent threatens against the side to move: every piece it could capture
    /// with its next move (capturing piece, method, move) and every piece it could freeze
    /// (the value of [`threats::threats_json`]).
    pub fn threats(&self) -> JsValue {
        value(&threats::threats_json(self.game.position()))
    }

    /// The moves played, as an array of `{"move":…,"notation":…,"sentence":…,"captures":[…]}`
    /// (the squares each move emptied, in the rule book's order).
    pub fn history(&self) -> JsValue {
        let positions = self.game.positions();
        let mut s = String::from("[");
        for (i, m) in self.game.moves().iter().enumerate() {
            let (before, after) = (&positions[i], &positions[i + 1]);
            if i > 0 {
                s.push(',');
            }
            s.push_str("{\"move\":");
            push_json_string(&mut s, &before.move_text(m));
            s.push_str(",\"notation\":");
            push_json_string(&mut s, &before.notation(m));
            s.push_str(",\"sentence\":");
            s.push_str(&describe::move_sentence(before, m, after).to_json());
            s.push_str(",\"captures\":");
            let shape = before.shape();
            s.push_str(&json_strings(
                before
                    .captures_in_order(m)
                    .iter()
                    .map(|c| shape.square_name(*c).to_string()),
            ));
            s.push('}');
        }
        s.push(']');
        value(&s)
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
        value(&describe::move_sentence(&ps[n - 1], m, &ps[n]).to_json())
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
        let mut s = String::from("{\"color\":");
        push_json_string(&mut s, p.color().as_str());
        s.push_str(",\"role\":");
        push_json_string(&mut s, p.role().id());
        s.push_str(",\"name\":");
        push_json_string(&mut s, p.role().name());
        s.push('}');
        value(&s)
    }

    /// The whole position in words (a message list, see [`describe`]), for the board's
    /// accessible label.
    pub fn describe(&self) -> JsValue {
        value(&describe::position(self.game.position()).to_json())
    }

    /// The position after the first `ply` moves in words (clamped to the moves played).
    #[wasm_bindgen(js_name = describeAt)]
    pub fn describe_at(&self, ply: usize) -> JsValue {
        let ps = self.game.positions();
        value(&describe::position(&ps[ply.min(ps.len() - 1)]).to_json())
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

    #[test]
    fn json_helpers_write_arrays() {
        assert_eq!(
            json_strings(vec!["a1".to_string(), "b\"".to_string()]),
            "[\"a1\",\"b\\\"\"]"
        );
    }
}
