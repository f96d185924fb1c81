//! Game records for the page: the PGN of a game ([`pgn_of`]) and a PGN text read back as the
//! set-up the page builds its games from ([`read_pgn_json`]: variant, start FEN, options,
//! moves, tags and result). Both use the engine's reader and writer (`baroque_engine::pgn`,
//! docs/pgn.md), so the page writes and reads what the CLI does.

use baroque_engine::pgn::{self, PgnError};
use baroque_engine::report::push_json_string;
use baroque_engine::{Game, GameId, GameResult};

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
/// the game's own status (a resignation, an agreed draw, a loss on time).
pub fn pgn_of(game: &Game, tags: &[String], result: Option<&str>) -> String {
    let pairs: Vec<(&str, &str)> = tags.iter().filter_map(|t| t.split_once('=')).collect();
    pgn::write(game, &pairs, result.and_then(result_by_name))
}

/// Game `number` (from 1) of PGN `text` (games without a `Variant` tag are games of `variant`)
/// as JSON: `{"games":N,"variant":…,"fen":…,"options":[…],"moves":[…],"tags":[[name,value]…],
/// "result":"white"|"black"|"draw"|"ongoing"}`; `fen` is the start position's FEN and `moves`
/// the main line as move text.
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
        let text = pgn_of(&g, &["White=Ann".into(), "Black=Bo".into()], Some("black"));
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
        assert!(json.ends_with("\"result\":\"black\"}"), "{json}");
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
