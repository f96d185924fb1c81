//! `baroque sprt`, the test bench, on tests of known outcome: a depth-4 search against a
//! depth-1 one is accepted as stronger (H1) within a few pairs, and the reverse is rejected
//! (H0). The LLR arithmetic itself is checked against fishtest's values in
//! `src/matches/pentanomial.rs`.

use std::process::Command;

fn sprt(a: &str, b: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args([
            "sprt",
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
