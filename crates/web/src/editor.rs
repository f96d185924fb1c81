//! The position editor's engine side (`www/editor.html`): a request names a game, a FEN (read
//! field by field into a [`Draft`], so it may be no position yet), pieces to put or take away
//! and the side-to-move, castling and en passant fields; the answer is the draft's FEN and its
//! pieces as JSON. Whether the draft is a position a game can start from is the one builder's
//! to say (`WebGame.build`, the engine's `setup::build_game`), with its error code and
//! parameters. Plain Rust, tested natively; `BoardView.setup` is its `#[wasm_bindgen]` face.

use baroque_engine::draft::Draft;
use baroque_engine::report::push_json_string;
use baroque_engine::{Color, GameId, Piece};

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

/// The draft as `{"fen":…,"columns":…,"pieces":[{"square","color","role"}]}`, pieces in square
/// order; `columns` is the number of cells across the drawn board (Omega's 12 with the wizard
/// squares' corners), for the size of a piece the page drags.
pub fn draft_json(d: &Draft) -> String {
    let shape = d.shape();
    let mut s = String::from("{\"fen\":");
    push_json_string(&mut s, &d.fen());
    let columns = crate::board::layout::Layout::new(shape, Color::White, 1.0)
        .grid()
        .0;
    s.push_str(&format!(",\"columns\":{columns}"));
    s.push_str(",\"pieces\":[");
    let mut first = true;
    for sq in shape.squares() {
        let Some(p) = d.piece_at(sq) else { continue };
        if !first {
            s.push(',');
        }
        first = false;
        s.push_str("{\"square\":");
        push_json_string(&mut s, &shape.square_name(sq).to_string());
        s.push_str(",\"color\":");
        push_json_string(&mut s, p.color().as_str());
        s.push_str(",\"role\":");
        push_json_string(&mut s, p.role().id());
        s.push('}');
    }
    s.push_str("]}");
    s
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
            draft_json(&d),
            "{\"fen\":\"8/8/8/8/3l4/8/8/4K3 w - - 0 1\",\"columns\":8,\"pieces\":[{\"square\":\"e1\",\"color\":\"white\",\"role\":\"king\"},{\"square\":\"d4\",\"color\":\"black\",\"role\":\"long-leaper\"}]}"
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
        assert!(draft_json(&apply(&req).unwrap()).contains("\"columns\":12,"));
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
}
