//! The test-record reader of `tests/common/records.rs` on small inline files: it reads both
//! layouts, and rejects unknown keys and malformed lines with a message naming file and line.

mod common;
use common::records::{self, Count, Format, Key, Layout};

/// A small block format: `id` once, `fen` once, `note` at most once, `move` any number of times.
const BLOCKS: Format = Format {
    layout: Layout::Blocks,
    keys: &[
        Key {
            name: "id",
            count: Count::One,
        },
        Key {
            name: "fen",
            count: Count::One,
        },
        Key {
            name: "note",
            count: Count::Optional,
        },
        Key {
            name: "move",
            count: Count::Many,
        },
    ],
    needs_source: true,
};

const GOOD: &str = "\
# source: a test
id first
fen 8/8/8/8/8/8/8/K6k w
move a1a2
move  a1b1   extra words

# a comment between records
id second
fen 8/8/8/8/8/8/8/K6k b
note short
";

/// Parses `text` as file `t.txt` in `format`, asserts that it is rejected with a message that
/// starts with `start`, and returns the message.
fn rejected(text: &str, format: &Format, start: &str) -> String {
    match records::parse("t.txt", text, format) {
        Ok(r) => panic!("accepted as {r:?}:\n{text}"),
        Err(e) => {
            assert!(e.starts_with(start), "'{e}' does not start with '{start}'");
            e
        }
    }
}

#[test]
fn blocks_are_read_in_order_with_their_lines() {
    let r = records::parse("t.txt", GOOD, &BLOCKS).expect("valid file");
    assert_eq!(r.len(), 2);
    assert_eq!(
        (r[0].get("id"), r[0].line, r[0].origin()),
        ("first", 2, "t.txt:2".into())
    );
    let moves: Vec<&str> = r[0].all("move").collect();
    assert_eq!(moves, ["a1a2", "a1b1   extra words"]);
    assert_eq!(r[0].opt("note"), None);
    assert_eq!(
        (r[1].get("id"), r[1].opt("note")),
        ("second", Some("short"))
    );
    let keys: Vec<(usize, &str)> = r[1].fields.iter().map(|f| (f.line, f.key)).collect();
    assert_eq!(keys, [(8, "id"), (9, "fen"), (10, "note")]);
}

/// Rejects `GOOD` with `from` replaced by `to`, with a message starting with `start`.
fn rejected_edit(from: &str, to: &str, start: &str) -> String {
    assert!(GOOD.contains(from), "'{from}' is not in the good file");
    rejected(&GOOD.replacen(from, to, 1), &BLOCKS, start)
}

#[test]
fn unknown_keys_are_rejected_with_file_and_line() {
    let e = rejected_edit("note short", "colour red", "t.txt:10: unknown key 'colour'");
    assert!(e.contains("(known keys: id, fen, note, move)"), "{e}");
    // A misspelt key, and one in another case, are unknown too.
    rejected_edit("move a1a2", "moves a1a2", "t.txt:4: unknown key 'moves'");
    rejected_edit(
        "fen 8/8/8/8/8/8/8/K6k b",
        "FEN x",
        "t.txt:9: unknown key 'FEN'",
    );
}

#[test]
fn malformed_lines_are_rejected_with_file_and_line() {
    for (from, to, start) in [
        // A key without a value.
        ("note short", "note", "t.txt:10: 'note' has no value"),
        ("move a1a2", "move   ", "t.txt:4: 'move' has no value"),
        // A key its format allows once, given twice.
        (
            "note short",
            "note a\nnote b",
            "t.txt:11: 'note' given twice",
        ),
        ("move a1a2", "fen x", "t.txt:4: 'fen' given twice"),
        // A required key missing: the message names the record's first line.
        ("id second\n", "", "t.txt:8: record without 'id'"),
        // A file that must cite its source and does not.
        ("# source: a test\n", "", "t.txt: no '# source:' line"),
    ] {
        rejected_edit(from, to, start);
    }
    let e = rejected_edit("note short", "note a\nnote b", "t.txt:11:");
    assert!(e.contains("(first on line 10)"), "{e}");
}

#[test]
fn tables_name_their_fields_and_reject_wrong_field_counts() {
    let table = "# id | fen | solution | goal | motif\n\
                 P1 | 8/8 w | a1a2 | mate 1 | a motif\n\
                 \n\
                 P2 | 8/8 b | b1b2 | capture 2\n";
    let r = records::parse("p.txt", table, &records::PUZZLES).expect("valid table");
    assert_eq!(r.len(), 2);
    assert_eq!(
        (
            r[0].get("id"),
            r[0].get("fen"),
            r[0].get("goal"),
            r[0].opt("motif")
        ),
        ("P1", "8/8 w", "mate 1", Some("a motif"))
    );
    assert_eq!((r[1].origin(), r[1].opt("motif")), ("p.txt:4".into(), None));

    rejected(
        "P1 | 8/8 w | a1a2\n",
        &records::PUZZLES,
        "t.txt:1: 3 fields where the format has 4 to 5",
    );
    rejected(
        "# c\nP1 | 8/8 w | a1a2 | mate 1 | motif | more\n",
        &records::PUZZLES,
        "t.txt:2: 6 fields",
    );
    rejected(
        "P1 | 8/8 w |  | mate 1\n",
        &records::PUZZLES,
        "t.txt:1: empty field 'solution'",
    );
}

#[test]
fn perft_lines_are_depth_and_nodes() {
    let text =
        "# source: t\nid a\ngame ultima\nfen 8 w\nperft 2 1_000\nperft 3\nperft x 4\nperft 1 2 3\n";
    let r = records::parse("t.perft", text, &records::PERFT).expect("valid record");
    let counts: Vec<Result<(u32, u64), String>> = r[0]
        .fields
        .iter()
        .filter(|f| f.key == "perft")
        .map(|f| records::perft_count(&r[0], f))
        .collect();
    assert_eq!(counts[0], Ok((2, 1000)));
    for (i, c) in counts.iter().enumerate().skip(1) {
        let e = c.as_ref().expect_err("bad perft line accepted");
        assert!(
            e.starts_with(&format!("t.perft:{}: bad perft line", 5 + i)),
            "{e}"
        );
    }
    // A record without a perft line.
    rejected(
        "# source: t\nid a\ngame ultima\nfen 8 w\n",
        &records::PERFT,
        "t.txt:2: record without 'perft'",
    );
}
