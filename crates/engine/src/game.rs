//! [`Game`]: a position with its history, so that repetition can be counted, moves undone and
//! the game's status (result and reason) reported as the contract's `status` command does.
//!
//! ```
//! use baroque_engine::{Game, GameId, Position, GameResult};
//! let mut g = Game::new(Position::start(GameId::Omega));
//! g.play_text("e1e4").unwrap();
//! assert_eq!(g.position().fen(),
//!     "crnbqkbnrc/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/CRNBQKBNRC[W/W/w/w] b KQkq e2,e3 0 1");
//! assert_eq!(g.status().result, GameResult::Ongoing);
//! g.undo();
//! assert_eq!(g.position(), &Position::start(GameId::Omega));
//! ```

use alloc::vec::Vec;

use crate::games;
use crate::moves::Move;
use crate::options::StalemateRule;
use crate::piece::Color;
use crate::position::{MoveError, Position};

/// Who won.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum GameResult {
    /// The game goes on.
    Ongoing,
    /// White won.
    White,
    /// Black won.
    Black,
    /// Drawn.
    Draw,
}

impl GameResult {
    /// The contract's JSON string.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Ongoing => "ongoing",
            GameResult::White => "white",
            GameResult::Black => "black",
            GameResult::Draw => "draw",
        }
    }

    fn win(c: Color) -> GameResult {
        match c {
            Color::White => GameResult::White,
            Color::Black => GameResult::Black,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Reason {
    /// No legal move and in check.
    Checkmate,
    /// No legal move, not in check, and the game calls it stalemate (a draw).
    Stalemate,
    /// A King was captured (Ultima `win=capture`).
    KingCaptured,
    /// Third occurrence of a position.
    Repetition,
    /// 100 plies without capture (or pawn move).
    FiftyMove,
    /// Only the two Kings are left.
    InsufficientMaterial,
    /// Ultima: no legal move and not in check.
    NoMoves,
    /// A side's time ran out and the opponent could still win: the opponent wins.
    Timeout,
    /// A side's time ran out but the opponent has no way to win (each game's material test,
    /// [`Position::can_win`]): a draw.
    TimeoutVsInsufficientMaterial,
}

impl Reason {
    /// The contract's JSON string.
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::KingCaptured => "king-captured",
            Reason::Repetition => "repetition",
            Reason::FiftyMove => "fifty-move",
            Reason::InsufficientMaterial => "insufficient-material",
            Reason::NoMoves => "no-moves",
            Reason::Timeout => "timeout",
            Reason::TimeoutVsInsufficientMaterial => "timeout-vs-insufficient-material",
        }
    }
}

/// The result and its reason.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Status {
    /// Who won, or ongoing.
    pub result: GameResult,
    /// Why it ended (`None` while ongoing).
    pub reason: Option<Reason>,
}

impl Status {
    const ONGOING: Status = Status {
        result: GameResult::Ongoing,
        reason: None,
    };
    fn new(result: GameResult, reason: Reason) -> Status {
        Status {
            result,
            reason: Some(reason),
        }
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result != GameResult::Ongoing
    }
}

/// A game: the first position, the moves played and every position since.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    keys: Vec<u64>,
    moves: Vec<Move>,
}

impl Game {
    /// A game starting from `start` (the first occurrence for repetition).
    pub fn new(start: Position) -> Game {
        Game {
            keys: alloc::vec![start.repetition_key()],
            positions: alloc::vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // `positions` always holds the start position.
        &self.positions[self.positions.len() - 1]
    }

    /// The first position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Plays a legal move of the current position.
    pub fn play(&mut self, m: &Move) {
        let next = self.position().play(m);
        self.keys.push(next.repetition_key());
        self.positions.push(next);
        self.moves.push(*m);
    }

    /// Appends the legal move `m` whose resulting position `after` is already known (a game
    /// tree's node keeps it), without computing it again: how a game tree gives the game that
    /// reaches one of its nodes without replaying the moves.
    pub fn push_played(&mut self, m: &Move, after: Position) {
        self.keys.push(after.repetition_key());
        self.positions.push(after);
        self.moves.push(*m);
    }

    /// Parses and plays move text (or display notation); the game is unchanged on error.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.position().parse_move(text)?;
        self.play(&m);
        Ok(m)
    }

    /// Takes back the last move, returning it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        Some(m)
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        let k = self.keys[self.keys.len() - 1];
        self.keys.iter().filter(|x| **x == k).count()
    }

    /// The status as `baroque status` reports it (each game's rule file, "End of the game").
    pub fn status(&self) -> Status {
        let pos = self.position();
        let policy = games::spec(pos.game()).end;
        let side = pos.side_to_move();
        if !pos.has_check_rule() {
            // ultima.md §7.3: King capture wins at once.
            for c in Color::ALL {
                if pos.king(c).is_none() {
                    return Status::new(GameResult::win(c.other()), Reason::KingCaptured);
                }
            }
        }
        if pos.legal_moves().is_empty() {
            let in_check = pos.has_check_rule() && pos.in_check();
            if in_check {
                return Status::new(GameResult::win(side.other()), Reason::Checkmate);
            }
            if policy.stalemate_is_draw_named_stalemate {
                return Status::new(GameResult::Draw, Reason::Stalemate);
            }
            return match pos.options().stalemate {
                StalemateRule::Loss => Status::new(GameResult::win(side.other()), Reason::NoMoves),
                StalemateRule::Draw => Status::new(GameResult::Draw, Reason::NoMoves),
            };
        }
        if policy.bare_kings_draw && pos.occupied().count() == 2 {
            return Status::new(GameResult::Draw, Reason::InsufficientMaterial);
        }
        if pos.halfmove_clock() >= 100 {
            return Status::new(GameResult::Draw, Reason::FiftyMove);
        }
        if self.repetitions() >= 3 {
            return Status::new(GameResult::Draw, Reason::Repetition);
        }
        Status::ONGOING
    }

    /// The result when `flagged`'s clock runs out in the current position: the game's own end
    /// when it is already over ([`Game::status`]); otherwise a win for the opponent (reason
    /// [`Reason::Timeout`]), or a draw ([`Reason::TimeoutVsInsufficientMaterial`]) when no
    /// series of legal moves lets the opponent win ([`Position::can_win`], each game's rule;
    /// docs/rules-decisions.md, "Flag fall").
    ///
    /// ```
    /// use baroque_engine::{Color, Game, GameId, GameResult, Position, Reason, RuleOptions};
    /// let lone = Position::from_fen(GameId::Omega, "10/10/10/10/10/10/10/Q9/1K8/9k[-/-/-/-] w - - 0 1",
    ///     RuleOptions::DEFAULT).unwrap();
    /// let g = Game::new(lone);
    /// // White's flag falls: Black has only its King, and cannot mate.
    /// assert_eq!(g.flag_fall(Color::White).result, GameResult::Draw);
    /// // Black's flag falls: White wins on time.
    /// assert_eq!(g.flag_fall(Color::Black).reason, Some(Reason::Timeout));
    /// assert_eq!(g.flag_fall(Color::Black).result, GameResult::White);
    /// ```
    pub fn flag_fall(&self, flagged: Color) -> Status {
        let now = self.status();
        if now.is_over() {
            return now;
        }
        let opponent = flagged.other();
        if self.position().can_win(opponent) {
            Status::new(GameResult::win(opponent), Reason::Timeout)
        } else {
            Status::new(GameResult::Draw, Reason::TimeoutVsInsufficientMaterial)
        }
    }
}
