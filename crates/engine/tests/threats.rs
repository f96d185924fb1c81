//! The threats view (`threats::threats`) in rule-book positions: ultima.md §10–§11, an Omega
//! Wizard's fork from a wizard square, hybrid Cannon and Pushme-pullyu threats, and freezes.
//! Each position is given with the threatening side to move; the threats are asked of the
//! other side after a pass (`Position::null_move`), so they are exactly that side's captures.

use std::collections::BTreeSet;

use baroque_engine::threats::threats;
use baroque_engine::{GameId, Position, RuleOptions};

type Entry = (String, String, &'static str, &'static str);

fn pos(game: GameId, fen: &str) -> Position {
    Position::from_fen(game, fen, RuleOptions::DEFAULT).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The capture threats against the side not to move in `fen`: (victim, move text, capturing
/// role id, method id).
fn captures(game: GameId, fen: &str) -> BTreeSet<Entry> {
    let p = pos(game, fen);
    let shape = p.shape();
    threats(&p.null_move())
        .captures
        .iter()
        .map(|c| {
            (
                shape.square_name(c.victim).to_string(),
                p.move_text(&c.mv),
                c.by.id(),
                c.method.id(),
            )
        })
        .collect()
}

/// The freeze threats against the side not to move in `fen`: (victim, move text, role id).
fn freezes(game: GameId, fen: &str) -> BTreeSet<(String, String, &'static str)> {
    let p = pos(game, fen);
    let shape = p.shape();
    threats(&p.null_move())
        .freezes
        .iter()
        .map(|f| {
            (
                shape.square_name(f.victim).to_string(),
                p.move_text(&f.mv),
                f.by.id(),
            )
        })
        .collect()
}

fn set(items: &[(&str, &str, &'static str, &'static str)]) -> BTreeSet<Entry> {
    items
        .iter()
        .map(|(v, m, r, k)| (v.to_string(), m.to_string(), *r, *k))
        .collect()
}

/// The victims threatened by `mv` in `all`.
fn by_move(all: &BTreeSet<Entry>, mv: &str) -> BTreeSet<(String, &'static str)> {
    all.iter()
        .filter(|e| e.1 == mv)
        .map(|e| (e.0.clone(), e.3))
        .collect()
}

#[test]
fn ultima_10a_pincer_takes_two_with_one_move() {
    let t = captures(
        GameId::Ultima,
        "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1",
    );
    let g4d4 = by_move(&t, "g4d4");
    let want: BTreeSet<(String, &str)> =
        [("c4".to_string(), "pincer"), ("d5".to_string(), "pincer")]
            .into_iter()
            .collect();
    assert_eq!(g4d4, want);
    // Not threatened by the pawn: the Withdrawer e5 (diagonal), the Chameleon d3, the Leaper g3.
    for safe in ["e5", "d3", "g3"] {
        assert!(
            !t.iter().any(|e| e.0 == safe && e.2 == "pincer"),
            "{safe} is not threatened by a pincer: {t:?}"
        );
    }
}

#[test]
fn ultima_10b_the_five_leaps_are_the_whole_threat_set() {
    let t = captures(GameId::Ultima, "k7/3c4/8/3l4/5w2/3p4/1pxL1pp1/7K w - - 0 1");
    let want = set(&[
        ("d3", "d2d8", "long-leaper", "leap"),
        ("d5", "d2d8", "long-leaper", "leap"),
        ("d7", "d2d8", "long-leaper", "leap"),
        ("d3", "d2d6", "long-leaper", "leap"),
        ("d5", "d2d6", "long-leaper", "leap"),
        ("d3", "d2d4", "long-leaper", "leap"),
        ("f4", "d2g5", "long-leaper", "leap"),
        ("f4", "d2h6", "long-leaper", "leap"),
    ]);
    assert_eq!(t, want);
}

#[test]
fn ultima_10c_coordinator_and_king() {
    let t = captures(GameId::Ultima, "7k/8/2l5/8/3C4/2P5/2Kp1i2/8 w - - 0 1");
    let mut want = vec![
        ("c6", "d4f6", "coordinator", "coordination"),
        ("f2", "d4f6", "coordinator", "coordination"),
        ("c6", "d4d6", "coordinator", "coordination"),
        ("d2", "d4d6", "coordinator", "coordination"),
        ("c6", "d4b6", "coordinator", "coordination"),
        ("f2", "d4f4", "coordinator", "coordination"),
        ("d2", "c2d2", "king", "ordinary"),
    ];
    for m in ["d4d3", "d4d5", "d4d7", "d4d8"] {
        want.push(("d2", m, "coordinator", "coordination"));
    }
    assert_eq!(t, set(&want));
}

#[test]
fn ultima_10d_chameleon_takes_seven_by_borrowed_methods() {
    let t = captures(
        GameId::Ultima,
        "2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1",
    );
    let g6c6 = by_move(&t, "g6c6");
    let victims: Vec<&str> = g6c6.iter().map(|(v, _)| v.as_str()).collect();
    assert_eq!(victims, ["b6", "c2", "c5", "c7", "d6", "f6", "h6"]);
    assert!(g6c6.iter().all(|(_, m)| *m == "chameleon"));
}

#[test]
fn ultima_11_leap_and_coordination_combined() {
    let t = captures(GameId::Ultima, "7k/8/8/c3pP2/2l5/8/X7/K7 w - - 0 1");
    let a2d5 = by_move(&t, "a2d5");
    let want: BTreeSet<(String, &str)> = [
        ("a5".to_string(), "chameleon"),
        ("c4".to_string(), "chameleon"),
    ]
    .into_iter()
    .collect();
    assert_eq!(a2d5, want);
    // The diagonal moves do not pin Pe5.
    assert!(!t.iter().any(|e| e.0 == "e5"), "{t:?}");
}

#[test]
fn ultima_immobilizer_freezes_are_listed_not_captures() {
    let fen = "7k/8/8/8/8/3p4/8/I6K w - - 0 1";
    assert!(captures(GameId::Ultima, fen).is_empty());
    let want: BTreeSet<(String, String, &str)> = [("d3", "a1c3"), ("d3", "a1d4"), ("h8", "a1g7")]
        .iter()
        .map(|(v, m)| (v.to_string(), m.to_string(), "immobilizer"))
        .collect();
    assert_eq!(freezes(GameId::Ultima, fen), want);
}

#[test]
fn ultima_a_piece_frozen_already_is_not_frozen_again() {
    // The pawn d3 is frozen by the Immobilizer on c2 now: the Immobilizer's moves to other
    // squares beside it (c3, d2, ...) keep it frozen, which is no new threat.
    let fen = "7k/8/8/8/8/3p4/2I5/7K w - - 0 1";
    assert!(freezes(GameId::Ultima, fen).iter().all(|f| f.0 != "d3"));
}

#[test]
fn omega_wizard_on_a_wizard_square_forks_queen_and_rook() {
    let t = captures(
        GameId::Omega,
        "5k4/10/10/10/7K2/10/10/q9/10/2r7[W/-/-/-] w - - 0 1",
    );
    let want = set(&[
        ("a2", "w1a2", "wizard", "ordinary"),
        ("c0", "w1c0", "wizard", "ordinary"),
    ]);
    assert_eq!(t, want);
}

#[test]
fn hybrid_cannon_hops_its_screen() {
    let t = captures(GameId::Hybrid, "5k4/10/10/r9/10/10/n9/10/5K4/Z9 w - - 0 1");
    assert_eq!(t, set(&[("a7", "a1a7", "cannon", "cannon")]));
}

#[test]
fn hybrid_pushme_pullyu_withdraws_and_approaches() {
    let t = captures(
        GameId::Hybrid,
        "10/U9/3K5w/2P5r1/P1p7/6Up2/5p1p2/10/4k5/10 w - - 0 1",
    );
    let g5h6 = by_move(&t, "g5h6");
    let want: BTreeSet<(String, &str)> = [
        ("f4".to_string(), "withdrawal"),
        ("i7".to_string(), "approach"),
    ]
    .into_iter()
    .collect();
    assert_eq!(g5h6, want);
}

#[test]
fn every_threat_is_a_legal_capture_of_the_other_side() {
    for (game, fen) in [
        (GameId::Ultima, "k7/3c4/8/3l4/5w2/3p4/1pxL1pp1/7K w - - 0 1"),
        (
            GameId::Omega,
            "crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC[W/W/w/w] w KQkq - 0 1",
        ),
        (
            GameId::Hybrid,
            "10/U9/3K5w/2P5r1/P1p7/6Up2/5p1p2/10/4k5/10 w - - 0 1",
        ),
    ] {
        let p = pos(game, fen);
        let legal = p.legal_moves();
        for c in threats(&p.null_move()).captures {
            assert!(legal.iter().any(|m| *m == c.mv), "{fen}: {:?}", c.mv);
            assert!(c.mv.captures.contains(c.victim));
            assert_eq!(
                p.piece_at(c.victim).map(|x| x.color()),
                Some(p.side_to_move().other())
            );
        }
    }
}
