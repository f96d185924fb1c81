//! Lobby load run (a benchmark, not a test; docs/benchmarks.md "The lobby under load"): starts a
//! `baroque-server` on 127.0.0.1 (a fresh SQLite file, or `--db postgres://…`), opens `--watchers`
//! lobby connections that only listen, and `--pairs` pairs of players that, over and over, make a
//! seek (one player) and take it as soon as it is listed (the other). Reports the seeks made and
//! taken per minute, the time from a seek's message to its `added` on the watchers' sockets
//! (median, 99th percentile; sampled on `--sampled` watchers), and the time from an `accept` to the
//! later of the two players' `paired`. Each pair starts a seek at most every `--cycle-ms` on
//! average (500: a socket's quota is 8 messages a second; each cycle drawn from half to one and a
//! half times it, the pairs' first seeks spread over one cycle), so `--pairs` sets the rate: 100
//! pairs, up to 12,000 seeks a minute.
//!
//! ```sh
//! cargo build --release -p baroque-server --bin baroque-server --example lobby_load
//! ulimit -n 20000
//! target/release/examples/lobby_load --watchers 5000 --procs 2 --pairs 100 --seconds 60
//! # against a server started apart (pinned, or with examples/load.rs's games on it too):
//! target/release/examples/lobby_load --addr 127.0.0.1:8080 --watchers 5000 --procs 2
//! ```
//!
//! Only the `--sampled` watchers and the players read the messages' JSON (and the players only
//! the frames that may concern them); the other watchers count frames and bytes, spread over
//! `--procs` child processes of this program (`--child`), so that the client is not what one
//! measures. The sampled watchers connect last. A frame may be a `batch` of lobby messages
//! (docs/online.md, "The lobby"): each is read.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Args {
    watchers: usize,
    sampled: usize,
    pairs: usize,
    seconds: u64,
    cycle_ms: u64,
    bin: String,
    db: Option<String>,
    /// A server running already (`host:port`): none is started.
    addr: Option<String>,
    /// Child processes holding the watchers that only count.
    procs: usize,
    /// This process is a child: it holds `--watchers` counting watchers of `--addr`.
    child: bool,
}

fn args() -> Args {
    let mut a = Args {
        watchers: 1000,
        sampled: 20,
        pairs: 50,
        seconds: 30,
        cycle_ms: 500,
        bin: "target/release/baroque-server".into(),
        db: None,
        addr: None,
        procs: 1,
        child: false,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut it = argv.iter();
    while let Some(f) = it.next() {
        if f == "--child" {
            a.child = true;
            continue;
        }
        let v = it.next().cloned().unwrap_or_default();
        match f.as_str() {
            "--watchers" => a.watchers = v.parse().expect("--watchers N"),
            "--sampled" => a.sampled = v.parse().expect("--sampled N"),
            "--pairs" => a.pairs = v.parse().expect("--pairs N"),
            "--seconds" => a.seconds = v.parse().expect("--seconds N"),
            "--cycle-ms" => a.cycle_ms = v.parse().expect("--cycle-ms MS"),
            "--bin" => a.bin = v,
            "--db" => a.db = Some(v),
            "--addr" => a.addr = Some(v),
            "--procs" => a.procs = v.parse().expect("--procs N"),
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

fn start_server(bin: &str, db: &str) -> (std::process::Child, String) {
    let args = common::unlimited(db);
    let (server, port) = common::start_server(Command::new(bin), &args);
    (server, format!("127.0.0.1:{port}"))
}

async fn connect(addr: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/lobby"))
        .await
        .expect("the lobby socket opens");
    ws
}

/// The next text frame as it came.
async fn frame(ws: &mut Ws) -> Option<String> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => return Some(t.as_str().to_string()),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// The messages of a frame: a `batch`'s, or the frame's own.
fn messages(text: &str) -> Vec<Value> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(mut m)) if m.get("t").and_then(Value::as_str) == Some("batch") => {
            match m.remove("m") {
                Some(Value::Array(all)) => all,
                _ => Vec::new(),
            }
        }
        Ok(v) => vec![v],
        Err(_) => Vec::new(),
    }
}

/// The next message addressed to this player (`open`, `paired`, `error`...: not the lobby's
/// news, whose frames are not parsed).
async fn answer(ws: &mut Ws) -> Option<Value> {
    loop {
        let t = frame(ws).await?;
        let news = [
            "{\"t\":\"added\"",
            "{\"t\":\"removed\"",
            "{\"t\":\"counts\"",
            "{\"t\":\"batch\"",
        ];
        if news.iter().any(|n| t.starts_with(n)) {
            continue;
        }
        return serde_json::from_str(&t).ok();
    }
}

async fn send(ws: &mut Ws, v: Value) {
    let _ = ws.send(Message::Text(v.to_string().into())).await;
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// When each seek's message was sent, by its clock (each pair's seeks have a clock of their own).
type Sent = Arc<Mutex<HashMap<(i64, i64), Instant>>>;

/// A child: `--watchers` connections of `--addr` that count frames and bytes; prints `ready`
/// once all are open, then, when its stdin closes, `frames N bytes B`.
async fn child(a: &Args) {
    let addr = a.addr.clone().expect("--child needs --addr");
    let counted = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
    let mut watchers = Vec::new();
    for _ in 0..a.watchers {
        let mut ws = connect(&addr).await;
        let counted = Arc::clone(&counted);
        watchers.push(tokio::spawn(async move {
            while let Some(Ok(m)) = ws.next().await {
                counted.0.fetch_add(1, Ordering::Relaxed);
                counted.1.fetch_add(m.len() as u64, Ordering::Relaxed);
            }
        }));
    }
    println!("ready");
    let _ = tokio::task::spawn_blocking(|| {
        let mut s = String::new();
        let _ = std::io::stdin().read_line(&mut s);
    })
    .await;
    println!(
        "frames {} bytes {}",
        counted.0.load(Ordering::Relaxed),
        counted.1.load(Ordering::Relaxed)
    );
}

/// CPU seconds (user + system) process `pid` has used.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime: fields 14 and 15 of stat, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

#[tokio::main]
async fn main() {
    let a = args();
    if a.child {
        return child(&a).await;
    }
    let dir = std::env::temp_dir().join(format!("baroque-lobby-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db =
        a.db.clone()
            .unwrap_or_else(|| format!("sqlite://{}", dir.join("load.sqlite").display()));
    let (mut server, addr) = match &a.addr {
        Some(addr) => (None, addr.clone()),
        None => {
            let (s, addr) = start_server(&a.bin, &db);
            (Some(s), addr)
        }
    };
    let server_pid = server.as_ref().map(|s| s.id()).or_else(|| {
        // The server listening on --addr's port, found by `ss` (for its CPU time).
        let port = addr.rsplit(':').next()?;
        let out = Command::new("ss")
            .args(["-Hltnp", &format!("sport = :{port}")])
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let at = text.find("pid=")? + 4;
        text[at..].split(',').next()?.parse().ok()
    });
    // The counting watchers, in child processes.
    let counting = a.watchers.saturating_sub(a.sampled);
    let procs = a.procs.max(1);
    let mut children = Vec::new();
    for k in 0..procs {
        let n = counting / procs + usize::from(k < counting % procs);
        if n == 0 {
            continue;
        }
        let mut c = Command::new(std::env::current_exe().unwrap())
            .args(["--child", "--addr", &addr, "--watchers", &n.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("a child of the load client");
        let mut out = BufReader::new(c.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert_eq!(line.trim(), "ready", "a child's watchers");
        children.push((c, out));
    }
    let sent: Sent = Arc::new(Mutex::new(HashMap::new()));
    let listed = Arc::new(Mutex::new(Vec::<f64>::new()));
    // The sampled watchers, last: each times each `added`.
    let mut watchers = Vec::new();
    for _ in 0..a.sampled.min(a.watchers) {
        let mut ws = connect(&addr).await;
        let (sent, listed) = (Arc::clone(&sent), Arc::clone(&listed));
        watchers.push(tokio::spawn(async move {
            while let Some(t) = frame(&mut ws).await {
                for m in messages(&t) {
                    if m["t"] != "added" {
                        continue;
                    }
                    let clock = &m["seek"]["clock"];
                    let key = (
                        clock["limit"].as_i64().unwrap_or(0),
                        clock["increment"].as_i64().unwrap_or(0),
                    );
                    if let Some(at) = sent.lock().unwrap().get(&key) {
                        listed
                            .lock()
                            .unwrap()
                            .push(at.elapsed().as_secs_f64() * 1000.0);
                    }
                }
            }
        }));
    }
    eprintln!(
        "{} lobby connections open ({} counting in {} processes)",
        a.watchers,
        counting,
        children.len()
    );
    let cpu0 = server_pid.map(cpu_seconds);
    let own0 = cpu_seconds(std::process::id());
    let children0: f64 = children.iter().map(|(c, _)| cpu_seconds(c.id())).sum();
    let wall0 = Instant::now();
    let paired = Arc::new(Mutex::new(Vec::<f64>::new()));
    let taken = Arc::new(Mutex::new(0u64));
    let stopped = Arc::new(Mutex::new(Vec::<String>::new()));
    let end = Instant::now() + Duration::from_secs(a.seconds);
    let mut pairs = Vec::new();
    for p in 0..a.pairs {
        let (sent, paired, taken) = (Arc::clone(&sent), Arc::clone(&paired), Arc::clone(&taken));
        let stopped = Arc::clone(&stopped);
        let addr = addr.clone();
        let cycle_ms = a.cycle_ms;
        let pairs_n = a.pairs.max(1);
        pairs.push(tokio::spawn(async move {
            let mut seeker = connect(&addr).await;
            let mut taker = connect(&addr).await;
            // A clock of this pair's own, so that no two pairs' seeks fit each other.
            let (minutes, inc) = ((p % 500 + 1) as i64, (p / 500) as i64);
            let key = (minutes * 60, inc);
            let wait = Duration::from_secs(10);
            // A pair that fails stops (the reason printed at the end), not the run.
            macro_rules! stop {
                ($($why:tt)*) => {{
                    stopped.lock().unwrap().push(format!($($why)*));
                    return;
                }};
            }
            // The pairs' seeks spread over the cycle, each cycle drawn from half to one and a
            // half times `--cycle-ms`: pairs started together and kept in step would make their
            // seeks in bursts of `--pairs` at once (docs/benchmarks.md, "Waves").
            let mut rng = (p as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            tokio::time::sleep(Duration::from_millis(cycle_ms * p as u64 / pairs_n as u64)).await;
            while Instant::now() < end {
                let permille = 500 + common::xorshift(&mut rng) % 1001;
                let cycle = tokio::time::sleep(Duration::from_millis(cycle_ms * permille / 1000));
                sent.lock().unwrap().insert(key, Instant::now());
                send(
                    &mut seeker,
                    json!({"t":"seek","seek":{"variant":"omega","time":minutes,"increment":inc}}),
                )
                .await;
                // The seeker's answer: its seek is open.
                loop {
                    let Ok(Some(m)) = tokio::time::timeout(wait, answer(&mut seeker)).await else {
                        stop!("pair {p}: no answer to the seek within 10 s");
                    };
                    match m["t"].as_str() {
                        Some("open") => break,
                        Some("error") | Some("paired") => stop!("pair {p}: {m}"),
                        _ => {}
                    }
                }
                // Only the frames naming this pair's clock are read.
                let clock = format!("\"clock\":{{\"limit\":{},\"increment\":{}}}", key.0, key.1);
                let id = 'listed: loop {
                    let Ok(t) = tokio::time::timeout(wait, frame(&mut taker)).await else {
                        stop!("pair {p}: the seek was not listed within 10 s");
                    };
                    let Some(t) = t else {
                        stop!("pair {p}: the taker's socket closed")
                    };
                    if !t.contains(&clock) {
                        continue;
                    }
                    for m in messages(&t) {
                        if m["t"] == "added"
                            && m["seek"]["clock"]["limit"] == key.0
                            && m["seek"]["clock"]["increment"] == key.1
                        {
                            break 'listed m["seek"]["id"].clone();
                        }
                    }
                };
                let t0 = Instant::now();
                send(&mut taker, json!({"t":"accept","id":id})).await;
                for (who, ws) in [("taker", &mut taker), ("seeker", &mut seeker)] {
                    loop {
                        let Ok(m) = tokio::time::timeout(wait, answer(ws)).await else {
                            stop!("pair {p}: the {who} was not paired within 10 s");
                        };
                        let Some(m) = m else {
                            stop!("pair {p}: the {who}'s socket closed")
                        };
                        match m["t"].as_str() {
                            Some("paired") => break,
                            Some("error") => stop!("pair {p}: the {who} got {m}"),
                            _ => {}
                        }
                    }
                }
                paired
                    .lock()
                    .unwrap()
                    .push(t0.elapsed().as_secs_f64() * 1000.0);
                *taken.lock().unwrap() += 1;
                cycle.await;
            }
        }));
    }
    for p in pairs {
        let _ = p.await;
    }
    let wall = wall0.elapsed().as_secs_f64();
    let server_cpu = match (server_pid, cpu0) {
        (Some(pid), Some(c0)) => {
            format!("{:.0}% of a core", (cpu_seconds(pid) - c0) * 100.0 / wall)
        }
        _ => "unknown".into(),
    };
    let own_cpu = (cpu_seconds(std::process::id()) - own0) / wall;
    let (mut frames, mut bytes, mut child_cpu) = (0u64, 0u64, -children0);
    for (mut c, mut out) in children {
        child_cpu += cpu_seconds(c.id());
        drop(c.stdin.take());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let f: Vec<&str> = line.split_whitespace().collect();
        frames += f.get(1).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
        bytes += f.get(3).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
        let _ = c.wait();
    }
    let n = *taken.lock().unwrap();
    let mut l = listed.lock().unwrap().clone();
    let mut q = paired.lock().unwrap().clone();
    l.sort_by(f64::total_cmp);
    q.sort_by(f64::total_cmp);
    println!(
        "{} watchers, {} pairs, {} s: {} seeks made and taken ({:.0} a minute)",
        a.watchers,
        a.pairs,
        a.seconds,
        n,
        n as f64 * 60.0 / a.seconds as f64
    );
    println!(
        "seek listed on the watchers: median {:.1} ms, p99 {:.1} ms ({} samples)",
        percentile(&l, 0.5),
        percentile(&l, 0.99),
        l.len()
    );
    println!(
        "accept to both players paired: median {:.1} ms, p99 {:.1} ms ({} samples)",
        percentile(&q, 0.5),
        percentile(&q, 0.99),
        q.len()
    );
    println!(
        "server CPU {server_cpu} over the run; the counting watchers got {:.0} frames/s ({:.0} KB/s) \
         in all, {:.1} frames/s each",
        frames as f64 / wall,
        bytes as f64 / wall / 1000.0,
        frames as f64 / wall / counting.max(1) as f64
    );
    println!(
        "client CPU over the run: this process {:.0}% of a core, its children {:.0}% in all",
        own_cpu * 100.0,
        child_cpu * 100.0 / wall
    );
    let stopped = stopped.lock().unwrap().clone();
    println!("pairs stopped by a failure: {}", stopped.len());
    for why in stopped {
        println!("  {why}");
    }
    for w in watchers {
        w.abort();
    }
    if let Some(server) = server.as_mut() {
        let _ = server.kill();
        let _ = server.wait();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
