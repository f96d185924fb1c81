//! Paints a [`BoardState`] on a 2d canvas: the drawing commands of [`super::scene`] (the same
//! list the SVG writer turns into markup), pieces as vector glyphs through cached `Path2D`s. One
//! full repaint per frame; the board has at most 104 squares.

use std::collections::HashMap;
use std::f64::consts::PI;

use baroque_engine::Piece;
use web_sys::{CanvasRenderingContext2d, Path2d};

use super::anim::Anim;
use super::glyphs;
use super::layout::{Layout, Rect};
use super::palette::{palette, Palette, Rgba};
use super::scene::{self, piece_box, Align, Baseline, Label, Pen, Point, Surface};
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
        ctx.save();
        ctx.set_global_alpha(alpha);
        let (x, y, k) = piece_box(cell);
        let _ = ctx.translate(x, y);
        let _ = ctx.scale(k, k);
        ctx.set_line_join("round");
        ctx.set_line_cap("round");
        for layer in glyphs::layers(piece.role()) {
            let style = scene::layer_style(layer.paint, piece.color(), pal);
            let Some(p) = self.path(layer.d) else {
                continue;
            };
            if let Some(fill) = style.fill {
                ctx.set_fill_style_str(&fill.css());
                ctx.fill_with_path_2d(p);
            }
            if let Some((stroke, width)) = style.stroke {
                ctx.set_stroke_style_str(&stroke.css());
                ctx.set_line_width(width);
                ctx.stroke_with_path(p);
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
        let pal = palette(state.config.theme, state.config.board_set);
        ctx.clear_rect(0.0, 0.0, layout.size, layout.size);
        let motion = anim.map(|a| (a, a.progress(now)));
        let mut surface = Canvas {
            painter: self,
            ctx,
            pal,
        };
        for item in scene::scene(state, layout, motion) {
            item.paint(&mut surface);
        }
    }
}

/// A canvas as a [`Surface`] for the drawing commands.
struct Canvas<'a> {
    painter: &'a mut Painter,
    ctx: &'a CanvasRenderingContext2d,
    pal: &'a Palette,
}

impl Surface for Canvas<'_> {
    fn fill(&mut self, x: f64, y: f64, w: f64, h: f64, color: Rgba) {
        self.ctx.set_fill_style_str(&color.css());
        self.ctx.fill_rect(x, y, w, h);
    }

    fn glow(&mut self, r: Rect, radius: f64, color: Rgba) {
        let ctx = self.ctx;
        let (cx, cy) = r.center();
        if let Ok(g) = ctx.create_radial_gradient(cx, cy, 0.0, cx, cy, radius) {
            let _ = g.add_color_stop(0.0, &color.css());
            let _ = g.add_color_stop(1.0, &color.with_alpha(0.0).css());
            ctx.set_fill_style_canvas_gradient(&g);
            ctx.fill_rect(r.x, r.y, r.w, r.w);
        }
    }

    fn disc(&mut self, (cx, cy): Point, radius: f64, color: Rgba) {
        let ctx = self.ctx;
        ctx.begin_path();
        let _ = ctx.arc(cx, cy, radius, 0.0, 2.0 * PI);
        ctx.set_fill_style_str(&color.css());
        ctx.fill();
    }

    fn ring(&mut self, (cx, cy): Point, radius: f64, pen: Pen) {
        let ctx = self.ctx;
        ctx.save();
        ctx.begin_path();
        let _ = ctx.arc(cx, cy, radius, 0.0, 2.0 * PI);
        ctx.set_stroke_style_str(&pen.color.css());
        ctx.set_line_width(pen.width);
        if let Some((on, off)) = pen.dash {
            let _ = ctx.set_line_dash(&js_sys::Array::of2(&on.into(), &off.into()));
        }
        ctx.stroke();
        ctx.restore();
    }

    fn lines(&mut self, segments: &[(Point, Point)], pen: Pen) {
        let ctx = self.ctx;
        ctx.save();
        ctx.begin_path();
        for ((x0, y0), (x1, y1)) in segments {
            ctx.move_to(*x0, *y0);
            ctx.line_to(*x1, *y1);
        }
        ctx.set_stroke_style_str(&pen.color.css());
        ctx.set_line_cap("round");
        ctx.set_line_width(pen.width);
        ctx.stroke();
        ctx.restore();
    }

    fn polygon(&mut self, points: &[Point], color: Rgba) {
        polygon(self.ctx, points);
        self.ctx.set_fill_style_str(&color.css());
        self.ctx.fill();
    }

    fn frame(&mut self, (x, y, w, h): (f64, f64, f64, f64), pen: Pen) {
        let ctx = self.ctx;
        ctx.save();
        ctx.set_stroke_style_str(&pen.color.css());
        ctx.set_line_width(pen.width);
        ctx.stroke_rect(x, y, w, h);
        ctx.restore();
    }

    fn text(&mut self, l: &Label) {
        let ctx = self.ctx;
        ctx.set_font(&format!(
            "{} {:.1}px system-ui, sans-serif",
            l.weight, l.size
        ));
        ctx.set_text_align(match l.align {
            Align::Start => "left",
            Align::Center => "center",
            Align::End => "right",
        });
        ctx.set_text_baseline(match l.baseline {
            Baseline::Top => "top",
            Baseline::Middle => "middle",
            Baseline::Bottom => "bottom",
        });
        ctx.set_fill_style_str(&l.color.css());
        let _ = ctx.fill_text(&l.text, l.at.0, l.at.1);
    }

    fn piece(&mut self, piece: Piece, cell: Rect, alpha: f64) {
        self.painter.piece(self.ctx, piece, cell, alpha, self.pal);
    }

    fn arrow(&mut self, ((x0, y0), (bx, by)): (Point, Point), head: &[Point; 3], pen: Pen) {
        let ctx = self.ctx;
        ctx.save();
        let css = pen.color.css();
        ctx.set_stroke_style_str(&css);
        ctx.set_fill_style_str(&css);
        ctx.set_line_width(pen.width);
        ctx.set_line_cap("round");
        ctx.begin_path();
        ctx.move_to(x0, y0);
        ctx.line_to(bx, by);
        ctx.stroke();
        polygon(ctx, head);
        ctx.fill();
        ctx.restore();
    }
}

/// A closed path through `points` (not yet filled).
fn polygon(ctx: &CanvasRenderingContext2d, points: &[Point]) {
    ctx.begin_path();
    for (k, (x, y)) in points.iter().enumerate() {
        if k == 0 {
            ctx.move_to(*x, *y);
        } else {
            ctx.line_to(*x, *y);
        }
    }
    ctx.close_path();
}
