//! Draws a [`BoardState`] on a 2d canvas: squares, coordinates, marks, pieces (vector glyphs
//! through cached `Path2D`s), animation and the dragged piece. One full repaint per frame; the
//! board has at most 104 squares.

use std::collections::HashMap;
use std::f64::consts::PI;

use baroque_engine::{Color, Piece, Shape, Square};
use web_sys::{CanvasRenderingContext2d, Path2d};

use super::anim::Anim;
use super::glyphs::{self, Paint};
use super::layout::{Layout, Rect};
use super::notes::Note;
use super::palette::{note_color, palette, Palette};
use super::shapes::{self, ArrowKind, MarkKind};
use super::state::BoardState;

/// Draws boards; keeps the parsed glyph paths.
#[derive(Default)]
pub struct Painter {
    paths: HashMap<&'static str, Path2d>,
}

impl Painter {
    fn path(&mut self, d: &'static str) -> Option<&Path2d> {
        if !self.paths.contains_key(d) {
            let p = Path2d::new_with_path_string(d).ok()?;
            self.paths.insert(d, p);
        }
        self.paths.get(d)
    }

    /// Draws `piece` into the box `cell`, with opacity `alpha`.
    pub fn piece(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        piece: Piece,
        cell: Rect,
        alpha: f64,
        pal: &Palette,
    ) {
        let Rect { x, y, w } = cell;
        let (fill, ink) = match piece.color() {
            Color::White => (pal.white_fill.css(), pal.white_ink.css()),
            Color::Black => (pal.black_fill.css(), pal.black_ink.css()),
        };
        let (fill, ink) = (fill.as_str(), ink.as_str());
        let outline = pal.outline.css();
        ctx.save();
        ctx.set_global_alpha(alpha);
        let inset = w * 0.05;
        let _ = ctx.translate(x + inset, y + inset);
        let k = (w - 2.0 * inset) / 100.0;
        let _ = ctx.scale(k, k);
        ctx.set_line_join("round");
        ctx.set_line_cap("round");
        for layer in glyphs::layers(piece.role()) {
            let Some(p) = self.path(layer.d) else {
                continue;
            };
            match layer.paint {
                Paint::Body => {
                    ctx.set_fill_style_str(fill);
                    ctx.fill_with_path_2d(p);
                    ctx.set_stroke_style_str(&outline);
                    ctx.set_line_width(3.4);
                    ctx.stroke_with_path(p);
                }
                Paint::Ink => {
                    ctx.set_fill_style_str(ink);
                    ctx.fill_with_path_2d(p);
                }
                Paint::Line => {
                    ctx.set_stroke_style_str(ink);
                    ctx.set_line_width(3.4);
                    ctx.stroke_with_path(p);
                }
                Paint::Badge => {
                    ctx.set_fill_style_str(&pal.badge.css());
                    ctx.fill_with_path_2d(p);
                    ctx.set_stroke_style_str(&outline);
                    ctx.set_line_width(2.4);
                    ctx.stroke_with_path(p);
                }
                Paint::BadgeInk => {
                    ctx.set_fill_style_str(&pal.badge_ink.css());
                    ctx.fill_with_path_2d(p);
                }
            }
        }
        ctx.restore();
    }

    /// Draws the whole board.
    pub fn draw(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        state: &BoardState,
        layout: &Layout,
        anim: Option<&Anim>,
        now: f64,
    ) {
        let shape = layout.shape;
        let w = layout.cell();
        let pal = palette(state.config.theme, state.config.board_set);
        ctx.clear_rect(0.0, 0.0, layout.size, layout.size);
        self.squares(ctx, layout, pal);
        if state.config.coordinates {
            coordinates(ctx, layout, pal);
        }
        let marks = shapes::marks(state);
        // Marks under the pieces.
        for m in &marks {
            let r = layout.rect(m.sq);
            match m.kind {
                MarkKind::LastFrom | MarkKind::LastTo => fill_rect(ctx, &r, &pal.last.css()),
                MarkKind::LastCapture => {
                    fill_rect(ctx, &r, &pal.last_capture.css());
                    cross(ctx, &r, &pal.last_capture.css(), 0.08, 0.22);
                }
                MarkKind::Frozen => fill_rect(ctx, &r, &pal.frozen.css()),
                MarkKind::Check => {
                    let (cx, cy) = r.center();
                    if let Ok(g) = ctx.create_radial_gradient(cx, cy, 0.0, cx, cy, w * 0.62) {
                        let _ = g.add_color_stop(0.0, &pal.check.css());
                        let _ = g.add_color_stop(1.0, &pal.check.with_alpha(0.0).css());
                        ctx.set_fill_style_canvas_gradient(&g);
                        ctx.fill_rect(r.x, r.y, r.w, r.w);
                    }
                }
                MarkKind::Selected => fill_rect(ctx, &r, &pal.selected.css()),
                MarkKind::Hover => fill_rect(ctx, &r, &pal.hover.css()),
                _ => {}
            }
        }
        // Pieces.
        let progress = anim.map(|a| a.progress(now)).unwrap_or(1.0);
        let dragging = state.drag.filter(|d| d.started);
        for sq in shape.squares() {
            let Some(p) = state.snap.piece(sq) else {
                continue;
            };
            if anim.is_some_and(|a| a.moving_to(sq)) {
                continue;
            }
            let r = layout.rect(sq);
            let alpha = if dragging.is_some_and(|d| d.from == sq) {
                0.3
            } else {
                1.0
            };
            self.piece(ctx, p, r, alpha, pal);
        }
        if let Some(a) = anim {
            for (p, sq) in &a.fades {
                let r = layout.rect(*sq);
                self.piece(ctx, *p, r, 1.0 - progress, pal);
            }
            for s in &a.slides {
                let (f, t) = (layout.rect(s.from), layout.rect(s.to));
                let x = f.x + (t.x - f.x) * progress;
                let y = f.y + (t.y - f.y) * progress;
                self.piece(ctx, s.piece, Rect { x, y, w }, 1.0, pal);
            }
        }
        // Marks over the pieces.
        for m in &marks {
            let r = layout.rect(m.sq);
            let occupied = state.snap.piece(m.sq).is_some();
            match m.kind {
                MarkKind::Frozen => snowflake(ctx, &r, pal),
                MarkKind::Checker => ring(ctx, &r, &pal.checker.css(), 0.07, false),
                MarkKind::Dest if occupied => corners(ctx, &r, &pal.dest.css()),
                MarkKind::Dest => dot(ctx, &r, &pal.dest.css(), 0.15),
                MarkKind::DestCapture if occupied => corners(ctx, &r, &pal.dest_capture.css()),
                MarkKind::DestCapture => {
                    dot(ctx, &r, &pal.dest_capture.css(), 0.17);
                    ring(ctx, &r, &pal.dest_capture.css(), 0.035, false);
                }
                MarkKind::Suicide => {
                    ring(ctx, &r, &pal.halo.css(), 0.09, false);
                    ring(ctx, &r, &pal.preview.css(), 0.05, true);
                }
                MarkKind::Preview => {
                    // A light halo under the dark ring and cross keeps them visible on a dark
                    // piece as on a light one.
                    ring(ctx, &r, &pal.halo.css(), 0.1, false);
                    cross(ctx, &r, &pal.halo.css(), 0.15, 0.26);
                    ring(ctx, &r, &pal.preview.css(), 0.06, false);
                    cross(ctx, &r, &pal.preview.css(), 0.09, 0.26);
                }
                MarkKind::Cursor => {
                    ctx.save();
                    ctx.set_stroke_style_str(&pal.cursor.css());
                    ctx.set_line_width(r.w * 0.07);
                    let i = r.w * 0.035;
                    ctx.stroke_rect(r.x + i, r.y + i, r.w - 2.0 * i, r.w - 2.0 * i);
                    ctx.restore();
                }
                _ => {}
            }
        }
        for a in shapes::arrows(state) {
            let color = match a.kind {
                ArrowKind::LastMove => pal.arrow_last,
                ArrowKind::Check => pal.arrow_check,
            };
            arrow(ctx, layout, a.from, a.to, &color.css());
        }
        for n in &state.notes {
            match *n {
                Note::Square { sq, color } => {
                    ring(ctx, &layout.rect(sq), &note_color(color).css(), 0.08, false)
                }
                Note::Arrow { from, to, color } => {
                    arrow(ctx, layout, from, to, &note_color(color).css())
                }
            }
        }
        if let Some(d) = dragging {
            if let Some(p) = state.snap.piece(d.from) {
                let (x, y, side) = d.drawn_at(w);
                self.piece(ctx, p, Rect { x, y, w: side }, 1.0, pal);
            }
        }
    }

    fn squares(&mut self, ctx: &CanvasRenderingContext2d, layout: &Layout, pal: &Palette) {
        let shape = layout.shape;
        if shape == Shape::Omega {
            // A frame around the 10×10 field; the holes stay empty.
            let a = layout.coord_rect(0, 9);
            let b = layout.coord_rect(9, 0);
            let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
            let side = (a.x - b.x).abs() + a.w;
            let pad = a.w * 0.06;
            ctx.set_fill_style_str(&pal.frame.css());
            ctx.fill_rect(x0 - pad, y0 - pad, side + 2.0 * pad, side + 2.0 * pad);
        }
        for sq in shape.squares() {
            let r = layout.rect(sq);
            let light = layout.is_light(sq);
            if shape.is_wizard_square(sq) {
                let c = if light {
                    pal.wizard_light
                } else {
                    pal.wizard_dark
                };
                ctx.set_fill_style_str(&pal.frame.css());
                let pad = r.w * 0.06;
                ctx.fill_rect(r.x - pad, r.y - pad, r.w + 2.0 * pad, r.w + 2.0 * pad);
                fill_rect(ctx, &r, &c.css());
                wizard_star(ctx, &r, pal);
            } else {
                let c = if light { pal.light } else { pal.dark };
                fill_rect(ctx, &r, &c.css());
            }
        }
    }
}

fn fill_rect(ctx: &CanvasRenderingContext2d, r: &Rect, color: &str) {
    ctx.set_fill_style_str(color);
    ctx.fill_rect(r.x, r.y, r.w, r.w);
}

fn dot(ctx: &CanvasRenderingContext2d, r: &Rect, color: &str, radius: f64) {
    let (cx, cy) = r.center();
    ctx.begin_path();
    let _ = ctx.arc(cx, cy, r.w * radius, 0.0, 2.0 * PI);
    ctx.set_fill_style_str(color);
    ctx.fill();
}

fn ring(ctx: &CanvasRenderingContext2d, r: &Rect, color: &str, width: f64, dashed: bool) {
    let (cx, cy) = r.center();
    ctx.save();
    ctx.begin_path();
    let lw = r.w * width;
    let _ = ctx.arc(cx, cy, r.w / 2.0 - lw / 2.0 - r.w * 0.02, 0.0, 2.0 * PI);
    ctx.set_stroke_style_str(color);
    ctx.set_line_width(lw);
    if dashed {
        let dash = js_sys::Array::of2(&(r.w * 0.09).into(), &(r.w * 0.06).into());
        let _ = ctx.set_line_dash(&dash);
    }
    ctx.stroke();
    ctx.restore();
}

fn cross(ctx: &CanvasRenderingContext2d, r: &Rect, color: &str, width: f64, inset: f64) {
    let i = r.w * inset;
    ctx.save();
    ctx.begin_path();
    ctx.move_to(r.x + i, r.y + i);
    ctx.line_to(r.x + r.w - i, r.y + r.w - i);
    ctx.move_to(r.x + r.w - i, r.y + i);
    ctx.line_to(r.x + i, r.y + r.w - i);
    ctx.set_stroke_style_str(color);
    ctx.set_line_cap("round");
    ctx.set_line_width(r.w * width);
    ctx.stroke();
    ctx.restore();
}

/// Four corner triangles: a destination that holds an enemy piece (chessground's style).
fn corners(ctx: &CanvasRenderingContext2d, r: &Rect, color: &str) {
    let k = r.w * 0.26;
    ctx.set_fill_style_str(color);
    for (cx, cy, sx, sy) in [
        (r.x, r.y, 1.0, 1.0),
        (r.x + r.w, r.y, -1.0, 1.0),
        (r.x, r.y + r.w, 1.0, -1.0),
        (r.x + r.w, r.y + r.w, -1.0, -1.0),
    ] {
        ctx.begin_path();
        ctx.move_to(cx, cy);
        ctx.line_to(cx + sx * k, cy);
        ctx.line_to(cx, cy + sy * k);
        ctx.close_path();
        ctx.fill();
    }
}

/// A small snowflake in the top-right corner of a frozen piece's square.
fn snowflake(ctx: &CanvasRenderingContext2d, r: &Rect, pal: &Palette) {
    let (cx, cy) = (r.x + r.w * 0.82, r.y + r.w * 0.18);
    let len = r.w * 0.12;
    ctx.save();
    ctx.begin_path();
    let _ = ctx.arc(cx, cy, len * 1.35, 0.0, 2.0 * PI);
    ctx.set_fill_style_str(&pal.frozen_disc.css());
    ctx.fill();
    ctx.begin_path();
    for k in 0..3 {
        let a = PI / 2.0 + k as f64 * PI / 3.0;
        let (dx, dy) = (a.cos() * len, a.sin() * len);
        ctx.move_to(cx - dx, cy - dy);
        ctx.line_to(cx + dx, cy + dy);
    }
    ctx.set_stroke_style_str(&pal.frozen_icon.css());
    ctx.set_line_width((r.w * 0.035).max(1.0));
    ctx.set_line_cap("round");
    ctx.stroke();
    ctx.restore();
}

fn wizard_star(ctx: &CanvasRenderingContext2d, r: &Rect, pal: &Palette) {
    let (cx, cy) = r.center();
    let (big, small) = (r.w * 0.32, r.w * 0.09);
    ctx.begin_path();
    for k in 0..8 {
        let a = k as f64 * PI / 4.0 - PI / 2.0;
        let rad = if k % 2 == 0 { big } else { small };
        let (x, y) = (cx + a.cos() * rad, cy + a.sin() * rad);
        if k == 0 {
            ctx.move_to(x, y);
        } else {
            ctx.line_to(x, y);
        }
    }
    ctx.close_path();
    ctx.set_fill_style_str(&pal.wizard_star.css());
    ctx.fill();
}

fn arrow(ctx: &CanvasRenderingContext2d, layout: &Layout, from: Square, to: Square, color: &str) {
    let w = layout.cell();
    let (x0, y0) = layout.rect(from).center();
    let (x1, y1) = layout.rect(to).center();
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = w * 0.34;
    let (bx, by) = (x1 - ux * head, y1 - uy * head);
    ctx.save();
    ctx.set_stroke_style_str(color);
    ctx.set_fill_style_str(color);
    ctx.set_line_width(w * 0.13);
    ctx.set_line_cap("round");
    ctx.begin_path();
    ctx.move_to(x0, y0);
    ctx.line_to(bx, by);
    ctx.stroke();
    ctx.begin_path();
    ctx.move_to(x1, y1);
    ctx.line_to(bx - uy * head * 0.62, by + ux * head * 0.62);
    ctx.line_to(bx + uy * head * 0.62, by - ux * head * 0.62);
    ctx.close_path();
    ctx.fill();
    ctx.restore();
}

/// File letters and rank numbers: inside the edge squares on the 8×8 and 10×10 boards, in the
/// empty hole cells around Omega's field (so wizard squares keep their names too).
fn coordinates(ctx: &CanvasRenderingContext2d, layout: &Layout, pal: &Palette) {
    let shape = layout.shape;
    let w = layout.cell();
    let base = shape.rank_base() as i32;
    ctx.save();
    if shape == Shape::Omega {
        let font = format!("600 {:.1}px system-ui, sans-serif", w * 0.34);
        ctx.set_font(&font);
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        ctx.set_fill_style_str(&pal.coord_on_surround.css());
        let (edge_y, edge_x) = match layout.orientation {
            Color::White => (-1, -1),
            Color::Black => (10, 10),
        };
        for x in 0..10i8 {
            let (cx, cy) = layout.coord_rect(x, edge_y).center();
            let _ = ctx.fill_text(&((b'a' + x as u8) as char).to_string(), cx, cy);
        }
        for y in 0..10i8 {
            let (cx, cy) = layout.coord_rect(edge_x, y).center();
            let _ = ctx.fill_text(&(y as i32 + base).to_string(), cx, cy);
        }
        let font = format!("700 {:.1}px system-ui, sans-serif", w * 0.2);
        ctx.set_font(&font);
        ctx.set_text_align("left");
        ctx.set_text_baseline("top");
        ctx.set_fill_style_str(&pal.wizard_ink.css());
        for sq in shape.squares().filter(|s| shape.is_wizard_square(*s)) {
            let r = layout.rect(sq);
            let name = shape.square_name(sq).to_string();
            let _ = ctx.fill_text(&name, r.x + w * 0.06, r.y + w * 0.05);
        }
    } else {
        let font = format!("600 {:.1}px system-ui, sans-serif", (w * 0.2).max(8.0));
        ctx.set_font(&font);
        let n = shape.width();
        let (bottom, left) = match layout.orientation {
            Color::White => (0, 0),
            Color::Black => (n - 1, n - 1),
        };
        for x in 0..n {
            let r = layout.coord_rect(x, bottom);
            let sq = shape.square(x, bottom);
            let light = sq.is_some_and(|s| layout.is_light(s));
            let ink = if light {
                pal.coord_on_light
            } else {
                pal.coord_on_dark
            };
            ctx.set_fill_style_str(&ink.css());
            ctx.set_text_align("right");
            ctx.set_text_baseline("bottom");
            let _ = ctx.fill_text(
                &((b'a' + x as u8) as char).to_string(),
                r.x + r.w - w * 0.05,
                r.y + r.w - w * 0.03,
            );
        }
        for y in 0..n {
            let r = layout.coord_rect(left, y);
            let sq = shape.square(left, y);
            let light = sq.is_some_and(|s| layout.is_light(s));
            let ink = if light {
                pal.coord_on_light
            } else {
                pal.coord_on_dark
            };
            ctx.set_fill_style_str(&ink.css());
            ctx.set_text_align("left");
            ctx.set_text_baseline("top");
            let _ = ctx.fill_text(
                &(y as i32 + base).to_string(),
                r.x + w * 0.05,
                r.y + w * 0.04,
            );
        }
    }
    ctx.restore();
}
