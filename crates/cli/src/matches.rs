//! `baroque match`: plays games between two players from varied openings, each opening once
//! with each colour, and prints wins, draws, losses and the Elo difference with its 95% error
//! bar.
//!
//! ```text
//! baroque match [--variant ultima|omega|hybrid|all] [--games N] [--a SPEC] [--b SPEC]
//!               [--option NAME=VALUE|NAME=random|random]...
//!               [--fen FEN | --start-array ID|random | --pgn FILE [--game N]]
//!               [--opening-plies K] [--max-plies P] [--seed S] [--hash MB] [--pgn-out FILE]
//!               [--resign movecount=N,score=CP] [--draw movenumber=M,movecount=N,score=CP]
//! ```
//!
//! The games are played under the rule options given (`--option`, repeatable, in order): a
//! value, or `random` for a value drawn (seeded) for each pair of games; `--option random` draws
//! every option of the game. With several variants an option applies to those that have it.
//! `--fen` starts the openings from that position instead of the start (one variant only);
//! `--start-array` from one of the game's start arrays (Ultima's 16, ultima.md §2, by the ids of
//! the game table: `wIC`, `wIC-bKW`, …), or `random` for one drawn for each pair of games.
//! `--pgn` from the last position of a game record (the first game, or game N of `--game`),
//! under the record's rules. `--pgn-out` writes every game to FILE as PGN
//! (`baroque_engine::pgn`), for review.
//!
//! A player SPEC is `greedy` (the one-ply greedy reference player), or a comma-separated list of
//! `key=value`: `level=1..8`, `depth=N`, `nodes=N`, `movetime=MS`, `tc=BASE+INC` (a chess
//! clock, in seconds: the player budgets its time, and loses when it oversteps it), `near=CP` (near-best
//! margin), `threads=N` (a parallel search, `crate::smp`; sent to an external engine as its
//! `Threads` option), any evaluation weight (`mobility=`, `frozen=`, `king_exposure=`,
//! `promotion_zone=`, `wizard_safety=`, `tempo=`), and last `cmd=<command line>` to play an
//! external UCI engine with those limits (everything after `cmd=` is the command, commas
//! included).
//!
//! `--resign` and `--draw` end games whose result both players already agree on, the way
//! cutechess-cli's options of those names do, so that long matches spend their time on the
//! moves that decide: a game is given to a side once both players' scores have been at least
//! `score` centipawns in its favour (a mate score counts as beyond every margin) for the last
//! `movecount` moves of each; a game is drawn from move `movenumber` on once both players'
//! scores have stayed within `score` of 0 for the last `movecount` moves of each. Without them
//! only the rules and `--max-plies` end a game. The greedy player gives no score, so it never
//! agrees.
//!
//! Standard output gets one summary line per variant (and a total for `all`), naming the rule
//! options given that apply to it:
//! `ultima (stalemate=draw): +12 =3 -5 of 20, score 67.5%, Elo +127 +/- 160 (95%: +7 to +327) (A: level=6, B: greedy)`.
//! Each game's result goes to standard error as it finishes, with the start array and options
//! it was played under where they are not the defaults.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use baroque_engine::games::{spec as game_spec, StartArray};
use baroque_engine::options::option_specs;
use baroque_engine::pgn;
use baroque_engine::search::eval::Weights;
use baroque_engine::search::greedy::Greedy;
use baroque_engine::search::limits::Clock;
use baroque_engine::search::{Level, Limits, Score, Searcher};
use baroque_engine::{Game, GameId, GameResult, Move, Position, RuleOptions};

use crate::bench::WallClock;
use crate::error::CliError;

/// A parsed player description.
#[derive(Clone, Debug)]
struct Spec {
    text: String,
    greedy: bool,
    limits: Limits,
    /// Weights changed by name, applied over the game's tuned weights.
    weights: Vec<(String, i32)>,
    cmd: Option<String>,
    /// Threads of the search (`threads=`, Lazy SMP).
    threads: usize,
    /// `tc=BASE+INC`: a chess clock of BASE and INC per move, in milliseconds.
    clock: Option<TimeControl>,
}

/// A player's chess clock in a match: its start and its increment per move (milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TimeControl {
    base_ms: u64,
    inc_ms: u64,
}

impl TimeControl {
    /// `BASE+INC` or `BASE`, in seconds (decimals allowed): `60+1`, `10+0.1`, `5`.
    fn parse(text: &str) -> Result<TimeControl, CliError> {
        let bad = || {
            CliError::usage(format!(
                "bad tc '{text}': expected BASE+INC in seconds, such as 60+1 or 10+0.1"
            ))
        };
        let ms = |v: &str| -> Result<u64, CliError> {
            let x: f64 = v.trim().parse().map_err(|_| bad())?;
            if x.is_finite() && (0.0..=86_400.0).contains(&x) {
                Ok((x * 1000.0).round() as u64)
            } else {
                Err(bad())
            }
        };
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        Ok(TimeControl {
            base_ms: ms(base)?,
            inc_ms: ms(inc)?,
        })
    }
}

/// Both clocks before a move of a clocked player: the mover's and the opponent's time left
/// and increments (an opponent without a clock is given the mover's), as UCI's `go wtime …`.
#[derive(Clone, Copy, Debug)]
struct Clocks {
    mover_ms: u64,
    mover_inc: u64,
    other_ms: u64,
    other_inc: u64,
}

fn parse_spec(text: &str) -> Result<Spec, CliError> {
    let mut spec = Spec {
        text: text.to_string(),
        greedy: false,
        limits: Limits::default(),
        weights: Vec::new(),
        cmd: None,
        threads: 1,
        clock: None,
    };
    let mut rest = text.trim();
    let mut limited = false;
    while !rest.is_empty() {
        if let Some(cmd) = rest.strip_prefix("cmd=") {
            spec.cmd = Some(cmd.to_string());
            break;
        }
        let (item, tail) = rest.split_once(',').unwrap_or((rest, ""));
        rest = tail.trim_start();
        let item = item.trim();
        if item == "greedy" {
            spec.greedy = true;
            continue;
        }
        let (key, value) = item.split_once('=').ok_or_else(|| {
            CliError::usage(format!(
                "bad player item '{item}' in '{text}': expected greedy or key=value"
            ))
        })?;
        if key.trim() == "tc" {
            spec.clock = Some(TimeControl::parse(value)?);
            limited = true;
            continue;
        }
        let n: i64 = value.trim().parse().map_err(|_| {
            CliError::usage(format!(
                "bad value '{value}' for '{key}': expected a number"
            ))
        })?;
        let positive = |what: &str| -> Result<u64, CliError> {
            if n >= 1 {
                Ok(n as u64)
            } else {
                Err(CliError::usage(format!("{what} must be at least 1")))
            }
        };
        match key.trim() {
            "level" => {
                let level = u8::try_from(n)
                    .ok()
                    .and_then(Level::get)
                    .ok_or_else(|| CliError::usage(format!("level must be 1 to {}", Level::MAX)))?;
                spec.limits = level.limits();
                limited = true;
            }
            "depth" => {
                spec.limits.depth = Some(positive("depth")?.min(64) as u32);
                limited = true;
            }
            "nodes" => {
                spec.limits.nodes = Some(positive("nodes")?);
                limited = true;
            }
            "movetime" => {
                spec.limits.movetime_ms = Some(positive("movetime")?);
                limited = true;
            }
            "near" => spec.limits.near_best_cp = n.clamp(0, 1000) as u32,
            "threads" => {
                spec.threads = (positive("threads")? as usize).min(crate::smp::MAX_THREADS)
            }
            k => {
                let mut probe = Weights::DEFAULT;
                if !probe.set(k, n as i32) {
                    return Err(CliError::usage(format!(
                        "unknown player key '{k}': use level, depth, nodes, movetime, tc, near, threads, a weight name, or cmd"
                    )));
                }
                spec.weights.push((k.to_string(), n as i32));
            }
        }
    }
    if !spec.greedy && !limited {
        return Err(CliError::usage(format!(
            "player '{text}' has no limit: give level=, depth=, nodes=, movetime= or tc= (or greedy)"
        )));
    }
    Ok(spec)
}

/// An external engine spoken to over UCI.
struct Uci {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Uci {
    fn start(cmd: &str, variant: GameId) -> Result<Uci, CliError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| CliError::usage(format!("cannot start UCI engine '{cmd}': {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(CliError::usage(format!(
                "cannot talk to UCI engine '{cmd}'"
            )));
        };
        let mut uci = Uci {
            child,
            input,
            output: BufReader::new(output),
        };
        uci.send("uci")?;
        uci.wait_for("uciok")?;
        uci.send(&format!("setoption name UCI_Variant value {variant}"))?;
        uci.send("isready")?;
        uci.wait_for("readyok")?;
        Ok(uci)
    }

    fn send(&mut self, line: &str) -> Result<(), CliError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| CliError::usage(format!("UCI engine closed its input: {e}")))
    }

    fn read_line(&mut self) -> Result<String, CliError> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(CliError::usage("UCI engine ended unexpectedly")),
            Ok(_) => Ok(line),
            Err(e) => Err(CliError::usage(format!("cannot read from UCI engine: {e}"))),
        }
    }

    fn wait_for(&mut self, token: &str) -> Result<String, CliError> {
        loop {
            let line = self.read_line()?;
            if line.split_whitespace().next() == Some(token) {
                return Ok(line);
            }
        }
    }

    /// The engine's move text for the game so far, with the score of its last `info` line.
    /// With `clocks` the engine is sent both clocks (`go wtime … btime … winc … binc …`, with
    /// any depth or node limit) instead of the fixed limits.
    fn best_move(
        &mut self,
        game: &Game,
        limits: &Limits,
        clocks: Option<Clocks>,
    ) -> Result<(String, Option<Score>), CliError> {
        let start = game.start();
        let mut cmd = format!("position fen {}", start.fen());
        if !game.moves().is_empty() {
            cmd.push_str(" moves");
            for (p, m) in game.positions().iter().zip(game.moves()) {
                cmd.push(' ');
                cmd.push_str(&p.move_text(m));
            }
        }
        self.send(&cmd)?;
        let go = match (clocks, limits.movetime_ms, limits.depth, limits.nodes) {
            (Some(c), _, depth, nodes) => {
                let (w, b) = if game.position().side_to_move() == baroque_engine::Color::White {
                    ((c.mover_ms, c.mover_inc), (c.other_ms, c.other_inc))
                } else {
                    ((c.other_ms, c.other_inc), (c.mover_ms, c.mover_inc))
                };
                let mut go = format!("go wtime {} btime {} winc {} binc {}", w.0, b.0, w.1, b.1);
                if let Some(d) = depth {
                    go.push_str(&format!(" depth {d}"));
                }
                if let Some(n) = nodes {
                    go.push_str(&format!(" nodes {n}"));
                }
                go
            }
            (None, movetime, depth, nodes) => match (movetime, depth, nodes) {
                (Some(t), _, _) => format!("go movetime {t}"),
                (None, Some(d), _) => format!("go depth {d}"),
                (None, None, Some(n)) => format!("go nodes {n}"),
                _ => "go movetime 1000".to_string(),
            },
        };
        self.send(&go)?;
        let mut score = None;
        loop {
            let line = self.read_line()?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let text = words.next().unwrap_or("").to_string();
                    return Ok((text, score));
                }
                Some("info") => score = info_score(&line).or(score),
                _ => {}
            }
        }
    }
}

/// The score of a UCI `info` line (`score cp N` or `score mate N`), if it has one. With
/// MultiPV only the first line's counts.
fn info_score(line: &str) -> Option<Score> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(i) = words.iter().position(|&w| w == "multipv") {
        if words.get(i + 1) != Some(&"1") {
            return None;
        }
    }
    let i = words.iter().position(|&w| w == "score")?;
    let n: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(Score::Cp(n)),
        "mate" => Some(Score::Mate(n)),
        _ => None,
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// A player of one match.
enum Player {
    Engine(Box<Searcher>, Limits, usize),
    Greedy(Greedy),
    External(Uci, Limits),
}

impl Player {
    fn new(spec: &Spec, variant: GameId, hash_mb: usize) -> Result<Player, CliError> {
        if spec.greedy {
            return Ok(Player::Greedy(Greedy::new(0)));
        }
        if let Some(cmd) = &spec.cmd {
            let mut uci = Uci::start(cmd, variant)?;
            if spec.threads > 1 {
                uci.send(&format!("setoption name Threads value {}", spec.threads))?;
            }
            return Ok(Player::External(uci, spec.limits));
        }
        let mut s = Searcher::new(hash_mb << 20);
        if !spec.weights.is_empty() {
            let mut w = Weights::for_game(variant);
            for (name, value) in &spec.weights {
                w.set(name, *value);
            }
            s.set_weights(Some(w));
        }
        Ok(Player::Engine(Box::new(s), spec.limits, spec.threads))
    }

    /// Prepares a new game played under `rules` (the search reads them from the position; an
    /// external engine is told them as UCI options).
    fn new_game(&mut self, seed: u64, rules: &[(&str, &str)]) -> Result<(), CliError> {
        match self {
            Player::Engine(s, _, _) => {
                s.set_seed(seed);
                s.clear();
            }
            Player::Greedy(g) => *g = Greedy::new(seed),
            Player::External(u, _) => {
                u.send("ucinewgame")?;
                for (name, value) in rules {
                    u.send(&format!("setoption name {name} value {value}"))?;
                }
                u.send("isready")?;
                u.wait_for("readyok")?;
            }
        }
        Ok(())
    }

    /// The move chosen and the player's score for the side to move (none from the greedy
    /// player), or `Err(text)` when an external engine names no legal move.
    #[allow(clippy::type_complexity)]
    /// With `clocks` an engine plays to its clock (`Limits::from_clock`, with the spec's depth
    /// and node limits) instead of its fixed limits.
    fn choose(
        &mut self,
        game: &Game,
        clocks: Option<Clocks>,
    ) -> Result<Result<(Option<Move>, Option<Score>), String>, CliError> {
        Ok(match self {
            Player::Engine(s, limits, threads) => {
                let limits = match clocks {
                    Some(c) => Limits {
                        depth: limits.depth,
                        nodes: limits.nodes,
                        ..Limits::from_clock(&Clock {
                            time_ms: c.mover_ms,
                            inc_ms: c.mover_inc,
                            movestogo: None,
                        })
                    },
                    None => *limits,
                };
                let r = crate::smp::search(s, *threads, game, &limits, &mut WallClock::new());
                Ok((r.best, Some(r.score)))
            }
            Player::Greedy(g) => Ok((g.choose(game), None)),
            Player::External(u, limits) => {
                let (text, score) = u.best_move(game, limits, clocks)?;
                match game.position().parse_move(&text) {
                    Ok(m) => Ok((Some(m), score)),
                    Err(_) => Err(text),
                }
            }
        })
    }
}

/// Wins, draws and losses of player A.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tally {
    /// A won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// A lost.
    pub losses: u32,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }

    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score as a fraction.
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }

    /// A one-sided 95% bound when every game went the same way (the variance is then 0):
    /// the Elo of the score `0.05^(1/n)` that such a run still allows.
    pub fn sweep_bound(&self) -> Option<f64> {
        let n = self.games();
        if n == 0 || (self.wins != n && self.losses != n) {
            return None;
        }
        let p = 0.05f64.powf(1.0 / n as f64);
        let e = -400.0 * (1.0 / p - 1.0).log10();
        Some(if self.wins == n { e } else { -e })
    }

    /// The Elo difference of A over B and its 95% interval `(elo, low, high)` (from the
    /// per-game score variance; Elo is not linear in the score, so the interval is not
    /// symmetric). Scores of 0 or 1 are moved half a game inwards.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let lo_p = 0.5 / n;
        let clamp = |x: f64| x.clamp(lo_p, 1.0 - lo_p);
        let elo = |x: f64| -400.0 * (1.0 / clamp(x) - 1.0).log10();
        let e = elo(p);
        (e, elo(p - 1.96 * se), elo(p + 1.96 * se))
    }
}

/// One `--option`: a value for one option, or a value drawn for each pair of games.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RuleChoice {
    /// `name=value`.
    Set(String, String),
    /// `name=random`.
    Random(String),
    /// `random`: every option of the game drawn.
    AllRandom,
}

impl RuleChoice {
    fn parse(text: &str) -> Result<RuleChoice, CliError> {
        let text = text.trim();
        if text == "random" {
            return Ok(RuleChoice::AllRandom);
        }
        let (name, value) = text.split_once('=').ok_or_else(|| {
            CliError::usage(format!(
                "--option '{text}' is not of the form name=value (or name=random, or random)"
            ))
        })?;
        let (name, value) = (name.trim().to_string(), value.trim().to_string());
        Ok(if value == "random" {
            RuleChoice::Random(name)
        } else {
            RuleChoice::Set(name, value)
        })
    }

    /// The option's name, if it names one.
    fn name(&self) -> Option<&str> {
        match self {
            RuleChoice::Set(n, _) | RuleChoice::Random(n) => Some(n),
            RuleChoice::AllRandom => None,
        }
    }

    /// Whether `game` has the option this choice is about.
    fn applies_to(&self, game: GameId) -> bool {
        match self.name() {
            Some(n) => option_specs(game).iter().any(|o| o.name == n),
            None => !option_specs(game).is_empty(),
        }
    }

    /// As given on the command line.
    fn text(&self) -> String {
        match self {
            RuleChoice::Set(n, v) => format!("{n}={v}"),
            RuleChoice::Random(n) => format!("{n}=random"),
            RuleChoice::AllRandom => "random".to_string(),
        }
    }
}

/// The rule options of `game` for one pair of games: `choices` applied in order, the random ones
/// drawn from `seed`. Choices about options `game` lacks are skipped.
fn draw_rules(game: GameId, choices: &[RuleChoice], seed: u64) -> Result<RuleOptions, CliError> {
    let mut rules = RuleOptions::default();
    let mut rng = mix(seed ^ 0x0F7E_0F7E);
    let mut pick = |values: &'static [&'static str]| {
        rng = mix(rng);
        values[(rng % values.len() as u64) as usize]
    };
    for choice in choices.iter().filter(|c| c.applies_to(game)) {
        let set = match choice {
            RuleChoice::Set(n, v) => rules.set(game, n, v),
            RuleChoice::Random(n) => match option_specs(game).iter().find(|o| o.name == n) {
                Some(spec) => rules.set(game, n, pick(spec.values)),
                None => Ok(()),
            },
            RuleChoice::AllRandom => option_specs(game)
                .iter()
                .try_for_each(|spec| rules.set(game, spec.name, pick(spec.values))),
        };
        set.map_err(|e| CliError::usage(format!("--option {}: {e}", choice.text())))?;
    }
    Ok(rules)
}

/// The options of `rules` that differ from the defaults, as `name=value, …` (empty if none).
fn rules_label(game: GameId, rules: &RuleOptions) -> String {
    let defaults = RuleOptions::default().to_pairs(game);
    rules
        .to_pairs(game)
        .iter()
        .zip(&defaults)
        .filter(|(a, b)| a != b)
        .map(|((n, v), _)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `--start-array`: one array by id, or one drawn for each pair of games.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ArrayChoice {
    /// The array of this id, in the variants that have it.
    Id(String),
    /// A random array of the game's for each pair of games.
    Random,
}

impl ArrayChoice {
    fn parse(text: &str) -> ArrayChoice {
        match text.trim() {
            "random" => ArrayChoice::Random,
            id => ArrayChoice::Id(id.to_string()),
        }
    }

    fn text(&self) -> &str {
        match self {
            ArrayChoice::Id(id) => id,
            ArrayChoice::Random => "random",
        }
    }

    /// The array of `game` for the pair of games of `seed`: the one named if `game` has it
    /// (else the standard one), or a random one.
    fn pick(&self, game: GameId, seed: u64) -> &'static StartArray {
        let arrays = game_spec(game).start_arrays;
        match self {
            ArrayChoice::Id(id) => arrays.iter().find(|a| a.id == id).unwrap_or(&arrays[0]),
            ArrayChoice::Random => {
                &arrays[(mix(seed ^ 0x57A2_7A22) % arrays.len() as u64) as usize]
            }
        }
    }

    /// Whether `game` has the array named (a random one: whether it has more than one).
    fn applies_to(&self, game: GameId) -> bool {
        match self {
            ArrayChoice::Id(id) => game_spec(game).start_arrays.iter().any(|a| a.id == id),
            ArrayChoice::Random => game_spec(game).start_arrays.len() > 1,
        }
    }
}

/// SplitMix64: a well-mixed 64-bit value of `x`.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Options {
    variants: Vec<GameId>,
    /// `--option`, in order.
    rules: Vec<RuleChoice>,
    /// `--fen`: where the openings start (one variant only).
    fen: Option<String>,
    /// `--start-array`.
    array: Option<ArrayChoice>,
    /// `--pgn-out`: where the games are written.
    pgn_out: Option<String>,
    /// `--pgn`: the record whose last position starts the games.
    pgn: Option<String>,
    /// `--game` (checked after parsing: it needs `--pgn`).
    pgn_game: Option<usize>,
    games: u32,
    a: Spec,
    b: Spec,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
    hash_mb: usize,
    adjudication: Adjudication,
}

/// `--resign` and `--draw`: when the players' agreeing scores end a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Adjudication {
    /// `(movecount, score)`: a win once both players' scores favour one side by at least
    /// `score` for `movecount` moves each.
    resign: Option<(u32, i32)>,
    /// `(movenumber, movecount, score)`: a draw from move `movenumber` once both players'
    /// scores stay within `score` of 0 for `movecount` moves each.
    draw: Option<(u32, u32, i32)>,
}

/// A score in centipawns for the purpose of adjudication: mate scores lie beyond every margin.
fn adjudication_cp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 1_000_000,
        Score::Mate(_) => -1_000_000,
    }
}

impl Adjudication {
    /// Parses `--resign`'s or `--draw`'s `key=value,…` list: the keys each allows, all required.
    fn parse_list(flag: &str, value: &str, keys: &[&str]) -> Result<Vec<i64>, CliError> {
        let mut found: Vec<Option<i64>> = vec![None; keys.len()];
        for item in value.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (k, v) = item.split_once('=').ok_or_else(|| {
                CliError::usage(format!(
                    "bad {flag} item '{item}': expected key=value ({})",
                    keys.join(", ")
                ))
            })?;
            let slot = keys.iter().position(|&x| x == k.trim()).ok_or_else(|| {
                CliError::usage(format!(
                    "unknown {flag} key '{}': use {}",
                    k.trim(),
                    keys.join(", ")
                ))
            })?;
            let n = v
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|&n| (0..=100_000).contains(&n))
                .ok_or_else(|| {
                    CliError::usage(format!(
                        "bad {flag} value '{}' for {}: expected a whole number from 0 to 100000",
                        v.trim(),
                        k.trim()
                    ))
                })?;
            found[slot] = Some(n);
        }
        keys.iter()
            .zip(found)
            .map(|(k, v)| v.ok_or_else(|| CliError::usage(format!("{flag} needs {k}=N"))))
            .collect()
    }

    /// The result the scores agree on after the game's last move, if any. `scores` holds one
    /// entry per ply played by the players, from White's point of view (`None`: the mover gave
    /// no score); `plies` is the length of the game, its opening included.
    fn verdict(&self, scores: &[Option<i32>], plies: usize) -> Option<(GameResult, &'static str)> {
        // Whether the last `count` moves of each player all have a score and all pass `test`.
        let agree = |count: u32, test: &dyn Fn(i32) -> bool| -> bool {
            let n = 2 * count.max(1) as usize;
            scores.len() >= n
                && scores[scores.len() - n..]
                    .iter()
                    .all(|s| s.is_some_and(test))
        };
        if let Some((count, margin)) = self.resign {
            if agree(count, &|s| s >= margin) {
                return Some((GameResult::White, "adjudicated (both scores favour White)"));
            }
            if agree(count, &|s| s <= -margin) {
                return Some((GameResult::Black, "adjudicated (both scores favour Black)"));
            }
        }
        if let Some((number, count, margin)) = self.draw {
            if plies.div_ceil(2) >= number as usize && agree(count, &|s| s.abs() <= margin) {
                return Some((GameResult::Draw, "adjudicated (both scores level)"));
            }
        }
        None
    }
}

fn parse(argv: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        variants: vec![GameId::Ultima],
        rules: Vec::new(),
        fen: None,
        array: None,
        pgn_out: None,
        pgn: None,
        pgn_game: None,
        games: 10,
        a: parse_spec("level=6")?,
        b: parse_spec("greedy")?,
        opening_plies: 4,
        max_plies: 300,
        seed: 1,
        hash_mb: 16,
        adjudication: Adjudication::default(),
    };
    let mut variant_given = false;
    let mut i = 0;
    while i < argv.len() {
        let flag = argv[i].as_str();
        i += 1;
        let value = argv
            .get(i)
            .cloned()
            .ok_or_else(|| CliError::usage(format!("{flag} needs a value")))?;
        let number = |v: &str| -> Result<u64, CliError> {
            v.trim()
                .parse::<u64>()
                .map_err(|_| CliError::usage(format!("bad {flag} '{v}': expected a whole number")))
        };
        match flag {
            "--variant" => {
                variant_given = true;
                o.variants = if value == "all" {
                    GameId::ALL.to_vec()
                } else {
                    vec![value
                        .parse::<GameId>()
                        .map_err(|e| CliError::usage(e.to_string()))?]
                }
            }
            "--games" => o.games = number(&value)?.clamp(1, 100_000) as u32,
            "--a" => o.a = parse_spec(&value)?,
            "--b" => o.b = parse_spec(&value)?,
            "--opening-plies" => o.opening_plies = number(&value)?.min(40) as u32,
            "--max-plies" => o.max_plies = number(&value)?.clamp(2, 10_000) as u32,
            "--seed" => o.seed = number(&value)?,
            "--hash" => o.hash_mb = number(&value)?.clamp(1, 4096) as usize,
            "--option" => o.rules.push(RuleChoice::parse(&value)?),
            "--fen" => o.fen = Some(value),
            "--start-array" => o.array = Some(ArrayChoice::parse(&value)),
            "--pgn-out" => o.pgn_out = Some(value),
            "--resign" => {
                let v = Adjudication::parse_list(flag, &value, &["movecount", "score"])?;
                o.adjudication.resign = Some((v[0] as u32, v[1] as i32));
            }
            "--draw" => {
                let v =
                    Adjudication::parse_list(flag, &value, &["movenumber", "movecount", "score"])?;
                o.adjudication.draw = Some((v[0] as u32, v[1] as u32, v[2] as i32));
            }
            "--pgn" => o.pgn = Some(value),
            "--game" => {
                let n = number(&value)?;
                if n == 0 {
                    return Err(CliError::usage(
                        "bad --game '0': expected a game number from 1",
                    ));
                }
                o.pgn_game = Some(n as usize);
            }
            other => {
                return Err(CliError::usage(format!(
                    "unknown match argument '{other}'; see 'baroque help'"
                )))
            }
        }
        i += 1;
    }
    if o.pgn.is_some() {
        start_from_record(&mut o, variant_given)?;
    } else if o.pgn_game.is_some() {
        return Err(CliError::usage(
            "--game needs --pgn: it picks a game of the record",
        ));
    }
    check_rules(&o)?;
    Ok(o)
}

/// `--pgn`: the games start from the record's last position, under its rules, in its game.
/// The record says where and under which rules the games start, so `--fen`, `--start-array`,
/// `--option` and `--variant all` do not go with it.
fn start_from_record(o: &mut Options, variant_given: bool) -> Result<(), CliError> {
    let Some(path) = &o.pgn else {
        return Ok(());
    };
    let n = o.pgn_game.unwrap_or(1);
    if o.fen.is_some() || o.array.is_some() || !o.rules.is_empty() || o.variants.len() > 1 {
        return Err(CliError::usage(
            "--pgn gives the start and the rules of the games: it goes without --fen, --start-array, --option and --variant all",
        ));
    }
    let text = crate::args::read_record(path)?;
    let record = pgn::read_game(&text, o.variants[0], n)
        .map_err(|e| CliError::usage(format!("--pgn {path}: {e}")))?;
    let last = record.game.position();
    let id = last.game();
    if variant_given && id != o.variants[0] {
        return Err(CliError::usage(format!(
            "--pgn {path}: the record is a game of {}, not of {}",
            id.as_str(),
            o.variants[0].as_str()
        )));
    }
    o.variants = vec![id];
    o.fen = Some(last.fen());
    let defaults = RuleOptions::default().to_pairs(id);
    o.rules = last
        .options()
        .to_pairs(id)
        .into_iter()
        .zip(defaults)
        .filter(|(a, b)| a != b)
        .map(|((n, v), _)| RuleChoice::Set(n.to_string(), v.to_string()))
        .collect();
    Ok(())
}

/// Refuses options that no chosen variant has, values that are not allowed, and a FEN that is
/// not a position of the (single) variant under the options given.
fn check_rules(o: &Options) -> Result<(), CliError> {
    for choice in &o.rules {
        if o.variants.iter().any(|&g| choice.applies_to(g)) {
            continue;
        }
        let Some(name) = choice.name() else {
            return Err(CliError::usage(
                "--option random: the variants chosen have no rule options",
            ));
        };
        // The engine's message for the first variant: it lists the names that exist.
        let mut probe = RuleOptions::default();
        if let Err(e) = probe.set(o.variants[0], name, "") {
            return Err(CliError::usage(format!("--option {}: {e}", choice.text())));
        }
    }
    for &game in &o.variants {
        draw_rules(game, &o.rules, 0)?;
    }
    if let Some(choice @ ArrayChoice::Id(id)) = &o.array {
        if !o.variants.iter().any(|&g| choice.applies_to(g)) {
            let ids: Vec<&str> = o
                .variants
                .iter()
                .flat_map(|&g| game_spec(g).start_arrays.iter().map(|a| a.id))
                .collect();
            return Err(CliError::usage(format!(
                "--start-array: unknown start array '{id}'; the arrays are {}",
                ids.join(", ")
            )));
        }
    }
    if o.array.is_some() && o.fen.is_some() {
        return Err(CliError::usage(
            "--start-array and --fen both say where the games start: give one",
        ));
    }
    if let Some(fen) = &o.fen {
        let [game] = o.variants[..] else {
            return Err(CliError::usage(
                "--fen needs a single --variant (a FEN belongs to one game)",
            ));
        };
        let rules = draw_rules(game, &o.rules, 0)?;
        Position::from_fen(game, fen, rules).map_err(|e| CliError::usage(format!("--fen: {e}")))?;
    }
    Ok(())
}

/// A seeded opening: `plies` random legal moves from `first`, stopping before a game end.
fn opening(first: Position, plies: u32, seed: u64) -> Game {
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
struct Played {
    tally: Tally,
    text: String,
    game: Game,
    result: GameResult,
    termination: Option<&'static str>,
}

fn play_game(
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
fn flag_fall(game: &Game, flagged: baroque_engine::Color) -> (GameResult, String) {
    let status = game.flag_fall(flagged);
    let text = match status.reason {
        Some(baroque_engine::Reason::Timeout) => "time forfeit",
        Some(r) => r.as_str(),
        None => "",
    };
    (status.result, text.to_string())
}

/// The result of a game that `loser` lost (an illegal move).
fn winner_against(loser: baroque_engine::Color) -> GameResult {
    match loser.other() {
        baroque_engine::Color::White => GameResult::White,
        baroque_engine::Color::Black => GameResult::Black,
    }
}

/// The variant's name in the summary, with the `--option`s that apply to it.
fn summary_name(game: GameId, o: &Options) -> String {
    let array = o
        .array
        .iter()
        .filter(|a| a.applies_to(game))
        .map(|a| format!("start-array={}", a.text()));
    let given: Vec<String> = array
        .chain(
            o.rules
                .iter()
                .filter(|c| c.applies_to(game))
                .map(RuleChoice::text),
        )
        .collect();
    if given.is_empty() {
        game.as_str().to_string()
    } else {
        format!("{} ({})", game.as_str(), given.join(", "))
    }
}

/// Appends game `g` (from 0) to the `--pgn-out` file: A's and B's specs as the players.
fn write_record(
    file: &mut std::fs::File,
    o: &Options,
    g: u32,
    a_white: bool,
    played: &Played,
) -> Result<(), CliError> {
    let (white, black) = if a_white {
        (&o.a.text, &o.b.text)
    } else {
        (&o.b.text, &o.a.text)
    };
    let round = (g + 1).to_string();
    let mut tags = vec![
        ("Event", "baroque match"),
        ("Site", "baroque"),
        ("Round", round.as_str()),
        ("White", white.as_str()),
        ("Black", black.as_str()),
    ];
    if let Some(t) = played.termination {
        tags.push(("Termination", t));
    }
    let text = pgn::write(&played.game, &tags, Some(played.result));
    writeln!(file, "{text}").map_err(|e| CliError::usage(format!("--pgn-out: cannot write: {e}")))
}

fn summary(name: &str, t: &Tally, o: &Options) -> String {
    // Rounded first, and +0.0 turns a negative zero into 0: an even score reads "Elo +0".
    let round = |x: f64| x.round() + 0.0;
    let (elo, lo, hi) = t.elo();
    let (elo, lo, hi) = (round(elo), round(lo), round(hi));
    let elo_text = match t.sweep_bound() {
        Some(b) if t.wins == t.games() => format!("Elo > {b:+.0} (95%, every game won)"),
        Some(b) => format!("Elo < {b:+.0} (95%, every game lost)"),
        None => format!(
            "Elo {elo:+.0} +/- {:.0} (95%: {lo:+.0} to {hi:+.0})",
            (hi - lo) / 2.0
        ),
    };
    format!(
        "{name}: +{} ={} -{} of {}, score {:.1}%, {elo_text} (A: {}, B: {})",
        t.wins,
        t.draws,
        t.losses,
        t.games(),
        100.0 * t.score(),
        o.a.text,
        o.b.text
    )
}

/// Runs `baroque match`.
pub fn run(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let o = parse(argv)?;
    let mut record = match &o.pgn_out {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| CliError::usage(format!("--pgn-out: cannot write '{path}': {e}")))?,
        ),
        None => None,
    };
    let mut total = Tally::default();
    for &variant in &o.variants {
        let mut a = Player::new(&o.a, variant, o.hash_mb)?;
        let mut b = Player::new(&o.b, variant, o.hash_mb)?;
        let mut tally = Tally::default();
        for g in 0..o.games {
            let pair_seed = o.seed.wrapping_add(u64::from(g / 2));
            let rules = draw_rules(variant, &o.rules, pair_seed)?;
            let array = o.array.as_ref().map(|a| a.pick(variant, pair_seed));
            let fen = o.fen.as_deref().or(array.map(|a| a.fen));
            let first = match fen {
                Some(fen) => Position::from_fen(variant, fen, rules).map_err(|e| {
                    CliError::usage(format!("--fen under {}: {e}", rules_label(variant, &rules)))
                })?,
                None => Position::start_with(variant, rules),
            };
            let start = opening(first, o.opening_plies, pair_seed);
            let game_seed = o.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
            let pairs = rules.to_pairs(variant);
            a.new_game(game_seed, &pairs)?;
            b.new_game(game_seed ^ 0x5555, &pairs)?;
            let a_white = g % 2 == 0;
            let played = play_game(
                &start,
                &mut a,
                &mut b,
                a_white,
                o.max_plies,
                &o.adjudication,
                [o.a.clock, o.b.clock],
            )?;
            tally.add(played.tally);
            let text = &played.text;
            if let Some(file) = record.as_mut() {
                write_record(file, &o, g, a_white, &played)?;
            }
            let standard = game_spec(variant).start_arrays[0].id;
            let parts: Vec<String> = array
                .filter(|a| a.id != standard)
                .map(|a| a.id.to_string())
                .into_iter()
                .chain(Some(rules_label(variant, &rules)).filter(|l| !l.is_empty()))
                .collect();
            let label = match parts.join(", ") {
                l if l.is_empty() => l,
                l => format!(" ({l})"),
            };
            eprintln!(
                "{variant} game {}{label}: A {} — {} [A +{} ={} -{}]",
                g + 1,
                if a_white { "white" } else { "black" },
                text,
                tally.wins,
                tally.draws,
                tally.losses
            );
        }
        writeln!(out, "{}", summary(&summary_name(variant, &o), &tally, &o))?;
        out.flush()?;
        total.add(tally);
    }
    if o.variants.len() > 1 {
        writeln!(out, "{}", summary("total", &total, &o))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
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
    fn specs_parse() {
        let s = parse_spec("depth=3,near=40,mobility=10").expect("spec");
        assert_eq!(s.limits.depth, Some(3));
        assert_eq!(s.limits.near_best_cp, 40);
        assert_eq!(s.weights, vec![("mobility".to_string(), 10)]);
        let s = parse_spec("movetime=50,cmd=engine --x=1,2").expect("spec");
        assert_eq!(s.cmd.as_deref(), Some("engine --x=1,2"));
        assert!(parse_spec("greedy").expect("greedy").greedy);
        assert!(parse_spec("near=3").is_err(), "no limit");
        assert!(parse_spec("level=9").is_err());
        assert!(parse_spec("bogus=1,depth=1").is_err());
        assert_eq!(parse_spec("depth=3").expect("spec").threads, 1);
        assert_eq!(
            parse_spec("threads=2,movetime=100").expect("spec").threads,
            2
        );
        assert!(parse_spec("threads=0,depth=1").is_err());
        assert!(parse_spec("threads=2").is_err(), "no limit");
    }

    #[test]
    fn adjudication_needs_both_players_to_agree_for_the_moves_asked() {
        let a = Adjudication {
            resign: Some((2, 600)),
            draw: Some((30, 2, 20)),
        };
        // White's view, one entry per ply: four plies beyond +600 give White the game.
        assert_eq!(
            a.verdict(&[Some(650), Some(700), Some(900), Some(610)], 40),
            Some((GameResult::White, "adjudicated (both scores favour White)"))
        );
        assert_eq!(
            a.verdict(&[Some(-700); 4], 40).map(|v| v.0),
            Some(GameResult::Black)
        );
        // One player disagrees, or gave no score, or too few moves: play on.
        assert_eq!(
            a.verdict(&[Some(650), Some(500), Some(900), Some(610)], 40),
            None
        );
        assert_eq!(
            a.verdict(&[Some(650), None, Some(900), Some(610)], 40),
            None
        );
        assert_eq!(a.verdict(&[Some(900); 3], 40), None);
        // Level scores draw from move 30 on only.
        assert_eq!(
            a.verdict(&[Some(5), Some(-20), Some(0), Some(11)], 58),
            None
        );
        assert_eq!(
            a.verdict(&[Some(5), Some(-20), Some(0), Some(11)], 60)
                .map(|v| v.0),
            Some(GameResult::Draw)
        );
        assert_eq!(
            a.verdict(&[Some(5), Some(-21), Some(0), Some(11)], 60),
            None
        );
        assert_eq!(Adjudication::default().verdict(&[Some(0); 20], 100), None);
        // A mate score is beyond every margin.
        assert_eq!(adjudication_cp(Score::Mate(3)), 1_000_000);
        assert_eq!(adjudication_cp(Score::Mate(-1)), -1_000_000);
    }

    #[test]
    fn time_controls_read_seconds_with_an_optional_increment() {
        let tc = |t: &str| TimeControl::parse(t).map(|c| (c.base_ms, c.inc_ms));
        assert_eq!(tc("60+1").ok(), Some((60_000, 1_000)));
        assert_eq!(tc("10+0.1").ok(), Some((10_000, 100)));
        assert_eq!(tc("5").ok(), Some((5_000, 0)));
        assert_eq!(tc(" 0.5 + 0.05 ").ok(), Some((500, 50)));
        for bad in ["", "+1", "1+", "x", "-1", "1e9", "NaN", "inf+0"] {
            assert!(tc(bad).is_err(), "{bad}");
        }
        let s = parse_spec("tc=3+0.02,depth=4").expect("spec");
        assert_eq!(
            s.clock,
            Some(TimeControl {
                base_ms: 3_000,
                inc_ms: 20
            })
        );
        assert_eq!(s.limits.depth, Some(4));
    }

    #[test]
    fn uci_info_lines_give_their_score() {
        assert_eq!(
            info_score("info depth 5 score cp -34 nodes 10 pv e2e4"),
            Some(Score::Cp(-34))
        );
        assert_eq!(
            info_score("info depth 9 multipv 1 score mate 2 pv a1a2"),
            Some(Score::Mate(2))
        );
        assert_eq!(info_score("info depth 9 multipv 2 score cp 5"), None);
        assert_eq!(info_score("info string hello"), None);
        assert_eq!(info_score("info score cp x"), None);
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Tally {
            wins: 5,
            draws: 0,
            losses: 5,
        };
        let (e, lo, hi) = even.elo();
        assert!(e.abs() < 1e-9 && hi - lo > 200.0 && (hi + lo).abs() < 1e-9);
        let strong = Tally {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        let (e, lo, hi) = strong.elo();
        assert!((e - 190.8).abs() < 1.0, "{e}");
        assert!(lo > 100.0 && lo < e && hi > e && hi < 320.0, "{lo} {hi}");
        assert!(strong.sweep_bound().is_none());
        let sweep = Tally {
            wins: 12,
            draws: 0,
            losses: 0,
        };
        let b = sweep.sweep_bound().expect("bound");
        assert!((b - 219.0).abs() < 2.0, "{b}");
    }

    #[test]
    fn rule_choices_are_drawn_per_seed_and_only_where_they_apply() {
        let choices: Vec<RuleChoice> = ["random", "stalemate=draw", "win=random"]
            .iter()
            .map(|t| RuleChoice::parse(t).expect("choice"))
            .collect();
        // Later choices win over earlier ones; each seed draws the same rules every time.
        for seed in 0..20 {
            let r = draw_rules(GameId::Ultima, &choices, seed).expect("rules");
            assert_eq!(
                r,
                draw_rules(GameId::Ultima, &choices, seed).expect("rules")
            );
            assert!(rules_label(GameId::Ultima, &r).contains("stalemate=draw"));
        }
        let labels: std::collections::HashSet<String> = (0..20)
            .map(|seed| {
                rules_label(
                    GameId::Ultima,
                    &draw_rules(GameId::Ultima, &choices, seed).expect("rules"),
                )
            })
            .collect();
        assert!(labels.len() > 5, "{labels:?}");
        // Omega has no options: every choice is skipped.
        let omega = draw_rules(GameId::Omega, &choices, 3).expect("rules");
        assert_eq!(rules_label(GameId::Omega, &omega), "");
        assert!(RuleChoice::parse("stalemate").is_err());
        assert!(draw_rules(
            GameId::Ultima,
            &[RuleChoice::parse("win=mate").expect("parsed")],
            0
        )
        .is_err());
    }

    #[test]
    fn openings_are_seeded_and_legal() {
        let a = opening(Position::start(GameId::Omega), 4, 9);
        let b = opening(Position::start(GameId::Omega), 4, 9);
        assert_eq!(a.position(), b.position());
        assert_eq!(a.moves().len(), 4);
    }

    #[test]
    fn a_short_clean_sweep_is_reported_as_won() {
        // Two wins out of two: the 95% lower bound is negative, but every game was won.
        let o = parse(&[]).expect("default options");
        let won = Tally {
            wins: 2,
            draws: 0,
            losses: 0,
        };
        let text = summary("ultima", &won, &o);
        assert!(
            text.contains("every game won") && text.contains("Elo > -"),
            "{text}"
        );
        let lost = Tally {
            wins: 0,
            draws: 0,
            losses: 2,
        };
        let text = summary("ultima", &lost, &o);
        assert!(
            text.contains("every game lost") && text.contains("Elo < +"),
            "{text}"
        );
    }
}
