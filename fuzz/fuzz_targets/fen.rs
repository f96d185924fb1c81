//! Fuzz target `fen`: any text given to the FEN reader of every game (see `baroque_fuzz::fen`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| baroque_fuzz::fen(data));
