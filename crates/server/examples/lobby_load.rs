//! Lobby load run (a benchmark, not a test; docs/benchmarks.md "The lobby under load"): starts a
//! `baroque-server` on 127.0.0.1 (a fresh SQLite file, or `--db postgres://…`), opens `--watchers`
//! lobby connections that only listen, and `--pairs` pairs of players that, over and over, make a
//! seek (one player) and take it as soon as it is listed (the other). Reports the seeks made and
//! taken per minute, the time from a seek's message to its `added` on the watchers' sockets
//! (median, 99th percentile; sampled on `--sampled` watchers), and the time from an `accept` to the
//! later of the two players' `paired`. Each pair starts a seek at most every `--cycle-ms` (500:
//! a socket's quota is 8 messages a second), so `--pairs` sets the rate: 100 pairs, up to 12,000
//! seeks a minute.
//!
//! ```sh
//! cargo build --release -p baroque-server --bin baroque-server --example lobby_load
//! ulimit -n 20000
//! target/release/examples/lobby_load --watchers 5000 --pairs 100 --seconds 60
//! ```

mod common;

use std::collections::HashMap;
use std::process::Command;
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
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut it = argv.iter();
    while let Some(f) = it.next() {
        let v = it.next().cloned().unwrap_or_default();
        match f.as_str() {
            "--watchers" => a.watchers = v.parse().expect("--watchers N"),
            "--sampled" => a.sampled = v.parse().expect("--sampled N"),
            "--pairs" => a.pairs = v.parse().expect("--pairs N"),
            "--seconds" => a.seconds = v.parse().expect("--seconds N"),
            "--cycle-ms" => a.cycle_ms = v.parse().expect("--cycle-ms MS"),
            "--bin" => a.bin = v,
            "--db" => a.db = Some(v),
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

fn start_server(bin: &str, db: &str) -> (std::process::Child, String) {
    let args = ["--rate", "0", "--max-conns-per-ip", "0", "--db", db];
    let (server, port) = common::start_server(Command::new(bin), &args);
    (server, format!("127.0.0.1:{port}"))
}

async fn connect(addr: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/lobby"))
        .await
        .expect("the lobby socket opens");
    ws
}

async fn next(ws: &mut Ws) -> Option<Value> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => return serde_json::from_str(&t).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
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

#[tokio::main]
async fn main() {
    let a = args();
    let dir = std::env::temp_dir().join(format!("baroque-lobby-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db =
        a.db.clone()
            .unwrap_or_else(|| format!("sqlite://{}", dir.join("load.sqlite").display()));
    let (mut server, addr) = start_server(&a.bin, &db);
    let sent: Sent = Arc::new(Mutex::new(HashMap::new()));
    let listed = Arc::new(Mutex::new(Vec::<f64>::new()));
    // The watchers: every one reads the lobby; the sampled ones time each `added`.
    let mut watchers = Vec::new();
    for i in 0..a.watchers {
        let mut ws = connect(&addr).await;
        let (sent, listed) = (Arc::clone(&sent), Arc::clone(&listed));
        let sampled = i < a.sampled;
        watchers.push(tokio::spawn(async move {
            while let Some(m) = next(&mut ws).await {
                if sampled && m["t"] == "added" {
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
    eprintln!("{} lobby connections open", a.watchers);
    let paired = Arc::new(Mutex::new(Vec::<f64>::new()));
    let taken = Arc::new(Mutex::new(0u64));
    let end = Instant::now() + Duration::from_secs(a.seconds);
    let mut pairs = Vec::new();
    for p in 0..a.pairs {
        let (sent, paired, taken) = (Arc::clone(&sent), Arc::clone(&paired), Arc::clone(&taken));
        let addr = addr.clone();
        let cycle_ms = a.cycle_ms;
        pairs.push(tokio::spawn(async move {
            let mut seeker = connect(&addr).await;
            let mut taker = connect(&addr).await;
            // A clock of this pair's own, so that no two pairs' seeks fit each other.
            let (minutes, inc) = ((p % 500 + 1) as i64, (p / 500) as i64);
            let key = (minutes * 60, inc);
            let wait = Duration::from_secs(10);
            while Instant::now() < end {
                let cycle = tokio::time::sleep(Duration::from_millis(cycle_ms));
                sent.lock().unwrap().insert(key, Instant::now());
                send(
                    &mut seeker,
                    json!({"t":"seek","seek":{"variant":"omega","time":minutes,"increment":inc}}),
                )
                .await;
                // The seeker's answer: its seek is open.
                loop {
                    let Ok(Some(m)) = tokio::time::timeout(wait, next(&mut seeker)).await else {
                        panic!("pair {p}: no answer to the seek within 10 s");
                    };
                    match m["t"].as_str() {
                        Some("open") => break,
                        Some("error") | Some("paired") => panic!("pair {p}: {m}"),
                        _ => {}
                    }
                }
                let id = loop {
                    let Ok(m) = tokio::time::timeout(wait, next(&mut taker)).await else {
                        panic!("pair {p}: the seek was not listed within 10 s");
                    };
                    let m = m.expect("the taker's socket");
                    if m["t"] == "added"
                        && m["seek"]["clock"]["limit"] == key.0
                        && m["seek"]["clock"]["increment"] == key.1
                    {
                        break m["seek"]["id"].clone();
                    }
                };
                let t0 = Instant::now();
                send(&mut taker, json!({"t":"accept","id":id})).await;
                for ws in [&mut taker, &mut seeker] {
                    loop {
                        let m = next(ws).await.expect("a player's socket");
                        if m["t"] == "paired" {
                            break;
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
    for w in watchers {
        w.abort();
    }
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
