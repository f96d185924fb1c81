//! Playing one game: a seeded opening, then moves from each player in turn with their clocks,
//! until the rules, a flag, an illegal move or adjudication end it.

use baroque_engine::{Game, GameResult, Position};

use super::adjudication::{adjudication_cp, Adjudication};
use super::player::Player;
use super::spec::{Clocks, TimeControl};
use super::tally::Tally;
use crate::error::CliError;

/// A seeded opening: `plies` random legal moves from `first`, stopping before a game end.
pub(super) fn opening(first: Position, plies: u32, seed: u64) -> Game {
    let mut game = Game::new(first);
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = moves[(rng % moves.len() as u64) as usize];
        game.play(&m);
        if game.status().is_over() {
            game.undo();
            break;
        }
    }
    game
}

/// Plays one game from `start`; `a_white` says who has White. Returns A's tally (one game).
/// One game played: A's tally, the result line, the game and its result and, when the rules
/// did not end it, PGN's `Termination` value.
pub(super) struct Played {
    pub(super) tally: Tally,
    pub(super) text: String,
    pub(super) game: Game,
    pub(super) result: GameResult,
    pub(super) termination: Option<&'static str>,
}

pub(super) fn play_game(
    start: &Game,
    a: &mut Player,
    b: &mut Player,
    a_white: bool,
    max_plies: u32,
    adjudication: &Adjudication,
    time_controls: [Option<TimeControl>; 2],
) -> Result<Played, CliError> {
    // A's and B's time left, in microseconds, for the players with a clock.
    let mut left: [u64; 2] = time_controls.map(|c| c.map_or(0, |c| c.base_ms * 1000));
    let mut game = start.clone();
    let a_color = if a_white {
        baroque_engine::Color::White
    } else {
        baroque_engine::Color::Black
    };
    let mut plies = 0;
    // Each ply's score from White's point of view, for adjudication.
    let mut scores: Vec<Option<i32>> = Vec::new();
    let outcome = loop {
        let status = game.status();
        if status.is_over() {
            let reason = status.reason.map_or("", |r| r.as_str());
            break (status.result, reason.to_string(), None);
        }
        if plies >= max_plies {
            break (
                GameResult::Draw,
                "adjudicated (move limit)".to_string(),
                Some("adjudication"),
            );
        }
        let mover = game.position().side_to_move();
        let (me, them) = if mover == a_color { (0, 1) } else { (1, 0) };
        let player = if me == 0 { &mut *a } else { &mut *b };
        let clocks = time_controls[me].map(|c| Clocks {
            mover_ms: left[me] / 1000,
            mover_inc: c.inc_ms,
            other_ms: time_controls[them].map_or(left[me], |_| left[them]) / 1000,
            other_inc: time_controls[them].map_or(c.inc_ms, |t| t.inc_ms),
        });
        let started = std::time::Instant::now();
        let choice = player.choose(&game, clocks)?;
        if let Some(c) = time_controls[me] {
            let used = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
            if used > left[me] {
                let (result, text) = flag_fall(&game, mover);
                break (result, text, Some("time forfeit"));
            }
            left[me] = left[me] - used + c.inc_ms * 1000;
        }
        match choice {
            Ok((Some(m), score)) => {
                game.play(&m);
                let white_view = |cp: i32| {
                    if mover == baroque_engine::Color::White {
                        cp
                    } else {
                        -cp
                    }
                };
                scores.push(score.map(|s| white_view(adjudication_cp(s))));
                if !game.status().is_over() {
                    if let Some((result, text)) = adjudication.verdict(&scores, game.moves().len())
                    {
                        break (result, text.to_string(), Some("adjudication"));
                    }
                }
            }
            Ok((None, _)) => {
                break (
                    GameResult::Draw,
                    "no move returned".to_string(),
                    Some("abandoned"),
                )
            }
            Err(text) => {
                break (
                    winner_against(mover),
                    format!("illegal move '{text}'"),
                    Some("rules infraction"),
                );
            }
        }
        plies += 1;
    };
    let a_result = match (outcome.0, a_color) {
        (GameResult::White, baroque_engine::Color::White)
        | (GameResult::Black, baroque_engine::Color::Black) => Tally {
            wins: 1,
            ..Tally::default()
        },
        (GameResult::White, _) | (GameResult::Black, _) => Tally {
            losses: 1,
            ..Tally::default()
        },
        _ => Tally {
            draws: 1,
            ..Tally::default()
        },
    };
    let text = format!(
        "{} ({}) after {} plies",
        outcome.0.as_str(),
        outcome.1,
        game.moves().len()
    );
    Ok(Played {
        tally: a_result,
        text,
        game,
        result: outcome.0,
        termination: outcome.2,
    })
}

/// The result and its text when `flagged`'s clock runs out: the engine's rule
/// ([`Game::flag_fall`]): a loss, or a draw when the opponent cannot win.
pub(super) fn flag_fall(game: &Game, flagged: baroque_engine::Color) -> (GameResult, String) {
    let status = game.flag_fall(flagged);
    let text = match status.reason {
        Some(baroque_engine::Reason::Timeout) => "time forfeit",
        Some(r) => r.as_str(),
        None => "",
    };
    (status.result, text.to_string())
}

/// The result of a game that `loser` lost (an illegal move).
pub(super) fn winner_against(loser: baroque_engine::Color) -> GameResult {
    match loser.other() {
        baroque_engine::Color::White => GameResult::White,
        baroque_engine::Color::Black => GameResult::Black,
    }
}

#[cfg(test)]
mod tests {
    use baroque_engine::{GameId, RuleOptions};

    use super::*;

    #[test]
    fn a_flag_falling_against_a_lone_king_is_a_draw() {
        // The opponent of the side that flagged has only its King: it cannot win (omega.md
        // §6; docs/rules-decisions.md, "Flag fall").
        let fen = "10/10/10/10/4k5/10/10/10/2N7/4K5[-/-/-/-] w - - 0 1";
        let pos = Position::from_fen(GameId::Omega, fen, RuleOptions::DEFAULT).expect("fen");
        let game = Game::new(pos);
        assert_eq!(
            flag_fall(&game, baroque_engine::Color::White),
            (
                GameResult::Draw,
                "timeout-vs-insufficient-material".to_string()
            )
        );
        assert_eq!(
            flag_fall(&game, baroque_engine::Color::Black),
            (GameResult::White, "time forfeit".to_string())
        );
    }

    #[test]
    fn openings_are_seeded_and_legal() {
        let a = opening(Position::start(GameId::Omega), 4, 9);
        let b = opening(Position::start(GameId::Omega), 4, 9);
        assert_eq!(a.position(), b.position());
        assert_eq!(a.moves().len(), 4);
    }
}
