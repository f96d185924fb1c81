//! Every colour of the board, in one table: two themes (light and dark) × two board sets (wood
//! and slate). The renderer draws with these, and the page takes the colours it shows around the
//! board (frame, legend tiles, chooser buttons) from the same table through `boardColors`, so
//! there is one source of colours.
//!
//! The highlights (capture preview, frozen pieces, check, last move, wizard squares) come from
//! the Okabe–Ito colour-blind-safe set and differ in lightness as well as hue; a test simulates
//! protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009) and checks a
//! minimum colour difference between every pair of them on every palette, and the contrast of
//! the coordinates against the squares they are written on (WCAG AA, 4.5:1).

/// A colour with opacity: sRGB channels and alpha in 0–1.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rgba {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Opacity, 0–1.
    pub a: f32,
}

/// An opaque colour from `0xRRGGBB`.
pub const fn rgb(hex: u32) -> Rgba {
    rgba(hex, 1.0)
}

/// A colour from `0xRRGGBB` with opacity `a`.
pub const fn rgba(hex: u32, a: f32) -> Rgba {
    Rgba {
        r: (hex >> 16) as u8,
        g: (hex >> 8) as u8,
        b: hex as u8,
        a,
    }
}

impl Rgba {
    /// The colour as CSS (`#rrggbb`, or `rgba(…)` when translucent).
    pub fn css(self) -> String {
        if self.a >= 1.0 {
            format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
        } else {
            format!("rgba({}, {}, {}, {})", self.r, self.g, self.b, self.a)
        }
    }

    /// The same colour with opacity `a`.
    pub const fn with_alpha(self, a: f32) -> Rgba {
        Rgba { a, ..self }
    }

    /// This colour painted over the opaque colour `under` (source-over).
    pub fn over(self, under: Rgba) -> Rgba {
        let a = self.a as f64;
        let mix = |t: u8, u: u8| (t as f64 * a + u as f64 * (1.0 - a)).round() as u8;
        Rgba {
            r: mix(self.r, under.r),
            g: mix(self.g, under.g),
            b: mix(self.b, under.b),
            a: 1.0,
        }
    }
}

/// The page theme.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Theme {
    /// Light page, light board.
    #[default]
    Light,
    /// Dark page, darker board and brighter highlights.
    Dark,
}

/// The board's colour set.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum BoardSet {
    /// Cream and brown squares.
    #[default]
    Wood,
    /// Pale grey-green and blue-grey squares.
    Slate,
}

/// A choice the page names by a word (`light`, `slate`): its values and their names.
pub trait Named: Copy + PartialEq + 'static {
    /// Every value.
    const ALL: &'static [Self];

    /// The value's name.
    fn as_str(self) -> &'static str;

    /// The value named `s`.
    fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.as_str() == s)
    }

    /// The names, for error messages (`'light' or 'dark'`).
    fn choices() -> String {
        let names: Vec<String> = Self::ALL
            .iter()
            .map(|v| format!("'{}'", v.as_str()))
            .collect();
        names.join(" or ")
    }
}

impl Named for Theme {
    const ALL: &'static [Theme] = &[Theme::Light, Theme::Dark];

    fn as_str(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

impl Named for BoardSet {
    const ALL: &'static [BoardSet] = &[BoardSet::Wood, BoardSet::Slate];

    fn as_str(self) -> &'static str {
        match self {
            BoardSet::Wood => "wood",
            BoardSet::Slate => "slate",
        }
    }
}

/// The colours of an author's marks ([`super::notes::NoteColor`]): Okabe–Ito colours, the same
/// on every palette, drawn translucent so the square and the piece show through.
pub fn note_color(color: super::notes::NoteColor) -> Rgba {
    use super::notes::NoteColor;
    match color {
        NoteColor::Green => rgba(0x009e73, 0.85),
        NoteColor::Red => rgba(0xd55e00, 0.85),
        NoteColor::Blue => rgba(0x0072b2, 0.85),
        NoteColor::Yellow => rgba(0xe69f00, 0.9),
    }
}

/// The colours of one board.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Palette {
    /// Light squares.
    pub light: Rgba,
    /// Dark squares.
    pub dark: Rgba,
    /// What the board sits on (the page's board frame; Omega's holes show it).
    pub surround: Rgba,
    /// Omega's frame around the field and the wizard squares.
    pub frame: Rgba,
    /// Coordinates written on light squares.
    pub coord_on_light: Rgba,
    /// Coordinates written on dark squares.
    pub coord_on_dark: Rgba,
    /// Coordinates written in Omega's holes (on `surround`).
    pub coord_on_surround: Rgba,
    /// Wizard-square names (on the wizard squares).
    pub wizard_ink: Rgba,
    /// Omega's wizard squares (light and dark ones).
    pub wizard_light: Rgba,
    /// See [`Palette::wizard_light`].
    pub wizard_dark: Rgba,
    /// The star on a wizard square.
    pub wizard_star: Rgba,
    /// White pieces' body.
    pub white_fill: Rgba,
    /// White pieces' details.
    pub white_ink: Rgba,
    /// Black pieces' body.
    pub black_fill: Rgba,
    /// Black pieces' details.
    pub black_ink: Rgba,
    /// Every piece's outline.
    pub outline: Rgba,
    /// The promoted pieces' badge and its cross.
    pub badge: Rgba,
    /// See [`Palette::badge`].
    pub badge_ink: Rgba,
    /// The last move's start and end squares.
    pub last: Rgba,
    /// The squares the last move emptied.
    pub last_capture: Rgba,
    /// Frozen pieces' squares.
    pub frozen: Rgba,
    /// The snowflake on a frozen piece and its disc.
    pub frozen_icon: Rgba,
    /// See [`Palette::frozen_icon`].
    pub frozen_disc: Rgba,
    /// The selected piece's square.
    pub selected: Rgba,
    /// The destination under the pointer.
    pub hover: Rgba,
    /// Destinations that capture nothing.
    pub dest: Rgba,
    /// Destinations that capture.
    pub dest_capture: Rgba,
    /// The capture preview (ring and cross on each victim) and the suicide ring.
    pub preview: Rgba,
    /// The light edge drawn under the preview's ring and cross.
    pub halo: Rgba,
    /// The glow on a King in check (its centre; it fades out to the square's edge).
    pub check: Rgba,
    /// The ring on a checking piece.
    pub checker: Rgba,
    /// The keyboard cursor.
    pub cursor: Rgba,
    /// The last move's arrow.
    pub arrow_last: Rgba,
    /// A check's arrow.
    pub arrow_check: Rgba,
}

// Okabe–Ito: vermillion D55E00, blue 0072B2, sky blue 56B4E9, yellow F0E442, orange E69F00,
// bluish green 009E73, reddish purple CC79A7.
const LIGHT_WOOD: Palette = Palette {
    light: rgb(0xf0e4cc),
    dark: rgb(0xb5875d),
    surround: rgb(0xe9e0d0),
    frame: rgb(0x5b3b22),
    coord_on_light: rgb(0x5a3a1e),
    coord_on_dark: rgb(0x24170b),
    coord_on_surround: rgb(0x5a4632),
    wizard_ink: rgb(0x1d1033),
    wizard_light: rgb(0xc4b2ee),
    wizard_dark: rgb(0x9a80d4),
    wizard_star: rgba(0xffe278, 0.95),
    white_fill: rgb(0xfbf8f1),
    white_ink: rgb(0x1e1a17),
    black_fill: rgb(0x2a2623),
    black_ink: rgb(0xefe8dc),
    outline: rgb(0x15110e),
    badge: rgb(0xc0262d),
    badge_ink: rgb(0xffffff),
    last: rgba(0xf5d000, 0.7),
    last_capture: rgba(0xe69f00, 0.45),
    frozen: rgba(0x005a9e, 0.72),
    frozen_icon: rgb(0x0a4f80),
    frozen_disc: rgba(0xffffff, 0.92),
    selected: rgba(0x009e73, 0.5),
    hover: rgba(0x009e73, 0.3),
    dest: rgba(0x00624a, 0.6),
    dest_capture: rgba(0xd55e00, 0.85),
    preview: rgba(0x141414, 0.92),
    halo: rgba(0xffffff, 0.85),
    check: rgba(0xd55e00, 0.95),
    checker: rgba(0xe69f00, 0.95),
    cursor: rgb(0x1d4fb8),
    arrow_last: rgba(0x0072b2, 0.5),
    arrow_check: rgba(0xd55e00, 0.85),
};

const LIGHT_SLATE: Palette = Palette {
    light: rgb(0xe3e8e1),
    dark: rgb(0x86a090),
    surround: rgb(0xd5dcdf),
    frame: rgb(0x34434d),
    coord_on_light: rgb(0x2f4350),
    coord_on_dark: rgb(0x0e1a22),
    coord_on_surround: rgb(0x34434d),
    frozen: rgba(0x004f8f, 0.8),
    ..LIGHT_WOOD
};

const DARK_WOOD: Palette = Palette {
    light: rgb(0xb59a78),
    dark: rgb(0x7a5a3d),
    surround: rgb(0x14120f),
    frame: rgb(0x2e1f12),
    coord_on_light: rgb(0x1e140a),
    coord_on_dark: rgb(0xf3e6d2),
    coord_on_surround: rgb(0xc9b89f),
    last: rgba(0xffe14d, 0.78),
    frozen: rgba(0x56b4e9, 0.7),
    wizard_ink: rgb(0xffffff),
    wizard_light: rgb(0x7e5fbf),
    wizard_dark: rgb(0x5d3f99),
    frozen_icon: rgb(0x0a4f80),
    ..LIGHT_WOOD
};

const DARK_SLATE: Palette = Palette {
    light: rgb(0x8ea3ad),
    dark: rgb(0x4b5f6b),
    surround: rgb(0x121619),
    frame: rgb(0x1c262d),
    coord_on_light: rgb(0x0c151b),
    coord_on_dark: rgb(0xeef3f5),
    coord_on_surround: rgb(0xaab7bf),
    ..DARK_WOOD
};

/// The palette of `set` in `theme`.
pub fn palette(theme: Theme, set: BoardSet) -> &'static Palette {
    match (theme, set) {
        (Theme::Light, BoardSet::Wood) => &LIGHT_WOOD,
        (Theme::Light, BoardSet::Slate) => &LIGHT_SLATE,
        (Theme::Dark, BoardSet::Wood) => &DARK_WOOD,
        (Theme::Dark, BoardSet::Slate) => &DARK_SLATE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sRGB channel → linear light.
    fn linear(c: u8) -> f64 {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// WCAG 2 relative luminance.
    fn luminance(c: Rgba) -> f64 {
        0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// WCAG 2 contrast ratio of two opaque colours.
    fn contrast(a: Rgba, b: Rgba) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    type Matrix = [[f64; 3]; 3];

    /// Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB.
    const PROTANOPIA: Matrix = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: Matrix = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    const TRITANOPIA: Matrix = [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ];
    const NORMAL: Matrix = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    /// Linear RGB as seen through `m`, clamped to the gamut.
    fn simulate(c: Rgba, m: &Matrix) -> [f64; 3] {
        let v = [linear(c.r), linear(c.g), linear(c.b)];
        let mut out = [0.0; 3];
        for (o, row) in out.iter_mut().zip(m) {
            *o = (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0);
        }
        out
    }

    /// Linear sRGB → CIE L*a*b* (D65).
    fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// CIE76 colour difference of two colours as seen through `m`.
    fn delta_e(a: Rgba, b: Rgba, m: &Matrix) -> f64 {
        let (p, q) = (lab(simulate(a, m)), lab(simulate(b, m)));
        ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
    }

    const VISIONS: [(&str, Matrix); 4] = [
        ("normal", NORMAL),
        ("protanopia", PROTANOPIA),
        ("deuteranopia", DEUTERANOPIA),
        ("tritanopia", TRITANOPIA),
    ];

    /// The five highlights as drawn on a square of colour `square`: the translucent ones painted
    /// over it, the wizard square (an opaque square of its own) as it is.
    fn highlights(p: &Palette, square: Rgba, wizard: Rgba) -> [(&'static str, Rgba); 5] {
        [
            ("capture preview", p.preview.over(square)),
            ("frozen", p.frozen.over(square)),
            ("check", p.check.over(square)),
            ("last move", p.last.over(square)),
            ("wizard square", wizard),
        ]
    }

    /// The smallest difference between two highlights must stay this large (CIE76; 2.3 is a
    /// just-noticeable difference, 20 is plainly another colour at a glance).
    const MIN_PAIR: f64 = 20.0;
    /// And each highlight must stand out this much from the plain square under it.
    const MIN_FROM_SQUARE: f64 = 15.0;

    #[test]
    fn highlights_stay_apart_under_colour_blindness_simulations() {
        let mut worst = (f64::MAX, String::new());
        let mut failures = Vec::new();
        for &theme in Theme::ALL {
            for &set in BoardSet::ALL {
                let p = palette(theme, set);
                for (square, wizard) in [(p.light, p.wizard_light), (p.dark, p.wizard_dark)] {
                    let hs = highlights(p, square, wizard);
                    for (vision, m) in &VISIONS {
                        for (i, (na, a)) in hs.iter().enumerate() {
                            let d = delta_e(*a, square, m);
                            if d < MIN_FROM_SQUARE {
                                failures.push(format!(
                                    "{theme:?}/{set:?} {vision}: {na} vs its square: ΔE {d:.1}"
                                ));
                            }
                            for (nb, b) in &hs[i + 1..] {
                                let d = delta_e(*a, *b, m);
                                if d < worst.0 {
                                    worst =
                                        (d, format!("{theme:?}/{set:?} {vision}: {na} vs {nb}"));
                                }
                                if d < MIN_PAIR {
                                    failures.push(format!(
                                        "{theme:?}/{set:?} {vision}: {na} vs {nb}: ΔE {d:.1}"
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
        println!("closest pair: ΔE {:.1} ({})", worst.0, worst.1);
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn coordinates_meet_wcag_aa_contrast() {
        for &theme in Theme::ALL {
            for &set in BoardSet::ALL {
                let p = palette(theme, set);
                for (what, ink, ground) in [
                    ("on light squares", p.coord_on_light, p.light),
                    ("on dark squares", p.coord_on_dark, p.dark),
                    ("in Omega's holes", p.coord_on_surround, p.surround),
                ] {
                    let c = contrast(ink, ground);
                    assert!(c >= 4.5, "{theme:?}/{set:?} coordinates {what}: {c:.2}:1");
                }
                let w = contrast(p.wizard_ink, p.wizard_dark);
                assert!(w >= 4.5, "{theme:?}/{set:?} wizard names: {w:.2}:1");
            }
        }
    }

    #[test]
    fn the_simulation_matches_known_values() {
        // Pure red seen by a protanope is a dark olive; white stays white under every matrix
        // (each row sums to 1).
        let red = lab(simulate(rgb(0xff0000), &PROTANOPIA));
        assert!(red[0] < 60.0 && red[2] > 30.0, "{red:?}");
        for (_, m) in &VISIONS {
            let w = simulate(rgb(0xffffff), m);
            assert!(w.iter().all(|c| (c - 1.0).abs() < 1e-3), "{w:?}");
        }
        assert!((contrast(rgb(0x000000), rgb(0xffffff)) - 21.0).abs() < 1e-9);
        assert_eq!(rgba(0x000000, 0.5).over(rgb(0xffffff)), rgb(0x808080));
    }

    #[test]
    fn themes_and_sets_parse_back() {
        for &t in Theme::ALL {
            assert_eq!(Theme::parse(t.as_str()), Some(t));
        }
        for &s in BoardSet::ALL {
            assert_eq!(BoardSet::parse(s.as_str()), Some(s));
        }
        assert_eq!(Theme::parse("sepia"), None);
        assert_eq!(BoardSet::choices(), "'wood' or 'slate'");
        assert_eq!(rgba(0x102030, 0.5).css(), "rgba(16, 32, 48, 0.5)");
        assert_eq!(
            palette(Theme::Dark, BoardSet::Slate).surround.css(),
            "#121619"
        );
    }
}
