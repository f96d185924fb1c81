//! The game table as the page reads it: [`games_json`] writes every game's facts from the
//! engine's `GameSpec` (`baroque_engine::games::spec`), so no page script lists a game's pieces,
//! start arrays, titles or options.

use baroque_engine::games::spec;
use baroque_engine::report::push_json_string;
use baroque_engine::GameId;

/// Appends `items` as a JSON array, each written by `item`.
fn push_array<T>(
    s: &mut String,
    items: impl IntoIterator<Item = T>,
    mut item: impl FnMut(&mut String, T),
) {
    s.push('[');
    for (i, it) in items.into_iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        item(s, it);
    }
    s.push(']');
}

/// Appends `"key":"value"` (a JSON string), after `sep` (`{` or `,`).
fn push_field(s: &mut String, sep: char, key: &str, value: &str) {
    s.push(sep);
    push_json_string(s, key);
    s.push(':');
    push_json_string(s, value);
}

/// Every game, in `GameId::ALL` order, as
/// `[{"id","title","startFen","startArrays":[{"id","fen","choices":[…]}],
///    "pieces":[{"role","name","letter","value"}],"options":[{"name","values":[default,…]}],
///    "promotions":[role…],"castling":[{"letter","color","notation"}],"enPassant":bool}]`
/// (`castling` and `enPassant` say which FEN fields the game has: the position editor's).
/// `role` is the role id (the glyph key and the catalog key `role-<id>`); `title` and `name`
/// are English, for tools: the page words them through its catalog (`game-<id>`, `role-<id>`).
pub fn games_json() -> String {
    let mut s = String::new();
    push_array(&mut s, GameId::ALL, |s, g| {
        let sp = spec(g);
        push_field(s, '{', "id", g.as_str());
        push_field(s, ',', "title", sp.title);
        push_field(s, ',', "startFen", sp.start_fen);
        s.push_str(",\"startArrays\":");
        push_array(s, sp.start_arrays, |s, a| {
            push_field(s, '{', "id", a.id);
            push_field(s, ',', "fen", a.fen);
            s.push_str(",\"choices\":");
            push_array(s, a.choices, |s, c| push_json_string(s, c));
            s.push('}');
        });
        s.push_str(",\"pieces\":");
        push_array(s, sp.pieces, |s, p| {
            let letter = format!("{}{}", if p.promoted { "+" } else { "" }, p.letter);
            push_field(s, '{', "role", p.role.id());
            push_field(s, ',', "name", p.role.name());
            push_field(s, ',', "letter", &letter);
            s.push_str(&format!(",\"value\":{}}}", p.value));
        });
        s.push_str(",\"options\":");
        push_array(s, sp.options, |s, o| {
            push_field(s, '{', "name", o.name);
            s.push_str(",\"values\":");
            push_array(s, o.values, |s, v| push_json_string(s, v));
            s.push('}');
        });
        s.push_str(",\"promotions\":");
        push_array(s, sp.promotion_letters, |s, (_, r)| {
            push_json_string(s, r.id())
        });
        s.push_str(",\"castling\":");
        push_array(s, sp.castles, |s, c| {
            push_field(s, '{', "letter", &c.letter.to_string());
            push_field(s, ',', "color", c.color.as_str());
            push_field(s, ',', "notation", c.notation);
            s.push('}');
        });
        s.push_str(&format!(",\"enPassant\":{}}}", sp.en_passant));
    });
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_every_game_with_its_facts() {
        let j = games_json();
        assert!(
            j.starts_with("[{\"id\":\"ultima\",\"title\":\"Ultima (Baroque Chess)\""),
            "{j}"
        );
        assert_eq!(j.matches("\"choices\":").count(), 16 + 1 + 1, "{j}");
        assert!(
            j.contains("{\"name\":\"stalemate\",\"values\":[\"loss\",\"draw\"]}"),
            "{j}"
        );
        assert!(
            j.contains("{\"role\":\"champion\",\"name\":\"Champion\",\"letter\":\"C\""),
            "{j}"
        );
        assert!(
            j.contains(
                "{\"role\":\"promoted-bishop\",\"name\":\"promoted Bishop\",\"letter\":\"+B\""
            ),
            "{j}"
        );
        assert!(
            j.contains("\"castling\":[],\"enPassant\":false}"),
            "Ultima has neither: {j}"
        );
        assert!(
            j.contains("{\"letter\":\"q\",\"color\":\"black\",\"notation\":"),
            "{j}"
        );
        assert_eq!(j.matches("\"enPassant\":true").count(), 2, "{j}");
    }
}
