//! The contract's JSON shapes (`baroque moves`, `baroque status`), written without a JSON
//! library so that the CLI, the web bindings and the worker print the same bytes.
//!
//! ```
//! use baroque_engine::{report, Game, GameId, Position};
//! let g = Game::new(Position::start(GameId::Ultima));
//! let s = report::status_json(&g);
//! assert!(s.starts_with("{\"fen\":\"clxwkxli/"));
//! assert!(s.ends_with("\"result\":\"ongoing\",\"reason\":null}"));
//! ```

use alloc::string::{String, ToString};
use core::fmt::Write;

use crate::game::Game;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Appends `s` as a JSON string literal.
pub fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// One legal move of `pos` as the contract's JSON object:
/// `{"move":…,"from":…,"to":…,"captures":[…],"promotion":…,"suicide":…,"notation":…}`.
pub fn move_json(pos: &Position, m: &Move) -> String {
    let shape = pos.shape();
    let mut s = String::with_capacity(128);
    s.push_str("{\"move\":");
    push_json_string(&mut s, &pos.move_text(m));
    s.push_str(",\"from\":");
    push_json_string(&mut s, &shape.square_name(m.from).to_string());
    s.push_str(",\"to\":");
    push_json_string(&mut s, &shape.square_name(m.to).to_string());
    s.push_str(",\"captures\":[");
    for (i, sq) in pos.captures_in_order(m).iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_json_string(&mut s, &shape.square_name(*sq).to_string());
    }
    s.push_str("],\"promotion\":");
    match promotion(pos, m) {
        Some(p) => push_json_string(&mut s, &p),
        None => s.push_str("null"),
    }
    let _ = write!(s, ",\"suicide\":{}", m.kind == MoveKind::Suicide);
    s.push_str(",\"notation\":");
    push_json_string(&mut s, &pos.notation(m));
    s.push('}');
    s
}

/// The promotion of `m` as the contract writes it (the letter of the piece a pawn becomes,
/// `"+n"` for the hybrid's forced promotion), or `None` when it promotes nothing.
pub fn promotion(pos: &Position, m: &Move) -> Option<String> {
    crate::games::promotion_json(pos, m)
}

/// The status of `game` as the contract's JSON object.
pub fn status_json(game: &Game) -> String {
    status_json_of(game, game.status())
}

/// The same object for a given status of `game`'s position: for instance its result when a
/// side's flag falls ([`Game::flag_fall`]).
pub fn status_json_of(game: &Game, st: crate::game::Status) -> String {
    let pos = game.position();
    let mut s = String::with_capacity(160);
    s.push_str("{\"fen\":");
    push_json_string(&mut s, &pos.fen());
    s.push_str(",\"side\":");
    push_json_string(&mut s, pos.side_to_move().as_str());
    let in_check = pos.in_check();
    let _ = write!(s, ",\"in_check\":{in_check},\"result\":");
    push_json_string(&mut s, st.result.as_str());
    s.push_str(",\"reason\":");
    match st.reason {
        Some(r) => push_json_string(&mut s, r.as_str()),
        None => s.push_str("null"),
    }
    s.push('}');
    s
}
