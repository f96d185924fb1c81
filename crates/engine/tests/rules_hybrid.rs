//! The Chess–Ultima Hybrid against its rule book, `shared/rules/hybrid.md`. Tests are named
//! after the rule-book section they check; the worked examples of §12 and the perft of §13 are
//! read from `tests/data/hybrid-examples.txt` and `tests/data/hybrid.perft`.

use std::collections::BTreeSet;

use baroque_engine::{
    perft, report, Color, Game, GameId, GameResult, Move, MoveKind, Position, Reason, Role,
    RuleOptions,
};

mod common;
use common::records;
use common::Rng;

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
        for cell in &grid[y] {
            match cell {
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

// ----- §12 worked examples -----

#[test]
fn section_12_worked_examples() {
    let examples = records::read("hybrid-examples.txt", &records::HYBRID_EXAMPLES);
    assert_eq!(examples.len(), 7, "E1-A, E1-B, E2 … E6");
    for rec in examples {
        let id = format!("{} ({})", rec.get("id"), rec.origin());
        let p = pos(rec.get("fen"));
        let mut expected = BTreeSet::new();
        for field in &rec.fields {
            let v = &field.value;
            let (m, rest) = v.split_once(' ').unwrap_or((v, ""));
            match field.key {
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
                "id" | "fen" => {}
                other => panic!("{id}: the examples format has '{other}' but this test does not"),
            }
        }
        assert_eq!(legal(&p), expected, "{id}: legal moves");
    }
}

// ----- §13 perft -----

#[test]
fn section_13_perft_records() {
    let mut checked = 0;
    for rec in records::read("hybrid.perft", &records::PERFT) {
        let fen = rec.get("fen");
        let p = pos(fen);
        for field in rec.fields.iter().filter(|f| f.key == "perft") {
            let (d, n) = records::perft_count(&rec, field).unwrap_or_else(|e| panic!("{e}"));
            if d <= 3 {
                assert_eq!(perft::perft(&p, d), n, "{fen} depth {d}");
                checked += 1;
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
    // The Black Rook e6, frozen by the White Immobilizer f7, still blocks the White Rook b6
    // and is a screen for the Cannon e1, which hops it or captures the Rook e9 over it.
    let p = pos(&build("Ka1 Ze1 Rb6 If7 re6 re9 kj10", "w - - 0 1"));
    assert!(p.frozen().contains(p.shape().parse_square("e6").unwrap()));
    assert_eq!(
        moves_from(&p, "b6")
            .iter()
            .filter(|t| t[2..].starts_with(['c', 'd', 'e', 'f', 'g']))
            .cloned()
            .collect::<BTreeSet<_>>(),
        set("b6c6 b6d6 b6e6[e6]")
    );
    assert_eq!(
        moves_from(&p, "e1"),
        set("e1e2 e1e3 e1e4 e1e5 e1e7 e1e8 e1e9[e9] e1d1 e1c1 e1b1 e1f1 e1g1 e1h1 e1i1 e1j1")
    );
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
    type Pattern<'a> = (&'a str, Vec<(i32, i32)>, Vec<(i32, i32)>);
    let cases: Vec<Pattern> = vec![
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

// ----- §7.8 Ultima pieces, §10 notation -----

#[test]
fn section_7_8_long_leaper_seed_example() {
    let p = pos(&build("Ka1 Lb10 nc9 ne7 ng5 kj10", "w - - 0 1"));
    let m = mv(&p, "b10h4");
    assert_eq!(p.notation(&m), "L B10 - H4 x C9 x E7 x G5");
    assert_eq!(token(&p, &m), "b10h4[c9,e7,g5]");
    // It may stop on any empty square after any number of jumps (§14.4).
    let sw = moves_from(&p, "b10")
        .into_iter()
        .filter(|t| {
            t.starts_with("b10")
                && ["d8", "f6", "h4", "i3", "j2"]
                    .iter()
                    .any(|s| t[3..].starts_with(s))
        })
        .count();
    assert_eq!(sw, 5);
    assert!(is_legal(&p, "b10d8") && token(&p, &mv(&p, "b10d8")) == "b10d8[c9]");
    assert_eq!(token(&p, &mv(&p, "b10j2")), "b10j2[c9,e7,g5]");
}

#[test]
fn section_7_8_long_leaper_limits() {
    // Friendly piece, two adjacent pieces, a piece at the board's edge: the walk ends.
    let p = pos(&build("Ka1 Lc3 Nc5 ne3 nf3 nc1 nj3 kj10", "w - - 0 1"));
    let l = moves_from(&p, "c3");
    assert!(l.contains("c3c4") && !l.iter().any(|t| t.starts_with("c3c6")));
    assert!(l.contains("c3d3") && !l.iter().any(|t| t.starts_with("c3g3")));
    assert!(
        !l.iter().any(|t| t.contains("[c1]")),
        "c1 stands on the edge"
    );
    assert!(l.contains("c3c2"));
}

#[test]
fn section_7_8_withdrawer_seed_example() {
    let p = pos(&build("Ka1 Wh9 ni10 ka10", "w - - 0 1"));
    let m = mv(&p, "h9f7");
    assert_eq!(p.notation(&m), "W H9 - F7 x I10");
    // Only the move straight away from i10 withdraws.
    assert_eq!(token(&p, &mv(&p, "h9h8")), "h9h8");
    assert_eq!(token(&p, &mv(&p, "h9g8")), "h9g8[i10]");
}

#[test]
fn section_7_8_coordinator_seed_example_and_order() {
    let p = pos(&build("Kf2 Og1 nf5 ka10", "w - - 0 1"));
    assert_eq!(p.notation(&mv(&p, "g1g5")), "Co G1 - G5 x F5");
    // Two victims: (King's file, T's rank), then (T's file, King's rank).
    let p = pos(&build("Kf2 Ob5 nf7 nd2 ka10", "w - - 0 1"));
    let m = mv(&p, "b5d7");
    assert_eq!(token(&p, &m), "b5d7[f7,d2]");
    assert_eq!(p.notation(&m), "Co B5 - D7 x F7 x D2");
    // T on the King's rank or file captures nothing.
    let p = pos(&build("Kf2 Ob5 nf7 nd2 ka10", "w - - 0 1"));
    assert_eq!(token(&p, &mv(&p, "b5f5")), "b5f5");
    // The King's own move never makes the Coordinator capture.
    let p = pos(&build("Kf3 Og5 nf4 ng6 ka10", "w - - 0 1"));
    let m = mv(&p, "f3f2");
    assert!(!m.is_capture());
}

#[test]
fn section_7_8_pushme_pullyu_order_and_line() {
    // Moving west: the withdrawal victim g5 comes before the approach victim b5.
    let p = pos(&build("Ka1 Uf5 ng5 nb5 nd6 ne4 kj10", "w - - 0 1"));
    let m = mv(&p, "f5c5");
    assert_eq!(token(&p, &m), "f5c5[g5,b5]");
    assert_eq!(p.notation(&m), "Pu F5 - C5 x G5 x B5");
    // Only along the line of travel: passing d6 and e4 takes nothing.
    assert_eq!(token(&p, &mv(&p, "f5d5")), "f5d5[g5]");
}

#[test]
fn section_10_notation_examples() {
    let p = pos(&build("Ka1 +Bj2 ka10", "w - - 0 1"));
    let m = mv(&p, "j2g5");
    assert_eq!(p.notation(&m), "nB J2 - G5 & D");
    assert_eq!(
        p.play(&m).fen(),
        "k9/10/10/10/10/6+H3/10/10/9D/K9 b - - 1 1"
    );
    let p = pos(&build("Ka1 +Nc6 ka10", "w - - 0 1"));
    assert_eq!(p.notation(&mv(&p, "c6f5")), "nN C6 - F5");
    let p = pos(&build("Ka1 Rb3 nh3 kj10", "w - - 0 1"));
    assert_eq!(p.notation(&mv(&p, "b3h3")), "R B3 x H3");
    let p = pos(&build("Ka1 De5 Zb2 +Hh2 ka10", "w - - 0 1"));
    assert_eq!(p.notation(&mv(&p, "e5f6")), "D E5 - F6");
    assert_eq!(p.notation(&mv(&p, "b2b5")), "Ca B2 - B5");
    assert_eq!(p.notation(&mv(&p, "h2h3")), "nB H2 - H3");
    assert_eq!(p.notation(&mv(&p, "a1b1")), "K A1 - B1");
}

#[test]
fn section_10_move_json() {
    let p = pos("k9/4b5/10/10/10/3pU3n1/10/10/10/K9 w - - 0 1");
    assert_eq!(
        report::move_json(&p, &mv(&p, "e5h5")),
        r#"{"move":"e5h5","from":"e5","to":"h5","captures":["d5","i5"],"promotion":null,"suicide":false,"notation":"Pu E5 - H5 x D5 x I5"}"#
    );
    let p = pos("9k/10/5p4/10/4N5/10/10/10/10/K9 w - - 0 1");
    assert_eq!(
        report::move_json(&p, &mv(&p, "e6f8")),
        r#"{"move":"e6f8","from":"e6","to":"f8","captures":["f8"],"promotion":"+n","suicide":false,"notation":"N E6 x F8 = nN"}"#
    );
    let p = pos("k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1");
    assert_eq!(
        report::move_json(&p, &mv(&p, "e7e8r")),
        r#"{"move":"e7e8r","from":"e7","to":"e8","captures":[],"promotion":"r","suicide":false,"notation":"P E7 - E8 = R"}"#
    );
}

#[test]
fn section_10_move_text() {
    let p = pos("9k/10/5p4/10/4N5/10/10/10/10/K9 w - - 0 1");
    // No suffix on forced promotions.
    assert!(p.parse_move("e6d8n").is_err());
    assert_eq!(p.move_text(&mv(&p, "e6d8")), "e6d8");
    assert_eq!(mv(&p, " e6-d8 "), mv(&p, "e6d8"));
    assert_eq!(mv(&p, "e6xf8"), mv(&p, "e6f8"));
    assert!(p.parse_move("e6d9").is_err());
    assert!(p.parse_move("e6").is_err());
    let p = pos("k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1");
    for bad in ["e7e8c", "e7e8a", "e7e8q", "e7e8"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    assert!(
        p.parse_move("j1i1r").is_err(),
        "a suffix on a move that does not promote"
    );
}

#[test]
fn section_10_every_promoted_json_value() {
    // Each forced promotion's JSON value, one piece at a time, entering rank 8.
    for (token_, from, to, want) in [
        ("Q", "e5", "e8", "+q"),
        ("C", "e5", "e8", "+c"),
        ("A", "e5", "h8", "+a"),
        ("R", "e5", "e8", "+r"),
        ("N", "e6", "d8", "+n"),
        ("B", "e5", "h8", "+b"),
    ] {
        let p = pos(&build(&format!("{token_}{from} Ka1 kb10"), "w - - 0 1"));
        let json = report::move_json(&p, &mv(&p, &format!("{from}{to}")));
        assert!(
            json.contains(&format!("\"promotion\":\"{want}\"")),
            "{json}"
        );
        let ab = match token_ {
            "Q" => "nQ",
            "C" => "nC",
            "A" => "nA",
            "R" => "nR",
            "N" => "nN",
            _ => "nB",
        };
        assert!(json.contains(&format!(" = {ab}\"")), "{json}");
    }
}

// ----- §8 promotion and the Dog release -----

#[test]
fn section_8_2_promotion_when_a_move_ends_in_the_camp() {
    // Entering, moving inside (a Rook a pawn made), capturing there; leaving never promotes.
    let p = pos(&build("Ka1 Rb9 Nc8 Bd5 nf8 kj5", "w - - 0 1"));
    assert_eq!(
        mv(&p, "b9b10").promotion,
        Some(Role::PromotedRook),
        "inside the camp"
    );
    assert_eq!(mv(&p, "b9b5").promotion, None, "leaving the camp");
    assert_eq!(mv(&p, "c8d10").promotion, Some(Role::PromotedKnight));
    assert_eq!(mv(&p, "c8b6").promotion, None);
    assert_eq!(mv(&p, "d5f7").promotion, None, "rank 7 is outside the camp");
    assert_eq!(mv(&p, "d5g8").promotion, Some(Role::PromotedBishop));
    let m = mv(&p, "c8e7");
    assert_eq!(m.promotion, None);
    // Pieces that never promote: King, Cannon, Dog, Ultima pieces.
    let p = pos(&build("Ka7 Zb7 Dc7 Id7 Le7 Wf7 Og7 Uh7 kj10", "w - - 0 1"));
    let promoting: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.promotion.is_some())
        .map(|m| p.move_text(m))
        .collect();
    assert!(promoting.is_empty(), "{promoting:?}");
    assert!(is_legal(&p, "a7a8") && is_legal(&p, "b7b8"));
}

#[test]
fn section_8_2_pawn_made_pieces_promote_on_their_next_move_in_the_camp() {
    let p = pos(&build("Ka1 Pc7 kj5", "w - - 0 1"));
    let p = p.play(&mv(&p, "c7c8r"));
    assert!(p.fen().starts_with("10/10/2R7/"), "{}", p.fen());
    let p = p.play(&mv(&p, "j5j4"));
    // Leaving the camp first: stays a Rook, then promotes on coming back.
    let out = p.play(&mv(&p, "c8c6"));
    assert!(out.fen().contains("/2R7/"), "{}", out.fen());
    let out = out.play(&mv(&out, "j4j5"));
    let back = out.play(&mv(&out, "c6c9"));
    assert!(back.fen().starts_with("10/2+R7/"), "{}", back.fen());
    // Moving inside the camp promotes at once.
    let inside = p.play(&mv(&p, "c8d8"));
    assert!(inside.fen().starts_with("10/10/3+R6/"), "{}", inside.fen());
    // A pawn's Bishop: B, then +B, then +H with a Dog left behind (§8.3).
    let p = pos(&build("Ka1 Pc7 kj5", "w - - 0 1"));
    let p = p.play(&mv(&p, "c7c8b"));
    let p = p.play(&mv(&p, "j5j4"));
    let p = p.play(&mv(&p, "c8d9"));
    assert!(p.fen().starts_with("10/3+B6/10/"), "{}", p.fen());
    let p = p.play(&mv(&p, "j4j5"));
    let m = mv(&p, "d9e10");
    assert_eq!(p.notation(&m), "nB D9 - E10 & D");
    let p = p.play(&m);
    assert!(p.fen().starts_with("4+H5/3D6/10/"), "{}", p.fen());
    let p = p.play(&mv(&p, "j5j4"));
    // A +H releases nothing more.
    let m = mv(&p, "e10f9");
    assert_eq!(m.kind, MoveKind::Normal);
    assert_eq!(p.notation(&m), "nB E10 - F9");
    assert!(p.play(&m).fen().starts_with("10/3D1+H4/10/"));
}

#[test]
fn section_8_3_dog_release() {
    // Any move releases the Dog: here a capture outside the camp (which resets the clock).
    let p = pos(&build("Ka1 +Bc3 ne5 kj10", "w - - 7 1"));
    // The release is part of the move itself, so whoever reads the move sees it.
    let release = MoveKind::Release {
        left: Role::Dog,
        becomes: Role::DragonHorse,
    };
    assert_eq!(mv(&p, "c3e5").kind, release);
    assert_eq!(mv(&p, "c3c4").kind, release);
    let after = p.play(&mv(&p, "c3e5"));
    assert_eq!(after.fen(), "9k/10/10/10/10/4+H5/10/2D7/10/K9 b - - 0 1");
    // A quiet release does not reset the clock.
    let after = p.play(&mv(&p, "c3c4"));
    assert_eq!(after.fen(), "9k/10/10/10/10/4n5/2+H7/2D7/10/K9 b - - 8 1");
    // The Dog is part of the position the move leaves: it shields its own King at once.
    let p = pos(&build("Kc1 +Bc5 rc10 ka10", "w - - 0 1"));
    assert!(is_legal(&p, "c5d6"));
    let p = pos(&build("Kc1 +Hc5 rc10 ka10", "w - - 0 1"));
    assert!(!is_legal(&p, "c5d6"), "without a Dog the +H is pinned");
    // …and attacks at once: after c5c4 the Dog on c5 guards f8.
    let p = pos(&build("Ka1 +Bc5 kf9", "w - - 0 1"));
    let after = p.play(&mv(&p, "c5c4"));
    assert!(!is_legal(&after, "f9f8"));
    let p = pos(&build("Ka1 +Hc5 kf9", "w - - 0 1"));
    let after = p.play(&mv(&p, "c5c4"));
    assert!(is_legal(&after, "f9f8"));
    // A Dog that stands ready gives check like any piece.
    let p = pos(&build("Ka1 Dc5 kf9", "b - - 0 1"));
    assert!(!p.in_check());
    let p = pos(&build("Ka1 Dc5 kf8", "b - - 0 1"));
    assert!(p.in_check());
    let p = pos(&build("Ka1 Dc5 kg9", "b - - 0 1"));
    assert!(!p.in_check(), "four squares away");
}

// ----- §9.2 consequences a–h -----

#[test]
fn section_9_2_a_back_square_pins() {
    for attacker in ["w", "u"] {
        let p = pos(&build(&format!("Ke2 Re4 {attacker}e3 kj10"), "w - - 0 1"));
        assert!(!p.in_check(), "{attacker}: the back square e4 is occupied");
        // Every Rook move vacates e4, even along the file, except the capture of e3.
        assert_eq!(moves_from(&p, "e4"), set("e4e3[e3]"), "{attacker}");
        let open = pos(&build(&format!("Ke2 Rd4 {attacker}e3 kj10"), "w - - 0 1"));
        assert!(open.in_check(), "{attacker}: the back square is empty");
    }
}

#[test]
fn section_9_2_b_long_leaper_landing_squares() {
    // A piece on the landing square is pinned.
    let p = pos(&build("Ke2 Ne1 le9 kj10", "w - - 0 1"));
    assert!(!p.in_check());
    assert!(moves_from(&p, "e1").is_empty());
    // Parries: a piece right in front of the King, freezing or capturing the Leaper; any
    // other interposition is jumped as well.
    let p = pos(&build("Ke2 Ra3 Rb4 Qa5 Ia8 le9 kj10", "w - - 0 1"));
    assert!(p.in_check());
    assert!(is_legal(&p, "a3e3"));
    assert!(!is_legal(&p, "b4e4"));
    assert!(is_legal(&p, "a8d8"));
    assert!(!is_legal(&p, "a8b8"));
    assert!(is_legal(&p, "a5e9"));
    assert!(!is_legal(&p, "a5e5"));
}

#[test]
fn section_9_2_c_coordinators_check_along_their_kings_lines() {
    // Both Kings on the f-file: the Coordinator a5 reaches rank 2.
    let p = pos(&build("Kf2 oa5 kf9", "w - - 0 1"));
    assert!(p.in_check());
    assert_eq!(legal_texts(&p), set("f2e1 f2e2 f2e3 f2g1 f2g2 f2g3"));
    // A King may not step onto the enemy King's file where the Coordinator reaches its rank.
    let p = pos(&build("Ke2 oa5 kf9", "w - - 0 1"));
    assert!(!p.in_check());
    assert_eq!(legal_texts(&p), set("e2d1 e2d2 e2d3 e2e1 e2e3"));
    // Blocking every route parries: with a5 boxed in, f1 and f3 are safe.
    let p = pos(&build("Ke2 oa5 Pa4 Nb4 Nb5 Pa6 Pb6 kf9", "w - - 0 1"));
    assert!(is_legal(&p, "e2f1") && is_legal(&p, "e2f3"));
    // A discovered check by the King's own move.
    let p = pos(&build("Kg3 Oc5 kh9", "w - - 0 1"));
    assert!(!p.play(&mv(&p, "g3g2")).in_check());
    assert!(p.play(&mv(&p, "g3h3")).in_check());
}

#[test]
fn section_9_2_d_immobilizers() {
    // A frozen attacker gives no check; moving the Immobilizer away unfreezes it.
    let p = pos(&build("Ke2 Id8 re8 kj10", "w - - 0 1"));
    assert!(!p.in_check());
    assert!(is_legal(&p, "d8d7") && is_legal(&p, "d8d9") && is_legal(&p, "d8e7"));
    assert!(!is_legal(&p, "d8c8") && !is_legal(&p, "d8c7"));
    // Capturing the Immobilizer that froze a piece discovers its check.
    let p = pos(&build("Ka1 Rf3 Ne3 ig4 kf10", "w - - 0 1"));
    assert!(!p.in_check());
    let after = p.play(&mv(&p, "e3g4"));
    assert!(after.in_check());
    // A King beside an enemy Immobilizer can neither move nor capture it; the other King
    // may step next to it.
    let p = pos(&build("Ke2 Pa3 ie3 kc4", "b - - 0 1"));
    assert!(is_legal(&p, "c4d3"));
    let p = pos(&build("Ke2 Pa3 kc4", "b - - 0 1"));
    assert!(!is_legal(&p, "c4d3"), "an unfrozen King guards d3");
}

#[test]
fn section_9_2_e_cannons() {
    let p = pos(&build("Ke2 Ra5 ze9 kj10", "w - - 0 1"));
    assert!(!p.in_check());
    assert!(!is_legal(&p, "a5e5"), "the only screen would create check");
    assert!(is_legal(&p, "a5d5"));
    // Removing one of two screens.
    let p = pos(&build("Ke2 Ne4 Re6 ze9 kj10", "w - - 0 1"));
    assert!(moves_from(&p, "e4").is_empty());
    assert_eq!(moves_from(&p, "e6"), set("e6e5 e6e7 e6e8 e6e9[e9]"));
    // Removing the only screen parries: moving it, or its suicide when frozen.
    let p = pos(&build("Ke2 Ne4 ze9 kj10", "w - - 0 1"));
    assert!(p.in_check());
    assert_eq!(moves_from(&p, "e4").len(), 8);
    let p = pos(&build("Ke2 Ne4 if5 ze9 kj10", "w - - 0 1"));
    assert!(p.in_check());
    assert_eq!(moves_from(&p, "e4"), set("e4e4[e4]"));
}

#[test]
fn section_9_2_f_discovered_checks_from_captures() {
    // En passant clears two squares of rank 6 at once.
    let p = pos("10/10/10/10/R2pP4k/10/10/10/10/K9 w - d7 0 1");
    assert!(!p.in_check());
    let after = p.play(&mv(&p, "e6d7"));
    assert!(after.in_check());
    // A Pushme-pullyu removes the blockers of two lines in one move: double check.
    let p = pos(&build("Ka1 Ri1 Bc4 Ue5 nd5 ni5 ki10", "w - - 0 1"));
    assert!(!p.in_check());
    let after = p.play(&mv(&p, "e5h5"));
    assert!(after.in_check());
    assert_eq!(after.checkers().len(), 2);
}

#[test]
fn section_9_2_g_promotion_comes_before_the_check_test() {
    let p = pos(&build("Ka1 Ne6 ki9", "w - - 0 1"));
    let after = p.play(&mv(&p, "e6f8"));
    assert!(after.in_check(), "the new +N checks i9 with a Camel leap");
    let p = pos(&build("Ka1 Ne4 ki9", "w - - 0 1"));
    let after = p.play(&mv(&p, "e4f6"));
    assert!(
        !after.in_check(),
        "a Knight outside the camp does not promote"
    );
}

#[test]
fn section_9_2_h_castling_places_the_king() {
    // E1 Position A: O-O-O is illegal because of the King placed on d2.
    let p = pos("3l1k4/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert!(!is_legal(&p, "f2c2"));
    // Only the King moves: with f2 vacated the Leaper c2 jumps e2 and then the King on g2,
    // although the position after castling (Rook h2 beside King i2) is not check.
    let p = pos(&build("Kf2 Rj2 Ne2 lc2 ka10", "w K - 0 1"));
    assert!(!p.in_check());
    assert!(!is_legal(&p, "f2i2"));
    let p = pos(&build("Kf2 Rj2 Nd2 Ne2 lc2 ka10", "w K - 0 1"));
    assert!(
        is_legal(&p, "f2i2"),
        "d2 and e2 stand together and cannot be jumped"
    );
}

// ----- §9.1, §9.3 end of the game, §9.4 halfmove clock -----

fn status_of(fen: &str, moves: &str) -> (GameResult, Option<Reason>) {
    let mut g = Game::new(pos(fen));
    for m in moves.split_whitespace() {
        if let Err(e) = g.play_text(m) {
            panic!("{m}: {e}");
        }
    }
    let s = g.status();
    (s.result, s.reason)
}

#[test]
fn section_9_3_checkmate() {
    let fen = "k9/10/10/10/10/10/10/10/1R8/R8K b - - 0 1";
    assert_eq!(
        status_of(fen, ""),
        (GameResult::White, Some(Reason::Checkmate))
    );
    // Checkmate takes precedence over the fifty-move rule.
    let fen = "k9/10/10/10/10/10/10/10/1R8/R8K b - - 120 80";
    assert_eq!(
        status_of(fen, ""),
        (GameResult::White, Some(Reason::Checkmate))
    );
}

#[test]
fn section_9_3_stalemate_is_a_draw() {
    let fen = "k9/2K7/10/10/10/4B5/10/10/10/10 b - - 0 1";
    assert!(!pos(fen).in_check());
    assert_eq!(
        status_of(fen, ""),
        (GameResult::Draw, Some(Reason::Stalemate))
    );
    // Suicides count as moves: a frozen piece's suicide avoids stalemate.
    let fen = &build("ka10 Kc9 Be5 nj1 Ij2", "b - - 0 1");
    assert_eq!(status_of(fen, ""), (GameResult::Ongoing, None));
    assert_eq!(legal_texts(&pos(fen)), set("j1j1"));
}

#[test]
fn flag_fall_only_a_lone_king_cannot_mate() {
    // docs/rules-decisions.md, "Flag fall": a lone King never checks; an Immobilizer can freeze
    // the King for its own King to mate, so a flag that falls against it loses.
    let flag = |fen: &str, c: Color| {
        let s = Game::new(pos(fen)).flag_fall(c);
        (s.result, s.reason)
    };
    let immobilizer = "k9/10/10/10/10/10/10/10/10/I8K w - - 0 1";
    assert_eq!(
        flag(immobilizer, Color::Black),
        (GameResult::White, Some(Reason::Timeout))
    );
    assert_eq!(
        flag(immobilizer, Color::White),
        (
            GameResult::Draw,
            Some(Reason::TimeoutVsInsufficientMaterial)
        )
    );
    let pawn = "k9/10/10/10/10/10/p9/10/10/9K b - - 0 1";
    assert_eq!(flag(pawn, Color::White).0, GameResult::Black);
    assert_eq!(flag(pawn, Color::Black).0, GameResult::Draw);
}

#[test]
fn section_9_3_bare_kings_fifty_moves_repetition() {
    let fen = "k9/10/10/10/10/10/10/10/10/9K w - - 0 1";
    assert_eq!(
        status_of(fen, ""),
        (GameResult::Draw, Some(Reason::InsufficientMaterial))
    );
    // Bare Kings after a capture.
    let fen = &build("ka10 Kj1 Ra9", "b - - 0 1");
    assert_eq!(
        status_of(fen, "a10a9"),
        (GameResult::Draw, Some(Reason::InsufficientMaterial))
    );
    // Fifty moves: the clock reaches 100.
    let fen = "1k8/10/10/10/10/10/10/10/10/R8K w - - 99 80";
    assert_eq!(status_of(fen, ""), (GameResult::Ongoing, None));
    assert_eq!(
        status_of(fen, "j1j2"),
        (GameResult::Draw, Some(Reason::FiftyMove))
    );
    // Repetition: the start position is the first occurrence.
    let start = GameId::Hybrid.start_fen();
    let cycle = "b2a4 b9a7 a4b2 a7b9";
    assert_eq!(status_of(start, cycle), (GameResult::Ongoing, None));
    let twice = format!("{cycle} {cycle}");
    assert_eq!(
        status_of(start, &twice),
        (GameResult::Draw, Some(Reason::Repetition))
    );
    // An en passant square no pawn can use does not make a position different.
    let moves = "e3e5 b9a7 b2a4 a7b9 a4b2 b9a7 b2a4 a7b9";
    assert_eq!(status_of(start, moves), (GameResult::Ongoing, None));
    let moves = format!("{moves} a4b2");
    assert_eq!(
        status_of(start, &moves),
        (GameResult::Draw, Some(Reason::Repetition))
    );
    // +B and +H are different pieces for repetition.
    let p = pos(&build("Ka1 +Bc3 ka10", "w - - 0 1"));
    let h = pos(&build("Ka1 +Hc3 ka10", "w - - 0 1"));
    assert_ne!(p.repetition_key(), h.repetition_key());
}

#[test]
fn section_9_4_halfmove_clock() {
    let p = pos(&build(
        "Ka1 Pc4 Ne6 +Bg3 Rh4 nh7 Wb5 ia6 kj10",
        "w - - 30 9",
    ));
    let clock = |m: &str| p.play(&mv(&p, m)).halfmove_clock();
    assert_eq!(clock("c4c5"), 0, "pawn move");
    assert_eq!(clock("h4h7"), 0, "capture");
    assert_eq!(clock("e6d8"), 31, "a promotion alone does not reset");
    assert_eq!(clock("g3h2"), 31, "a Dog release does not reset");
    assert_eq!(clock("h4h5"), 31, "quiet move");
    // The Black Immobilizer a6 freezes the Withdrawer b5, whose suicide resets the clock.
    let frozen_white: Vec<String> = p
        .frozen()
        .iter()
        .filter(|s| p.piece_at(*s).map(|x| x.color()) == Some(Color::White))
        .map(|s| p.shape().square_name(s).to_string())
        .collect();
    assert_eq!(frozen_white, ["b5"]);
    assert_eq!(clock("b5b5"), 0, "suicide");
}

// ----- §9.1 on random games -----

#[test]
fn section_9_1_random_games_keep_every_invariant() {
    let mut rng = Rng(0x0DDB_1A5E_5BAD_5EED);
    let mut seen = [0usize; 6];
    for _ in 0..60 {
        let mut p = Position::start(GameId::Hybrid);
        for _ in 0..300 {
            for c in [Color::White, Color::Black] {
                assert_eq!(
                    p.is_king_attacked(c),
                    p.is_king_attacked_slow(c),
                    "{}",
                    p.fen()
                );
            }
            assert!(!p.is_king_attacked(p.side_to_move().other()), "{}", p.fen());
            assert_eq!(pos(&p.fen()), p, "FEN round trip");
            assert_eq!(p.hash(), p.compute_hash());
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            for m in moves.iter() {
                let kings = [p.king(Color::White), p.king(Color::Black)];
                assert!(kings.iter().flatten().all(|k| !m.captures.contains(*k)));
                let kind = match m.kind {
                    MoveKind::Castle => 0,
                    MoveKind::EnPassant => 1,
                    MoveKind::Suicide => 2,
                    _ if m.role == Role::PromotedBishop => 3,
                    _ if m.promotion.is_some() => 4,
                    _ => 5,
                };
                seen[kind] += 1;
            }
            let m = moves[rng.below(moves.len())];
            // The move survives its own text and its notation.
            assert_eq!(p.parse_move(&p.move_text(&m)).ok(), Some(m));
            assert_eq!(
                p.parse_move(&p.notation(&m)).ok().map(|x| p.move_text(&x)),
                Some(p.move_text(&m))
            );
            p = p.play(&m);
        }
    }
    // The games reach castling, en passant, suicides, Dog releases and promotions.
    eprintln!("castling, en passant, suicide, Dog release, promotion, other: {seen:?}");
    assert!(seen[..5].iter().all(|n| *n > 0), "{seen:?}");
}

// ----- §11 options, §14 decisions -----

#[test]
fn section_11_the_hybrid_has_no_options() {
    let mut o = RuleOptions::default();
    for (k, v) in [("stalemate", "draw"), ("win", "capture"), ("x", "y")] {
        assert!(o.set(GameId::Hybrid, k, v).is_err(), "{k}");
    }
}

#[test]
fn section_14_2_ultima_captures_are_compulsory() {
    // One move per (from, to): a capturing Ultima move has no quiet twin.
    let p = pos("k9/4b5/10/10/10/3pU3n1/10/10/10/K9 w - - 0 1");
    let moves = p.legal_moves();
    let pairs: BTreeSet<(String, String)> = moves
        .iter()
        .map(|m| (m.from.index().to_string(), m.to.index().to_string()))
        .collect();
    assert_eq!(pairs.len(), moves.len());
}

// ----- §13 cross-check -----

/// Perft with legality decided by §9.1 itself (`is_king_attacked_slow`).
fn slow_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let us = p.side_to_move();
    let mut pseudo = baroque_engine::MoveList::new();
    p.pseudo_moves_for(us, &mut pseudo);
    pseudo
        .iter()
        .map(|m| p.play(m))
        .filter(|next| !next.is_king_attacked_slow(us))
        .map(|next| slow_perft(&next, depth - 1))
        .sum()
}

#[test]
fn section_13_perft_agrees_with_the_slow_check_test() {
    let start = Position::start(GameId::Hybrid);
    assert_eq!(perft::perft(&start, 3), slow_perft(&start, 3));
    // Middle-game positions of random games, where Ultima pieces, promoted pieces and Dogs
    // are about.
    let mut rng = Rng(0xC0FF_EE00_1234_5678);
    for game in 0..12 {
        let mut p = Position::start(GameId::Hybrid);
        for _ in 0..(30 + 10 * game) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(&moves[rng.below(moves.len())]);
        }
        assert_eq!(perft::perft(&p, 2), slow_perft(&p, 2), "{}", p.fen());
    }
}

#[test]
fn section_7_7_promoted_pieces_capture_with_their_added_moves() {
    // Enemy pieces on the added squares are captured; friendly ones block.
    let p = pos(&build("Ka1 +Re5 nf6 Nd6 ka10", "w - - 0 1"));
    let r = moves_from(&p, "e5");
    assert!(r.contains("e5f6[f6]") && !r.iter().any(|t| t.starts_with("e5d6")));
    let p = pos(&build("Ka1 +Ae5 ne6 Nd5 ka10", "w - - 0 1"));
    let a = moves_from(&p, "e5");
    assert!(a.contains("e5e6[e6]") && !a.iter().any(|t| t.starts_with("e5d5")));
    let p = pos(&build("Ka1 +Ne5 nf8 nh6 Nb4 ka10", "w - - 0 1"));
    let n = moves_from(&p, "e5");
    assert!(n.contains("e5f8[f8]") && n.contains("e5h6[h6]") && !n.contains("e5b4"));
    // +Q: the (±1, ±2) leaps capture, the (±2, ±1) squares are not reached.
    let p = pos(&build(
        "Ka1 +Qe5 nf7 ng6 Pe6 Pf6 Pf5 Pf4 Pe4 Pd4 Pd5 Pd6 ka10",
        "w - - 0 1",
    ));
    assert_eq!(moves_from(&p, "e5"), set("e5f7[f7] e5d7 e5f3 e5d3"));
    // +C: a diagonal step captures, a diagonal slide does not exist.
    let p = pos(&build("Ka1 +Ce5 nf6 ng7 ka10", "w - - 0 1"));
    let c = moves_from(&p, "e5");
    assert!(c.contains("e5f6[f6]") && !c.contains("e5g7[g7]"));
    // +B/+H: an orthogonal step only, no orthogonal slide.
    let p = pos(&build("Ka1 +He5 ne7 ka10", "w - - 0 1"));
    let h = moves_from(&p, "e5");
    assert!(h.contains("e5e6") && !h.iter().any(|t| t.starts_with("e5e7")));
}

#[test]
fn section_4_and_10_bad_input_gives_errors_not_panics() {
    let mut rng = Rng(0xBAD_F00D_1234);
    let alphabet: Vec<char> = "KQRBNPACILWOUZDHkqrbnpaciluwozdh+/0123456789 -wbx,e4"
        .chars()
        .collect();
    let start = GameId::Hybrid.start_fen();
    for i in 0..20_000 {
        let mut chars: Vec<char> = start.chars().collect();
        for _ in 0..1 + i % 4 {
            let at = rng.below(chars.len() + 1);
            let c = alphabet[rng.below(alphabet.len())];
            match rng.below(3) {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        let fen: String = chars.into_iter().collect();
        if let Ok(p) = Position::from_fen(GameId::Hybrid, &fen, RuleOptions::DEFAULT) {
            // Whatever is accepted writes back to a FEN that reads the same.
            assert_eq!(pos(&p.fen()), p, "{fen}");
        }
    }
    let p = Position::start(GameId::Hybrid);
    for text in [
        "", " ", "x", "e3", "e3e", "e3e11", "k3k4", "e3e4q", "e3e4e4", "+", "O-O", "é3e4", "a0a1",
        "j10j11",
    ] {
        assert!(p.parse_move(text).is_err(), "{text}");
    }
}
