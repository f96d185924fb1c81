//! The board on the page: the plain-Rust board of the `baroque-board` crate (state, layout,
//! highlights, drawing commands, glyphs, colours, notes, animation, SVG; re-exported here so
//! that `crate::board::…` names every board module) and the two modules that touch the
//! browser, `render` (the scene painted on a 2d canvas) and `events` (pointer and keyboard
//! events).
//!
//! The board knows no rules: the host hands it a [`state::Snapshot`] of the position with the
//! legal moves (each with the squares it captures), and gets moves back as [`state::Action`]s.

pub use baroque_board::{
    anim, config, drawable, glyphs, layout, notes, palette, scene, shapes, state, svg,
};

#[cfg(target_arch = "wasm32")]
pub mod events;
#[cfg(target_arch = "wasm32")]
pub mod render;
