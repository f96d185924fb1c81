//! The `#[wasm_bindgen]` face of the canvas board: [`BoardView`] (with `BoardView.drawGlyph`).

use baroque_engine::{Color, Piece, Square};
use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::board::config::{Config, ConfigPatch, Movable};
use crate::board::events::Mounted;
use crate::board::notes::parse_notes;
use crate::board::palette::{palette, BoardSet, Named, Theme};
use crate::board::render::Painter;
use crate::board::state::{BoardState, Snapshot};
use crate::board::svg::{board_svg, SvgOptions};
use crate::{role_by_id, WebError, WebGame};

/// A board drawn on a `<canvas>`, showing a [`WebGame`]. Moves made on it arrive as
/// `board-move` events (`detail.move` is move text), promotion requests as `board-promote`
/// and selection changes as `board-select`; the page plays them and calls [`BoardView::sync`].
#[wasm_bindgen]
pub struct BoardView {
    mounted: Mounted,
}

fn get(obj: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(obj, &JsValue::from_str(key))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// The value of a [`Named`] choice called `what`, or an error that lists its names.
fn named<T: Named>(name: Option<String>, what: &str) -> Result<T, JsError> {
    name.as_deref()
        .and_then(T::parse)
        .ok_or_else(|| JsError::new(&format!("{what} must be {}", T::choices())))
}

fn patch_from(config: &JsValue) -> Result<ConfigPatch, JsError> {
    let mut p = ConfigPatch::default();
    if let Some(v) = get(config, "orientation") {
        p.orientation = Some(match v.as_string().as_deref() {
            Some("white") => Color::White,
            Some("black") => Color::Black,
            _ => return Err(JsError::new("orientation must be 'white' or 'black'")),
        });
    }
    if let Some(v) = get(config, "movable") {
        p.movable = Some(
            v.as_string()
                .as_deref()
                .and_then(Movable::parse)
                .ok_or_else(|| {
                    JsError::new("movable must be 'both', 'white', 'black' or 'none'")
                })?,
        );
    }
    if let Some(v) = get(config, "coordinates") {
        p.coordinates = Some(v.is_truthy());
    }
    if let Some(v) = get(config, "showDests") {
        p.show_dests = Some(v.is_truthy());
    }
    if let Some(v) = get(config, "drawable") {
        p.drawable = Some(v.is_truthy());
    }
    if let Some(v) = get(config, "theme") {
        p.theme = Some(named(v.as_string(), "theme")?);
    }
    if let Some(v) = get(config, "boardSet") {
        p.board_set = Some(named(v.as_string(), "boardSet")?);
    }
    if let Some(v) = get(config, "animation") {
        p.animation_ms = Some(
            v.as_f64()
                .filter(|x| x.is_finite())
                .ok_or_else(|| JsError::new("animation must be a number of milliseconds"))?,
        );
    }
    Ok(p)
}

/// The author's marks of `options.marks` on a board of `shape` (None when not given); a bad mark
/// is an `Error` with code `marks-bad` and the mark as `params.mark`.
fn marks_from(
    options: &JsValue,
    shape: baroque_engine::Shape,
) -> Result<Option<Vec<crate::board::notes::Note>>, JsValue> {
    let Some(v) = get(options, "marks") else {
        return Ok(None);
    };
    parse_notes(shape, &v.as_string().unwrap_or_default())
        .map(Some)
        .map_err(|e| {
            JsValue::from(WebError::new(
                e.code(),
                vec![("mark", e.mark.clone())],
                e.to_string(),
            ))
        })
}

/// The standalone SVG of `state` with the picture options of `options` (`size`, `caption`,
/// `title`) and its look overrides (`orientation`, `coordinates`, `theme`, `boardSet`, `marks`).
fn svg_with(mut state: BoardState, options: &JsValue, title: String) -> Result<String, JsValue> {
    let patch = patch_from(options).map_err(JsValue::from)?;
    state.config.apply(&patch);
    if let Some(notes) = marks_from(options, state.snap.shape)? {
        state.notes = notes;
    }
    let size = match get(options, "size") {
        None => 480.0,
        Some(v) => v
            .as_f64()
            .filter(|s| (64.0..=4096.0).contains(s))
            .ok_or_else(|| JsValue::from(JsError::new("size must be pixels from 64 to 4096")))?,
    };
    let text = |key| get(options, key).and_then(|v| v.as_string());
    let caption = text("caption").unwrap_or_default();
    let title = text("title")
        .or_else(|| (!caption.is_empty()).then(|| caption.clone()))
        .unwrap_or(title);
    Ok(board_svg(&state, size, &SvgOptions { caption, title }))
}

impl BoardView {
    fn square(&self, name: Option<String>) -> Result<Option<Square>, JsError> {
        let shape = self.mounted.with_state(|s| s.snap.shape);
        match name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            None => Ok(None),
            Some(n) => shape
                .parse_square(n)
                .map(Some)
                .ok_or_else(|| JsError::new(&format!("'{n}' is not a square of this board"))),
        }
    }
}

#[wasm_bindgen]
impl BoardView {
    /// Mounts a board on `canvas` showing `game`, with an optional config object
    /// (`{orientation, movable, coordinates, showDests, animation, theme, boardSet, drawable}`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        canvas: HtmlCanvasElement,
        game: &WebGame,
        config: JsValue,
    ) -> Result<BoardView, JsError> {
        let mut c = Config::default();
        if !config.is_undefined() && !config.is_null() {
            c.apply(&patch_from(&config)?);
        }
        let state = BoardState::new(Snapshot::from_game(&game.game), c);
        let mounted = Mounted::mount(canvas, state).map_err(|e| {
            JsError::new(
                &e.as_string()
                    .unwrap_or_else(|| "cannot draw the board".into()),
            )
        })?;
        Ok(BoardView { mounted })
    }

    /// Shows `game`'s current position, sliding the moved piece and fading captured ones when
    /// `animate` is set.
    pub fn sync(&self, game: &WebGame, animate: bool) {
        self.mounted
            .set_snapshot(Snapshot::from_game(&game.game), animate);
    }

    /// Shows `game` as it stood after its first `ply` moves (read-only while it is not the
    /// current position), animating from what the board shows now when `animate` is set.
    #[wasm_bindgen(js_name = showPly)]
    pub fn show_ply(&self, game: &WebGame, ply: usize, animate: bool) {
        self.mounted
            .set_snapshot(Snapshot::from_game_at(&game.game, ply), animate);
    }

    /// Merges settings (`{orientation, movable, coordinates, showDests, animation, theme,
    /// boardSet, marks}`); `marks` is an author's marks and arrows in the syntax of
    /// [`crate::board::notes`] (`"d3 d5:red d2>d8"`). A bad mark throws an `Error` with code
    /// `marks-bad` and the mark as `params.mark`, and changes nothing.
    pub fn set(&self, config: JsValue) -> Result<(), JsValue> {
        let patch = patch_from(&config).map_err(JsValue::from)?;
        let shape = self.mounted.with_state(|s| s.snap.shape);
        if let Some(notes) = marks_from(&config, shape)? {
            self.mounted.set_notes(notes);
        }
        self.mounted.set_config(&patch);
        Ok(())
    }

    /// The position editor's one call ([`crate::editor`]): reads `request.fen` (a FEN of
    /// `request.variant` read field by field, so it may be no position yet; blank: an empty
    /// board), applies `request.put` (`{square: {role, color} | null}`, in order) and, when
    /// `request.side` is given, the side to move with the FEN fields `request.castling` and
    /// `request.enPassant`; shows the result on this board (read-only) and returns
    /// a [`crate::editor::DraftInfo`] (FEN, pieces, fields). An unreadable field, square or piece
    /// throws an `Error` with the engine's `code` and `params` and shows nothing new. Whether
    /// the result is a position to play from is `WebGame.build`'s to say.
    pub fn setup(&self, request: JsValue) -> Result<JsValue, JsValue> {
        let text = |k: &str| {
            get(&request, k)
                .and_then(|v| v.as_string())
                .unwrap_or_default()
        };
        let mut req = crate::editor::Request {
            variant: text("variant"),
            fen: text("fen"),
            ..Default::default()
        };
        if let Some(put) = get(&request, "put") {
            let obj: js_sys::Object = put.clone().unchecked_into();
            for key in js_sys::Object::keys(&obj).iter() {
                let square = key.as_string().unwrap_or_default();
                let piece = get(&put, &square).map(|p| {
                    let f = |k: &str| get(&p, k).and_then(|v| v.as_string()).unwrap_or_default();
                    (f("role"), f("color"))
                });
                req.put.push(crate::editor::Put { square, piece });
            }
        }
        if get(&request, "side").is_some() {
            req.fields = Some((text("side"), text("castling"), text("enPassant")));
        }
        let draft = crate::editor::apply(&req).map_err(JsValue::from)?;
        self.mounted
            .set_snapshot(Snapshot::from_draft(&draft), false);
        Ok(crate::to_js(&crate::editor::draft_info(&draft)))
    }

    /// Selects the piece on `square` (or clears the selection with null), as a click would.
    pub fn select(&self, square: Option<String>) -> Result<(), JsError> {
        let sq = self.square(square)?;
        self.mounted.select(sq);
        Ok(())
    }

    /// Puts the pointer over `square` (null: nowhere), showing the capture preview of the
    /// selected piece's move there.
    pub fn hover(&self, square: Option<String>) -> Result<(), JsError> {
        let sq = self.square(square)?;
        self.mounted.hover(sq);
        Ok(())
    }

    /// The selected square, if any.
    pub fn selected(&self) -> Option<String> {
        self.mounted.with_state(|s| {
            s.selected
                .map(|sq| s.snap.shape.square_name(sq).to_string())
        })
    }

    /// The square under `(x, y)` in CSS pixels from the canvas's top-left corner, if any.
    #[wasm_bindgen(js_name = squareAt)]
    pub fn square_at(&self, x: f64, y: f64, size: f64) -> Option<String> {
        self.mounted.with_state(|s| {
            let l = crate::board::layout::Layout::new(s.snap.shape, s.config.orientation, size);
            l.square_at(x, y)
                .map(|sq| s.snap.shape.square_name(sq).to_string())
        })
    }

    /// The centre of `square` in CSS pixels for a board `size` pixels wide, as `[x, y]`.
    #[wasm_bindgen(js_name = squareCenter)]
    pub fn square_center(&self, square: &str, size: f64) -> Result<Vec<f64>, JsError> {
        let sq = self
            .square(Some(square.to_string()))?
            .ok_or_else(|| JsError::new("empty square name"))?;
        Ok(self.mounted.with_state(|s| {
            let l = crate::board::layout::Layout::new(s.snap.shape, s.config.orientation, size);
            let (x, y) = l.rect(sq).center();
            vec![x, y]
        }))
    }

    /// What the board shows (its position, last move, captured squares, frozen pieces, check and
    /// marks) as a standalone SVG picture, the same as `baroque diagram --svg` draws. `options`
    /// (optional): `{size, caption, title}` for the picture (480 px wide by default, the caption
    /// under the board) and `{orientation, coordinates, theme, boardSet, marks}` to draw it
    /// otherwise than the board shows it; the selection and the pointer are never drawn.
    pub fn svg(&self, options: JsValue) -> Result<String, JsValue> {
        let state = self.mounted.with_state(Clone::clone);
        svg_with(state, &options, String::new())
    }

    /// The SVG of `game` after its first `ply` moves (option `ply`; all of them by default) with
    /// the options of [`BoardView::svg`], without a board on the page (the standard look,
    /// coordinates on); its title is the FEN unless a `title` or `caption` is given.
    pub fn diagram(game: &WebGame, options: JsValue) -> Result<String, JsValue> {
        let played = game.game.moves().len();
        let ply = match get(&options, "ply") {
            None => played,
            Some(v) => v
                .as_f64()
                .filter(|p| p.fract() == 0.0 && (0.0..=played as f64).contains(p))
                .map(|p| p as usize)
                .ok_or_else(|| {
                    JsValue::from(JsError::new(&format!(
                        "ply must be a number of moves from 0 to {played}"
                    )))
                })?,
        };
        let state = BoardState::new(Snapshot::from_game_at(&game.game, ply), Config::default());
        svg_with(state, &options, game.game.positions()[ply].fen())
    }

    /// Repaints on the next frame (call after the canvas is resized).
    pub fn redraw(&self) {
        self.mounted.redraw();
    }

    /// Unbinds the board's listeners.
    pub fn destroy(&mut self) {
        self.mounted.destroy();
    }
}

#[wasm_bindgen]
impl BoardView {
    /// Draws the glyph of the role `role` (its id, e.g. `"long-leaper"`) in `color` (`"white"` or
    /// `"black"`) filling `canvas`, sharp at the device's pixel ratio (for legends and choosers).
    #[wasm_bindgen(js_name = drawGlyph)]
    pub fn draw_glyph(canvas: HtmlCanvasElement, role: &str, color: &str) -> Result<(), JsError> {
        draw_glyph(canvas, role, color)
    }

    /// The colours around the board in `theme` (`light`, `dark`) and board set (`wood`,
    /// `slate`), as an object of CSS colours (`surround`, `light`, `dark`, `frame`, `wizard`,
    /// `highlight`, `cursor`), so the page paints its frame, legend tiles and chooser buttons
    /// from the board's own table.
    pub fn colors(theme: &str, board_set: &str) -> Result<JsValue, JsError> {
        let t: Theme = named(Some(theme.into()), "theme")?;
        let b: BoardSet = named(Some(board_set.into()), "boardSet")?;
        Ok(crate::to_js(&crate::colors::Colors::of(palette(t, b))))
    }
}

fn draw_glyph(canvas: HtmlCanvasElement, role: &str, color: &str) -> Result<(), JsError> {
    let role = role_by_id(role).ok_or_else(|| JsError::new(&format!("unknown piece '{role}'")))?;
    let color = match color {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return Err(JsError::new("color must be 'white' or 'black'")),
    };
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or_else(|| JsError::new("no 2d canvas context"))?;
    let rect = canvas.get_bounding_client_rect();
    let css = rect.width().max(1.0);
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0)
        .max(1.0);
    let px = (css * dpr).round() as u32;
    canvas.set_width(px);
    canvas.set_height(px);
    let _ = ctx.set_transform(px as f64 / css, 0.0, 0.0, px as f64 / css, 0.0, 0.0);
    ctx.clear_rect(0.0, 0.0, css, css);
    // The pieces look the same in every palette.
    let pal = palette(Theme::default(), BoardSet::default());
    let cell = crate::board::layout::Rect {
        x: 0.0,
        y: 0.0,
        w: css,
    };
    Painter::default().piece(&ctx, Piece::new(color, role), cell, 1.0, pal);
    Ok(())
}
