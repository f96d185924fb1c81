//! The command-line contract (`perft`, `moves`, `status`, `help`), run on the built binary:
//! output formats, and exit status 2 with exactly one `error:` line for every kind of bad input.

use std::process::{Command, Output};

fn baroque(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args(args)
        .output()
    {
        Ok(o) => o,
        Err(e) => panic!("cannot run baroque: {e}"),
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs a successful command and returns its standard output.
fn ok(args: &[&str]) -> String {
    let o = baroque(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Runs a command that must fail with status 2, nothing on stdout and exactly one `error:` line
/// on stderr that contains `want`.
fn fails(args: &[&str], want: &str) {
    let o = baroque(args);
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{args:?} should exit 2; stderr: {err}"
    );
    assert_eq!(stdout(&o), "", "{args:?} printed on stdout");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: stderr must be one line: {err:?}");
    assert!(lines[0].starts_with("error: "), "{args:?}: {err:?}");
    assert!(
        lines[0].contains(want),
        "{args:?}: {err:?} does not mention {want:?}"
    );
}

/// The legal moves of a position per `baroque moves`, as move texts.
fn move_texts(args: &[&str]) -> Vec<String> {
    let mut a = vec!["moves"];
    a.extend_from_slice(args);
    ok(&a)
        .lines()
        .map(|l| {
            let start = l.find("\"move\":\"").map(|i| i + 8).unwrap_or(0);
            let end = l[start..].find('"').map(|i| start + i).unwrap_or(start);
            l[start..end].to_string()
        })
        .collect()
}

fn nodes(out: &str) -> u64 {
    let last = out.lines().last().unwrap_or("");
    let n = last.strip_prefix("Nodes searched: ");
    match n.and_then(|n| n.parse().ok()) {
        Some(n) => n,
        None => panic!("last line is not 'Nodes searched: N': {out:?}"),
    }
}

#[test]
fn perft_of_the_ultima_start_matches_the_rule_book() {
    // ultima.md §11: 32 and 944 (once the Ultima rules have landed; before, 0).
    let one = nodes(&ok(&["perft", "1"]));
    let two = nodes(&ok(&["perft", "2", "--variant", "ultima"]));
    if one > 0 {
        assert_eq!((one, two), (32, 944));
    }
    assert_eq!(nodes(&ok(&["perft", "0"])), 1);
}

#[test]
fn divide_lists_every_move_and_sums_to_the_total() {
    for game in ["ultima", "omega", "hybrid"] {
        let out = ok(&["perft", "2", "--divide", "--variant", game]);
        let lines: Vec<&str> = out.lines().collect();
        let total = nodes(&out);
        let mut sum = 0;
        let mut listed = Vec::new();
        for l in &lines[..lines.len() - 1] {
            let (m, n) = l.split_once(": ").expect("divide line '<move>: <count>'");
            sum += n.parse::<u64>().expect("count");
            listed.push(m.to_string());
        }
        assert_eq!(sum, total, "{game}");
        assert_eq!(listed, move_texts(&["--variant", game]), "{game}");
        // Timing goes to stderr, never into the contract's lines.
        assert!(!out.contains("nodes/s"));
    }
}

#[test]
fn perft_with_moves_counts_from_the_position_reached() {
    let moves = move_texts(&[]);
    let Some(first) = moves.first() else {
        return; // no Ultima rules yet
    };
    let divided = ok(&["perft", "2", "--divide"]);
    let want = divided
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{first}: ")))
        .expect("the first move is in the divide");
    let after = ok(&["perft", "1", "--moves", first]);
    assert_eq!(nodes(&after).to_string(), want);
    // A quoted list is split into moves; `x` and `-` separators are accepted.
    let a = ok(&["status", "--moves", &format!("{} ", first)]);
    let dashed = format!("{}-{}", &first[..2], &first[2..]);
    let b = ok(&["status", "--moves", &dashed]);
    assert_eq!(a, b);
}

#[test]
fn moves_prints_one_contract_object_per_line() {
    let out = ok(&[
        "moves",
        "--fen",
        "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1",
    ]);
    for l in out.lines() {
        assert!(l.starts_with("{\"move\":\""), "{l}");
        for key in [
            "\"from\":",
            "\"to\":",
            "\"captures\":[",
            "\"promotion\":",
            "\"suicide\":",
            "\"notation\":",
        ] {
            assert!(l.contains(key), "{l} lacks {key}");
        }
        assert!(l.ends_with("\"}"), "{l}");
    }
    // ultima.md §10 A, once the Ultima rules have landed.
    if !out.is_empty() {
        assert_eq!(out.lines().count(), 35);
        assert!(out.contains(
            "{\"move\":\"g4d4\",\"from\":\"g4\",\"to\":\"d4\",\"captures\":[\"c4\",\"d5\"],\"promotion\":null,\"suicide\":false,\"notation\":\"Pg4-d4xc4xd5\"}"
        ));
        assert!(out.contains("\"move\":\"b4b4\""));
    }
}

#[test]
fn status_reports_the_contract_object() {
    let out = ok(&["status"]);
    assert_eq!(
        out,
        "{\"fen\":\"clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1\",\"side\":\"white\",\"in_check\":false,\"result\":\"ongoing\",\"reason\":null}\n"
    );
    for game in ["omega", "hybrid"] {
        let out = ok(&["status", "--variant", game]);
        assert!(out.starts_with("{\"fen\":\""), "{out}");
        assert!(out.contains("\"side\":\"white\""), "{out}");
    }
    // A side without a King has lost under win=capture (ultima.md §7.3) — expressed through
    // a FEN is impossible (one King each is required), so check the option is accepted.
    let out = ok(&[
        "status",
        "--option",
        "win=capture",
        "--option=stalemate=draw",
    ]);
    assert!(out.contains("\"result\":\"ongoing\""));
}

#[test]
fn status_after_moves_shows_the_fen_reached() {
    let moves = move_texts(&[]);
    let Some(first) = moves.first() else {
        return;
    };
    let out = ok(&["status", "--moves", first]);
    assert!(out.contains("\"side\":\"black\""), "{out}");
}

#[test]
fn help_goes_to_stdout() {
    for args in [&["help"][..], &["--help"], &["-h"], &["perft", "--help"]] {
        let out = ok(args);
        assert!(out.contains("baroque perft <depth>"), "{out}");
        assert!(out.contains("--variant"));
    }
}

#[test]
fn every_kind_of_bad_input_is_one_error_line_and_status_2() {
    // Commands and arguments.
    fails(&[], "no command");
    fails(&["frobnicate"], "unknown command 'frobnicate'");
    fails(&["perft"], "needs a depth");
    fails(&["perft", "x"], "bad depth 'x'");
    fails(&["perft", "-1"], "bad depth '-1'");
    fails(&["perft", "1.5"], "bad depth '1.5'");
    fails(&["perft", "99999999999999999999"], "bad depth");
    fails(&["perft", "65"], "bad depth '65'");
    fails(&["perft", "1", "2"], "takes one depth");
    fails(&["perft", "1", "--bogus"], "unknown argument '--bogus'");
    fails(&["moves", "--divide"], "unknown argument '--divide'");
    fails(&["status", "extra"], "unexpected argument 'extra'");
    fails(&["perft", "1", "--divide=yes"], "--divide takes no value");
    fails(&["uci", "now"], "unexpected argument 'now'");
    // Missing values.
    fails(&["perft", "1", "--variant"], "--variant needs a value");
    fails(&["moves", "--fen"], "--fen needs a value");
    fails(&["status", "--option"], "--option needs a value");
    fails(
        &["status", "--fen", "--variant", "omega"],
        "--fen needs a value",
    );
    // Variants.
    fails(
        &["perft", "1", "--variant", "chess"],
        "unknown variant 'chess'",
    );
    fails(&["status", "--variant", ""], "unknown variant");
    fails(
        &["status", "--variant", "omega", "--variant", "hybrid"],
        "more than once",
    );
    // Options.
    fails(
        &["status", "--option", "colour=red"],
        "unknown option 'colour'",
    );
    fails(
        &["status", "--option", "win=mate"],
        "option win cannot be 'mate'",
    );
    fails(&["status", "--option", "win"], "not of the form name=value");
    fails(
        &["status", "--variant", "omega", "--option", "win=capture"],
        "omega has no rule options",
    );
    // FENs: the message names the field.
    fails(&["status", "--fen", ""], "invalid FEN");
    fails(
        &[
            "status",
            "--fen",
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLQ w",
        ],
        "rank 1, character 'Q'",
    );
    fails(
        &[
            "status",
            "--fen",
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC",
        ],
        "side-to-move field",
    );
    fails(
        &[
            "status",
            "--fen",
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC x",
        ],
        "side-to-move field",
    );
    fails(
        &[
            "status",
            "--fen",
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w KQ",
        ],
        "castling field",
    );
    fails(
        &[
            "status",
            "--fen",
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - x",
        ],
        "halfmove clock field",
    );
    fails(
        &[
            "status",
            "--fen",
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 0",
        ],
        "fullmove number field",
    );
    fails(
        &[
            "status",
            "--fen",
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1 z",
        ],
        "extra text",
    );
    fails(
        &[
            "status",
            "--fen",
            "clxwxxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w",
        ],
        "exactly one King",
    );
    fails(&["status", "--fen", "9/8/8/8/8/8/8/8 w"], "rank 8");
    fails(
        &[
            "status",
            "--variant",
            "omega",
            "--fen",
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w",
        ],
        "invalid FEN",
    );
    // Moves: the message names the move's number and text.
    fails(&["status", "--moves", "e2e9"], "move 1 'e2e9'");
    fails(&["status", "--moves", "zz"], "move 1 'zz'");
    fails(&["status", "--moves", "e2e4e"], "move 1 'e2e4e'");
    fails(
        &["perft", "1", "--moves", "e7e5"],
        "move 1 'e7e5': illegal move",
    );
    fails(&["moves", "--moves", "a1a1"], "move 1 'a1a1'");
    let moves = move_texts(&[]);
    if let Some(first) = moves.first() {
        // The same move twice: the second is not White's to make.
        fails(&["status", "--moves", first, first], "move 2");
        fails(
            &["status", "--moves", first, "a1a2", "h7h6"],
            "move 2 'a1a2'",
        );
    }
}

#[test]
fn no_input_makes_a_command_panic() {
    // Odd but not wrong inputs either succeed or fail cleanly (status 0 or 2, never a crash).
    let odd: &[&[&str]] = &[
        &["perft", "0", "--divide"],
        &["moves", "--moves"],
        &["status", "--fen", "\u{1}\u{7f}"],
        &["status", "--fen", "8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8 w"],
        &["status", "--fen", "99999999999999999999k/8/8/8/8/8/8/K7 w"],
        &[
            "status",
            "--variant",
            "omega",
            "--fen",
            "w**********w/*1*/ w",
        ],
        &["status", "--variant", "hybrid", "--fen", "+/+/+ w"],
        &["moves", "--moves", "é1é2"],
        &["status", "--moves", "\u{202e}"],
        &["perft", "--moves"],
    ];
    for args in odd {
        let o = baroque(args);
        let code = o.status.code();
        assert!(code == Some(0) || code == Some(2), "{args:?}: {o:?}");
        if code == Some(2) {
            assert_eq!(stderr(&o).lines().count(), 1, "{args:?}");
        }
    }
}
