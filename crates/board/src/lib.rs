//! The board as plain Rust, split the way chessground splits its board: `config` (what the host
//! may set), `state` (selection, drag and the position as data), `layout` (squares ↔ pixels),
//! `shapes` (highlights as data), `drawable` (the player's right-button arrows and circles), `scene` (the board as drawing commands, which the web page's
//! canvas painter and the `svg` writer both paint), `notes` (an author's marks and arrows),
//! `anim` (slides and fades), `glyphs` (vector piece drawings), `palette` (the colours) and
//! `svg` (the board as an SVG document). Nothing here touches a browser: the web crate
//! (`baroque-web`) paints the scene on a canvas and feeds it pointer events, and the CLI
//! (`baroque diagram`) writes it as SVG or PNG.
//!
//! The board knows no rules: the host hands it a [`state::Snapshot`] of the position with the
//! legal moves (each with the squares it captures), and gets moves back as [`state::Action`]s.

#![deny(missing_docs)]

pub mod anim;
pub mod config;
pub mod drawable;
pub mod glyphs;
pub mod layout;
pub mod notes;
pub mod palette;
pub mod scene;
pub mod shapes;
pub mod state;
pub mod svg;
