//! Fuzz target `pgn`: any text given to the PGN reader (see `baroque_fuzz::pgn`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| baroque_fuzz::pgn(data));
