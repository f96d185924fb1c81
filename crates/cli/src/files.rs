//! Reading the files that arguments name, each up to a limit: a record or a font is never
//! larger than a few megabytes, so an endless or huge file (`/dev/zero`, a disk image) is one
//! clear error instead of all the memory there is.

use std::io::Read;

use crate::error::CliError;

/// The most a PGN record (`--pgn FILE`) may hold: 64 MiB, thousands of games.
pub const PGN_LIMIT: u64 = 64 << 20;

/// The most a font file (`--font FILE`) may hold: 32 MiB, more than a full CJK font.
pub const FONT_LIMIT: u64 = 32 << 20;

/// The bytes of `path` (`-`: standard input) if it holds at most `limit` bytes. Errors name
/// `flag` and the path: `--pgn x.pgn: cannot read: …`, `--pgn x.pgn: larger than 64 MiB`.
pub fn read_bounded(flag: &str, path: &str, limit: u64) -> Result<Vec<u8>, CliError> {
    let cannot = |e: std::io::Error| CliError::usage(format!("{flag} {path}: cannot read: {e}"));
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().take(limit + 1).read_to_end(&mut bytes)
    } else {
        let file = std::fs::File::open(path).map_err(cannot)?;
        file.take(limit + 1).read_to_end(&mut bytes)
    };
    read.map_err(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(CliError::usage(format!(
            "{flag} {path}: larger than {} MiB",
            limit >> 20
        )));
    }
    Ok(bytes)
}

/// The text of `path` as [`read_bounded`] reads it; the text must be UTF-8.
pub fn read_text(flag: &str, path: &str, limit: u64) -> Result<String, CliError> {
    String::from_utf8(read_bounded(flag, path, limit)?).map_err(|e| {
        CliError::usage(format!(
            "{flag} {path}: cannot read: not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_limit_is_refused_and_one_at_it_is_read() {
        let dir = std::env::temp_dir().join(format!("baroque-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("ten.txt");
        std::fs::write(&path, "0123456789").expect("write");
        let p = path.to_str().expect("path");
        assert_eq!(
            read_text("--pgn", p, 10).expect("at the limit"),
            "0123456789"
        );
        let e = read_bounded("--pgn", p, 9).expect_err("over");
        assert_eq!(e.to_string(), format!("--pgn {p}: larger than 0 MiB"));
        std::fs::write(&path, [0xff, 0xfe]).expect("write");
        assert!(read_text("--pgn", p, 10).is_err());
        std::fs::remove_dir_all(&dir).expect("clean");
    }
}
