//! The board as a standalone SVG picture (`baroque diagram --svg`, and the pages' "Download SVG"):
//! the canvas's look from the same sources, [`super::glyphs`] for the pieces, [`super::palette`]
//! for every colour, [`super::layout`] for where the squares are, [`super::shapes`] for the
//! last move, captured squares, frozen pieces and check, and [`super::notes`] for the author's
//! marks and arrows. Plain Rust: it runs natively in the CLI and in the wasm bindings alike.

use core::f64::consts::PI;
use core::fmt::Write;

use baroque_engine::{Color, Piece, Shape, Square};

use super::glyphs::{self, Paint};
use super::layout::{Layout, Rect};
use super::notes::Note;
use super::palette::{note_color, palette, Palette, Rgba};
use super::shapes::{self, ArrowKind, MarkKind};
use super::state::BoardState;

/// What to draw besides the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SvgOptions {
    /// A caption written under the board (none when empty).
    pub caption: String,
    /// The picture's accessible title (`<title>`).
    pub title: String,
}

/// Appends `fill="…"` (and `fill-opacity` when translucent) for `c`.
fn paint(attr: &str, c: Rgba) -> String {
    let hex = format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b);
    if c.a >= 1.0 {
        format!("{attr}=\"{hex}\"")
    } else {
        format!("{attr}=\"{hex}\" {attr}-opacity=\"{:.3}\"", c.a)
    }
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
    let w = layout.cell();
    let caption_h = if opts.caption.is_empty() {
        0.0
    } else {
        (size * 0.05).max(14.0) * 1.8
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {size:.2} {h:.2}\" role=\"img\">",
        h = size + caption_h
    );
    if !opts.title.is_empty() {
        let _ = write!(s, "<title>{}</title>", escape(&opts.title));
    }
    let _ = write!(
        s,
        "<rect width=\"{size:.2}\" height=\"{:.2}\" {}/>",
        size + caption_h,
        paint("fill", pal.surround)
    );
    squares(&mut s, &layout, pal);
    if state.config.coordinates {
        coordinates(&mut s, &layout, pal);
    }
    let marks = shapes::marks(state);
    for m in &marks {
        let r = layout.rect(m.sq);
        match m.kind {
            MarkKind::LastFrom | MarkKind::LastTo => rect(&mut s, &r, pal.last),
            MarkKind::LastCapture => {
                rect(&mut s, &r, pal.last_capture);
                cross(&mut s, &r, pal.last_capture, 0.08, 0.22);
            }
            MarkKind::Frozen => rect(&mut s, &r, pal.frozen),
            MarkKind::Check => {
                let (cx, cy) = r.center();
                let _ = write!(
                    s,
                    "<radialGradient id=\"check{i}\" cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{rad:.2}\" gradientUnits=\"userSpaceOnUse\"><stop offset=\"0\" {a}/><stop offset=\"1\" {b}/></radialGradient><rect x=\"{:.2}\" y=\"{:.2}\" width=\"{w:.2}\" height=\"{w:.2}\" fill=\"url(#check{i})\"/>",
                    r.x,
                    r.y,
                    i = m.sq.index(),
                    rad = w * 0.62,
                    a = paint("stop-color", pal.check).replace("stop-color-opacity", "stop-opacity"),
                    b = paint("stop-color", pal.check.with_alpha(0.0))
                        .replace("stop-color-opacity", "stop-opacity"),
                );
            }
            _ => {}
        }
    }
    for sq in layout.shape.squares() {
        if let Some(p) = state.snap.piece(sq) {
            piece(&mut s, p, layout.rect(sq), pal);
        }
    }
    for m in &marks {
        let r = layout.rect(m.sq);
        match m.kind {
            MarkKind::Frozen => snowflake(&mut s, &r, pal),
            MarkKind::Checker => ring(&mut s, &r, pal.checker, 0.07),
            _ => {}
        }
    }
    for a in shapes::arrows(state) {
        let color = match a.kind {
            ArrowKind::LastMove => pal.arrow_last,
            ArrowKind::Check => pal.arrow_check,
        };
        arrow(&mut s, &layout, a.from, a.to, color);
    }
    for n in &state.notes {
        match *n {
            Note::Square { sq, color } => ring(&mut s, &layout.rect(sq), note_color(color), 0.08),
            Note::Arrow { from, to, color } => arrow(&mut s, &layout, from, to, note_color(color)),
        }
    }
    if caption_h > 0.0 {
        let fs = caption_h / 1.8;
        let _ = write!(
            s,
            "<text x=\"{:.2}\" y=\"{:.2}\" font-family=\"system-ui, sans-serif\" font-size=\"{fs:.1}\" text-anchor=\"middle\" dominant-baseline=\"middle\" {}>{}</text>",
            size / 2.0,
            size + caption_h / 2.0,
            paint("fill", pal.coord_on_surround),
            escape(&opts.caption)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn rect(s: &mut String, r: &Rect, c: Rgba) {
    let _ = write!(
        s,
        "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" {}/>",
        r.x,
        r.y,
        r.w,
        r.w,
        paint("fill", c)
    );
}

fn ring(s: &mut String, r: &Rect, c: Rgba, width: f64) {
    let (cx, cy) = r.center();
    let lw = r.w * width;
    let _ = write!(
        s,
        "<circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{:.2}\" fill=\"none\" stroke-width=\"{lw:.2}\" {}/>",
        r.w / 2.0 - lw / 2.0 - r.w * 0.02,
        paint("stroke", c)
    );
}

fn cross(s: &mut String, r: &Rect, c: Rgba, width: f64, inset: f64) {
    let i = r.w * inset;
    let _ = write!(
        s,
        "<path d=\"M{:.2} {:.2} L{:.2} {:.2} M{:.2} {:.2} L{:.2} {:.2}\" fill=\"none\" stroke-linecap=\"round\" stroke-width=\"{:.2}\" {}/>",
        r.x + i,
        r.y + i,
        r.x + r.w - i,
        r.y + r.w - i,
        r.x + r.w - i,
        r.y + i,
        r.x + i,
        r.y + r.w - i,
        r.w * width,
        paint("stroke", c)
    );
}

fn snowflake(s: &mut String, r: &Rect, pal: &Palette) {
    let (cx, cy) = (r.x + r.w * 0.82, r.y + r.w * 0.18);
    let len = r.w * 0.12;
    let _ = write!(
        s,
        "<circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{:.2}\" {}/>",
        len * 1.35,
        paint("fill", pal.frozen_disc)
    );
    let mut d = String::new();
    for k in 0..3 {
        let a = PI / 2.0 + k as f64 * PI / 3.0;
        let (dx, dy) = (a.cos() * len, a.sin() * len);
        let _ = write!(
            d,
            "M{:.2} {:.2} L{:.2} {:.2} ",
            cx - dx,
            cy - dy,
            cx + dx,
            cy + dy
        );
    }
    let _ = write!(
        s,
        "<path d=\"{}\" fill=\"none\" stroke-linecap=\"round\" stroke-width=\"{:.2}\" {}/>",
        d.trim_end(),
        (r.w * 0.035).max(1.0),
        paint("stroke", pal.frozen_icon)
    );
}

fn wizard_star(s: &mut String, r: &Rect, pal: &Palette) {
    let (cx, cy) = r.center();
    let (big, small) = (r.w * 0.32, r.w * 0.09);
    let mut d = String::new();
    for k in 0..8 {
        let a = k as f64 * PI / 4.0 - PI / 2.0;
        let rad = if k % 2 == 0 { big } else { small };
        let (x, y) = (cx + a.cos() * rad, cy + a.sin() * rad);
        let _ = write!(d, "{}{x:.2} {y:.2} ", if k == 0 { "M" } else { "L" });
    }
    let _ = write!(s, "<path d=\"{d}Z\" {}/>", paint("fill", pal.wizard_star));
}

fn squares(s: &mut String, layout: &Layout, pal: &Palette) {
    let shape = layout.shape;
    if shape == Shape::Omega {
        let a = layout.coord_rect(0, 9);
        let b = layout.coord_rect(9, 0);
        let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
        let side = (a.x - b.x).abs() + a.w;
        let pad = a.w * 0.06;
        let _ = write!(
            s,
            "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" {}/>",
            x0 - pad,
            y0 - pad,
            side + 2.0 * pad,
            side + 2.0 * pad,
            paint("fill", pal.frame)
        );
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
            rect(s, &outer, pal.frame);
            rect(
                s,
                &r,
                if light {
                    pal.wizard_light
                } else {
                    pal.wizard_dark
                },
            );
            wizard_star(s, &r, pal);
        } else {
            rect(s, &r, if light { pal.light } else { pal.dark });
        }
    }
}

/// How a coordinate label is set: font size and weight, horizontal anchor, vertical baseline.
struct Font<'a>(f64, u16, &'a str, &'a str);

fn text(s: &mut String, (x, y): (f64, f64), font: Font, c: Rgba, t: &str) {
    let Font(size, weight, anchor, baseline) = font;
    let _ = write!(
        s,
        "<text x=\"{x:.2}\" y=\"{y:.2}\" font-family=\"system-ui, sans-serif\" font-weight=\"{weight}\" font-size=\"{size:.1}\" text-anchor=\"{anchor}\" dominant-baseline=\"{baseline}\" {}>{}</text>",
        paint("fill", c),
        escape(t)
    );
}

fn coordinates(s: &mut String, layout: &Layout, pal: &Palette) {
    let shape = layout.shape;
    let w = layout.cell();
    let base = shape.rank_base() as i32;
    if shape == Shape::Omega {
        let (edge_y, edge_x) = match layout.orientation {
            Color::White => (-1, -1),
            Color::Black => (10, 10),
        };
        for x in 0..10i8 {
            let (cx, cy) = layout.coord_rect(x, edge_y).center();
            let name = ((b'a' + x as u8) as char).to_string();
            text(
                s,
                (cx, cy),
                Font(w * 0.34, 600, "middle", "central"),
                pal.coord_on_surround,
                &name,
            );
        }
        for y in 0..10i8 {
            let (cx, cy) = layout.coord_rect(edge_x, y).center();
            let name = (y as i32 + base).to_string();
            text(
                s,
                (cx, cy),
                Font(w * 0.34, 600, "middle", "central"),
                pal.coord_on_surround,
                &name,
            );
        }
        for sq in shape.squares().filter(|q| shape.is_wizard_square(*q)) {
            let r = layout.rect(sq);
            let name = shape.square_name(sq).to_string();
            text(
                s,
                (r.x + w * 0.06, r.y + w * 0.05),
                Font(w * 0.2, 700, "start", "hanging"),
                pal.wizard_ink,
                &name,
            );
        }
        return;
    }
    let fs = (w * 0.2).max(8.0);
    let n = shape.width();
    let (bottom, left) = match layout.orientation {
        Color::White => (0, 0),
        Color::Black => (n - 1, n - 1),
    };
    let ink = |sq: Option<Square>| {
        if sq.is_some_and(|q| layout.is_light(q)) {
            pal.coord_on_light
        } else {
            pal.coord_on_dark
        }
    };
    for x in 0..n {
        let r = layout.coord_rect(x, bottom);
        let name = ((b'a' + x as u8) as char).to_string();
        let c = ink(shape.square(x, bottom));
        text(
            s,
            (r.x + r.w - w * 0.05, r.y + r.w - w * 0.03),
            Font(fs, 600, "end", "text-after-edge"),
            c,
            &name,
        );
    }
    for y in 0..n {
        let r = layout.coord_rect(left, y);
        let name = (y as i32 + base).to_string();
        let c = ink(shape.square(left, y));
        text(
            s,
            (r.x + w * 0.05, r.y + w * 0.04),
            Font(fs, 600, "start", "hanging"),
            c,
            &name,
        );
    }
}

/// A piece: its glyph's layers, scaled into the square like the canvas does.
fn piece(s: &mut String, p: Piece, cell: Rect, pal: &Palette) {
    let Rect { x, y, w } = cell;
    let (fill, ink) = match p.color() {
        Color::White => (pal.white_fill, pal.white_ink),
        Color::Black => (pal.black_fill, pal.black_ink),
    };
    let inset = w * 0.05;
    let k = (w - 2.0 * inset) / 100.0;
    let _ = write!(
        s,
        "<g transform=\"translate({:.2} {:.2}) scale({k:.4})\" stroke-linejoin=\"round\" stroke-linecap=\"round\" data-piece=\"{}-{}\">",
        x + inset,
        y + inset,
        p.color().as_str(),
        p.role().id()
    );
    for layer in glyphs::layers(p.role()) {
        let attrs = match layer.paint {
            Paint::Body => format!(
                "{} {} stroke-width=\"3.4\"",
                paint("fill", fill),
                paint("stroke", pal.outline)
            ),
            Paint::Ink => format!("{} stroke=\"none\"", paint("fill", ink)),
            Paint::Line => format!(
                "fill=\"none\" {} stroke-width=\"3.4\"",
                paint("stroke", ink)
            ),
            Paint::Badge => format!(
                "{} {} stroke-width=\"2.4\"",
                paint("fill", pal.badge),
                paint("stroke", pal.outline)
            ),
            Paint::BadgeInk => format!("{} stroke=\"none\"", paint("fill", pal.badge_ink)),
        };
        let _ = write!(s, "<path d=\"{}\" {attrs}/>", layer.d);
    }
    s.push_str("</g>");
}

fn arrow(s: &mut String, layout: &Layout, from: Square, to: Square, c: Rgba) {
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
    // The canvas draws the whole arrow at the colour's opacity: a group opacity does the same.
    let opacity = if c.a < 1.0 {
        format!("opacity=\"{:.3}\" ", c.a)
    } else {
        String::new()
    };
    let _ = write!(
        s,
        "<g {opacity}{} {}><path d=\"M{x0:.2} {y0:.2} L{bx:.2} {by:.2}\" fill=\"none\" stroke-linecap=\"round\" stroke-width=\"{:.2}\"/><path d=\"M{x1:.2} {y1:.2} L{:.2} {:.2} L{:.2} {:.2} Z\" stroke=\"none\"/></g>",
        paint("stroke", c.with_alpha(1.0)),
        paint("fill", c.with_alpha(1.0)),
        w * 0.13,
        bx - uy * head * 0.62,
        by + ux * head * 0.62,
        bx + uy * head * 0.62,
        by - ux * head * 0.62,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::config::Config;
    use crate::board::notes::parse_notes;
    use crate::board::state::Snapshot;
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
