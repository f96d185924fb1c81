//! The colours the page paints around the board (`BoardView.colors`, `Colors` in
//! www/engine/types.js), taken from the board's palette (`baroque_board::palette`) so the
//! page's frame, legend tiles and chooser buttons match the canvas.

use baroque_board::palette::Palette;
use serde::Serialize;

/// CSS colours of one palette.
#[derive(Serialize, Debug, PartialEq)]
pub struct Colors {
    /// Around the board.
    pub surround: String,
    /// The light squares.
    pub light: String,
    /// The dark squares.
    pub dark: String,
    /// The board's frame.
    pub frame: String,
    /// The wizard squares (Omega's corners).
    pub wizard: String,
    /// The last move's squares.
    pub highlight: String,
    /// The keyboard cursor.
    pub cursor: String,
}

impl Colors {
    /// The page's colours of palette `p`.
    pub fn of(p: &Palette) -> Colors {
        Colors {
            surround: p.surround.css(),
            light: p.light.css(),
            dark: p.dark.css(),
            frame: p.frame.css(),
            wizard: p.wizard_light.css(),
            highlight: p.last.css(),
            cursor: p.cursor.css(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_board::palette::{palette, BoardSet, Theme};

    #[test]
    fn each_palette_gives_the_page_its_css_colours() {
        let c = Colors::of(palette(Theme::Dark, BoardSet::Slate));
        assert_eq!(c.surround, "#121619");
        let json = crate::json(&c);
        for key in [
            "surround",
            "light",
            "dark",
            "frame",
            "wizard",
            "highlight",
            "cursor",
        ] {
            assert!(json.contains(&format!("\"{key}\":\"")), "{json}");
        }
        assert_ne!(
            Colors::of(palette(Theme::Light, BoardSet::Wood)),
            Colors::of(palette(Theme::Dark, BoardSet::Wood))
        );
    }
}
