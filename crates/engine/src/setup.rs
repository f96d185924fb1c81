//! Building a game from what a user gives: a variant id, an optional FEN, rule options as
//! `name=value` and moves as text. The CLI's position arguments, UCI's `position` command and the
//! web bindings all build their games here, so they accept and refuse the same input with the
//! same [`SetupError`].
//!
//! ```
//! use baroque_engine::setup::{build_game, SetupError};
//! let game = build_game("ultima", None, &["stalemate=draw"], &["e2e5", "d7d4"]).unwrap();
//! assert_eq!(game.moves().len(), 2);
//! let err = build_game("omega", None, &[], &["e1e2", "zz"]).unwrap_err();
//! assert!(matches!(err, SetupError::Move { ply: 2, .. }));
//! assert_eq!(err.code(), "move-text-bad-from");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::fen::FenError;
use crate::options::{OptionError, RuleOptions};
use crate::position::MoveError;
use crate::{Game, GameId, Position, UnknownGame};

/// Why a game could not be built.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// The variant id is not a game.
    Variant(UnknownGame),
    /// A rule option was refused.
    Option(OptionError),
    /// The FEN was refused.
    Fen(FenError),
    /// A move could not be played.
    Move {
        /// Its number in the list, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why not.
        error: MoveError,
    },
}

impl SetupError {
    /// A stable kebab-case id of the error: the inner error's code.
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::Variant(e) => e.code(),
            SetupError::Option(e) => e.code(),
            SetupError::Fen(e) => e.code(),
            SetupError::Move { error, .. } => error.code(),
        }
    }

    /// The inner error's named parameters; a move error adds its `ply` (from 1) and `move` text.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            SetupError::Variant(e) => e.params(),
            SetupError::Option(e) => e.params(),
            SetupError::Fen(e) => e.params(),
            SetupError::Move { ply, text, error } => {
                let mut p = alloc::vec![("ply", alloc::format!("{ply}")), ("move", text.clone())];
                p.extend(error.params());
                p
            }
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Variant(e) => write!(f, "{e}"),
            SetupError::Option(e) => write!(f, "{e}"),
            SetupError::Fen(e) => write!(f, "{e}"),
            SetupError::Move { ply, text, error } => write!(f, "move {ply} '{text}': {error}"),
        }
    }
}

impl core::error::Error for SetupError {}

/// The game of `variant` from `fen` (or the start position) under `options` (`name=value`,
/// applied in order), after playing `moves` (move text or the game's notation) in order.
pub fn build_game(
    variant: &str,
    fen: Option<&str>,
    options: &[&str],
    moves: &[&str],
) -> Result<Game, SetupError> {
    let game: GameId = variant.parse().map_err(SetupError::Variant)?;
    let mut rules = RuleOptions::DEFAULT;
    for pair in options {
        rules.set_pair(game, pair).map_err(SetupError::Option)?;
    }
    build_game_with(game, fen, rules, moves)
}

/// [`build_game`] for a caller that holds the game and its options already (UCI keeps them
/// between commands).
pub fn build_game_with(
    game: GameId,
    fen: Option<&str>,
    options: RuleOptions,
    moves: &[&str],
) -> Result<Game, SetupError> {
    let first = match fen {
        None => Position::start_with(game, options),
        Some(f) => Position::from_fen(game, f, options).map_err(SetupError::Fen)?,
    };
    let mut g = Game::new(first);
    for (i, text) in moves.iter().enumerate() {
        g.play_text(text).map_err(|error| SetupError::Move {
            ply: i + 1,
            text: String::from(*text),
            error,
        })?;
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn each_input_has_its_error() {
        let e = build_game("chess", None, &[], &[]).unwrap_err();
        assert_eq!(e.code(), "variant-unknown");
        assert_eq!(e.params()[0], ("variant", String::from("chess")));
        let e = build_game("omega", None, &["win=capture"], &[]).unwrap_err();
        assert_eq!(e.code(), "option-none");
        let e = build_game("ultima", None, &["win=mate"], &[]).unwrap_err();
        assert_eq!(e.code(), "option-bad-value");
        let e = build_game("ultima", Some("8/8 w"), &[], &[]).unwrap_err();
        assert_eq!(e.code(), "fen-board");
        assert!(e.to_string().starts_with("invalid FEN: board field"));
        let e = build_game("ultima", None, &[], &["e2e5", "e2e4"]).unwrap_err();
        assert_eq!(e.code(), "move-no-piece");
        assert!(e.params().contains(&("square", String::from("e2"))));
        assert!(e.params().contains(&("ply", String::from("2"))));
        assert_eq!(
            e.to_string(),
            "move 2 'e2e4': illegal move 'e2e4': there is no piece on e2"
        );
    }

    #[test]
    fn options_and_moves_apply() {
        let g = build_game("ultima", None, &["win=capture"], &["e2e5"]).unwrap();
        assert!(!g.position().has_check_rule());
        assert_eq!(g.moves().len(), 1);
        let fen = "7k/8/8/8/8/8/8/K7 w - - 0 1";
        let g = build_game("ultima", Some(fen), &[], &[]).unwrap();
        assert_eq!(g.position().fen(), fen);
    }
}
