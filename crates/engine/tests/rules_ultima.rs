//! The rules of Ultima, one test per section of `shared/rules/ultima.md` and per worked example
//! of its §10 and §11, plus the seed errors of §12 that can be tested.

use baroque_engine::geometry::Leap;
use baroque_engine::{
    perft, report, Color, Game, GameId, GameResult, Move, MoveKind, Position, Reason, Role,
    RuleOptions, Shape, Square,
};

mod common;
use common::records::{self, Record};
use common::Rng;

// ----- helpers -----

fn opts(pairs: &[&str]) -> RuleOptions {
    let mut o = RuleOptions::DEFAULT;
    for p in pairs {
        o.set_pair(GameId::Ultima, p).expect("valid option");
    }
    o
}

fn pos_with(fen: &str, pairs: &[&str]) -> Position {
    Position::from_fen(GameId::Ultima, fen, opts(pairs)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos(fen: &str) -> Position {
    pos_with(fen, &[])
}

fn sq(name: &str) -> Square {
    Shape::Eight.parse_square(name).expect("square name")
}

fn name(s: Square) -> String {
    Shape::Eight.square_name(s).to_string()
}

fn texts(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(|m| p.move_text(m)).collect()
}

/// The legal move with this move text.
fn mv(p: &Position, text: &str) -> Move {
    p.parse_move(text)
        .unwrap_or_else(|e| panic!("{} in {}: {e}", text, p.fen()))
}

fn is_legal(p: &Position, text: &str) -> bool {
    texts(p).iter().any(|t| t == text)
}

/// The captured squares of a legal move, in contract order.
fn caps(p: &Position, text: &str) -> Vec<String> {
    let m = mv(p, text);
    p.captures_in_order(&m).into_iter().map(name).collect()
}

/// Every legal capturing move with its captures, sorted by move text.
fn capturing(p: &Position) -> Vec<(String, Vec<String>)> {
    let mut v: Vec<(String, Vec<String>)> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_capture() && !m.is_suicide())
        .map(|m| {
            (
                p.move_text(m),
                p.captures_in_order(m).into_iter().map(name).collect(),
            )
        })
        .collect();
    v.sort();
    v
}

fn owned(v: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    let mut o: Vec<(String, Vec<String>)> = v
        .iter()
        .map(|(m, c)| (m.to_string(), c.iter().map(|s| s.to_string()).collect()))
        .collect();
    o.sort();
    o
}

fn frozen_names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.frozen().iter().map(name).collect();
    v.sort();
    v
}

fn status(g: &Game) -> (GameResult, Option<Reason>) {
    let s = g.status();
    (s.result, s.reason)
}

/// Seed 000's King caption: the White King on c4 is attacked by the Withdrawer on d3 and the
/// Black King on e5 is frozen by the Immobilizer on f4.
const SEED_KING: &str = "8/8/8/4k3/2K2I2/3w4/8/8 w - - 0 1";

/// Every option set §8 and §11 name.
const OPTION_SETS: &[&[&str]] = &[
    &[],
    &["immobilizer=pure", "suicide=off"],
    &["immobilizer=pure", "suicide=off", "stalemate=draw"],
    &["immobilizer=pure", "suicide=off", "chameleon=pure"],
    &["win=capture"],
    &["chameleon=pure", "leaper=single"],
    &["stalemate=draw"],
    &["immobilizer=pure"],
    &["suicide=off"],
    &["chameleon=pure"],
    &["leaper=single"],
];

// ----- the rule book's examples, from tests/data/ultima-examples.txt -----

/// The records of `tests/data/ultima-examples.txt`.
fn examples() -> Vec<Record> {
    records::read("ultima-examples.txt", &records::ULTIMA_EXAMPLES)
}

/// The FEN of the example `id` of the examples file.
fn example_fen(id: &str) -> String {
    examples()
        .into_iter()
        .find(|e| e.get("id") == id)
        .map(|e| e.get("fen").to_string())
        .unwrap_or_else(|| panic!("no example {id}"))
}

// ----- §1 pieces and letters -----

#[test]
fn s1_pieces_and_letters() {
    let p = Position::start(GameId::Ultima);
    let count = |c: Color, r: Role| p.pieces(c, r).count();
    for c in Color::ALL {
        assert_eq!(count(c, Role::King), 1);
        assert_eq!(count(c, Role::Pincer), 8);
        assert_eq!(count(c, Role::LongLeaper), 2);
        assert_eq!(count(c, Role::Withdrawer), 1);
        assert_eq!(count(c, Role::Coordinator), 1);
        assert_eq!(count(c, Role::Immobilizer), 1);
        assert_eq!(count(c, Role::Chameleon), 2);
    }
    let white = |s: &str| p.piece_at(sq(s)).map(|x| (x.color(), x.role()));
    assert_eq!(white("a1"), Some((Color::White, Role::Immobilizer)));
    assert_eq!(white("b1"), Some((Color::White, Role::LongLeaper)));
    assert_eq!(white("c1"), Some((Color::White, Role::Chameleon)));
    assert_eq!(white("d1"), Some((Color::White, Role::King)));
    assert_eq!(white("e1"), Some((Color::White, Role::Withdrawer)));
    assert_eq!(white("h1"), Some((Color::White, Role::Coordinator)));
    assert_eq!(white("a8"), Some((Color::Black, Role::Coordinator)));
    assert_eq!(white("e8"), Some((Color::Black, Role::King)));
    assert_eq!(white("h8"), Some((Color::Black, Role::Immobilizer)));
    // Letters the game does not use are errors, not panics.
    for bad in ["q", "Q", "n", "B", "r"] {
        let fen = format!("{bad}6k/8/8/8/8/8/8/7K w - - 0 1");
        assert!(Position::from_fen(GameId::Ultima, &fen, RuleOptions::DEFAULT).is_err());
    }
}

#[test]
fn s1_pawns_have_no_forward_direction() {
    // A White Pawn on rank 8 and a Black Pawn on rank 1 move both ways along ranks and files.
    let p = pos("P6k/8/8/8/8/8/8/K6p w - - 0 1");
    let m = texts(&p);
    for t in ["a8a2", "a8g8", "a8b8"] {
        assert!(m.contains(&t.to_string()), "{t}");
    }
    let b = pos("P6k/8/8/8/8/8/8/K6p b - - 0 1");
    let m = texts(&b);
    for t in ["h1h7", "h1b1", "h1h2"] {
        assert!(m.contains(&t.to_string()), "{t}");
    }
}

// ----- §2 start position and set-up choices -----

#[test]
fn s2_canonical_start_fen() {
    let p = Position::start(GameId::Ultima);
    assert_eq!(
        p.fen(),
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1"
    );
    assert_eq!(p.legal_moves().len(), 32);
}

#[test]
fn s2_sixteen_start_arrays() {
    let white = ["ILXKWXLC", "ILXWKXLC", "CLXKWXLI", "CLXWKXLI"];
    let black = ["clxwkxli", "clxkwxli", "ilxwkxlc", "ilxkwxlc"];
    let mut seen = std::collections::HashSet::new();
    for w in white {
        for b in black {
            let fen = format!("{b}/pppppppp/8/8/8/8/PPPPPPPP/{w} w - - 0 1");
            let p = pos(&fen);
            assert_eq!(p.fen(), fen);
            assert_eq!(p.legal_moves().len(), 32, "{fen}");
            // Only pawn moves at ply 1, none capturing.
            assert!(p
                .legal_moves()
                .iter()
                .all(|m| m.role == Role::Pincer && !m.is_capture()));
            assert_eq!(perft::perft(&p, 2), 944, "{fen}");
            seen.insert(fen);
        }
    }
    assert_eq!(seen.len(), 16);
}

// ----- §3 position text -----

#[test]
fn s3_castling_and_en_passant_fields_must_be_dashes() {
    let base = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w";
    for bad in [
        format!("{base} K - 0 1"),
        format!("{base} KQkq - 0 1"),
        format!("{base} - e3 0 1"),
    ] {
        let e = Position::from_fen(GameId::Ultima, &bad, RuleOptions::DEFAULT);
        assert!(e.is_err(), "{bad}");
    }
    // A FEN may stop after the side to move.
    assert_eq!(pos(base).fen(), format!("{base} - - 0 1"));
}

#[test]
fn s3_any_material_but_one_king_each() {
    // Three Chameleons, Pawns on ranks 1 and 8.
    let p = pos("PPPk4/8/8/8/8/8/8/pppK1XXX w - - 0 1");
    assert_eq!(p.pieces(Color::White, Role::Chameleon).count(), 3);
    for bad in [
        "8/8/8/8/8/8/8/K7 w - - 0 1",
        "kk6/8/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/KK6 w - - 0 1",
    ] {
        assert!(Position::from_fen(GameId::Ultima, bad, RuleOptions::DEFAULT).is_err());
    }
}

#[test]
fn s3_side_not_to_move_in_check_is_rejected_under_checkmate() {
    // Kings on a1 and b2 attack each other: whichever side is to move, the other is in check.
    let fen = "8/8/8/8/8/8/1k6/K1P5 b - - 0 1";
    let white_attacks = Position::from_fen(GameId::Ultima, fen, RuleOptions::DEFAULT);
    assert!(white_attacks.is_err());
    let capture = Position::from_fen(GameId::Ultima, fen, opts(&["win=capture"]));
    assert!(capture.is_ok());
    // Seed 000's King position with Black to move: White is in check, rejected.
    let black_to_move = SEED_KING.replace(" w ", " b ");
    assert!(Position::from_fen(GameId::Ultima, &black_to_move, RuleOptions::DEFAULT).is_err());
    assert!(pos(SEED_KING).in_check());
}

#[test]
fn s3_clocks() {
    let mut g = Game::new(pos("7k/8/8/p4c2/4K3/8/8/8 w - - 7 3"));
    g.play_text("e4d4").unwrap();
    assert_eq!(g.position().halfmove_clock(), 8);
    assert_eq!(g.position().fullmove_number(), 3);
    g.play_text("h8g8").unwrap();
    assert_eq!(g.position().fullmove_number(), 4);
    assert_eq!(g.position().halfmove_clock(), 9);
    // A capture resets the clock.
    let mut g = Game::new(pos("7k/8/8/p4c2/4K3/8/8/8 w - - 7 3"));
    g.play_text("e4f5").unwrap();
    assert_eq!(g.position().halfmove_clock(), 0);
    // A suicide resets it too (§6.3).
    let mut g = Game::new(pos("7k/8/8/8/1Pi5/8/8/7K w - - 12 9"));
    g.play_text("b4b4").unwrap();
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.position().fen(), "7k/8/8/8/2i5/8/8/7K b - - 0 9");
}

#[test]
fn s3_bad_fen_is_an_error_never_a_panic() {
    for bad in [
        "",
        " ",
        "clxwkxli",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC x",
        "clxwkxli/pppppppp/9/8/8/8/PPPPPPPP/ILXKWXLC w",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP w",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC/8 w",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - x 1",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 0",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1 extra",
        "+Kxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w",
        "clxwkxlé/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w",
        "10/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w",
    ] {
        assert!(
            Position::from_fen(GameId::Ultima, bad, RuleOptions::DEFAULT).is_err(),
            "{bad:?}"
        );
    }
}

// ----- §4 terms and general rules -----

/// Checks G1, G3 and G4 on every legal and pseudo-legal move of `p`.
fn check_general_rules(p: &Position) {
    let us = p.side_to_move();
    let mut list = baroque_engine::MoveList::new();
    p.pseudo_moves_for(us, &mut list);
    let mut seen = std::collections::HashSet::new();
    for m in list.iter() {
        // G3: a move is identified by its squares.
        assert!(seen.insert((m.from, m.to)), "{} twice", p.move_text(m));
        let mover = p.piece_at(m.from).expect("mover");
        assert_eq!(mover.color(), us);
        assert_eq!(mover.role(), m.role);
        if m.is_suicide() {
            assert_eq!(m.from, m.to);
            assert_ne!(m.role, Role::King);
            assert!(p.frozen().contains(m.from));
            assert_eq!(m.captures.iter().collect::<Vec<_>>(), vec![m.from]);
            continue;
        }
        assert!(!p.frozen().contains(m.from), "frozen piece moved");
        // G1: only the King, and a Chameleon taking a King, move onto an occupied square.
        if let Some(target) = p.piece_at(m.to) {
            assert_eq!(target.color(), us.other());
            assert!(
                m.role == Role::King || (m.role == Role::Chameleon && target.role() == Role::King),
                "{} lands on an occupied square",
                p.move_text(m)
            );
            assert!(m.captures.contains(m.to));
        }
        // G4: only enemy pieces are captured.
        for c in m.captures {
            assert_eq!(p.piece_at(c).map(|x| x.color()), Some(us.other()));
        }
        // The Immobilizer never captures.
        if m.role == Role::Immobilizer {
            assert!(!m.is_capture());
        }
    }
}

#[test]
fn s4_general_rules_hold_in_every_example() {
    for fen in [
        &example_fen("10a-pincer"),
        &example_fen("10b-leaper"),
        &example_fen("10c-coordinator"),
        &example_fen("10d-chameleon"),
        SEED_KING,
    ] {
        for set in OPTION_SETS {
            if let Ok(p) = Position::from_fen(GameId::Ultima, fen, opts(set)) {
                check_general_rules(&p);
            }
        }
    }
    let mut rng = Rng(7);
    for _ in 0..300 {
        let fen = random_fen(&mut rng);
        let p = pos_with(&fen, &["win=capture"]);
        check_general_rules(&p);
    }
}

#[test]
fn s4_g2_a_piece_that_moves_into_a_formation_is_safe() {
    // §10 A: the Leaper g3 stands between Pg4 and Pg2; the pawn leaving g4 takes nothing there.
    let p = pos(&example_fen("10a-pincer"));
    let c = caps(&p, "g4d4");
    assert!(!c.contains(&"g3".to_string()));
    // Black's Leaper stops between the White Pawns b1 and b3 and is not taken: only a move
    // of the capturing side captures.
    let b = pos("7k/8/8/8/8/1P6/7l/KP6 b - - 0 1");
    let m = mv(&b, "h2b2");
    assert!(!m.is_capture());
    let after = b.play(&m);
    assert_eq!(
        after.piece_at(sq("b2")).map(|x| x.role()),
        Some(Role::LongLeaper)
    );
    assert_eq!(after.occupied().count(), b.occupied().count());
}

#[test]
fn s4_frozen_pieces_block_anchor_and_can_be_captured() {
    // pe4 is frozen by Id4; Pg4-f4 pins it against the Immobilizer and takes it.
    let p = pos("7k/8/8/8/3Ip1P1/8/8/K7 w - - 0 1");
    assert!(p.frozen().contains(sq("e4")));
    assert_eq!(caps(&p, "g4f4"), ["e4"]);
    // It still blocks lines: the Immobilizer cannot slide through it.
    assert!(!is_legal(&p, "d4f4"));
    // The frozen pe4 is still an anvil for Black: pc7-c4 pins the Immobilizer d4 against it.
    let b = pos("7k/2p5/8/8/3Ip1P1/8/8/K7 b - - 0 1");
    assert_eq!(caps(&b, "c7c4"), ["d4"]);
}

#[test]
fn s4_g3_captures_are_automatic() {
    // The pawn moving to d4 must take both pieces: there is no move that takes only one.
    let p = pos(&example_fen("10a-pincer"));
    let d4 = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq("g4") && m.to == sq("d4"))
        .count();
    assert_eq!(d4, 1);
    assert_eq!(caps(&p, "g4d4"), ["c4", "d5"]);
}

#[test]
fn s4_g4_only_enemy_pieces_are_captured() {
    // A White pawn between the moving White pawn and another White pawn is not taken.
    let p = pos("7k/8/8/8/8/8/8/P1P4K w - - 0 1");
    assert!(!mv(&p, "a1b1").is_capture());
    // The King is an enemy piece like any other: Ph5-d5 pins it against Pd3 (win=capture
    // shows the capture).
    let k2 = pos_with("8/8/8/7P/3k4/3P4/8/K7 w - - 0 1", &["win=capture"]);
    assert_eq!(caps(&k2, "h5d5"), ["d4"]);
}

// ----- §5 the pieces -----

#[test]
fn s5_1_king_captures_by_displacement_only() {
    let p = pos(&example_fen("11-vchess-3"));
    assert_eq!(caps(&p, "e4f5"), ["f5"]);
    assert_eq!(p.notation(&mv(&p, "e4f5")), "Ke4-f5xf5");
    // A King move next to enemies takes nothing else.
    let q = pos("7k/8/8/8/3pK3/8/8/8 w - - 0 1");
    assert!(!mv(&q, "e4e5").is_capture());
    assert!(!mv(&q, "e4e3").is_capture());
    assert_eq!(caps(&q, "e4d4"), ["d4"]);
    // Eight directions.
    let r = pos("7k/8/8/8/4K3/8/8/8 w - - 0 1");
    assert_eq!(texts(&r).len(), 8);
}

#[test]
fn s5_2_pincer_pawn() {
    // §10 A.
    let p = pos(&example_fen("10a-pincer"));
    assert_eq!(caps(&p, "g4d4"), ["c4", "d5"]);
    // Pawns slide like rooks only.
    assert!(!is_legal(&p, "g4f5"));
    // Diagonal neighbours are never pinned: the Withdrawer e5 survives.
    assert!(!caps(&p, "g4d4").contains(&"e5".to_string()));
    // The King serves as the anvil.
    let k = pos("7k/8/8/8/1pK5/8/8/P7 w - - 0 1");
    assert_eq!(caps(&k, "a1a4"), ["b4"]);
    // So does a frozen piece (Pc4 is frozen by ic5).
    let f = pos("7k/8/8/2i5/1pP5/8/8/P6K w - - 0 1");
    assert!(f.frozen().contains(sq("c4")));
    assert_eq!(caps(&f, "a1a4"), ["b4"]);
    // An empty square or an enemy piece beyond is no anvil.
    let e = pos("7k/8/8/8/1p1p4/8/8/P6K w - - 0 1");
    assert!(!mv(&e, "a1a4").is_capture());
    // At most three pieces, one on each side but the one it came from.
    let three = pos("k7/3P4/3p4/1Pp1pP2/8/3P4/8/7K w - - 0 1");
    assert_eq!(caps(&three, "d3d5"), ["c5", "d6", "e5"]);
}

#[test]
fn s5_3_long_leaper() {
    // §10 B.
    let p = pos(&example_fen("10b-leaper"));
    assert_eq!(caps(&p, "d2d8"), ["d3", "d5", "d7"]);
    assert_eq!(caps(&p, "d2d6"), ["d3", "d5"]);
    assert_eq!(caps(&p, "d2d4"), ["d3"]);
    assert_eq!(caps(&p, "d2g5"), ["f4"]);
    assert_eq!(caps(&p, "d2h6"), ["f4"]);
    assert_eq!(
        capturing(&p),
        owned(&[
            ("d2d8", &["d3", "d5", "d7"]),
            ("d2d6", &["d3", "d5"]),
            ("d2d4", &["d3"]),
            ("d2g5", &["f4"]),
            ("d2h6", &["f4"]),
        ])
    );
    assert_eq!(p.legal_moves().len(), 15);
    // It never jumps a friendly piece nor changes direction; stops on empty squares only.
    let f = pos("7k/8/8/8/8/8/8/L1P4K w - - 0 1");
    assert!(is_legal(&f, "a1b1"));
    assert!(!is_legal(&f, "a1d1"));
    // Edge: an enemy on the edge cannot be jumped.
    let e = pos("7k/8/8/8/8/8/K7/L6p w - - 0 1");
    assert!(!texts(&e).iter().any(|t| t == "a1h1"));
    assert!(!mv(&e, "a1g1").is_capture());
}

#[test]
fn s5_3_leaper_single_option() {
    let single = pos_with(&example_fen("10b-leaper"), &["leaper=single"]);
    assert_eq!(caps(&single, "d2d4"), ["d3"]);
    assert!(!is_legal(&single, "d2d6"));
    assert!(!is_legal(&single, "d2d8"));
    // The walk ends at d5, the next piece after the first jump: only d6 and d8 disappear.
    assert_eq!(caps(&single, "d2g5"), ["f4"]);
    assert_eq!(single.legal_moves().len(), 13);
}

#[test]
fn s5_4_withdrawer() {
    // `Wg6-d3xh7+` of §9: the Withdrawer moves directly away from h7, any distance.
    let p = pos("8/7p/6W1/8/8/8/2k5/7K w - - 0 1");
    assert_eq!(caps(&p, "g6d3"), ["h7"]);
    assert_eq!(caps(&p, "g6f5"), ["h7"]);
    assert_eq!(p.notation(&mv(&p, "g6d3")), "Wg6-d3xh7+");
    // Any other direction, or toward the piece, takes nothing.
    for t in ["g6g1", "g6a6", "g6h6", "g6g8", "g6h5", "g6f7"] {
        assert!(!mv(&p, t).is_capture(), "{t}");
    }
    // At most one capture per move.
    let two = pos("8/5p1p/6W1/7p/8/8/2k5/7K w - - 0 1");
    assert_eq!(caps(&two, "g6e4"), ["h7"]);
    for m in two.legal_moves().iter() {
        assert!(m.captures.count() <= 1);
    }
}

#[test]
fn s5_5_coordinator() {
    // §10 C.
    let p = pos(&example_fen("10c-coordinator"));
    assert_eq!(caps(&p, "d4f6"), ["c6", "f2"]);
    assert_eq!(p.notation(&mv(&p, "d4f6")), "Cd4-f6xc6xf2");
    assert_eq!(caps(&p, "d4d6"), ["c6", "d2"]);
    assert_eq!(
        capturing(&p),
        owned(&[
            ("d4f6", &["c6", "f2"]),
            ("d4d6", &["c6", "d2"]),
            ("d4b6", &["c6"]),
            ("d4f4", &["f2"]),
            ("d4d3", &["d2"]),
            ("d4d5", &["d2"]),
            ("d4d7", &["d2"]),
            ("d4d8", &["d2"]),
            ("c2d2", &["d2"]),
        ])
    );
    assert_eq!(p.legal_moves().len(), 26);
}

#[test]
fn s5_5_king_move_completing_a_rectangle_captures_nothing() {
    // Kc2-d3 makes the rectangle d3/f6 with the Coordinator on f6, whose other corners d6 and
    // f3 hold Black pieces: a King move captures nothing.
    let p = pos("7k/8/3p1C2/8/8/5p2/2K5/8 w - - 0 1");
    assert!(!mv(&p, "c2d3").is_capture());
    // The Coordinator does take when it moves to form a rectangle: Cg6-f6 with Kd1 has the
    // corners d6 and f1.
    let r = pos("7k/8/3p2C1/8/8/5p2/8/3K4 w - - 0 1");
    assert_eq!(caps(&r, "g6f6"), ["d6"]);
}

#[test]
fn s5_5_coordinator_on_its_kings_line_takes_nothing_and_frozen_king_anchors() {
    // The Coordinator lands on its King's rank: corners are its own square and the King's.
    let p = pos("7k/8/8/8/8/p7/8/K1C5 w - - 0 1");
    assert!(!mv(&p, "c1d1").is_capture());
    assert!(!mv(&p, "c1c2").is_capture());
    assert_eq!(caps(&p, "c1c3"), ["a3"]);
    // A frozen King still counts as the corner (§4, §5.5): White King a1 is frozen by ib2.
    let h = pos("7k/8/8/8/p7/8/1i6/K3C3 w - - 0 1");
    assert!(h.frozen().contains(sq("a1")));
    assert_eq!(caps(&h, "e1e4"), ["a4"]);
}

#[test]
fn s5_6_immobilizer_never_captures() {
    // The Immobilizer moving away from, toward, or between enemies takes nothing.
    let p = pos("7k/8/8/2pIp3/8/8/8/K7 w - - 0 1");
    for m in p.legal_moves().iter() {
        if m.role == Role::Immobilizer {
            assert!(!m.is_capture());
        }
    }
    assert!(is_legal(&p, "d5d1"));
}

#[test]
fn s5_7_chameleon_worked_example() {
    // §10 D.
    let p = pos(&example_fen("10d-chameleon"));
    assert_eq!(caps(&p, "g6c6"), ["b6", "c2", "c5", "c7", "d6", "f6", "h6"]);
    assert_eq!(p.notation(&mv(&p, "g6c6")), "Xg6-c6xb6xc2xc5xc7xd6xf6xh6+");
    assert_eq!(caps(&p, "g6e6"), ["f6", "h6"]);
    assert!(p.notation(&mv(&p, "g6e6")).ends_with('+'));
    let after = p.play(&mv(&p, "g6c6"));
    assert_eq!(after.fen(), "2P5/3k4/P1X5/8/2P5/8/4K3/8 b - - 0 1");
    assert!(after.in_check());
    assert_eq!(p.legal_moves().len(), 41);
}

#[test]
fn s5_7_chameleon_pure_and_single() {
    let pure = pos_with(&example_fen("10d-chameleon"), &["chameleon=pure"]);
    assert_eq!(caps(&pure, "g6c6"), ["d6", "f6"]);
    assert_eq!(caps(&pure, "g6e6"), ["f6"]);
    let single = pos_with(&example_fen("10d-chameleon"), &["leaper=single"]);
    assert!(!is_legal(&single, "g6c6"));
    assert_eq!(caps(&single, "g6e6"), ["f6", "h6"]);
}

#[test]
fn s5_7_chameleon_takes_each_piece_only_by_its_method() {
    // Next to the enemy King: check, and the step takes it (win=capture shows the move).
    let k = pos_with("8/8/8/3kX3/8/8/8/K7 w - - 0 1", &["win=capture"]);
    assert_eq!(caps(&k, "e5d5"), ["d5"]);
    assert!(k.is_king_attacked(Color::Black));
    // Pawns: only orthogonal moves, only Pawns.
    let pw = pos("7k/8/8/1P6/1p6/8/1X6/K7 w - - 0 1");
    // b2-b3 lands next to b4 with Pb5 beyond.
    assert_eq!(caps(&pw, "b2b3"), ["b4"]);
    let diag = pos("7k/8/8/1P6/1p6/8/X7/K7 w - - 0 1");
    // a2-b3 is diagonal: no pincer.
    assert!(!mv(&diag, "a2b3").is_capture());
    let notpawn = pos("7k/8/8/1P6/1l6/8/1X6/K7 w - - 0 1");
    assert!(!mv(&notpawn, "b2b3").is_capture());
    // Leapers only: it cannot jump a Pawn.
    let jumps = pos("7k/8/8/8/8/8/Xp6/K7 w - - 0 1");
    assert!(!is_legal(&jumps, "a2c2"));
    let jumps = pos("7k/8/8/8/8/8/Xl6/K7 w - - 0 1");
    assert_eq!(caps(&jumps, "a2c2"), ["b2"]);
    // Withdrawers only by withdrawal.
    let w = pos("7k/8/8/8/8/2w5/1X6/K7 w - - 0 1");
    assert_eq!(caps(&w, "b2a3"), Vec::<String>::new());
    let w = pos("7k/8/8/8/8/2w5/1X6/7K w - - 0 1");
    assert_eq!(caps(&w, "b2a1"), ["c3"]);
    let wp = pos("7k/8/8/8/8/2p5/1X6/7K w - - 0 1");
    assert!(!mv(&wp, "b2a1").is_capture());
    // Coordinators only by coordination with its own King.
    let c = pos("7k/8/8/8/c7/8/8/K1X5 w - - 0 1");
    assert_eq!(caps(&c, "c1c4"), ["a4"]);
    let cp = pos("7k/8/8/8/p7/8/8/K1X5 w - - 0 1");
    assert!(!mv(&cp, "c1c4").is_capture());
    // Immobilizers and Chameleons are never captured by a Chameleon, even in the formations
    // where a Pawn would be: Xh4-d4 and Xh4-c4 land next to them with White Pawns beyond.
    let never = pos("7k/8/2PP4/2ix4/7X/8/8/K7 w - - 0 1");
    assert!(is_legal(&never, "h4d4") && is_legal(&never, "h4c4"));
    for m in never.legal_moves().iter() {
        if m.role == Role::Chameleon && !m.is_suicide() {
            assert!(!m.is_capture(), "{}", never.move_text(m));
        }
    }
}

#[test]
fn s5_7_chameleon_king_step_combines() {
    // The Chameleon on e4 steps onto the King e5 while withdrawing from the Withdrawer on e3.
    let p = pos_with("8/8/8/4k3/4X3/4w3/8/K7 w - - 0 1", &["win=capture"]);
    assert_eq!(caps(&p, "e4e5"), ["e3", "e5"]);
    let pure = pos_with(
        "8/8/8/4k3/4X3/4w3/8/K7 w - - 0 1",
        &["win=capture", "chameleon=pure"],
    );
    assert_eq!(caps(&pure, "e4e5"), ["e3", "e5"]);
}

#[test]
fn s5_other_pieces_capture_a_chameleon_normally() {
    // Pc1-c2 pins the Chameleon b2 against the King a2.
    let q = pos("7k/8/8/8/8/8/Kx6/2P5 w - - 0 1");
    assert_eq!(caps(&q, "c1c2"), ["b2"]);
    // A Long Leaper jumps it.
    let l = pos("7k/8/8/8/8/8/Kx6/1L6 w - - 0 1");
    assert_eq!(caps(&l, "b1b3"), ["b2"]);
}

// ----- §6 immobilization and suicide -----

#[test]
fn s6_1_classic_freezing() {
    // Kings are frozen too.
    let p = pos("8/8/8/4k3/3I4/8/8/K7 w - - 0 1");
    assert_eq!(frozen_names(&p), ["e5"]);
    // Two adjacent enemy Immobilizers freeze each other.
    let p = pos("7k/8/8/8/3Ii3/8/8/K7 w - - 0 1");
    assert_eq!(frozen_names(&p), ["d4", "e4"]);
    // A Chameleon next to an enemy Immobilizer freezes it and is frozen by it.
    let p = pos("7k/8/8/8/3Xi3/8/8/K7 w - - 0 1");
    assert_eq!(frozen_names(&p), ["d4", "e4"]);
    // A frozen Immobilizer keeps its freezing power: Id4, frozen by xe4, freezes pc4 and xe4.
    let p = pos("7k/8/8/8/2pIx3/8/8/K7 w - - 0 1");
    assert_eq!(frozen_names(&p), ["c4", "d4", "e4"]);
    // A Chameleon freezes nothing but Immobilizers.
    let p = pos("7k/8/8/8/3Xp3/8/8/K7 w - - 0 1");
    assert!(frozen_names(&p).is_empty());
    // Frozen pieces do not move; the rest do.
    let p = pos("7k/8/8/8/2pIp3/8/8/K7 b - - 0 1");
    assert!(texts(&p)
        .iter()
        .all(|t| !t.starts_with("c4") && !t.starts_with("e4") || t == "c4c4" || t == "e4e4"));
}

#[test]
fn s6_1_seed_000_immobilizer_caption() {
    // Seed 000: "If3-d5 immobilizes five Black pieces; the Long Leaper g4, frozen before, can
    // move again; the Immobilizer is itself frozen by the Chameleon c6; on Black's turn any
    // frozen Black piece may commit suicide."
    let p = pos("7k/8/2xlw3/2p5/2p3l1/5I2/8/K7 w - - 0 1");
    assert_eq!(frozen_names(&p), ["g4"]);
    let after = p.play(&mv(&p, "f3d5"));
    assert_eq!(frozen_names(&after), ["c4", "c5", "c6", "d5", "d6", "e6"]);
    let moves = texts(&after);
    assert!(moves.iter().any(|t| t.starts_with("g4")));
    let mut suicides: Vec<&String> = moves.iter().filter(|t| t[..2] == t[2..]).collect();
    suicides.sort();
    assert_eq!(suicides, ["c4c4", "c5c5", "c6c6", "d6d6", "e6e6"]);
}

#[test]
fn s6_1_passing_by_does_not_freeze() {
    // Black's Pawn a5 slides along rank 5 past the White Immobilizer on d6.
    let p = pos("7k/8/3I4/p7/8/8/8/K7 b - - 0 1");
    assert!(is_legal(&p, "a5h5"));
    let after = p.play(&mv(&p, "a5e5"));
    assert!(after.frozen().contains(sq("e5")));
    let after = p.play(&mv(&p, "a5g5"));
    assert!(!after.frozen().contains(sq("g5")));
    // Freezing ends when they are no longer adjacent.
    let mut g = Game::new(p);
    g.play_text("a5e5").unwrap();
    g.play_text("d6d8").unwrap();
    assert!(!g.position().frozen().contains(sq("e5")));
}

#[test]
fn s6_2_pure_immobilizer() {
    // A friendly Chameleon next to the enemy Immobilizer shields the others and is frozen.
    let fen = "7k/8/8/8/2pIx3/8/8/K7 w - - 0 1";
    assert_eq!(frozen_names(&pos(fen)), ["c4", "d4", "e4"]);
    let pure = pos_with(fen, &["immobilizer=pure"]);
    assert_eq!(frozen_names(&pure), ["d4", "e4"]);
    // A frozen neutraliser still counts: Black's Immobilizer e4 is frozen by d4 and shields c4.
    let fen = "7k/8/8/8/2pIi3/8/8/K7 w - - 0 1";
    assert_eq!(frozen_names(&pos(fen)), ["c4", "d4", "e4"]);
    assert_eq!(
        frozen_names(&pos_with(fen, &["immobilizer=pure"])),
        ["d4", "e4"]
    );
    // Two lone Immobilizers still freeze each other.
    let fen = "7k/8/8/8/3Ii3/8/8/K7 w - - 0 1";
    assert_eq!(
        frozen_names(&pos_with(fen, &["immobilizer=pure"])),
        ["d4", "e4"]
    );
    // Two neutralisers: nothing next to that Immobilizer is frozen by it.
    let fen = "7k/8/8/3x4/2pIx3/8/8/K7 w - - 0 1";
    let p = pos_with(fen, &["immobilizer=pure"]);
    assert_eq!(frozen_names(&p), ["d4"]);
}

#[test]
fn s6_3_suicide() {
    // §10 A: Pb4 is frozen by Ic4.
    let p = pos(&example_fen("10a-pincer"));
    assert!(is_legal(&p, "b4b4"));
    let m = mv(&p, "b4b4");
    assert_eq!(m.kind, MoveKind::Suicide);
    assert_eq!(p.notation(&m), "Pb4xx");
    assert_eq!(caps(&p, "b4b4"), ["b4"]);
    let json = report::move_json(&p, &m);
    assert_eq!(
        json,
        r#"{"move":"b4b4","from":"b4","to":"b4","captures":["b4"],"promotion":null,"suicide":true,"notation":"Pb4xx"}"#
    );
    // suicide=off: none.
    let off = pos_with(&example_fen("10a-pincer"), &["suicide=off"]);
    assert!(!is_legal(&off, "b4b4"));
    assert_eq!(off.legal_moves().len(), 34);
    // Not the King.
    let k = pos("7k/8/8/8/8/8/1i6/K7 w - - 0 1");
    assert!(k.frozen().contains(sq("a1")));
    assert!(!is_legal(&k, "a1a1"));
    assert!(k.parse_move("a1a1").is_err());
}

#[test]
fn s6_3_suicide_that_exposes_the_king_is_illegal() {
    // Pc4 (frozen by ib5) blocks the c-file: without it, Pc8-c1 pins Kd1 against pe1.
    let p = pos("2p4k/8/8/1i6/2P5/8/8/3Kp3 w - - 0 1");
    assert!(p.frozen().contains(sq("c4")));
    assert!(!is_legal(&p, "c4c4"));
    let mut pseudo = baroque_engine::MoveList::new();
    p.pseudo_moves_for(Color::White, &mut pseudo);
    assert!(pseudo.iter().any(|m| m.is_suicide()));
}

#[test]
fn s6_3_suicide_may_give_check() {
    let p = pos("8/8/8/k7/1i6/P7/8/L6K w - - 0 1");
    let m = mv(&p, "a3a3");
    assert_eq!(p.notation(&m), "Pa3xx+");
    assert!(p.play(&m).in_check());
}

// ----- §7 check, legal moves, end of the game -----

#[test]
fn s7_1_frozen_pieces_give_no_check() {
    // The Black King e5 is frozen by If4, so it does not attack d5 (seed 000).
    let p = pos(SEED_KING);
    assert!(is_legal(&p, "c4d5"));
    // An immobilized King is mated by the enemy King moving next to it.
    let after = p.play(&mv(&p, "c4d5"));
    assert!(after.in_check());
    assert!(after.legal_moves().is_empty());
    // Frozen status is judged in the position tested: moving the freezer away is illegal.
    let q = pos("7k/8/4I3/3w4/3K4/8/8/8 w - - 0 1");
    assert!(q.frozen().contains(sq("d5")));
    assert!(!q.in_check());
    assert!(!is_legal(&q, "e6e7"));
    assert!(!is_legal(&q, "e6h6"));
    assert!(is_legal(&q, "e6e5"));
    assert!(is_legal(&q, "e6d6"));
}

#[test]
fn s7_1_every_method_gives_check() {
    let checks = [
        // King step.
        "8/8/8/8/3k4/3K4/8/8 w - - 0 1",
        // Pincer: Pa5 slides to c5, and the Black King d5 lies between c5 and Pe5.
        "8/8/8/P2kP3/8/8/8/K7 b - - 0 1",
        // Leap.
        "8/8/8/3k4/8/8/L7/7K b - - 0 1",
        // Withdrawal.
        "8/8/8/3k4/4W3/8/8/7K b - - 0 1",
        // Coordination: White King h5 on the Black King's rank; Ca1 reaches the d-file.
        "8/8/8/3k3K/8/8/8/C7 b - - 0 1",
        // Chameleon step.
        "8/8/8/3k4/3X4/8/8/7K b - - 0 1",
    ];
    for fen in checks {
        let p = pos_with(fen, &["win=capture"]);
        let side = p.side_to_move();
        assert!(p.is_king_attacked(side), "{fen}");
        assert!(p.is_king_attacked_slow(side), "{fen}");
    }
    // The same with the attacker frozen by an enemy Immobilizer: no check.
    let frozen = [
        "8/8/8/8/2Ik4/3K4/8/8 w - - 0 1",
        "8/8/1i6/P2kP3/8/8/8/K7 b - - 0 1",
        "8/8/8/3k4/8/8/L7/1i5K b - - 0 1",
        "8/8/8/3k4/4W3/5i2/8/7K b - - 0 1",
        "8/8/8/3k3K/8/8/1i6/C7 b - - 0 1",
        "8/8/8/3k4/3X4/2i5/8/7K b - - 0 1",
    ];
    for fen in frozen {
        let p = pos_with(fen, &["win=capture"]);
        let side = p.side_to_move();
        assert!(!p.is_king_attacked(side), "{fen}");
        assert!(!p.is_king_attacked_slow(side), "{fen}");
    }
}

#[test]
fn s7_2_checkmate_and_no_moves() {
    // Seed 000: Kc4-d5 mates.
    let mut g = Game::new(pos(SEED_KING));
    g.play_text("c4d5").unwrap();
    assert_eq!(status(&g), (GameResult::White, Some(Reason::Checkmate)));
    // Kc4xd3 leaves Black without a move: Black loses (no-moves), or draws with stalemate=draw.
    let mut g = Game::new(pos(SEED_KING));
    g.play_text("c4d3").unwrap();
    assert!(!g.position().in_check());
    assert_eq!(status(&g), (GameResult::White, Some(Reason::NoMoves)));
    let mut g = Game::new(pos_with(SEED_KING, &["stalemate=draw"]));
    g.play_text("c4d3").unwrap();
    assert_eq!(status(&g), (GameResult::Draw, Some(Reason::NoMoves)));
    // The King may not move into check (d4 is attacked by the Withdrawer).
    let p = pos(SEED_KING);
    assert!(!is_legal(&p, "c4d4"));
    // Every legal move leaves the mover's King safe.
    for m in p.legal_moves().iter() {
        assert!(!p.play(m).is_king_attacked_slow(Color::White));
    }
}

#[test]
fn s7_3_win_by_capture() {
    let o = ["win=capture"];
    let p = pos_with(SEED_KING, &o);
    // Moves that leave the King capturable are legal.
    assert!(is_legal(&p, "c4d4"));
    let mut g = Game::new(p);
    g.play_text("c4d4").unwrap();
    assert!(g.position().in_check());
    let json = report::status_json(&g);
    assert!(json.contains("\"in_check\":true"), "{json}");
    g.play_text("d3d2").unwrap();
    assert_eq!(g.position().king(Color::White), None);
    assert_eq!(status(&g), (GameResult::Black, Some(Reason::KingCaptured)));
    assert!(g.position().legal_moves().is_empty());
    assert_eq!(perft::perft(g.position(), 1), 0);
    // No move at all: loss, or draw with stalemate=draw.
    let mut g = Game::new(pos_with(SEED_KING, &o));
    g.play_text("c4d3").unwrap();
    assert_eq!(status(&g), (GameResult::White, Some(Reason::NoMoves)));
    let mut g = Game::new(pos_with(SEED_KING, &["win=capture", "stalemate=draw"]));
    g.play_text("c4d3").unwrap();
    assert_eq!(status(&g), (GameResult::Draw, Some(Reason::NoMoves)));
}

#[test]
fn s7_4_repetition_and_fifty_moves() {
    let start = pos("7k/8/8/8/8/8/8/K6C w - - 0 1");
    let mut g = Game::new(start);
    for t in ["a1b1", "h8g8", "b1a1", "g8h8", "a1b1", "h8g8", "b1a1"] {
        g.play_text(t).unwrap();
        assert_eq!(g.status().result, GameResult::Ongoing);
    }
    g.play_text("g8h8").unwrap();
    assert_eq!(status(&g), (GameResult::Draw, Some(Reason::Repetition)));
    let mut g = Game::new(pos("7k/8/8/8/8/8/8/K6C w - - 99 80"));
    g.play_text("a1b1").unwrap();
    assert_eq!(status(&g), (GameResult::Draw, Some(Reason::FiftyMove)));
    // A mate on the hundredth ply is a mate.
    let mut g = Game::new(pos(&SEED_KING.replace(" 0 1", " 99 1")));
    g.play_text("c4d5").unwrap();
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(status(&g), (GameResult::White, Some(Reason::Checkmate)));
}

#[test]
fn flag_fall_lone_king_cannot_win_unless_kings_are_captured() {
    // docs/rules-decisions.md, "Flag fall": with win=checkmate a lone King never wins.
    let fen = "7k/8/8/8/8/8/8/K6C w - - 0 1";
    let g = Game::new(pos(fen));
    let white_flags = g.flag_fall(Color::White);
    assert_eq!(
        (white_flags.result, white_flags.reason),
        (
            GameResult::Draw,
            Some(Reason::TimeoutVsInsufficientMaterial)
        )
    );
    let black_flags = g.flag_fall(Color::Black);
    assert_eq!(
        (black_flags.result, black_flags.reason),
        (GameResult::White, Some(Reason::Timeout))
    );
    // Two bare Kings play on in Ultima, and either flag is a draw.
    let g = Game::new(pos("7k/8/8/8/8/8/8/K7 b - - 0 1"));
    assert_eq!(g.status().result, GameResult::Ongoing);
    for c in Color::ALL {
        assert_eq!(g.flag_fall(c).result, GameResult::Draw);
    }
    // With win=capture the other King may walk into the lone one: White's flag loses.
    let g = Game::new(pos_with(fen, &["win=capture"]));
    assert_eq!(g.flag_fall(Color::White).result, GameResult::Black);
    // An Immobilizer captures nothing but can freeze the King for its own King to mate.
    let g = Game::new(pos("6ik/8/8/8/8/8/8/K6C w - - 0 1"));
    assert_eq!(g.flag_fall(Color::White).result, GameResult::Black);
    // A game already over keeps its result.
    let mut g = Game::new(pos(SEED_KING));
    g.play_text("c4d5").unwrap();
    assert_eq!(g.flag_fall(Color::White), g.status());
    assert_eq!(g.flag_fall(Color::Black).reason, Some(Reason::Checkmate));
}

#[test]
fn s7_5_perft_counts_suicides() {
    assert_eq!(perft::perft(&pos(&example_fen("10a-pincer")), 1), 35);
    assert_eq!(
        perft::perft(&pos_with(&example_fen("10a-pincer"), &["suicide=off"]), 1),
        34
    );
}

// ----- §8 options -----

#[test]
fn s8_options_parse_and_default() {
    assert_eq!(opts(&[]), RuleOptions::DEFAULT);
    let mackay = opts(&["immobilizer=pure", "suicide=off", "chameleon=pure"]);
    assert!(!mackay.suicide);
    let mut o = RuleOptions::DEFAULT;
    assert!(o.set_pair(GameId::Ultima, "leaper=double").is_err());
    assert!(o.set_pair(GameId::Ultima, "castling=on").is_err());
}

// ----- §9 notation -----

#[test]
fn s9_notation_examples() {
    let a = pos(&example_fen("10a-pincer"));
    assert_eq!(a.notation(&mv(&a, "g4d4")), "Pg4-d4xc4xd5");
    assert_eq!(a.notation(&mv(&a, "b4b4")), "Pb4xx");
    let b = pos(&example_fen("10b-leaper"));
    assert_eq!(b.notation(&mv(&b, "d2d8")), "Ld2-d8xd3xd5xd7");
    let k = pos(&example_fen("11-vchess-3"));
    assert_eq!(k.notation(&mv(&k, "e4f5")), "Ke4-f5xf5");
    let w = pos("8/7p/6W1/8/8/8/2k5/7K w - - 0 1");
    assert_eq!(w.notation(&mv(&w, "g6d3")), "Wg6-d3xh7+");
    // Black moves use the uppercase letter too; parse_move accepts the notation.
    let black = pos("7k/8/8/8/8/8/8/K6p b - - 0 1");
    let m = mv(&black, "h1h4");
    assert_eq!(black.notation(&m), "Ph1-h4");
    assert_eq!(black.parse_move("Ph1-h4").unwrap(), m);
    assert_eq!(a.parse_move("g4-d4").unwrap(), mv(&a, "g4d4"));
    assert_eq!(a.parse_move("g4xd4").unwrap(), mv(&a, "g4d4"));
    assert!(a.parse_move("g4d9").is_err());
    assert!(a.parse_move("g4e4x").is_err());
    assert!(a.parse_move("h1h1").is_err());
}

#[test]
fn s9_move_json() {
    let a = pos(&example_fen("10a-pincer"));
    assert_eq!(
        report::move_json(&a, &mv(&a, "g4d4")),
        r#"{"move":"g4d4","from":"g4","to":"d4","captures":["c4","d5"],"promotion":null,"suicide":false,"notation":"Pg4-d4xc4xd5"}"#
    );
}

// ----- §10 worked examples -----

#[test]
fn s10_a_pincer_pawn() {
    let p = pos(&example_fen("10a-pincer"));
    assert_eq!(caps(&p, "g4d4"), ["c4", "d5"]);
    let c = caps(&p, "g4d4");
    for safe in ["e5", "d3", "g3"] {
        assert!(!c.contains(&safe.to_string()));
    }
    assert!(p.frozen().contains(sq("b4")));
    assert!(is_legal(&p, "b4b4"));
    assert_eq!(p.legal_moves().len(), 35);
}

#[test]
fn s10_b_long_leaper() {
    let p = pos(&example_fen("10b-leaper"));
    assert_eq!(p.legal_moves().len(), 15);
    assert_eq!(capturing(&p).len(), 5);
    assert_eq!(caps(&p, "d2d8"), ["d3", "d5", "d7"]);
}

#[test]
fn s10_c_coordinator() {
    let p = pos(&example_fen("10c-coordinator"));
    assert_eq!(p.legal_moves().len(), 26);
    assert_eq!(caps(&p, "d4f6"), ["c6", "f2"]);
    assert_eq!(caps(&p, "d4d6"), ["c6", "d2"]);
    assert_eq!(caps(&p, "c2d2"), ["d2"]);
}

#[test]
fn s10_d_chameleon() {
    let p = pos(&example_fen("10d-chameleon"));
    assert_eq!(p.legal_moves().len(), 41);
    assert_eq!(caps(&p, "g6c6"), ["b6", "c2", "c5", "c7", "d6", "f6", "h6"]);
    assert!(p.play(&mv(&p, "g6c6")).in_check());
    assert!(p.play(&mv(&p, "g6e6")).in_check());
}

#[test]
fn s10_s11_every_example_of_the_examples_file() {
    let all = examples();
    assert!(all.len() >= 12);
    for e in &all {
        let options: Vec<&str> = e.all("option").collect();
        let p = pos_with(e.get("fen"), &options);
        let id = format!("{} ({})", e.get("id"), e.origin());
        if let Some(n) = e.opt("total") {
            assert_eq!(p.legal_moves().len().to_string(), n, "{id}");
        }
        let mut listed = Vec::new();
        for line in e.all("capture") {
            let mut words = line.split_whitespace();
            let m = words.next().expect("move");
            let want: Vec<String> = words.map(str::to_string).collect();
            assert_eq!(caps(&p, m), want, "{id} {m}");
            listed.push((m.to_string(), want));
        }
        match e.opt("only-captures") {
            Some("yes") => {
                listed.sort();
                assert_eq!(capturing(&p), listed, "{id}");
            }
            Some(other) => panic!("{id}: only-captures is 'yes' or absent, not '{other}'"),
            None => {}
        }
        for line in e.all("notation") {
            let (m, text) = line
                .split_once(' ')
                .unwrap_or_else(|| panic!("{id}: 'notation {line}' is not 'notation MOVE TEXT'"));
            assert_eq!(p.notation(&mv(&p, m)), text, "{id}");
        }
        for m in e.all("legal") {
            assert!(is_legal(&p, m), "{id} {m}");
        }
        for m in e.all("illegal") {
            assert!(!is_legal(&p, m), "{id} {m}");
            assert!(p.parse_move(m).is_err(), "{id} {m}");
        }
        for m in e.all("check-after") {
            assert!(p.play(&mv(&p, m)).in_check(), "{id} {m}");
        }
    }
}

// ----- §11 reference counts -----

#[test]
fn s11_start_perft_under_every_option_set() {
    for set in OPTION_SETS {
        let p = Position::start_with(GameId::Ultima, opts(set));
        assert_eq!(perft::perft(&p, 1), 32, "{set:?}");
        assert_eq!(perft::perft(&p, 2), 944, "{set:?}");
        assert_eq!(perft::perft(&p, 3), 42762, "{set:?}");
    }
}

#[test]
fn s11_vchess_position_1() {
    for set in OPTION_SETS {
        let p = pos_with(&example_fen("11-vchess-1"), set);
        assert_eq!(p.legal_moves().len(), 57, "{set:?}");
        assert_eq!(
            capturing(&p),
            owned(&[
                ("c2c4", &["c5", "d4"]),
                ("c6c4", &["c5"]),
                ("c6c3", &["c5"]),
            ]),
            "{set:?}"
        );
    }
}

#[test]
fn s11_vchess_position_2() {
    let fen = example_fen("11-vchess-2");
    let fen = fen.as_str();
    for set in OPTION_SETS {
        let p = pos_with(fen, set);
        assert_eq!(p.legal_moves().len(), 26, "{set:?}");
        let pure = set.contains(&"chameleon=pure");
        let d5: &[&str] = if pure { &["c4"] } else { &["a5", "c4"] };
        assert_eq!(
            capturing(&p),
            owned(&[
                ("a2d5", d5),
                ("a2e6", &["c4"]),
                ("a2f7", &["c4"]),
                ("a2g8", &["c4"]),
            ]),
            "{set:?}"
        );
        assert!(p.play(&mv(&p, "a2g8")).in_check());
    }
}

#[test]
fn s11_vchess_position_3() {
    for set in OPTION_SETS {
        let p = pos_with(&example_fen("11-vchess-3"), set);
        let capture = set.contains(&"win=capture");
        assert_eq!(
            p.legal_moves().len(),
            if capture { 8 } else { 7 },
            "{set:?}"
        );
        assert_eq!(capturing(&p), owned(&[("e4f5", &["f5"])]));
        assert_eq!(is_legal(&p, "e4e5"), capture);
        if !capture {
            // …Pa5-d5 would pin the King against Cf5.
            let mut g = Game::new(pos_with(&example_fen("11-vchess-3"), &["win=capture"]));
            g.play_text("e4e5").unwrap();
            assert_eq!(caps(g.position(), "a5d5"), ["e5"]);
        }
    }
}

// ----- §12 seed errors we do not follow -----

#[test]
fn s12_seed_002_start_array_is_not_used() {
    let p = Position::start(GameId::Ultima);
    for c in Color::ALL {
        assert_eq!(p.pieces(c, Role::Coordinator).count(), 1);
        assert_eq!(p.pieces(c, Role::Chameleon).count(), 2);
    }
    assert_eq!(
        p.piece_at(sq("a1")).map(|x| x.role()),
        Some(Role::Immobilizer)
    );
    assert_eq!(
        p.piece_at(sq("b1")).map(|x| x.role()),
        Some(Role::LongLeaper)
    );
    assert_eq!(
        p.piece_at(sq("c1")).map(|x| x.role()),
        Some(Role::Chameleon)
    );
    assert_eq!(
        p.piece_at(sq("g8")).map(|x| x.role()),
        Some(Role::LongLeaper)
    );
}

#[test]
fn s12_pawns_move_like_rooks_not_queens() {
    let p = pos("7k/8/8/8/3P4/8/8/K7 w - - 0 1");
    let m = texts(&p);
    assert_eq!(m.iter().filter(|t| t.starts_with("d4")).count(), 14);
    assert!(!m.contains(&"d4e5".to_string()));
}

#[test]
fn s12_leaper_keeps_one_direction() {
    // Seed 002 would let Ld2 leap d3 then turn; our Leaper never changes direction: from d2, the
    // only destinations after jumping d3 are on the d-file.
    let p = pos(&example_fen("10b-leaper"));
    for m in p.legal_moves().iter() {
        if m.role == Role::LongLeaper && m.is_capture() {
            let (fx, fy) = Shape::Eight.coords(m.from);
            let (tx, ty) = Shape::Eight.coords(m.to);
            let (dx, dy) = ((tx - fx).signum(), (ty - fy).signum());
            for c in m.captures {
                let (cx, cy) = Shape::Eight.coords(c);
                assert_eq!(((cx - fx).signum(), (cy - fy).signum()), (dx, dy));
                assert!(dx == 0 || dy == 0 || (cx - fx).abs() == (cy - fy).abs());
            }
        }
    }
}

#[test]
fn s12_chameleon_takes_kings_and_only_freezes_immobilizers() {
    let p = pos_with("8/8/8/3kX3/8/8/8/K7 b - - 0 1", &["win=capture"]);
    assert!(p.in_check());
    // It never captures an Immobilizer: stepping next to one freezes both.
    let q = pos("7k/8/8/8/8/3X4/8/K4i2 w - - 0 1");
    let after = q.play(&mv(&q, "d3e2"));
    assert!(after.frozen().contains(sq("f1")));
    assert!(after.frozen().contains(sq("e2")));
    assert_eq!(after.occupied().count(), q.occupied().count());
}

#[test]
fn s12_check_and_checkmate_are_the_default() {
    assert_eq!(
        RuleOptions::DEFAULT.win,
        baroque_engine::options::WinRule::Checkmate
    );
    let p = pos(SEED_KING);
    assert!(p.in_check());
    assert!(!is_legal(&p, "c4d4"));
}

#[test]
fn s12_king_c4_may_go_to_d5() {
    // Seed 001 forbids c4-d5; seed 000 says it mates, and we follow seed 000.
    let p = pos(SEED_KING);
    assert!(is_legal(&p, "c4d5"));
    assert!(!is_legal(&p, "c4d4"));
    assert_eq!(p.notation(&mv(&p, "c4d5")), "Kc4-d5+");
    let mut g = Game::new(p);
    g.play_text("c4d5").unwrap();
    assert_eq!(status(&g), (GameResult::White, Some(Reason::Checkmate)));
}

// ----- the fast check test against the slow one -----

/// A random placement: one King each and 2–24 other pieces, either side to move.
fn random_fen(rng: &mut Rng) -> String {
    let mut board = [None::<char>; 64];
    let letters = ['P', 'L', 'W', 'C', 'I', 'X'];
    let mut put = |rng: &mut Rng, c: char| loop {
        let s = rng.below(64);
        if board[s].is_none() {
            board[s] = Some(c);
            break;
        }
    };
    put(rng, 'K');
    put(rng, 'k');
    let n = 2 + rng.below(23);
    for _ in 0..n {
        let l = letters[rng.below(letters.len())];
        let c = if rng.below(2) == 0 {
            l
        } else {
            l.to_ascii_lowercase()
        };
        put(rng, c);
    }
    let mut fen = String::new();
    for y in (0..8).rev() {
        let mut empty = 0;
        for x in 0..8 {
            match board[y * 8 + x] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if y > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if rng.below(2) == 0 { " w" } else { " b" });
    fen
}

#[test]
fn s7_1_fast_check_agrees_with_slow_check_on_random_placements() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut attacked = 0;
    for set in OPTION_SETS {
        let mut o = opts(set);
        o.win = baroque_engine::options::WinRule::Capture;
        for _ in 0..1500 {
            let fen = random_fen(&mut rng);
            let p = Position::from_fen(GameId::Ultima, &fen, o).expect("random FEN");
            for c in Color::ALL {
                let fast = p.is_king_attacked(c);
                assert_eq!(fast, p.is_king_attacked_slow(c), "{fen} {c:?} {set:?}");
                attacked += fast as u32;
            }
        }
    }
    assert!(attacked > 1000, "the sample has too few checks: {attacked}");
}

#[test]
fn s7_1_fast_check_agrees_with_slow_check_in_random_games() {
    let mut rng = Rng(12345);
    let mut checks = 0;
    for set in OPTION_SETS {
        for _game in 0..12 {
            let mut p = Position::start_with(GameId::Ultima, opts(set));
            for _ply in 0..160 {
                let moves = p.legal_moves();
                if p.king(Color::White).is_none() || p.king(Color::Black).is_none() {
                    // win=capture: a position without one of the Kings has no moves (§7.3).
                    assert!(moves.is_empty());
                    break;
                }
                // Every legal move leaves the mover safe by the slow test, and the fast test of
                // the next position agrees with the slow one for both Kings.
                let mut pseudo = baroque_engine::MoveList::new();
                p.pseudo_moves_for(p.side_to_move(), &mut pseudo);
                for m in pseudo.iter() {
                    let next = p.play(m);
                    let legal = moves.iter().any(|x| x == m);
                    if p.has_check_rule() {
                        assert_eq!(
                            legal,
                            !next.is_king_attacked_slow(p.side_to_move()),
                            "{} {}",
                            p.fen(),
                            p.move_text(m)
                        );
                    } else {
                        assert!(legal);
                    }
                    for c in Color::ALL {
                        assert_eq!(next.is_king_attacked(c), next.is_king_attacked_slow(c));
                    }
                }
                if moves.is_empty() {
                    break;
                }
                // Prefer captures to reach varied material.
                let caps: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
                let m = if !caps.is_empty() && rng.below(3) > 0 {
                    *caps[rng.below(caps.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                p = p.play(&m);
                checks += p.in_check() as u32;
                assert_eq!(p.hash(), p.compute_hash());
            }
        }
    }
    assert!(checks > 10, "too few checks reached: {checks}");
}

/// §6 written out square by square, to check the engine's frozen set.
fn reference_frozen(p: &Position) -> Vec<String> {
    let shape = Shape::Eight;
    let pure = p.options().immobilizer == baroque_engine::options::ImmobilizerRule::Pure;
    let mut out = Vec::new();
    for s in p.occupied() {
        let x = p.piece_at(s).expect("piece");
        let near = shape.leaps(Leap::King, s);
        let enemy_near = |r: Role| {
            near.iter()
                .filter(|t| {
                    p.piece_at(*t)
                        .is_some_and(|q| q.color() != x.color() && q.role() == r)
                })
                .collect::<Vec<_>>()
        };
        let a = x.role() == Role::Immobilizer && !enemy_near(Role::Chameleon).is_empty();
        let b = enemy_near(Role::Immobilizer).iter().any(|i| {
            !pure
                || !shape.leaps(Leap::King, *i).iter().any(|t| {
                    t != s
                        && p.piece_at(t).is_some_and(|q| {
                            q.color() == x.color()
                                && matches!(q.role(), Role::Chameleon | Role::Immobilizer)
                        })
                })
        });
        if a || b {
            out.push(name(s));
        }
    }
    out.sort();
    out
}

#[test]
fn s6_frozen_set_agrees_with_the_rule_text() {
    let mut rng = Rng(99);
    for _ in 0..3000 {
        let fen = random_fen(&mut rng);
        for imm in ["immobilizer=classic", "immobilizer=pure"] {
            let p = pos_with(&fen, &["win=capture", imm]);
            assert_eq!(frozen_names(&p), reference_frozen(&p), "{fen} {imm}");
        }
    }
}

#[test]
fn s7_2_legal_moves_never_leave_the_king_in_check_on_random_placements() {
    let mut rng = Rng(4242);
    let mut tested = 0;
    let sets: &[&[&str]] = &[
        &[],
        &["immobilizer=pure"],
        &["leaper=single", "suicide=off"],
        &["chameleon=pure", "immobilizer=pure"],
    ];
    for i in 0..8000 {
        let fen = random_fen(&mut rng);
        let set = sets[i % sets.len()];
        let Ok(p) = Position::from_fen(GameId::Ultima, &fen, opts(set)) else {
            continue;
        };
        tested += 1;
        let legal = p.legal_moves();
        let mut pseudo = baroque_engine::MoveList::new();
        p.pseudo_moves_for(p.side_to_move(), &mut pseudo);
        for m in pseudo.iter() {
            let ok = !p.play(m).is_king_attacked_slow(p.side_to_move());
            assert_eq!(
                legal.iter().any(|x| x == m),
                ok,
                "{fen} {set:?} {}",
                p.move_text(m)
            );
        }
    }
    assert!(tested > 2000, "{tested}");
}

// ----- an independent, square-by-square reading of §5 and §6.3 -----

/// One move as the reference sees it: start, destination, sorted victims, suicide.
type RefMove = (Square, Square, Vec<Square>, bool);

/// The pseudo-legal moves of `us` written directly from the rule text, on a copy of the board
/// where each move is judged with the mover on its destination and its start square empty (G2).
fn reference_moves(p: &Position, us: Color) -> Vec<RefMove> {
    use baroque_engine::Dir;
    let shape = Shape::Eight;
    let o = p.options();
    let single = o.leaper == baroque_engine::options::LeaperRule::Single;
    let pure_cham = o.chameleon == baroque_engine::options::ChameleonRule::Pure;
    let frozen: Vec<Square> = reference_frozen(p).iter().map(|n| sq(n)).collect();
    let at = |s: Square| p.piece_at(s);
    let enemy_of = |s: Option<Square>, role: Option<Role>| {
        s.and_then(at)
            .is_some_and(|q| q.color() != us && role.is_none_or(|r| q.role() == r))
    };
    let mut out: Vec<RefMove> = Vec::new();
    let mut add = |from: Square, to: Square, mut v: Vec<Square>, suicide: bool| {
        v.sort();
        v.dedup();
        out.push((from, to, v, suicide));
    };
    let slide = |from: Square, d: Dir| {
        let mut v = Vec::new();
        let mut s = from;
        while let Some(t) = shape.step(s, d) {
            if at(t).is_some() {
                break;
            }
            v.push(t);
            s = t;
        }
        v
    };
    let our_king = p.king(us);
    // The board after a move, for the tests made where the mover lands.
    let after = |from: Square, to: Square, s: Square| -> Option<baroque_engine::Piece> {
        if s == to {
            at(from)
        } else if s == from {
            None
        } else {
            at(s)
        }
    };
    // Pincer victims at `to` among `targets` (a role, or any piece).
    let pincers = |from: Square, to: Square, only: Option<Role>| {
        let mut v = Vec::new();
        for d in Dir::ORTHOGONAL {
            let Some(a) = shape.step(to, d) else { continue };
            let Some(b) = shape.step(a, d) else { continue };
            let victim = after(from, to, a)
                .is_some_and(|q| q.color() != us && only.is_none_or(|r| q.role() == r));
            let anvil = after(from, to, b).is_some_and(|q| q.color() == us);
            if victim && anvil {
                v.push(a);
            }
        }
        v
    };
    let corners = |to: Square, only: Option<Role>| {
        let mut v = Vec::new();
        let Some(k) = our_king else { return v };
        let (tx, ty) = shape.coords(to);
        let (kx, ky) = shape.coords(k);
        if tx != kx && ty != ky {
            for c in [shape.square(kx, ty), shape.square(tx, ky)]
                .into_iter()
                .flatten()
            {
                if enemy_of(Some(c), only) {
                    v.push(c);
                }
            }
        }
        v
    };
    // The Long Leaper's walk; `only` limits the pieces it may jump.
    let walk = |from: Square, d: Dir, only: Option<Role>| {
        let mut v: Vec<(Square, Vec<Square>)> = Vec::new();
        let mut jumped: Vec<Square> = Vec::new();
        let mut s = from;
        while let Some(t) = shape.step(s, d) {
            match at(t) {
                None => {
                    v.push((t, jumped.clone()));
                    s = t;
                }
                Some(q) => {
                    let may = q.color() != us
                        && only.is_none_or(|r| q.role() == r)
                        && (!single || jumped.is_empty());
                    match shape.step(t, d) {
                        Some(b) if may && at(b).is_none() => {
                            jumped.push(t);
                            s = t;
                        }
                        _ => break,
                    }
                }
            }
        }
        v
    };
    for from in p.by_color(us) {
        let Some(piece) = at(from) else { continue };
        if frozen.contains(&from) {
            if o.suicide && piece.role() != Role::King {
                add(from, from, vec![from], true);
            }
            continue;
        }
        match piece.role() {
            Role::King => {
                for d in Dir::ALL {
                    let Some(t) = shape.step(from, d) else {
                        continue;
                    };
                    match at(t) {
                        None => add(from, t, vec![], false),
                        Some(q) if q.color() != us => add(from, t, vec![t], false),
                        _ => {}
                    }
                }
            }
            Role::Pincer => {
                for d in Dir::ORTHOGONAL {
                    for t in slide(from, d) {
                        add(from, t, pincers(from, t, None), false);
                    }
                }
            }
            Role::LongLeaper => {
                for d in Dir::ALL {
                    for (t, v) in walk(from, d, None) {
                        add(from, t, v, false);
                    }
                }
            }
            Role::Withdrawer => {
                for d in Dir::ALL {
                    let behind = shape.step(from, d.opposite());
                    let v: Vec<Square> = behind
                        .filter(|b| enemy_of(Some(*b), None))
                        .into_iter()
                        .collect();
                    for t in slide(from, d) {
                        add(from, t, v.clone(), false);
                    }
                }
            }
            Role::Coordinator => {
                for d in Dir::ALL {
                    for t in slide(from, d) {
                        add(from, t, corners(t, None), false);
                    }
                }
            }
            Role::Immobilizer => {
                for d in Dir::ALL {
                    for t in slide(from, d) {
                        add(from, t, vec![], false);
                    }
                }
            }
            Role::Chameleon => {
                for d in Dir::ALL {
                    let behind = shape.step(from, d.opposite());
                    let away: Vec<Square> = behind
                        .filter(|b| enemy_of(Some(*b), Some(Role::Withdrawer)))
                        .into_iter()
                        .collect();
                    let landing = |t: Square| {
                        let mut v = away.clone();
                        if d.is_orthogonal() {
                            v.extend(pincers(from, t, Some(Role::Pincer)));
                        }
                        v.extend(corners(t, Some(Role::Coordinator)));
                        v
                    };
                    for (t, jumped) in walk(from, d, Some(Role::LongLeaper)) {
                        if pure_cham && !jumped.is_empty() {
                            add(from, t, jumped, false);
                        } else {
                            let mut v = jumped;
                            v.extend(landing(t));
                            add(from, t, v, false);
                        }
                    }
                    if let Some(t) = shape.step(from, d) {
                        if enemy_of(Some(t), Some(Role::King)) {
                            let mut v = vec![t];
                            v.extend(landing(t));
                            add(from, t, v, false);
                        }
                    }
                }
            }
            _ => panic!("not an Ultima piece"),
        }
    }
    out.sort();
    out
}

fn engine_moves(p: &Position, us: Color) -> Vec<RefMove> {
    let mut list = baroque_engine::MoveList::new();
    p.pseudo_moves_for(us, &mut list);
    let mut v: Vec<RefMove> = list
        .iter()
        .map(|m| {
            let mut c: Vec<Square> = m.captures.iter().collect();
            c.sort();
            (m.from, m.to, c, m.is_suicide())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn s5_s6_move_generation_agrees_with_a_literal_reading_of_the_rules() {
    let mut rng = Rng(0x5eed);
    let sets: &[&[&str]] = &[
        &[],
        &["immobilizer=pure"],
        &["suicide=off"],
        &["chameleon=pure"],
        &["leaper=single"],
        &["chameleon=pure", "leaper=single", "immobilizer=pure"],
    ];
    let mut captures = 0usize;
    let mut multi = 0usize;
    for _ in 0..1500 {
        let fen = random_fen(&mut rng);
        for set in sets {
            let mut all = vec!["win=capture"];
            all.extend_from_slice(set);
            let p = pos_with(&fen, &all);
            for c in Color::ALL {
                let want = reference_moves(&p, c);
                let got = engine_moves(&p, c);
                if want != got {
                    let only_ref: Vec<_> = want.iter().filter(|m| !got.contains(m)).collect();
                    let only_engine: Vec<_> = got.iter().filter(|m| !want.contains(m)).collect();
                    panic!(
                        "{fen} {set:?} {c:?}\nreference only: {only_ref:?}\nengine only: {only_engine:?}"
                    );
                }
                captures += got.iter().filter(|m| !m.2.is_empty()).count();
                multi += got.iter().filter(|m| m.2.len() > 1).count();
            }
        }
    }
    assert!(captures > 10_000 && multi > 500, "{captures} {multi}");
}

/// Perft the slow way: every pseudo-legal move, kept if the slow check test (all the opponent's
/// moves) finds the mover's King safe after it.
fn slow_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if p.king(Color::White).is_none() || p.king(Color::Black).is_none() {
        return 0;
    }
    let us = p.side_to_move();
    let mut list = baroque_engine::MoveList::new();
    p.pseudo_moves_for(us, &mut list);
    list.iter()
        .map(|m| p.play(m))
        .filter(|next| !p.has_check_rule() || !next.is_king_attacked_slow(us))
        .map(|next| slow_perft(&next, depth - 1))
        .sum()
}

#[test]
fn s7_5_perft_agrees_with_the_slow_legality_test() {
    let fens = [
        &example_fen("10a-pincer"),
        &example_fen("10b-leaper"),
        &example_fen("10c-coordinator"),
        &example_fen("10d-chameleon"),
        SEED_KING,
        &example_fen("11-vchess-1"),
        &example_fen("11-vchess-2"),
        &example_fen("11-vchess-3"),
    ];
    for set in [
        &[][..],
        &["immobilizer=pure", "leaper=single"],
        &["win=capture"],
    ] {
        for fen in fens {
            let p = pos_with(fen, set);
            assert_eq!(perft::perft(&p, 3), slow_perft(&p, 3), "{fen} {set:?}");
        }
    }
    // Middle games reached by random play.
    let mut rng = Rng(2026);
    for _ in 0..6 {
        let mut p = Position::start(GameId::Ultima);
        for _ in 0..40 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(&moves[rng.below(moves.len())]);
        }
        assert_eq!(perft::perft(&p, 3), slow_perft(&p, 3), "{}", p.fen());
    }
}

/// Depth 4 from the start (1.85 million leaves) the slow way; a few seconds, so run on demand:
/// `cargo test -p baroque-engine --test rules_ultima -- --ignored`.
#[test]
#[ignore]
fn s11_start_perft_4_agrees_with_the_slow_legality_test() {
    for set in [&[][..], &["immobilizer=pure", "suicide=off"]] {
        let p = Position::start_with(GameId::Ultima, opts(set));
        assert_eq!(perft::perft(&p, 4), slow_perft(&p, 4), "{set:?}");
    }
}
