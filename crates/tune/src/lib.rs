//! The evaluation's tuner: fits each game's piece-square tables with midgame/endgame tapering
//! ([`baroque_engine::search::eval::psqt`]) to the results of self-play games, by gradient
//! descent (Adam) on the logistic loss of the result against the evaluation (Texel's method),
//! and writes the fitted numbers as a parameters file and as the Rust table the engine
//! compiles (docs/ai.md, "Data and the fitted evaluation").
//!
//! - [`data`]: the positions of `baroque datagen` and their features;
//! - [`fit`]: the scaling constant K and the descent;
//! - [`params`]: the parameters file (text, checked in under `tests/data/`);
//! - [`render`]: the generated Rust table (checked in under the engine's `search/eval/tables/`).

pub mod data;
pub mod fit;
pub mod params;
pub mod render;
