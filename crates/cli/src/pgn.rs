//! `baroque pgn [position arguments] [--tag Name=value]... [--result R]`: the game record (PGN,
//! docs/pgn.md) of the game the position arguments set up, `--moves` included. From `--pgn` it
//! writes the record's game again, with its tags (a `--tag` of the same name replaces one), its
//! variations, NAGs and comments.

use std::io::Write;

use baroque_engine::pgn;

use crate::args::{self, Extras};
use crate::error::CliError;

/// Runs `baroque pgn`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let parsed = args::parse(
        "pgn",
        argv,
        Extras {
            divide: false,
            positional: None,
            record: true,
        },
    )?;
    let loaded = args::load(&parsed.setup)?;
    let mut tags: Vec<(&str, &str)> = loaded
        .tags
        .iter()
        .filter(|(name, _)| !parsed.tags.iter().any(|(n, _)| n == name))
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    tags.extend(parsed.tags.iter().map(|(n, v)| (n.as_str(), v.as_str())));
    let result = parsed.result.or(loaded.result);
    out.write_all(pgn::write_tree(&loaded.tree, &tags, result).as_bytes())?;
    out.flush()?;
    Ok(())
}
