//! The fan-out signal measured (a benchmark, not a test; docs/online.md, docs/benchmarks.md):
//! the time from a "game N has news" signal's send to its receipt by a listener, through
//! PostgreSQL `NOTIFY`/`LISTEN` (sqlx's `PgListener`, what the servers use) and through Redis
//! `PUBLISH`/`SUBSCRIBE` (as lila does), at a given rate, in two shapes:
//!
//! - `signal`: the signal alone (`SELECT pg_notify(…)` on its own; `PUBLISH`);
//! - `move`: what a move costs end to end: the move's transaction (update the game's row,
//!   insert its event) with the `NOTIFY` in it, committed, until the listener has it; against
//!   the same transaction without it, committed, then `PUBLISH` (Redis can only be told after
//!   the commit).
//!
//! Each sender runs `--senders` connections in parallel (the servers' pools do the same); the
//! listener is one connection. The Redis client is the protocol's few lines (RESP over a TCP
//! socket) rather than a crate, so that the measurement adds no dependency to the server.
//!
//! ```sh
//! cargo build --release -p baroque-server --example signal
//! url=$(bash scripts/pg.sh start /tmp/pg); redis-server --port 6390 --save '' --daemonize yes
//! target/release/examples/signal --pg "$url" --redis 127.0.0.1:6390 --rate 500 --seconds 10
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::postgres::{PgListener, PgPoolOptions};
use sqlx::PgPool;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

const CHANNEL: &str = "baroque_bench";

struct Args {
    pg: String,
    redis: String,
    rate: u64,
    seconds: u64,
    senders: usize,
}

fn args() -> Args {
    let mut a = Args {
        pg: String::new(),
        redis: "127.0.0.1:6379".into(),
        rate: 500,
        seconds: 10,
        senders: 8,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut it = argv.iter();
    while let Some(f) = it.next() {
        let v = it.next().cloned().unwrap_or_default();
        match f.as_str() {
            "--pg" => a.pg = v,
            "--redis" => a.redis = v,
            "--rate" => a.rate = v.parse().expect("--rate N"),
            "--seconds" => a.seconds = v.parse().expect("--seconds N"),
            "--senders" => a.senders = v.parse().expect("--senders N"),
            other => panic!("unknown argument {other}"),
        }
    }
    assert!(!a.pg.is_empty(), "--pg postgres://… is needed");
    a
}

/// When each signal was sent (by its number) and how long each took to arrive.
#[derive(Default)]
struct Clock {
    sent: HashMap<u64, Instant>,
    took_us: Vec<u64>,
    send_us: Vec<u64>,
}

type Shared = Arc<Mutex<Clock>>;

fn received(clock: &Shared, n: u64) {
    let mut c = clock.lock().unwrap();
    if let Some(at) = c.sent.remove(&n) {
        c.took_us.push(at.elapsed().as_micros() as u64);
    }
}

/// A Redis connection speaking RESP.
struct Redis {
    r: BufReader<tokio::io::ReadHalf<TcpStream>>,
    w: tokio::io::WriteHalf<TcpStream>,
}

impl Redis {
    async fn connect(addr: &str) -> Redis {
        let s = TcpStream::connect(addr)
            .await
            .expect("redis-server listens");
        s.set_nodelay(true).unwrap();
        let (r, w) = tokio::io::split(s);
        Redis {
            r: BufReader::new(r),
            w,
        }
    }

    async fn send(&mut self, words: &[&str]) {
        let mut out = format!("*{}\r\n", words.len());
        for w in words {
            out.push_str(&format!("${}\r\n{w}\r\n", w.len()));
        }
        self.w.write_all(out.as_bytes()).await.unwrap();
    }

    /// One reply: its bulk strings (a push message's words), or the simple/integer line.
    async fn reply(&mut self) -> Vec<String> {
        let mut line = String::new();
        self.r.read_line(&mut line).await.unwrap();
        let n: usize = match line.as_bytes().first() {
            Some(b'*') => line[1..].trim().parse().unwrap(),
            Some(b'$') => return vec![self.bulk(&line).await],
            _ => return vec![line.trim().to_string()],
        };
        let mut words = Vec::with_capacity(n);
        for _ in 0..n {
            let mut head = String::new();
            self.r.read_line(&mut head).await.unwrap();
            if head.starts_with('$') {
                words.push(self.bulk(&head).await);
            } else {
                words.push(head[1..].trim().to_string());
            }
        }
        words
    }

    async fn bulk(&mut self, head: &str) -> String {
        let len: usize = head[1..].trim().parse().unwrap();
        let mut buf = vec![0; len + 2];
        self.r.read_exact(&mut buf).await.unwrap();
        buf.truncate(len);
        String::from_utf8(buf).unwrap()
    }
}

/// The fake game table a `move` writes to (one row per sender, an event per move).
async fn prepare(pool: &PgPool) {
    for s in [
        "DROP TABLE IF EXISTS bench_games, bench_events",
        "CREATE TABLE bench_games (id TEXT PRIMARY KEY, moves TEXT NOT NULL, seq BIGINT NOT NULL)",
        "CREATE TABLE bench_events (game_id TEXT NOT NULL, seq BIGINT NOT NULL, body TEXT NOT NULL, \
         PRIMARY KEY (game_id, seq))",
    ] {
        sqlx::query(s).execute(pool).await.unwrap();
    }
}

/// One move's transaction: the game's row and its event, with the NOTIFY in it if `notify`.
async fn write_move(pool: &PgPool, game: &str, n: u64, notify: bool) {
    let mut tx = pool.begin().await.unwrap();
    let seq = sqlx::query_scalar::<_, i64>(
        "INSERT INTO bench_games (id, moves, seq) VALUES ($1, $2, 1) ON CONFLICT (id) DO UPDATE \
         SET moves = bench_games.moves || ' ' || $2, seq = bench_games.seq + 1 RETURNING seq",
    )
    .bind(game)
    .bind("e2e4")
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    sqlx::query("INSERT INTO bench_events (game_id, seq, body) VALUES ($1, $2, $3)")
        .bind(game)
        .bind(seq)
        .bind(format!(r#"{{"type":"gameState","moves":"…","ply":{seq}}}"#))
        .execute(&mut *tx)
        .await
        .unwrap();
    if notify {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(n.to_string())
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
}

#[derive(Clone, Copy, PartialEq)]
enum Way {
    Pg,
    Redis,
}

/// Sends `rate` signals a second for `seconds` over `senders` connections, each timed until
/// the listener has it; gives the clock.
async fn run(a: &Args, way: Way, with_move: bool) -> Clock {
    let clock: Shared = Arc::new(Mutex::new(Clock::default()));
    let pool = PgPoolOptions::new()
        .max_connections(a.senders as u32)
        .connect(&a.pg)
        .await
        .unwrap();
    if with_move {
        prepare(&pool).await;
    }
    // The listener.
    let listening = match way {
        Way::Pg => {
            let mut l = PgListener::connect(&a.pg).await.unwrap();
            l.listen(CHANNEL).await.unwrap();
            let c = Arc::clone(&clock);
            tokio::spawn(async move {
                while let Ok(n) = l.recv().await {
                    if let Ok(n) = n.payload().parse() {
                        received(&c, n);
                    }
                }
            })
        }
        Way::Redis => {
            let mut sub = Redis::connect(&a.redis).await;
            sub.send(&["SUBSCRIBE", CHANNEL]).await;
            sub.reply().await;
            let c = Arc::clone(&clock);
            tokio::spawn(async move {
                loop {
                    let words = sub.reply().await;
                    if words.first().map(String::as_str) == Some("message") {
                        if let Some(Ok(n)) = words.get(2).map(|p| p.parse()) {
                            received(&c, n);
                        }
                    }
                }
            })
        }
    };
    // The senders: signal n goes from sender n % senders, at its time.
    let start = Instant::now();
    let total = a.rate * a.seconds;
    let every = Duration::from_secs_f64(1.0 / a.rate as f64);
    let mut tasks = Vec::new();
    for s in 0..a.senders {
        let pool = pool.clone();
        let clock = Arc::clone(&clock);
        let redis = a.redis.clone();
        let senders = a.senders as u64;
        tasks.push(tokio::spawn(async move {
            let mut publisher = match way {
                Way::Redis => Some(Redis::connect(&redis).await),
                Way::Pg => None,
            };
            let game = format!("game{s}");
            let mut n = s as u64;
            while n < total {
                let due = start + every * n as u32;
                tokio::time::sleep_until(due.into()).await;
                let t0 = Instant::now();
                clock.lock().unwrap().sent.insert(n, t0);
                if with_move {
                    write_move(&pool, &game, n, way == Way::Pg).await;
                }
                match (&mut publisher, with_move) {
                    (Some(r), _) => {
                        r.send(&["PUBLISH", CHANNEL, &n.to_string()]).await;
                        r.reply().await;
                    }
                    (None, false) => {
                        sqlx::query("SELECT pg_notify($1, $2)")
                            .bind(CHANNEL)
                            .bind(n.to_string())
                            .execute(&pool)
                            .await
                            .unwrap();
                    }
                    (None, true) => {}
                }
                clock
                    .lock()
                    .unwrap()
                    .send_us
                    .push(t0.elapsed().as_micros() as u64);
                n += senders;
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    listening.abort();
    let elapsed = start.elapsed().as_secs_f64() - 0.5;
    let mut c = std::mem::take(&mut *clock.lock().unwrap());
    let lost = c.sent.len();
    c.took_us.sort_unstable();
    c.send_us.sort_unstable();
    let pct = |v: &[u64], p: f64| -> f64 {
        if v.is_empty() {
            return f64::NAN;
        }
        v[((v.len() as f64 - 1.0) * p).round() as usize] as f64 / 1000.0
    };
    println!(
        "{:<5} {:<6} {:>5}/s asked, {:>6.0}/s sent: send-to-receipt median {:.3} ms, p99 {:.3} ms, \
         max {:.3} ms; sender busy per signal median {:.3} ms, p99 {:.3} ms; {} not received",
        if way == Way::Pg { "PG" } else { "Redis" },
        if with_move { "move" } else { "signal" },
        a.rate,
        c.took_us.len() as f64 / elapsed,
        pct(&c.took_us, 0.5),
        pct(&c.took_us, 0.99),
        pct(&c.took_us, 1.0),
        pct(&c.send_us, 0.5),
        pct(&c.send_us, 0.99),
        lost,
    );
    c
}

#[tokio::main]
async fn main() {
    let a = args();
    for with_move in [false, true] {
        for way in [Way::Pg, Way::Redis] {
            run(&a, way, with_move).await;
        }
    }
}
