//! The answers of a game in progress ([`crate::WebGame`]) as Rust values with serde derives:
//! each struct here is one shape of `www/engine/types.js` (named on each), built from the
//! engine's types by a plain function (tested natively) and handed to JavaScript as an object
//! by [`crate::to_js`] (serde-wasm-bindgen). No JSON text crosses the seam.

use baroque_engine::games::spec;
use baroque_engine::report::promotion;
use baroque_engine::{Game, Move, MoveKind, Piece, Position, Reason, Square};
use serde::Serialize;

use crate::describe::{move_sentence, Words};

/// The names of `squares` (`["c4", "d5"]`).
pub fn square_names(pos: &Position, squares: &[Square]) -> Vec<String> {
    let shape = pos.shape();
    squares
        .iter()
        .map(|s| shape.square_name(*s).to_string())
        .collect()
}

/// A legal move (`MoveInfo`): its move text, squares, the squares it empties in the rule book's
/// order, the promotion as the contract writes it, whether it is a suicide, and its notation.
#[derive(Serialize, Debug, PartialEq)]
pub struct MoveInfo {
    /// The move text (`g4d4`).
    #[serde(rename = "move")]
    pub mv: String,
    /// Its square of departure.
    pub from: String,
    /// Its square of arrival.
    pub to: String,
    /// The squares it empties, in the rule book's order.
    pub captures: Vec<String>,
    /// The promotion's letter (`report::promotion`), or null.
    pub promotion: Option<String>,
    /// Whether it is a suicide move.
    pub suicide: bool,
    /// The display notation.
    pub notation: String,
}

/// The move `m` of `pos` as a [`MoveInfo`].
pub fn move_info(pos: &Position, m: &Move) -> MoveInfo {
    let shape = pos.shape();
    MoveInfo {
        mv: pos.move_text(m),
        from: shape.square_name(m.from).to_string(),
        to: shape.square_name(m.to).to_string(),
        captures: square_names(pos, &pos.captures_in_order(m)),
        promotion: promotion(pos, m),
        suicide: m.kind == MoveKind::Suicide,
        notation: pos.notation(m),
    }
}

/// The game's status (`Status`), its field names those of the contract (`baroque status`).
#[derive(Serialize, Debug, PartialEq)]
pub struct Status {
    /// The position's FEN.
    pub fen: String,
    /// The side to move.
    pub side: &'static str,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// `white`, `black`, `draw` or `ongoing`.
    pub result: &'static str,
    /// Why it ended (the engine's reason id), or null.
    pub reason: Option<&'static str>,
}

/// The status `st` of `game`'s position (its own, or a flag fall's).
pub fn status(game: &Game, st: baroque_engine::Status) -> Status {
    let pos = game.position();
    Status {
        fen: pos.fen(),
        side: pos.side_to_move().as_str(),
        in_check: pos.in_check(),
        result: st.result.as_str(),
        reason: st.reason.map(|r| r.as_str()),
    }
}

/// A piece giving check (`Checker`), with the move by which it would take the King.
#[derive(Serialize, Debug, PartialEq)]
pub struct Checker {
    /// Its square.
    pub from: String,
    /// Where it would land taking the King.
    pub to: String,
    /// Its role id.
    pub role: &'static str,
    /// Its English name.
    pub name: &'static str,
    /// The squares that move would empty.
    pub captures: Vec<String>,
}

/// The pieces giving check to the side to move of `pos`.
pub fn checkers(pos: &Position) -> Vec<Checker> {
    let shape = pos.shape();
    pos.checkers()
        .iter()
        .map(|m| {
            let role = pos.piece_at(m.from).map(|p| p.role()).unwrap_or(m.role);
            Checker {
                from: shape.square_name(m.from).to_string(),
                to: shape.square_name(m.to).to_string(),
                role: role.id(),
                name: role.name(),
                captures: square_names(pos, &m.captures.iter().collect::<Vec<_>>()),
            }
        })
        .collect()
}

/// A move played (`PlayedMove`): its text, notation, sentence and the squares it emptied, with
/// its number and side as a move list shows them.
#[derive(Serialize, Debug, PartialEq)]
pub struct PlayedMove {
    /// The move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The display notation.
    pub notation: String,
    /// The notation as a move list shows it: the game's mating move ends in `#` in place of
    /// the notation's `+`; any other is the notation.
    pub listed: String,
    /// The full-move number it belongs to (the position's FEN counter: right when Black moves
    /// first, or when the game starts from a later move).
    pub number: u32,
    /// `white` or `black`: the side that played it.
    pub side: &'static str,
    /// The move in words (see [`crate::describe`]).
    pub sentence: Words,
    /// The squares it emptied, in the rule book's order.
    pub captures: Vec<String>,
}

/// The moves of `game`, in order.
pub fn history(game: &Game) -> Vec<PlayedMove> {
    let positions = game.positions();
    let mated = game.status().reason == Some(Reason::Checkmate);
    let last = game.moves().len();
    game.moves()
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (before, after) = (&positions[i], &positions[i + 1]);
            let notation = before.notation(m);
            PlayedMove {
                mv: before.move_text(m),
                listed: listed(&notation, mated && i + 1 == last),
                notation,
                number: before.fullmove_number(),
                side: before.side_to_move().as_str(),
                sentence: move_sentence(before, m, after),
                captures: square_names(before, &before.captures_in_order(m)),
            }
        })
        .collect()
}

/// The notation as a move list shows it: a mating move's ends in `#` (in place of the `+` of a
/// check), any other is the notation itself.
pub fn listed(notation: &str, mates: bool) -> String {
    if mates {
        format!("{}#", notation.strip_suffix('+').unwrap_or(notation))
    } else {
        notation.to_string()
    }
}

/// The PGN glyphs of NAGs (`!`, `?`, `!!`, `??`, `!?`, `?!` for 1–6, ` $n` for the others), as
/// the move list and the tree show them after a move.
pub fn nag_glyphs(nags: &[u8]) -> String {
    nags.iter()
        .map(|&n| match n {
            1..=6 => baroque_engine::pgn::MARKS[n as usize - 1].to_string(),
            n => format!(" ${n}"),
        })
        .collect()
}

/// A piece on a square (`PieceInfo`).
#[derive(Serialize, Debug, PartialEq)]
pub struct PieceInfo {
    /// `white` or `black`.
    pub color: &'static str,
    /// The role id.
    pub role: &'static str,
    /// The English name.
    pub name: &'static str,
}

impl From<Piece> for PieceInfo {
    fn from(p: Piece) -> PieceInfo {
        PieceInfo {
            color: p.color().as_str(),
            role: p.role().id(),
            name: p.role().name(),
        }
    }
}

/// The options of `pos` that are not the game's standard (the first of the option's values in
/// the game table), as `name=value`: the set-up format of `WebGame.build`, a saved game and the
/// page's address.
pub fn changed_options(pos: &Position) -> Vec<String> {
    let specs = spec(pos.game()).options;
    pos.options()
        .to_pairs(pos.game())
        .into_iter()
        .filter(|(name, value)| {
            specs
                .iter()
                .find(|o| o.name == *name)
                .is_some_and(|o| o.values.first() != Some(value))
        })
        .map(|(name, value)| format!("{name}={value}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::{Color, GameId, Role, RuleOptions};

    #[test]
    fn history_numbers_the_moves_by_the_position_and_marks_the_mate() {
        // Black first, from move 7: numbers and sides are the FEN's, not the ply's parity.
        let fen = crate::tests::black_first(7);
        let g = crate::new_game(
            "ultima",
            Some(&fen),
            &[],
            &["a7a4".into(), "h2h5".into(), "b7b4".into()],
        )
        .unwrap();
        let h = history(&g);
        let seen: Vec<(u32, &str)> = h.iter().map(|m| (m.number, m.side)).collect();
        assert_eq!(seen, [(7, "black"), (8, "white"), (8, "black")]);
        assert!(
            h.iter().all(|m| m.listed == m.notation),
            "no mate: the notation"
        );
        assert_eq!(listed("Qh5xf7+", true), "Qh5xf7#");
        assert_eq!(listed("Qh5xf7", true), "Qh5xf7#");
        assert_eq!(listed("Qh5xf7+", false), "Qh5xf7+");
    }

    #[test]
    fn nags_read_as_the_pgn_marks() {
        assert_eq!(nag_glyphs(&[1, 6]), "!?!");
        assert_eq!(nag_glyphs(&[3, 10]), "!! $10");
        assert_eq!(nag_glyphs(&[]), "");
    }

    #[test]
    fn a_move_carries_its_squares_captures_and_notation() {
        let g = crate::new_game("ultima", None, &[], &["e2e5".into()]).unwrap();
        let before = g.positions()[0];
        let m = before.parse_move("e2e5").unwrap();
        assert_eq!(
            move_info(&before, &m),
            MoveInfo {
                mv: "e2e5".into(),
                from: "e2".into(),
                to: "e5".into(),
                captures: vec![],
                promotion: None,
                suicide: false,
                notation: "Pe2-e5".into(),
            }
        );
        let h = history(&g);
        assert_eq!((h.len(), h[0].mv.as_str()), (1, "e2e5"));
        assert_eq!(h[0].sentence, move_sentence(&before, &m, &g.positions()[1]));
    }

    fn hybrid(fen: &str) -> Position {
        Position::from_fen(GameId::Hybrid, fen, RuleOptions::DEFAULT).unwrap()
    }

    #[test]
    fn a_promotion_is_the_contracts_letter() {
        let p = hybrid("9k/10/5p4/10/4N5/10/10/10/10/K9 w - - 0 1");
        let m = p.parse_move("e6f8").unwrap();
        let info = move_info(&p, &m);
        assert_eq!(info.promotion.as_deref(), Some("+n"));
        assert_eq!(info.captures, ["f8"]);
        let p = hybrid("k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1");
        let m = p.parse_move("e7e8r").unwrap();
        assert_eq!(move_info(&p, &m).promotion.as_deref(), Some("r"));
    }

    #[test]
    fn status_and_checkers_name_the_side_and_the_checking_piece() {
        let g = crate::new_game("hybrid", None, &[], &[]).unwrap();
        let st = status(&g, g.status());
        assert_eq!(
            (st.side, st.result, st.reason, st.in_check),
            ("white", "ongoing", None, false)
        );
        let lost = status(&g, g.flag_fall(Color::White));
        assert_eq!(lost.result, "black");
        assert!(lost.reason.is_some());
        let pos = hybrid("k9/10/10/10/10/10/10/10/10/R8K b - - 0 1");
        assert_eq!(
            checkers(&pos),
            [Checker {
                from: "a1".into(),
                to: "a10".into(),
                role: "rook",
                name: "Rook",
                captures: vec!["a10".into()],
            }]
        );
        let p = PieceInfo::from(Piece::new(Color::Black, Role::LongLeaper));
        assert_eq!(
            (p.color, p.role, p.name),
            ("black", "long-leaper", "Long Leaper")
        );
    }

    #[test]
    fn options_say_which_differ_from_the_standard() {
        let g = crate::new_game("ultima", None, &["stalemate=draw".into()], &[]).unwrap();
        assert_eq!(changed_options(g.position()), ["stalemate=draw"]);
        let plain = crate::new_game("ultima", None, &[], &[]).unwrap();
        assert!(changed_options(plain.position()).is_empty());
        // The standard value named is no change.
        let named = crate::new_game("ultima", None, &["stalemate=loss".into()], &[]).unwrap();
        assert!(changed_options(named.position()).is_empty());
    }
}
