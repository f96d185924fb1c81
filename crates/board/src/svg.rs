//! The board as a standalone SVG picture (`baroque diagram --svg`, the pages' "Download SVG"):
//! the drawing commands of [`super::scene`], the very list the canvas paints, written as SVG
//! markup, on the palette's surround with an optional caption under the board. The selection,
//! the pointer, the keyboard cursor and a drag are never drawn. Plain Rust: it runs natively in
//! the CLI and in the wasm bindings alike.

use core::fmt::Write;

use baroque_engine::Piece;

use super::glyphs;
use super::layout::{Layout, Rect};
use super::palette::{palette, Palette, Rgba};
use super::scene::{self, piece_box, Align, Baseline, Label, Pen, Point, Surface};
use super::state::BoardState;

/// What to draw besides the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SvgOptions {
    /// A caption written under the board (none when empty).
    pub caption: String,
    /// The picture's accessible title (`<title>`).
    pub title: String,
}

/// `attr="#rrggbb"` (and `attr-opacity` when translucent) for `c`.
fn paint(attr: &str, c: Rgba) -> String {
    let hex = format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b);
    if c.a >= 1.0 {
        format!("{attr}=\"{hex}\"")
    } else {
        format!("{attr}=\"{hex}\" {attr}-opacity=\"{:.3}\"", c.a)
    }
}

/// A line's `stroke`, `stroke-width` (and `stroke-dasharray` when dashed).
fn stroke(pen: Pen) -> String {
    let dash = pen
        .dash
        .map(|(on, off)| format!(" stroke-dasharray=\"{on:.2} {off:.2}\""))
        .unwrap_or_default();
    format!(
        "stroke-width=\"{:.2}\"{dash} {}",
        pen.width,
        paint("stroke", pen.color)
    )
}

/// `stop-color` and `stop-opacity` of a gradient stop.
fn stop(c: Rgba) -> String {
    format!(
        "stop-color=\"#{:02x}{:02x}{:02x}\" stop-opacity=\"{:.3}\"",
        c.r, c.g, c.b, c.a
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The SVG of `state` (its position, marks and notes) drawn `size` pixels wide.
pub fn board_svg(state: &BoardState, size: f64, opts: &SvgOptions) -> String {
    let layout = Layout::new(state.snap.shape, state.config.orientation, size);
    let pal = palette(state.config.theme, state.config.board_set);
    let caption_h = if opts.caption.is_empty() {
        0.0
    } else {
        (size * 0.05).max(14.0) * 1.8
    };
    let h = size + caption_h;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {size:.2} {h:.2}\" role=\"img\">"
    );
    if !opts.title.is_empty() {
        let _ = write!(s, "<title>{}</title>", escape(&opts.title));
    }
    let _ = write!(
        s,
        "<rect width=\"{size:.2}\" height=\"{h:.2}\" {}/>",
        paint("fill", pal.surround)
    );
    // A picture shows the position alone: no selection, pointer, cursor or drag.
    let still = BoardState {
        selected: None,
        hover: None,
        drag: None,
        cursor: None,
        ..state.clone()
    };
    let mut surface = Markup {
        s: &mut s,
        pal,
        glows: 0,
    };
    for item in scene::scene(&still, &layout, None) {
        item.paint(&mut surface);
    }
    if caption_h > 0.0 {
        let label = Label {
            at: (size / 2.0, size + caption_h / 2.0),
            text: opts.caption.clone(),
            size: caption_h / 1.8,
            weight: 400,
            align: Align::Center,
            baseline: Baseline::Middle,
            color: pal.coord_on_surround,
        };
        text(&mut s, &label);
    }
    s.push_str("</svg>\n");
    s
}

/// SVG markup as a [`Surface`] for the drawing commands.
struct Markup<'a> {
    s: &'a mut String,
    pal: &'a Palette,
    /// Gradients written so far (each needs its own id).
    glows: usize,
}

impl Surface for Markup<'_> {
    fn fill(&mut self, x: f64, y: f64, w: f64, h: f64, color: Rgba) {
        let _ = write!(
            self.s,
            "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{w:.2}\" height=\"{h:.2}\" {}/>",
            paint("fill", color)
        );
    }

    fn glow(&mut self, r: Rect, radius: f64, color: Rgba) {
        let (cx, cy) = r.center();
        let k = self.glows;
        self.glows += 1;
        let _ = write!(
            self.s,
            "<radialGradient id=\"glow{k}\" cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{radius:.2}\" gradientUnits=\"userSpaceOnUse\"><stop offset=\"0\" {}/><stop offset=\"1\" {}/></radialGradient><rect x=\"{:.2}\" y=\"{:.2}\" width=\"{w:.2}\" height=\"{w:.2}\" fill=\"url(#glow{k})\"/>",
            stop(color),
            stop(color.with_alpha(0.0)),
            r.x,
            r.y,
            w = r.w,
        );
    }

    fn disc(&mut self, (cx, cy): Point, radius: f64, color: Rgba) {
        let _ = write!(
            self.s,
            "<circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{radius:.2}\" {}/>",
            paint("fill", color)
        );
    }

    fn ring(&mut self, (cx, cy): Point, radius: f64, pen: Pen) {
        let _ = write!(
            self.s,
            "<circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{radius:.2}\" fill=\"none\" {}/>",
            stroke(pen)
        );
    }

    fn lines(&mut self, segments: &[(Point, Point)], pen: Pen) {
        let mut d = String::new();
        for ((x0, y0), (x1, y1)) in segments {
            if !d.is_empty() {
                d.push(' ');
            }
            let _ = write!(d, "M{x0:.2} {y0:.2} L{x1:.2} {y1:.2}");
        }
        let _ = write!(
            self.s,
            "<path d=\"{d}\" fill=\"none\" stroke-linecap=\"round\" {}/>",
            stroke(pen)
        );
    }

    fn polygon(&mut self, points: &[Point], color: Rgba) {
        let _ = write!(
            self.s,
            "<path d=\"{}\" {}/>",
            polygon(points),
            paint("fill", color)
        );
    }

    fn frame(&mut self, (x, y, w, h): (f64, f64, f64, f64), pen: Pen) {
        let _ = write!(
            self.s,
            "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{w:.2}\" height=\"{h:.2}\" fill=\"none\" {}/>",
            stroke(pen)
        );
    }

    fn text(&mut self, label: &Label) {
        text(self.s, label);
    }

    fn piece(&mut self, piece: Piece, cell: Rect, alpha: f64) {
        write_piece(self.s, piece, cell, alpha, self.pal);
    }

    fn arrow(&mut self, ((x0, y0), (bx, by)): (Point, Point), head: &[Point; 3], pen: Pen) {
        // The canvas draws the whole arrow at the colour's opacity: a group opacity does the same.
        let color = pen.color;
        let opacity = if color.a < 1.0 {
            format!("opacity=\"{:.3}\" ", color.a)
        } else {
            String::new()
        };
        let _ = write!(
            self.s,
            "<g {opacity}{} {}><path d=\"M{x0:.2} {y0:.2} L{bx:.2} {by:.2}\" fill=\"none\" stroke-linecap=\"round\" stroke-width=\"{:.2}\"/><path d=\"{}\" stroke=\"none\"/></g>",
            paint("stroke", color.with_alpha(1.0)),
            paint("fill", color.with_alpha(1.0)),
            pen.width,
            polygon(head),
        );
    }
}

/// Path data of a closed polygon.
fn polygon(points: &[Point]) -> String {
    let mut d = String::new();
    for (k, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{x:.2} {y:.2} ", if k == 0 { "M" } else { "L" });
    }
    d.push('Z');
    d
}

fn text(s: &mut String, l: &Label) {
    let anchor = match l.align {
        Align::Start => "start",
        Align::Center => "middle",
        Align::End => "end",
    };
    let baseline = match l.baseline {
        Baseline::Top => "hanging",
        Baseline::Middle => "central",
        Baseline::Bottom => "text-after-edge",
    };
    let _ = write!(
        s,
        "<text x=\"{:.2}\" y=\"{:.2}\" font-family=\"system-ui, sans-serif\" font-weight=\"{}\" font-size=\"{:.1}\" text-anchor=\"{anchor}\" dominant-baseline=\"{baseline}\" {}>{}</text>",
        l.at.0,
        l.at.1,
        l.weight,
        l.size,
        paint("fill", l.color),
        escape(&l.text)
    );
}

/// A piece: its glyph's layers, scaled into the square like the canvas does.
fn write_piece(s: &mut String, p: Piece, cell: Rect, alpha: f64, pal: &Palette) {
    let (x, y, k) = piece_box(cell);
    let opacity = if alpha < 1.0 {
        format!(" opacity=\"{alpha:.3}\"")
    } else {
        String::new()
    };
    let _ = write!(
        s,
        "<g transform=\"translate({x:.2} {y:.2}) scale({k:.4})\"{opacity} stroke-linejoin=\"round\" stroke-linecap=\"round\" data-piece=\"{}-{}\">",
        p.color().as_str(),
        p.role().id()
    );
    for layer in glyphs::layers(p.role()) {
        let style = scene::layer_style(layer.paint, p.color(), pal);
        let fill = style
            .fill
            .map_or_else(|| "fill=\"none\"".to_string(), |c| paint("fill", c));
        let stroke = style.stroke.map_or_else(
            || "stroke=\"none\"".to_string(),
            |(c, w)| format!("{} stroke-width=\"{w}\"", paint("stroke", c)),
        );
        let _ = write!(s, "<path d=\"{}\" {fill} {stroke}/>", layer.d);
    }
    s.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::notes::parse_notes;
    use crate::state::Snapshot;
    use baroque_engine::setup::build_game;

    fn state(variant: &str, moves: &[&str]) -> BoardState {
        let g = build_game(variant, None, &[], moves).unwrap();
        BoardState::new(Snapshot::from_game(&g), Config::default())
    }

    #[test]
    fn every_piece_of_the_position_is_drawn_once() {
        for v in ["ultima", "omega", "hybrid"] {
            let st = state(v, &[]);
            let n = st.snap.pieces.iter().flatten().count();
            assert!(n >= 32, "{v}");
            let svg = board_svg(&st, 400.0, &SvgOptions::default());
            assert!(
                svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                "{v}"
            );
            assert!(svg.ends_with("</svg>\n"));
            assert_eq!(svg.matches("data-piece=").count(), n, "{v}");
            assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
        }
    }

    #[test]
    fn marks_notes_and_caption_are_drawn_and_escaped() {
        let mut st = state("ultima", &["e2e5"]);
        st.notes = parse_notes(st.snap.shape, "d3:red d2>d8").unwrap();
        let svg = board_svg(
            &st,
            320.0,
            &SvgOptions {
                caption: "A & <B>".into(),
                title: "t".into(),
            },
        );
        assert!(svg.contains("A &amp; &lt;B&gt;"));
        assert!(svg.contains("<title>t</title>"));
        // One ring per note square (red), one arrow per note plus the last move's.
        assert!(svg.contains("stroke=\"#d55e00\""));
        assert_eq!(svg.matches("<g opacity").count(), 2);
    }
}
