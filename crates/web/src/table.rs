//! The game table as the page reads it (`WebGame.games()`, `GameEntry` in
//! www/engine/types.js): every game's facts from the engine's `GameSpec`
//! (`baroque_engine::games::spec`), so no page script lists a game's pieces, start arrays,
//! titles or options.

use baroque_engine::games::spec;
use baroque_engine::GameId;
use serde::Serialize;

/// A game of the table (`GameEntry`). `title` and a piece's `name` are English, for tools: the
/// page words them through its catalog (`game-<id>`, `role-<id>`).
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct GameEntry {
    /// The game id.
    pub id: &'static str,
    /// Its English title.
    pub title: &'static str,
    /// The standard start position.
    pub start_fen: &'static str,
    /// The start arrays the set-up choices lead to.
    pub start_arrays: Vec<StartArray>,
    /// Its pieces.
    pub pieces: Vec<PieceEntry>,
    /// Its rule options, each with its values (the standard first).
    pub options: Vec<OptionEntry>,
    /// The role ids a pawn may promote to.
    pub promotions: Vec<&'static str>,
    /// The castling rights the FEN writes (the position editor's fields).
    pub castling: Vec<CastleEntry>,
    /// Whether the FEN has an en passant field.
    pub en_passant: bool,
}

/// A start array: its id, FEN and the set-up choices that lead to it.
#[derive(Serialize, Debug)]
pub struct StartArray {
    /// `"standard"` or the choices joined by `-`.
    pub id: &'static str,
    /// Its FEN.
    pub fen: &'static str,
    /// The set-up choices taken.
    pub choices: &'static [&'static str],
}

/// A piece of a game: role id (glyph and catalog key), English name, FEN letter, value.
#[derive(Serialize, Debug)]
pub struct PieceEntry {
    /// The role id.
    pub role: &'static str,
    /// The English name.
    pub name: &'static str,
    /// The FEN letter (`+B` for the hybrid's promoted pieces).
    pub letter: String,
    /// The evaluation's value.
    pub value: i32,
}

/// A rule option: its name and values, the standard first.
#[derive(Serialize, Debug)]
pub struct OptionEntry {
    /// The name.
    pub name: &'static str,
    /// The values.
    pub values: &'static [&'static str],
}

/// A castling right: its FEN letter, whose it is and its notation.
#[derive(Serialize, Debug)]
pub struct CastleEntry {
    /// The FEN letter.
    pub letter: String,
    /// `white` or `black`.
    pub color: &'static str,
    /// Its notation.
    pub notation: &'static str,
}

/// Every game, in `GameId::ALL` order.
pub fn games() -> Vec<GameEntry> {
    GameId::ALL
        .iter()
        .map(|&g| {
            let sp = spec(g);
            GameEntry {
                id: g.as_str(),
                title: sp.title,
                start_fen: sp.start_fen,
                start_arrays: sp
                    .start_arrays
                    .iter()
                    .map(|a| StartArray {
                        id: a.id,
                        fen: a.fen,
                        choices: a.choices,
                    })
                    .collect(),
                pieces: sp
                    .pieces
                    .iter()
                    .map(|p| PieceEntry {
                        role: p.role.id(),
                        name: p.role.name(),
                        letter: format!("{}{}", if p.promoted { "+" } else { "" }, p.letter),
                        value: p.value,
                    })
                    .collect(),
                options: sp
                    .options
                    .iter()
                    .map(|o| OptionEntry {
                        name: o.name,
                        values: o.values,
                    })
                    .collect(),
                promotions: sp.promotion_letters.iter().map(|(_, r)| r.id()).collect(),
                castling: sp
                    .castles
                    .iter()
                    .map(|c| CastleEntry {
                        letter: String::from(c.letter),
                        color: c.color.as_str(),
                        notation: c.notation,
                    })
                    .collect(),
                en_passant: sp.en_passant,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_every_game_with_its_facts() {
        let j = serde_json::to_string(&games()).unwrap();
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
