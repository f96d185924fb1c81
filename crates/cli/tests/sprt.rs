//! `baroque sprt`, the test bench, on tests of known outcome: a depth-4 search against a
//! depth-1 one is accepted as stronger (H1) within a few pairs, and the reverse is rejected
//! (H0); a book smaller than `--max-pairs` ends the test when each opening has been played once
//! (a second pair from one opening at fixed nodes replays the first). The LLR arithmetic itself
//! is checked against fishtest's values in `src/matches/pentanomial.rs`.

use std::process::Command;

fn sprt(a: &str, b: &str) -> String {
    sprt_with(a, b, &[])
}

fn sprt_with(a: &str, b: &str, more: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .arg("sprt")
        .args(more)
        .args([
            "--variant",
            "omega",
            "--a",
            a,
            "--b",
            b,
            "--elo0",
            "0",
            "--elo1",
            "200",
            "--max-pairs",
            "40",
            "--concurrency",
            "2",
        ])
        .output()
        .expect("baroque runs");
    assert!(o.status.success(), "{o:?}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn pairs(out: &str) -> u64 {
    out.lines()
        .find_map(|l| l.strip_prefix("verdict: "))
        .and_then(|l| l.split(" after ").nth(1))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no verdict in {out}"))
}

#[test]
fn a_deeper_search_is_accepted_and_a_shallower_one_rejected() {
    let out = sprt("depth=4", "depth=1");
    assert!(out.contains("verdict: H1 accepted"), "{out}");
    assert!(pairs(&out) <= 20, "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("pairs 1 ")),
        "LLR printed as it goes: {out}"
    );
    let out = sprt("depth=1", "depth=4");
    assert!(out.contains("verdict: H0 accepted"), "{out}");
    assert!(pairs(&out) <= 20, "{out}");
}

#[test]
fn each_opening_is_played_once() {
    // Three openings of Omega's book: three pairs, then the test ends, though 40 are allowed.
    let book: String = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/book-omega.txt"
    ))
    .expect("the book")
    .lines()
    .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    .take(3)
    .map(|l| format!("{l}\n"))
    .collect();
    let path = std::env::temp_dir().join(format!("sprt-book-{}.txt", std::process::id()));
    std::fs::write(&path, book).expect("a book file");
    let out = sprt_with(
        "depth=1",
        "depth=1",
        &["--book", path.to_str().expect("path")],
    );
    let _ = std::fs::remove_file(&path);
    assert!(out.contains("3 openings"), "{out}");
    assert!(
        out.contains(
            "verdict: inconclusive (book used up: each opening played once) after 3 pairs"
        ),
        "{out}"
    );
}
