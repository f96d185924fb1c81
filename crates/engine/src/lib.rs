//! Baroque's engine: the rules of Ultima (Baroque Chess), Omega Chess and the Chess–Ultima
//! Hybrid, their move generation, position text, perft and search, in one `no_std` crate that
//! runs natively and in WebAssembly.
//!
//! The rule book is `shared/rules/` of the project (copied where tests need it into `tests/`).
//!
//! ```
//! use baroque_engine::{perft, GameId, Position};
//! let pos = Position::start(GameId::Ultima);
//! assert_eq!(perft::perft(&pos, 2), 944);
//! ```
#![no_std]
#![deny(missing_docs, unsafe_code)]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod bench;
pub mod clock;
pub mod draft;
pub mod fen;
pub mod game;
pub mod games;
pub mod geometry;
#[cfg(feature = "invariants")]
pub mod invariants;
pub mod moves;
pub mod options;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod position;
pub mod report;
pub mod search;
pub mod setup;
pub mod threats;
mod zobrist;

pub use game::{Game, GameResult, Reason, Status};
pub use geometry::{Dir, Shape, Square, SquareSet};
pub use moves::{Move, MoveKind, MoveList, MoveText};
pub use options::RuleOptions;
pub use piece::{Color, Piece, Role};
pub use position::{MoveError, Position};

use core::fmt;
use core::str::FromStr;

/// The three games, named by their `UCI_Variant` ids.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameId {
    /// Ultima (Baroque Chess), 8×8.
    Ultima,
    /// Omega Chess, 10×10 plus four wizard squares.
    Omega,
    /// The Chess–Ultima Hybrid, 10×10.
    Hybrid,
}

impl GameId {
    /// Number of games.
    pub const COUNT: usize = 3;

    /// All games, in [`GameId::index`] order.
    pub const ALL: [GameId; GameId::COUNT] = [GameId::Ultima, GameId::Omega, GameId::Hybrid];

    /// Index in [`GameId::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The id (`"ultima"`, `"omega"`, `"hybrid"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            GameId::Ultima => "ultima",
            GameId::Omega => "omega",
            GameId::Hybrid => "hybrid",
        }
    }

    /// The name players know it by ([`games::GameSpec::title`]).
    pub fn title(self) -> &'static str {
        games::spec(self).title
    }

    /// The board shape.
    pub fn shape(self) -> Shape {
        games::spec(self).shape
    }

    /// The start FEN.
    pub fn start_fen(self) -> &'static str {
        games::spec(self).start_fen
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown game id.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownGame(pub alloc::string::String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant '{}'; variants are ", self.0)?;
        for (i, g) in GameId::ALL.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{}", g.as_str())?;
        }
        Ok(())
    }
}

impl UnknownGame {
    /// A stable kebab-case id of the error.
    pub fn code(&self) -> &'static str {
        "variant-unknown"
    }

    /// The error's named parameters: the `variant` given and the known `variants`.
    pub fn params(&self) -> alloc::vec::Vec<(&'static str, alloc::string::String)> {
        let ids: alloc::vec::Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
        alloc::vec![("variant", self.0.clone()), ("variants", ids.join(", "))]
    }
}

impl core::error::Error for UnknownGame {}

impl FromStr for GameId {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<GameId, UnknownGame> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ultima" | "baroque" => Ok(GameId::Ultima),
            "omega" => Ok(GameId::Omega),
            "hybrid" => Ok(GameId::Hybrid),
            _ => Err(UnknownGame(s.into())),
        }
    }
}
