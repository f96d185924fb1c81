//! What the host may set on a board: orientation, who may move, coordinates, animation and
//! colours (theme and board set).
//! Like chessground's `Config`, every field of [`ConfigPatch`] is optional and is merged into
//! the full [`Config`] that the board keeps.

use baroque_engine::Color;

use super::palette::{BoardSet, Theme};

/// Which side the user may move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Movable {
    /// Whoever is to move (hot-seat).
    #[default]
    Both,
    /// Only White (the computer plays Black).
    White,
    /// Only Black.
    Black,
    /// Nobody (game over, the computer is thinking, or a view-only board).
    None,
}

impl Movable {
    /// Parses `both`, `white`, `black` or `none`.
    pub fn parse(s: &str) -> Option<Movable> {
        Some(match s {
            "both" => Movable::Both,
            "white" => Movable::White,
            "black" => Movable::Black,
            "none" => Movable::None,
            _ => return None,
        })
    }

    /// Whether the user may move pieces of `color`.
    pub fn allows(self, color: Color) -> bool {
        match self {
            Movable::Both => true,
            Movable::White => color == Color::White,
            Movable::Black => color == Color::Black,
            Movable::None => false,
        }
    }
}

/// The board's settings.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Config {
    /// The side shown at the bottom.
    pub orientation: Color,
    /// Who may move.
    pub movable: Movable,
    /// Whether file and rank names are drawn.
    pub coordinates: bool,
    /// Slide and fade duration in milliseconds (0 turns animation off).
    pub animation_ms: f64,
    /// Whether legal destinations of the selected piece are marked.
    pub show_dests: bool,
    /// Light or dark colours.
    pub theme: Theme,
    /// The squares' colour set.
    pub board_set: BoardSet,
    /// Whether the right button draws the player's arrows and circles (`drawable`).
    pub drawable: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            orientation: Color::White,
            movable: Movable::Both,
            coordinates: true,
            animation_ms: 220.0,
            show_dests: true,
            theme: Theme::Light,
            board_set: BoardSet::Wood,
            drawable: true,
        }
    }
}

/// A partial [`Config`]: the fields that are `Some` replace the board's.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct ConfigPatch {
    /// See [`Config::orientation`].
    pub orientation: Option<Color>,
    /// See [`Config::movable`].
    pub movable: Option<Movable>,
    /// See [`Config::coordinates`].
    pub coordinates: Option<bool>,
    /// See [`Config::animation_ms`].
    pub animation_ms: Option<f64>,
    /// See [`Config::show_dests`].
    pub show_dests: Option<bool>,
    /// See [`Config::theme`].
    pub theme: Option<Theme>,
    /// See [`Config::board_set`].
    pub board_set: Option<BoardSet>,
    /// See [`Config::drawable`].
    pub drawable: Option<bool>,
}

impl Config {
    /// Merges `patch` into the config.
    pub fn apply(&mut self, patch: &ConfigPatch) {
        if let Some(o) = patch.orientation {
            self.orientation = o;
        }
        if let Some(m) = patch.movable {
            self.movable = m;
        }
        if let Some(c) = patch.coordinates {
            self.coordinates = c;
        }
        if let Some(a) = patch.animation_ms {
            self.animation_ms = a.clamp(0.0, 2000.0);
        }
        if let Some(d) = patch.show_dests {
            self.show_dests = d;
        }
        if let Some(t) = patch.theme {
            self.theme = t;
        }
        if let Some(b) = patch.board_set {
            self.board_set = b;
        }
        if let Some(d) = patch.drawable {
            self.drawable = d;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patch_merges_only_given_fields() {
        let mut c = Config::default();
        c.apply(&ConfigPatch {
            orientation: Some(Color::Black),
            animation_ms: Some(99999.0),
            theme: Some(Theme::Dark),
            drawable: Some(false),
            ..ConfigPatch::default()
        });
        assert_eq!(c.theme, Theme::Dark);
        assert!(!c.drawable);
        assert_eq!(c.board_set, BoardSet::Wood);
        assert_eq!(c.orientation, Color::Black);
        assert_eq!(c.animation_ms, 2000.0);
        assert_eq!(c.movable, Movable::Both);
        assert!(Movable::White.allows(Color::White));
        assert!(!Movable::White.allows(Color::Black));
        assert_eq!(Movable::parse("nobody"), None);
    }
}
