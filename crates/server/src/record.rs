//! A game as the database keeps it ([`Record`]) and its JSON views in lichess's shape
//! (`gameFull`, `gameState`).

use baroque_engine::piece::ByColor;
use baroque_engine::setup::{build_game, SetupError};
use baroque_engine::{Color, Game};
use serde::Serialize;
use serde_json::Value;

use crate::clock::TimeControl;
use crate::due::Limits;
use crate::ending::{Reason, Status};
use crate::standing::{People, Seats, Standing};

/// Offers standing in a game, by colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// A draw offered.
    pub draw: ByColor<bool>,
    /// A takeback asked for.
    pub takeback: ByColor<bool>,
    /// A rematch offered (after the end).
    pub rematch: ByColor<bool>,
}

/// The kinds of offer, as the column's words name them.
#[derive(Clone, Copy)]
enum Kind {
    Draw,
    Takeback,
    Rematch,
}

impl Offers {
    const WORDS: [(&'static str, Kind, Color); 6] = [
        ("wdraw", Kind::Draw, Color::White),
        ("bdraw", Kind::Draw, Color::Black),
        ("wtakeback", Kind::Takeback, Color::White),
        ("btakeback", Kind::Takeback, Color::Black),
        ("wrematch", Kind::Rematch, Color::White),
        ("brematch", Kind::Rematch, Color::Black),
    ];

    fn of(&self, kind: Kind) -> &ByColor<bool> {
        match kind {
            Kind::Draw => &self.draw,
            Kind::Takeback => &self.takeback,
            Kind::Rematch => &self.rematch,
        }
    }

    fn of_mut(&mut self, kind: Kind) -> &mut ByColor<bool> {
        match kind {
            Kind::Draw => &mut self.draw,
            Kind::Takeback => &mut self.takeback,
            Kind::Rematch => &mut self.rematch,
        }
    }

    /// The offers as the database column (words separated by spaces).
    pub fn to_column(&self) -> String {
        Offers::WORDS
            .iter()
            .filter(|(_, kind, color)| self.of(*kind)[*color])
            .map(|(w, _, _)| *w)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The offers from the database column.
    pub fn from_column(text: &str) -> Offers {
        let mut o = Offers::default();
        for word in text.split_whitespace() {
            if let Some((_, kind, color)) = Offers::WORDS.iter().find(|(w, _, _)| *w == word) {
                o.of_mut(*kind)[*color] = true;
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
    /// The seat tokens' hashes ([`crate::token::hash`]): never the tokens.
    pub tokens: ByColor<String>,
    /// When each seat was claimed (server ms; 0: not yet): its invitation redeemed or its token
    /// used. A claimed seat's invitation is dead.
    pub claimed: ByColor<i64>,
    /// The moves played, in the project's move text.
    pub moves: Vec<String>,
    /// The mover's time left after each move (ms; empty without a clock), as lichess's
    /// `clocks`: with the moves and the result, a finished game is this one row.
    pub clocks: Vec<i64>,
    /// Each side's time left as of `turn_start` (ms).
    pub times: ByColor<i64>,
    /// When the side to move began its turn (server ms).
    pub turn_start: i64,
    /// The number of the game's last event.
    pub seq: i64,
    /// lichess's status (stored as its word: `started`, `mate`, `resign`, `outoftime`, ...).
    pub status: Status,
    /// Who won, if anyone (stored as `white`, `black` or empty).
    pub winner: Option<Color>,
    /// Why the game ended (the engine's reason, or `resign`, `agreement`, `flag`,
    /// `abandonment`, ...), none while it goes on (stored as its word, or empty).
    pub reason: Option<Reason>,
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
    /// The account on each seat (its id, the name in lower case; white, black), `None` for an
    /// anonymous seat. A seat's account is set at creation or when its invitation is redeemed
    /// by a logged-in player, and never changes after.
    pub users: ByColor<Option<String>>,
    /// Whether the game counts for the players' ratings.
    pub rated: bool,
    /// A rated game's end: each side's new rating and its change (white, black); `None` until
    /// a rated game ends with both sides having moved.
    pub rating_end: Option<ByColor<RatedSide>>,
}

/// One side's rating after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RatedSide {
    /// The new rating, rounded.
    pub rating: i64,
    /// Its change (new minus old, each rounded).
    #[serde(skip)]
    pub diff: i64,
    /// Whether the new rating is provisional (shown with `?`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
}

impl RatedSide {
    /// The database column: `RATING DIFF PROV` for white then black, or empty.
    pub fn to_column(end: &Option<ByColor<RatedSide>>) -> String {
        match end {
            None => String::new(),
            Some(sides) => sides
                .0
                .iter()
                .map(|s| format!("{} {} {}", s.rating, s.diff, u8::from(s.provisional)))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// From the column (`None` for an empty or unreadable one).
    pub fn from_column(text: &str) -> Option<ByColor<RatedSide>> {
        let n: Vec<i64> = text
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        let side = |i: usize| RatedSide {
            rating: n[i],
            diff: n[i + 1],
            provisional: n[i + 2] != 0,
        };
        (n.len() == 6).then(|| ByColor::new(side(0), side(3)))
    }
}

/// lichess's `{"white": …, "black": …}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Sides<T> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
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
    /// The seat tokens' hashes.
    pub tokens: ByColor<String>,
    /// When each seat was claimed (0: not yet; a rematch's seats are its players' at once).
    pub claimed: ByColor<i64>,
    /// The account on each seat.
    pub users: ByColor<Option<String>>,
    /// Whether the game is rated.
    pub rated: bool,
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
            clocks: Vec::new(),
            times: ByColor([g.control.initial_ms(); 2]),
            turn_start: now,
            seq: 1,
            status: Status::Started,
            winner: None,
            reason: None,
            offers: Offers::default(),
            next_game: String::new(),
            created: now,
            deadline: None,
            users: g.users,
            rated: g.rated,
            rating_end: None,
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
        self.status == Status::Started
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
    pub fn times_at(&self, now: i64, to_move: Color) -> ByColor<i64> {
        let mut t = self.times;
        if self.ongoing() && self.control.runs_at(self.moves.len()) {
            t[to_move] = (t[to_move] - (now - self.turn_start).max(0)).max(0);
        }
        t
    }

    /// The `gameState` object at `now`.
    pub fn state_json(&self, game: &Game, now: i64) -> Value {
        to_object(&self.state(game, now))
    }

    /// The `gameState` message at `now`, typed.
    pub fn state(&self, game: &Game, now: i64) -> GameState<'_> {
        let parts = StateParts {
            seq: self.seq,
            moves: &self.moves,
            times: self.times_at(now, game.position().side_to_move()),
            at: now,
            status: self.status,
            winner: self.winner,
            reason: self.reason,
            offers: &self.offers,
            rematch: &self.next_game,
            rating_end: self.rating_end,
        };
        GameState::new(parts, game, self.control)
    }

    /// The player on `seat`: its account (with its name, title and rating from `people` when
    /// they are of that account), or the seat's colour for an anonymous seat.
    pub fn player<'a>(&'a self, seat: Color, people: &'a People) -> Player<'a> {
        match &self.users[seat] {
            Some(u) => match &people[seat] {
                Some(p) if p.user == *u => Player {
                    id: u,
                    name: &p.name,
                    account: Some(p),
                },
                _ => Player {
                    id: u,
                    name: u,
                    account: None,
                },
            },
            None => Player {
                id: seat.as_str(),
                name: seat.as_str(),
                account: None,
            },
        }
    }

    /// What [`crate::standing::of`] reads this game's people from.
    pub fn seats(&self) -> Seats {
        Seats {
            users: self.users.clone(),
            variant: self.variant.clone(),
            rating_end: self.rating_end,
        }
    }

    /// The seat account `user` holds, if any.
    pub fn seat_of_user(&self, user: &str) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&s| self.users[s].as_deref() == Some(user))
    }

    /// The `gameFull` object at `now`, its players' accounts shown as `people` says
    /// ([`crate::standing::of`] this record's [`Record::seats`]).
    pub fn full_json(&self, game: &Game, now: i64, people: &People) -> Value {
        let clock = match self.control {
            TimeControl::Live { limit_ms, inc_ms } => Some(Clock {
                initial: limit_ms,
                increment: inc_ms,
            }),
            _ => None,
        };
        let days = match self.control {
            TimeControl::Days { days } => Some(days),
            _ => None,
        };
        let speed = match self.control {
            TimeControl::Live { .. } => "live",
            TimeControl::Days { .. } => "correspondence",
            TimeControl::Unlimited => "unlimited",
        };
        to_object(&GameFull {
            kind: "gameFull",
            id: &self.id,
            variant: Key { key: &self.variant },
            rules: self.option_pairs(),
            clock,
            days_per_move: days,
            speed,
            rated: self.rated,
            created_at: self.created,
            initial_fen: game.start().fen(),
            white: self.player(Color::White, people),
            black: self.player(Color::Black, people),
            state: self.state(game, now),
        })
    }
}

/// `message` as a JSON object (its keys in serde_json's order, as every stored event has them).
fn to_object(message: &impl Serialize) -> Value {
    // Only maps with keys that are not strings fail to convert; these messages have none.
    serde_json::to_value(message).unwrap_or(Value::Null)
}

/// lichess's `gameState`: the game after a change.
#[derive(Clone, Debug, Serialize)]
pub struct GameState<'a> {
    /// `gameState`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The event's number.
    pub seq: i64,
    /// The moves played, separated by spaces.
    pub moves: String,
    /// How many.
    pub ply: usize,
    /// `white` or `black`: who is to move.
    pub turn: &'static str,
    /// The position now.
    pub fen: String,
    /// White's time (ms) at `at`.
    pub wtime: i64,
    /// Black's time (ms) at `at`.
    pub btime: i64,
    /// White's increment (ms).
    pub winc: i64,
    /// Black's increment (ms).
    pub binc: i64,
    /// Whether the side to move's clock runs.
    #[serde(rename = "clockRunning")]
    pub clock_running: bool,
    /// When the times were read (server ms).
    pub at: i64,
    /// lichess's status word.
    pub status: &'static str,
    /// White offers a draw.
    pub wdraw: bool,
    /// Black offers a draw.
    pub bdraw: bool,
    /// White asks for a takeback.
    pub wtakeback: bool,
    /// Black asks for a takeback.
    pub btakeback: bool,
    /// White offers a rematch.
    pub wrematch: bool,
    /// Black offers a rematch.
    pub brematch: bool,
    /// The winner's colour, once the game is won.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    /// Why the game ended, once it has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// The rematch's id, once agreed.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub rematch: &'a str,
    /// A rated game's end: each side's rating change (lichess's `ratingDiff`).
    #[serde(rename = "ratingDiff", skip_serializing_if = "Option::is_none")]
    pub rating_diff: Option<Sides<i64>>,
    /// A rated game's end: each side's new rating (`{"rating":1662,"provisional":true}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratings: Option<Sides<RatedSide>>,
}

/// What a [`GameState`] is made from: a game's moves, clocks and outcome at one moment (a live
/// [`Record`] and a stored event's [`crate::delta::Shown`] both give one).
pub struct StateParts<'a> {
    /// The event's number.
    pub seq: i64,
    /// The moves played.
    pub moves: &'a [String],
    /// Each side's time (ms) at `at`.
    pub times: ByColor<i64>,
    /// When the times were read (server ms).
    pub at: i64,
    /// lichess's status.
    pub status: Status,
    /// The winner, if any.
    pub winner: Option<Color>,
    /// Why the game ended, if it has.
    pub reason: Option<Reason>,
    /// Offers standing.
    pub offers: &'a Offers,
    /// The rematch's id, or empty.
    pub rematch: &'a str,
    /// A rated game's end: each side's new rating and its change.
    pub rating_end: Option<ByColor<RatedSide>>,
}

impl<'a> GameState<'a> {
    /// The `gameState` of `parts`, `game` being those moves played under `control`.
    pub fn new(parts: StateParts<'a>, game: &Game, control: TimeControl) -> GameState<'a> {
        let running = parts.status == Status::Started && control.runs_at(parts.moves.len());
        GameState {
            kind: "gameState",
            seq: parts.seq,
            moves: parts.moves.join(" "),
            ply: parts.moves.len(),
            turn: game.position().side_to_move().as_str(),
            fen: game.position().fen(),
            wtime: parts.times[Color::White],
            btime: parts.times[Color::Black],
            winc: control.inc_ms(),
            binc: control.inc_ms(),
            clock_running: running,
            at: parts.at,
            status: parts.status.as_str(),
            wdraw: parts.offers.draw[Color::White],
            bdraw: parts.offers.draw[Color::Black],
            wtakeback: parts.offers.takeback[Color::White],
            btakeback: parts.offers.takeback[Color::Black],
            wrematch: parts.offers.rematch[Color::White],
            brematch: parts.offers.rematch[Color::Black],
            winner: parts.winner.map(Color::as_str),
            reason: parts.reason.map(Reason::as_str),
            rematch: parts.rematch,
            rating_diff: parts.rating_end.map(|ByColor([w, b])| Sides {
                white: w.diff,
                black: b.diff,
            }),
            ratings: parts
                .rating_end
                .map(|ByColor([w, b])| Sides { white: w, black: b }),
        }
    }
}

/// lichess's `gameFull`: the game's settings and its state now.
#[derive(Clone, Debug, Serialize)]
pub struct GameFull<'a> {
    /// `gameFull`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The game's id.
    pub id: &'a str,
    /// `{"key": variant}`.
    pub variant: Key<'a>,
    /// Rule options as `name=value`.
    pub rules: Vec<&'a str>,
    /// A live clock's start and increment (ms), else `null`.
    pub clock: Option<Clock>,
    /// A correspondence game's days per move, else `null`.
    #[serde(rename = "daysPerMove")]
    pub days_per_move: Option<i64>,
    /// `live`, `correspondence` or `unlimited`.
    pub speed: &'static str,
    /// Whether the game is rated.
    pub rated: bool,
    /// When the game was created (server ms).
    #[serde(rename = "createdAt")]
    pub created_at: i64,
    /// The start position.
    #[serde(rename = "initialFen")]
    pub initial_fen: String,
    /// White's player.
    pub white: Player<'a>,
    /// Black's player.
    pub black: Player<'a>,
    /// The state now.
    pub state: GameState<'a>,
}

/// `{"key": ...}`.
#[derive(Clone, Debug, Serialize)]
pub struct Key<'a> {
    /// The variant's key.
    pub key: &'a str,
}

/// A live clock.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Clock {
    /// Start time (ms).
    pub initial: i64,
    /// Increment (ms).
    pub increment: i64,
}

/// A player: the seat's account, or for an anonymous seat its colour.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Player<'a> {
    /// The account's id, or `white` or `black`.
    pub id: &'a str,
    /// The account's name as typed, or `white` or `black`.
    pub name: &'a str,
    /// An account's `title`, `rating` and `provisional` (lichess's); none for an anonymous seat.
    #[serde(flatten)]
    pub account: Option<&'a Standing>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_round_trip_through_their_column() {
        let o = Offers {
            draw: ByColor::new(true, false),
            takeback: ByColor::new(false, true),
            rematch: ByColor::new(true, true),
        };
        let col = o.to_column();
        assert_eq!(col, "wdraw btakeback wrematch brematch");
        assert_eq!(Offers::from_column(&col), o);
        assert_eq!(
            Offers::from_column("nonsense wdraw"),
            Offers {
                draw: ByColor::new(true, false),
                ..Offers::default()
            }
        );
    }

    #[test]
    fn game_state_and_game_full_keep_their_stored_bytes() {
        let mut rec = Record::new_game(
            NewGame {
                id: "g1".into(),
                variant: "omega".into(),
                fen: String::new(),
                options: String::new(),
                control: TimeControl::Live {
                    limit_ms: 60_000,
                    inc_ms: 2_000,
                },
                tokens: ByColor::default(),
                claimed: ByColor::new(1, 1),
                users: ByColor::default(),
                rated: false,
            },
            1_000,
        );
        let game = rec.build().unwrap();
        let fen = game.position().fen();
        let start = format!(
            r#"{{"at":5000,"bdraw":false,"binc":2000,"brematch":false,"btakeback":false,"btime":60000,"clockRunning":false,"fen":"{fen}","moves":"","ply":0,"seq":1,"status":"started","turn":"white","type":"gameState","wdraw":false,"winc":2000,"wrematch":false,"wtakeback":false,"wtime":60000}}"#
        );
        assert_eq!(rec.state_json(&game, 5_000).to_string(), start);
        rec.status = Status::Resign;
        rec.winner = Some(Color::Black);
        rec.reason = Some(Reason::Resign);
        rec.next_game = "g2".into();
        let over = rec.state_json(&game, 5_000).to_string();
        assert!(
            over.contains(r#""reason":"resign","rematch":"g2","#),
            "{over}"
        );
        assert!(
            over.contains(r#""winc":2000,"winner":"black","wrematch""#),
            "{over}"
        );
        let full = rec.full_json(&game, 5_000, &People::default()).to_string();
        assert!(
            full.starts_with(&format!(
                r#"{{"black":{{"id":"black","name":"black"}},"clock":{{"increment":2000,"initial":60000}},"createdAt":1000,"daysPerMove":null,"id":"g1","initialFen":"{fen}","rated":false,"rules":[],"speed":"live","state":{{"#
            )),
            "{full}"
        );
        assert!(
            full.ends_with(r#"},"type":"gameFull","variant":{"key":"omega"},"white":{"id":"white","name":"white"}}"#),
            "{full}"
        );
    }

    #[test]
    fn an_account_shows_its_name_title_and_rating_and_an_anonymous_seat_its_colour() {
        let mut rec = Record::new_game(
            NewGame {
                id: "g1".into(),
                variant: "ultima".into(),
                fen: String::new(),
                options: String::new(),
                control: TimeControl::Unlimited,
                tokens: ByColor::default(),
                claimed: ByColor::new(1, 1),
                users: ByColor::new(Some("robocop".into()), None),
                rated: false,
            },
            1_000,
        );
        let game = rec.build().unwrap();
        let robocop = Standing {
            user: "robocop".into(),
            name: "RoboCop".into(),
            title: Some("BOT".into()),
            rating: 1712,
            provisional: false,
        };
        let people = ByColor::new(Some(robocop.clone()), None);
        let full = rec.full_json(&game, 5_000, &people);
        assert_eq!(
            full["white"],
            serde_json::json!({"id": "robocop", "name": "RoboCop", "title": "BOT", "rating": 1712, "provisional": false})
        );
        assert_eq!(
            full["black"],
            serde_json::json!({"id": "black", "name": "black"})
        );
        // People read for another account than the seat's now (it changed meanwhile) are not
        // shown as that seat's.
        rec.users = ByColor::new(Some("alice".into()), Some("robocop".into()));
        let full = rec.full_json(&game, 5_000, &people);
        assert_eq!(
            full["white"],
            serde_json::json!({"id": "alice", "name": "alice"})
        );
        assert_eq!(
            full["black"],
            serde_json::json!({"id": "robocop", "name": "robocop"})
        );
    }
}
