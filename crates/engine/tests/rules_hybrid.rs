//! The Chess–Ultima Hybrid against its rule book, `shared/rules/hybrid.md`. Tests are named
//! after the rule-book section they check; the worked examples of §12 and the perft of §13 are
//! read from `tests/data/hybrid-examples.txt` and `tests/data/hybrid.perft`.

use std::collections::BTreeSet;
use std::path::PathBuf;

use baroque_engine::{
    perft, report, Color, Game, GameId, GameResult, Move, MoveKind, Position, Reason, Role,
    RuleOptions,
};

// ----- helpers -----

fn pos(fen: &str) -> Position {
    match Position::from_fen(GameId::Hybrid, fen, RuleOptions::DEFAULT) {
        Ok(p) => p,
        Err(e) => panic!("{fen}: {e}"),
    }
}

fn fen_error(fen: &str) -> String {
    match Position::from_fen(GameId::Hybrid, fen, RuleOptions::DEFAULT) {
        Ok(p) => panic!("{fen} was accepted as {}", p.fen()),
        Err(e) => e.to_string(),
    }
}

fn mv(p: &Position, text: &str) -> Move {
    match p.parse_move(text) {
        Ok(m) => m,
        Err(e) => panic!("{text} in {}: {e}", p.fen()),
    }
}

/// A legal move as `text[captured,...]`, captures in JSON order.
fn token(p: &Position, m: &Move) -> String {
    let caps: Vec<String> = p
        .captures_in_order(m)
        .iter()
        .map(|s| p.shape().square_name(*s).to_string())
        .collect();
    if caps.is_empty() {
        p.move_text(m)
    } else {
        format!("{}[{}]", p.move_text(m), caps.join(","))
    }
}

fn legal(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| token(p, m)).collect()
}

fn legal_texts(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| p.move_text(m)).collect()
}

fn set(tokens: &str) -> BTreeSet<String> {
    tokens.split_whitespace().map(String::from).collect()
}

/// The legal moves of the piece on `from`, as tokens.
fn moves_from(p: &Position, from: &str) -> BTreeSet<String> {
    legal(p)
        .into_iter()
        .filter(|t| {
            let sq = p.shape().parse_square_prefix(t).map(|(s, _)| s);
            sq == p.shape().parse_square(from)
        })
        .collect()
}

fn is_legal(p: &Position, text: &str) -> bool {
    p.parse_move(text).is_ok()
}

fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name)
}

fn read_records(name: &str) -> Vec<Vec<(String, String)>> {
    let text = std::fs::read_to_string(data_path(name)).expect("test data file");
    let mut records = Vec::new();
    let mut cur: Vec<(String, String)> = Vec::new();
    for line in text.lines().chain(std::iter::once("")) {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !cur.is_empty() {
                records.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let (k, v) = line.split_once(' ').unwrap_or((line, ""));
        cur.push((k.to_string(), v.trim().to_string()));
    }
    records
}

// ----- §12 worked examples -----

#[test]
fn section_12_worked_examples() {
    let records = read_records("hybrid-examples.txt");
    assert_eq!(records.len(), 7, "E1-A, E1-B, E2 … E6");
    for rec in records {
        let get = |k: &str| rec.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
        let id = get("id").expect("id");
        let p = pos(&get("fen").expect("fen"));
        let mut expected = BTreeSet::new();
        for (k, v) in &rec {
            let (m, rest) = v.split_once(' ').unwrap_or((v, ""));
            match k.as_str() {
                "moves" => expected.extend(set(v)),
                "check" => assert_eq!(p.in_check(), v == "yes", "{id}: check"),
                "total" => assert_eq!(p.legal_moves().len(), v.parse::<usize>().unwrap(), "{id}"),
                "notation" => assert_eq!(p.notation(&mv(&p, m)), rest, "{id}: {m}"),
                "promotion" => {
                    let json = report::move_json(&p, &mv(&p, m));
                    assert!(
                        json.contains(&format!("\"promotion\":\"{rest}\"")),
                        "{id}: {json}"
                    );
                }
                "after" => assert_eq!(p.play(&mv(&p, m)).fen(), rest, "{id}: after {m}"),
                "replies" => {
                    let next = p.play(&mv(&p, m));
                    assert_eq!(legal_texts(&next), set(rest), "{id}: replies to {m}");
                }
                "rejected" => assert!(p.parse_move(v).is_err(), "{id}: {v} accepted"),
                _ => {}
            }
        }
        assert_eq!(legal(&p), expected, "{id}: legal moves");
    }
}

// ----- §13 perft -----

#[test]
fn section_13_perft_records() {
    let mut checked = 0;
    for rec in read_records("hybrid.perft") {
        let fen = rec.iter().find(|(k, _)| k == "fen").expect("fen").1.clone();
        let p = pos(&fen);
        for (k, v) in &rec {
            if k == "perft" {
                let (d, n) = v.split_once(' ').expect("perft D N");
                let d: u32 = d.parse().unwrap();
                if d <= 3 {
                    assert_eq!(
                        perft::perft(&p, d),
                        n.parse::<u64>().unwrap(),
                        "{fen} depth {d}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 2);
}

#[test]
fn section_13_first_moves_are_pawn_moves_and_eight_leaps() {
    let p = Position::start(GameId::Hybrid);
    let mut expected = BTreeSet::new();
    for f in "abcdefghij".chars() {
        expected.insert(format!("{f}3{f}4"));
        expected.insert(format!("{f}3{f}5"));
    }
    expected.extend(set("b2a4 b2c4 i2h4 i2j4 c2b4 c2d4 h2g4 h2i4"));
    assert_eq!(legal(&p), expected);
    // Black's replies mirror White's and never capture (§13 perft(2)).
    for m in p.legal_moves().iter() {
        let next = p.play(m);
        let replies = next.legal_moves();
        assert_eq!(replies.len(), 28, "after {}", p.move_text(m));
        assert!(replies.iter().all(|r| !r.is_capture()));
    }
}
