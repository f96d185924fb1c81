//! Every legal move's display notation and move text play back as that move, in every game, at
//! every ply of seeded random games (issue 9: Omega's `bxc6`/`Bxc6` and `C0g2` did not).

use baroque_engine::{GameId, Position};

mod common;
use common::Rng;

/// Plays `games` random games of up to `plies` plies of `game` and checks every legal move of
/// every position reached.
fn check_every_ply(game: GameId, seed: u64, games: usize, plies: usize) -> usize {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut p = Position::start(game);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            for m in moves.iter() {
                let text = p.move_text(m);
                let shown = p.notation(m);
                assert_eq!(p.parse_move(&text).ok(), Some(*m), "{text} in {}", p.fen());
                assert_eq!(
                    p.parse_move(&shown).ok(),
                    Some(*m),
                    "{shown} ({text}) in {}",
                    p.fen()
                );
                checked += 1;
            }
            p = p.play(&moves[rng.below(moves.len())]);
        }
    }
    checked
}

#[test]
fn ultima_notation_and_text_play_back_at_every_ply() {
    assert!(check_every_ply(GameId::Ultima, 9, 4, 80) > 1000);
}

#[test]
fn omega_notation_and_text_play_back_at_every_ply() {
    assert!(check_every_ply(GameId::Omega, 9, 4, 120) > 1000);
}

#[test]
fn hybrid_notation_and_text_play_back_at_every_ply() {
    assert!(check_every_ply(GameId::Hybrid, 9, 3, 120) > 1000);
}

/// Positions where notations differ only in letter case or need a rank: each plays back.
#[test]
fn notations_that_differ_in_case_or_rank_play_back() {
    for fen in [
        "5k4/10/1p8/2N7/3b6/10/10/10/10/5K4[-/-/-/-] b - - 0 1",
        "5k4/10/3c6/2p7/1N8/10/10/10/10/5K4[-/-/-/-] b - - 0 1",
        "k9/10/10/10/10/10/10/10/6C3/5KC3[-/-/-/-] w - - 0 1",
        "k9/10/10/10/1B8/10/10/10/10/1B3K4[-/-/-/-] w - - 0 1",
    ] {
        let p = Position::from_fen(GameId::Omega, fen, Default::default()).expect(fen);
        for m in p.legal_moves().iter() {
            let shown = p.notation(m);
            assert_eq!(p.parse_move(&shown).ok(), Some(*m), "{shown} in {fen}");
        }
    }
}
