//! Load run (a benchmark, not a test; docs/benchmarks.md): starts `--instances` `baroque-server`s
//! on 127.0.0.1 on one database (a fresh SQLite file, or `--db postgres://…`), holds N live
//! games at once, each played by a scripted client (random legal moves from the engine, one
//! every `--think-ms` per game on average, each think time drawn from half to one and a half
//! times it) over the Board API, and reports the time from a move's POST to
//! the line on the opponent's stream (median, 99th percentile), moves per second, the servers'
//! memory per game and per connection, their CPU, and (PostgreSQL) the database connections
//! open. With two or more instances each game's players are on different instances: white
//! posts to and streams from instance `i`, black instance `i + 1`, so every move crosses from
//! one server to another.
//!
//! ```sh
//! cargo build --release -p baroque-server --bin baroque-server --example load
//! target/release/examples/load --games 1000 --seconds 60 --think-ms 2000
//! target/release/examples/load --games 1000 --instances 2 --db postgres://postgres@127.0.0.1:PORT/postgres
//! target/release/examples/load --games 1000 --client-cpus 0 --server-cpus 1   # pinned (taskset)
//! target/release/examples/load --games 5000 --think-ms 6000 --clients 3      # three client processes
//! target/release/examples/load --games 0 --spectators 2000 --watch-think-ms 1000 --clients 2
//! ```
//!
//! `--url http://127.0.0.1:PORT` plays on a server running already (none is started; its memory is
//! not read): with examples/lobby_load.rs on the same server, the moves' times while the lobby
//! is busy.
//!
//! `--client-cpus` and `--server-cpus` pin the load client's threads and the servers to those
//! cores (`taskset`'s lists), so that the two do not wait for each other's core.
//!
//! `--clients K` (K ≥ 2) splits the games (and the spectators) over K copies of this program,
//! each holding its share's streams within its own open-files limit, so that one client process
//! is not the bottleneck; the first process starts the servers, merges the copies' samples and
//! reports. `--spectators N` opens one more game, played by the first process (a move every
//! `--watch-think-ms`, default `--think-ms`), and N spectator streams on it
//! (`/api/stream/game/{id}`): each move is timed from its POST to each spectator's line (wall
//! clock, shared by the processes), and a spectator that skips a ply counts it missed.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use baroque_engine::setup::build_game;
use serde::{Deserialize, Serialize};
use serde_json::Value;

struct Args {
    games: usize,
    seconds: u64,
    think_ms: u64,
    bin: String,
    variant: String,
    instances: usize,
    db: Option<String>,
    client_cpus: Option<String>,
    server_cpus: Option<String>,
    clients: usize,
    spectators: usize,
    watch_think_ms: Option<u64>,
    /// A copy's own (`--clients`): the servers' URLs, its first game's index, the watched game.
    worker_urls: Option<Vec<String>>,
    first: usize,
    watch: Option<String>,
    /// `--url`: a server running already (none is started).
    url: Option<String>,
}

fn args() -> Args {
    let mut a = Args {
        games: 100,
        seconds: 30,
        think_ms: 2000,
        bin: "target/release/baroque-server".into(),
        variant: "omega".into(),
        instances: 1,
        db: None,
        client_cpus: None,
        server_cpus: None,
        clients: 1,
        spectators: 0,
        watch_think_ms: None,
        worker_urls: None,
        first: 0,
        watch: None,
        url: None,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut it = argv.iter();
    while let Some(f) = it.next() {
        let v = it.next().cloned().unwrap_or_default();
        match f.as_str() {
            "--games" => a.games = v.parse().expect("--games N"),
            "--seconds" => a.seconds = v.parse().expect("--seconds N"),
            "--think-ms" => a.think_ms = v.parse().expect("--think-ms MS"),
            "--bin" => a.bin = v,
            "--variant" => a.variant = v,
            "--instances" => a.instances = v.parse().expect("--instances N"),
            "--db" => a.db = Some(v),
            "--client-cpus" => a.client_cpus = Some(v),
            "--server-cpus" => a.server_cpus = Some(v),
            "--clients" => a.clients = v.parse().expect("--clients K"),
            "--spectators" => a.spectators = v.parse().expect("--spectators N"),
            "--watch-think-ms" => a.watch_think_ms = Some(v.parse().expect("--watch-think-ms MS")),
            "--worker-urls" => a.worker_urls = Some(v.split(',').map(String::from).collect()),
            "--first" => a.first = v.parse().expect("--first N"),
            "--watch" => a.watch = Some(v),
            "--url" => a.url = Some(v.trim_end_matches('/').to_string()),
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

fn rss_kb(pid: u32) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// CPU time (user + system) of process `pid` ("self" for this one) in clock ticks (1/100 s).
fn cpu_ticks(pid: &str) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let rest = s.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    // Fields 14 and 15 of stat(5), counted after the command's name (field 2).
    f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0)
}

/// Files process `pid` holds open (each connection is one).
fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}

/// Microseconds since the epoch: the wall clock every process on the machine shares.
fn epoch_us() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

/// An NDJSON stream's lines.
struct Lines {
    resp: reqwest::Response,
    buf: Vec<u8>,
}

impl Lines {
    async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(i) = self.buf.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=i).collect();
                if line.len() > 1 {
                    return serde_json::from_slice(&line).ok();
                }
                continue;
            }
            let chunk = self.resp.chunk().await.ok()??;
            self.buf.extend_from_slice(&chunk);
        }
    }

    /// The next state at `ply` or later.
    async fn at_ply(&mut self, ply: u64) -> Option<Value> {
        loop {
            let v = self.next().await?;
            let st = if v["type"] == "gameFull" {
                v["state"].clone()
            } else {
                v
            };
            if st["ply"].as_u64()? >= ply || st["status"] != "started" {
                return Some(st);
            }
        }
    }
}

/// What one process measured; a copy sends it to the first process as JSON.
#[derive(Default, Serialize, Deserialize)]
struct Tally {
    /// Players: POST to the opponent's line, µs.
    latencies_us: Vec<u64>,
    /// The same, for moves posted after the warm-up ([`Warm`]).
    steady_us: Vec<u64>,
    /// After the warm-up: POST to its answer (the move stored on the poster's server), µs.
    answered_us: Vec<u64>,
    /// After the warm-up: the wall-clock second (since the epoch) of each move slower than
    /// 100 ms, to tell stalls (many in a few seconds) from a machine that is simply busy.
    slow_at: Vec<u64>,
    moves: u64,
    games_done: u64,
    errors: u64,
    /// Spectators: (ply, wall-clock µs its line arrived), one per spectator and move.
    seen: Vec<(u32, u64)>,
    spectators: u64,
    spectator_errors: u64,
    /// Plies a spectator's stream skipped.
    missed: u64,
    /// This process's CPU time, clock ticks.
    cpu_ticks: u64,
}

impl Tally {
    fn merge(&mut self, o: Tally) {
        self.latencies_us.extend(o.latencies_us);
        self.steady_us.extend(o.steady_us);
        self.answered_us.extend(o.answered_us);
        self.slow_at.extend(o.slow_at);
        self.moves += o.moves;
        self.games_done += o.games_done;
        self.errors += o.errors;
        self.seen.extend(o.seen);
        self.spectators += o.spectators;
        self.spectator_errors += o.spectator_errors;
        self.missed += o.missed;
        self.cpu_ticks += o.cpu_ticks;
    }
}

/// A game open: its id, the seats' tokens and their streams.
type Open = (String, [String; 2], [Lines; 2]);

async fn open_game(c: &reqwest::Client, urls: &[String; 2], variant: &str) -> Option<Open> {
    let g: Value = c
        .post(format!("{}/api/challenge/open", urls[0]))
        .form(&[
            ("variant", variant),
            ("clock.limit", "3600"),
            ("clock.increment", "0"),
        ])
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()?;
    let id = g["id"].as_str()?.to_string();
    let tokens = [
        g["tokenWhite"].as_str()?.to_string(),
        g["tokenBlack"].as_str()?.to_string(),
    ];
    let mut streams = Vec::new();
    for (t, url) in tokens.iter().zip(urls) {
        let resp = c
            .get(format!("{url}/api/board/game/stream/{id}"))
            .bearer_auth(t)
            .send()
            .await
            .ok()?;
        streams.push(Lines {
            resp,
            buf: Vec::new(),
        });
    }
    let b = streams.pop()?;
    let w = streams.pop()?;
    Some((id, tokens, [w, b]))
}

/// The watched game's moves: (ply, wall-clock µs of its POST).
type Posted = Arc<Mutex<Vec<(u32, u64)>>>;

/// One game's pace and end, and where its moves' POST times go (the watched game's).
struct Pace {
    think: Duration,
    until: Instant,
    warm: Arc<Warm>,
    posted: Option<Posted>,
}

/// The end of the warm-up: `settle` after the last of a process's games opened (opening
/// thousands of games takes longer than a think time on PostgreSQL, and the games' creation
/// and first moves crowd the moves meanwhile).
struct Warm {
    left: std::sync::atomic::AtomicUsize,
    at: std::sync::OnceLock<Instant>,
    settle: Duration,
}

impl Warm {
    fn new(games: usize, settle: Duration) -> Warm {
        let w = Warm {
            left: games.into(),
            at: std::sync::OnceLock::new(),
            settle,
        };
        if games == 0 {
            let _ = w.at.set(Instant::now());
        }
        w
    }

    /// One more game opened for the first time.
    fn opened(&self) {
        use std::sync::atomic::Ordering;
        if self.left.fetch_sub(1, Ordering::SeqCst) == 1 {
            let _ = self.at.set(Instant::now());
        }
    }

    /// Whether a move posted at `t` is past the warm-up.
    fn past(&self, t: Instant) -> bool {
        self.at.get().is_some_and(|&at| t >= at + self.settle)
    }
}

/// Plays the open game `open` (random legal moves, one every `pace.think` on average) until it ends or
/// `pace.until`.
async fn play_game(
    c: &reqwest::Client,
    urls: &[String; 2],
    variant: &str,
    open: Open,
    pace: &Pace,
    rng: &mut u64,
    tally: &Mutex<Tally>,
) {
    let (id, tokens, mut streams) = open;
    // Kept move by move: replaying the whole game before each move costs the client a
    // generation per ply played (the bottleneck of one client process at 5,000 games).
    let mut game = build_game(variant, None, &[], &[]).expect("the variant");
    let mut ply = 0usize;
    loop {
        if Instant::now() >= pace.until {
            return;
        }
        if game.status().is_over() {
            tally.lock().unwrap().games_done += 1;
            return;
        }
        let legal = game.position().legal_moves();
        let m = legal.as_slice()[(common::xorshift(rng) % legal.len() as u64) as usize];
        let text = game.position().move_text(&m);
        let seat = ply % 2;
        if let Some(p) = &pace.posted {
            p.lock().unwrap().push((ply as u32 + 1, epoch_us()));
        }
        let t0 = Instant::now();
        let r = c
            .post(format!(
                "{}/api/board/game/{id}/move/{text}?ply={ply}",
                urls[seat],
            ))
            .bearer_auth(&tokens[seat])
            .send()
            .await;
        if !r.map(|r| r.status().is_success()).unwrap_or(false) {
            tally.lock().unwrap().errors += 1;
            return;
        }
        let answered = t0.elapsed().as_micros() as u64;
        let Some(st) = streams[1 - seat].at_ply(ply as u64 + 1).await else {
            tally.lock().unwrap().errors += 1;
            return;
        };
        let us = t0.elapsed().as_micros() as u64;
        {
            let mut t = tally.lock().unwrap();
            t.latencies_us.push(us);
            if pace.warm.past(t0) {
                t.steady_us.push(us);
                t.answered_us.push(answered);
                if us > 100_000 {
                    t.slow_at.push(epoch_us() / 1_000_000);
                }
            }
            t.moves += 1;
        }
        game.play(&m);
        ply += 1;
        if st["status"] != "started" {
            tally.lock().unwrap().games_done += 1;
            return;
        }
        tokio::time::sleep(think_time(pace.think, rng)).await;
    }
}

/// A think time drawn evenly from half to one and a half times `mean`. A fixed think time
/// keeps together games whose moves were once delayed together: after a stall they all move
/// at once, every think time again, and the load comes in waves that make stalls of their own
/// (docs/benchmarks.md, "Waves").
fn think_time(mean: Duration, rng: &mut u64) -> Duration {
    let permille = 500 + common::xorshift(rng) % 1001;
    mean * permille as u32 / 1000
}

/// A scripted pair of players: opens game after game until `pace.until`.
async fn play(
    c: reqwest::Client,
    urls: [String; 2],
    variant: String,
    pace: Pace,
    seed: u64,
    tally: Arc<Mutex<Tally>>,
) {
    let mut rng = seed | 1;
    // Spread the games' moves over the think time.
    tokio::time::sleep(Duration::from_millis(
        seed % pace.think.as_millis().max(1) as u64,
    ))
    .await;
    let mut first = true;
    while Instant::now() < pace.until {
        let Some(open) = open_game(&c, &urls, &variant).await else {
            tally.lock().unwrap().errors += 1;
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        if std::mem::take(&mut first) {
            pace.warm.opened();
        }
        play_game(&c, &urls, &variant, open, &pace, &mut rng, &tally).await;
    }
}

/// A spectator of game `id`: every `gameState` line's ply and arrival, until the game ends or
/// `stop` is set. Says on `ready` when it has the game (or failed).
async fn spectate(
    c: reqwest::Client,
    url: String,
    id: String,
    tally: Arc<Mutex<Tally>>,
    ready: tokio::sync::mpsc::Sender<()>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let resp = c.get(format!("{url}/api/stream/game/{id}")).send().await;
    let mut lines = match resp {
        Ok(r) if r.status().is_success() => Lines {
            resp: r,
            buf: Vec::new(),
        },
        _ => {
            tally.lock().unwrap().spectator_errors += 1;
            let _ = ready.send(()).await;
            return;
        }
    };
    let Some(full) = lines.next().await else {
        tally.lock().unwrap().spectator_errors += 1;
        let _ = ready.send(()).await;
        return;
    };
    tally.lock().unwrap().spectators += 1;
    let _ = ready.send(()).await;
    drop(ready);
    let mut last = full["state"]["ply"].as_u64().unwrap_or(0);
    let mut seen = Vec::new();
    let mut missed = 0;
    loop {
        let v = tokio::select! {
            v = lines.next() => v,
            _ = stop.wait_for(|s| *s) => break,
        };
        let Some(v) = v else { break };
        let Some(p) = v["ply"].as_u64() else { continue };
        if p > last {
            seen.push((p as u32, epoch_us()));
            missed += p - last - 1;
            last = p;
        }
        if v["status"] != "started" {
            break;
        }
    }
    let mut t = tally.lock().unwrap();
    t.seen.extend(seen);
    t.missed += missed;
}

/// One process's share: `games` games (the `first`-th on) and `spectators` spectators of
/// game `watch`. Calls `ready` once the spectators are in, plays until `seconds` from then,
/// and stops the spectators when `stop` is set.
struct Share {
    urls: Vec<String>,
    games: usize,
    first: usize,
    seconds: u64,
    think_ms: u64,
    variant: String,
    watch: Option<String>,
    spectators: usize,
}

async fn run_share(
    s: Share,
    ready: impl FnOnce(),
    stop: tokio::sync::watch::Receiver<bool>,
) -> Tally {
    let c = reqwest::Client::builder()
        .pool_max_idle_per_host(4096)
        .build()
        .unwrap();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let mut watchers = Vec::new();
    if let Some(id) = &s.watch {
        let (tx, mut rx) = tokio::sync::mpsc::channel(s.spectators.max(1));
        // At most 200 connecting at once (the listener's backlog).
        let gate = Arc::new(tokio::sync::Semaphore::new(200));
        for j in 0..s.spectators {
            let permit = Arc::clone(&gate).acquire_owned().await.unwrap();
            let tx = tx.clone();
            let (ptx, mut prx) = tokio::sync::mpsc::channel(1);
            watchers.push(tokio::spawn(spectate(
                c.clone(),
                s.urls[(s.first + j) % s.urls.len()].clone(),
                id.clone(),
                Arc::clone(&tally),
                ptx,
                stop.clone(),
            )));
            tokio::spawn(async move {
                let _ = prx.recv().await;
                drop(permit);
                let _ = tx.send(()).await;
            });
        }
        drop(tx);
        for _ in 0..s.spectators {
            if rx.recv().await.is_none() {
                break;
            }
        }
    }
    ready();
    let start = Instant::now();
    let until = start + Duration::from_secs(s.seconds);
    let think = Duration::from_millis(s.think_ms);
    let warm = Arc::new(Warm::new(s.games, think + Duration::from_secs(2)));
    let mut tasks = Vec::new();
    for i in s.first..s.first + s.games {
        let pair = [
            s.urls[i % s.urls.len()].clone(),
            s.urls[(i + 1) % s.urls.len()].clone(),
        ];
        let pace = Pace {
            think,
            until,
            warm: Arc::clone(&warm),
            posted: None,
        };
        tasks.push(tokio::spawn(play(
            c.clone(),
            pair,
            s.variant.clone(),
            pace,
            0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64 + 1),
            Arc::clone(&tally),
        )));
    }
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(30), t).await;
    }
    for w in watchers {
        let _ = tokio::time::timeout(Duration::from_secs(s.seconds + 60), w).await;
    }
    let mut t = std::mem::take(&mut *tally.lock().unwrap());
    t.cpu_ticks = cpu_ticks("self");
    t
}

/// A started server: the process and its base URL.
fn start_server(bin: &str, db: &str, cpus: Option<&str>) -> (std::process::Child, String) {
    let command = match cpus {
        Some(list) => {
            let mut c = Command::new("taskset");
            c.args(["-c", list, bin]);
            c
        }
        None => Command::new(bin),
    };
    let args = common::unlimited(db);
    let (server, port) = common::start_server(command, &args);
    (server, format!("http://127.0.0.1:{port}"))
}

/// Connections open to the PostgreSQL database at `url` (its own one not counted).
async fn pg_connections(url: &str) -> Option<i64> {
    use sqlx::Connection;
    let mut conn = sqlx::postgres::PgConnection::connect(url).await.ok()?;
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() \
         AND pid <> pg_backend_pid()",
    )
    .fetch_one(&mut conn)
    .await
    .ok()?;
    Some(n)
}

/// A copy of this program (`--clients`): reads its share from the arguments, says `ready` on
/// stdout once its spectators are in, stops them when its stdin closes, and prints its
/// [`Tally`] as JSON.
async fn worker(a: Args, urls: Vec<String>) {
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let (stop_tx, stop) = tokio::sync::watch::channel(false);
    let seconds = a.seconds;
    std::thread::spawn(move || {
        let mut sink = String::new();
        let _ = std::io::stdin().read_line(&mut sink);
        let _ = stop_tx.send(true);
    });
    let share = Share {
        urls,
        games: a.games,
        first: a.first,
        seconds,
        think_ms: a.think_ms,
        variant: a.variant,
        watch: a.watch,
        spectators: a.spectators,
    };
    let t = run_share(
        share,
        || {
            println!("ready");
            let _ = std::io::stdout().flush();
        },
        stop,
    )
    .await;
    println!("{}", serde_json::to_string(&t).unwrap());
}

/// Median, 99th percentile and maximum (ms) of `v` (sorted here).
fn spread(v: &mut [u64]) -> (f64, f64, f64) {
    v.sort_unstable();
    let pct = |p: f64| -> f64 {
        if v.is_empty() {
            return f64::NAN;
        }
        let i = ((v.len() as f64 - 1.0) * p).round() as usize;
        v[i] as f64 / 1000.0
    };
    (pct(0.5), pct(0.99), pct(1.0))
}

#[tokio::main]
async fn main() {
    let a = args();
    if let Some(urls) = a.worker_urls.clone() {
        return worker(a, urls).await;
    }
    if let Some(list) = &a.client_cpus {
        // Every thread of this process (the runtime's are running already); later ones
        // inherit it, and so do the copies of `--clients`.
        let ok = Command::new("taskset")
            .args(["-a", "-p", "-c", list, &std::process::id().to_string()])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "taskset could not pin the load client to {list}");
    }
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let dir = std::env::temp_dir().join(format!("baroque-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db =
        a.db.clone()
            .unwrap_or_else(|| format!("sqlite://{}/load.sqlite", dir.display()));
    let mut servers = Vec::new();
    let mut urls = Vec::new();
    if let Some(url) = &a.url {
        urls.push(url.clone());
    } else {
        for _ in 0..a.instances.max(1) {
            let (s, u) = start_server(&a.bin, &db, a.server_cpus.as_deref());
            servers.push(s);
            urls.push(u);
        }
    }
    let rss =
        |servers: &[std::process::Child]| -> u64 { servers.iter().map(|s| rss_kb(s.id())).sum() };
    let fds = |servers: &[std::process::Child]| -> usize {
        servers.iter().map(|s| open_files(s.id())).sum()
    };
    let cpu = |servers: &[std::process::Child]| -> Vec<u64> {
        servers
            .iter()
            .map(|s| cpu_ticks(&s.id().to_string()))
            .collect()
    };
    let idle_kb = rss(&servers);
    let idle_fds = fds(&servers);
    let c = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()
        .unwrap();
    let watched_pair = [urls[0].clone(), urls[1 % urls.len()].clone()];
    let watched = if a.spectators > 0 {
        Some(
            open_game(&c, &watched_pair, &a.variant)
                .await
                .expect("the watched game opens"),
        )
    } else {
        None
    };
    let watch_id = watched.as_ref().map(|w| w.0.clone());
    let clients = a.clients.max(1);
    let mut tally = Tally::default();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut children: Vec<Child> = Vec::new();
    let mut outputs = Vec::new();
    let mut local = None;
    let before = cpu(&servers);
    if clients >= 2 {
        let me = std::env::current_exe().expect("this program's path");
        for k in 0..clients {
            let games = a.games / clients + usize::from(k < a.games % clients);
            let first: usize = (0..k)
                .map(|j| a.games / clients + usize::from(j < a.games % clients))
                .sum();
            let spectators = a.spectators / clients + usize::from(k < a.spectators % clients);
            let mut cmd = Command::new(&me);
            cmd.args(["--worker-urls", &urls.join(",")])
                .args(["--games", &games.to_string()])
                .args(["--first", &first.to_string()])
                .args(["--seconds", &a.seconds.to_string()])
                .args(["--think-ms", &a.think_ms.to_string()])
                .args(["--variant", &a.variant])
                .args(["--spectators", &spectators.to_string()]);
            if let Some(id) = &watch_id {
                cmd.args(["--watch", id]);
            }
            let mut child = cmd
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("a copy of the load client");
            let mut out = BufReader::new(child.stdout.take().unwrap());
            children.push(child);
            let mut line = String::new();
            out.read_line(&mut line).expect("the copy's ready");
            assert_eq!(line.trim(), "ready", "the copy's first line");
            outputs.push(out);
        }
    } else {
        let (rtx, rrx) = tokio::sync::oneshot::channel();
        let share = Share {
            urls: urls.clone(),
            games: a.games,
            first: 0,
            seconds: a.seconds,
            think_ms: a.think_ms,
            variant: a.variant.clone(),
            watch: watch_id.clone(),
            spectators: a.spectators,
        };
        local = Some(tokio::spawn(run_share(
            share,
            move || {
                let _ = rtx.send(());
            },
            stop_rx,
        )));
        let _ = rrx.await;
    }
    let start = Instant::now();
    let until = start + Duration::from_secs(a.seconds);
    // The watched game, played here; its POST times go to `posted`.
    let posted: Posted = Arc::new(Mutex::new(Vec::new()));
    let watched_tally = Arc::new(Mutex::new(Tally::default()));
    let watched_task = watched.map(|open| {
        let c = c.clone();
        let variant = a.variant.clone();
        let pace = Pace {
            think: Duration::from_millis(a.watch_think_ms.unwrap_or(a.think_ms)),
            until: until - Duration::from_secs(1),
            warm: Arc::new(Warm::new(0, Duration::ZERO)),
            posted: Some(Arc::clone(&posted)),
        };
        let t = Arc::clone(&watched_tally);
        tokio::spawn(async move {
            let mut rng = 0x2545_F491_4F6C_DD1D;
            play_game(&c, &watched_pair, &variant, open, &pace, &mut rng, &t).await;
        })
    });
    // Memory and connections with every game held, half way through.
    tokio::time::sleep(Duration::from_secs(a.seconds / 2)).await;
    let busy_kb = rss(&servers);
    let busy_fds = fds(&servers);
    let half_cpu = cpu(&servers);
    let half = Instant::now();
    let connections = match &a.db {
        Some(u) if u.starts_with("postgres") => pg_connections(u).await,
        _ => None,
    };
    tokio::time::sleep_until(until.into()).await;
    let end_cpu = cpu(&servers);
    let end = Instant::now();
    if let Some(w) = watched_task {
        let _ = tokio::time::timeout(Duration::from_secs(30), w).await;
    }
    // Let the last moves' lines reach the spectators, then stop them.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let _ = stop_tx.send(true);
    for child in children.iter_mut() {
        drop(child.stdin.take());
    }
    // Each client process's CPU time (clock ticks), this one's last.
    let mut client_ticks = Vec::new();
    for mut out in outputs {
        let mut line = String::new();
        out.read_line(&mut line).expect("the copy's tally");
        let t: Tally = serde_json::from_str(&line).expect("the copy's tally is JSON");
        client_ticks.push(t.cpu_ticks);
        tally.merge(t);
    }
    for child in children.iter_mut() {
        let _ = child.wait();
    }
    if let Some(l) = local {
        tally.merge(l.await.expect("the load"));
    }
    client_ticks.push(cpu_ticks("self"));
    let elapsed = start.elapsed().as_secs_f64();
    for s in servers.iter_mut() {
        let _ = s.kill();
        let _ = s.wait();
    }
    let _ = std::fs::remove_dir_all(&dir);
    let secs = |d: Duration| d.as_secs_f64().max(1e-3);
    let share = |from: &[u64], to: &[u64], d: f64| -> String {
        from.iter()
            .zip(to)
            .map(|(f, t)| format!("{:.0}%", (t - f) as f64 / 100.0 / d * 100.0))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let server_cpu_all = share(&before, &end_cpu, secs(end - start));
    let server_cpu_late = share(&half_cpu, &end_cpu, secs(end - half));
    let (med, p99, max) = spread(&mut tally.latencies_us);
    let (smed, sp99, smax) = spread(&mut tally.steady_us);
    let (amed, ap99, amax) = spread(&mut tally.answered_us);
    let conns = busy_fds.saturating_sub(idle_fds);
    let grown = busy_kb.saturating_sub(idle_kb) as f64;
    println!(
        "games {} on {} instance(s), {} ({} variant, a move every {} ms per game), {} client \
         process(es), {:.0} s: {} moves, {:.0} moves/s, POST-to-opponent-line median {:.2} ms, \
         p99 {:.2} ms, max {:.2} ms (after the warm-up: {} moves, median {:.2} ms, p99 {:.2} \
         ms, max {:.2} ms; the POST answered median {:.2} ms, p99 {:.2} ms, max {:.2} ms); {} \
         games finished, {} errors; servers' CPU {} of a core (second \
         half {}), clients' CPU {} of a core; servers' RSS idle {} MiB, with the \
         games {} MiB ({:.1} KiB per game), open files {} more ({:.1} KiB per open file); \
         database connections {}",
        a.games,
        a.instances.max(1),
        if db.starts_with("sqlite") {
            "SQLite"
        } else {
            "PostgreSQL"
        },
        a.variant,
        a.think_ms,
        clients,
        elapsed,
        tally.moves,
        tally.moves as f64 / secs(end - start),
        med,
        p99,
        max,
        tally.steady_us.len(),
        smed,
        sp99,
        smax,
        amed,
        ap99,
        amax,
        tally.games_done,
        tally.errors,
        server_cpu_all,
        server_cpu_late,
        client_ticks
            .iter()
            .map(|t| format!("{:.0}%", *t as f64 / elapsed))
            .collect::<Vec<_>>()
            .join(" + "),
        idle_kb / 1024,
        busy_kb / 1024,
        grown / a.games.max(1) as f64,
        conns,
        grown / conns.max(1) as f64,
        connections.map_or("n/a".to_string(), |n| n.to_string()),
    );
    if !tally.slow_at.is_empty() {
        // The slow moves (over 100 ms, after the warm-up) by second of the run: a few seconds
        // holding most of them is a stall; spread over the run, a busy machine.
        let first = tally.slow_at.iter().min().copied().unwrap_or(0);
        let mut by: std::collections::BTreeMap<u64, usize> = Default::default();
        for t in &tally.slow_at {
            *by.entry(t - first).or_default() += 1;
        }
        let mut worst: Vec<(u64, usize)> = by.iter().map(|(&t, &n)| (t, n)).collect();
        worst.sort_by_key(|w| std::cmp::Reverse(w.1));
        let seconds = by.len();
        let in_worst: usize = worst.iter().take(5).map(|w| w.1).sum();
        println!(
            "slow moves (over 100 ms after the warm-up): {} in {} seconds; the 5 worst seconds \
             hold {} ({})",
            tally.slow_at.len(),
            seconds,
            in_worst,
            worst
                .iter()
                .take(5)
                .map(|(t, n)| format!("+{t} s: {n}"))
                .chain(std::iter::once(format!("the first at {first}")))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if a.spectators > 0 {
        let posted = posted.lock().unwrap();
        let w = watched_tally.lock().unwrap();
        let mut delays: Vec<u64> = tally
            .seen
            .iter()
            .filter_map(|(ply, at)| {
                posted
                    .iter()
                    .find(|(p, _)| p == ply)
                    .map(|(_, t)| at.saturating_sub(*t))
            })
            .collect();
        let expected = tally.spectators * w.moves;
        let (m, p, x) = spread(&mut delays);
        println!(
            "spectators {} of one game ({} failed to connect), {} moves played in it (a move \
             every {} ms): {} of {} lines seen, {} plies skipped; POST-to-spectator-line median \
             {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            tally.spectators,
            tally.spectator_errors,
            w.moves,
            a.watch_think_ms.unwrap_or(a.think_ms),
            delays.len(),
            expected,
            tally.missed,
            m,
            p,
            x,
        );
    }
}
