//! Position sets for `baroque bench`: the short wins (`tests/data/wins-<game>.txt`: `id | FEN |
//! options | first move | moves to win | source`) and the puzzles (`puzzles-<game>.txt`,
//! `mined-<game>.txt`: `id | FEN | solution | goal | motif | source`). Lines starting with `#`
//! are comments. The third column holds rule options when it is `-` or `name=value` words (a
//! wins set); a puzzle's solution there leaves the game's default rules.

use baroque_engine::{GameId, Position, RuleOptions};

use crate::error::CliError;
use crate::files::read_text;

/// The largest set file read.
const MAX_FILE: u64 = 4 << 20;

/// One position of a set.
pub struct Entry {
    /// The set's name for it (`HW3`, `UM12`).
    pub id: String,
    /// The position, under the set's rule options.
    pub pos: Position,
    /// Every column, trimmed (the id and FEN included).
    pub fields: Vec<String>,
    /// The line's number in the file, for errors.
    pub line: usize,
}

/// Whether a set's third column gives rule options rather than a move.
fn is_options(column: &str) -> bool {
    column == "-" || column.split_whitespace().all(|w| w.contains('='))
}

/// Reads the set `path` (named by `flag` in errors): its game is `variant`, else the one its
/// file name names after a `-` (`wins-omega.txt`, `mined-hybrid.txt`).
pub fn read(
    flag: &str,
    path: &str,
    variant: Option<GameId>,
) -> Result<(GameId, Vec<Entry>), CliError> {
    let name = std::path::Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let game = match variant {
        Some(g) => g,
        None => GameId::ALL
            .into_iter()
            .find(|g| name.contains(&format!("-{}", g.as_str())))
            .ok_or_else(|| {
                CliError::usage(format!(
                    "{flag} {path}: name the game with --variant (the file's name does not)"
                ))
            })?,
    };
    let text = read_text(flag, path, MAX_FILE)?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |why: String| CliError::usage(format!("{flag} {path}, line {}: {why}", n + 1));
        let fields: Vec<String> = line.split(" | ").map(|f| f.trim().to_string()).collect();
        if fields.len() < 3 {
            return Err(bad("expected `id | FEN | ...`".into()));
        }
        let rules = if is_options(&fields[2]) {
            RuleOptions::from_words(game, &fields[2]).map_err(|e| bad(e.to_string()))?
        } else {
            RuleOptions::default()
        };
        let pos = Position::from_fen(game, &fields[1], rules).map_err(|e| bad(e.to_string()))?;
        out.push(Entry {
            id: fields[0].clone(),
            pos,
            fields,
            line: n + 1,
        });
    }
    Ok((game, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_column_is_options_only_as_words() {
        assert!(is_options("-"));
        assert!(is_options("win=capture stalemate=draw"));
        assert!(!is_options("e2e3"));
        assert!(!is_options("e2e3 win=capture"));
    }

    #[test]
    fn a_set_reads_its_game_from_its_name() {
        let dir = std::env::temp_dir().join(format!("baroque-sets-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mined-omega.txt");
        std::fs::write(&path, "# comment\n").unwrap();
        let p = path.to_string_lossy().into_owned();
        let (game, set) = read("--iterations", &p, None).unwrap();
        assert_eq!((game, set.len()), (GameId::Omega, 0));
        let other = dir.join("positions.txt");
        std::fs::write(&other, "X1 | bad fen | - \n").unwrap();
        let o = other.to_string_lossy().into_owned();
        let e = read("--iterations", &o, None).err().unwrap().to_string();
        assert!(e.contains("--variant"), "{e}");
        let e = read("--iterations", &o, Some(GameId::Hybrid))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("line 1"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
