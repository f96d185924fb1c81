//! A game as the database keeps it ([`Record`]) and its JSON views in lichess's shape
//! (`gameFull`, `gameState`).

use baroque_engine::setup::{build_game, SetupError};
use baroque_engine::{Color, Game};
use serde_json::{json, Value};

use crate::clock::TimeControl;
use crate::due::Limits;

/// A seat: 0 white, 1 black.
pub type Seat = usize;

/// The seat of `color`.
pub fn seat_of(color: Color) -> Seat {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The seat's colour name.
pub fn seat_name(seat: Seat) -> &'static str {
    if seat == 0 {
        "white"
    } else {
        "black"
    }
}

/// Offers standing in a game, by seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// A draw offered.
    pub draw: [bool; 2],
    /// A takeback asked for.
    pub takeback: [bool; 2],
    /// A rematch offered (after the end).
    pub rematch: [bool; 2],
}

impl Offers {
    const WORDS: [(&'static str, usize, usize); 6] = [
        ("wdraw", 0, 0),
        ("bdraw", 0, 1),
        ("wtakeback", 1, 0),
        ("btakeback", 1, 1),
        ("wrematch", 2, 0),
        ("brematch", 2, 1),
    ];

    fn slot(&mut self, kind: usize) -> &mut [bool; 2] {
        match kind {
            0 => &mut self.draw,
            1 => &mut self.takeback,
            _ => &mut self.rematch,
        }
    }

    /// The offers as the database column (words separated by spaces).
    pub fn to_column(&self) -> String {
        let mut me = self.clone();
        Offers::WORDS
            .iter()
            .filter(|(_, kind, seat)| me.slot(*kind)[*seat])
            .map(|(w, _, _)| *w)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The offers from the database column.
    pub fn from_column(text: &str) -> Offers {
        let mut o = Offers::default();
        for word in text.split_whitespace() {
            if let Some((_, kind, seat)) = Offers::WORDS.iter().find(|(w, _, _)| *w == word) {
                o.slot(*kind)[*seat] = true;
            }
        }
        o
    }
}

/// One game's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Public id.
    pub id: String,
    /// The game (`ultima`, `omega`, `hybrid`).
    pub variant: String,
    /// The start position's FEN, empty for the game's start array.
    pub fen: String,
    /// Rule options as `name=value` pairs separated by spaces.
    pub options: String,
    /// The time control.
    pub control: TimeControl,
    /// The seat tokens' hashes (white, black; [`crate::token::hash`]): never the tokens.
    pub tokens: [String; 2],
    /// When each seat was claimed (server ms; 0: not yet): its invitation redeemed or its token
    /// used. A claimed seat's invitation is dead.
    pub claimed: [i64; 2],
    /// The moves played, in the project's move text.
    pub moves: Vec<String>,
    /// Each side's time left as of `turn_start` (ms).
    pub times: [i64; 2],
    /// When the side to move began its turn (server ms).
    pub turn_start: i64,
    /// The number of the game's last event.
    pub seq: i64,
    /// lichess's status word (`started`, `mate`, `resign`, `outoftime`, `draw`, ...).
    pub status: String,
    /// `white`, `black` or empty.
    pub winner: String,
    /// Why the game ended (the engine's reason, or `resign`, `agreement`, `flag`,
    /// `abandonment`), empty while it goes on.
    pub reason: String,
    /// Offers standing.
    pub offers: Offers,
    /// The rematch's id, once agreed.
    pub next_game: String,
    /// When it was created (server ms).
    pub created: i64,
    /// When the side to move's live clock runs out (server ms), while it runs: the servers'
    /// deadline sweep reads it, so a flag falls in a game no server holds
    /// ([`crate::hub::Hub::watch_deadlines`]). Set with every change ([`Record::set_deadline`]).
    pub deadline: Option<i64>,
}

/// What a new game is made of; the rest of its row starts the same for every game.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Public id.
    pub id: String,
    /// The game (`ultima`, `omega`, `hybrid`).
    pub variant: String,
    /// The start position's FEN, empty for the game's start array.
    pub fen: String,
    /// Rule options as `name=value` pairs separated by spaces.
    pub options: String,
    /// The time control.
    pub control: TimeControl,
    /// The seat tokens' hashes (white, black).
    pub tokens: [String; 2],
    /// When each seat was claimed (0: not yet; a rematch's seats are its players' at once).
    pub claimed: [i64; 2],
}

impl Record {
    /// A game not yet played, created at `now`: no moves, full clocks, event 1, started, no
    /// offers. The one place a fresh row is made (a challenge and a rematch both use it).
    pub fn new_game(g: NewGame, now: i64) -> Record {
        Record {
            id: g.id,
            variant: g.variant,
            fen: g.fen,
            options: g.options,
            control: g.control,
            tokens: g.tokens,
            claimed: g.claimed,
            moves: Vec::new(),
            times: [g.control.initial_ms(); 2],
            turn_start: now,
            seq: 1,
            status: "started".into(),
            winner: String::new(),
            reason: String::new(),
            offers: Offers::default(),
            next_game: String::new(),
            created: now,
            deadline: None,
        }
    }

    /// Sets [`Record::deadline`] for the game as `game` stands: when something falls due with
    /// nobody acting (the side to move's flag, the abort of a game that never started;
    /// [`crate::due::next`]), else none.
    pub fn set_deadline(&mut self, game: &Game, limits: &Limits) {
        self.deadline = crate::due::next(self, game, limits).map(|(at, _)| at);
    }

    /// Whether the game goes on.
    pub fn ongoing(&self) -> bool {
        self.status == "started"
    }

    /// The option pairs.
    pub fn option_pairs(&self) -> Vec<&str> {
        self.options.split_whitespace().collect()
    }

    /// The engine's game: the start position under the options, with the moves played.
    pub fn build(&self) -> Result<Game, SetupError> {
        let fen = (!self.fen.is_empty()).then_some(self.fen.as_str());
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        build_game(&self.variant, fen, &self.option_pairs(), &moves)
    }

    /// Each side's time at `now` (the side to move's running when its clock runs).
    pub fn times_at(&self, now: i64, to_move: Seat) -> [i64; 2] {
        let mut t = self.times;
        if self.ongoing() && self.control.runs_at(self.moves.len()) {
            t[to_move] = (t[to_move] - (now - self.turn_start).max(0)).max(0);
        }
        t
    }

    /// The `gameState` object at `now`.
    pub fn state_json(&self, game: &Game, now: i64) -> Value {
        let to_move = seat_of(game.position().side_to_move());
        let t = self.times_at(now, to_move);
        let mut v = json!({
            "type": "gameState",
            "seq": self.seq,
            "moves": self.moves.join(" "),
            "ply": self.moves.len(),
            "turn": seat_name(to_move),
            "fen": game.position().fen(),
            "wtime": t[0],
            "btime": t[1],
            "winc": self.control.inc_ms(),
            "binc": self.control.inc_ms(),
            "clockRunning": self.ongoing() && self.control.runs_at(self.moves.len()),
            "at": now,
            "status": self.status,
            "wdraw": self.offers.draw[0],
            "bdraw": self.offers.draw[1],
            "wtakeback": self.offers.takeback[0],
            "btakeback": self.offers.takeback[1],
            "wrematch": self.offers.rematch[0],
            "brematch": self.offers.rematch[1],
        });
        if !self.winner.is_empty() {
            v["winner"] = json!(self.winner);
        }
        if !self.reason.is_empty() {
            v["reason"] = json!(self.reason);
        }
        if !self.next_game.is_empty() {
            v["rematch"] = json!(self.next_game);
        }
        v
    }

    /// The `gameFull` object at `now`.
    pub fn full_json(&self, game: &Game, now: i64) -> Value {
        let clock = match self.control {
            TimeControl::Live { limit_ms, inc_ms } => {
                json!({ "initial": limit_ms, "increment": inc_ms })
            }
            _ => Value::Null,
        };
        let days = match self.control {
            TimeControl::Days { days } => json!(days),
            _ => Value::Null,
        };
        let speed = match self.control {
            TimeControl::Live { .. } => "live",
            TimeControl::Days { .. } => "correspondence",
            TimeControl::Unlimited => "unlimited",
        };
        json!({
            "type": "gameFull",
            "id": self.id,
            "variant": { "key": self.variant },
            "rules": self.option_pairs(),
            "clock": clock,
            "daysPerMove": days,
            "speed": speed,
            "rated": false,
            "createdAt": self.created,
            "initialFen": game.start().fen(),
            "white": { "id": "white", "name": "white" },
            "black": { "id": "black", "name": "black" },
            "state": self.state_json(game, now),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_round_trip_through_their_column() {
        let o = Offers {
            draw: [true, false],
            takeback: [false, true],
            rematch: [true, true],
        };
        let col = o.to_column();
        assert_eq!(col, "wdraw btakeback wrematch brematch");
        assert_eq!(Offers::from_column(&col), o);
        assert_eq!(
            Offers::from_column("nonsense wdraw"),
            Offers {
                draw: [true, false],
                ..Offers::default()
            }
        );
    }
}
