//! Fuzz target `moves`: a position and a sequence of moves to apply (see `baroque_fuzz::moves`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| baroque_fuzz::moves(data));
