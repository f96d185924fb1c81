//! The move tree for the page: the engine's game tree ([`GameTree`], `baroque_engine::pgn`) as
//! the wasm type [`WebTree`], and game records in and out of PGN with their trees
//! ([`pgn_of`], [`read_pgn`]). The page keeps no model of its own: its moves list, the saved
//! game and the PGN all come from this one tree.
//!
//! A tree crosses the seam as a value (docs/web.md, "Game trees"), read and written alike:
//! `{comment, line: [node…]}`, a node being `{move, notation, nags, comment, before,
//! variations: [[node…]…], id}`: `line` is the main line, each node's `variations` are the
//! lines that are alternatives to it (played from the position before it), `before` a comment
//! before a variation's first move. Empty fields are left out; `notation` and `id` are only
//! written. Values go out through serde-wasm-bindgen (serde derives on this module's structs;
//! the engine stays without dependencies) and are read field by field ([`crate::tree_in`]).
//! Reading goes one level of variations at a time (each level's nested lines are kept as a
//! JavaScript value until the depth is checked), so a value nested deeper than
//! [`pgn::MAX_DEPTH`] is refused before it is read, and a main line of any length is read in a
//! loop.
//!
//! Node ids in JavaScript are numbers: 0 is the start, node `n` is [`NodeId::index`] + 1; an
//! id of a removed node is found no more.

use baroque_engine::clock::TimeControl;
use baroque_engine::pgn::{self, GameTree, NodeId, PgnError};
use baroque_engine::{Game, GameId, GameResult, MoveError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::tree_in::{self, NodeIn};
use crate::{to_js, WebError, WebGame};

impl From<PgnError> for WebError {
    fn from(e: PgnError) -> WebError {
        WebError::new(e.code(), e.params(), e.to_string())
    }
}

/// The result a page names: `white`, `black`, `draw` (or `ongoing`).
pub fn result_by_name(name: &str) -> Option<GameResult> {
    Some(match name {
        "white" => GameResult::White,
        "black" => GameResult::Black,
        "draw" => GameResult::Draw,
        "ongoing" => GameResult::Ongoing,
        _ => return None,
    })
}

/// The page's name of a result.
pub fn result_name(result: GameResult) -> &'static str {
    match result {
        GameResult::White => "white",
        GameResult::Black => "black",
        GameResult::Draw => "draw",
        GameResult::Ongoing => "ongoing",
    }
}

/// A tree as it goes to the page (`Tree` in www/engine/types.js).
#[derive(Serialize, Debug)]
pub struct TreeOut {
    /// The comment before the first move.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// The main line.
    pub line: Vec<NodeOut>,
}

/// A node as it goes to the page (`TreeNode` in www/engine/types.js).
#[derive(Serialize, Debug)]
pub struct NodeOut {
    /// Its id (when asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
    /// The move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The display notation.
    pub notation: String,
    /// NAGs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// The NAGs as glyphs (`!`, `?!`, ` $10`; see [`crate::answers::nag_glyphs`]); with the
    /// ids only (the value the page draws, not the one it stores).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub glyphs: String,
    /// The full-move number it belongs to (the position's FEN counter); with the ids only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// `white` or `black`: the side that plays it; with the ids only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// The comment after the move.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// The comment before it.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub before: String,
    /// The lines that are alternatives to it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<NodeOut>>,
}

/// A node as the page asks for it (`TreeNodeInfo` in www/engine/types.js).
#[derive(Serialize, Debug)]
pub struct NodeInfo {
    /// Its id.
    pub id: u32,
    /// Its parent's id (0: the start).
    pub parent: u32,
    /// The moves after it, the line's own first.
    pub children: Vec<u32>,
    /// The move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The display notation.
    pub notation: String,
    /// Plies from the start.
    pub ply: usize,
    /// Whether it is on the main line.
    pub main: bool,
}

/// A game read from PGN (`PgnGame` in www/engine/types.js).
#[derive(Serialize, Debug)]
pub struct PgnGameOut {
    /// How many games the text holds.
    pub games: usize,
    /// The variant id.
    pub variant: String,
    /// The start position's FEN.
    pub fen: String,
    /// The rule options the record sets that differ from the game's standard, as `name=value`
    /// (the set-up format of `WebGame.build`, a saved game and the page's address).
    pub options: Vec<String>,
    /// The main line as move texts.
    pub moves: Vec<String>,
    /// The tags, in the order written.
    pub tags: Vec<(String, String)>,
    /// `white`, `black`, `draw` or `ongoing`.
    pub result: &'static str,
    /// The game tree.
    pub tree: TreeOut,
    /// The `TimeControl` tag's clock as the engine reads it (`{base, inc}` in ms), or null
    /// without one (no tag, `-`, `?`, or a correspondence game).
    pub clock: Option<ClockOut>,
}

/// A chess clock's time control as the page keeps it (ms).
#[derive(Serialize, Debug, PartialEq)]
pub struct ClockOut {
    /// The time each side starts with.
    pub base: u64,
    /// The time added after each move.
    pub inc: u64,
}

/// The id the page sees for `at`.
fn js_id(at: Option<NodeId>) -> u32 {
    at.map_or(0, |n| n.index() as u32 + 1)
}

/// The PGN tags of value `tags`: an array of `[name, value]` pairs of texts (`undefined` or
/// `null`: none). Anything else is an `Error` with code `pgn-tags-not-pairs`. (Read with
/// `js_sys`, not serde: a deserializer for this one shape would cost the page more bytes.)
pub fn tags_of_value(tags: JsValue) -> Result<Vec<(String, String)>, WebError> {
    use js_sys::Array;
    if tags.is_undefined() || tags.is_null() {
        return Ok(Vec::new());
    }
    let bad = |reason: &str| {
        WebError::new(
            "pgn-tags-not-pairs",
            vec![("reason", reason.to_string())],
            format!("PGN tags: {reason}"),
        )
    };
    if !Array::is_array(&tags) {
        return Err(bad("not an array"));
    }
    let mut out = Vec::new();
    for pair in Array::from(&tags).iter() {
        let p = Array::from(&pair);
        match (p.get(0).as_string(), p.get(1).as_string()) {
            (Some(name), Some(value)) if Array::is_array(&pair) && p.length() == 2 => {
                out.push((name, value))
            }
            _ => return Err(bad("a tag is not a [name, value] pair of texts")),
        }
    }
    Ok(out)
}

/// The game tree of value `tree` over `game`: node `i` of its `line` annotates the game's move
/// `i` (its `move`, if given, must be that move), nodes past the game's moves continue the main
/// line. `undefined` or `null` is the game without notes.
pub fn tree_of_value(game: &Game, tree: JsValue) -> Result<GameTree, WebError> {
    let mut out = GameTree::from_game(game);
    if tree.is_undefined() || tree.is_null() {
        return Ok(out);
    }
    let value = tree_in::tree(&tree)?;
    out.comment = clean(value.comment.as_deref().unwrap_or(""));
    let main = out.main_line();
    read_line(&mut out, None, value.line, &main, 0)?;
    Ok(out)
}

/// Whitespace runs as one space.
fn clean(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Appends `text` to `to`, a space between.
fn append(to: &mut String, text: &str) {
    let text = clean(text);
    if text.is_empty() {
        return;
    }
    if !to.is_empty() {
        to.push(' ');
    }
    to.push_str(&text);
}

/// Reads `line` into `tree` from `at`: node `i` is `fixed[i]` when given (the game's own move),
/// else its `move` played; then its annotation and its variations (one level deeper each).
fn read_line(
    tree: &mut GameTree,
    at: Option<NodeId>,
    line: Vec<NodeIn>,
    fixed: &[NodeId],
    depth: usize,
) -> Result<(), WebError> {
    let mut at = at;
    let base = at.map_or(0, |n| tree.path(n).len());
    for (i, node) in line.into_iter().enumerate() {
        let ply = base + i + 1;
        let bad_move = |text: &str, e: MoveError| {
            WebError::new(
                "tree-bad-move",
                vec![
                    ("ply", ply.to_string()),
                    ("move", text.to_string()),
                    ("reason", e.to_string()),
                    ("cause", e.code().to_string()),
                ],
                format!("game tree, ply {ply}: '{text}': {e}"),
            )
        };
        let id = match (fixed.get(i), node.mv.as_deref()) {
            (Some(&own), None) => own,
            (Some(&own), Some(text)) => {
                let m = tree
                    .position(at)
                    .parse_move(text)
                    .map_err(|e| bad_move(text, e))?;
                if m != *tree.node(own).mv() {
                    return Err(WebError::new(
                        "tree-not-the-game",
                        vec![("ply", ply.to_string()), ("move", text.to_string())],
                        format!("game tree, ply {ply}: '{text}' is not the game's move"),
                    ));
                }
                own
            }
            (None, Some(text)) => tree.play_text(at, text).map_err(|e| bad_move(text, e))?,
            (None, None) => {
                return Err(WebError::new(
                    "tree-bad-move",
                    vec![
                        ("ply", ply.to_string()),
                        ("move", String::new()),
                        ("reason", "no move".into()),
                        ("cause", "tree-no-move".into()),
                    ],
                    format!("game tree, ply {ply}: the node has no move"),
                ))
            }
        };
        let note = tree.annotation_mut(id);
        append(&mut note.comment, node.comment.as_deref().unwrap_or(""));
        append(&mut note.before, node.before.as_deref().unwrap_or(""));
        for x in node.nags {
            if x.fract() == 0.0 && (0.0..=255.0).contains(&x) {
                note.nags.push(x as u8);
            }
        }
        if !(node.variations.is_undefined() || node.variations.is_null()) {
            if depth >= pgn::MAX_DEPTH {
                return Err(WebError::new(
                    "tree-too-deep",
                    vec![("limit", pgn::MAX_DEPTH.to_string())],
                    "game tree: variations nested too deep",
                ));
            }
            let lines = tree_in::lines(&node.variations)?;
            for v in lines {
                read_line(tree, at, v, &[], depth + 1)?;
            }
        }
        at = Some(id);
    }
    Ok(())
}

/// The value of `tree` (the module's documentation), with node ids when `ids`.
pub fn tree_out(tree: &GameTree, ids: bool) -> TreeOut {
    TreeOut {
        comment: tree.comment.clone(),
        line: line_out(tree, tree.children(None).first().copied(), ids),
    }
}

/// The line from `first`, each node with its variations.
fn line_out(tree: &GameTree, first: Option<NodeId>, ids: bool) -> Vec<NodeOut> {
    let mut out = Vec::new();
    let mut next = first;
    while let Some(id) = next {
        let node = tree.node(id);
        let before = tree.position(node.parent());
        let siblings = tree.children(node.parent());
        let variations = if siblings.len() > 1 && siblings[0] == id {
            siblings[1..]
                .iter()
                .map(|alt| line_out(tree, Some(*alt), ids))
                .collect()
        } else {
            Vec::new()
        };
        out.push(NodeOut {
            id: ids.then(|| js_id(Some(id))),
            mv: before.move_text(node.mv()),
            notation: before.notation(node.mv()),
            nags: node.annotation.nags.clone(),
            glyphs: if ids {
                crate::answers::nag_glyphs(&node.annotation.nags)
            } else {
                String::new()
            },
            number: ids.then(|| before.fullmove_number()),
            side: ids.then(|| before.side_to_move().as_str()),
            comment: node.annotation.comment.clone(),
            before: node.annotation.before.clone(),
            variations,
        });
        next = node.children().first().copied();
    }
    out
}

/// The PGN of `game` (docs/pgn.md); `tags` are (name, value) pairs, `result` overrides the game's own status (a resignation, an agreed draw, a loss on time);
/// `tree`'s variations, NAGs and comments are written with its moves.
pub fn pgn_of(tree: &GameTree, tags: &[(String, String)], result: Option<&str>) -> String {
    let pairs: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    pgn::write_tree(tree, &pairs, result.and_then(result_by_name))
}

/// Game `number` (from 1) of PGN `text` (games without a `Variant` tag are games of `variant`),
/// for the page to build its game from: its set-up, tags, result and tree.
pub fn read_pgn(text: &str, variant: &str, number: usize) -> Result<PgnGameOut, WebError> {
    let default: GameId = variant.parse().unwrap_or(GameId::ALL[0]);
    let games = pgn::read(text, default)?;
    let found = games.len();
    let Some(chosen) = games.into_iter().nth(number.max(1) - 1) else {
        return Err(pgn::read_game(text, default, number.max(1))
            .err()
            .map(WebError::from)
            .unwrap_or_else(|| WebError::new("pgn-no-game", vec![], "no game")));
    };
    let game = &chosen.game;
    let start = game.start();
    let positions = game.positions();
    Ok(PgnGameOut {
        games: found,
        variant: start.game().as_str().into(),
        fen: start.fen(),
        options: crate::answers::changed_options(start),
        moves: game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, m)| positions[i].move_text(m))
            .collect(),
        tags: chosen.tags.clone(),
        result: result_name(chosen.result),
        tree: tree_out(&chosen.tree, false),
        clock: match chosen.time_control {
            Some(TimeControl::Clock {
                base_ms,
                increment_ms,
            }) => Some(ClockOut {
                base: base_ms,
                inc: increment_ms,
            }),
            _ => None,
        },
    })
}

/// The engine's game tree for the page: the game's moves are its main line, the moves played
/// away from it are variations (see the module's documentation for the ids and the value).
#[wasm_bindgen]
pub struct WebTree {
    tree: GameTree,
}

impl WebTree {
    /// The node of page id `id` (0: the start), if it is in the tree.
    fn at(&self, id: u32) -> Option<Option<NodeId>> {
        match id {
            0 => Some(None),
            n => self.tree.node_id(n as usize - 1).map(Some),
        }
    }

    /// The tree's own value (for tests of this crate).
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }
}

fn no_node(id: u32) -> JsValue {
    WebError::new(
        "tree-no-node",
        vec![("id", id.to_string())],
        format!("the move tree has no node {id}"),
    )
    .into()
}

#[wasm_bindgen]
impl WebTree {
    /// The tree of `game`'s moves with the variations, NAGs and comments of value `tree`
    /// (a saved game's or `readPgn`'s; none: the moves alone). Throws an `Error` with code
    /// `tree-bad-value` (not a tree's shape), `tree-bad-move`, `tree-not-the-game` or
    /// `tree-too-deep`.
    pub fn of(game: &WebGame, tree: JsValue) -> Result<WebTree, JsValue> {
        Ok(WebTree {
            tree: tree_of_value(&game.game, tree)?,
        })
    }

    /// Makes the main line `game`'s moves (a move where a variation was takes its place, the
    /// old line staying a variation) and drops what followed the game's last move (an undo).
    pub fn sync(&mut self, game: &WebGame) {
        let moves = game.game.moves();
        let same = {
            let main = self.tree.main_line();
            main.len() == moves.len()
                && main
                    .iter()
                    .zip(moves)
                    .all(|(n, m)| self.tree.node(*n).mv() == m)
        };
        if !same {
            self.tree.set_main_line(moves);
        }
    }

    /// The tree as a value (`Tree`), node ids included when `ids` (the moves list's; a saved
    /// game leaves them out).
    pub fn value(&self, ids: bool) -> JsValue {
        to_js(&tree_out(&self.tree, ids))
    }

    /// Plays `text` (move text or notation) after node `at`; returns the node (the one there
    /// already, else a new variation, or the line's continuation where there is none). Throws
    /// the engine's move error, or `tree-no-node`.
    pub fn play(&mut self, at: u32, text: &str) -> Result<u32, JsValue> {
        let node = self.at(at).ok_or_else(|| no_node(at))?;
        let id = self
            .tree
            .play_text(node, text)
            .map_err(|e| JsValue::from(WebError::from(e)))?;
        Ok(js_id(Some(id)))
    }

    /// The game that reaches node `id` (0: the start), made from the positions the tree keeps
    /// (no move is replayed); the caller frees it. Throws `tree-no-node`.
    #[wasm_bindgen(js_name = gameAt)]
    pub fn game_at(&self, id: u32) -> Result<WebGame, JsValue> {
        let node = self.at(id).ok_or_else(|| no_node(id))?;
        Ok(WebGame {
            game: self.tree.game_at(node),
        })
    }

    /// Node `id` as `{id, parent, children, move, notation, ply, main}`, or null (the start, or
    /// no such node).
    pub fn node(&self, id: u32) -> JsValue {
        let Some(Some(n)) = self.at(id) else {
            return JsValue::NULL;
        };
        let node = self.tree.node(n);
        let before = self.tree.position(node.parent());
        to_js(&NodeInfo {
            id,
            parent: js_id(node.parent()),
            children: node.children().iter().map(|c| js_id(Some(*c))).collect(),
            mv: before.move_text(node.mv()),
            notation: before.notation(node.mv()),
            ply: self.tree.path(n).len(),
            main: self.tree.is_main_line(n),
        })
    }

    /// The main line's node ids, from the first move.
    #[wasm_bindgen(js_name = mainLine)]
    pub fn main_line(&self) -> Vec<u32> {
        self.tree
            .main_line()
            .into_iter()
            .map(|n| js_id(Some(n)))
            .collect()
    }

    /// Plies from the start to node `id` when it is on the main line (0: the start), else -1
    /// (a variation's, or no such node).
    #[wasm_bindgen(js_name = mainPly)]
    pub fn main_ply(&self, id: u32) -> i32 {
        match self.at(id) {
            Some(None) => 0,
            Some(Some(n)) if self.tree.is_main_line(n) => self.tree.path(n).len() as i32,
            _ => -1,
        }
    }

    /// Makes the line through node `id` the main line (the game's moves become its moves: the
    /// page rebuilds its game with `gameAt`). Returns whether `id` is a node.
    #[wasm_bindgen(js_name = makeMain)]
    pub fn make_main(&mut self, id: u32) -> bool {
        match self.at(id) {
            Some(Some(n)) => {
                self.tree.make_main_line(n);
                true
            }
            _ => false,
        }
    }

    /// Deletes the variation from node `id` on; returns its parent's id, or nothing when `id`
    /// is on the main line (not deleted) or no node.
    pub fn remove(&mut self, id: u32) -> Option<u32> {
        let n = self.at(id)??;
        if self.tree.is_main_line(n) {
            return None;
        }
        let parent = self.tree.node(n).parent();
        self.tree.remove(n);
        Some(js_id(parent))
    }

    /// Whether the tree holds more than the game's moves (a variation, a NAG or a comment):
    /// whether a saved game needs to keep it.
    #[wasm_bindgen(js_name = hasNotes)]
    pub fn has_notes(&self) -> bool {
        if !self.tree.comment.is_empty() || self.tree.children(None).len() > 1 {
            return true;
        }
        self.tree.main_line().into_iter().any(|n| {
            let node = self.tree.node(n);
            node.children().len() > 1 || !node.annotation.is_empty()
        })
    }

    /// How many moves the tree holds.
    pub fn size(&self) -> usize {
        self.tree.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::new_game;

    #[test]
    fn a_written_record_reads_back_as_the_same_set_up() {
        let moves = vec!["e2e5".to_string(), "d7d4".to_string()];
        let g = new_game("ultima", None, &["stalemate=draw".into()], &moves).unwrap();
        let text = pgn_of(
            &GameTree::from_game(&g),
            &[
                ("White".into(), "Ann".into()),
                ("Black".into(), "Bo".into()),
            ],
            Some("black"),
        );
        assert!(text.contains("[White \"Ann\"]"), "{text}");
        assert!(text.contains("[Result \"0-1\"]"), "{text}");
        assert!(text.contains("[Stalemate \"draw\"]"), "{text}");
        let back = read_pgn(&text, "omega", 1).unwrap();
        assert_eq!((back.games, back.variant.as_str()), (1, "ultima"));
        assert_eq!(back.moves, moves);
        // Only what differs from the game's standard: the set-up of the game page's address.
        assert_eq!(back.options, ["stalemate=draw"]);
        assert_eq!(back.result, "black");
        assert_eq!(back.tree.line[0].notation, "Pe2-e5");
        assert_eq!(back.tags[0], ("Event".to_string(), "?".to_string()));
    }

    #[test]
    fn a_tree_goes_to_pgn_and_back_with_its_variations() {
        let text = "{Start.} 1. Pe2-e5 $1 Pd7-d4 {solid} ({or} 1... Pd7-d5 $2 2. Pf2-f5) (1... Pc7-c5) 2. Pa2-a4 $5 *";
        let game = read_pgn(text, "ultima", 1).unwrap();
        assert_eq!(game.tree.comment, "Start.");
        let d4 = &game.tree.line[1];
        assert_eq!((d4.comment.as_str(), d4.variations.len()), ("solid", 2));
        assert_eq!(d4.variations[0][0].before, "or");
        assert_eq!(d4.variations[0][0].nags, [2]);
        assert_eq!(
            (d4.number, d4.side, d4.glyphs.as_str()),
            (None, None, ""),
            "the stored value: as read"
        );
        // The engine's numbers, sides and NAG glyphs for the page's move list and tree (the
        // value with ids, the one the page draws).
        let shown = tree_out(
            &pgn::read(text, GameId::Ultima).unwrap().remove(0).tree,
            true,
        );
        let d4 = &shown.line[1];
        assert_eq!(
            (d4.number, d4.side, d4.glyphs.as_str()),
            (Some(1), Some("black"), "")
        );
        let f5 = &d4.variations[0][1];
        assert_eq!((f5.number, f5.side), (Some(2), Some("white")));
        assert_eq!(shown.line[0].glyphs, "!");
        assert_eq!(d4.variations[0][0].glyphs, "?");
        assert_eq!(game.clock, None, "no TimeControl tag");
        let timed = read_pgn("[TimeControl \"300+3\"]\n\n1. Pe2-e5 *", "ultima", 1).unwrap();
        assert_eq!(
            timed.clock,
            Some(ClockOut {
                base: 300_000,
                inc: 3_000
            })
        );
        let tree = pgn::read(text, GameId::Ultima).unwrap().remove(0).tree;
        let again = pgn_of(&tree, &[], None);
        let flat = again.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.ends_with(text), "{again}");
    }

    #[test]
    fn a_bad_move_and_a_missing_game_have_codes() {
        let e = read_pgn("1. e2e5 zz9 *", "ultima", 1).unwrap_err();
        assert_eq!(e.code, "pgn-bad-move");
        let e = read_pgn("1. e2e5 *", "ultima", 3).unwrap_err();
        assert_eq!(e.code, "pgn-no-game");
        assert!(result_by_name("nobody").is_none());
    }
}
