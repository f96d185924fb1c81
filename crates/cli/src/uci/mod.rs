//! `baroque uci`: the Universal Chess Interface over standard input and output, with the
//! variant and rule options of the rule book (README, "The command-line contract").
//!
//! The command loop runs on the main thread and the search (or `go perft`) on its own thread
//! ([`think`]), so that `isready`, `stop` and `quit` are answered while the engine thinks or
//! counts. A wrong command is answered
//! with `info string error: …` and never ends the session.
//!
//! Choices where UCI leaves room:
//! - `go` without any limit searches until `stop`, as `go infinite` does (as Stockfish does).
//!   A limit whose value cannot be read (`go depth x`, `go movetime -5`, a number out of range)
//!   is reported with `info string error:` and ignored; when it was the only one, the engine
//!   answers after a search of depth 1 rather than wait for a `stop` that will not come. So
//!   does a clock given only for the side not to move.
//! - `position` is all or nothing: a bad FEN or move leaves the previous position. It is
//!   accepted while a search runs (the search has its own copy) and applies to the next `go`.
//! - `setoption` and `go perft` are refused while a search or perft runs; a new `go` first ends
//!   the running search or perft (whose answer comes first). A stopped perft keeps the root
//!   moves it counted and says with an `info string` that it stopped; it prints no total.
//! - `UCI_Variant` starts the new variant's start position; a rule option replays the current
//!   position under the new rules (back to the start if it is no longer valid). Options of
//!   another variant are kept and apply when that variant is chosen.
//! - `go ponder` thinks on the opponent's time with the clock limits given, which start to
//!   count at `ponderhit` (a search that has already thought for its soft time answers at
//!   once); `stop` ends it with its best move, as UCI asks. A `go ponder` without limits
//!   runs until `stop`, as `go infinite` does.
//! - `MultiPV k` reports the `k` best lines after each depth (`info … multipv 1 …` to
//!   `multipv k`); `bestmove` is the first line's move.
//! - `quit` stops any search or perft; the end of the input lets a search with a limit (or a
//!   perft) finish first.
//! - `Skill Level` n (1–8, default 8) plays the engine's level n (`search::levels`): its
//!   depth, node and time limits cap those of `go`, and its near-best margin applies. Level 8
//!   is full strength: `go`'s limits alone (its 10 s a move is the web page's). With
//!   `UCI_LimitStrength` on, `UCI_Elo` (600–3670, the levels' self-play scale,
//!   `search::levels::ELO`) picks the level of the nearest figure and wins over `Skill Level`.
//! - `Threads n` searches with `n` threads (Lazy SMP with ABDADA's deferral, `crate::smp`): the
//!   lines and `bestmove` are the main thread's, or a helper's deeper completed iteration (then
//!   reported in a last `info`); `nodes` and `nps` count every thread (`go nodes` the main
//!   one's).
//! - `searchmoves` and `go mate` are not supported: they are reported and ignored.

mod board;
mod go_params;
mod options;
mod out;
mod perft;
mod think;

use std::io::BufRead;

use baroque_engine::{Game, GameId};

use crate::args::Start;
use crate::error::CliError;
use baroque_engine::setup::{self, SetupError};
use go_params::Go;
use options::SetOption;
pub use out::Out;
use think::Thinker;

/// The engine's name in `id name`.
const NAME: &str = concat!("Baroque ", env!("CARGO_PKG_VERSION"));
/// The engine's author in `id author`.
const AUTHOR: &str = "the Baroque developers";

/// Runs a UCI session: reads commands from `input` until `quit` or the end of the input.
pub fn run(input: impl BufRead, out: Out) -> Result<(), CliError> {
    let mut session = Session::new(out);
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            // Not UTF-8: say so and go on with the next line.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                session.out.error("the command is not valid UTF-8");
                continue;
            }
            Err(e) => return Err(CliError::Output(e)),
        };
        if !session.command(&line) {
            session.thinker.stop();
            return Ok(());
        }
        if session.out.is_broken() {
            break;
        }
    }
    session.thinker.finish();
    Ok(())
}

/// The engine's state between commands.
struct Session {
    out: Out,
    game_id: GameId,
    /// Rule options set by `setoption`, in order (validated when set).
    rule_pairs: Vec<(String, String)>,
    /// The last `position` command: where it starts and its moves (replayed when an option
    /// changes the rules).
    start: Start,
    moves: Vec<String>,
    game: Game,
    thinker: Thinker,
    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo`.
    strength: options::Strength,
}

impl Session {
    fn new(out: Out) -> Session {
        let game_id = GameId::Ultima;
        Session {
            thinker: Thinker::new(out.clone(), options::HASH_MB.0),
            out,
            game_id,
            rule_pairs: Vec::new(),
            start: Start::StartPos,
            moves: Vec::new(),
            game: Game::new(baroque_engine::Position::start(game_id)),
            strength: options::Strength::default(),
        }
    }

    /// Handles one command line; returns false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((first, rest)) = words.split_first() else {
            return true;
        };
        match *first {
            "uci" => self.uci(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => self.new_game(),
            "setoption" => self.set_option(rest),
            "position" => self.position(rest),
            "go" => self.go(rest),
            "stop" => self.thinker.stop(),
            "ponderhit" => self.thinker.ponderhit(),
            "d" => self.out.lines(&board::render(self.game.position())),
            "quit" => return false,
            "debug" | "register" => {}
            other => self.out.error(&format!(
                "unknown command '{other}'; commands are uci, isready, setoption, ucinewgame, position, go, stop, ponderhit, d, quit"
            )),
        }
        true
    }

    fn uci(&self) {
        self.out.line(&format!("id name {NAME}"));
        self.out.line(&format!("id author {AUTHOR}"));
        for l in options::option_lines() {
            self.out.line(&l);
        }
        self.out.line("uciok");
    }

    /// Refuses a command that changes the position or the options while a search runs.
    fn busy(&self, what: &str) -> bool {
        if self.thinker.is_running() {
            self.out.error(&format!(
                "{what} while searching is ignored; send 'stop' first"
            ));
            true
        } else {
            false
        }
    }

    fn new_game(&mut self) {
        // A GUI may send ucinewgame right after stop: finish that search first.
        self.thinker.stop();
        self.thinker.clear_hash();
        self.start = Start::StartPos;
        self.moves.clear();
        self.game = Game::new(self.first_position_or_start());
    }

    fn set_option(&mut self, words: &[&str]) {
        if self.busy("setoption") {
            return;
        }
        match options::parse_setoption(words) {
            Err(e) => self.out.error(&e),
            Ok(SetOption::Variant(g)) => {
                self.game_id = g;
                self.start = Start::StartPos;
                self.moves.clear();
                self.game = Game::new(self.first_position_or_start());
            }
            Ok(SetOption::Hash(mb)) => self.thinker.set_hash(mb),
            Ok(SetOption::ClearHash) => self.thinker.clear_hash(),
            Ok(SetOption::MultiPv(k)) => self.thinker.set_multipv(k),
            Ok(SetOption::Ponder(_)) => {}
            Ok(SetOption::Threads(n)) => self.thinker.set_threads(n),
            Ok(SetOption::SkillLevel(n)) => {
                self.strength.skill = n;
                self.thinker.set_level(self.strength.level());
            }
            Ok(SetOption::LimitStrength(on)) => {
                self.strength.limit = on;
                self.thinker.set_level(self.strength.level());
            }
            Ok(SetOption::Elo(e)) => {
                self.strength.elo = e;
                self.thinker.set_level(self.strength.level());
            }
            Ok(SetOption::Rule(name, value)) => {
                self.rule_pairs.retain(|(n, _)| *n != name);
                self.rule_pairs.push((name, value));
                // The rules changed: replay the position under them.
                let rebuilt = self.build(&self.start, &self.moves);
                match rebuilt {
                    Ok(game) => self.game = game,
                    Err(e) => {
                        self.out.error(&format!(
                            "the position is not valid under the new rules ({e}); back to the start position"
                        ));
                        self.start = Start::StartPos;
                        self.moves.clear();
                        self.game = Game::new(self.first_position_or_start());
                    }
                }
            }
        }
    }

    fn rule_options(&self) -> baroque_engine::RuleOptions {
        options::rule_options_for(self.game_id, &self.rule_pairs)
    }

    fn first_position_or_start(&self) -> baroque_engine::Position {
        match self.build(&self.start, &[]) {
            Ok(game) => *game.position(),
            Err(_) => baroque_engine::Position::start_with(self.game_id, self.rule_options()),
        }
    }

    /// The game from `start` after `moves` under the current variant and rule options, built by
    /// the engine's one builder.
    fn build(&self, start: &Start, moves: &[String]) -> Result<Game, SetupError> {
        let fen = match start {
            Start::StartPos => None,
            Start::Fen(f) => Some(f.as_str()),
        };
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        setup::build_game_with(self.game_id, fen, self.rule_options(), &moves)
    }

    /// `position startpos|fen <fen> [moves …]`. The command is all or nothing: on an error the
    /// previous position stays and the error says so. A running search keeps its own copy of
    /// the game, so the command is accepted while it thinks and applies to the next `go`.
    fn position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (spec, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &words[words.len()..]),
        };
        let start = match spec.split_first() {
            Some((&"startpos", [])) => Start::StartPos,
            Some((&"startpos", extra)) => {
                return self.out.error(&format!(
                    "position startpos: unexpected '{}' (moves go after 'moves')",
                    extra.join(" ")
                ))
            }
            Some((&"fen", [])) => return self.out.error("position fen needs a FEN"),
            Some((&"fen", fen)) => Start::Fen(fen.join(" ")),
            _ => {
                return self
                    .out
                    .error("position needs 'startpos' or 'fen <fen>', then optionally 'moves …'")
            }
        };
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let built = self.build(&start, &moves).map_err(|e| match e {
            SetupError::Fen(e) => format!("position fen: {e}"),
            e => e.to_string(),
        });
        match built {
            Ok(game) => {
                self.game = game;
                self.start = start;
                self.moves = moves;
            }
            Err(e) => self.out.error(&format!("{e}; the position is unchanged")),
        }
    }

    fn go(&mut self, words: &[&str]) {
        let parsed = go_params::parse_go(words);
        let (go, warnings) = match parsed {
            Ok(x) => x,
            Err(e) => return self.out.error(&e),
        };
        for w in &warnings {
            self.out.error(w);
        }
        match go {
            Go::Perft(depth) => {
                if self.busy("go perft") {
                    return;
                }
                self.thinker.start_perft(*self.game.position(), depth);
            }
            Go::Search(params) => {
                // A new search replaces a running one (whose bestmove is printed first).
                self.thinker.stop();
                self.thinker.start(self.game.clone(), params);
            }
        }
    }
}
