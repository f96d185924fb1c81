//! The board as a list of drawing commands ([`Item`]s), computed once from a [`BoardState`] and a
//! [`Layout`]: squares, frame and wizard stars, coordinates, the marks under and over the pieces,
//! the pieces (sliding, fading or dragged), arrows and the author's notes, each with its geometry
//! and palette colour. Two backends paint the same list: `render` on a 2d canvas and `svg` as a
//! standalone picture, so the canvas and the SVG cannot drift apart. Plain Rust, tested natively.

use core::f64::consts::PI;

use baroque_engine::{Color, Piece, Shape, Square};

use super::anim::Anim;
use super::glyphs::Paint;
use super::layout::{Layout, Rect};
use super::notes::Note;
use super::palette::{note_color, palette, Palette, Rgba};
use super::shapes::{self, ArrowKind, MarkKind};
use super::state::BoardState;

/// A point in CSS pixels from the board's top-left corner.
pub type Point = (f64, f64);

/// Where a text's anchor point is, horizontally.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Align {
    /// The text starts there.
    Start,
    /// The text is centred there.
    Center,
    /// The text ends there.
    End,
}

/// Where a text's anchor point is, vertically.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Baseline {
    /// At the top of the letters.
    Top,
    /// In the middle of the letters.
    Middle,
    /// Under the letters.
    Bottom,
}

/// A label (a coordinate or a wizard square's name).
#[derive(Clone, PartialEq, Debug)]
pub struct Label {
    /// The anchor point.
    pub at: Point,
    /// The words.
    pub text: String,
    /// Font size in pixels.
    pub size: f64,
    /// Font weight (400 normal, 700 bold).
    pub weight: u16,
    /// Horizontal anchor.
    pub align: Align,
    /// Vertical anchor.
    pub baseline: Baseline,
    /// Colour.
    pub color: Rgba,
}

/// How a line is drawn: width, colour and, for a dashed line, the (on, off) lengths.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Pen {
    /// Line width.
    pub width: f64,
    /// Colour.
    pub color: Rgba,
    /// Dash and gap lengths of a dashed line.
    pub dash: Option<(f64, f64)>,
}

impl Pen {
    /// A solid line.
    pub fn solid(width: f64, color: Rgba) -> Pen {
        Pen {
            width,
            color,
            dash: None,
        }
    }
}

/// One drawing command.
#[derive(Clone, PartialEq, Debug)]
pub enum Item {
    /// A filled rectangle.
    Fill {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// Colour.
        color: Rgba,
    },
    /// A square lit from its centre: `color` there, fading to transparent at `radius`.
    Glow {
        /// The square.
        rect: Rect,
        /// Where the light ends.
        radius: f64,
        /// The colour at the centre.
        color: Rgba,
    },
    /// A filled disc.
    Disc {
        /// Centre.
        center: Point,
        /// Radius.
        radius: f64,
        /// Colour.
        color: Rgba,
    },
    /// A circle's outline.
    Ring {
        /// Centre.
        center: Point,
        /// Radius of the line's middle.
        radius: f64,
        /// The line.
        pen: Pen,
    },
    /// Line segments with round caps.
    Lines {
        /// The segments.
        segments: Vec<(Point, Point)>,
        /// The line.
        pen: Pen,
    },
    /// A filled polygon.
    Polygon {
        /// The corners in order.
        points: Vec<Point>,
        /// Colour.
        color: Rgba,
    },
    /// A rectangle's outline.
    Frame {
        /// The line's middle: left, top, width, height.
        area: (f64, f64, f64, f64),
        /// The line.
        pen: Pen,
    },
    /// A text label.
    Text(Label),
    /// A piece's glyph scaled into `cell` (see [`piece_box`] and [`layer_style`]).
    Piece {
        /// The piece.
        piece: Piece,
        /// The box it fills.
        cell: Rect,
        /// Opacity (a dragged piece's ghost, a fading capture).
        alpha: f64,
    },
    /// An arrow: a shaft with round caps up to the head's base, and a triangular head; a
    /// translucent arrow is translucent as a whole.
    Arrow {
        /// Tail and the head's base.
        shaft: (Point, Point),
        /// Tip and the two corners of the head.
        head: [Point; 3],
        /// The shaft's line (and the head's colour).
        pen: Pen,
    },
}

/// What paints drawing commands: the canvas (`render`) and the SVG writer (`svg`). Each method is
/// one [`Item`] variant, with its fields; [`Item::paint`] hands an item to its method.
pub trait Surface {
    /// See [`Item::Fill`].
    fn fill(&mut self, x: f64, y: f64, w: f64, h: f64, color: Rgba);
    /// See [`Item::Glow`].
    fn glow(&mut self, rect: Rect, radius: f64, color: Rgba);
    /// See [`Item::Disc`].
    fn disc(&mut self, center: Point, radius: f64, color: Rgba);
    /// See [`Item::Ring`].
    fn ring(&mut self, center: Point, radius: f64, pen: Pen);
    /// See [`Item::Lines`].
    fn lines(&mut self, segments: &[(Point, Point)], pen: Pen);
    /// See [`Item::Polygon`].
    fn polygon(&mut self, points: &[Point], color: Rgba);
    /// See [`Item::Frame`].
    fn frame(&mut self, area: (f64, f64, f64, f64), pen: Pen);
    /// See [`Item::Text`].
    fn text(&mut self, label: &Label);
    /// See [`Item::Piece`].
    fn piece(&mut self, piece: Piece, cell: Rect, alpha: f64);
    /// See [`Item::Arrow`].
    fn arrow(&mut self, shaft: (Point, Point), head: &[Point; 3], pen: Pen);
}

impl Item {
    /// Paints the item on `surface`.
    pub fn paint(&self, surface: &mut impl Surface) {
        match self {
            Item::Fill { x, y, w, h, color } => surface.fill(*x, *y, *w, *h, *color),
            Item::Glow {
                rect,
                radius,
                color,
            } => surface.glow(*rect, *radius, *color),
            Item::Disc {
                center,
                radius,
                color,
            } => surface.disc(*center, *radius, *color),
            Item::Ring {
                center,
                radius,
                pen,
            } => surface.ring(*center, *radius, *pen),
            Item::Lines { segments, pen } => surface.lines(segments, *pen),
            Item::Polygon { points, color } => surface.polygon(points, *color),
            Item::Frame { area, pen } => surface.frame(*area, *pen),
            Item::Text(label) => surface.text(label),
            Item::Piece { piece, cell, alpha } => surface.piece(*piece, *cell, *alpha),
            Item::Arrow { shaft, head, pen } => surface.arrow(*shaft, head, *pen),
        }
    }
}

/// How one glyph layer of a piece is painted: a fill, an outline of some width, or both.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct LayerStyle {
    /// The fill colour, if filled.
    pub fill: Option<Rgba>,
    /// The outline colour and width (in the glyph's 100-unit box), if stroked.
    pub stroke: Option<(Rgba, f64)>,
}

/// The paint of a glyph layer of a `color` piece in palette `pal`.
pub fn layer_style(paint: Paint, color: Color, pal: &Palette) -> LayerStyle {
    let (fill, ink) = match color {
        Color::White => (pal.white_fill, pal.white_ink),
        Color::Black => (pal.black_fill, pal.black_ink),
    };
    let (fill, stroke) = match paint {
        Paint::Body => (Some(fill), Some((pal.outline, 3.4))),
        Paint::Ink => (Some(ink), None),
        Paint::Line => (None, Some((ink, 3.4))),
        Paint::Badge => (Some(pal.badge), Some((pal.outline, 2.4))),
        Paint::BadgeInk => (Some(pal.badge_ink), None),
    };
    LayerStyle { fill, stroke }
}

/// The margin between a square's edge and its piece's box, in cells.
const PIECE_INSET: f64 = 0.05;

/// Where a glyph's 100-unit box goes in `cell`: the translation and the scale.
pub fn piece_box(cell: Rect) -> (f64, f64, f64) {
    let inset = cell.w * PIECE_INSET;
    (
        cell.x + inset,
        cell.y + inset,
        (cell.w - 2.0 * inset) / 100.0,
    )
}

/// The drawing of `state` on `layout`; `motion` is the animation running and how far it is
/// (0–1). Items come in painting order.
pub fn scene(state: &BoardState, layout: &Layout, motion: Option<(&Anim, f64)>) -> Vec<Item> {
    let pal = palette(state.config.theme, state.config.board_set);
    let w = layout.cell();
    let mut out = Vec::new();
    squares(&mut out, layout, pal);
    if state.config.coordinates {
        coordinates(&mut out, layout, pal);
    }
    let marks = shapes::marks(state);
    // Marks under the pieces.
    for m in &marks {
        let r = layout.rect(m.sq);
        match m.kind {
            MarkKind::LastFrom | MarkKind::LastTo => fill(&mut out, &r, pal.last),
            MarkKind::LastCapture => {
                fill(&mut out, &r, pal.last_capture);
                cross(&mut out, &r, pal.last_capture, 0.08, 0.22);
            }
            MarkKind::Frozen => fill(&mut out, &r, pal.frozen),
            MarkKind::Check => out.push(Item::Glow {
                rect: r,
                radius: w * 0.62,
                color: pal.check,
            }),
            MarkKind::Selected => fill(&mut out, &r, pal.selected),
            MarkKind::Hover => fill(&mut out, &r, pal.hover),
            _ => {}
        }
    }
    // Pieces.
    let dragging = state.drag.filter(|d| d.started);
    for sq in layout.shape.squares() {
        let Some(piece) = state.snap.piece(sq) else {
            continue;
        };
        if motion.is_some_and(|(a, _)| a.moving_to(sq)) {
            continue;
        }
        let alpha = if dragging.is_some_and(|d| d.from == sq) {
            0.3
        } else {
            1.0
        };
        out.push(Item::Piece {
            piece,
            cell: layout.rect(sq),
            alpha,
        });
    }
    if let Some((a, progress)) = motion {
        for (piece, sq) in &a.fades {
            out.push(Item::Piece {
                piece: *piece,
                cell: layout.rect(*sq),
                alpha: 1.0 - progress,
            });
        }
        for s in &a.slides {
            let (f, t) = (layout.rect(s.from), layout.rect(s.to));
            let x = f.x + (t.x - f.x) * progress;
            let y = f.y + (t.y - f.y) * progress;
            out.push(Item::Piece {
                piece: s.piece,
                cell: Rect { x, y, w },
                alpha: 1.0,
            });
        }
    }
    // Marks over the pieces.
    for m in &marks {
        let r = layout.rect(m.sq);
        let occupied = state.snap.piece(m.sq).is_some();
        match m.kind {
            MarkKind::Frozen => snowflake(&mut out, &r, pal),
            MarkKind::Checker => ring(&mut out, &r, pal.checker, 0.07, false),
            MarkKind::Dest if occupied => corners(&mut out, &r, pal.dest),
            MarkKind::Dest => dot(&mut out, &r, pal.dest, 0.15),
            MarkKind::DestCapture if occupied => corners(&mut out, &r, pal.dest_capture),
            MarkKind::DestCapture => {
                dot(&mut out, &r, pal.dest_capture, 0.17);
                ring(&mut out, &r, pal.dest_capture, 0.035, false);
            }
            MarkKind::Suicide => {
                ring(&mut out, &r, pal.halo, 0.09, false);
                ring(&mut out, &r, pal.preview, 0.05, true);
            }
            MarkKind::Preview => {
                // A light halo under the dark ring and cross keeps them visible on a dark
                // piece as on a light one.
                ring(&mut out, &r, pal.halo, 0.1, false);
                cross(&mut out, &r, pal.halo, 0.15, 0.26);
                ring(&mut out, &r, pal.preview, 0.06, false);
                cross(&mut out, &r, pal.preview, 0.09, 0.26);
            }
            MarkKind::Cursor => {
                let i = r.w * 0.035;
                out.push(Item::Frame {
                    area: (r.x + i, r.y + i, r.w - 2.0 * i, r.w - 2.0 * i),
                    pen: Pen::solid(r.w * 0.07, pal.cursor),
                });
            }
            _ => {}
        }
    }
    for a in shapes::arrows(state) {
        let color = match a.kind {
            ArrowKind::LastMove => pal.arrow_last,
            ArrowKind::Check => pal.arrow_check,
        };
        // The last move's head stops at the edge of the moved piece's box, so it never covers
        // the piece; a check's arrow points into the King's square.
        let stop = match a.kind {
            ArrowKind::LastMove => PIECE_INSET,
            ArrowKind::Check => 0.5,
        };
        arrow_to(&mut out, layout, a.from, a.to, color, stop);
    }
    for n in state.notes.iter().copied().chain(state.drawable.visible()) {
        match n {
            Note::Square { sq, color } => {
                ring(&mut out, &layout.rect(sq), note_color(color), 0.08, false)
            }
            Note::Arrow { from, to, color } => arrow(&mut out, layout, from, to, note_color(color)),
        }
    }
    if let Some(d) = dragging {
        if let Some(piece) = state.snap.piece(d.from) {
            let (x, y, side) = d.drawn_at(w);
            out.push(Item::Piece {
                piece,
                cell: Rect { x, y, w: side },
                alpha: 1.0,
            });
        }
    }
    out
}

fn fill(out: &mut Vec<Item>, r: &Rect, color: Rgba) {
    out.push(Item::Fill {
        x: r.x,
        y: r.y,
        w: r.w,
        h: r.w,
        color,
    });
}

fn dot(out: &mut Vec<Item>, r: &Rect, color: Rgba, radius: f64) {
    out.push(Item::Disc {
        center: r.center(),
        radius: r.w * radius,
        color,
    });
}

fn ring(out: &mut Vec<Item>, r: &Rect, color: Rgba, width: f64, dashed: bool) {
    let lw = r.w * width;
    out.push(Item::Ring {
        center: r.center(),
        radius: r.w / 2.0 - lw / 2.0 - r.w * 0.02,
        pen: Pen {
            width: lw,
            color,
            dash: dashed.then_some((r.w * 0.09, r.w * 0.06)),
        },
    });
}

fn cross(out: &mut Vec<Item>, r: &Rect, color: Rgba, width: f64, inset: f64) {
    let i = r.w * inset;
    out.push(Item::Lines {
        segments: vec![
            ((r.x + i, r.y + i), (r.x + r.w - i, r.y + r.w - i)),
            ((r.x + r.w - i, r.y + i), (r.x + i, r.y + r.w - i)),
        ],
        pen: Pen::solid(r.w * width, color),
    });
}

/// Four corner triangles: a destination that holds an enemy piece (chessground's style).
fn corners(out: &mut Vec<Item>, r: &Rect, color: Rgba) {
    let k = r.w * 0.26;
    for (cx, cy, sx, sy) in [
        (r.x, r.y, 1.0, 1.0),
        (r.x + r.w, r.y, -1.0, 1.0),
        (r.x, r.y + r.w, 1.0, -1.0),
        (r.x + r.w, r.y + r.w, -1.0, -1.0),
    ] {
        out.push(Item::Polygon {
            points: vec![(cx, cy), (cx + sx * k, cy), (cx, cy + sy * k)],
            color,
        });
    }
}

/// A small snowflake on a disc in the top-right corner of a frozen piece's square.
fn snowflake(out: &mut Vec<Item>, r: &Rect, pal: &Palette) {
    let (cx, cy) = (r.x + r.w * 0.82, r.y + r.w * 0.18);
    let len = r.w * 0.12;
    out.push(Item::Disc {
        center: (cx, cy),
        radius: len * 1.35,
        color: pal.frozen_disc,
    });
    let segments = (0..3)
        .map(|k| {
            let a = PI / 2.0 + k as f64 * PI / 3.0;
            let (dx, dy) = (a.cos() * len, a.sin() * len);
            ((cx - dx, cy - dy), (cx + dx, cy + dy))
        })
        .collect();
    out.push(Item::Lines {
        segments,
        pen: Pen::solid((r.w * 0.035).max(1.0), pal.frozen_icon),
    });
}

fn wizard_star(out: &mut Vec<Item>, r: &Rect, pal: &Palette) {
    let (cx, cy) = r.center();
    let (big, small) = (r.w * 0.32, r.w * 0.09);
    let points = (0..8)
        .map(|k| {
            let a = k as f64 * PI / 4.0 - PI / 2.0;
            let rad = if k % 2 == 0 { big } else { small };
            (cx + a.cos() * rad, cy + a.sin() * rad)
        })
        .collect();
    out.push(Item::Polygon {
        points,
        color: pal.wizard_star,
    });
}

fn arrow(out: &mut Vec<Item>, layout: &Layout, from: Square, to: Square, color: Rgba) {
    arrow_to(out, layout, from, to, color, 0.5);
}

/// An arrow from the centre of `from` towards the centre of `to` whose tip stops where the line
/// leaves the box of side `(1 - 2 * inset)` cells around `to`'s centre (`inset` 0.5: the centre).
fn arrow_to(
    out: &mut Vec<Item>,
    layout: &Layout,
    from: Square,
    to: Square,
    color: Rgba,
    inset: f64,
) {
    let w = layout.cell();
    let (x0, y0) = layout.rect(from).center();
    let (xc, yc) = layout.rect(to).center();
    let (dx, dy) = (xc - x0, yc - y0);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    // The box's half side, along the line: it is left where the larger of |ux|, |uy| reaches it.
    let back = (0.5 - inset) * w / ux.abs().max(uy.abs());
    let (x1, y1) = (xc - ux * back, yc - uy * back);
    let head = w * 0.34;
    let (bx, by) = (x1 - ux * head, y1 - uy * head);
    out.push(Item::Arrow {
        shaft: ((x0, y0), (bx, by)),
        head: [
            (x1, y1),
            (bx - uy * head * 0.62, by + ux * head * 0.62),
            (bx + uy * head * 0.62, by - ux * head * 0.62),
        ],
        pen: Pen::solid(w * 0.13, color),
    });
}

/// The squares: Omega's frame around its 10×10 field (the holes stay empty), each wizard square
/// framed with its star, the others light or dark.
fn squares(out: &mut Vec<Item>, layout: &Layout, pal: &Palette) {
    let shape = layout.shape;
    if shape == Shape::Omega {
        let a = layout.coord_rect(0, 9);
        let b = layout.coord_rect(9, 0);
        let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
        let side = (a.x - b.x).abs() + a.w;
        let pad = a.w * 0.06;
        out.push(Item::Fill {
            x: x0 - pad,
            y: y0 - pad,
            w: side + 2.0 * pad,
            h: side + 2.0 * pad,
            color: pal.frame,
        });
    }
    for sq in shape.squares() {
        let r = layout.rect(sq);
        let light = layout.is_light(sq);
        if shape.is_wizard_square(sq) {
            let pad = r.w * 0.06;
            let outer = Rect {
                x: r.x - pad,
                y: r.y - pad,
                w: r.w + 2.0 * pad,
            };
            fill(out, &outer, pal.frame);
            let c = if light {
                pal.wizard_light
            } else {
                pal.wizard_dark
            };
            fill(out, &r, c);
            wizard_star(out, &r, pal);
        } else {
            fill(out, &r, if light { pal.light } else { pal.dark });
        }
    }
}

/// File letters and rank numbers: inside the edge squares on the 8×8 and 10×10 boards, in the
/// empty hole cells around Omega's field (so wizard squares keep their names too).
fn coordinates(out: &mut Vec<Item>, layout: &Layout, pal: &Palette) {
    let shape = layout.shape;
    let w = layout.cell();
    let base = shape.rank_base() as i32;
    let mut label = |at, text: String, size, weight, (align, baseline), color| {
        out.push(Item::Text(Label {
            at,
            text,
            size,
            weight,
            align,
            baseline,
            color,
        }))
    };
    let file = |x: i8| ((b'a' + x as u8) as char).to_string();
    if shape == Shape::Omega {
        let (edge_y, edge_x) = match layout.orientation {
            Color::White => (-1, -1),
            Color::Black => (10, 10),
        };
        let centred = (Align::Center, Baseline::Middle);
        for x in 0..10i8 {
            let at = layout.coord_rect(x, edge_y).center();
            label(at, file(x), w * 0.34, 600, centred, pal.coord_on_surround);
        }
        for y in 0..10i8 {
            let at = layout.coord_rect(edge_x, y).center();
            let name = (y as i32 + base).to_string();
            label(at, name, w * 0.34, 600, centred, pal.coord_on_surround);
        }
        for sq in shape.squares().filter(|s| shape.is_wizard_square(*s)) {
            let r = layout.rect(sq);
            let at = (r.x + w * 0.06, r.y + w * 0.05);
            let name = shape.square_name(sq).to_string();
            let corner = (Align::Start, Baseline::Top);
            label(at, name, w * 0.2, 700, corner, pal.wizard_ink);
        }
        return;
    }
    let size = (w * 0.2).max(8.0);
    let n = shape.width();
    let (bottom, left) = match layout.orientation {
        Color::White => (0, 0),
        Color::Black => (n - 1, n - 1),
    };
    let ink = |sq: Option<Square>| {
        if sq.is_some_and(|s| layout.is_light(s)) {
            pal.coord_on_light
        } else {
            pal.coord_on_dark
        }
    };
    for x in 0..n {
        let r = layout.coord_rect(x, bottom);
        let at = (r.x + r.w - w * 0.05, r.y + r.w - w * 0.03);
        let c = ink(shape.square(x, bottom));
        label(at, file(x), size, 600, (Align::End, Baseline::Bottom), c);
    }
    for y in 0..n {
        let r = layout.coord_rect(left, y);
        let at = (r.x + w * 0.05, r.y + w * 0.04);
        let c = ink(shape.square(left, y));
        let name = (y as i32 + base).to_string();
        label(at, name, size, 600, (Align::Start, Baseline::Top), c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::state::Snapshot;
    use baroque_engine::setup::build_game;

    fn state(variant: &str, moves: &[&str]) -> BoardState {
        let g = build_game(variant, None, &[], moves).unwrap();
        BoardState::new(Snapshot::from_game(&g), Config::default())
    }

    fn count(items: &[Item], f: impl Fn(&Item) -> bool) -> usize {
        items.iter().filter(|i| f(i)).count()
    }

    #[test]
    fn a_start_position_is_its_squares_labels_and_pieces() {
        for (v, squares, labels) in [("ultima", 64, 16), ("hybrid", 100, 20), ("omega", 104, 24)] {
            let st = state(v, &[]);
            let layout = Layout::new(st.snap.shape, Color::White, 480.0);
            let items = scene(&st, &layout, None);
            let pieces = st.snap.pieces.iter().flatten().count();
            assert_eq!(
                count(&items, |i| matches!(i, Item::Piece { .. })),
                pieces,
                "{v}"
            );
            assert_eq!(count(&items, |i| matches!(i, Item::Text(_))), labels, "{v}");
            // Omega: the field's frame, and a frame under each of the four wizard squares.
            let frames = if v == "omega" { 5 } else { 0 };
            let fills = count(&items, |i| matches!(i, Item::Fill { .. }));
            assert_eq!(fills, squares + frames, "{v}");
            assert!(
                !items.iter().any(|i| matches!(i, Item::Arrow { .. })),
                "{v}"
            );
        }
    }

    #[test]
    fn the_last_move_and_a_selection_are_drawn_in_order() {
        let mut st = state("ultima", &["e2e5"]);
        let layout = Layout::new(st.snap.shape, Color::White, 400.0);
        let items = scene(&st, &layout, None);
        let arrows = count(&items, |i| matches!(i, Item::Arrow { .. }));
        assert_eq!(arrows, 1, "the last move's arrow");
        // The last move's squares are filled before the pieces are drawn over them.
        let last = palette(st.config.theme, st.config.board_set).last;
        let first_piece = items
            .iter()
            .position(|i| matches!(i, Item::Piece { .. }))
            .unwrap();
        let last_fills: Vec<usize> = (0..items.len())
            .filter(|&k| matches!(items[k], Item::Fill { color, .. } if color == last))
            .collect();
        assert_eq!(last_fills.len(), 2);
        assert!(last_fills.iter().all(|&k| k < first_piece));
        // A selected piece gets its fill and dots at its destinations; none without selection.
        let sq = st.snap.shape.parse_square("d7").unwrap();
        st.selected = Some(sq);
        let selected = scene(&st, &layout, None);
        assert!(
            count(&selected, |i| matches!(i, Item::Disc { .. }))
                > count(&items, |i| matches!(i, Item::Disc { .. }))
        );
    }

    #[test]
    fn the_last_moves_arrowhead_stops_before_the_moved_piece() {
        // Straight, diagonal and knight-like last moves, on each board.
        for (v, moves) in [
            ("ultima", &["e2e5"][..]),
            ("ultima", &["c2c4", "a7a6", "b1d3"][..]),
            ("omega", &["c0d2"][..]),
            ("omega", &["w1a2"][..]),
            ("hybrid", &["b2c4"][..]),
        ] {
            let mv = moves.last().unwrap();
            let st = state(v, moves);
            let layout = Layout::new(st.snap.shape, Color::White, 480.0);
            let to = st.snap.last.as_ref().unwrap().to;
            let (bx, by, k) = piece_box(layout.rect(to));
            let side = 100.0 * k;
            let inside = |(x, y): Point| {
                x > bx + 1e-6 && x < bx + side - 1e-6 && y > by + 1e-6 && y < by + side - 1e-6
            };
            let items = scene(&st, &layout, None);
            let arrows: Vec<&Item> = items
                .iter()
                .filter(|i| matches!(i, Item::Arrow { .. }))
                .collect();
            assert_eq!(arrows.len(), 1, "{v} {mv}");
            let Item::Arrow { shaft, head, .. } = arrows[0] else {
                unreachable!()
            };
            assert!(
                !inside(head[0]),
                "{v} {mv}: the tip {:?} is on the piece",
                head[0]
            );
            assert!(!inside(shaft.1), "{v} {mv}: the shaft ends on the piece");
            // The arrow still points at the destination.
            let c = layout.rect(to).center();
            let (dx, dy) = (c.0 - head[0].0, c.1 - head[0].1);
            let (sx, sy) = (shaft.1 .0 - shaft.0 .0, shaft.1 .1 - shaft.0 .1);
            assert!(
                (dx * sy - dy * sx).abs() < 1e-6 * (1.0 + side * side),
                "{v} {mv}"
            );
        }
    }

    #[test]
    fn the_players_drawn_shapes_are_drawn_over_the_pieces() {
        use crate::drawable::Modifiers;
        let mut st = state("ultima", &[]);
        let layout = Layout::new(st.snap.shape, Color::White, 400.0);
        let before = scene(&st, &layout, None);
        let sq = |n: &str| st.snap.shape.parse_square(n);
        let e2 = sq("e2");
        let e4 = sq("e4");
        st.drawable.start(e2, Modifiers::default());
        st.drawable.end();
        st.drawable.start(e2, Modifiers::default());
        st.drawable.move_to(e4);
        st.drawable.end();
        let items = scene(&st, &layout, None);
        let rings = |l: &[Item]| count(l, |i| matches!(i, Item::Ring { .. }));
        let arrows = |l: &[Item]| count(l, |i| matches!(i, Item::Arrow { .. }));
        assert_eq!(rings(&items), rings(&before) + 1);
        assert_eq!(arrows(&items), arrows(&before) + 1);
        let last_piece = items
            .iter()
            .rposition(|i| matches!(i, Item::Piece { .. }))
            .unwrap();
        let arrow = items
            .iter()
            .position(|i| matches!(i, Item::Arrow { .. }))
            .unwrap();
        assert!(arrow > last_piece);
    }
}
