//! `baroque bot --server URL --token TOKEN [--level N] …`: the engine online (see
//! docs/online.md). Two modes, told apart by the token:
//!
//! - a seat token (a game's `tokenWhite`/`tokenBlack`): plays that seat through the Board API.
//!   The bot asks the server which game and colour its token holds (`GET /api/board/seat`),
//!   follows the game's NDJSON stream, and on each state where it is to move searches at its
//!   level (its time kept within its clock) and posts the move with the ply it expects, so
//!   that a resent move is applied once. It prints one line per move and a last line with the
//!   result.
//! - a bot account's API token (`bq_…`): runs as a lichess bot ([`crate::bot_account`]),
//!   accepting the challenges it can play and playing several games at once.

use std::io::{BufRead, BufReader, Write};
use std::time::Duration;

use baroque_engine::search::limits::Clock;
use baroque_engine::search::{Level, Limits, Searcher};
use baroque_engine::setup::build_game;
use serde_json::Value;

use crate::bench::WallClock;
use crate::error::CliError;

/// The environment variable read for the token when `--token` is not given.
pub(crate) const TOKEN_VAR: &str = "BAROQUE_TOKEN";

/// The bot's settings.
pub(crate) struct Options {
    /// The server's base URL (no trailing slash).
    pub server: String,
    /// The seat token or the account's API token.
    pub token: String,
    /// The engine's level.
    pub level: Level,
    /// Which challenges the account mode accepts, and how many games it plays at once.
    pub policy: crate::bot_account::Policy,
}

fn parse(args: &[String]) -> Result<Options, CliError> {
    let (mut server, mut token, mut level) = (None, None, Level::get(4));
    let mut policy = crate::bot_account::Policy::default();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| CliError::usage(format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--server" => server = Some(value()?.trim_end_matches('/').to_string()),
            "--token" => token = Some(value()?),
            "--level" => {
                let v = value()?;
                level = v.parse::<u8>().ok().and_then(Level::get);
                if level.is_none() {
                    return Err(CliError::usage(format!(
                        "--level must be 1 to {}, not '{v}'",
                        Level::MAX
                    )));
                }
            }
            other => {
                if !policy.read(other, &mut value)? {
                    return Err(CliError::usage(format!(
                        "unknown argument '{other}' for 'bot' (see 'baroque help')"
                    )));
                }
            }
        }
    }
    Ok(Options {
        server: server.ok_or_else(|| CliError::usage("bot needs --server URL"))?,
        // From the environment, a token stays out of the process list (`ps` shows arguments
        // to every user of the machine): scripts/start.sh runs the house bots so.
        token: token
            .or_else(|| {
                std::env::var(TOKEN_VAR)
                    .ok()
                    .filter(|t| !t.trim().is_empty())
            })
            .map(|t| t.trim().to_string())
            .ok_or_else(|| CliError::usage(format!("bot needs --token TOKEN (or {TOKEN_VAR})")))?,
        level: level.ok_or_else(|| CliError::usage("no such level"))?,
        policy,
    })
}

pub(crate) fn net(e: impl std::fmt::Display) -> CliError {
    CliError::usage(format!("server: {e}"))
}

/// The answer's error text, for a refused request.
pub(crate) fn refused(e: ureq::Error) -> CliError {
    match e {
        ureq::Error::Status(code, r) => {
            let body: Value = r.into_json().unwrap_or(Value::Null);
            net(format!(
                "{code} {}",
                body["error"].as_str().unwrap_or("(no message)")
            ))
        }
        other => net(other),
    }
}

/// Runs the bot: a seat until its game ends, or a bot account until stopped.
pub fn run(args: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let o = parse(args)?;
    if o.token.starts_with(crate::bot_account::TOKEN_PREFIX) {
        return crate::bot_account::run(&o, out);
    }
    let agent = ureq::AgentBuilder::new()
        .timeout_connect(Duration::from_secs(10))
        .timeout_read(Duration::from_secs(60))
        .build();
    let auth = format!("Bearer {}", o.token);
    let seat: Value = agent
        .get(&format!("{}/api/board/seat", o.server))
        .set("Authorization", &auth)
        .call()
        .map_err(refused)?
        .into_json()
        .map_err(net)?;
    let (Some(id), Some(color)) = (seat["gameId"].as_str(), seat["color"].as_str()) else {
        return Err(net("the seat answer has no gameId and color"));
    };
    writeln!(
        out,
        "bot: playing {color} in game {id} at level {}",
        o.level.number
    )?;
    out.flush()?;
    let stream = agent
        .get(&format!("{}/api/board/game/stream/{id}", o.server))
        .set("Authorization", &auth)
        .call()
        .map_err(refused)?;
    let mut searcher = Searcher::new(16 << 20);
    let mut setup = Setup::default();
    for line in BufReader::new(stream.into_reader()).lines() {
        let line = line.map_err(net)?;
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(&line).map_err(net)?;
        if v["type"] == "gameFull" {
            setup = Setup::of_full(&v);
        }
        // Other lines (`chatLine`, `opponentGone`) say nothing of the game's state.
        let Some(state) = state_of(&v) else {
            continue;
        };
        if state["status"] != "started" {
            writeln!(
                out,
                "bot: game over: {}, winner {}",
                state["status"].as_str().unwrap_or("?"),
                state["winner"].as_str().unwrap_or("none")
            )?;
            return Ok(());
        }
        if state["turn"] != color {
            continue;
        }
        let moves: Vec<&str> = state["moves"]
            .as_str()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let Some(text) = best_move(&mut searcher, &o.level, &setup, state, color)? else {
            continue;
        };
        let url = format!(
            "{}/api/board/game/{id}/move/{text}?ply={}",
            o.server,
            moves.len()
        );
        match agent.post(&url).set("Authorization", &auth).call() {
            Ok(_) => writeln!(out, "bot: {text}")?,
            Err(e) => writeln!(out, "bot: {text} refused: {}", refused(e))?,
        }
        out.flush()?;
    }
    Err(net("the game's stream ended before the game did"))
}

/// The game's state a line of the game stream gives: a `gameFull`'s `state`, a `gameState`
/// itself; none for the other lines (`chatLine`, `opponentGone`), which must not be read as
/// the state (a chat line has no `status` and read so it ended the bot's game).
fn state_of(v: &Value) -> Option<&Value> {
    match v["type"].as_str() {
        Some("gameFull") => Some(&v["state"]),
        Some("gameState") => Some(v),
        _ => None,
    }
}

/// A streamed game's set-up, read from its `gameFull` line: the game, its start and its rules.
#[derive(Debug, Default)]
pub(crate) struct Setup {
    /// The variant's key (`ultima`, `omega`, `hybrid`).
    pub variant: String,
    /// The start position's FEN, empty (or `startpos`) for the game's start array.
    pub start: String,
    /// Rule options as `name=value`.
    pub rules: Vec<String>,
}

impl Setup {
    /// The set-up a `gameFull` line `v` gives.
    pub fn of_full(v: &Value) -> Setup {
        Setup {
            variant: v["variant"]["key"].as_str().unwrap_or("").to_string(),
            start: v["initialFen"].as_str().unwrap_or("").to_string(),
            rules: v["rules"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|r| r.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// The engine's move (its text) in the game `state` shows (played as `setup` says), searched
/// at `level` within `color`'s clock; `None` when it has no move.
pub(crate) fn best_move(
    searcher: &mut Searcher,
    level: &Level,
    setup: &Setup,
    state: &Value,
    color: &str,
) -> Result<Option<String>, CliError> {
    let moves: Vec<&str> = state["moves"]
        .as_str()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let rule_refs: Vec<&str> = setup.rules.iter().map(String::as_str).collect();
    let start = setup.start.as_str();
    let start = (!start.is_empty() && start != "startpos").then_some(start);
    let game = build_game(&setup.variant, start, &rule_refs, &moves)
        .map_err(|e| net(format!("the server's game does not replay: {e}")))?;
    let limits = clock_limits(level, state, color);
    let result = crate::smp::search(searcher, 1, &game, &limits, &mut WallClock::new());
    Ok(result.best.map(|best| game.position().move_text(&best)))
}

/// The time kept back from the clock for the move's trip to the server (ms).
const NETWORK_MS: i64 = 300;

/// The level's limits, kept within the bot's clock when the game has one.
fn clock_limits(level: &Level, state: &Value, color: &str) -> Limits {
    let limits = level.limits();
    let (time, inc) = if color == "white" {
        ("wtime", "winc")
    } else {
        ("btime", "binc")
    };
    let (Some(t), Some(i)) = (state[time].as_i64(), state[inc].as_i64()) else {
        return limits;
    };
    if state["clockRunning"] != true && t == 0 {
        return limits;
    }
    // The time the move takes to reach the server is kept back, so the bot never spends
    // more than it has.
    let budget = Limits::from_clock(&Clock {
        time_ms: (t - NETWORK_MS).max(0) as u64,
        inc_ms: i.max(0) as u64,
        movestogo: None,
    });
    Limits {
        movetime_ms: match (limits.movetime_ms, budget.movetime_ms) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        soft_time_ms: match (limits.soft_time_ms, budget.soft_time_ms) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        ..limits
    }
}

#[cfg(test)]
mod tests {
    use super::state_of;
    use serde_json::json;

    #[test]
    fn only_game_full_and_game_state_lines_give_the_state() {
        let full = json!({"type": "gameFull", "state": {"type": "gameState", "status": "started"}});
        assert_eq!(state_of(&full), Some(&full["state"]));
        let state = json!({"type": "gameState", "status": "mate"});
        assert_eq!(state_of(&state), Some(&state));
        // A chat line has no status: read as the state it ended the bot's game.
        let chat = json!({"type": "chatLine", "username": "a", "text": "hi", "room": "player"});
        assert_eq!(state_of(&chat), None);
        assert_eq!(
            state_of(&json!({"type": "opponentGone", "gone": true})),
            None
        );
    }
}
