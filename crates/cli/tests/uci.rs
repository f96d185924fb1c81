//! UCI session transcripts on the built binary: the handshake, options, positions, `d`,
//! `go perft`, searches with every kind of limit, `stop` and `isready` while thinking, and
//! errors reported as `info string error:` without ending the session.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `baroque uci` with `input` on stdin (then end of input); returns its stdout lines.
fn session(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("baroque uci starts");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("write commands");
    }
    let out = child.wait_with_output().expect("baroque uci ends");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect()
}

fn cli(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args(args)
        .output()
        .expect("baroque runs");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The first legal move of the Ultima start per `baroque moves`, if the rules have landed.
fn first_move(args: &[&str]) -> Option<String> {
    let mut a = vec!["moves"];
    a.extend_from_slice(args);
    let out = cli(&a);
    let line = out.lines().next()?;
    let rest = line.strip_prefix("{\"move\":\"")?;
    Some(rest[..rest.find('"')?].to_string())
}

fn legal_moves(args: &[&str]) -> Vec<String> {
    let mut a = vec!["moves"];
    a.extend_from_slice(args);
    cli(&a)
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("{\"move\":\"")?;
            Some(rest[..rest.find('"')?].to_string())
        })
        .collect()
}

fn bestmoves(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("bestmove")).collect()
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

#[test]
fn handshake_lists_the_variants_and_rule_options() {
    let lines = session("uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name Baroque"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    assert!(lines.contains(
        &"option name UCI_Variant type combo default ultima var ultima var omega var hybrid"
            .to_string()
    ));
    for name in [
        "win",
        "stalemate",
        "immobilizer",
        "suicide",
        "chameleon",
        "leaper",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type combo default "))),
            "{name}: {lines:?}"
        );
    }
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    assert!(lines
        .iter()
        .any(|l| l == "option name MultiPV type spin default 1 min 1 max 64"));
    assert!(lines
        .iter()
        .any(|l| l == "option name Ponder type check default false"));
    let ok = lines.iter().position(|l| l == "uciok").expect("uciok");
    assert_eq!(lines[ok + 1], "readyok");
    assert_eq!(lines.len(), ok + 2);
}

#[test]
fn d_prints_the_board_and_the_fen_of_the_position() {
    let lines = session("d\nquit\n");
    assert!(
        lines.contains(&"Fen: clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1".to_string())
    );
    assert!(
        lines
            .iter()
            .any(|l| l.trim_start().starts_with("8 c  l  x  w  k  x  l  i")),
        "{lines:?}"
    );
    let m = first_move(&[]).expect("Ultima has moves");
    let lines = session(&format!("position startpos moves {m}\nd\n"));
    let status = cli(&["status", "--moves", &m]);
    let fen_line = lines
        .iter()
        .find(|l| l.starts_with("Fen: "))
        .expect("Fen line");
    let fen = &fen_line[5..];
    assert!(
        status.contains(&format!("\"fen\":\"{fen}\"")),
        "{status} vs {fen}"
    );
    // Omega's wizard squares sit at the corners, outside the files.
    let lines = session("setoption name UCI_Variant value omega\nd\n");
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["w", "w"],
        "{lines:?}"
    );
    assert!(
        lines[1].trim_start().starts_with("9    c  r  n"),
        "{lines:?}"
    );
    assert_eq!(
        lines[11].split_whitespace().collect::<Vec<_>>(),
        ["W", "W"],
        "{lines:?}"
    );
}

#[test]
fn go_perft_matches_the_cli_divide() {
    for variant in ["ultima", "omega", "hybrid"] {
        let lines = session(&format!(
            "setoption name UCI_Variant value {variant}\nposition startpos\ngo perft 2\n"
        ));
        // The end of the input lets the perft finish (`quit` would stop it).
        let divide = cli(&["perft", "2", "--divide", "--variant", variant]);
        let mut want: Vec<String> = divide.lines().map(String::from).collect();
        // Fairy-Stockfish style: a blank line before the total.
        let total = want.pop().expect("total");
        want.push(String::new());
        want.push(total);
        assert_eq!(lines, want, "{variant}");
    }
    let lines = session("go perft 0\n");
    assert_eq!(lines, ["", "Nodes searched: 1"]);
}

#[test]
fn omega_accepts_the_12x12_fen_form() {
    let twelve = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1";
    let lines = session(&format!(
        "setoption name UCI_Variant value omega\nposition fen {twelve}\nd\n"
    ));
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(lines.contains(
        &"Fen: crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1"
            .to_string()
    ));
}

#[test]
fn searches_answer_with_a_legal_bestmove() {
    let legal = legal_moves(&[]);
    assert_eq!(legal.len(), 32);
    for go in [
        "go depth 2",
        "go nodes 500",
        "go movetime 50",
        "go wtime 500 btime 500 winc 10 binc 10",
        "go wtime 300 btime 300 movestogo 5",
    ] {
        let lines = session(&format!("position startpos\n{go}\n"));
        let best = bestmoves(&lines);
        assert_eq!(best.len(), 1, "{go}: {lines:?}");
        let mv = best[0].split_whitespace().nth(1).expect("a move");
        assert!(legal.iter().any(|m| m == mv), "{go}: {mv} is not legal");
    }
}

#[test]
fn a_position_without_moves_answers_bestmove_none() {
    // omega.md: checkmate and stalemate positions of the wizard square.
    for fen in [
        "10/10/10/10/10/10/10/10/1K8/1N8[k/-/-/-] b - - 0 1",
        "10/10/10/10/10/10/10/10/1K8/10[k/-/-/-] b - - 0 1",
    ] {
        let lines = session(&format!(
            "setoption name UCI_Variant value omega\nposition fen {fen}\ngo depth 3\n"
        ));
        assert!(legal_moves(&["--variant", "omega", "--fen", fen]).is_empty());
        assert_eq!(bestmoves(&lines), ["bestmove (none)"], "{lines:?}");
    }
}

#[test]
fn isready_and_stop_are_answered_while_searching() {
    let lines = session("position startpos\ngo infinite\nisready\nstop\nisready\nquit\n");
    let ready: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| *l == "readyok")
        .map(|(i, _)| i)
        .collect();
    let best: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("bestmove"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(ready.len(), 2, "{lines:?}");
    assert_eq!(best.len(), 1, "{lines:?}");
    // The first readyok comes while the search runs, before the answer to stop.
    assert!(ready[0] < best[0] && best[0] < ready[1], "{lines:?}");
}

#[test]
fn position_while_searching_applies_to_the_next_go() {
    let m = first_move(&[]).expect("Ultima has moves");
    let lines = session(&format!(
        "go infinite\nposition startpos moves {m}\nd\nstop\ngo depth 1\n"
    ));
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    // The second search is Black's: its move is one of Black's legal moves.
    let black = legal_moves(&["--moves", &m]);
    let mv = best[1].split_whitespace().nth(1).expect("a move");
    assert!(
        black.iter().any(|b| b == mv),
        "{mv} is not Black's: {lines:?}"
    );
}

#[test]
fn input_that_is_not_utf8_is_an_error_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("baroque uci starts");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(b"\xff\xfe\nisready\n").expect("write");
    }
    let out = child.wait_with_output().expect("ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text,
        "info string error: the command is not valid UTF-8\nreadyok\n"
    );
}

#[test]
fn quit_and_end_of_input_end_an_infinite_search_with_a_bestmove() {
    for end in ["quit\n", ""] {
        let lines = session(&format!("go infinite\n{end}"));
        assert_eq!(bestmoves(&lines).len(), 1, "{end:?}: {lines:?}");
    }
    // A new go replaces a running search, whose answer comes first.
    let lines = session("go infinite\ngo depth 1\n");
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:?}");
}

#[test]
fn errors_are_info_strings_and_the_session_goes_on() {
    let before = "Fen: clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1".to_string();
    let input = [
        "frobnicate",
        "setoption name Colour value red",
        "setoption name win value mate",
        "setoption name UCI_Variant value chess",
        "setoption name Hash value 0",
        "setoption",
        "position",
        "position fen",
        "position fen 8/8 w",
        "position startpos moves e2e9",
        "position startpos moves a7a6",
        "position startpos junk",
        "go perft x",
        "d",
        "isready",
    ]
    .join("\n");
    let lines = session(&format!("{input}\n"));
    let errs = errors(&lines);
    assert_eq!(errs.len(), 13, "{lines:?}");
    assert!(errs[0].contains("unknown command 'frobnicate'"));
    assert!(errs[1].contains("unknown option 'Colour'"));
    assert!(errs[2].contains("cannot be 'mate'"));
    assert!(errs[3].contains("unknown variant 'chess'"));
    assert!(errs[8].contains("invalid FEN"));
    assert!(errs[9].contains("move 1 'e2e9'") && errs[9].contains("unchanged"));
    assert!(errs[10].contains("move 1 'a7a6'"));
    assert!(errs[12].contains("bad depth 'x'"));
    // Failed position commands leave the position as it was; the engine still answers.
    assert!(lines.contains(&before), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn rule_options_change_the_position_rules() {
    let lines = session(
        "setoption name win value capture\nsetoption name STALEMATE value draw\nsetoption name Hash value 8\nsetoption name Clear Hash\nucinewgame\nisready\n",
    );
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_eq!(lines, ["readyok"]);
    // Switching variants keeps the Ultima options aside and starts the new game.
    let lines =
        session("setoption name win value capture\nsetoption name UCI_Variant value hybrid\nd\n");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Fen: ") && l.contains("/10/")),
        "{lines:?}"
    );
}

/// A live `baroque uci` process: commands are written one at a time and its lines read as
/// they come, each wait bounded by a generous timeout that only catches a hang.
struct Live {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
}

/// Far longer than any answer takes: reaching it means the engine did not answer at all.
const HANG: std::time::Duration = std::time::Duration::from_secs(60);

impl Live {
    fn start() -> Live {
        use std::io::BufRead;
        let mut child = Command::new(env!("CARGO_BIN_EXE_baroque"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("baroque uci starts");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Live {
            stdin: child.stdin.take(),
            child,
            lines: rx,
        }
    }

    fn send(&mut self, command: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{command}").expect("write a command");
        stdin.flush().expect("flush");
    }

    /// Reads lines until one satisfies `done`; returns all read (that one last).
    fn until(&self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(HANG) {
                Ok(l) => {
                    let stop = done(&l);
                    seen.push(l);
                    if stop {
                        return seen;
                    }
                }
                Err(e) => panic!("no {what} ({e:?}); lines so far: {seen:?}"),
            }
        }
    }

    /// Waits for the process to end by itself; returns its exit code.
    fn exit_code(mut self) -> Option<i32> {
        let deadline = std::time::Instant::now() + HANG;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return status.code();
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("baroque uci did not exit after quit");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn an_endless_go_perft_answers_isready_and_ends_on_stop_and_quit() {
    for variant in ["ultima", "omega", "hybrid"] {
        let mut uci = Live::start();
        uci.send(&format!("setoption name UCI_Variant value {variant}"));
        uci.send("go perft 64");
        uci.send("isready");
        let seen = uci.until("readyok while perft runs", |l| l == "readyok");
        assert!(
            !seen.iter().any(|l| l.starts_with("Nodes searched")),
            "{variant}: {seen:?}"
        );
        // A perft that is running refuses to change the rules under it.
        uci.send("setoption name UCI_Variant value ultima");
        uci.send("stop");
        let seen = uci.until("the end of the stopped perft", |l| {
            l.starts_with("info string") && l.contains("stopped")
        });
        assert!(
            seen.iter()
                .any(|l| l.starts_with("info string error: setoption while searching")),
            "{variant}: {seen:?}"
        );
        uci.send("isready");
        let seen = uci.until("readyok after stop", |l| l == "readyok");
        assert_eq!(seen, ["readyok"], "{variant}");
        // The session goes on: a short perft still counts in full.
        uci.send("go perft 1");
        let seen = uci.until("a perft total", |l| l.starts_with("Nodes searched"));
        assert!(seen.len() > 2, "{variant}: {seen:?}");
        uci.send("go perft 64");
        uci.send("quit");
        assert_eq!(uci.exit_code(), Some(0), "{variant}");
    }
}

#[test]
fn a_go_whose_only_limit_is_malformed_answers_at_once_with_an_error() {
    let legal = legal_moves(&[]);
    let mut uci = Live::start();
    for (go, token) in [
        ("go movetime -5", "-5"),
        ("go depth x", "x"),
        ("go nodes -3", "-3"),
        ("go nodes 18446744073709551616", "18446744073709551616"),
        (
            "go movetime 99999999999999999999999",
            "99999999999999999999999",
        ),
        ("go depth 4294967296", "4294967296"),
        ("go wtime x btime x", "x"),
        ("go depth", "depth"),
        ("go nodes movetime", "nodes"),
    ] {
        uci.send(go);
        // No `stop` is sent: the answer must come by itself.
        let seen = uci.until(&format!("bestmove for '{go}'"), |l| {
            l.starts_with("bestmove")
        });
        let errs = errors(&seen);
        assert!(
            errs.iter().any(|e| e.contains(&format!("'{token}'"))),
            "{go}: {seen:?}"
        );
        let mv = seen
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .expect("a move");
        assert!(legal.iter().any(|m| m == mv), "{go}: {mv} is not legal");
    }
    uci.send("quit");
    assert_eq!(uci.exit_code(), Some(0));
}

/// The `info` lines of `lines` for `depth` as (multipv, first pv move).
fn multipv_lines(lines: &[String], depth: u32) -> Vec<(u32, String)> {
    lines
        .iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let k = w
                .iter()
                .position(|x| *x == "multipv")
                .and_then(|i| w[i + 1].parse().ok())
                .unwrap_or_else(|| panic!("no multipv in {l}"));
            let pv = w
                .iter()
                .position(|x| *x == "pv")
                .map(|i| w[i + 1].to_string())
                .unwrap_or_else(|| panic!("no pv in {l}"));
            (k, pv)
        })
        .collect()
}

#[test]
fn multipv_gives_k_distinct_legal_lines_per_depth() {
    for (variant, moves_args) in [
        ("ultima", vec![]),
        ("omega", vec!["--variant", "omega"]),
        ("hybrid", vec!["--variant", "hybrid"]),
    ] {
        let legal = legal_moves(&moves_args);
        let lines = session(&format!(
            "setoption name UCI_Variant value {variant}\nsetoption name MultiPV value 3\nposition startpos\ngo depth 3\n"
        ));
        assert!(errors(&lines).is_empty(), "{variant}: {lines:?}");
        for depth in 1..=3 {
            let got = multipv_lines(&lines, depth);
            let ks: Vec<u32> = got.iter().map(|(k, _)| *k).collect();
            assert_eq!(ks, [1, 2, 3], "{variant} depth {depth}: {lines:?}");
            let mut firsts: Vec<&String> = got.iter().map(|(_, m)| m).collect();
            assert!(
                firsts.iter().all(|m| legal.contains(m)),
                "{variant}: {got:?}"
            );
            firsts.dedup();
            assert_eq!(
                firsts.len(),
                3,
                "{variant}: the lines start with distinct moves"
            );
        }
        // The answer is the first line's move.
        let best = bestmoves(&lines);
        let first = &multipv_lines(&lines, 3)[0].1;
        assert_eq!(
            best[0].split_whitespace().nth(1),
            Some(first.as_str()),
            "{lines:?}"
        );
    }
    // Without the option: one line per depth.
    let lines = session("position startpos\ngo depth 2\n");
    assert_eq!(multipv_lines(&lines, 2).len(), 1, "{lines:?}");
}

#[test]
fn go_infinite_runs_until_stop() {
    let mut uci = Live::start();
    uci.send("position startpos");
    uci.send("go infinite");
    uci.until("a first depth", |l| l.starts_with("info depth 2 "));
    // Thinking goes on: the session answers isready but gives no bestmove by itself.
    std::thread::sleep(std::time::Duration::from_millis(300));
    uci.send("isready");
    let seen = uci.until("readyok while thinking", |l| l == "readyok");
    assert!(!seen.iter().any(|l| l.starts_with("bestmove")), "{seen:?}");
    uci.send("stop");
    let seen = uci.until("the bestmove after stop", |l| l.starts_with("bestmove"));
    assert!(seen
        .last()
        .is_some_and(|l| l.split_whitespace().count() >= 2));
}

#[test]
fn go_ponder_waits_for_ponderhit_then_keeps_to_its_time() {
    let legal = legal_moves(&[]);
    let mut uci = Live::start();
    uci.send("position startpos");
    // 50 ms would end an ordinary search long before the 300 ms wait below.
    uci.send("go ponder movetime 50");
    std::thread::sleep(std::time::Duration::from_millis(300));
    uci.send("isready");
    let seen = uci.until("readyok while pondering", |l| l == "readyok");
    assert!(!seen.iter().any(|l| l.starts_with("bestmove")), "{seen:?}");
    uci.send("ponderhit");
    // After the ponderhit the 50 ms count: the answer comes without a stop.
    let seen = uci.until("the bestmove after ponderhit", |l| {
        l.starts_with("bestmove")
    });
    let mv = seen
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(legal.contains(&mv), "{seen:?}");
    // A pondering search that is stopped (the opponent played another move) answers too.
    uci.send("go ponder wtime 10000 btime 10000");
    std::thread::sleep(std::time::Duration::from_millis(100));
    uci.send("stop");
    let seen = uci.until("the bestmove after stop", |l| l.starts_with("bestmove"));
    assert_eq!(
        seen.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{seen:?}"
    );
    uci.send("quit");
    assert_eq!(uci.exit_code(), Some(0));
}

#[test]
fn skill_level_and_uci_elo_play_the_engine_levels() {
    let handshake = session("uci\n");
    for name in ["Skill Level", "UCI_LimitStrength", "UCI_Elo"] {
        assert!(
            handshake
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name}: {handshake:?}"
        );
    }
    let depths = |lines: &[String]| -> Vec<u32> {
        lines
            .iter()
            .filter_map(|l| {
                let mut w = l.split_whitespace();
                (w.next() == Some("info") && w.next() == Some("depth"))
                    .then(|| w.next()?.parse().ok())
                    .flatten()
            })
            .collect()
    };
    // Full strength: `go depth 4` reaches depth 4.
    let full = session("position startpos\ngo depth 4\n");
    assert_eq!(depths(&full).iter().max(), Some(&4), "{full:?}");
    assert!(
        handshake
            .iter()
            .any(|l| l == "option name Skill Level type spin default 8 min 1 max 8"),
        "{handshake:?}"
    );
    // Skill Level 1 is level 1: depth 1 at most, and still a legal move.
    let weak = session("setoption name Skill Level value 1\nposition startpos\ngo depth 4\n");
    assert_eq!(depths(&weak).iter().max(), Some(&1), "{weak:?}");
    assert_eq!(bestmoves(&weak).len(), 1);
    let legal = legal_moves(&[]);
    let mv = bestmoves(&weak)[0].split_whitespace().nth(1).unwrap();
    assert!(legal.iter().any(|m| m == mv), "{weak:?}");
    // Skill Level 4 is level 4 (depth 4), and 8 is full strength (the `go` limits alone).
    let club = session("setoption name Skill Level value 4\nposition startpos\ngo depth 6\n");
    assert_eq!(depths(&club).iter().max(), Some(&4), "{club:?}");
    let max = session("setoption name Skill Level value 8\nposition startpos\ngo depth 5\n");
    assert_eq!(depths(&max).iter().max(), Some(&5), "{max:?}");
    // UCI_Elo near level 3's figure (1750) plays level 3 (depth 3), but only with
    // UCI_LimitStrength, and then it wins over Skill Level.
    let elo = session(
        "setoption name Skill Level value 1\nsetoption name UCI_Elo value 1800\nsetoption name UCI_LimitStrength value true\nposition startpos\ngo depth 6\n",
    );
    assert_eq!(depths(&elo).iter().max(), Some(&3), "{elo:?}");
    let off = session("setoption name UCI_Elo value 1670\nposition startpos\ngo depth 4\n");
    assert_eq!(depths(&off).iter().max(), Some(&4), "{off:?}");
    let bad = session("setoption name Skill Level value 0\n");
    assert_eq!(errors(&bad).len(), 1, "{bad:?}");
}

#[test]
fn threads_search_answers_legal_moves_under_every_limit() {
    let handshake = session("uci\n");
    assert!(
        handshake
            .iter()
            .any(|l| l == "option name Threads type spin default 1 min 1 max 64"),
        "{handshake:?}"
    );
    for (variant, legal) in [
        ("ultima", legal_moves(&[])),
        ("omega", legal_moves(&["--variant", "omega"])),
        ("hybrid", legal_moves(&["--variant", "hybrid"])),
    ] {
        for go in ["go depth 5", "go movetime 150", "go nodes 3000"] {
            let lines = session(&format!(
                "setoption name Threads value 2\nsetoption name UCI_Variant value {variant}\nposition startpos\n{go}\n"
            ));
            assert!(errors(&lines).is_empty(), "{variant} {go}: {lines:?}");
            let best = bestmoves(&lines);
            assert_eq!(best.len(), 1, "{variant} {go}: {lines:?}");
            let mv = best[0].split_whitespace().nth(1).expect("a move");
            assert!(
                legal.iter().any(|m| m == mv),
                "{variant} {go}: {mv} is not legal"
            );
        }
    }
    let bad = session("setoption name Threads value 0\n");
    assert_eq!(errors(&bad).len(), 1, "{bad:?}");
}

#[test]
fn stop_ends_a_search_of_several_threads() {
    let legal = legal_moves(&[]);
    let mut uci = Live::start();
    uci.send("setoption name Threads value 3");
    uci.send("position startpos");
    uci.send("go infinite");
    uci.until("a first depth", |l| l.starts_with("info depth 2 "));
    uci.send("stop");
    let seen = uci.until("the bestmove after stop", |l| l.starts_with("bestmove"));
    let mv = seen.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(legal.iter().any(|m| m == mv), "{seen:?}");
    // Every thread has stopped: the next search starts and answers, and quit ends the
    // session (it waits for the search threads).
    uci.send("go depth 2");
    let seen = uci.until("the next bestmove", |l| l.starts_with("bestmove"));
    assert!(
        seen.iter().any(|l| l.starts_with("info depth 2 ")),
        "{seen:?}"
    );
    uci.send("quit");
    assert_eq!(uci.exit_code(), Some(0));
}

/// The depth of an `info depth N …` line.
fn info_depth(line: &str) -> Option<u32> {
    let mut w = line.split_whitespace();
    (w.next() == Some("info") && w.next() == Some("depth"))
        .then(|| w.next()?.parse().ok())
        .flatten()
}

#[test]
fn bestmove_names_a_legal_ponder_move() {
    for variant in ["ultima", "omega", "hybrid"] {
        let lines = session(&format!(
            "setoption name UCI_Variant value {variant}\nposition startpos\ngo depth 4\n"
        ));
        let best = bestmoves(&lines);
        assert_eq!(best.len(), 1, "{lines:?}");
        let words: Vec<&str> = best[0].split_whitespace().collect();
        assert_eq!(words.len(), 4, "bestmove M ponder P: {lines:?}");
        assert_eq!(words[2], "ponder", "{lines:?}");
        let replies = legal_moves(&["--variant", variant, "--moves", words[1]]);
        assert!(
            replies.iter().any(|m| m == words[3]),
            "{variant}: {} is not a reply to {}",
            words[3],
            words[1]
        );
    }
}

#[test]
fn a_ponderhit_keeps_the_search_going_on_every_thread_count() {
    for threads in [1, 2] {
        let mut uci = Live::start();
        uci.send(&format!("setoption name Threads value {threads}"));
        uci.send("position startpos");
        uci.send("go depth 3");
        let seen = uci.until("the first bestmove", |l| l.starts_with("bestmove"));
        let words: Vec<String> = seen
            .last()
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect();
        assert_eq!(words.len(), 4, "{seen:?}");
        // The GUI plays the move and the predicted reply, and ponders the position after them.
        uci.send(&format!(
            "position startpos moves {} {}",
            words[1], words[3]
        ));
        uci.send("go ponder movetime 200");
        std::thread::sleep(std::time::Duration::from_millis(400));
        uci.send("isready");
        let before = uci.until("readyok while pondering", |l| l == "readyok");
        assert!(
            !before.iter().any(|l| l.starts_with("bestmove")),
            "{before:?}"
        );
        let reached = before.iter().filter_map(|l| info_depth(l)).max();
        let reached = reached.expect("depths while pondering");
        uci.send("ponderhit");
        let after = uci.until("the bestmove after ponderhit", |l| {
            l.starts_with("bestmove")
        });
        // The same search goes on (no new search from depth 1).
        assert!(
            after
                .iter()
                .filter_map(|l| info_depth(l))
                .all(|d| d >= reached),
            "threads {threads}: restarted after depth {reached}: {after:?}"
        );
        let mv = after.last().unwrap().split_whitespace().nth(1).unwrap();
        let legal = legal_moves(&["--moves", &words[1], &words[3]]);
        assert!(legal.iter().any(|m| m == mv), "{after:?}");
        uci.send("quit");
        assert_eq!(uci.exit_code(), Some(0));
    }
}
