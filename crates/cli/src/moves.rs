//! `baroque moves …`: one JSON object per legal move, one per line (`report::move_json`).

use std::io::Write;

use baroque_engine::report;

use crate::args::{self, Extras};
use crate::error::CliError;

/// Runs `baroque moves`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let parsed = args::parse("moves", argv, Extras::NONE)?;
    let game = args::build_game(&parsed.setup)?;
    let pos = game.position();
    for m in pos.legal_moves().iter() {
        writeln!(out, "{}", report::move_json(pos, m))?;
    }
    out.flush()?;
    Ok(())
}
