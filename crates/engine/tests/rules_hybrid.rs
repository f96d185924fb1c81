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

/// A FEN built from pieces written `<token><square>` (`Ke2`, `+Nd8`, `le9`, `+hc5`) and the
/// fields after the board (`"w KQ - 0 1"`).
fn build(pieces: &str, rest: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 10]; 10];
    for t in pieces.split_whitespace() {
        let digits = t.chars().rev().take_while(|c| c.is_ascii_digit()).count();
        let sq_at = t.len() - digits - 1;
        let (piece, sq) = t.split_at(sq_at);
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse().expect("rank");
        assert!(grid[rank - 1][file].is_none(), "{sq} used twice");
        grid[rank - 1][file] = Some(piece.to_string());
    }
    let mut ranks = Vec::new();
    for y in (0..10).rev() {
        let mut r = String::new();
        let mut empty = 0;
        for x in 0..10 {
            match &grid[y][x] {
                Some(p) => {
                    if empty > 0 {
                        r.push_str(&empty.to_string());
                        empty = 0;
                    }
                    r.push_str(p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            r.push_str(&empty.to_string());
        }
        ranks.push(r);
    }
    format!("{} {rest}", ranks.join("/"))
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

// ----- §3 setup, §4 FEN -----

#[test]
fn section_3_setup_mirrors_white_on_the_same_files() {
    let p = Position::start(GameId::Hybrid);
    assert_eq!(p.fen(), GameId::Hybrid.start_fen());
    let shape = p.shape();
    for x in 0..10 {
        for (wy, by) in [(0, 9), (1, 8), (2, 7)] {
            let w = p.piece_at(shape.square(x, wy).unwrap()).unwrap();
            let b = p.piece_at(shape.square(x, by).unwrap()).unwrap();
            assert_eq!((w.color(), b.color()), (Color::White, Color::Black));
            assert_eq!(w.role(), b.role(), "file {x}");
        }
    }
    assert_eq!(p.king(Color::White), shape.parse_square("f2"));
    assert_eq!(p.king(Color::Black), shape.parse_square("f9"));
    assert_eq!(
        p.piece_at(shape.parse_square("e9").unwrap())
            .unwrap()
            .role(),
        Role::Queen
    );
}

#[test]
fn section_4_promoted_tokens_round_trip() {
    for fen in [
        "k9/10/3+N1p4/10/10/10/10/10/10/K9 b - - 1 1",
        "2+q+c+a+r+n+b+hk/10/10/10/2D1d5/10/10/10/+Q+C+A+R+N+B+H3/9K w - - 0 1",
        "k9/10/3Z6/10/10/10/10/10/10/9K b - - 0 1",
        "ilwouuowli/rnabqkbcnr/pppp1ppppp/10/4p5/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq e7 0 2",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
    let p = pos("k9/10/10/10/10/10/10/10/10/+B+H7K w - - 0 1");
    let roles: Vec<Role> = ["a1", "b1"]
        .iter()
        .map(|s| {
            p.piece_at(p.shape().parse_square(s).unwrap())
                .unwrap()
                .role()
        })
        .collect();
    assert_eq!(roles, [Role::PromotedBishop, Role::DragonHorse]);
}

#[test]
fn section_4_short_fen_defaults() {
    let p = pos("k9/10/10/10/10/10/10/10/10/9K b");
    assert_eq!(p.fen(), "k9/10/10/10/10/10/10/10/10/9K b - - 0 1");
}

#[test]
fn section_4_rejections() {
    let cases: [(&str, &str); 21] = [
        ("k9/10/10/10/10/10/10/10/10/H8K w - - 0 1", "'H'"),
        (
            "k9/10/10/10/10/10/10/10/10/+K8K w - - 0 1",
            "not a promoted piece letter",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/+P8K w - - 0 1",
            "not a promoted piece letter",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/9K+ w - - 0 1",
            "'+' must be followed",
        ),
        ("k9/10/10/10/10/10/10/10/10/55K w - - 0 1", "55"),
        ("k9/10/10/10/10/10/10/10/10/8K w - - 0 1", "rank 1"),
        ("k9/10/10/10/10/10/10/10/9K w - - 0 1", "ranks"),
        (
            "k9/10/10/10/10/10/10/10/10/8XK w - - 0 1",
            "unknown piece letter",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/8KK w - - 0 1",
            "exactly one King",
        ),
        (
            "10/10/10/10/10/10/10/10/10/9K w - - 0 1",
            "exactly one King",
        ),
        ("k9/10/10/10/10/10/10/10/P9/9K w - - 0 1", "ranks 3-7"),
        ("k9/10/P9/10/10/10/10/10/10/9K w - - 0 1", "ranks 3-7"),
        ("k9/10/10/10/10/10/10/p9/10/9K w - - 0 1", "ranks 4-8"),
        ("k9/p9/10/10/10/10/10/10/10/9K w - - 0 1", "ranks 4-8"),
        ("k9/10/10/10/10/10/10/10/R4K3R/10 w KK - 0 1", "repeated"),
        ("k9/10/10/10/10/10/10/10/R3K4R/10 w K - 0 1", "King on f2"),
        (
            "k9/10/10/10/10/10/10/10/R4K3+R/10 w K - 0 1",
            "unpromoted white Rook on j2",
        ),
        (
            "k9/10/10/10/10/10/10/10/R4K3R/10 w q - 0 1",
            "black King on f9",
        ),
        ("k9/10/10/10/10/10/10/10/10/9K w - e4 0 1", "rank 7"),
        ("k9/10/10/10/10/10/10/10/10/9K b - e4 0 1", "pawn"),
        (
            "k9/10/10/10/10/10/10/10/10/9K b - e4,f4 0 1",
            "one en passant square",
        ),
    ];
    for (fen, want) in cases {
        let e = fen_error(fen);
        assert!(e.contains(want), "{fen}: {e}");
    }
    // An occupied en passant square, and a pawn in the wrong place.
    let e = fen_error("k9/10/10/10/10/10/4PN4/10/10/9K b - e4 0 1");
    assert!(e.contains("occupied"), "{e}");
    let e = fen_error("k9/10/10/10/3P6/10/10/10/10/9K b - e4 0 1");
    assert!(e.contains("pawn"), "{e}");
    // The side not to move in check (§9.1).
    let e = fen_error("k9/r9/10/10/10/10/10/10/10/K9 b - - 0 1");
    assert!(e.contains("check"), "{e}");
    // The error names field, rank and character.
    assert_eq!(
        fen_error("k9/10/10/10/10/10/10/10/10/H8K w - - 0 1"),
        "invalid FEN: board field, rank 1, character 'H': 'H' is a promoted Bishop that has released its Dog and is written '+H'"
    );
}

#[test]
fn section_4_en_passant_square_is_written_after_every_two_step() {
    let p = Position::start(GameId::Hybrid);
    let after = p.play(&mv(&p, "e3e5"));
    assert_eq!(
        after.fen(),
        "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR/ILWOUUOWLI b KQkq e4 0 1"
    );
    assert_eq!(pos(&after.fen()), after);
    let after2 = after.play(&mv(&after, "b9a7"));
    assert!(after2.fen().contains(" w KQkq - 1 2"), "{}", after2.fen());
}

// ----- §5, §6 immobilization and suicide -----

#[test]
fn section_6_frozen_pieces_have_only_their_suicide() {
    // The Black Immobilizer e5 freezes the White Rook d4 and Knight f6; the Dog d6 is immune.
    let p = pos(&build("Ka1 Rd4 Nf6 Dd6 ie5 kj10", "w - - 0 1"));
    let frozen = p.frozen();
    let sq = |n: &str| p.shape().parse_square(n).unwrap();
    assert!(frozen.contains(sq("d4")) && frozen.contains(sq("f6")));
    assert!(!frozen.contains(sq("d6")), "a Dog is never frozen");
    assert_eq!(moves_from(&p, "d4"), set("d4d4[d4]"));
    assert_eq!(moves_from(&p, "f6"), set("f6f6[f6]"));
    let dog = moves_from(&p, "d6");
    assert!(dog.contains("d6e7") && dog.contains("d6c5") && !dog.contains("d6d6[d6]"));
    // The Immobilizer itself is not frozen by anything of White's.
    assert!(!frozen.contains(sq("e5")));
}

#[test]
fn section_6_touching_immobilizers_freeze_each_other() {
    let p = pos(&build("Ka1 Ie5 if5 kj10", "w - - 0 1"));
    assert_eq!(moves_from(&p, "e5"), set("e5e5[e5]"));
    let b = pos(&build("Ka1 Ie5 if5 kj10", "b - - 0 1"));
    assert_eq!(moves_from(&b, "f5"), set("f5f5[f5]"));
}

#[test]
fn section_6_a_frozen_king_cannot_move_and_never_commits_suicide() {
    let p = pos(&build("Ke2 Pa3 ie3 kj10", "w - - 0 1"));
    assert!(moves_from(&p, "e2").is_empty());
    assert!(p.parse_move("e2e2").is_err());
    assert!(
        p.parse_move("e2e3").is_err(),
        "it cannot capture the Immobilizer"
    );
}

#[test]
fn section_6_frozen_pieces_keep_their_passive_roles() {
    // A frozen Black Rook on e6 still blocks the White Rook e2 and screens for the Cannon e1.
    let p = pos(&build("Ka1 Ze1 Re2 If6 re6 re9 kj10", "w - - 0 1"));
    let rook = moves_from(&p, "e2");
    assert!(rook.contains("e2e6[e6]") && !rook.contains("e2e7"));
    // e1: hop over the Rook e2? No: e2 is the screen, the Black Rook e6 is the next piece.
    assert!(moves_from(&p, "e1").contains("e1e6[e6]"));
    // A frozen piece can be jumped and captured by a Long Leaper.
    let p = pos(&build("Ka1 Lb6 Ic7 nd6 ne6 kj10", "w - - 0 1"));
    let l = moves_from(&p, "b6");
    assert!(l.contains("b6c6"));
    assert!(
        !l.contains("b6e6"),
        "d6 and e6 stand together and cannot both be jumped"
    );
    let p = pos(&build("Ka1 Lb6 Ic7 nd6 kj10", "w - - 0 1"));
    assert!(moves_from(&p, "b6").contains("b6e6[d6]"));
    // A frozen King is still the King its own Coordinators use (§7.8).
    let p = pos(&build("Kf2 Og1 if3 nf5 ka10", "w - - 0 1"));
    assert!(p.frozen().contains(p.king(Color::White).unwrap()));
    assert!(moves_from(&p, "g1").contains("g1g5[f5]"));
}

#[test]
fn section_6_ending_beside_an_immobilizer_freezes_at_once() {
    let p = pos(&build("Ka1 Rb5 ig5 kf10", "w - - 0 1"));
    let after = p.play(&mv(&p, "b5f5"));
    assert!(after
        .frozen()
        .contains(p.shape().parse_square("f5").unwrap()));
    assert!(
        !after.in_check(),
        "a frozen Rook on f5 gives no check to f10"
    );
}

#[test]
fn section_6_suicide() {
    let p = pos(&build("Ka1 +Ri9 ij10 ka10", "w - - 10 5"));
    let m = mv(&p, "i9i9");
    assert_eq!(m.kind, MoveKind::Suicide);
    assert_eq!(p.notation(&m), "nR I9 xx");
    assert_eq!(
        report::move_json(&p, &m),
        r#"{"move":"i9i9","from":"i9","to":"i9","captures":["i9"],"promotion":null,"suicide":true,"notation":"nR I9 xx"}"#
    );
    let after = p.play(&m);
    assert_eq!(after.fen(), "k8i/10/10/10/10/10/10/10/10/K9 b - - 0 5");
    // A frozen +B's suicide releases no Dog.
    let p = pos(&build("Ka1 +Bi9 ij10 ka10", "w - - 0 1"));
    let after = p.play(&mv(&p, "i9i9"));
    assert_eq!(after.fen(), "k8i/10/10/10/10/10/10/10/10/K9 b - - 0 1");
    // A suicide must not leave the King in check: the frozen Knight e4 shields the King e2.
    let p = pos(&build("Ke2 Ne4 id4 re9 kj10", "w - - 0 1"));
    assert!(p.parse_move("e4e4").is_err());
    let p = pos(&build("Ke2 Ne4 id4 re9 kj10", "w - - 0 1"));
    assert!(moves_from(&p, "e4").is_empty());
}

// ----- §7 pieces -----

/// The squares (dx, dy) offsets reach from `from` on an empty 10×10 board: `rays` slide,
/// `jumps` leap.
fn reach(from: (i32, i32), rays: &[(i32, i32)], jumps: &[(i32, i32)]) -> BTreeSet<(i32, i32)> {
    let on = |x: i32, y: i32| (0..10).contains(&x) && (0..10).contains(&y);
    let mut out = BTreeSet::new();
    for &(dx, dy) in rays {
        let (mut x, mut y) = (from.0 + dx, from.1 + dy);
        while on(x, y) {
            out.insert((x, y));
            x += dx;
            y += dy;
        }
    }
    for &(dx, dy) in jumps {
        if on(from.0 + dx, from.1 + dy) {
            out.insert((from.0 + dx, from.1 + dy));
        }
    }
    out
}

fn symmetric(base: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for &(a, b) in base {
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if !v.contains(&(x * sx, y * sy)) {
                    v.push((x * sx, y * sy));
                }
            }
        }
    }
    v
}

#[test]
fn section_7_3_and_7_7_move_patterns_on_an_open_board() {
    let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let queen: Vec<_> = orth.iter().chain(diag.iter()).copied().collect();
    let knight = symmetric(&[(1, 2)]);
    let camel = symmetric(&[(1, 3)]);
    let vertical = [(1, 2), (1, -2), (-1, 2), (-1, -2)];
    let none: [(i32, i32); 0] = [];
    let cases: Vec<(&str, Vec<(i32, i32)>, Vec<(i32, i32)>)> = vec![
        ("Q", queen.clone(), none.to_vec()),
        ("R", orth.to_vec(), none.to_vec()),
        ("B", diag.to_vec(), none.to_vec()),
        ("N", vec![], knight.clone()),
        ("A", diag.to_vec(), knight.clone()),
        ("C", orth.to_vec(), knight.clone()),
        ("+Q", queen.clone(), vertical.to_vec()),
        (
            "+C",
            orth.to_vec(),
            [knight.clone(), diag.to_vec()].concat(),
        ),
        (
            "+A",
            diag.to_vec(),
            [knight.clone(), orth.to_vec()].concat(),
        ),
        ("+R", orth.to_vec(), diag.to_vec()),
        ("+N", vec![], [knight.clone(), camel.clone()].concat()),
        ("+B", diag.to_vec(), orth.to_vec()),
        ("+H", diag.to_vec(), orth.to_vec()),
        ("I", queen.clone(), none.to_vec()),
        ("L", queen.clone(), none.to_vec()),
        ("W", queen.clone(), none.to_vec()),
        ("O", queen.clone(), none.to_vec()),
        ("U", queen.clone(), none.to_vec()),
    ];
    // The piece on e5 (4, 4); Kings in corners it cannot reach from there.
    for (token, rays, jumps) in cases {
        let p = pos(&build(&format!("{token}e5 Kb1 ka10"), "w - - 0 1"));
        // Squares the Kings occupy or that would leave a King next to... are removed below.
        let mut want: BTreeSet<(i32, i32)> = reach((4, 4), &rays, &jumps);
        want.remove(&(1, 0));
        want.remove(&(0, 9));
        let got: BTreeSet<(i32, i32)> = p
            .legal_moves()
            .iter()
            .filter(|m| p.shape().square_name(m.from).to_string() == "e5")
            .map(|m| {
                let (x, y) = p.shape().coords(m.to);
                (x as i32, y as i32)
            })
            .collect();
        // Rays through the Kings stop there: drop squares beyond them from `want`.
        let want: BTreeSet<_> = want
            .into_iter()
            .filter(|&(x, y)| {
                let blocked = |kx: i32, ky: i32| {
                    let (dx, dy) = (kx - 4, ky - 4);
                    let (tx, ty) = (x - 4, y - 4);
                    (dx == 0 || dy == 0 || dx.abs() == dy.abs())
                        && (tx * dy == ty * dx)
                        && tx.signum() == dx.signum()
                        && ty.signum() == dy.signum()
                        && tx.abs().max(ty.abs()) > dx.abs().max(dy.abs())
                };
                !(blocked(1, 0) || blocked(0, 9))
            })
            .collect();
        assert_eq!(got, want, "{token}");
        // Already promoted pieces never change; the others promote on ending in the camp.
        for m in p.legal_moves().iter().filter(|m| m.role != Role::King) {
            let in_camp = p.shape().rank(m.to) >= 7;
            let promotes = matches!(token, "Q" | "R" | "B" | "N" | "A" | "C") && in_camp;
            assert_eq!(
                m.promotion.is_some(),
                promotes,
                "{token} {}",
                p.move_text(m)
            );
        }
    }
}

#[test]
fn section_7_5_cannons_hop_over_and_capture_cannons() {
    let p = pos(&build("Ka1 Zc3 Zc5 zc8 ka10", "w - - 0 1"));
    let c3 = moves_from(&p, "c3");
    assert!(c3.contains("c3c4"));
    assert!(
        c3.contains("c3c6") && c3.contains("c3c7"),
        "hops over the Cannon c5"
    );
    assert!(
        c3.contains("c3c8[c8]"),
        "the Cannon c5 screens for a capture of the Cannon c8"
    );
    let c5 = moves_from(&p, "c5");
    assert!(
        c5.contains("c5c7") && !c5.contains("c5c8[c8]"),
        "no screen between c5 and c8"
    );
    // A King serves as a screen like any other piece.
    let p = pos(&build("Kc1 Zc3 zc7 ka10", "w - - 0 1"));
    assert!(
        p.in_check(),
        "the Cannon c7 checks c1 over the White Cannon c3"
    );
    let p = pos(&build("Kc2 Zc1 zc7 ka10", "w - - 0 1"));
    assert!(
        moves_from(&p, "c1").contains("c1c7[c7]"),
        "the own King c2 is the screen"
    );
}

#[test]
fn section_7_6_dog() {
    let p = pos(&build("Ka1 De5 ng7 Pc3 kj10", "w - - 0 1"));
    assert_eq!(
        moves_from(&p, "e5"),
        set("e5f6 e5g7[g7] e5d6 e5c7 e5b8 e5f4 e5g3 e5h2 e5d4")
    );
    // A Dog entering the camp does not promote.
    let to_b8 = mv(&p, "e5b8");
    assert_eq!(to_b8.promotion, None);
}

#[test]
fn section_7_2_castling_conditions() {
    let base = "Kf2 Ra2 Rj2 kf10";
    let p = pos(&build(base, "w KQ - 0 1"));
    assert!(is_legal(&p, "f2i2") && is_legal(&p, "f2c2"));
    let after = p.play(&mv(&p, "f2i2"));
    assert_eq!(after.fen(), "5k4/10/10/10/10/10/10/10/R6RK1/10 b - - 1 1");
    assert_eq!(p.notation(&mv(&p, "f2i2")), "O-O");
    // 2. A piece on b2 blocks O-O-O although the King never crosses b2.
    let p = pos(&build(&format!("{base} Nb2"), "w KQ - 0 1"));
    assert!(!is_legal(&p, "f2c2") && is_legal(&p, "f2i2"));
    // 3. A frozen Rook cannot castle (the Black Immobilizer j3 freezes j2 only).
    let p = pos(&build(&format!("{base} ij4 Pj3"), "w KQ - 0 1"));
    assert!(is_legal(&p, "f2i2"));
    let p = pos(&build(&format!("{base} ij3"), "w KQ - 0 1"));
    assert!(!is_legal(&p, "f2i2") && is_legal(&p, "f2c2"));
    // 4. Not out of check.
    let p = pos(&build("Kf2 Ra2 Rj2 rf8 kb10", "w KQ - 0 1"));
    assert!(p.in_check() && !is_legal(&p, "f2i2") && !is_legal(&p, "f2c2"));
    // 5. The King placed on h2 shares the h-file with the Black King, and the Black
    // Coordinator a4 can reach rank 2: only then is it attacked (§9.2 h).
    let p = pos(&build("Kf2 Rj2 oa4 kh10", "w K - 0 1"));
    assert!(!p.in_check() && !is_legal(&p, "f2i2"));
    let p = pos(&build("Kf2 Rj2 oa4 ke10", "w K - 0 1"));
    assert!(is_legal(&p, "f2i2"));
    // Black castles the same way.
    let p = pos(&build("Kb1 ra9 kf9 rj9", "b kq - 0 1"));
    assert_eq!(p.notation(&mv(&p, "f9c9")), "O-O-O");
    assert_eq!(
        p.play(&mv(&p, "f9i9")).fen(),
        "10/r6rk1/10/10/10/10/10/10/10/1K8 w - - 1 2"
    );
}

#[test]
fn section_7_2_castling_rights_are_lost() {
    let p = pos(&build("Kf2 Ra2 Rj2 kf10 bd5", "w KQ - 0 1"));
    assert!(p.play(&mv(&p, "f2g1")).fen().contains(" b - - "));
    assert!(p.play(&mv(&p, "j2j3")).fen().contains(" b Q - "));
    let p = pos(&build("Kf2 Ra2 Rj2 kf10 rj8", "b KQ - 0 1"));
    assert!(p.play(&mv(&p, "j8j2")).fen().contains(" w Q - "));
}

#[test]
fn section_7_4_pawns() {
    // Black pawns step, two-step from rank 8, capture diagonally forward.
    let p = pos(&build("Ka1 Pd7 pe8 pc5 Pb4 kj10", "b - - 0 1"));
    assert_eq!(moves_from(&p, "e8"), set("e8e7 e8e6 e8d7[d7]"));
    assert_eq!(moves_from(&p, "c5"), set("c5c4 c5b4[b4]"));
    // No triple step, no two-step from elsewhere (§14.11).
    let p = pos(&build("Ka1 Pc3 Pd4 kj10", "w - - 0 1"));
    assert_eq!(moves_from(&p, "c3"), set("c3c4 c3c5"));
    assert_eq!(moves_from(&p, "d4"), set("d4d5"));
    // A Black pawn promotes on reaching rank 3 (its enemy camp).
    let p = pos(&build("Ka1 pe4 Nd3 kj10", "b - - 0 1"));
    assert_eq!(
        moves_from(&p, "e4"),
        set("e4e3r e4e3n e4e3b e4e3z e4d3r[d3] e4d3n[d3] e4d3b[d3] e4d3z[d3]")
    );
}

#[test]
fn section_7_4_en_passant() {
    let p = pos(&build("Ka1 Pe6 pd8 kj10", "b - - 0 1"));
    let after = p.play(&mv(&p, "d8d6"));
    assert_eq!(after.fen(), "9k/10/10/10/3pP5/10/10/10/10/K9 w - d7 0 2");
    let m = mv(&after, "e6d7");
    assert_eq!(m.kind, MoveKind::EnPassant);
    assert_eq!(after.notation(&m), "P E6 x D7 e.p.");
    assert_eq!(token(&after, &m), "e6d7[d6]");
    let done = after.play(&m);
    assert_eq!(done.fen(), "9k/10/10/3P6/10/10/10/10/10/K9 b - - 0 2");
    // Only right after the two-step.
    let later = after.play(&mv(&after, "a1a2"));
    let later = later.play(&mv(&later, "j10j9"));
    assert!(later.parse_move("e6d7").is_err());
    // Only pawns capture en passant: a Knight cannot take on d7 or d6 "en passant".
    let p = pos("9k/10/10/10/3p1N4/10/10/10/10/K9 w - d7 0 2");
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.kind != MoveKind::EnPassant));
    // Black takes en passant the same way.
    let p = pos(&build("Ka1 Pd3 pe5 kj10", "w - - 0 1"));
    let after = p.play(&mv(&p, "d3d5"));
    assert_eq!(after.fen(), "9k/10/10/10/10/3Pp5/10/10/10/K9 b - d4 0 1");
    let m = mv(&after, "e5d4");
    assert_eq!(after.notation(&m), "P E5 x D4 e.p.");
    assert_eq!(token(&after, &m), "e5d4[d5]");
}
