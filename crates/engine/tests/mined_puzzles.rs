//! The puzzles mined from self-play (`tests/data/mined-<game>.txt`, written by
//! `crates/cli/examples/mine_puzzles.rs`, which verifies each with a deeper search): every line
//! has the page's six fields, its position is valid, its solution is a legal move, its goal is
//! `win` or `mate N`, and a `mate 1` solution mates. The page (www/puzzles.js) reads these files.

use std::fs;
use std::path::Path;

use baroque_engine::{Game, GameId, GameResult, Position, RuleOptions};

#[test]
fn mined_puzzles_are_well_formed() {
    for game in GameId::ALL {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data")
            .join(format!("mined-{}.txt", game.as_str()));
        let Ok(text) = fs::read_to_string(&path) else {
            continue; // not mined yet
        };
        let mut ids = std::collections::HashSet::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
            assert_eq!(f.len(), 6, "{line}");
            assert!(ids.insert(f[0]), "{}: id {} twice", path.display(), f[0]);
            let pos = Position::from_fen(game, f[1], RuleOptions::DEFAULT)
                .unwrap_or_else(|e| panic!("{}: {e}", f[0]));
            let m = pos
                .parse_move(f[2])
                .unwrap_or_else(|e| panic!("{}: {e}", f[0]));
            assert_eq!(pos.move_text(&m), f[2], "{}", f[0]);
            let goal = f[3];
            if let Some(n) = goal.strip_prefix("mate ") {
                let n: u32 = n.parse().unwrap_or_else(|_| panic!("{}: {goal}", f[0]));
                if n == 1 {
                    let mut g = Game::new(pos);
                    g.play(&m);
                    let winner = match pos.side_to_move() {
                        baroque_engine::Color::White => GameResult::White,
                        baroque_engine::Color::Black => GameResult::Black,
                    };
                    assert_eq!(g.status().result, winner, "{}: the solution mates", f[0]);
                }
            } else {
                assert_eq!(goal, "win", "{}", f[0]);
            }
            assert!(f[5].starts_with("self-play seed "), "{}: source", f[0]);
        }
    }
}

/// The puzzle page offers at least 60 puzzles of each game (issue 13): the hand-written ones
/// (`tests/data/puzzles-<game>.txt`, checked in `tests/search.rs`) and the mined ones, with no id
/// used twice, since the page remembers progress by id.
#[test]
fn every_game_has_sixty_puzzles_with_distinct_ids() {
    for game in GameId::ALL {
        let mut ids = std::collections::HashSet::new();
        for file in ["puzzles", "mined"] {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/data")
                .join(format!("{file}-{}.txt", game.as_str()));
            let text =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for line in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            {
                let id = line
                    .split(" | ")
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_string();
                assert!(ids.insert(id.clone()), "{game:?}: puzzle id {id} twice");
            }
        }
        assert!(
            ids.len() >= 60,
            "{game:?}: {} puzzles, 60 wanted",
            ids.len()
        );
    }
}
