//! Fuzz target `server_message`: any bytes as one WebSocket message to the game server (see
//! `baroque_fuzz::server_message`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| baroque_fuzz::server_message(data));
