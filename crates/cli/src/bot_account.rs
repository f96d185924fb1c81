//! `baroque bot --token bq_…`: the engine as a bot account, as lichess-bot runs one (see
//! docs/online.md, "baroque bot as a bot account").
//!
//! It checks the account (`GET /api/account`, `"title": "BOT"`; `--upgrade` makes it one),
//! follows the account's event stream (`GET /api/stream/event`), accepts the challenges its
//! [`Policy`] allows and declines the others with lichess's reason, and plays each game that
//! starts in a thread of its own (`GET /api/bot/game/stream/{id}`, `POST
//! /api/bot/game/{id}/move/{move}`), several at once, its time taken from the server's clock.
//! With `--seek` it also keeps an open seek per game in the lobby while it has room for
//! another game (Baroque's `POST /api/bot/seek`, [`seeker`]); a seek taken starts a game as
//! an accepted challenge does.
//! A dropped connection (the network, a server restart) is opened again after a growing pause;
//! the event stream starts again with the games in progress, so none is forgotten.
//! SIGINT or SIGTERM stops it at once: nothing is resigned (a game left goes on when the bot
//! comes back, or its clock runs out as for any player).

// ureq's error is large; the calls hand it straight to `refused`.
#![allow(clippy::result_large_err)]

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use baroque_engine::search::{Level, Searcher};
use serde_json::Value;

use crate::bot::{best_move, net, refused, Options, Setup};
use crate::error::CliError;

/// What an account's API token starts with.
pub const TOKEN_PREFIX: &str = "bq_";

/// The longest pause between reconnection attempts.
const MAX_PAUSE: Duration = Duration::from_secs(10);

/// How often the main loop looks at the stop flag.
const TICK: Duration = Duration::from_millis(100);

/// Which challenges the bot accepts and how many games it plays at once (its options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// The games it plays (`--games ultima,omega`): all by default.
    pub games: Vec<String>,
    /// Kinds of time control it plays (`--clocks live,days,unlimited`): all by default.
    pub clocks: Vec<String>,
    /// The shortest live clock it plays, in seconds (`--min-base`).
    pub min_base: u64,
    /// The longest live clock it plays, in seconds (`--max-base`).
    pub max_base: u64,
    /// The largest increment, in seconds (`--max-increment`).
    pub max_increment: u64,
    /// Rated (`--modes rated,casual`): both by default.
    pub modes: Vec<String>,
    /// Games at once (`--concurrency N`, default 2); a challenge beyond is declined (`later`).
    pub concurrency: usize,
    /// Makes the account a bot first (`--upgrade`).
    pub upgrade: bool,
    /// The games it keeps an open seek for in the lobby (`--seek omega,ultima`): none by
    /// default.
    pub seek: Vec<String>,
    /// Its seeks' clock, minutes and increment seconds as the server reads them
    /// (`--seek-clock 5+3`, the default).
    pub seek_clock: (String, String),
}

impl Default for Policy {
    fn default() -> Policy {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect();
        Policy {
            games: words(&["ultima", "omega", "hybrid"]),
            clocks: words(&["live", "days", "unlimited"]),
            min_base: 0,
            max_base: u64::MAX,
            max_increment: u64::MAX,
            modes: words(&["rated", "casual"]),
            concurrency: 2,
            upgrade: false,
            seek: Vec::new(),
            seek_clock: ("5".into(), "3".into()),
        }
    }
}

impl Policy {
    /// Reads option `flag` (its value from `value`): false when it is not one of the policy's.
    pub fn read(
        &mut self,
        flag: &str,
        value: &mut dyn FnMut() -> Result<String, CliError>,
    ) -> Result<bool, CliError> {
        let list = |v: String, allowed: &[&str]| -> Result<Vec<String>, CliError> {
            let words: Vec<String> = v.split(',').map(|w| w.trim().to_string()).collect();
            match words.iter().find(|w| !allowed.contains(&w.as_str())) {
                Some(w) => Err(CliError::usage(format!(
                    "{flag}: '{w}' is not one of {}",
                    allowed.join(", ")
                ))),
                None => Ok(words),
            }
        };
        let number = |v: String| -> Result<u64, CliError> {
            v.parse()
                .map_err(|_| CliError::usage(format!("{flag} takes a whole number, not '{v}'")))
        };
        match flag {
            "--games" => self.games = list(value()?, &["ultima", "omega", "hybrid"])?,
            "--clocks" => self.clocks = list(value()?, &["live", "days", "unlimited"])?,
            "--modes" => self.modes = list(value()?, &["rated", "casual"])?,
            "--min-base" => self.min_base = number(value()?)?,
            "--max-base" => self.max_base = number(value()?)?,
            "--max-increment" => self.max_increment = number(value()?)?,
            "--concurrency" => {
                self.concurrency = number(value()?)?.clamp(1, 64) as usize;
            }
            "--upgrade" => self.upgrade = true,
            "--seek" => self.seek = list(value()?, &["ultima", "omega", "hybrid"])?,
            "--seek-clock" => {
                let v = value()?;
                let clock = v.split_once('+').filter(|(m, s)| {
                    m.parse::<f64>().is_ok_and(|m| m.is_finite() && m > 0.0)
                        && s.parse::<u64>().is_ok()
                });
                let Some((m, s)) = clock else {
                    return Err(CliError::usage(format!(
                        "--seek-clock takes minutes+seconds, like 5+3, not '{v}'"
                    )));
                };
                self.seek_clock = (m.to_string(), s.to_string());
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Whether its seeks are rated: only when `--modes` leaves casual out (a casual seek is
    /// open to players without an account too).
    pub fn seeks_rated(&self) -> bool {
        !self.modes.iter().any(|m| m == "casual")
    }

    /// Checks the options together: each game of `--seek` is one it plays (`--games`).
    pub fn check(&self) -> Result<(), CliError> {
        match self.seek.iter().find(|g| !self.games.contains(g)) {
            Some(g) => Err(CliError::usage(format!(
                "--seek {g}: not one of the games it plays (--games {})",
                self.games.join(",")
            ))),
            None => Ok(()),
        }
    }

    /// Whether the seek for the `index`th game of `--seek` may be open while `playing` games
    /// go on: the open seeks never outnumber the games it has room for, so that all taken at
    /// once still make at most `--concurrency` games (the first games of the list first).
    pub fn may_seek(&self, index: usize, playing: usize) -> bool {
        playing + index < self.concurrency
    }

    /// lichess's decline reason for `challenge` (its JSON) when `playing` games go on, or
    /// `None` to accept it.
    pub fn decline(&self, challenge: &Value, playing: usize) -> Option<&'static str> {
        let variant = challenge["variant"]["key"].as_str().unwrap_or("");
        if !self.games.iter().any(|g| g == variant) {
            return Some("variant");
        }
        let tc = &challenge["timeControl"];
        let kind = match tc["type"].as_str() {
            Some("clock") => "live",
            Some("correspondence") => "days",
            _ => "unlimited",
        };
        if !self.clocks.iter().any(|c| c == kind) {
            return Some("timeControl");
        }
        if kind == "live" {
            let base = tc["limit"].as_u64().unwrap_or(0);
            let inc = tc["increment"].as_u64().unwrap_or(0);
            if base < self.min_base {
                return Some("tooFast");
            }
            if base > self.max_base || inc > self.max_increment {
                return Some("tooSlow");
            }
        }
        let rated = challenge["rated"].as_bool().unwrap_or(false);
        let mode = if rated { "rated" } else { "casual" };
        if !self.modes.iter().any(|m| m == mode) {
            return Some(if rated { "casual" } else { "rated" });
        }
        if playing >= self.concurrency {
            return Some("later");
        }
        None
    }
}

/// What the bot shares between its threads.
struct Bot {
    server: String,
    auth: String,
    me: String,
    level: Level,
    policy: Policy,
    agent: ureq::Agent,
    /// The games being played (their threads run).
    playing: Mutex<HashSet<String>>,
    stop: Arc<AtomicBool>,
    lines: mpsc::Sender<String>,
}

impl Bot {
    fn get(&self, path: &str) -> Result<ureq::Response, ureq::Error> {
        self.agent
            .get(&format!("{}{path}", self.server))
            .set("Authorization", &self.auth)
            .call()
    }

    fn post(&self, path: &str, form: &[(&str, &str)]) -> Result<ureq::Response, ureq::Error> {
        self.agent
            .post(&format!("{}{path}", self.server))
            .set("Authorization", &self.auth)
            .send_form(form)
    }

    fn say(&self, line: String) {
        let _ = self.lines.send(line);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Sleeps `pause` (cut short by a stop); gives the next, longer pause.
    fn wait(&self, pause: Duration) -> Duration {
        let mut left = pause;
        while !self.stopped() && !left.is_zero() {
            let step = left.min(TICK);
            std::thread::sleep(step);
            left -= step;
        }
        (pause * 2).clamp(Duration::from_millis(500), MAX_PAUSE)
    }
}

/// Sets `flag` on SIGINT and SIGTERM.
#[cfg(unix)]
#[allow(unsafe_code)]
fn on_signals(flag: &Arc<AtomicBool>) -> Result<(), CliError> {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let flag = Arc::clone(flag);
        // SAFETY: the action only stores to an atomic, which is async-signal-safe.
        unsafe {
            signal_hook_registry::register(signal, move || flag.store(true, Ordering::SeqCst))
        }
        .map_err(|e| net(format!("cannot catch signals: {e}")))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn on_signals(_flag: &Arc<AtomicBool>) -> Result<(), CliError> {
    Ok(())
}

/// Runs the bot account until SIGINT or SIGTERM.
pub fn run(o: &Options, out: &mut impl Write) -> Result<(), CliError> {
    let agent = ureq::AgentBuilder::new()
        .timeout_connect(Duration::from_secs(10))
        .timeout_read(Duration::from_secs(30))
        .build();
    let auth = format!("Bearer {}", o.token);
    let account = |agent: &ureq::Agent| -> Result<Value, CliError> {
        agent
            .get(&format!("{}/api/account", o.server))
            .set("Authorization", &auth)
            .call()
            .map_err(refused)?
            .into_json()
            .map_err(net)
    };
    o.policy.check()?;
    let mut me = account(&agent)?;
    if me["title"] != "BOT" && o.policy.upgrade {
        agent
            .post(&format!("{}/api/bot/account/upgrade", o.server))
            .set("Authorization", &auth)
            .call()
            .map_err(refused)?;
        me = account(&agent)?;
    }
    if me["title"] != "BOT" {
        return Err(net(
            "this account is not a bot: run once with --upgrade (POST /api/bot/account/upgrade)",
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    on_signals(&stop)?;
    let (tx, rx) = mpsc::channel();
    let bot = Arc::new(Bot {
        server: o.server.clone(),
        auth,
        me: me["id"].as_str().unwrap_or("").to_string(),
        level: o.level,
        policy: o.policy.clone(),
        agent,
        playing: Mutex::new(HashSet::new()),
        stop: Arc::clone(&stop),
        lines: tx,
    });
    writeln!(
        out,
        "bot: {} online at level {}, up to {} games at once",
        me["username"].as_str().unwrap_or("?"),
        o.level.number,
        o.policy.concurrency
    )?;
    out.flush()?;
    {
        let bot = Arc::clone(&bot);
        std::thread::spawn(move || events(&bot));
    }
    for (index, game) in o.policy.seek.iter().enumerate() {
        let (bot, game) = (Arc::clone(&bot), game.clone());
        std::thread::spawn(move || seeker(&bot, &game, index));
    }
    // The lines of every thread, printed here, until a stop.
    while !stop.load(Ordering::SeqCst) {
        match rx.recv_timeout(TICK) {
            Ok(line) => {
                writeln!(out, "{line}")?;
                out.flush()?;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let left = bot.playing.lock().map(|p| p.len()).unwrap_or(0);
    writeln!(
        out,
        "bot: stopped; {left} games left in progress (resigned none)"
    )?;
    out.flush()?;
    Ok(())
}

/// Follows the account's event stream, opening it again whenever it drops.
fn events(bot: &Arc<Bot>) {
    let mut pause = Duration::ZERO;
    while !bot.stopped() {
        match bot.get("/api/stream/event") {
            Ok(r) => {
                pause = Duration::ZERO;
                for line in BufReader::new(r.into_reader()).lines() {
                    if bot.stopped() {
                        return;
                    }
                    let Ok(line) = line else { break };
                    if let Ok(v) = serde_json::from_str::<Value>(&line) {
                        event(bot, &v);
                    }
                }
                bot.say("bot: the event stream ended; connecting again".into());
            }
            Err(e) => bot.say(format!(
                "bot: cannot reach the server ({}); retrying",
                refused(e)
            )),
        }
        pause = bot.wait(pause);
    }
}

/// The number of games being played.
fn playing(bot: &Bot) -> usize {
    bot.playing.lock().map(|p| p.len()).unwrap_or(0)
}

/// Keeps an open seek for `game` (the `index`th of `--seek`) in the lobby while the bot has
/// room for it ([`Policy::may_seek`]): `POST /api/bot/seek`, whose request stays open (an
/// empty line a second) until a player takes the seek — its last line is the game, which
/// starts on the event stream as an accepted challenge's does. Closing the request withdraws
/// the seek: when the bot has no more room, and when it stops (the process ends, and the
/// server drops the seek within about two seconds).
fn seeker(bot: &Arc<Bot>, game: &str, index: usize) {
    let (minutes, increment) = &bot.policy.seek_clock;
    let clock = format!("{minutes}+{increment}");
    let rated = bot.policy.seeks_rated();
    let mode = if rated { "rated" } else { "casual" };
    let mut pause = Duration::ZERO;
    while !bot.stopped() {
        if !bot.policy.may_seek(index, playing(bot)) {
            bot.wait(TICK * 5);
            continue;
        }
        let answer = bot
            .agent
            .post(&format!("{}/api/bot/seek", bot.server))
            .set("Authorization", &bot.auth)
            .send_form(&[
                ("variant", game),
                ("time", minutes),
                ("increment", increment),
                ("rated", if rated { "true" } else { "false" }),
                ("color", "random"),
            ]);
        let r = match answer {
            Ok(r) => r,
            Err(ureq::Error::Status(code @ 400..=403, r)) => {
                let e = refused(ureq::Error::Status(code, r));
                bot.say(format!(
                    "bot: cannot seek {game}: {}; not seeking it",
                    e.message().unwrap_or_default()
                ));
                return;
            }
            Err(e) => {
                bot.say(format!(
                    "bot: cannot seek {game} ({}); retrying",
                    refused(e)
                ));
                pause = bot.wait(pause);
                continue;
            }
        };
        pause = Duration::ZERO;
        bot.say(format!("bot: seeking {game} {clock} {mode} in the lobby"));
        let mut taken = None;
        for line in BufReader::new(r.into_reader()).lines() {
            let Ok(line) = line else { break };
            if bot.stopped() {
                return;
            }
            if let Ok(v) = serde_json::from_str::<Value>(&line) {
                taken = v["gameId"].as_str().map(String::from);
                break;
            }
            if !bot.policy.may_seek(index, playing(bot)) {
                bot.say(format!(
                    "bot: withdrew its {game} seek (games in progress: {} of {})",
                    playing(bot),
                    bot.policy.concurrency
                ));
                break;
            }
        }
        // The request is closed here (dropped): a seek not taken leaves the lobby.
        let Some(id) = taken else { continue };
        bot.say(format!("bot: its {game} seek was taken: game {id}"));
        // Another seek once the game counts among those played (its gameStart came).
        for _ in 0..100 {
            let counted = bot.playing.lock().is_ok_and(|p| p.contains(&id));
            if counted || bot.stopped() {
                break;
            }
            std::thread::sleep(TICK);
        }
    }
}

/// Handles one event.
fn event(bot: &Arc<Bot>, v: &Value) {
    match v["type"].as_str() {
        Some("challenge") => {
            let c = &v["challenge"];
            // Its own challenges (direction out) are not its to answer.
            if c["destUser"]["id"].as_str() != Some(bot.me.as_str()) {
                return;
            }
            let id = c["id"].as_str().unwrap_or("");
            // A player without an account challenges with no `challenger` (lichess's null).
            let from = c["challenger"]["name"].as_str().unwrap_or("a guest");
            let playing = bot.playing.lock().map(|p| p.len()).unwrap_or(0);
            let answer = match bot.policy.decline(c, playing) {
                None => bot
                    .post(&format!("/api/challenge/{id}/accept"), &[])
                    .map(|_| format!("bot: accepted {from}'s challenge {id}")),
                Some(reason) => bot
                    .post(
                        &format!("/api/challenge/{id}/decline"),
                        &[("reason", reason)],
                    )
                    .map(|_| format!("bot: declined {from}'s challenge {id} ({reason})")),
            };
            match answer {
                Ok(line) => bot.say(line),
                Err(e) => bot.say(format!("bot: challenge {id}: {}", refused(e))),
            }
        }
        Some("gameStart") => {
            let g = &v["game"];
            let (Some(id), Some(color)) = (g["gameId"].as_str(), g["color"].as_str()) else {
                return;
            };
            let fresh = bot
                .playing
                .lock()
                .map(|mut p| p.insert(id.to_string()))
                .unwrap_or(false);
            if fresh {
                let (bot, id, color) = (Arc::clone(bot), id.to_string(), color.to_string());
                std::thread::spawn(move || {
                    play(&bot, &id, &color);
                    if let Ok(mut p) = bot.playing.lock() {
                        p.remove(&id);
                    }
                });
            }
        }
        Some("gameFinish") => {
            let g = &v["game"];
            bot.say(format!(
                "bot: game {} over: {}, winner {}",
                g["gameId"].as_str().unwrap_or("?"),
                g["status"]["name"].as_str().unwrap_or("?"),
                g["winner"].as_str().unwrap_or("none")
            ));
        }
        _ => {}
    }
}

/// Plays game `id` as `color` until it ends, opening its stream again when it drops.
fn play(bot: &Bot, id: &str, color: &str) {
    bot.say(format!(
        "bot: playing {color} in game {id} at level {}",
        bot.level.number
    ));
    let mut searcher = Searcher::new(16 << 20);
    let mut pause = Duration::ZERO;
    while !bot.stopped() {
        match bot.get(&format!("/api/bot/game/stream/{id}")) {
            Ok(r) => {
                pause = Duration::ZERO;
                match follow(bot, id, color, r, &mut searcher) {
                    Ok(true) => return,
                    Ok(false) => {}
                    Err(e) => bot.say(format!(
                        "bot: game {id}: {}",
                        e.message().unwrap_or_default()
                    )),
                }
            }
            // The game is gone, or not the bot's: nothing to play.
            Err(ureq::Error::Status(400 | 404, _)) => return,
            Err(e) => bot.say(format!("bot: game {id}: {}; retrying", refused(e))),
        }
        pause = bot.wait(pause);
    }
}

/// Reads game `id`'s stream `r`, moving whenever it is `color`'s turn: true once the game is
/// over, false when the stream dropped first.
fn follow(
    bot: &Bot,
    id: &str,
    color: &str,
    r: ureq::Response,
    searcher: &mut Searcher,
) -> Result<bool, CliError> {
    let mut setup = Setup::default();
    // The ply the bot last moved at: a state of the same ply (an offer made meanwhile) is not
    // a second turn.
    let mut moved_at = None;
    for line in BufReader::new(r.into_reader()).lines() {
        if bot.stopped() {
            return Ok(false);
        }
        let Ok(line) = line else { return Ok(false) };
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(&line).map_err(net)?;
        let state = if v["type"] == "gameFull" {
            setup = Setup::of_full(&v);
            &v["state"]
        } else if v["type"] == "gameState" {
            &v
        } else {
            continue;
        };
        if state["status"] != "started" {
            return Ok(true);
        }
        let ply = state["ply"].as_u64();
        if state["turn"] != color || (ply.is_some() && ply == moved_at) {
            continue;
        }
        let Some(text) = best_move(searcher, &bot.level, &setup, state, color)? else {
            continue;
        };
        moved_at = ply;
        match bot.post(&format!("/api/bot/game/{id}/move/{text}"), &[]) {
            Ok(_) => bot.say(format!("bot: {id} {text}")),
            Err(e) => bot.say(format!("bot: {id} {text} refused: {}", refused(e))),
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn challenge(variant: &str, tc: Value, rated: bool) -> Value {
        json!({ "variant": { "key": variant }, "timeControl": tc, "rated": rated })
    }

    #[test]
    fn the_policy_declines_with_lichess_reasons() {
        let mut p = Policy::default();
        let mut args = vec!["omega".to_string()].into_iter();
        assert!(p.read("--games", &mut || Ok(args.next().unwrap())).unwrap());
        let mut args = vec!["60".to_string(), "600".to_string()].into_iter();
        assert!(p
            .read("--min-base", &mut || Ok(args.next().unwrap()))
            .unwrap());
        assert!(p
            .read("--max-base", &mut || Ok(args.next().unwrap()))
            .unwrap());
        let live = |l: u64, i: u64| json!({ "type": "clock", "limit": l, "increment": i });
        assert_eq!(p.decline(&challenge("omega", live(300, 2), true), 0), None);
        assert_eq!(
            p.decline(&challenge("ultima", live(300, 2), true), 0),
            Some("variant")
        );
        assert_eq!(
            p.decline(&challenge("omega", live(30, 0), true), 0),
            Some("tooFast")
        );
        assert_eq!(
            p.decline(&challenge("omega", live(900, 0), true), 0),
            Some("tooSlow")
        );
        assert_eq!(
            p.decline(&challenge("omega", live(300, 2), true), 2),
            Some("later")
        );
        let mut args = vec!["live".to_string(), "casual".to_string()].into_iter();
        assert!(p
            .read("--clocks", &mut || Ok(args.next().unwrap()))
            .unwrap());
        assert!(p.read("--modes", &mut || Ok(args.next().unwrap())).unwrap());
        let days = json!({ "type": "correspondence", "daysPerTurn": 2 });
        assert_eq!(
            p.decline(&challenge("omega", days, false), 0),
            Some("timeControl")
        );
        assert_eq!(
            p.decline(&challenge("omega", live(300, 2), true), 0),
            Some("casual")
        );
        // Seeks: games it plays only, a clock of minutes+seconds, room counted.
        let mut args = vec!["omega".to_string(), "0.5+0".to_string()].into_iter();
        assert!(p.read("--seek", &mut || Ok(args.next().unwrap())).unwrap());
        assert!(p
            .read("--seek-clock", &mut || Ok(args.next().unwrap()))
            .unwrap());
        assert_eq!(p.seek_clock, ("0.5".to_string(), "0".to_string()));
        assert!(p.check().is_ok());
        assert!(!p.seeks_rated(), "--modes has casual");
        for bad in ["5", "5+x", "0+3", "-1+2"] {
            let mut args = vec![bad.to_string()].into_iter();
            assert!(p
                .read("--seek-clock", &mut || Ok(args.next().unwrap()))
                .is_err());
        }
        p.seek = vec!["ultima".into()];
        assert!(p.check().is_err(), "ultima is not in --games");
        // Two games at once: with none going, seeks for the list's first two games.
        assert!(p.may_seek(0, 0) && p.may_seek(1, 0) && !p.may_seek(2, 0));
        assert!(p.may_seek(0, 1) && !p.may_seek(1, 1) && !p.may_seek(0, 2));
        let mut bad = vec!["chess".to_string()].into_iter();
        assert!(p.read("--games", &mut || Ok(bad.next().unwrap())).is_err());
        assert!(!p.read("--nonsense", &mut || Ok(String::new())).unwrap());
    }
}
