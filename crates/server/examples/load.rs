//! Load run (a benchmark, not a test; docs/benchmarks.md): starts `--instances` `baroque-server`s
//! on 127.0.0.1 on one database (a fresh SQLite file, or `--db postgres://…`), holds N live
//! games at once, each played by a scripted client (random legal moves from the engine, one
//! every `--think-ms` per game) over the Board API, and reports the time from a move's POST to
//! the line on the opponent's stream (median, 99th percentile), moves per second, the servers'
//! memory per game and (PostgreSQL) the database connections open. With two or more instances
//! each game's players are on different instances: white posts to and streams from instance
//! `i`, black instance `i + 1`, so every move crosses from one server to another.
//!
//! ```sh
//! cargo build --release -p baroque-server --bin baroque-server --example load
//! target/release/examples/load --games 1000 --seconds 60 --think-ms 2000
//! target/release/examples/load --games 1000 --instances 2 --db postgres://postgres@127.0.0.1:PORT/postgres
//! target/release/examples/load --games 1000 --client-cpus 0 --server-cpus 1   # pinned (taskset)
//! ```
//!
//! `--url http://127.0.0.1:PORT` plays on a server running already (none is started; its memory is
//! not read): with examples/lobby_load.rs on the same server, the moves' times while the lobby
//! is busy.
//!
//! `--client-cpus` and `--server-cpus` pin the load client's threads and the servers to those
//! cores (`taskset`'s lists), so that the two do not wait for each other's core.

mod common;

use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use baroque_engine::setup::build_game;
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
            "--url" => a.url = Some(v),
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

#[derive(Default)]
struct Tally {
    latencies_us: Vec<u64>,
    moves: u64,
    games_done: u64,
    errors: u64,
    /// The first errors, said.
    said: Vec<String>,
}

impl Tally {
    fn error(&mut self, what: String) {
        self.errors += 1;
        if self.said.len() < 5 {
            self.said.push(what);
        }
    }
}

async fn open_game(
    c: &reqwest::Client,
    urls: &[String; 2],
    variant: &str,
) -> Option<(String, [String; 2], [Lines; 2])> {
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

async fn play(
    c: reqwest::Client,
    urls: [String; 2],
    variant: String,
    think: Duration,
    until: Instant,
    seed: u64,
    tally: Arc<Mutex<Tally>>,
) {
    let mut rng = seed | 1;
    // Spread the games' moves over the think time.
    tokio::time::sleep(Duration::from_millis(
        seed % think.as_millis().max(1) as u64,
    ))
    .await;
    while Instant::now() < until {
        let Some((id, tokens, mut streams)) = open_game(&c, &urls, &variant).await else {
            tally
                .lock()
                .unwrap()
                .error("a game could not be opened".into());
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        let mut moves: Vec<String> = Vec::new();
        loop {
            if Instant::now() >= until {
                return;
            }
            let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
            let game = build_game(&variant, None, &[], &refs).expect("the game replays");
            if game.status().is_over() {
                tally.lock().unwrap().games_done += 1;
                break;
            }
            let legal = game.position().legal_moves();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let m = legal.as_slice()[(rng % legal.len() as u64) as usize];
            let text = game.position().move_text(&m);
            let seat = moves.len() % 2;
            let t0 = Instant::now();
            let r = c
                .post(format!(
                    "{}/api/board/game/{id}/move/{text}?ply={}",
                    urls[seat],
                    moves.len()
                ))
                .bearer_auth(&tokens[seat])
                .send()
                .await;
            match r {
                Ok(r) if r.status().is_success() => {}
                Ok(r) => {
                    let status = r.status();
                    let body = r.text().await.unwrap_or_default();
                    tally
                        .lock()
                        .unwrap()
                        .error(format!("move {text}: {status} {body}"));
                    break;
                }
                Err(e) => {
                    tally.lock().unwrap().error(format!("move {text}: {e}"));
                    break;
                }
            }
            let Some(st) = streams[1 - seat].at_ply(moves.len() as u64 + 1).await else {
                tally
                    .lock()
                    .unwrap()
                    .error("the opponent's stream ended".into());
                break;
            };
            let us = t0.elapsed().as_micros() as u64;
            {
                let mut t = tally.lock().unwrap();
                t.latencies_us.push(us);
                t.moves += 1;
            }
            moves.push(text);
            if st["status"] != "started" {
                tally.lock().unwrap().games_done += 1;
                break;
            }
            tokio::time::sleep(think).await;
        }
    }
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
    let args = [
        "--rate",
        "0",
        "--max-conns-per-ip",
        "0",
        "--games-per-min",
        "0",
        "--db",
        db,
    ];
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

#[tokio::main]
async fn main() {
    let a = args();
    if let Some(list) = &a.client_cpus {
        // Every thread of this process (the runtime's are running already); later ones
        // inherit it.
        let ok = Command::new("taskset")
            .args(["-a", "-p", "-c", list, &std::process::id().to_string()])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "taskset could not pin the load client to {list}");
    }
    let dir = std::env::temp_dir().join(format!("baroque-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db =
        a.db.clone()
            .unwrap_or_else(|| format!("sqlite://{}/load.sqlite", dir.display()));
    let mut servers = Vec::new();
    let mut urls = Vec::new();
    if let Some(url) = &a.url {
        urls.push(url.trim_end_matches('/').to_string());
    } else {
        for _ in 0..a.instances.max(1) {
            let (s, u) = start_server(&a.bin, &db, a.server_cpus.as_deref());
            servers.push(s);
            urls.push(u);
        }
    }
    let rss =
        |servers: &[std::process::Child]| -> u64 { servers.iter().map(|s| rss_kb(s.id())).sum() };
    let idle_kb = rss(&servers);
    let c = reqwest::Client::builder()
        .pool_max_idle_per_host(4096)
        .build()
        .unwrap();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now();
    let until = start + Duration::from_secs(a.seconds);
    let mut tasks = Vec::new();
    for i in 0..a.games {
        let pair = [
            urls[i % urls.len()].clone(),
            urls[(i + 1) % urls.len()].clone(),
        ];
        tasks.push(tokio::spawn(play(
            c.clone(),
            pair,
            a.variant.clone(),
            Duration::from_millis(a.think_ms),
            until,
            0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64 + 1),
            Arc::clone(&tally),
        )));
    }
    // Memory with every game held, half way through.
    tokio::time::sleep(Duration::from_secs(a.seconds / 2)).await;
    let busy_kb = rss(&servers);
    let half = { tally.lock().unwrap().moves };
    let connections = match &a.db {
        Some(u) if u.starts_with("postgres") => pg_connections(u).await,
        _ => None,
    };
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(30), t).await;
    }
    let elapsed = start.elapsed().as_secs_f64();
    for s in servers.iter_mut() {
        let _ = s.kill();
        let _ = s.wait();
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut t = tally.lock().unwrap();
    t.latencies_us.sort_unstable();
    let pct = |p: f64| -> f64 {
        if t.latencies_us.is_empty() {
            return f64::NAN;
        }
        let i = ((t.latencies_us.len() as f64 - 1.0) * p).round() as usize;
        t.latencies_us[i] as f64 / 1000.0
    };
    println!(
        "games {} on {} instance(s), {} ({} variant, a move every {} ms per game), {:.0} s: {} moves, \
         {:.0} moves/s, POST-to-opponent-line median {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
         {} games finished, {} errors; servers' RSS idle {} MiB, with the games {} MiB ({:.1} KiB \
         per game); database connections {}; moves by half time {}",
        a.games,
        a.instances.max(1),
        if db.starts_with("sqlite") { "SQLite" } else { "PostgreSQL" },
        a.variant,
        a.think_ms,
        elapsed,
        t.moves,
        t.moves as f64 / elapsed,
        pct(0.5),
        pct(0.99),
        pct(1.0),
        t.games_done,
        t.errors,
        idle_kb / 1024,
        busy_kb / 1024,
        (busy_kb.saturating_sub(idle_kb)) as f64 / a.games as f64,
        connections.map_or("n/a".to_string(), |n| n.to_string()),
        half,
    );
    for e in &t.said {
        println!("  error: {e}");
    }
}
