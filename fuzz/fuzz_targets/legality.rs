//! Fuzz target `legality`: every generated legal move against the slow check, along a walk the
//! input chooses (see `baroque_fuzz::legality`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| baroque_fuzz::legality(data));
