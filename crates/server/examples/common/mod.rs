//! Set-up the server's load and storage examples share.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Starts the server `command` (the binary, or `taskset` running it) on a free port with
/// `args` after `--port 0`: the process and the port it listens on, read from the address it
/// prints first (`http://localhost:PORT/`).
pub fn start_server(mut command: Command, args: &[&str]) -> (Child, String) {
    let mut server = command
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server binary (build it with --release first)");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .trim()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .to_string();
    (server, port)
}

/// The server's arguments for a load run on database `db`: no per-address limits (every
/// connection and game of the run comes from 127.0.0.1).
pub fn unlimited(db: &str) -> [&str; 8] {
    [
        "--rate",
        "0",
        "--max-conns-per-ip",
        "0",
        "--games-per-min",
        "0",
        "--db",
        db,
    ]
}

/// The next number of a xorshift generator (state `rng`, never 0): the load clients' moves, think
/// times and cycles.
#[allow(dead_code)] // examples/storage.rs draws no numbers
pub fn xorshift(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}
