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
fn perft_matches_the_rule_books_counts() {
    let count = |args: &[&str]| {
        let mut a = vec!["perft"];
        a.extend_from_slice(args);
        nodes(&ok(&a))
    };
    // ultima.md §11 (the default variant), omega.md §10, hybrid.md §13.
    assert_eq!(count(&["1"]), 32);
    assert_eq!(count(&["2", "--variant", "ultima"]), 944);
    assert_eq!(
        count(&["3", "--variant=ultima", "--option", "immobilizer=pure"]),
        42_762
    );
    assert_eq!(count(&["2", "--variant", "omega"]), 1_600);
    assert_eq!(count(&["3", "--variant", "omega"]), 67_202);
    assert_eq!(count(&["1", "--variant", "hybrid"]), 28);
    assert_eq!(count(&["2", "--variant", "hybrid"]), 784);
    // omega.md §10: en passant after a double step, in both FEN forms.
    for fen in [
        "1r3k2r1/pppp1pppp1/10/10/10/3p1p4/3pPp4/10/10/1R3K2R1[W/W/w/w] b KQkq e2 0 1",
        "w**********w/*1r3k2r1*/*pppp1pppp1*/*10*/*10*/*10*/*3p1p4*/*3pPp4*/*10*/*10*/*1R3K2R1*/W**********W b KQkq f4 0 1",
    ] {
        assert_eq!(count(&["1", "--variant", "omega", "--fen", fen]), 48);
        assert_eq!(count(&["2", "--variant", "omega", "--fen", fen]), 1_843);
    }
    assert_eq!(count(&["0"]), 1);
    assert_eq!(ok(&["perft", "0", "--divide"]), "Nodes searched: 1\n");
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
    let first = &moves[0];
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
    // ultima.md §10 A.
    assert_eq!(out.lines().count(), 35);
    assert!(out.contains(
        "{\"move\":\"g4d4\",\"from\":\"g4\",\"to\":\"d4\",\"captures\":[\"c4\",\"d5\"],\"promotion\":null,\"suicide\":false,\"notation\":\"Pg4-d4xc4xd5\"}"
    ));
    assert!(out.contains(
        "{\"move\":\"b4b4\",\"from\":\"b4\",\"to\":\"b4\",\"captures\":[\"b4\"],\"promotion\":null,\"suicide\":true,"
    ));
    // omega.md §10: the en passant capture lists the victim's square.
    let out = ok(&[
        "moves",
        "--variant",
        "omega",
        "--fen",
        "1r3k2r1/pppp1pppp1/10/10/10/3p1p4/3pPp4/10/10/1R3K2R1[W/W/w/w] b KQkq e2 0 1",
    ]);
    assert_eq!(out.lines().count(), 48);
    assert!(
        out.contains("{\"move\":\"d3e2\",\"from\":\"d3\",\"to\":\"e2\",\"captures\":[\"e3\"]"),
        "{out}"
    );
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
}

/// The `status` object of a FEN (and moves) of a variant.
fn status(variant: &str, fen: &str, extra: &[&str]) -> String {
    let mut a = vec!["status", "--variant", variant, "--fen", fen];
    a.extend_from_slice(extra);
    ok(&a)
}

#[test]
fn status_reports_every_kind_of_end() {
    let tail =
        |result: &str, reason: &str| format!("\"result\":\"{result}\",\"reason\":\"{reason}\"}}\n");
    // omega.md: the wizard square's checkmate and stalemate.
    let mate = status(
        "omega",
        "10/10/10/10/10/10/10/10/1K8/1N8[k/-/-/-] b - - 0 1",
        &[],
    );
    assert!(mate.contains("\"in_check\":true"), "{mate}");
    assert!(mate.ends_with(&tail("white", "checkmate")), "{mate}");
    let stale = status(
        "omega",
        "10/10/10/10/10/10/10/10/1K8/10[k/-/-/-] b - - 0 1",
        &[],
    );
    assert!(stale.ends_with(&tail("draw", "stalemate")), "{stale}");
    // Ultima: a frozen lone King has no move (ultima.md §7.2), and the option decides.
    let frozen = "7k/8/8/8/8/8/1i6/K7 w - - 0 1";
    assert!(status("ultima", frozen, &[]).ends_with(&tail("black", "no-moves")));
    assert!(status("ultima", frozen, &["--option", "stalemate=draw"])
        .ends_with(&tail("draw", "no-moves")));
    // Ultima win=capture: the King takes the King (ultima.md §7.3).
    let taken = status(
        "ultima",
        "8/8/8/8/8/8/8/kK6 w - - 0 1",
        &["--option", "win=capture", "--moves", "b1a1"],
    );
    assert!(taken.ends_with(&tail("white", "king-captured")), "{taken}");
    // The fifty-move rule and threefold repetition (ultima.md §7.4).
    let fifty = status("ultima", "7k/8/8/8/8/8/8/K7 w - - 100 80", &[]);
    assert!(fifty.ends_with(&tail("draw", "fifty-move")), "{fifty}");
    let shuffle = ["a2a3", "a7a6", "a3a2", "a6a7"];
    let mut args = vec!["status", "--moves"];
    args.extend(shuffle);
    args.extend(&shuffle[..3]);
    assert!(ok(&args).ends_with("\"result\":\"ongoing\",\"reason\":null}\n"));
    args.push(shuffle[3]);
    assert!(ok(&args).ends_with(&tail("draw", "repetition")));
}

#[test]
fn status_after_moves_shows_the_fen_reached() {
    let moves = move_texts(&[]);
    let out = ok(&["status", "--moves", &moves[0]]);
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
    // The same move twice: the second is not White's to make.
    fails(
        &["status", "--moves", "a2a3", "a2a3"],
        "move 2 'a2a3': illegal move",
    );
    fails(
        &["status", "--moves", "a2a3", "a1a2", "h7h6"],
        "move 2 'a1a2'",
    );
    // After the end of a game under win=capture there is no move.
    fails(
        &[
            "status",
            "--option",
            "win=capture",
            "--fen",
            "8/8/8/8/8/8/8/kK6 w",
            "--moves",
            "b1a1",
            "a1a2",
        ],
        "move 2 'a1a2'",
    );
    // A promotion letter where none belongs, and a missing one (omega.md §8).
    fails(&["status", "--moves", "a2a3q"], "move 1 'a2a3q'");
    fails(
        &[
            "status",
            "--variant",
            "omega",
            "--fen",
            "k9/9P/10/10/10/10/10/10/10/K9[-/-/-/-] w",
            "--moves",
            "j8j9",
        ],
        "move 1 'j8j9'",
    );
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

/// Runs `baroque match` (short games); returns its summary (stdout) and per-game lines (stderr).
fn play_match(args: &[&str]) -> (String, Vec<String>) {
    let mut a = vec!["match"];
    a.extend_from_slice(args);
    let o = baroque(&a);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    (stdout(&o), stderr(&o).lines().map(String::from).collect())
}

#[test]
fn match_plays_from_a_fen_under_the_rule_options_given() {
    // A frozen lone King has no move (ultima.md §7.2): the option decides who wins.
    let frozen = "7k/8/8/8/8/8/1i6/K7 w - - 0 1";
    let common = [
        "--games",
        "2",
        "--opening-plies",
        "0",
        "--a",
        "depth=1",
        "--b",
        "depth=1",
        "--fen",
        frozen,
    ];
    let (loss, games) = play_match(&common);
    // A has White (and loses) in game 1, Black (and wins) in game 2.
    assert!(loss.starts_with("ultima: +1 =0 -1 of 2"), "{loss}");
    assert!(games[0].contains("A white — black (no-moves)"), "{games:?}");
    let mut with_draw = common.to_vec();
    with_draw.extend(["--option", "stalemate=draw"]);
    let (draw, games) = play_match(&with_draw);
    assert!(
        draw.starts_with("ultima (stalemate=draw): +0 =2 -0 of 2"),
        "{draw}"
    );
    assert!(
        games.iter().all(|g| g.contains("(stalemate=draw)")),
        "{games:?}"
    );
    // An option drawn at random for each pair of games: each game is played under its draw.
    let mut random = common.to_vec();
    random.extend(["--games", "12", "--option", "stalemate=random"]);
    let (_, games) = play_match(&random);
    assert_eq!(games.len(), 12, "{games:?}");
    let drawn = games
        .iter()
        .filter(|g| g.contains("stalemate=draw"))
        .count();
    assert!(drawn > 0 && drawn < 12, "both rules come up: {games:?}");
    for g in &games {
        let draw_rule = g.contains("stalemate=draw");
        assert_eq!(g.contains("— draw (no-moves)"), draw_rule, "{g}");
    }
}

#[test]
fn match_adjudicates_games_whose_result_both_players_agree_on() {
    // Two games from the position given, no opening moves, depth 2 against depth 2.
    let short = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut v = vec![
            "--games",
            "2",
            "--opening-plies",
            "0",
            "--a",
            "depth=2",
            "--b",
        ];
        v.extend_from_slice(extra);
        v
    };
    // Eight Pincer Pawns against a lone King: both players see White winning at once.
    let won = "k7/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
    let resign = ["--fen", won, "--resign", "movecount=2,score=300"];
    let (summary, games) = play_match(&short(&[&["depth=2"][..], &resign].concat()));
    assert!(summary.starts_with("ultima: +1 =0 -1 of 2"), "{summary}");
    for g in &games {
        assert!(
            g.contains("— white (adjudicated (both scores favour White)) after 4 plies"),
            "{g}"
        );
    }
    // The greedy player gives no score, so it never agrees.
    let (_, games) = play_match(&short(&[&["greedy"][..], &resign].concat()));
    assert!(
        games.iter().all(|g| !g.contains("adjudicated")),
        "{games:?}"
    );
    // Level scores from the first move: a draw once each player has moved twice.
    let draw = [
        "depth=2",
        "--variant",
        "omega",
        "--draw",
        "movenumber=1,movecount=2,score=1000",
    ];
    let (summary, games) = play_match(&short(&draw));
    assert!(summary.starts_with("omega: +0 =2 -0 of 2"), "{summary}");
    assert!(
        games
            .iter()
            .all(|g| g.contains("draw (adjudicated (both scores level)) after 4 plies")),
        "{games:?}"
    );
}

/// Two Omega games of at most `max_plies` plies between players `a` and `b`.
fn two_omega_games(max_plies: &str, a: &str, b: &str) -> (String, Vec<String>) {
    play_match(&[
        "--variant",
        "omega",
        "--games",
        "2",
        "--max-plies",
        max_plies,
        "--a",
        a,
        "--b",
        b,
    ])
}

#[test]
fn match_plays_to_a_chess_clock_and_a_flag_fall_loses() {
    // Both clocks, the external engine's through `go wtime … btime … winc … binc …`.
    let external = format!(
        "tc=10+0.1,depth=2,cmd={} uci",
        env!("CARGO_BIN_EXE_baroque")
    );
    let (summary, games) = two_omega_games("10", "tc=10+0.1,depth=2", &external);
    assert!(summary.contains(" of 2,"), "{summary}");
    assert!(
        games.iter().all(|g| !g.contains("time forfeit")),
        "{games:?}"
    );
    // No time at all: the clocked player's first move already oversteps it.
    let (summary, games) = play_match(&[
        "--games",
        "2",
        "--opening-plies",
        "0",
        "--a",
        "tc=0",
        "--b",
        "depth=1",
    ]);
    assert!(summary.starts_with("ultima: +0 =0 -2 of 2"), "{summary}");
    assert!(
        games[0].contains("— black (time forfeit) after 0 plies"),
        "{games:?}"
    );
    assert!(
        games[1].contains("— white (time forfeit) after 1 plies"),
        "{games:?}"
    );
}

#[test]
fn match_plays_a_player_of_two_threads() {
    let (summary, games) = two_omega_games("40", "threads=2,movetime=30", "movetime=30");
    assert!(summary.starts_with("omega: +"), "{summary}");
    assert!(summary.contains(" of 2,"), "{summary}");
    assert_eq!(games.len(), 2, "{games:?}");
}

#[test]
fn match_refuses_options_and_positions_it_cannot_play() {
    let frozen = "7k/8/8/8/8/8/1i6/K7 w - - 0 1";
    let refused: &[(&[&str], &str)] = &[
        (&["--option", "win=mate"], "option win cannot be 'mate'"),
        (&["--option", "colour=red"], "unknown option 'colour'"),
        (
            &["--variant", "omega", "--option", "win=capture"],
            "unknown option 'win'",
        ),
        (&["--option", "stalemate"], "name=value"),
        (&["--fen", "8/8 w"], "--fen"),
        (&["--variant", "all", "--fen", frozen], "--fen"),
        (&["--resign", "movecount=2"], "--resign needs score=N"),
        (
            &["--draw", "movenumber=1,movecount=x,score=1"],
            "bad --draw value 'x'",
        ),
        (
            &["--resign", "moves=1,score=1"],
            "unknown --resign key 'moves'",
        ),
    ];
    for (args, message) in refused {
        let mut argv = vec!["match"];
        argv.extend_from_slice(args);
        fails(&argv, message);
    }
}

#[test]
fn match_plays_ultima_start_arrays_and_writes_its_games_as_pgn() {
    let dir = std::env::temp_dir().join(format!("baroque-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("games.pgn");
    let path = file.to_str().expect("a UTF-8 path");
    let args = [
        "--games",
        "4",
        "--opening-plies",
        "2",
        "--max-plies",
        "6",
        "--a",
        "depth=1",
        "--b",
        "greedy",
        "--start-array",
        "wIC-bKW",
        "--option",
        "leaper=single",
        "--pgn-out",
        path,
    ];
    let (summary, games) = play_match(&args);
    assert!(
        summary.starts_with("ultima (start-array=wIC-bKW, leaper=single): "),
        "{summary}"
    );
    assert!(
        games.iter().all(|g| g.contains("(wIC-bKW, leaper=single)")),
        "{games:?}"
    );
    // The record holds every game, from that array under that option, with its result.
    let pgn = std::fs::read_to_string(&file).expect("the PGN written");
    let array = "clxkwxli/pppppppp/8/8/8/8/PPPPPPPP/CLXKWXLI w - - 0 1";
    assert_eq!(pgn.matches("[Event \"baroque match\"]").count(), 4, "{pgn}");
    assert_eq!(
        pgn.matches(&format!("[FEN \"{array}\"]")).count(),
        4,
        "{pgn}"
    );
    assert_eq!(pgn.matches("[Leaper \"single\"]").count(), 4, "{pgn}");
    assert!(pgn.contains("[White \"depth=1\"]") && pgn.contains("[Black \"depth=1\"]"));
    // 2 opening plies and at most 6 more: each game is read back by `baroque status --pgn`.
    for n in ["1", "2", "3", "4"] {
        let status = ok(&["status", "--pgn", path, "--game", n]);
        assert!(status.starts_with("{\"fen\":\""), "{status}");
    }
    // Random arrays: several come up, each game's line names its own.
    let (_, games) = play_match(&[
        "--games",
        "16",
        "--opening-plies",
        "0",
        "--max-plies",
        "1",
        "--a",
        "depth=1",
        "--b",
        "depth=1",
        "--start-array",
        "random",
    ]);
    let named: std::collections::HashSet<&str> = games
        .iter()
        .filter_map(|g| {
            g.split_once(" (")?
                .1
                .split_once("):")
                .map(|(label, _)| label)
        })
        .collect();
    assert!(named.len() >= 2, "{games:?}");
    fails(
        &["match", "--start-array", "wXY"],
        "unknown start array 'wXY'",
    );
    fails(
        &["match", "--variant", "omega", "--start-array", "wIC"],
        "unknown start array 'wIC'",
    );
    fails(
        &[
            "match",
            "--start-array",
            "wIC",
            "--fen",
            "7k/8/8/8/8/8/1i6/K7 w - - 0 1",
        ],
        "--start-array",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs a successful command with `input` on stdin; returns its standard output.
fn ok_with_input(args: &[&str], input: &str) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("baroque runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    let o = child.wait_with_output().expect("baroque ends");
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// A file of tests/data/pgn.
fn pgn_file(name: &str) -> String {
    format!("{}/../../tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn pgn_writes_the_game_of_the_position_arguments() {
    let out = ok(&[
        "pgn",
        "--variant",
        "omega",
        "--moves",
        "e1e4",
        "j8j7",
        "d0g3",
    ]);
    for tag in [
        "[Event \"?\"]",
        "[Result \"*\"]",
        "[Variant \"Omega Chess\"]",
    ] {
        assert!(out.contains(tag), "{tag}: {out}");
    }
    assert!(!out.contains("[FEN "), "{out}");
    assert!(out.contains("\n1. e4 j7 2. Bg3 *\n"), "{out}");
    // Read back from standard input, it is the same game.
    assert_eq!(
        ok_with_input(&["status", "--pgn", "-"], &out),
        ok(&[
            "status",
            "--variant",
            "omega",
            "--moves",
            "e1e4",
            "j8j7",
            "d0g3"
        ])
    );
    // A set-up start, options, tags and a given result.
    let fen = "7k/8/8/8/8/8/1i6/K6W b - - 0 1";
    let out = ok(&[
        "pgn",
        "--fen",
        fen,
        "--option",
        "stalemate=draw",
        "--tag",
        "White=Ann Lee",
        "--tag=TimeControl=300+3",
        "--result",
        "0-1",
        "--moves",
        "b2b3",
    ]);
    for tag in [
        "[White \"Ann Lee\"]".to_string(),
        "[Result \"0-1\"]".to_string(),
        "[Stalemate \"draw\"]".to_string(),
        "[SetUp \"1\"]".to_string(),
        format!("[FEN \"{fen}\"]"),
        "[TimeControl \"300+3\"]".to_string(),
    ] {
        assert!(out.contains(&tag), "{tag}: {out}");
    }
    assert!(out.ends_with("\n1... Ib2-b3 0-1\n"), "{out}");
}

#[test]
fn every_position_command_takes_a_pgn_file() {
    let omega = pgn_file("omega-games.pgn");
    let fen =
        "c2bq1br1n/n2pppkp1p/10/2p5P1/6p3/9P/P1PP2P3/4P2P2/5P4/WCNB1KBNRC[-/W/w/w] w K - 1 16";
    let moves = [
        "g3g4", "h8h7", "i6i7", "j9i7", "i0i7", "g8g7", "i7h7", "h9h7",
    ];
    let by_hand = |command: &str| {
        let mut a = vec![command, "--variant", "omega", "--fen", fen, "--moves"];
        a.extend(moves);
        ok(&a)
    };
    assert_eq!(
        ok(&["status", "--pgn", &omega, "--game", "2"]),
        by_hand("status")
    );
    assert_eq!(
        ok(&["moves", "--pgn", &omega, "--game=2"]),
        by_hand("moves")
    );
    let perft = ok(&["perft", "2", "--pgn", &omega, "--game", "2"]);
    let mut a = vec!["perft", "2", "--variant", "omega", "--fen", fen, "--moves"];
    a.extend(moves);
    assert_eq!(perft, ok(&a));
    // The first game by default; --moves plays on from the last position.
    let first = ok(&["status", "--pgn", &omega]);
    assert!(first.contains("\"side\":\"white\""), "{first}");
    let on = ok(&["moves", "--pgn", &omega, "--game", "3", "--moves", "e5e6"]);
    assert_eq!(on, ok(&["moves", "--moves", "e2e5", "d7d4", "e5e6"]));
    // `baroque pgn --pgn` writes the game again, keeping its tags and its result.
    let annotated = pgn_file("ultima-annotated.pgn");
    let again = ok(&["pgn", "--pgn", &annotated]);
    assert!(again.contains("[White \"Ann\"]") && again.contains("[Stalemate \"draw\"]"));
    assert!(
        again.contains("[Event \"Club night, round \\\"3\\\"\"]"),
        "{again}"
    );
    assert!(again.contains("[TimeControl \"600+5\"]"), "{again}");
    assert_eq!(
        ok_with_input(&["status", "--pgn", "-"], &again),
        ok(&["status", "--pgn", &annotated])
    );
    let resigned = ok(&["pgn", "--pgn", &omega]);
    assert!(resigned.contains("[Result \"1-0\"]") && resigned.ends_with(" 1-0\n"));
}

#[test]
fn bad_pgn_arguments_and_files_are_one_error_line() {
    let omega = pgn_file("omega-games.pgn");
    fails(
        &["status", "--pgn", "/nonexistent/x.pgn"],
        "--pgn /nonexistent/x.pgn: cannot read",
    );
    fails(
        &["status", "--pgn", &pgn_file("error-illegal-move.pgn")],
        "line 9: move 3 (black)",
    );
    fails(
        &["status", "--pgn", &omega, "--game", "5"],
        "there is no game 5",
    );
    fails(&["status", "--pgn", &omega, "--game", "0"], "--game");
    fails(&["status", "--pgn", &omega, "--game", "x"], "--game");
    fails(&["status", "--game", "2"], "--game needs --pgn");
    fails(&["status", "--pgn", &omega, "--fen", "8/8 w"], "--fen");
    fails(
        &["moves", "--pgn", &omega, "--option", "win=capture"],
        "--option",
    );
    fails(
        &["status", "--pgn", &omega, "--game", "3", "--moves", "e2e9"],
        "move 1 'e2e9'",
    );
    fails(&["pgn", "--tag", "1x=y"], "--tag");
    fails(&["pgn", "--tag", "White"], "--tag");
    fails(&["pgn", "--result", "2-0"], "--result");
    fails(&["status", "--tag", "White=x"], "unknown argument '--tag'");
}

/// Every command reads its flags the same way (one reader, `flags.rs`): `--flag value` or
/// `--flag=value`, the same "needs a value" and "expected a whole number" errors.
#[test]
fn every_command_reads_flags_the_same_way() {
    fails(&["match", "--games"], "--games needs a value");
    fails(
        &["match", "--games=x"],
        "bad --games 'x': expected a whole number",
    );
    fails(
        &["match", "--games", "--seed", "2"],
        "--games needs a value",
    );
    fails(
        &["match", "--bogus=1"],
        "unknown match argument '--bogus=1'",
    );
    fails(&["bench", "--hash=0"], "bad --hash '0'");
    fails(
        &["bench", "--movetime", "x"],
        "bad --movetime 'x': expected a whole number",
    );
    fails(&["diagram", "--svg=yes"], "--svg takes no value");
    fails(&["diagram", "--svg", "--size"], "--size needs a value");
    fails(&["status", "--variant=chess"], "unknown variant 'chess'");
}

/// Issue 26: a record or font file is read up to a limit (PGN 64 MiB, font 32 MiB), so an
/// endless file (`/dev/zero`) is one clear error, not gigabytes of memory.
#[test]
fn endless_record_and_font_files_are_refused_at_their_limit() {
    fails(
        &["status", "--pgn", "/dev/zero"],
        "--pgn /dev/zero: larger than 64 MiB",
    );
    fails(
        &["diagram", "--png", "--font", "/dev/zero"],
        "--font /dev/zero: larger than 32 MiB",
    );
}

/// Issue 9: `--moves` reads Omega's notation with its case and its rank disambiguation.
#[test]
fn moves_read_notation_with_its_case_and_rank() {
    let pawn = status(
        "omega",
        "5k4/10/1p8/2N7/3b6/10/10/10/10/5K4[-/-/-/-] b - - 0 1",
        &["--moves", "bxc6"],
    );
    assert!(pawn.contains("\"fen\":\"5k4/10/10/2p7/3b6/"), "{pawn}");
    let bishop = status(
        "omega",
        "5k4/10/1p8/2N7/3b6/10/10/10/10/5K4[-/-/-/-] b - - 0 1",
        &["--moves", "Bxc6"],
    );
    assert!(bishop.contains("\"fen\":\"5k4/10/1p8/2b7/10/"), "{bishop}");
    let champion = status(
        "omega",
        "k9/10/10/10/10/10/10/10/6C3/5KC3[-/-/-/-] w - - 0 1",
        &["--moves", "C0g2"],
    );
    assert!(
        champion.contains("\"fen\":\"k9/10/10/10/10/10/10/6C3/6C3/5K4["),
        "{champion}"
    );
}

#[test]
fn match_starts_from_the_last_position_of_a_record() {
    // The record of a frozen lone King under stalemate=draw: its rules come with it.
    let record = ok(&[
        "pgn",
        "--fen",
        "7k/8/8/8/8/8/1i6/K7 b - - 0 1",
        "--option",
        "stalemate=draw",
        "--moves",
        "h8h7",
    ]);
    let dir = std::env::temp_dir().join(format!("baroque-match-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("frozen.pgn");
    std::fs::write(&file, &record).expect("write the record");
    let path = file.to_str().expect("a UTF-8 path");
    let common = [
        "--pgn",
        path,
        "--games",
        "2",
        "--opening-plies",
        "0",
        "--a",
        "depth=1",
        "--b",
        "depth=1",
    ];
    let (summary, _) = play_match(&common);
    assert!(
        summary.starts_with("ultima (stalemate=draw): +0 =2 -0 of 2"),
        "{summary}"
    );
    fails(
        &["match", "--pgn", path, "--option", "win=capture"],
        "--pgn",
    );
    fails(&["match", "--pgn", path, "--variant", "all"], "--pgn");
    fails(
        &["match", "--pgn", path, "--game", "2"],
        "there is no game 2",
    );
    fails(&["match", "--game", "2"], "--game needs --pgn");
    std::fs::remove_dir_all(&dir).ok();
}

/// The node count of `baroque bench 3`: a signature of the searched tree over every benchmark
/// position. A change to the search, the evaluation, the move generators or the positions
/// changes it; then check the strength and speed (docs/benchmarks.md) and update it here.
const BENCH_3_SIGNATURE: u64 = 51_201;

#[test]
fn bench_prints_its_node_signature() {
    let o = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args(["bench", "3"])
        .output()
        .expect("baroque runs");
    assert!(o.status.success(), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    let games: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for g in ["ultima", "omega", "hybrid"] {
        assert!(games.contains(&g), "{out}");
    }
    assert!(
        out.lines().filter(|l| l.contains(" depth 3 ")).count() >= 30,
        "{out}"
    );
    let nodes: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no node count in {out}"));
    assert_eq!(nodes, BENCH_3_SIGNATURE, "{out}");
}

/// `bench --threads 2` searches every position with the parallel search: each to the depth
/// asked, each with a move; a bad thread count is refused with a message.
#[test]
fn bench_with_threads_searches_every_position_in_parallel() {
    let out = ok(&["bench", "3", "--threads", "2"]);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(" depth ")).collect();
    assert!(lines.len() >= 30, "{out}");
    for l in &lines {
        assert!(l.contains(" depth 3 "), "{l}");
        assert!(!l.ends_with("bestmove (none)"), "{l}");
    }
    assert!(out.contains("Nodes searched: "), "{out}");
    fails(&["bench", "3", "--threads", "0"], "bad --threads '0'");
    fails(&["bench", "--threads"], "--threads needs a value");
}

/// `bench --wins` reports each win of a set with the depth that found it; `bench DEPTH
/// --iterations` the nodes of every iteration; a missing or foreign set is refused.
#[test]
fn bench_measures_sets_of_wins_and_iterations() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data");
    let omega = format!("{data}/wins-omega.txt");
    let out = ok(&["bench", "--wins", &omega]);
    let found = out
        .lines()
        .filter(|l| l.contains(": found at depth "))
        .count();
    assert!(found >= 5, "{out}");
    assert!(
        out.contains(&format!("wins found: {found} of {found};")),
        "{out}"
    );
    let out = ok(&["bench", "4", "--iterations", &omega]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), found + 1, "{out}");
    for l in &lines[..found] {
        assert!(
            l.starts_with("omega OW") && l.contains(": depth 4, "),
            "{l}"
        );
        // Four iterations, one count each.
        let it = l
            .split("iterations ")
            .nth(1)
            .and_then(|r| r.split(';').next());
        assert_eq!(it.map(|t| t.split(' ').count()), Some(4), "{l}");
    }
    assert!(
        lines[found].starts_with(&format!("positions {found}: nodes ")),
        "{out}"
    );
    fails(
        &["bench", "4", "--iterations", "/nonexistent/wins-omega.txt"],
        "--iterations",
    );
    fails(
        &["bench", "--wins", &format!("{data}/omega.perft")],
        "--wins",
    );
}

#[test]
fn pgn_from_a_record_keeps_its_variations_nags_and_comments() {
    let path = pgn_file("ultima-variations.pgn");
    let flat = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let out = flat(ok(&["pgn", "--pgn", &path]));
    assert!(
        out.contains("1... Pd7-d4 $2 ({better is} 1... Pd7-d5 $3 {a line comment} 2. Pf2-f5"),
        "{out}"
    );
    // Moves played after the record continue its main line; the variations stay.
    let more = flat(ok(&["pgn", "--pgn", &path, "--moves", "e7e6"]));
    assert!(more.ends_with("2. Pf2-f5 $4 $18 Pe7-e6 *"), "{more}");
    assert!(more.contains("(1. Pa2-a4 $6)"), "{more}");
}

/// `baroque diagram --png …` decoded: the picture's pixels, rendered by resvg from the SVG.
fn diagram_png(args: &[&str]) -> resvg::tiny_skia::Pixmap {
    let mut a = vec!["diagram", "--png"];
    a.extend_from_slice(args);
    let o = baroque(&a);
    assert_eq!(o.status.code(), Some(0), "{a:?}: {}", stderr(&o));
    assert_eq!(&o.stdout[..8], b"\x89PNG\r\n\x1a\n", "{a:?}: not a PNG");
    resvg::tiny_skia::Pixmap::decode_png(&o.stdout).expect("the PNG decodes")
}

/// The colour at `(x, y)` as `[r, g, b]`.
fn rgb(p: &resvg::tiny_skia::Pixmap, (x, y): (f64, f64)) -> [u8; 3] {
    let c = p.pixel(x as u32, y as u32).expect("inside the picture");
    [c.red(), c.green(), c.blue()]
}

#[test]
fn diagram_png_draws_the_svg_board_of_each_game() {
    use baroque_board::layout::Layout;
    use baroque_board::palette::{palette, BoardSet, Theme};
    let pal = palette(Theme::Light, BoardSet::Wood);
    for (variant, shape, empty) in [
        ("ultima", baroque_engine::Shape::Eight, "e4"),
        ("omega", baroque_engine::Shape::Omega, "e5"),
        ("hybrid", baroque_engine::Shape::Ten, "e5"),
    ] {
        let p = diagram_png(&["--size", "240", "--variant", variant]);
        assert_eq!((p.width(), p.height()), (240, 240), "{variant}");
        // An empty square's centre is the palette's colour of that square.
        let layout = Layout::new(shape, baroque_engine::Color::White, 240.0);
        let sq = shape.parse_square(empty).unwrap();
        let want = if layout.is_light(sq) {
            pal.light
        } else {
            pal.dark
        };
        assert_eq!(
            rgb(&p, layout.rect(sq).center()),
            [want.r, want.g, want.b],
            "{variant} {empty}"
        );
        // Turned round, the picture changes; the same command gives the same bytes.
        let flipped = diagram_png(&[
            "--size",
            "240",
            "--orientation",
            "black",
            "--variant",
            variant,
        ]);
        assert_ne!(p.data(), flipped.data(), "{variant}");
        assert_eq!(
            diagram_png(&["--size", "240", "--variant", variant]).data(),
            p.data()
        );
    }
}

#[test]
fn diagram_png_sets_its_caption_in_latin_and_chinese_letters() {
    let plain = diagram_png(&["--size", "200", "--coordinates", "off"]);
    for caption in ["Pincer g4-d4", "长跳者吃三子", "長跳者吃三子"] {
        let p = diagram_png(&["--size", "200", "--caption", caption]);
        assert_eq!(p.width(), 200);
        assert!(p.height() > 200, "a caption makes the picture taller");
        // The caption strip has ink: pixels other than the surround's colour.
        let ground = rgb(&p, (1.0, 201.0));
        let inked = (201..p.height())
            .flat_map(|y| (0..200).map(move |x| (x as f64, y as f64)))
            .filter(|&xy| rgb(&p, xy) != ground)
            .count();
        assert!(inked > 100, "{caption:?}: {inked} inked pixels");
    }
    // Coordinates are text too: with them the board has more ink than without.
    let with = diagram_png(&["--size", "200"]);
    assert_ne!(with.data(), plain.data());
}

#[test]
fn diagram_refuses_bad_picture_flags() {
    fails(&["diagram"], "--svg or --png");
    fails(&["diagram", "--svg", "--png"], "one of --svg and --png");
    fails(
        &["diagram", "--svg", "--font", "x.ttf"],
        "--font is for --png",
    );
    fails(
        &["diagram", "--png", "--font", "/nonexistent/font.ttf"],
        "--font /nonexistent/font.ttf",
    );
    fails(
        &["diagram", "--png", "--font", "Cargo.toml"],
        "not a font file",
    );
    fails(&["diagram", "--png", "--size", "10"], "bad --size");
}

#[test]
fn datagen_writes_scored_positions_with_their_result() {
    let dir = std::env::temp_dir().join(format!("baroque-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("data.txt");
    let path = file.to_str().expect("utf-8 path");
    let out = ok(&[
        "datagen",
        "--variant",
        "ultima",
        "--games",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "60",
        "--out",
        path,
    ]);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{out}"
    );
    let text = std::fs::read_to_string(&file).expect("the data file");
    assert!(text.starts_with("# ultima positions for the evaluation's tuner"));
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(" | ").collect();
        assert_eq!(f.len(), 4, "{line}");
        assert!(
            f[2].parse::<i32>().is_ok_and(|cp| cp.abs() <= 2000),
            "{line}"
        );
        assert!(["1", "0.5", "0"].contains(&f[3]), "{line}");
    }
    std::fs::remove_dir_all(&dir).ok();
    fails(
        &["datagen", "--bogus"],
        "unknown datagen argument '--bogus'",
    );
    fails(
        &["datagen", "--variant", "all", "--out", "x.txt"],
        "--out names one file",
    );
}
