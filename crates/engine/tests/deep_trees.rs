//! Game trees far deeper than any game (issue 26: a saved tree thousands of nodes deep overflowed
//! the stack): a line of 100,000 moves and variations nested 100,000 deep are built, walked,
//! compared, written and read without recursion; the reader refuses nesting past `MAX_DEPTH`
//! with its error.

use baroque_engine::pgn::{self, GameTree, NodeId, MAX_DEPTH};
use baroque_engine::{GameId, Move, Position};

const DEPTH: usize = 100_000;

/// Four moves from the start that bring the board back (a piece out and back for each side),
/// and for each of the four positions on the way another legal move.
fn cycle() -> ([Move; 4], [Move; 4]) {
    let p0 = Position::start(GameId::Omega);
    for m1 in p0.legal_moves().iter() {
        let p1 = p0.play(m1);
        for m2 in p1.legal_moves().iter() {
            let p2 = p1.play(m2);
            let back = |p: &Position, m: &Move| {
                p.legal_moves()
                    .iter()
                    .find(|b| b.from == m.to && b.to == m.from && b.captures.is_empty())
                    .copied()
            };
            let Some(m3) = back(&p2, m1) else { continue };
            let p3 = p2.play(&m3);
            let Some(m4) = back(&p3, m2) else { continue };
            let moves = [*m1, *m2, m3, m4];
            let mut others = moves;
            let mut p = p0;
            for (i, m) in moves.iter().enumerate() {
                others[i] = *p.legal_moves().iter().find(|o| *o != m).expect("two moves");
                p = p.play(m);
            }
            return (moves, others);
        }
    }
    panic!("no cycle of four moves");
}

#[test]
fn a_line_of_100000_moves_is_built_walked_written_and_read() {
    let (moves, _) = cycle();
    let mut tree = GameTree::new(Position::start(GameId::Omega));
    let mut at = None;
    for i in 0..DEPTH {
        at = Some(tree.play(at, &moves[i % 4]));
    }
    let last = at.expect("moves");
    assert_eq!(tree.len(), DEPTH);
    assert_eq!(tree.main_line().len(), DEPTH);
    assert_eq!(tree.path(last).len(), DEPTH);
    assert!(tree.is_main_line(last));
    assert_eq!(tree.main_game().moves().len(), DEPTH);
    let copy = tree.clone();
    assert_eq!(copy, tree);
    let text = pgn::write_tree(&tree, &[], None);
    let back = pgn::read(&text, GameId::Omega).expect("reads");
    assert_eq!(back[0].tree, tree);
}

#[test]
fn variations_nested_100000_deep_are_built_walked_and_written() {
    let (moves, others) = cycle();
    let mut tree = GameTree::new(Position::start(GameId::Omega));
    let mut at: Option<NodeId> = None;
    for i in 0..DEPTH {
        // Each move's line goes on in a variation to another move: nesting one deeper a move.
        tree.play(at, &others[i % 4]);
        at = Some(tree.play(at, &moves[i % 4]));
    }
    let deepest = at.expect("moves");
    assert_eq!(tree.len(), 2 * DEPTH);
    assert_eq!(tree.main_line().len(), 1);
    assert_eq!(tree.path(deepest).len(), DEPTH);
    assert!(!tree.is_main_line(deepest));
    assert_eq!(tree.game_at(Some(deepest)).moves().len(), DEPTH);
    assert_eq!(tree.clone(), tree);
    assert!(tree.promote(deepest));
    let mut main = tree.clone();
    main.make_main_line(deepest);
    assert!(main.is_main_line(deepest));
    assert_eq!(main.main_line().len(), DEPTH);
    assert_eq!(main.len(), 2 * DEPTH);
    let text = pgn::write_tree(&tree, &[], None);
    assert_eq!(text.matches('(').count(), DEPTH);
    assert_eq!(text.matches(')').count(), DEPTH);
    // The reader takes variations MAX_DEPTH deep and refuses deeper ones with its error.
    let e = pgn::read(&text, GameId::Omega).expect_err("too deep");
    assert_eq!(e.code(), "pgn-too-deep", "{e}");
    let deep = format!(
        "1. e2e5 {}{} *",
        "(1. d2d5 ".repeat(MAX_DEPTH),
        ")".repeat(MAX_DEPTH)
    );
    if let Err(e) = pgn::read(&deep, GameId::Ultima) {
        panic!("{e}");
    }
    let deeper = format!(
        "1. e2e5 {}{} *",
        "(1. d2d5 ".repeat(DEPTH),
        ")".repeat(DEPTH)
    );
    let e = pgn::read(&deeper, GameId::Ultima).expect_err("too deep");
    assert_eq!(e.code(), "pgn-too-deep", "{e}");
}
