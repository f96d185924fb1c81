//! Omega Chess against its rule book, `shared/rules/omega.md`: every rule and worked example,
//! named after the section it checks. Positions copied from the rule book live in
//! `tests/data/omega-examples.txt` and `tests/data/omega.perft`.

use std::collections::BTreeSet;

use baroque_engine::geometry::{Leap, Shape, Square};
use baroque_engine::report::move_json;
use baroque_engine::{
    perft, Color, Game, GameId, GameResult, Move, MoveKind, MoveList, Position, Reason, Role,
    RuleOptions,
};

mod common;
use common::records::{self, Record};
use common::Rng;

const S: Shape = Shape::Omega;
const START: &str =
    "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1";

fn pos(fen: &str) -> Position {
    Position::from_fen(GameId::Omega, fen, RuleOptions::DEFAULT)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn fen_error(fen: &str) -> String {
    match Position::from_fen(GameId::Omega, fen, RuleOptions::DEFAULT) {
        Ok(p) => panic!("{fen} was accepted as {}", p.fen()),
        Err(e) => e.to_string(),
    }
}

fn sq(name: &str) -> Square {
    S.parse_square(name)
        .unwrap_or_else(|| panic!("{name} is not a square"))
}

fn texts(p: &Position, moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(|m| p.move_text(m)).collect()
}

fn legal(p: &Position) -> BTreeSet<String> {
    texts(p, &p.legal_moves())
}

fn find(p: &Position, text: &str) -> Move {
    p.parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()))
}

fn after(p: &Position, moves: &str) -> Position {
    let mut p = *p;
    for t in moves.split_whitespace() {
        let m = find(&p, t);
        p = p.play(&m);
    }
    p
}

fn set(names: &str) -> BTreeSet<String> {
    names.split_whitespace().map(String::from).collect()
}

fn status(p: &Position) -> (GameResult, Option<Reason>) {
    let s = Game::new(*p).status();
    (s.result, s.reason)
}

// ---------------------------------------------------------------------------------------------
// The worked examples of tests/data/omega-examples.txt

fn records() -> Vec<Record> {
    records::read("omega-examples.txt", &records::OMEGA_EXAMPLES)
}

fn run_record(rec: &Record) {
    let id = format!("{} ({})", rec.get("id"), rec.origin());
    let mut p: Option<Position> = None;
    for field in &rec.fields {
        let (k, v) = (field.key, &field.value);
        let cur = || p.unwrap_or_else(|| panic!("{id}: '{k}' before 'fen'"));
        match k {
            "section" | "id" => {}
            "fen" => p = Some(pos(v)),
            "play" => p = Some(after(&cur(), v)),
            "fen-after" => assert_eq!(cur().fen(), *v, "{id}"),
            "legal" => assert_eq!(legal(&cur()), set(v), "{id}"),
            "count" => assert_eq!(cur().legal_moves().len().to_string(), *v, "{id}"),
            "has" => {
                let l = legal(&cur());
                for m in v.split_whitespace() {
                    assert!(l.contains(m), "{id}: {m} should be legal; legal: {l:?}");
                }
            }
            "lacks" => {
                let l = legal(&cur());
                for m in v.split_whitespace() {
                    assert!(!l.contains(m), "{id}: {m} should not be legal");
                    assert!(cur().parse_move(m).is_err(), "{id}: {m} parsed");
                }
            }
            "ep" => {
                let c = cur();
                let ep: BTreeSet<String> = c
                    .legal_moves()
                    .iter()
                    .filter(|m| m.kind == MoveKind::EnPassant)
                    .map(|m| c.move_text(m))
                    .collect();
                assert_eq!(ep, set(v), "{id}: en passant moves");
            }
            "result" => {
                let mut w = v.split_whitespace();
                let want_result = w.next().unwrap_or("");
                let want_reason = w.next();
                let (r, why) = status(&cur());
                assert_eq!(r.as_str(), want_result, "{id}");
                assert_eq!(why.map(|r| r.as_str()), want_reason, "{id}");
            }
            "notation" => {
                let (m, n) = v.split_once(' ').unwrap_or((v, ""));
                let c = cur();
                assert_eq!(c.notation(&find(&c, m)), n, "{id}: notation of {m}");
            }
            "captures" => {
                let mut w = v.split_whitespace();
                let m = w.next().unwrap_or("");
                let c = cur();
                let mv = find(&c, m);
                let got: Vec<String> = c
                    .captures_in_order(&mv)
                    .iter()
                    .map(|s| S.square_name(*s).to_string())
                    .collect();
                let want: Vec<String> = w.map(String::from).collect();
                assert_eq!(got, want, "{id}: captures of {m}");
            }
            other => panic!("{id}: the examples format has '{other}' but this runner does not"),
        }
    }
}

fn run_section(section: &str) {
    let recs: Vec<Record> = records()
        .into_iter()
        .filter(|r| r.get("section") == section)
        .collect();
    assert!(!recs.is_empty(), "no records for §{section}");
    for r in &recs {
        run_record(r);
    }
}

const SECTIONS: [&str; 7] = ["3.2", "9.1", "9.2", "9.3", "9.4", "9.5", "10"];

#[test]
fn every_example_record_belongs_to_a_tested_section() {
    for r in records() {
        assert!(
            SECTIONS.contains(&r.get("section")),
            "{}: record in unknown section '{}'",
            r.origin(),
            r.get("section")
        );
    }
}

#[test]
fn s9_1_kings_on_wizard_squares() {
    run_section("9.1");
}

#[test]
fn s9_2_en_passant_after_a_triple_step() {
    run_section("9.2");
}

#[test]
fn s9_3_en_passant_and_pins() {
    run_section("9.3");
}

#[test]
fn s9_4_castling_and_the_wizard_leap() {
    run_section("9.4");
}

#[test]
fn s9_5_long_diagonal_and_promotion() {
    run_section("9.5");
}

#[test]
fn s10_root_moves_of_the_reference_positions() {
    run_section("10");
}

#[test]
fn s3_2_en_passant_examples() {
    run_section("3.2");
}

// ---------------------------------------------------------------------------------------------
// §1 Board

/// A canonical FEN with the given pieces (square name, FEN letter) and side to move.
fn fen_with(pieces: &[(&str, char)], side: char) -> String {
    let mut grid = [['.'; 10]; 10];
    let mut wiz = ['-'; 4];
    for (name, c) in pieces {
        let s = sq(name);
        match S.wizard_number(s) {
            Some(n) => wiz[n as usize - 1] = *c,
            None => grid[S.rank(s) as usize][S.file(s) as usize] = *c,
        }
    }
    let mut out = String::new();
    for y in (0..10).rev() {
        let mut empty = 0;
        for &c in &grid[y] {
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c);
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    out.push_str(&format!(
        "[{}/{}/{}/{}] {side} - - 0 1",
        wiz[0], wiz[1], wiz[2], wiz[3]
    ));
    out
}

#[test]
fn s1_board_has_104_squares_named_a0_to_j9_and_w1_to_w4() {
    assert_eq!(S.len(), 104);
    let names: BTreeSet<String> = S.squares().map(|s| S.square_name(s).to_string()).collect();
    assert_eq!(names.len(), 104);
    for f in "abcdefghij".chars() {
        for r in 0..10 {
            assert!(names.contains(&format!("{f}{r}")));
        }
    }
    for w in ["w1", "w2", "w3", "w4"] {
        assert!(names.contains(w));
    }
    assert_eq!(S.coords(sq("w1")), (-1, -1));
    assert_eq!(S.coords(sq("w2")), (10, -1));
    assert_eq!(S.coords(sq("w3")), (10, 10));
    assert_eq!(S.coords(sq("w4")), (-1, 10));
    // The other 40 border cells of the 12×12 box are holes, not squares.
    let mut holes = 0;
    for x in -1..=10i8 {
        for y in -1..=10i8 {
            let border = x == -1 || x == 10 || y == -1 || y == 10;
            let corner = (x == -1 || x == 10) && (y == -1 || y == 10);
            if border && !corner {
                assert_eq!(S.square(x, y), None, "({x},{y})");
                holes += 1;
            }
        }
    }
    assert_eq!(holes, 40);
}

#[test]
fn s1_1_only_ways_into_and_out_of_wizard_squares() {
    // (square, king, bishop/queen line, knight, champion, wizard), from the table of §1.1.
    let table = [
        (
            "w1",
            "a0",
            "a0 b1 c2 d3 e4 f5 g6 h7 i8 j9 w3",
            "a1 b0",
            "b1",
            "a0 a2 c0",
        ),
        (
            "w2",
            "j0",
            "j0 i1 h2 g3 f4 e5 d6 c7 b8 a9 w4",
            "j1 i0",
            "i1",
            "j0 j2 h0",
        ),
        (
            "w3",
            "j9",
            "j9 i8 h7 g6 f5 e4 d3 c2 b1 a0 w1",
            "j8 i9",
            "i8",
            "j9 j7 h9",
        ),
        (
            "w4",
            "a9",
            "a9 b8 c7 d6 e5 f4 g3 h2 i1 j0 w2",
            "a8 b9",
            "b8",
            "a9 a7 c9",
        ),
    ];
    for (w, king, line, knight, champion, wizard) in table {
        // Leaving: the geometry's tables and a lone piece's moves agree with the table.
        assert_eq!(
            S.leaps(Leap::King, sq(w))
                .iter()
                .map(|s| S.square_name(s).to_string())
                .collect::<BTreeSet<_>>(),
            set(king)
        );
        assert_eq!(
            S.leaps(Leap::Knight, sq(w))
                .iter()
                .map(|s| S.square_name(s).to_string())
                .collect::<BTreeSet<_>>(),
            set(knight)
        );
        let lone = |c: char| {
            let fen = fen_with(&[(w, c), ("e6", 'K'), ("e8", 'k')], 'w');
            let p = pos(&fen);
            texts(&p, &p.legal_moves())
                .into_iter()
                .filter(|t| t.starts_with(w))
                .map(|t| t[2..].to_string())
                .collect::<BTreeSet<_>>()
        };
        assert_eq!(lone('N'), set(knight), "knight on {w}");
        assert_eq!(lone('C'), set(champion), "champion on {w}");
        assert_eq!(lone('W'), set(wizard), "wizard on {w}");
        assert_eq!(lone('B'), set(line), "bishop on {w}");
        assert_eq!(
            lone('Q'),
            set(&format!("{line} {king}"))
                .into_iter()
                .collect::<BTreeSet<_>>(),
            "queen on {w}"
        );
        assert!(lone('R').is_empty(), "a rook on {w} has no moves");
        // Entering (attacks): a Black King on the wizard square is attacked by a White piece
        // on a field square exactly when the table lists that square for the piece.
        // (A King next to the other King would make the FEN invalid; its table row is the
        // neighbour set checked above.)
        for (c, targets) in [('N', knight), ('C', champion), ('W', wizard), ('R', "")] {
            for s in S.squares().filter(|s| !S.is_wizard_square(*s)) {
                let name = S.square_name(s).to_string();
                if name == "e6" {
                    continue;
                }
                let p = pos(&fen_with(&[(name.as_str(), c), (w, 'k'), ("e6", 'K')], 'b'));
                assert_eq!(
                    p.in_check(),
                    set(targets).contains(&name),
                    "{c} on {name} against a king on {w}"
                );
                assert_eq!(p.in_check(), p.is_king_attacked_slow(Color::Black));
            }
        }
        // A bishop anywhere on the long diagonal attacks the wizard square, blocked by any piece.
        let diag: Vec<&str> = line.split_whitespace().collect();
        for (i, b) in diag
            .iter()
            .enumerate()
            .filter(|(_, b)| b.starts_with(|c: char| c != 'w'))
        {
            let p = pos(&fen_with(&[(b, 'B'), (w, 'k'), ("e6", 'K')], 'b'));
            assert!(p.in_check(), "bishop {b} checks {w}");
            if i > 0 {
                let p = pos(&fen_with(
                    &[(b, 'B'), (diag[i - 1], 'N'), (w, 'k'), ("e6", 'K')],
                    'b',
                ));
                assert!(!p.in_check(), "bishop {b} blocked on {}", diag[i - 1]);
            }
        }
    }
}

#[test]
fn s1_1_pawns_never_attack_a_wizard_square() {
    for s in S.squares().filter(|s| (1..=8).contains(&S.rank(*s))) {
        let name = S.square_name(s).to_string();
        if name == "e6" || name == "e5" {
            continue;
        }
        for (w, k) in [("w3", 'k'), ("w4", 'k')] {
            let p = pos(&fen_with(&[(&name, 'P'), (w, k), ("e6", 'K')], 'b'));
            assert!(!p.in_check(), "pawn {name} against {w}");
        }
        for w in ["w1", "w2"] {
            let p = pos(&fen_with(&[(&name, 'p'), (w, 'K'), ("e5", 'k')], 'w'));
            assert!(!p.in_check(), "black pawn {name} against {w}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// §2 Pieces and start position

/// The destinations of the White piece on `from` in the position given by `pieces`.
fn targets_of(pieces: &[(&str, char)], from: &str) -> BTreeSet<String> {
    let p = pos(&fen_with(pieces, 'w'));
    p.legal_moves()
        .iter()
        .filter(|m| m.from == sq(from))
        .map(|m| S.square_name(m.to).to_string())
        .collect()
}

#[test]
fn s2_piece_moves_on_an_open_board() {
    let kings = [("a0", 'K'), ("j9", 'k')];
    let with = |extra: &[(&'static str, char)]| {
        let mut v: Vec<(&str, char)> = kings.to_vec();
        v.extend_from_slice(extra);
        v
    };
    assert_eq!(
        targets_of(&with(&[("e4", 'C')]), "e4"),
        set("e5 e3 d4 f4 e6 e2 c4 g4 g6 g2 c6 c2"),
        "champion: 12 targets, no diagonal step"
    );
    assert_eq!(
        targets_of(&with(&[("e4", 'W')]), "e4"),
        set("d3 d5 f3 f5 f7 h5 h3 f1 d1 b3 b5 d7"),
        "wizard: 12 targets"
    );
    assert_eq!(
        targets_of(&with(&[("e4", 'N')]), "e4"),
        set("f6 g5 g3 f2 d2 c3 c5 d6")
    );
    assert_eq!(
        targets_of(
            &with(&[("e4", 'K')])
                .iter()
                .copied()
                .filter(|(s, _)| *s != "a0")
                .collect::<Vec<_>>(),
            "e4"
        ),
        set("d3 d4 d5 e3 e5 f3 f4 f5")
    );
    // The champion's 2-square moves jump; sliders stop at the first piece, taking an enemy.
    assert_eq!(
        targets_of(
            &with(&[("e4", 'C'), ("e5", 'P'), ("f4", 'p'), ("e6", 'n')]),
            "e4"
        ),
        set("e3 d4 f4 e6 e2 c4 g4 g6 g2 c6 c2")
    );
    assert_eq!(
        targets_of(&with(&[("e4", 'R'), ("e7", 'p'), ("b4", 'P')]), "e4"),
        set("e5 e6 e7 e3 e2 e1 e0 f4 g4 h4 i4 j4 d4 c4")
    );
    assert_eq!(
        targets_of(&with(&[("e4", 'B'), ("g6", 'p'), ("c2", 'N')]), "e4"),
        set("f5 g6 f3 g2 h1 i0 d5 c6 b7 a8 d3")
    );
    // Queen on e4, Kings on w2 and w4 (off her lines): 5 + 4 + 5 + 4 orthogonal, and the
    // diagonals run on into w3 and w1.
    let q = targets_of(&[("e4", 'Q'), ("w2", 'K'), ("w4", 'k')], "e4");
    assert_eq!(q.len(), 5 + 4 + 5 + 4 + 6 + 4 + 4 + 5);
    assert!(q.contains("w3") && q.contains("w1"));
}

#[test]
fn s2_wizard_is_colour_bound() {
    for s in S.squares() {
        let (x, y) = S.coords(s);
        for t in S.leaps(Leap::Wizard, s) {
            let (tx, ty) = S.coords(t);
            assert_eq!((x + y).rem_euclid(2), (tx + ty).rem_euclid(2));
        }
    }
    // §1.2: w1 and w3 light, w2 and w4 dark; each side has one Wizard of each colour.
    let light = |n: &str| {
        let (x, y) = S.coords(sq(n));
        (x + y).rem_euclid(2) == 0
    };
    assert!(
        light("a0") && !light("j0") && light("w1") && !light("w2") && light("w3") && !light("w4")
    );
    assert!(light("e0") && !light("e9"));
}

#[test]
fn s2_start_position() {
    let p = Position::start(GameId::Omega);
    assert_eq!(p.fen(), START);
    assert_eq!(GameId::Omega.start_fen(), START);
    let expect = [
        ("a0", Role::Champion),
        ("b0", Role::Rook),
        ("c0", Role::Knight),
        ("d0", Role::Bishop),
        ("e0", Role::Queen),
        ("f0", Role::King),
        ("g0", Role::Bishop),
        ("h0", Role::Knight),
        ("i0", Role::Rook),
        ("j0", Role::Champion),
    ];
    for (name, role) in expect {
        let (x, _) = S.coords(sq(name));
        let white = p.piece_at(sq(name)).expect("white piece");
        let black = p
            .piece_at(S.square(x, 9).expect("square"))
            .expect("black piece");
        assert_eq!(
            (white.color(), white.role()),
            (Color::White, role),
            "{name}"
        );
        assert_eq!(
            (black.color(), black.role()),
            (Color::Black, role),
            "{name} mirrored"
        );
    }
    for (w, c) in [
        ("w1", Color::White),
        ("w2", Color::White),
        ("w3", Color::Black),
        ("w4", Color::Black),
    ] {
        let piece = p.piece_at(sq(w)).expect("wizard");
        assert_eq!((piece.color(), piece.role()), (c, Role::Wizard));
    }
    assert_eq!(p.pieces(Color::White, Role::Pawn).count(), 10);
    assert_eq!(p.pieces(Color::Black, Role::Pawn).count(), 10);
    assert_eq!(p.occupied().count(), 44);
}

#[test]
fn s2_g_is_read_as_the_champion_and_written_c() {
    let p =
        pos("grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG[W/W/w/w] w KQkq - 0 1");
    assert_eq!(p, Position::start(GameId::Omega));
    let p = pos("4k5/10/10/10/10/10/10/10/10/4K5[G/-/-/g] w - - 0 1");
    assert_eq!(
        p.fen(),
        "4k5/10/10/10/10/10/10/10/10/4K5[C/-/-/c] w - - 0 1"
    );
    // The promotion suffix `g` chooses the Champion.
    let p = pos("k9/9P/10/10/10/10/10/10/10/K9[-/-/-/-] w - - 0 1");
    let m = find(&p, "j8j9g");
    assert_eq!(m.promotion, Some(Role::Champion));
    assert_eq!(p.move_text(&m), "j8j9c");
    assert_eq!(find(&p, "j8j9G"), m);
}

// ---------------------------------------------------------------------------------------------
// §3 Pawns

#[test]
fn s3_1_pawn_pushes_and_first_steps() {
    let base = [("a0", 'K'), ("a9", 'k')];
    let pawn = |extra: &[(&'static str, char)], from: &str| {
        let mut v: Vec<(&str, char)> = base.to_vec();
        v.extend_from_slice(extra);
        targets_of(&v, from)
    };
    assert_eq!(pawn(&[("e1", 'P')], "e1"), set("e2 e3 e4"));
    assert_eq!(pawn(&[("e1", 'P'), ("e4", 'n')], "e1"), set("e2 e3"));
    assert_eq!(pawn(&[("e1", 'P'), ("e3", 'N')], "e1"), set("e2"));
    assert_eq!(pawn(&[("e1", 'P'), ("e2", 'n')], "e1"), set(""));
    // Only the start rank allows the long steps; captures only diagonally forward.
    assert_eq!(pawn(&[("e2", 'P')], "e2"), set("e3"));
    assert_eq!(
        pawn(
            &[
                ("e4", 'P'),
                ("e5", 'n'),
                ("d5", 'n'),
                ("f5", 'N'),
                ("d3", 'n')
            ],
            "e4"
        ),
        set("d5")
    );
    // Black moves toward rank 0.
    let p = pos("4k5/4p5/10/10/10/10/10/10/10/4K5[-/-/-/-] b - - 0 1");
    assert_eq!(
        legal(&p)
            .into_iter()
            .filter(|t| t.starts_with("e8"))
            .collect::<BTreeSet<_>>(),
        set("e8e7 e8e6 e8e5")
    );
    // Two- and three-square steps are pawn leaps that leave their passed squares as ep squares.
    let p = Position::start(GameId::Omega);
    for (t, kind, ep) in [
        ("e1e2", MoveKind::Normal, "-"),
        ("e1e3", MoveKind::PawnLeap, "e2"),
        ("e1e4", MoveKind::PawnLeap, "e2,e3"),
    ] {
        let m = find(&p, t);
        assert_eq!(m.kind, kind, "{t}");
        assert_eq!(p.play(&m).fen().split(' ').nth(3), Some(ep), "{t}");
    }
    let p = after(&Position::start(GameId::Omega), "a1a2 e8e5");
    assert_eq!(
        p.fen().split(' ').nth(3),
        Some("e7,e6"),
        "Black's squares in passing order"
    );
}

#[test]
fn s3_2_en_passant_lasts_one_move_and_only_pawns_take_it() {
    // After e1-e4 with a Black pawn on d3, the Black knight may go to e2 but takes nothing.
    let p = pos("k9/10/10/10/10/10/3p6/10/4P5/K4n4[-/-/-/-] w - - 0 1");
    let p = after(&p, "e1e4");
    let m = find(&p, "d3e2");
    assert_eq!(m.kind, MoveKind::EnPassant);
    assert!(
        move_json(&p, &m).contains("\"captures\":[\"e4\"]"),
        "{}",
        move_json(&p, &m)
    );
    assert!(move_json(&p, &m).contains("\"notation\":\"dxe2\""));
    let n = find(&p, "f0e2");
    assert!(
        n.captures.is_empty(),
        "a knight does not capture en passant"
    );
    assert!(p.play(&n).piece_at(sq("e4")).is_some());
    let q = p.play(&m);
    assert!(q.piece_at(sq("e4")).is_none() && q.piece_at(sq("d3")).is_none());
    assert_eq!(
        q.fen(),
        "k9/10/10/10/10/10/10/4p5/10/K4n4[-/-/-/-] w - - 0 2"
    );
    // The right is gone one move later.
    let later = after(&p, "a9a8 a0a1");
    assert!(!legal(&later).contains("d3e2"));
    assert_eq!(later.fen().split(' ').nth(3), Some("-"));
}

#[test]
fn s3_3_promotion_choices_and_move_text() {
    let p = pos("k9/9P/10/10/10/10/10/10/6p3/K6R2[-/-/-/-] w - - 0 1");
    let promos: Vec<Move> = p
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.promotion.is_some())
        .collect();
    assert_eq!(promos.len(), 6, "each choice is its own move");
    assert_eq!(
        promos
            .iter()
            .map(|m| m.promotion.expect("role"))
            .collect::<BTreeSet<_>>(),
        [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Champion,
            Role::Wizard
        ]
        .into_iter()
        .collect()
    );
    let err = p
        .parse_move("j8j9")
        .expect_err("a promotion needs its letter")
        .to_string();
    assert!(err.contains("must promote"), "{err}");
    let err = p
        .parse_move("j8j9k")
        .expect_err("no king promotion")
        .to_string();
    assert!(err.contains("'k'"), "{err}");
    let err = p
        .parse_move("a0a1q")
        .expect_err("suffix on another move")
        .to_string();
    assert!(err.contains("no promotion letter"), "{err}");
    let m = find(&p, "j8j9w");
    assert_eq!(m.promotion, Some(Role::Wizard));
    assert!(move_json(&p, &m).contains("\"promotion\":\"w\""));
    let q = p.play(&m);
    assert_eq!(q.piece_at(sq("j9")).map(|x| x.role()), Some(Role::Wizard));
    assert_eq!(q.halfmove_clock(), 0);
    // Black promotes on rank 0, also by capture; notation `gxh0=C`.
    let p = pos("k9/10/10/10/10/10/10/10/6p3/K6R2[-/-/-/-] b - - 3 1");
    let m = find(&p, "g1h0c");
    assert_eq!(p.notation(&m), "gxh0=C");
    assert!(move_json(&p, &m).contains("\"promotion\":\"c\""));
    assert_eq!(
        p.play(&m).fen(),
        "k9/10/10/10/10/10/10/10/10/K6c2[-/-/-/-] w - - 0 2"
    );
    assert!(p.parse_move("g1g0").is_err() && find(&p, "g1g0r").promotion == Some(Role::Rook));
}

// ---------------------------------------------------------------------------------------------
// §4 Castling

const CASTLE: &str = "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1[-/-/-/-] w KQkq - 0 1";

#[test]
fn s4_castling_moves_king_and_rook() {
    let p = pos(CASTLE);
    let k = find(&p, "f0h0");
    assert_eq!(k.kind, MoveKind::Castle);
    assert_eq!(p.notation(&k), "0-0");
    assert_eq!(
        p.play(&k).fen(),
        "1r3k2r1/10/10/10/10/10/10/10/10/1R4RK2[-/-/-/-] b kq - 1 1"
    );
    let q = find(&p, "f0d0");
    assert_eq!(p.notation(&q), "0-0-0");
    assert_eq!(
        p.play(&q).fen(),
        "1r3k2r1/10/10/10/10/10/10/10/10/3KR3R1[-/-/-/-] b kq - 1 1"
    );
    let b = pos(&CASTLE.replace(" w ", " b "));
    assert_eq!(
        b.play(&find(&b, "f9h9")).fen(),
        "1r4rk2/10/10/10/10/10/10/10/10/1R3K2R1[-/-/-/-] w KQ - 1 2"
    );
    assert_eq!(
        b.play(&find(&b, "f9d9")).fen(),
        "3kr3r1/10/10/10/10/10/10/10/10/1R3K2R1[-/-/-/-] w KQ - 1 2"
    );
    assert_eq!(b.notation(&find(&b, "f9d9")), "0-0-0");
}

#[test]
fn s4_castling_conditions() {
    let can = |fen: &str, m: &str| legal(&pos(fen)).contains(m);
    let with = |extra: &str, square: &str| {
        // Put `extra` (a FEN letter) on `square` of the castling position.
        let p = pos(CASTLE);
        let mut pieces: Vec<(String, char)> = p
            .occupied()
            .iter()
            .map(|s| {
                let pc = p.piece_at(s).expect("piece");
                let l = baroque_engine::games::piece_token(GameId::Omega, pc)
                    .chars()
                    .next()
                    .unwrap_or('?');
                (S.square_name(s).to_string(), l)
            })
            .collect();
        pieces.push((square.to_string(), extra.chars().next().unwrap_or('?')));
        let refs: Vec<(&str, char)> = pieces.iter().map(|(s, c)| (s.as_str(), *c)).collect();
        fen_with(&refs, 'w').replace(" w - - 0 1", " w KQkq - 0 1")
    };
    assert!(can(CASTLE, "f0h0") && can(CASTLE, "f0d0"));
    // Squares that must be empty.
    for s in ["g0", "h0"] {
        assert!(!can(&with("N", s), "f0h0"), "{s} occupied");
    }
    for s in ["c0", "d0", "e0"] {
        assert!(!can(&with("N", s), "f0d0"), "{s} occupied");
    }
    // Squares that must not be attacked (rooks on the files above them).
    for (s, m) in [
        ("f5", "f0h0"),
        ("g5", "f0h0"),
        ("h5", "f0h0"),
        ("f5", "f0d0"),
        ("e5", "f0d0"),
        ("d5", "f0d0"),
    ] {
        assert!(!can(&with("r", s), m), "{m} with {s} file attacked");
    }
    // Other squares may be attacked: only the rook crosses b0 and c0; i0 too.
    assert!(can(&with("r", "c5"), "f0d0"), "c0 attacked");
    assert!(can(&with("n", "a2"), "f0d0"), "b0 attacked");
    assert!(
        can(&with("n", "j2"), "f0h0"),
        "i0 attacked by a knight on j2"
    );
    // Without the right, or without the rook on its square, no castling.
    let p = pos(&CASTLE.replace("KQkq", "Qkq"));
    assert!(!legal(&p).contains("f0h0") && legal(&p).contains("f0d0"));
    let err = fen_error(&CASTLE.replace("1R3K2R1[", "1R3K4["));
    assert!(
        err.contains("castling field") && err.contains("'K'"),
        "{err}"
    );
}

#[test]
fn s4_castling_rights_are_lost() {
    let rights = |p: &Position| p.fen().split(' ').nth(2).unwrap_or("").to_string();
    let p = pos(CASTLE);
    assert_eq!(rights(&after(&p, "f0f1")), "kq", "king moves");
    assert_eq!(rights(&after(&p, "f0f1 f9f8 f1f0 f8f9")), "-", "for good");
    assert_eq!(rights(&after(&p, "i0i4")), "Qkq", "rook leaves i0");
    assert_eq!(rights(&after(&p, "b0b4")), "Kkq", "rook leaves b0");
    assert_eq!(rights(&after(&p, "b0b9")), "Kk", "capture on b9");
    assert_eq!(rights(&after(&p, "i0i9")), "Qq", "capture on i9");
    assert_eq!(rights(&after(&p, "f0h0")), "kq", "castling");
    assert_eq!(rights(&after(&p, "i0i1 b9b0")), "k", "capture on b0");
}

// ---------------------------------------------------------------------------------------------
// §5 Check and legality

/// The legal moves by definition: pseudo-legal moves after which the mover's King is not
/// attacked, the attack found by generating every opponent move (the slow reference).
fn legal_by_definition(p: &Position) -> BTreeSet<String> {
    let us = p.side_to_move();
    let mut l = MoveList::new();
    p.pseudo_moves_for(us, &mut l);
    l.iter()
        .filter(|m| !p.play(m).is_king_attacked_slow(us))
        .map(|m| p.move_text(m))
        .collect()
}

/// Random games from several start positions: the fast legal generator, the fast check test,
/// the incremental hash and the FEN writer and reader all agree with their references.
#[test]
fn s5_legal_moves_and_check_agree_with_the_slow_reference() {
    let starts = [
        START,
        "1r3k2r1/pppp1pppp1/10/10/10/3p1p4/3pPp4/10/10/1R3K2R1[W/W/w/w] b KQkq e2 0 1",
        "10/10/7k2/10/10/3pP5/3p1p4/10/1B8/5K4[-/-/-/-] b - e2,e3 0 1",
        "5k4/10/10/3P6/1K1Pp3r1/10/10/10/10/10[-/-/-/-] w - e7,e6 0 2",
        "4k5/10/10/10/10/10/10/10/10/1R3K2R1[w/w/-/-] w KQ - 0 1",
        "c3k4c/pp1p1pp1pp/2q1n5/2p4b2/4P5/1P6P1/3B2p3/2N5Q1/PP1PP1PPPP/C3K4C[W/W/w/w] w - - 0 1",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut positions = 0;
    let mut special = [0usize; 3];
    for (i, fen) in starts.iter().enumerate() {
        for game in 0..if i == 0 { 12 } else { 6 } {
            let mut p = pos(fen);
            for _ply in 0..160 {
                positions += 1;
                let fast = legal(&p);
                assert_eq!(fast, legal_by_definition(&p), "legal moves of {}", p.fen());
                for c in [Color::White, Color::Black] {
                    assert_eq!(
                        p.is_king_attacked(c),
                        p.is_king_attacked_slow(c),
                        "check of {c:?} in {}",
                        p.fen()
                    );
                }
                assert_eq!(p.hash(), p.compute_hash());
                let again = pos(&p.fen());
                assert_eq!(again, p, "FEN round trip of {}", p.fen());
                let moves = p.legal_moves();
                let their_king = p.king(p.side_to_move().other()).expect("king");
                assert!(
                    moves.iter().all(|m| !m.captures.contains(their_king)),
                    "kings are never captured"
                );
                if moves.is_empty() {
                    break;
                }
                // Take en passant and castling whenever one is on offer, half of the time.
                let rare: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| matches!(m.kind, MoveKind::EnPassant | MoveKind::Castle))
                    .collect();
                assert!(
                    moves
                        .iter()
                        .all(|m| m.kind != MoveKind::EnPassant || m.promotion.is_none()),
                    "an en passant capture never promotes"
                );
                let m = if !rare.is_empty() && rng.below(2) == 0 {
                    rare[rng.below(rare.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                match m.kind {
                    MoveKind::EnPassant => special[0] += 1,
                    MoveKind::Castle => special[1] += 1,
                    _ if m.promotion.is_some() => special[2] += 1,
                    _ => {}
                }
                p = p.play(&m);
            }
            let _ = game;
        }
    }
    assert!(positions > 5000, "{positions}");
    assert!(
        special.iter().all(|n| *n > 0),
        "en passant, castling, promotion seen: {special:?}"
    );
}

#[test]
fn s5_checks_pins_and_kings_never_captured() {
    // In check, only moves that end the check are legal.
    let p = pos("4k5/10/10/10/10/10/10/6N3/3PPP4/4K3r1[-/-/-/-] w - - 0 1");
    assert!(p.in_check());
    assert_eq!(legal(&p), set("g2f0 g2h0"));
    // A piece pinned to its King moves only along the pin line, a Champion's jump included.
    let p = pos("4k5/10/10/10/10/10/10/10/10/K1C6r[-/-/-/-] w - - 0 1");
    assert_eq!(
        legal(&p)
            .into_iter()
            .filter(|t| t.starts_with("c0"))
            .collect::<BTreeSet<_>>(),
        set("c0b0 c0d0 c0e0")
    );
    // Moving out of a bishop's line from a wizard square is illegal.
    let p = pos("10/10/10/10/10/10/10/10/1N8/10[K/-/b/k] w - - 0 1");
    assert!(
        legal(&p).iter().all(|t| !t.starts_with("b1")),
        "the knight on b1 is pinned"
    );
    // A King may not step onto a square attacked through its own start square.
    let p = pos("4k5/10/10/10/10/10/10/10/10/r3K5[-/-/-/-] w - - 0 1");
    assert!(!legal(&p).contains("e0f0"));
    assert!(legal(&p).contains("e0e1"));
}

// ---------------------------------------------------------------------------------------------
// §6 End of the game

#[test]
fn flag_fall_only_a_lone_king_cannot_mate() {
    // docs/rules-decisions.md, "Flag fall": a lone King cannot mate; a lone minor piece can
    // (omega.md §6), so the flag that falls against it loses.
    let flag = |fen: &str, c: Color| {
        let s = Game::new(pos(fen)).flag_fall(c);
        (s.result, s.reason)
    };
    let knight = "10/10/10/10/4k5/10/10/10/2N7/4K5[-/-/-/-] w - - 0 1";
    assert_eq!(
        flag(knight, Color::White),
        (
            GameResult::Draw,
            Some(Reason::TimeoutVsInsufficientMaterial)
        )
    );
    assert_eq!(
        flag(knight, Color::Black),
        (GameResult::White, Some(Reason::Timeout))
    );
    let wizard = "10/10/10/10/4k5/10/10/10/10/4K5[-/-/-/W] b - - 0 1";
    assert_eq!(flag(wizard, Color::Black).0, GameResult::White);
    assert_eq!(flag(wizard, Color::White).0, GameResult::Draw);
    // Bare Kings: the game is already drawn, and a flag fall keeps that.
    let bare = "10/10/10/10/4k5/10/10/10/10/4K5[-/-/-/-] w - - 0 1";
    assert_eq!(
        flag(bare, Color::White),
        (GameResult::Draw, Some(Reason::InsufficientMaterial))
    );
}

#[test]
fn s6_order_of_the_end_conditions() {
    // Checkmate is reported even with the fifty-move clock run out.
    let mate = "10/10/10/10/4K5/10/10/2B7/10/10[k/-/-/-] b - - 0 1";
    assert_eq!(
        status(&pos(&mate.replace("- 0 1", "- 100 80"))),
        (GameResult::White, Some(Reason::Checkmate))
    );
    // Stalemate before insufficient material and fifty moves.
    let stale = "10/10/10/10/10/10/10/10/1K8/10[k/-/-/-] b - - 120 80";
    assert_eq!(
        status(&pos(stale)),
        (GameResult::Draw, Some(Reason::Stalemate))
    );
    // Bare kings (nothing on any of the 104 squares) before fifty moves.
    let bare = "10/10/10/10/4k5/10/10/10/10/4K5[-/-/-/-] w - - 100 80";
    assert_eq!(
        status(&pos(bare)),
        (GameResult::Draw, Some(Reason::InsufficientMaterial))
    );
    // Move generation ignores rules 3–5.
    assert_eq!(pos(bare).legal_moves().len(), 5);
    // One minor piece is not insufficient, even on a wizard square.
    for piece in ["B", "N", "C", "W"] {
        let fen = format!("10/10/10/10/4k5/10/10/10/10/4K5[{piece}/-/-/-] w - - 0 1");
        assert_eq!(status(&pos(&fen)), (GameResult::Ongoing, None), "{piece}");
    }
    // Fifty moves: 100 plies, not 99.
    let fifty = "10/10/10/10/4k5/10/10/10/10/4K5[N/-/-/-] w - - 100 80";
    assert_eq!(
        status(&pos(fifty)),
        (GameResult::Draw, Some(Reason::FiftyMove))
    );
    let p = pos(&fifty.replace("- 100 80", "- 99 80"));
    assert_eq!(status(&p), (GameResult::Ongoing, None));
    assert_eq!(
        status(&after(&p, "e0e1")),
        (GameResult::Draw, Some(Reason::FiftyMove))
    );
    // Checkmate and stalemate come before repetition and the fifty-move rule in a game too.
    let mut g = Game::new(pos("10/10/10/10/4K5/10/10/4B5/10/10[k/-/-/-] w - - 99 80"));
    assert_eq!(g.position().notation(&find(g.position(), "e2d3")), "Bd3#");
    g.play_text("e2d3").expect("mate");
    assert_eq!(g.status().reason, Some(Reason::Checkmate));
    assert_eq!(g.status().result, GameResult::White);
}

#[test]
fn s6_clocks() {
    let p = Position::start(GameId::Omega);
    let q = after(&p, "c0d2");
    assert_eq!((q.halfmove_clock(), q.fullmove_number()), (1, 1));
    let q = after(&p, "c0d2 c9d7");
    assert_eq!((q.halfmove_clock(), q.fullmove_number()), (2, 2));
    let q = after(&p, "c0d2 c9d7 e1e4");
    assert_eq!((q.halfmove_clock(), q.fullmove_number()), (0, 2));
    let q = after(&p, "e1e4 d8d5 e4d5");
    assert_eq!(q.halfmove_clock(), 0, "capture");
    let q = after(
        &pos("k9/10/10/10/10/10/3p6/10/4P5/K4n4[-/-/-/-] w - - 7 1"),
        "e1e4 d3e2",
    );
    assert_eq!(q.halfmove_clock(), 0, "en passant");
}

#[test]
fn s6_threefold_repetition() {
    let mut g = Game::new(Position::start(GameId::Omega));
    for (i, m) in "c0d2 c9d7 d2c0 d7c9 c0d2 c9d7 d2c0 d7c9"
        .split_whitespace()
        .enumerate()
    {
        assert_eq!(g.status().result, GameResult::Ongoing, "before ply {i}");
        g.play_text(m).expect("move");
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.status(),
        baroque_engine::Status {
            result: GameResult::Draw,
            reason: Some(Reason::Repetition)
        }
    );
}

#[test]
fn s6_repetition_ignores_en_passant_squares_without_a_legal_capture() {
    // After e1-e3 nothing can take en passant: the position counts as the same as the one
    // reached later without en passant squares.
    let shuffle = " c9d7 c0d2 d7c9 d2c0";
    let mut g = Game::new(Position::start(GameId::Omega));
    g.play_text("e1e3").expect("e1e3");
    for m in shuffle.repeat(2).split_whitespace() {
        g.play_text(m).expect("move");
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.status().reason, Some(Reason::Repetition));
    // With a legal en passant capture, the first position is a different one.
    let start = pos("k8n/10/10/10/10/10/3p6/10/4P5/K8N[-/-/-/-] w - - 0 1");
    let shuffle = " j9i7 j0i2 i7j9 i2j0";
    let mut g = Game::new(start);
    g.play_text("e1e3").expect("e1e3");
    assert!(g
        .position()
        .legal_moves()
        .iter()
        .any(|m| m.kind == MoveKind::EnPassant));
    for m in shuffle.repeat(2).split_whitespace() {
        g.play_text(m).expect("move");
    }
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.status().result, GameResult::Ongoing);
    for m in shuffle.split_whitespace() {
        g.play_text(m).expect("move");
    }
    assert_eq!(g.status().reason, Some(Reason::Repetition));
}

// ---------------------------------------------------------------------------------------------
// §7 Position text

#[test]
fn s7_1_canonical_form_round_trips() {
    for fen in [
        START,
        "10/10/10/10/10/10/10/10/1C8/1K8[k/-/-/-] b - - 0 1",
        "k9/4p5/10/5P4/6pP2/10/10/10/10/K9[-/-/-/-] w - g7,g6 0 2",
        "crnbqkbnrc/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/CRNBQKBNRC[W/W/w/w] b KQkq e2,e3 0 1",
        "4k5/10/10/10/10/10/10/10/10/3KR3R1[w/w/-/-] b - - 1 1",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
    // Castling letters in any order, en passant squares in either order; output is canonical.
    let p = pos(
        "crnbqkbnrc/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/CRNBQKBNRC[W/W/w/w] b qkQK e3,e2 0 1",
    );
    assert_eq!(
        p.fen(),
        "crnbqkbnrc/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/CRNBQKBNRC[W/W/w/w] b KQkq e2,e3 0 1"
    );
    // A FEN may stop after the side to move.
    let p = pos("4k5/10/10/10/10/10/10/10/10/4K5[-/-/-/-] b");
    assert_eq!(
        p.fen(),
        "4k5/10/10/10/10/10/10/10/10/4K5[-/-/-/-] b - - 0 1"
    );
}

#[test]
fn s7_2_the_12x12_form_reads_as_the_same_position() {
    let pairs = [
        (
            "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
            START,
        ),
        (
            "w**********w/*1r3k2r1*/*pppp1pppp1*/*10*/*10*/*10*/*3p1p4*/*3pPp4*/*10*/*10*/*1R3K2R1*/W**********W b KQkq f4 0 1",
            "1r3k2r1/pppp1pppp1/10/10/10/3p1p4/3pPp4/10/10/1R3K2R1[W/W/w/w] b KQkq e2 0 1",
        ),
        (
            "1**********1/*10*/*10*/*7k2*/*10*/*10*/*3pP5*/*3p1p4*/*10*/*1B8*/*5K4*/1**********1 b - f4,f5 0 1",
            "10/10/7k2/10/10/3pP5/3p1p4/10/1B8/5K4[-/-/-/-] b - e2,e3 0 1",
        ),
        (
            "1**********1/*10*/*10*/*7k2*/*10*/*10*/*3pP5*/*3p1p4*/*10*/*1B8*/*5K4*/1**********1 b - f5f4 0 1",
            "10/10/7k2/10/10/3pP5/3p1p4/10/1B8/5K4[-/-/-/-] b - e2,e3 0 1",
        ),
        (
            "k**********1/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/1**********K w - - 0 1",
            "10/10/10/10/10/10/10/10/10/10[-/K/-/k] w - - 0 1",
        ),
        (
            "w**********w/*10*/*9k*/*10*/*6p3*/*10*/*10*/*10*/*10*/*10*/*K9*/1**********1 w - h9 0 1",
            "10/9k/10/6p3/10/10/10/10/10/K9[-/-/w/w] w - g7 0 1",
        ),
    ];
    for (grid, canonical) in pairs {
        let a = pos(grid);
        assert_eq!(a, pos(canonical), "{grid}");
        assert_eq!(a.fen(), canonical, "output is canonical");
    }
    // Grid names: file + 1, rank + 2; a12 and l1 name w4 and w2 (not en passant squares, so
    // the validity check rejects them after reading).
    let err = fen_error("1**********1/*10*/*10*/*7k2*/*10*/*10*/*3pP5*/*3p1p4*/*10*/*1B8*/*5K4*/1**********1 b - e2,e3 0 1");
    assert!(
        err.contains("en passant field"),
        "official names are not grid names: {err}"
    );
    let err = fen_error("1**********1/*10*/*10*/*7k2*/*10*/*10*/*3pP5*/*3p1p4*/*10*/*1B8*/*5K4*/1**********1 b - b12 0 1");
    assert!(err.contains("hole"), "{err}");
    let err = fen_error("1**********1/*10*/*10*/*7k2*/*10*/*10*/*3pP5*/*3p1p4*/*10*/*1B8*/*5K4*/1**********1 b - l1 0 1");
    assert!(err.contains("en passant field"), "{err}");
    let err = fen_error("1**********1/*10*/*10*/*7k2*/*10*/*10*/*3pP5*/*3p1p4*/*10*/*1B8*/*5K4*/1**********1 b - m4 0 1");
    assert!(
        err.contains("en passant field") && err.contains("'m'"),
        "{err}"
    );
}

#[test]
fn s7_2_holes_must_be_stars_and_stars_only_holes() {
    for (fen, why) in [
        ("w10w/1crnbqkbnrc1/1pppppppppp1/12/12/12/12/12/12/1PPPPPPPPPP1/1CRNBQKBNRC1/W10W w KQkq - 0 1", "board-only border notation"),
        ("w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W*********1W w KQkq - 0 1", "a hole written as a digit"),
        ("w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNR**/W**********W w KQkq - 0 1", "a star on a square"),
        ("w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W***********W w KQkq - 0 1", "13 cells"),
        ("w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W*********W w KQkq - 0 1", "11 cells"),
        ("w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W[W/W/w/w] w KQkq - 0 1", "brackets in the 12×12 form"),
        ("w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1", "11 rows"),
    ] {
        let err = fen_error(fen);
        assert!(err.starts_with("invalid FEN: board field"), "{why}: {err}");
    }
}

#[test]
fn s7_3_invalid_positions_are_rejected_with_a_clear_message() {
    let cases: &[(&str, &[&str])] = &[
        // Letters and shape.
        (
            "crnbqkbnrx/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
            &["board field", "'x'", "unknown piece letter"],
        ),
        (
            "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC w KQkq - 0 1",
            &["board field", "[w1/w2/w3/w4]"],
        ),
        (
            "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w] w KQkq - 0 1",
            &["board field", "four entries"],
        ),
        (
            "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/ww] w KQkq - 0 1",
            &["board field", "w4"],
        ),
        (
            "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w w KQkq - 0 1",
            &["board field", "]"],
        ),
        (
            "crnbqkbnrc/pppppppppp/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
            &["board field", "10 ranks"],
        ),
        (
            "crnbqkbnrc/ppppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
            &["board field", "rank 8"],
        ),
        (
            "crnbqkbnrc/pppppppppp/11/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
            &["board field", "rank 7"],
        ),
        (
            "crnbqkbnrc/pppppppppp/1-8/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
            &["board field", "'-'"],
        ),
        (
            "crnbqkbnrc/pppppppppp/55/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
            &["board field", "rank 7", "55"],
        ),
        (
            "crnbqkbnrc/pppppppppp/0910/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
            &["board field", "rank 7"],
        ),
        // Kings.
        (
            "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/K/w/w] w KQkq - 0 1",
            &["exactly one King"],
        ),
        (
            "crnbqqbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQ - 0 1",
            &["exactly one King"],
        ),
        // Pawns.
        (
            "4k5/10/10/10/10/10/10/10/10/4K4P[-/-/-/-] w - - 0 1",
            &["board field", "rank 0", "j0"],
        ),
        (
            "4k4p/10/10/10/10/10/10/10/10/4K5[-/-/-/-] w - - 0 1",
            &["board field", "rank 9", "j9"],
        ),
        (
            "4k5/10/10/10/10/10/10/10/10/4K5[P/-/-/-] w - - 0 1",
            &["board field", "w1"],
        ),
        (
            "4k5/10/10/10/10/10/10/10/10/4K5[-/-/p/-] w - - 0 1",
            &["board field", "w3"],
        ),
        // Castling.
        (
            "4k5/10/10/10/10/10/10/10/10/4K5[-/-/-/-] w K - 0 1",
            &["castling field", "'K'", "f0", "i0"],
        ),
        (
            "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1[-/-/-/-] w KK - 0 1",
            &["castling field", "repeated"],
        ),
        (
            "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1[-/-/-/-] w KX - 0 1",
            &["castling field", "'X'"],
        ),
        (
            "1r3k2n1/10/10/10/10/10/10/10/10/1R3K2R1[-/-/-/-] w k - 0 1",
            &["castling field", "'k'", "i9"],
        ),
        (
            "1r4k1r1/10/10/10/10/10/10/10/10/1R3K2R1[-/-/-/-] w q - 0 1",
            &["castling field", "'q'", "f9"],
        ),
        // En passant.
        (
            "k9/10/10/10/10/10/4P5/10/10/K9[-/-/-/-] b - e3 0 1",
            &["en passant field"],
        ),
        (
            "k9/10/10/10/10/10/10/4P5/10/K9[-/-/-/-] b - e2,e3 0 1",
            &["en passant field", "e4"],
        ),
        (
            "k9/10/10/10/10/4P5/10/10/4N5/K9[-/-/-/-] b - e2,e3 0 1",
            &["en passant field", "e1"],
        ),
        (
            "k9/10/10/10/10/4P5/4n5/10/10/K9[-/-/-/-] b - e2,e3 0 1",
            &["en passant field", "e3"],
        ),
        (
            "k9/10/10/10/10/10/4P5/10/10/K9[-/-/-/-] w - e2,e3 0 1",
            &["en passant field"],
        ),
        (
            "k9/10/10/10/10/10/4P5/10/10/K9[-/-/-/-] b - e2,f3 0 1",
            &["en passant field"],
        ),
        (
            "k9/10/10/10/10/10/4P5/10/10/K9[-/-/-/-] b - e2,e3,e4 0 1",
            &["en passant field"],
        ),
        (
            "k9/10/10/10/10/10/4P5/10/10/K9[-/-/-/-] b - e2,e2 0 1",
            &["en passant field", "repeated"],
        ),
        (
            "k9/10/10/10/10/10/4P5/10/10/K9[-/-/-/-] b - w1 0 1",
            &["en passant field"],
        ),
        (
            "k9/10/10/10/10/10/4P5/10/10/K9[-/-/-/-] b - e22 0 1",
            &["en passant field"],
        ),
        (
            "k9/10/10/4p5/10/10/10/10/10/K9[-/-/-/-] w - e7,e6 0 1",
            &["en passant field", "e5"],
        ),
        // Side to move, clocks, check.
        (
            "4k5/10/10/10/10/10/10/10/10/4K5[-/-/-/-] x - - 0 1",
            &["side-to-move field", "'x'"],
        ),
        (
            "4k5/10/10/10/10/10/10/10/10/4K5[-/-/-/-] w - - -1 1",
            &["halfmove clock field"],
        ),
        (
            "4k5/10/10/10/10/10/10/10/10/4K5[-/-/-/-] w - - 0 0",
            &["fullmove number field"],
        ),
        (
            "4k5/10/10/10/10/10/10/10/10/4K5[-/-/-/-] w - - 0 1 x",
            &["extra"],
        ),
        (
            "4k5/10/10/10/10/10/10/10/10/4K5[-/-/-/-]",
            &["side-to-move field"],
        ),
        (
            "10/10/10/10/10/10/10/10/1C8/1K8[k/-/-/-] w - - 0 1",
            &["position", "black is in check"],
        ),
    ];
    for (fen, parts) in cases {
        let err = fen_error(fen);
        assert!(err.starts_with("invalid FEN: "), "{fen}: {err}");
        for part in *parts {
            assert!(err.contains(part), "{fen}: '{err}' should mention {part}");
        }
    }
}

#[test]
fn s7_mangled_fen_text_never_panics() {
    let seeds = [
        START,
        "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
        "1**********1/*10*/*10*/*7k2*/*10*/*10*/*3pP5*/*3p1p4*/*10*/*1B8*/*5K4*/1**********1 b - f4,f5 0 1",
        "k9/4p5/10/5P4/6pP2/10/10/10/10/K9[-/-/-/-] w - g7,g6 0 2",
    ];
    let alphabet: Vec<char> = "KQRBNPCWGkqrbnpcwg0123456789/[]-*, wbéx\u{0}"
        .chars()
        .collect();
    let mut rng = Rng(0x005E_ED0F_0E6A);
    let mut accepted = 0;
    for round in 0..20_000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len());
            match rng.below(3) {
                0 => chars[i] = alphabet[rng.below(alphabet.len())],
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, alphabet[rng.below(alphabet.len())]),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = Position::from_fen(GameId::Omega, &text, RuleOptions::DEFAULT) {
            accepted += 1;
            // Whatever is accepted is a consistent position.
            assert_eq!(pos(&p.fen()), p, "{text}");
            let _ = p.legal_moves();
        }
    }
    assert!(accepted > 0);
}

// ---------------------------------------------------------------------------------------------
// §8 Move text and display notation

fn notation_of(fen: &str, m: &str) -> String {
    let p = pos(fen);
    p.notation(&find(&p, m))
}

#[test]
fn s8_display_notation() {
    // Pieces, pawns, captures, wizard squares.
    assert_eq!(notation_of(START, "w1a2"), "Wa2");
    assert_eq!(notation_of(START, "c0d2"), "Nd2");
    assert_eq!(notation_of(START, "e1e4"), "e4");
    let s = after(&Position::start(GameId::Omega), "e1e2").fen();
    assert_eq!(notation_of(&s, "a9c7"), "Cc7");
    let p = after(&Position::start(GameId::Omega), "e1e4 d8d5");
    assert_eq!(p.notation(&find(&p, "e4d5")), "exd5");
    assert_eq!(
        notation_of(
            "4k5/10/10/10/10/4p5/10/3N6/10/4K5[-/-/-/-] w - - 0 1",
            "d2e4"
        ),
        "Nxe4"
    );
    assert_eq!(
        notation_of("k9/9P/10/10/10/10/10/10/10/K9[-/-/-/-] w - - 0 1", "a0w1"),
        "Kw1"
    );
    assert_eq!(
        notation_of("4k5/10/10/10/10/10/10/10/10/4K5[B/-/n/-] w - - 0 1", "w1w3"),
        "Bxw3"
    );
    // Check and mate marks.
    assert_eq!(
        notation_of(
            "4k5/10/10/10/10/10/10/10/10/R3K5[-/-/-/-] w - - 0 1",
            "a0a9"
        ),
        "Ra9+"
    );
    let fen = fen_with(&[("b1", 'K'), ("c2", 'N'), ("w1", 'k')], 'w');
    assert_eq!(notation_of(&fen, "c2b0"), "Nb0#");
    // Move text always uses official names, two characters per square.
    let p = Position::start(GameId::Omega);
    let m = find(&p, "w1a2");
    assert_eq!(p.move_text(&m), "w1a2");
    assert_eq!(find(&p, "w1-a2"), m);
    assert_eq!(
        p.parse_move("Wa2")
            .expect("display notation is accepted too"),
        m
    );
    assert!(move_json(&p, &m).starts_with("{\"move\":\"w1a2\",\"from\":\"w1\",\"to\":\"a2\",\"captures\":[],\"promotion\":null,\"suicide\":false,\"notation\":\"Wa2\"}"));
}

#[test]
fn s8_disambiguation() {
    // Two Wizards reach a2 from w1 and b1: a wizard square has no file or rank.
    let fen = "4k5/10/10/10/10/10/10/10/1W8/4K5[W/-/-/-] w - - 0 1";
    assert_eq!(notation_of(fen, "w1a2"), "Ww1a2");
    assert_eq!(notation_of(fen, "b1a2"), "Wba2");
    // File first, then rank, then the full square.
    let fen = fen_with(&[("a1", 'R'), ("a5", 'R'), ("e0", 'K'), ("e9", 'k')], 'w');
    assert_eq!(notation_of(&fen, "a1a3"), "R1a3");
    assert_eq!(notation_of(&fen, "a5a3"), "R5a3");
    let fen = fen_with(&[("a2", 'R'), ("e2", 'R'), ("f0", 'K'), ("j9", 'k')], 'w');
    assert_eq!(notation_of(&fen, "a2c2"), "Rac2");
    assert_eq!(notation_of(&fen, "e2c2"), "Rec2");
    let fen = fen_with(
        &[
            ("a1", 'Q'),
            ("a5", 'Q'),
            ("e1", 'Q'),
            ("j0", 'K'),
            ("j9", 'k'),
        ],
        'w',
    );
    assert_eq!(notation_of(&fen, "a1e5"), "Qa1e5");
    assert_eq!(notation_of(&fen, "a5e5"), "Q5e5");
    assert_eq!(notation_of(&fen, "e1e5"), "Qee5");
    // A piece whose move to the square is illegal (pinned) is no competitor.
    let fen = fen_with(
        &[
            ("b2", 'N'),
            ("f2", 'N'),
            ("g1", 'K'),
            ("e3", 'b'),
            ("a9", 'k'),
        ],
        'w',
    );
    assert!(!legal(&pos(&fen)).contains("f2d3"));
    assert_eq!(notation_of(&fen, "b2d3"), "Nd3");
    let fen = fen_with(&[("b2", 'N'), ("f2", 'N'), ("g1", 'K'), ("a9", 'k')], 'w');
    assert_eq!(notation_of(&fen, "b2d3"), "Nbd3");
    // Pawn captures name the from-file.
    let fen = fen_with(
        &[
            ("c4", 'P'),
            ("e4", 'P'),
            ("d5", 'p'),
            ("e0", 'K'),
            ("e9", 'k'),
        ],
        'w',
    );
    assert_eq!(notation_of(&fen, "c4d5"), "cxd5");
    assert_eq!(notation_of(&fen, "e4d5"), "exd5");
}

// ---------------------------------------------------------------------------------------------
// §10 Reference counts (the counts themselves are in tests/data/omega.perft, run by perft.rs)

#[test]
fn s10_depth_2_is_40_times_40() {
    let p = Position::start(GameId::Omega);
    let divide = perft::divide(&p, 2);
    assert_eq!(divide.len(), 40);
    for (m, n) in &divide {
        assert_eq!(*n, 40, "after {}", p.move_text(m));
    }
}

#[test]
fn s3_3_a_promoted_piece_gives_no_castling_right() {
    // A Rook promoted on i9 comes down to i0; White never had the right and does not gain it.
    let p = pos("4k5/8P1/10/10/10/10/10/10/10/5K4[-/-/-/-] w - - 0 1");
    let q = after(&p, "i8i9r e9e8 i9i0 e8e9");
    assert_eq!(
        q.fen(),
        "4k5/10/10/10/10/10/10/10/10/5K2R1[-/-/-/-] w - - 3 3"
    );
    assert!(!legal(&q).contains("f0h0"));
}

/// Issue 9: displayed notation is matched with its case, so a pawn capture and a piece capture
/// to the same square stay apart (`bxc6` is the pawn's, `Bxc6` the Bishop's; `cxb5` the pawn's,
/// `Cxb5` the Champion's).
#[test]
fn s8_notation_is_matched_with_its_case() {
    let p = pos("5k4/10/1p8/2N7/3b6/10/10/10/10/5K4[-/-/-/-] b - - 0 1");
    assert_eq!(p.move_text(&find(&p, "bxc6")), "b7c6");
    assert_eq!(p.move_text(&find(&p, "Bxc6")), "d5c6");
    let p = pos("5k4/10/3c6/2p7/1N8/10/10/10/10/5K4[-/-/-/-] b - - 0 1");
    assert_eq!(p.notation(&find(&p, "c6b5")), "cxb5");
    assert_eq!(p.notation(&find(&p, "d7b5")), "Cxb5");
    assert_eq!(p.move_text(&find(&p, "cxb5")), "c6b5");
    assert_eq!(p.move_text(&find(&p, "Cxb5")), "d7b5");
}

/// Issue 9: a rank-disambiguated piece move (`C0g2`, `C1g2`) is notation, not move text from c0.
#[test]
fn s8_rank_disambiguated_notation_plays() {
    let p = pos("k9/10/10/10/10/10/10/10/6C3/5KC3[-/-/-/-] w - - 0 1");
    assert_eq!(p.notation(&find(&p, "g0g2")), "C0g2");
    assert_eq!(p.notation(&find(&p, "g1g2")), "C1g2");
    assert_eq!(p.move_text(&find(&p, "C0g2")), "g0g2");
    assert_eq!(p.move_text(&find(&p, "C1g2")), "g1g2");
}
