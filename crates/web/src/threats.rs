//! The threats view's value (`WebGame.threats()`, `Threats` in www/engine/types.js): what the
//! opponent of the side to move could capture or freeze with its next move, from
//! [`baroque_engine::threats`]. The page marks these pieces and draws the moves; it never works
//! out a capture itself.

use baroque_engine::threats::threats as engine_threats;
use baroque_engine::{Move, Position, Role, Square};
use serde::Serialize;

use crate::answers::square_names;

/// One threat (`Threat`): the threatened piece, the opponent's piece and its move.
#[derive(Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Threat {
    /// The threatened piece's square.
    pub victim: String,
    /// Its role id.
    pub victim_role: &'static str,
    /// The opponent's piece's square.
    pub from: String,
    /// Where its move lands.
    pub to: String,
    /// Its role id.
    pub role: &'static str,
    /// The move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in the opponent's display notation.
    pub notation: String,
    /// The squares the move empties, in the rule book's order.
    pub captures: Vec<String>,
    /// The capture's method id (`pincer`, `withdrawal`, `leap`, `coordination`, `approach`,
    /// `chameleon`, `cannon`, `displacement`, `ordinary`); captures only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'static str>,
}

/// The threats against the side to move (`Threats`).
#[derive(Serialize, Debug, PartialEq)]
pub struct Threats {
    /// The side threatened (the side to move).
    pub side: &'static str,
    /// The side threatening.
    pub by: &'static str,
    /// The pieces it could capture.
    pub captures: Vec<Threat>,
    /// The pieces it could freeze.
    pub freezes: Vec<Threat>,
}

/// One threat of `them` (the opponent, to move): `by` on the move `m` against `victim`.
fn threat(
    them: &Position,
    victim: Square,
    by: Role,
    m: &Move,
    method: Option<&'static str>,
) -> Threat {
    let shape = them.shape();
    Threat {
        victim: shape.square_name(victim).to_string(),
        victim_role: them.piece_at(victim).map(|p| p.role().id()).unwrap_or(""),
        from: shape.square_name(m.from).to_string(),
        to: shape.square_name(m.to).to_string(),
        role: by.id(),
        mv: them.move_text(m),
        notation: them.notation(m),
        captures: square_names(them, &them.captures_in_order(m)),
        method,
    }
}

/// The threats against the side to move of `pos`.
pub fn threats(pos: &Position) -> Threats {
    let them = pos.null_move();
    let t = engine_threats(pos);
    Threats {
        side: pos.side_to_move().as_str(),
        by: them.side_to_move().as_str(),
        captures: t
            .captures
            .iter()
            .map(|c| threat(&them, c.victim, c.by, &c.mv, Some(c.method.id())))
            .collect(),
        freezes: t
            .freezes
            .iter()
            .map(|f| threat(&them, f.victim, f.by, &f.mv, None))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::{GameId, RuleOptions};

    #[test]
    fn threats_name_victim_piece_method_and_move() {
        // ultima.md §10 A seen from Black.
        let fen = "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1";
        let pos = Position::from_fen(GameId::Ultima, fen, RuleOptions::DEFAULT).unwrap();
        let json = serde_json::to_string(&threats(&pos.null_move())).unwrap();
        assert!(
            json.starts_with("{\"side\":\"black\",\"by\":\"white\",\"captures\":[{"),
            "{json}"
        );
        assert!(
            json.contains(
                "{\"victim\":\"c4\",\"victimRole\":\"immobilizer\",\"from\":\"g4\",\"to\":\"d4\",\
             \"role\":\"pincer\",\"move\":\"g4d4\",\"notation\":\"Pg4-d4xc4xd5\",\
             \"captures\":[\"c4\",\"d5\"],\"method\":\"pincer\"}"
            ),
            "{json}"
        );
        assert!(json.ends_with("\"freezes\":[]}"), "{json}");
    }

    #[test]
    fn freezes_are_listed_with_the_freezing_move() {
        let fen = "7k/8/8/8/8/3p4/8/I6K w - - 0 1";
        let pos = Position::from_fen(GameId::Ultima, fen, RuleOptions::DEFAULT).unwrap();
        let json = serde_json::to_string(&threats(&pos.null_move())).unwrap();
        assert!(json.contains("\"captures\":[]"), "{json}");
        assert_eq!(
            json.matches("\"role\":\"immobilizer\"").count(),
            3,
            "{json}"
        );
        assert!(
            json.contains(
                "\"victim\":\"h8\",\"victimRole\":\"king\",\"from\":\"a1\",\"to\":\"g7\""
            ),
            "{json}"
        );
    }
}
