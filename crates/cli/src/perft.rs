//! `baroque perft <depth> [--divide] …`: counts the leaves of the legal move tree.
//!
//! Standard output carries only the contract's lines (`<move>: <count>` per root move with
//! `--divide`, then `Nodes searched: <N>`); the time and speed go to standard error.

use std::io::Write;
use std::time::Instant;

use baroque_engine::perft;

use crate::args::{self, Extras};
use crate::error::CliError;

/// The deepest perft accepted. Far beyond anything that finishes; it only bounds the per-ply
/// move lists that perft allocates up front.
pub const MAX_DEPTH: u32 = 64;

/// Parses a perft depth (`0` to [`MAX_DEPTH`]).
pub fn parse_depth(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        _ => Err(format!(
            "bad depth '{text}': expected a whole number from 0 to {MAX_DEPTH}"
        )),
    }
}

/// Runs `baroque perft`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let parsed = args::parse(
        "perft",
        argv,
        Extras {
            divide: true,
            positional: Some("depth"),
            record: false,
        },
    )?;
    let depth_text = parsed
        .positional
        .as_deref()
        .ok_or_else(|| CliError::usage("perft needs a depth, e.g. 'baroque perft 3'"))?;
    let depth = parse_depth(depth_text).map_err(CliError::usage)?;
    let game = args::build_game(&parsed.setup)?;
    let pos = game.position();
    let started = Instant::now();
    let nodes = if parsed.divide && depth > 0 {
        let mut total = 0u64;
        for m in pos.legal_moves().iter() {
            let n = perft::perft(&pos.play(m), depth - 1);
            total += n;
            writeln!(out, "{}: {n}", pos.move_text(m))?;
            out.flush()?;
        }
        total
    } else {
        perft::perft(pos, depth)
    };
    writeln!(out, "Nodes searched: {nodes}")?;
    out.flush()?;
    let secs = started.elapsed().as_secs_f64();
    eprintln!("{}", speed_line(depth, nodes, secs));
    Ok(())
}

/// `perft 5: 1234567 nodes in 0.123 s, 10037130 nodes/s`.
pub fn speed_line(depth: u32, nodes: u64, secs: f64) -> String {
    let nps = if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    };
    format!("perft {depth}: {nodes} nodes in {secs:.3} s, {nps} nodes/s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_are_bounded_numbers() {
        assert_eq!(parse_depth("0"), Ok(0));
        assert_eq!(parse_depth("64"), Ok(64));
        assert!(parse_depth("65").is_err());
        assert!(parse_depth("-1").is_err());
        assert!(parse_depth("three").is_err());
        assert!(parse_depth("99999999999999999999").is_err());
    }
}
