//! The position editor's engine side (`www/editor.html`): a request names a game, a FEN (read
//! field by field into a [`Draft`], so it may be no position yet), pieces to put or take away
//! and the side-to-move, castling and en passant fields; the answer is the draft's FEN, its
//! pieces and its fields as a value ([`DraftInfo`]). Whether the draft is a position a game can start from is the one builder's
//! to say (`WebGame.build`, the engine's `setup::build_game`), with its error code and
//! parameters. Plain Rust, tested natively; `BoardView.setup` is its `#[wasm_bindgen]` face.

use baroque_engine::draft::Draft;
use baroque_engine::{Color, GameId, Piece};
use serde::Serialize;

use crate::{role_by_id, WebError};

/// One change of a square: a piece (role id, colour) or nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Put {
    /// The square's name (`d4`, `w1`).
    pub square: String,
    /// The piece put there as (role id, `"white"`/`"black"`), or `None` to empty it.
    pub piece: Option<(String, String)>,
}

/// An editor request; see the module documentation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// The game id.
    pub variant: String,
    /// The FEN to start from (blank: an empty board, White to move).
    pub fen: String,
    /// The squares to change, in order.
    pub put: Vec<Put>,
    /// The side to move (`white`/`black`), castling and en passant fields, when they change.
    pub fields: Option<(String, String, String)>,
}

fn color_of(name: &str) -> Result<Color, WebError> {
    match name {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(WebError::new(
            "setup-bad-color",
            vec![("color", name.to_string())],
            format!("'{name}' is not a colour (white or black)"),
        )),
    }
}

/// Carries out `req`: the draft it leads to, or the first error (the engine's FEN error, an
/// unknown game, square or piece).
pub fn apply(req: &Request) -> Result<Draft, WebError> {
    let game: GameId = req
        .variant
        .parse()
        .map_err(|e: baroque_engine::UnknownGame| {
            WebError::new(e.code(), e.params(), e.to_string())
        })?;
    let fen_err =
        |e: baroque_engine::fen::FenError| WebError::new(e.code(), e.params(), e.to_string());
    let mut d = if req.fen.trim().is_empty() {
        Draft::empty(game)
    } else {
        Draft::read(game, &req.fen).map_err(fen_err)?
    };
    let shape = d.shape();
    for p in &req.put {
        let sq = shape.parse_square(p.square.trim()).ok_or_else(|| {
            WebError::new(
                "setup-bad-square",
                vec![("square", p.square.clone())],
                format!("'{}' is not a square of this board", p.square),
            )
        })?;
        let piece = match &p.piece {
            None => None,
            Some((role, color)) => {
                let r = role_by_id(role).ok_or_else(|| {
                    WebError::new(
                        "setup-bad-piece",
                        vec![("role", role.clone())],
                        format!("'{role}' is not a piece"),
                    )
                })?;
                Some(Piece::new(color_of(color)?, r))
            }
        };
        d.put(sq, piece).map_err(fen_err)?;
    }
    if let Some((side, castling, ep)) = &req.fields {
        d.set_fields(color_of(side)?, castling, ep)
            .map_err(fen_err)?;
    }
    Ok(d)
}

/// The editor's answer (`Draft` in www/engine/types.js): the draft's FEN, its pieces in square
/// order, and its side to move, castling and en passant fields (the editor's form shows them;
/// the page takes no FEN apart). `columns` is the number of cells across the drawn board
/// (Omega's 12 with the wizard squares' corners), for the size of a piece the page drags.
#[derive(Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DraftInfo {
    /// The draft's FEN.
    pub fen: String,
    /// Cells across the drawn board.
    pub columns: i8,
    /// The pieces, in square order.
    pub pieces: Vec<PlacedPiece>,
    /// The side to move.
    pub side: &'static str,
    /// The castling rights held, as the FEN's letters (none: empty).
    pub castling: Vec<String>,
    /// The en passant field's squares as the FEN writes them (none: empty).
    pub en_passant: String,
}

/// A piece on a square of the draft.
#[derive(Serialize, Debug, PartialEq)]
pub struct PlacedPiece {
    /// The square's name.
    pub square: String,
    /// `white` or `black`.
    pub color: &'static str,
    /// The role id.
    pub role: &'static str,
}

/// The answer for draft `d`.
pub fn draft_info(d: &Draft) -> DraftInfo {
    let shape = d.shape();
    let fen = d.fen();
    // The FEN's fields after the board (as the draft writes them, one space apart): side,
    // castling, en passant, clocks; "-" for none.
    let mut fields = fen
        .split(' ')
        .skip(2)
        .map(|f| if f == "-" { "" } else { f });
    let castling = fields
        .next()
        .unwrap_or("")
        .chars()
        .map(String::from)
        .collect();
    let en_passant = fields.next().unwrap_or("").to_string();
    DraftInfo {
        columns: crate::board::layout::Layout::new(shape, Color::White, 1.0)
            .grid()
            .0,
        pieces: shape
            .squares()
            .filter_map(|sq| {
                d.piece_at(sq).map(|p| PlacedPiece {
                    square: shape.square_name(sq).to_string(),
                    color: p.color().as_str(),
                    role: p.role().id(),
                })
            })
            .collect(),
        side: d.side_to_move().as_str(),
        castling,
        en_passant,
        fen,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(square: &str, piece: Option<(&str, &str)>) -> Put {
        Put {
            square: square.into(),
            piece: piece.map(|(r, c)| (r.into(), c.into())),
        }
    }

    #[test]
    fn a_request_builds_a_draft_from_nothing_and_the_builder_judges_it() {
        let req = Request {
            variant: "ultima".into(),
            put: vec![
                put("e1", Some(("king", "white"))),
                put("d4", Some(("long-leaper", "black"))),
            ],
            ..Default::default()
        };
        let d = apply(&req).unwrap();
        assert_eq!(d.fen(), "8/8/8/8/3l4/8/8/4K3 w - - 0 1");
        assert_eq!(
            crate::json(&draft_info(&d)),
            "{\"fen\":\"8/8/8/8/3l4/8/8/4K3 w - - 0 1\",\"columns\":8,\"pieces\":[{\"square\":\"e1\",\"color\":\"white\",\"role\":\"king\"},{\"square\":\"d4\",\"color\":\"black\",\"role\":\"long-leaper\"}],\"side\":\"white\",\"castling\":[],\"enPassant\":\"\"}"
        );
        let e = crate::new_game("ultima", Some(&d.fen()), &[], &[]).unwrap_err();
        assert_eq!(e.code, "fen-board");
        assert!(
            e.params.contains(&("reason".into(), "king-count".into())),
            "{e:?}"
        );
        assert!(
            e.params.contains(&("color".into(), "black".into())),
            "{e:?}"
        );
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        let mut req = Request {
            variant: "omega".into(),
            put: vec![put("w5", None)],
            ..Default::default()
        };
        assert_eq!(apply(&req).unwrap_err().code, "setup-bad-square");
        req.put = vec![put("w1", Some(("dragon", "white")))];
        assert_eq!(apply(&req).unwrap_err().code, "setup-bad-piece");
        req.put = vec![put("w1", Some(("wizard", "red")))];
        assert_eq!(apply(&req).unwrap_err().code, "setup-bad-color");
        req.put = vec![put("w1", Some(("wizard", "black")))];
        assert_eq!(
            apply(&req).unwrap().fen(),
            "10/10/10/10/10/10/10/10/10/10[w/-/-/-] w - - 0 1"
        );
        assert_eq!(draft_info(&apply(&req).unwrap()).columns, 12);
        req.variant = "chess".into();
        assert_eq!(apply(&req).unwrap_err().code, "variant-unknown");
        let req = Request {
            variant: "hybrid".into(),
            fen: "nonsense".into(),
            ..Default::default()
        };
        assert_eq!(apply(&req).unwrap_err().code, "fen-board");
        let req = Request {
            variant: "ultima".into(),
            fields: Some(("black".into(), "K".into(), "-".into())),
            ..Default::default()
        };
        assert_eq!(apply(&req).unwrap_err().code, "fen-castling");
    }

    #[test]
    fn the_answer_gives_the_fens_fields_as_values() {
        let start = baroque_engine::games::spec(GameId::Hybrid).start_fen;
        let req = Request {
            variant: "hybrid".into(),
            fen: start.into(),
            ..Default::default()
        };
        let d = draft_info(&apply(&req).unwrap());
        assert_eq!((d.side, d.en_passant.as_str()), ("white", ""));
        let letters: Vec<String> = baroque_engine::games::spec(GameId::Hybrid)
            .castles
            .iter()
            .map(|c| c.letter.to_string())
            .collect();
        assert_eq!(d.castling, letters);
        let req = Request {
            variant: "hybrid".into(),
            fen: "10/10/10/10/R2pP4k/10/10/10/10/K9 w - d7 0 1".into(),
            ..Default::default()
        };
        let d = draft_info(&apply(&req).unwrap());
        assert_eq!((d.side, d.en_passant.as_str()), ("white", "d7"));
        assert!(d.castling.is_empty());
    }
}
