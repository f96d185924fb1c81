//! The JSON of the threats view (`WebGame.threats()`): what the opponent of the side to move
//! could capture or freeze with its next move, from [`baroque_engine::threats`]. The page marks
//! these pieces and draws the moves; it never works out a capture itself.

use baroque_engine::report::push_json_string;
use baroque_engine::threats::threats;
use baroque_engine::{Move, Position, Role, Square};

fn push_field(s: &mut String, key: &str, value: &str) {
    s.push(',');
    push_json_string(s, key);
    s.push(':');
    push_json_string(s, value);
}

/// One threat: `{"victim","victimRole","from","to","role","move","notation","captures":[…]}`
/// plus the extra fields the caller adds before the closing brace.
fn push_threat(s: &mut String, them: &Position, victim: Square, by: Role, m: &Move) {
    let shape = them.shape();
    s.push_str("{\"victim\":");
    push_json_string(s, &shape.square_name(victim).to_string());
    let victim_role = them.piece_at(victim).map(|p| p.role().id()).unwrap_or("");
    push_field(s, "victimRole", victim_role);
    push_field(s, "from", &shape.square_name(m.from).to_string());
    push_field(s, "to", &shape.square_name(m.to).to_string());
    push_field(s, "role", by.id());
    push_field(s, "move", &them.move_text(m));
    push_field(s, "notation", &them.notation(m));
    s.push_str(",\"captures\":[");
    for (i, c) in them.captures_in_order(m).iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_json_string(s, &shape.square_name(*c).to_string());
    }
    s.push(']');
}

/// The threats against the side to move of `pos`, as
/// `{"side":…,"by":…,"captures":[{…,"method":…}],"freezes":[{…}]}`: each entry names the
/// threatened piece (`victim`, `victimRole`), the opponent's piece (`from`, `role`) and move
/// (`move`, `notation` in the opponent's display notation, `to`, `captures`); captures add
/// the method's id (`pincer`, `withdrawal`, `leap`, `coordination`, `approach`, `chameleon`,
/// `cannon`, `displacement`, `ordinary`).
pub fn threats_json(pos: &Position) -> String {
    let them = pos.null_move();
    let t = threats(pos);
    let mut s = String::from("{\"side\":");
    push_json_string(&mut s, pos.side_to_move().as_str());
    push_field(&mut s, "by", them.side_to_move().as_str());
    s.push_str(",\"captures\":[");
    for (i, c) in t.captures.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_threat(&mut s, &them, c.victim, c.by, &c.mv);
        push_field(&mut s, "method", c.method.id());
        s.push('}');
    }
    s.push_str("],\"freezes\":[");
    for (i, f) in t.freezes.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_threat(&mut s, &them, f.victim, f.by, &f.mv);
        s.push('}');
    }
    s.push_str("]}");
    s
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
        let json = threats_json(&pos.null_move());
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
        let json = threats_json(&pos.null_move());
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
