//! `baroque status …`: the game's status as one JSON object (`report::status_json`).

use std::io::Write;

use baroque_engine::report;

use crate::args::{self, Extras};
use crate::error::CliError;

/// Runs `baroque status`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let parsed = args::parse("status", argv, Extras::NONE)?;
    let game = args::build_game(&parsed.setup)?;
    writeln!(out, "{}", report::status_json(&game))?;
    out.flush()?;
    Ok(())
}
