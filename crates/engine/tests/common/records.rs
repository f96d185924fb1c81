//! The one reader of the record files under `tests/data/` that the engine tests parse: the
//! worked examples (`<game>-examples.txt`), the perft counts (`<game>.perft`) and the puzzles
//! (`puzzles-<game>.txt`).
//!
//! Two layouts exist:
//! - [`Layout::Blocks`]: records of `KEY VALUE` lines separated by blank lines (examples, perft);
//! - [`Layout::Table`]: one record per line, its fields separated by `|` (puzzles).
//!
//! In both, lines starting with `#` are comments. Each file's [`Format`] lists the keys its
//! records may hold and how often; a key the format does not list, a line without a value, a key
//! given too often or too seldom, or a table line with the wrong number of fields is an error
//! naming the file and line, so a typo in a data file fails the tests instead of being skipped.

// Each test binary uses only the formats and accessors of the files it reads.
#![allow(dead_code)]

use std::path::PathBuf;

/// How many times a key may appear in one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly once.
    One,
    /// At most once.
    Optional,
    /// Any number of times.
    Many,
    /// At least once.
    OneOrMore,
}

/// A key of a record format and how many times a record holds it.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    /// The key as written in the file.
    pub name: &'static str,
    /// How many times one record may hold it.
    pub count: Count,
}

const fn key(name: &'static str, count: Count) -> Key {
    Key { name, count }
}

/// How records are laid out in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `KEY VALUE` lines; records separated by blank lines.
    Blocks,
    /// One record per line, fields separated by `|`, named by the format's keys in order.
    /// Keys counted [`Count::One`] are required fields; a trailing [`Count::Optional`] key is a
    /// field that may be left out.
    Table,
}

/// What one kind of record file may hold.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    /// How the records are laid out.
    pub layout: Layout,
    /// The keys a record may hold; any other key is an error.
    pub keys: &'static [Key],
    /// Whether the file must say where its numbers come from in a `# source:` comment.
    pub needs_source: bool,
}

use Count::{Many, One, OneOrMore, Optional};

/// `tests/data/ultima-examples.txt` (its header explains each key).
pub const ULTIMA_EXAMPLES: Format = Format {
    layout: Layout::Blocks,
    keys: &[
        key("id", One),
        key("fen", One),
        key("option", Many),
        key("total", Optional),
        key("capture", Many),
        key("only-captures", Optional),
        key("notation", Many),
        key("legal", Many),
        key("illegal", Many),
        key("check-after", Many),
    ],
    needs_source: true,
};

/// `tests/data/omega-examples.txt` (its header explains each key). Its records are read in
/// order: `play` changes the position the keys after it look at.
pub const OMEGA_EXAMPLES: Format = Format {
    layout: Layout::Blocks,
    keys: &[
        key("section", One),
        key("id", One),
        key("fen", One),
        key("play", Many),
        key("fen-after", Many),
        key("legal", Many),
        key("count", Many),
        key("has", Many),
        key("lacks", Many),
        key("ep", Many),
        key("result", Many),
        key("notation", Many),
        key("captures", Many),
    ],
    needs_source: true,
};

/// `tests/data/hybrid-examples.txt` (its header explains each key).
pub const HYBRID_EXAMPLES: Format = Format {
    layout: Layout::Blocks,
    keys: &[
        key("id", One),
        key("fen", One),
        key("check", Optional),
        key("moves", Many),
        key("total", Optional),
        key("notation", Many),
        key("promotion", Many),
        key("after", Many),
        key("replies", Many),
        key("rejected", Many),
    ],
    needs_source: true,
};

/// `tests/data/*.perft` (the format is described in `crates/engine/tests/perft.rs`).
pub const PERFT: Format = Format {
    layout: Layout::Blocks,
    keys: &[
        key("id", One),
        key("game", One),
        key("fen", One),
        key("option", Many),
        key("perft", OneOrMore),
    ],
    needs_source: true,
};

/// `tests/data/puzzles-*.txt`: `id | FEN | solution | goal | motif` (see the header of
/// `puzzles-ultima.txt`).
pub const PUZZLES: Format = Format {
    layout: Layout::Table,
    keys: &[
        key("id", One),
        key("fen", One),
        key("solution", One),
        key("goal", One),
        key("motif", Optional),
    ],
    needs_source: false,
};

/// One `KEY VALUE` line (or one field of a table line) of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The line it was read from (1-based).
    pub line: usize,
    /// The key, one of its format's.
    pub key: &'static str,
    /// The value, trimmed.
    pub value: String,
}

/// One record: its fields in file order.
#[derive(Clone, Debug)]
pub struct Record {
    /// The file it was read from (its name, for messages).
    pub file: String,
    /// The line its first field is on.
    pub line: usize,
    /// The fields, in the order the file gives them.
    pub fields: Vec<Field>,
}

impl Record {
    /// The value of a key the record holds once (its format says [`Count::One`]).
    ///
    /// # Panics
    /// When the record does not hold the key: the test asked for a key its format does not
    /// require.
    pub fn get(&self, key: &str) -> &str {
        self.opt(key)
            .unwrap_or_else(|| panic!("{}: record without '{key}'", self.origin()))
    }

    /// The value of a key the record may hold, if it does (the first, if several).
    pub fn opt(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|f| f.key == key)
            .map(|f| f.value.as_str())
    }

    /// Every value of `key`, in file order.
    pub fn all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.fields
            .iter()
            .filter(move |f| f.key == key)
            .map(|f| f.value.as_str())
    }

    /// `file:line` of the record, for messages.
    pub fn origin(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    /// `file:line` of a field of this record, for messages.
    pub fn at(&self, field: &Field) -> String {
        format!("{}:{}", self.file, field.line)
    }
}

/// The `(depth, nodes)` of a `perft DEPTH NODES` field of a [`PERFT`] record (`_` may group
/// the digits of NODES).
pub fn perft_count(record: &Record, field: &Field) -> Result<(u32, u64), String> {
    let mut parts = field.value.split_whitespace();
    let depth = parts.next().and_then(|s| s.parse::<u32>().ok());
    let nodes = parts
        .next()
        .and_then(|s| s.replace('_', "").parse::<u64>().ok());
    match (depth, nodes, parts.next()) {
        (Some(d), Some(n), None) => Ok((d, n)),
        _ => Err(format!(
            "{}: bad perft line 'perft {}' (perft DEPTH NODES)",
            record.at(field),
            field.value
        )),
    }
}

/// The records of the text of file `file` (its name, for messages) in `format`.
pub fn parse(file: &str, text: &str, format: &Format) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    let mut has_source = false;
    let mut block: Vec<Field> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if let Some(comment) = line.strip_prefix('#') {
            has_source |= comment
                .trim_start_matches('#')
                .trim()
                .starts_with("source:");
            continue;
        }
        match format.layout {
            Layout::Blocks if line.is_empty() => {
                if !block.is_empty() {
                    records.push(finish(file, format, std::mem::take(&mut block))?);
                }
            }
            Layout::Blocks => block.push(block_field(file, n, line, format)?),
            Layout::Table if line.is_empty() => {}
            Layout::Table => {
                records.push(finish(file, format, table_fields(file, n, line, format)?)?)
            }
        }
    }
    if !block.is_empty() {
        records.push(finish(file, format, block)?);
    }
    if format.needs_source && !has_source {
        return Err(format!(
            "{file}: no '# source:' line says where its records come from"
        ));
    }
    Ok(records)
}

/// The records of `tests/data/<name>` in `format`.
///
/// # Panics
/// When the file cannot be read or [`parse`] rejects it (with its message).
pub fn read(name: &str, format: &Format) -> Vec<Record> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse(name, &text, format).unwrap_or_else(|e| panic!("{e}"))
}

/// The workspace's `tests/data` folder.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data")
}

/// The format's key named `name`, or an error listing the keys it has.
fn known(file: &str, n: usize, name: &str, format: &Format) -> Result<&'static str, String> {
    format
        .keys
        .iter()
        .find(|k| k.name == name)
        .map(|k| k.name)
        .ok_or_else(|| {
            let names: Vec<&str> = format.keys.iter().map(|k| k.name).collect();
            format!(
                "{file}:{n}: unknown key '{name}' (known keys: {})",
                names.join(", ")
            )
        })
}

/// One `KEY VALUE` line.
fn block_field(file: &str, n: usize, line: &str, format: &Format) -> Result<Field, String> {
    let (name, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let key = known(file, n, name, format)?;
    let value = value.trim();
    if value.is_empty() {
        return Err(format!(
            "{file}:{n}: '{name}' has no value (lines are 'KEY VALUE')"
        ));
    }
    Ok(Field {
        line: n,
        key,
        value: value.to_string(),
    })
}

/// The fields of one table line, named by the format's keys in order.
fn table_fields(file: &str, n: usize, line: &str, format: &Format) -> Result<Vec<Field>, String> {
    let values: Vec<&str> = line.split('|').map(str::trim).collect();
    let required = format.keys.iter().filter(|k| k.count == One).count();
    if values.len() < required || values.len() > format.keys.len() {
        let names: Vec<&str> = format.keys.iter().map(|k| k.name).collect();
        return Err(format!(
            "{file}:{n}: {} fields where the format has {required} to {} ({})",
            values.len(),
            format.keys.len(),
            names.join(" | ")
        ));
    }
    values
        .iter()
        .zip(format.keys)
        .map(|(value, key)| {
            if value.is_empty() {
                Err(format!("{file}:{n}: empty field '{}'", key.name))
            } else {
                Ok(Field {
                    line: n,
                    key: key.name,
                    value: value.to_string(),
                })
            }
        })
        .collect()
}

/// Checks how often each key appears in the record of `fields`.
fn finish(file: &str, format: &Format, fields: Vec<Field>) -> Result<Record, String> {
    let line = fields.first().map_or(0, |f| f.line);
    for k in format.keys {
        let mut seen = fields.iter().filter(|f| f.key == k.name);
        let first = seen.next();
        let again = seen.next();
        match (k.count, first, again) {
            (One | OneOrMore, None, _) => {
                return Err(format!("{file}:{line}: record without '{}'", k.name))
            }
            (One | Optional, Some(a), Some(b)) => {
                return Err(format!(
                    "{file}:{}: '{}' given twice in one record (first on line {})",
                    b.line, k.name, a.line
                ))
            }
            _ => {}
        }
    }
    Ok(Record {
        file: file.to_string(),
        line,
        fields,
    })
}
