//! The canvas board, split the way chessground splits its board: `config` (what the host may
//! set), `state` (selection, drag and the position as data), `layout` (squares ↔ pixels),
//! `shapes` (highlights as data), `scene` (the board as drawing commands, which the canvas
//! `render` and the `svg` writer both paint), `notes` (an author's marks and arrows), `anim` (slides and fades), `glyphs` (vector piece drawings),
//! and the two modules that touch the browser, `render` (canvas 2d) and `events` (pointer
//! events). Everything but `render` and `events` is plain Rust and runs under native
//! `cargo test -p baroque-web`.
//!
//! The board knows no rules: the host hands it a [`state::Snapshot`] of the position with the
//! legal moves (each with the squares it captures), and gets moves back as [`state::Action`]s.

pub mod anim;
pub mod config;
pub mod glyphs;
pub mod layout;
pub mod notes;
pub mod palette;
pub mod scene;
pub mod shapes;
pub mod state;
pub mod svg;

#[cfg(target_arch = "wasm32")]
pub mod events;
#[cfg(target_arch = "wasm32")]
pub mod render;
