//! Game records for the page: the PGN of a game ([`pgn_of`]), with the variations, NAGs and
//! comments of a game tree given as JSON, and a PGN text read back as the set-up the page
//! builds its games from ([`read_pgn_json`]: variant, start FEN, options, moves, tags, result
//! and the tree as JSON). Both use the engine's reader and writer (`baroque_engine::pgn`,
//! docs/pgn.md), so the page writes and reads what the CLI does.
//!
//! The tree's JSON (docs/web.md, "Game trees"), read and written alike:
//! `{"comment":"…","line":[node…]}`, a node being `{"move":"e2e5","notation":"Pe2-e5",
//! "nags":[2],"comment":"…","before":"…","variations":[[node…]…]}`: `line` is the main line,
//! each node's `variations` are the lines that are alternatives to it (played from the
//! position before it), `before` a comment before a variation's first move. Empty fields are
//! left out; `notation` is only written.

use baroque_engine::pgn::{self, Annotation, GameTree, NodeId, PgnError};
use baroque_engine::report::push_json_string;
use baroque_engine::{Game, GameId, GameResult};

use crate::json::{self, Value};
use crate::{json_strings, WebError};

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

/// The PGN of `game`; `tags` are `Name=value` texts (the first `=` splits), `result` overrides
/// the game's own status (a resignation, an agreed draw, a loss on time). `tree`, the JSON of
/// the module's documentation, adds variations, NAGs and comments: node `i` of its `line`
/// annotates the game's move `i` (its `move`, if given, must be that move), and nodes past the
/// game's moves continue the main line.
pub fn pgn_of(
    game: &Game,
    tags: &[String],
    result: Option<&str>,
    tree: Option<&str>,
) -> Result<String, WebError> {
    let pairs: Vec<(&str, &str)> = tags.iter().filter_map(|t| t.split_once('=')).collect();
    let tree = match tree {
        Some(text) if !text.trim().is_empty() => tree_from_json(game, text)?,
        _ => GameTree::from_game(game),
    };
    Ok(pgn::write_tree(
        &tree,
        &pairs,
        result.and_then(result_by_name),
    ))
}

/// The game tree of the JSON `text` over `game` (see [`pgn_of`]).
pub fn tree_from_json(game: &Game, text: &str) -> Result<GameTree, WebError> {
    let value = json::parse(text).map_err(|e| {
        WebError::new(
            "tree-bad-json",
            vec![("reason", e.to_string())],
            e.to_string(),
        )
    })?;
    let mut tree = GameTree::from_game(game);
    tree.comment = text_of(&value, "comment");
    let main = tree.main_line();
    let line = value.get("line").and_then(Value::as_array).unwrap_or(&[]);
    read_line(&mut tree, None, line, &main, 0)?;
    Ok(tree)
}

/// The string member `key` of `v`, or "".
fn text_of(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

/// Reads `line` into `tree` from `at`: node `i` is `fixed[i]` when given (the game's own move),
/// else its `move` played; then its annotation and its variations.
fn read_line(
    tree: &mut GameTree,
    at: Option<NodeId>,
    line: &[Value],
    fixed: &[NodeId],
    depth: usize,
) -> Result<(), WebError> {
    let mut at = at;
    for (i, node) in line.iter().enumerate() {
        let ply = tree.game_at(at).moves().len() + 1;
        let text = node.get("move").and_then(Value::as_str);
        let bad_move = |text: &str, e: baroque_engine::MoveError| {
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
        let id = match (fixed.get(i), text) {
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
        append(&mut note.comment, &text_of(node, "comment"));
        append(&mut note.before, &text_of(node, "before"));
        for n in node.get("nags").and_then(Value::as_array).unwrap_or(&[]) {
            if let Value::Number(x) = n {
                if x.fract() == 0.0 && (0.0..=255.0).contains(x) {
                    note.nags.push(*x as u8);
                }
            }
        }
        let variations = node.get("variations").and_then(Value::as_array);
        for v in variations.unwrap_or(&[]) {
            if depth >= pgn::MAX_DEPTH {
                return Err(WebError::new(
                    "tree-too-deep",
                    vec![("limit", pgn::MAX_DEPTH.to_string())],
                    "game tree: variations nested too deep",
                ));
            }
            read_line(tree, at, v.as_array().unwrap_or(&[]), &[], depth + 1)?;
        }
        at = Some(id);
    }
    Ok(())
}

/// Appends `text` to `to`, a space between.
fn append(to: &mut String, text: &str) {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return;
    }
    if !to.is_empty() {
        to.push(' ');
    }
    to.push_str(&text);
}

/// The JSON of `tree` (the module's documentation).
pub fn tree_json(tree: &GameTree) -> String {
    let mut s = String::from("{");
    if !tree.comment.is_empty() {
        s.push_str("\"comment\":");
        push_json_string(&mut s, &tree.comment);
        s.push(',');
    }
    s.push_str("\"line\":");
    push_line(&mut s, tree, tree.children(None).first().copied());
    s.push('}');
    s
}

/// The JSON array of the line from `first`, each node with its variations.
fn push_line(s: &mut String, tree: &GameTree, first: Option<NodeId>) {
    s.push('[');
    let mut next = first;
    let mut comma = false;
    while let Some(id) = next {
        if comma {
            s.push(',');
        }
        comma = true;
        let node = tree.node(id);
        let before = tree.position(node.parent());
        s.push_str("{\"move\":");
        push_json_string(s, &before.move_text(node.mv()));
        s.push_str(",\"notation\":");
        push_json_string(s, &before.notation(node.mv()));
        let Annotation {
            nags,
            comment,
            before: lead,
        } = &node.annotation;
        if !nags.is_empty() {
            s.push_str(",\"nags\":[");
            let list: Vec<String> = nags.iter().map(u8::to_string).collect();
            s.push_str(&list.join(","));
            s.push(']');
        }
        for (key, text) in [("comment", comment), ("before", lead)] {
            if !text.is_empty() {
                s.push_str(",\"");
                s.push_str(key);
                s.push_str("\":");
                push_json_string(s, text);
            }
        }
        let siblings = tree.children(node.parent());
        if siblings.len() > 1 && siblings[0] == id {
            s.push_str(",\"variations\":[");
            for (k, &alt) in siblings[1..].iter().enumerate() {
                if k > 0 {
                    s.push(',');
                }
                push_line(s, tree, Some(alt));
            }
            s.push(']');
        }
        s.push('}');
        next = node.children().first().copied();
    }
    s.push(']');
}

/// Game `number` (from 1) of PGN `text` (games without a `Variant` tag are games of `variant`)
/// as JSON: `{"games":N,"variant":…,"fen":…,"options":[…],"moves":[…],"tags":[[name,value]…],
/// "result":"white"|"black"|"draw"|"ongoing","tree":{…}}`; `fen` is the start position's FEN,
/// `moves` the main line as move text and `tree` the game tree's JSON (module documentation):
/// the main line again with its notation, NAGs, comments and variations.
pub fn read_pgn_json(text: &str, variant: &str, number: usize) -> Result<String, WebError> {
    let default: GameId = variant.parse().unwrap_or(GameId::ALL[0]);
    let games = pgn::read(text, default)?;
    let found = games.len();
    let chosen = match games.into_iter().nth(number.max(1) - 1) {
        Some(g) => g,
        None => {
            return Err(pgn::read_game(text, default, number.max(1))
                .err()
                .map(WebError::from)
                .unwrap_or_else(|| WebError::new("pgn-no-game", vec![], "no game")))
        }
    };
    let game = &chosen.game;
    let start = game.start();
    let positions = game.positions();
    let moves = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, m)| positions[i].move_text(m));
    let options = start
        .options()
        .to_pairs(start.game())
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>();
    let mut s = format!("{{\"games\":{found},\"variant\":");
    push_json_string(&mut s, start.game().as_str());
    s.push_str(",\"fen\":");
    push_json_string(&mut s, &start.fen());
    s.push_str(",\"options\":");
    s.push_str(&json_strings(options));
    s.push_str(",\"moves\":");
    s.push_str(&json_strings(moves));
    s.push_str(",\"tags\":[");
    for (i, (n, v)) in chosen.tags.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push('[');
        push_json_string(&mut s, n);
        s.push(',');
        push_json_string(&mut s, v);
        s.push(']');
    }
    s.push_str("],\"result\":");
    push_json_string(&mut s, result_name(chosen.result));
    s.push_str(",\"tree\":");
    s.push_str(&tree_json(&chosen.tree));
    s.push('}');
    Ok(s)
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
            &g,
            &["White=Ann".into(), "Black=Bo".into()],
            Some("black"),
            None,
        )
        .unwrap();
        assert!(text.contains("[White \"Ann\"]"), "{text}");
        assert!(text.contains("[Result \"0-1\"]"), "{text}");
        assert!(text.contains("[Stalemate \"draw\"]"), "{text}");
        let json = read_pgn_json(&text, "omega", 1).unwrap();
        assert!(
            json.starts_with("{\"games\":1,\"variant\":\"ultima\""),
            "{json}"
        );
        assert!(json.contains("\"moves\":[\"e2e5\",\"d7d4\"]"), "{json}");
        assert!(json.contains("\"stalemate=draw\""), "{json}");
        assert!(json.contains("\"result\":\"black\",\"tree\":{\"line\":[{\"move\":\"e2e5\",\"notation\":\"Pe2-e5\"},"), "{json}");
    }

    #[test]
    fn a_tree_goes_to_pgn_and_comes_back_as_the_same_json() {
        let moves = vec!["e2e5".to_string(), "d7d4".to_string()];
        let g = new_game("ultima", None, &[], &moves).unwrap();
        // The page's tree: the game's moves annotated (no move texts needed), a variation,
        // and the main line continued past the game's moves.
        let tree = r#"{"comment":"Start.","line":[{"nags":[1]},
            {"comment":"solid","variations":[[{"move":"d7d5","nags":[2],"before":"or",
            "variations":[[{"move":"c7c5"}]]},{"move":"f2f5"}]]},{"move":"a2a4","nags":[5]}]}"#;
        let text = pgn_of(&g, &[], None, Some(tree)).unwrap();
        // A variation to a variation's first move is another variation to the same move.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.ends_with(
                "{Start.} 1. Pe2-e5 $1 Pd7-d4 {solid} ({or} 1... Pd7-d5 $2 2. Pf2-f5) (1... Pc7-c5) 2. Pa2-a4 $5 *"
            ),
            "{text}"
        );
        let json = read_pgn_json(&text, "ultima", 1).unwrap();
        let (_, back) = json.split_once("\"tree\":").unwrap();
        let again = pgn_of(&g, &[], None, Some(&back[..back.len() - 1])).unwrap();
        assert_eq!(again, text);
        assert!(back.contains(r#""variations":[[{"move":"d7d5","notation":"Pd7-d5","nags":[2],"before":"or"},{"move":"f2f5","notation":"Pf2-f5"}],[{"move":"c7c5","notation":"Pc7-c5"}]]"#), "{back}");
    }

    #[test]
    fn a_bad_tree_is_refused_with_a_code() {
        let g = new_game("ultima", None, &[], &["e2e5".to_string()]).unwrap();
        let code = |tree: &str| pgn_of(&g, &[], None, Some(tree)).unwrap_err().code;
        assert_eq!(code("{\"line\":["), "tree-bad-json");
        assert_eq!(code(r#"{"line":[{"move":"d2d4"}]}"#), "tree-not-the-game");
        assert_eq!(code(r#"{"line":[{},{"move":"e2e5"}]}"#), "tree-bad-move");
        assert_eq!(code(r#"{"line":[{},{}]}"#), "tree-bad-move");
        let mut deep = String::from(r#"{"line":[{},{"move":"d7d4""#);
        for _ in 0..pgn::MAX_DEPTH + 1 {
            deep.push_str(r#","variations":[[{"move":"d7d5""#);
        }
        deep.push_str(&"}]]".repeat(pgn::MAX_DEPTH + 1));
        deep.push_str("}]}");
        assert_eq!(code(&deep), "tree-too-deep");
        assert!(pgn_of(&g, &[], None, Some("")).is_ok());
    }

    #[test]
    fn a_bad_move_and_a_missing_game_have_codes() {
        let e = read_pgn_json("1. e2e5 zz9 *", "ultima", 1).unwrap_err();
        assert_eq!(e.code, "pgn-bad-move");
        let e = read_pgn_json("1. e2e5 *", "ultima", 3).unwrap_err();
        assert_eq!(e.code, "pgn-no-game");
        assert!(result_by_name("nobody").is_none());
    }
}
