//! Bytes per move (a benchmark, not a test; docs/benchmarks.md): starts a `baroque-server`
//! (`--bin`, so that the server before deltas can be measured as well as today's) on a fresh
//! SQLite file or a PostgreSQL database, creates `--games` games on a live clock, plays
//! `--plies` random legal moves in each over the Board API, and reports per move played:
//!
//! - the bytes of the stored events (their text) and of the database on disk (SQLite: the
//!   file after a checkpoint; PostgreSQL: the `games` and `events` relations);
//! - the bytes written to the write-ahead log (SQLite: the WAL file, kept from being reset by
//!   a read transaction this program holds open while the moves are played; PostgreSQL: the
//!   WAL position's advance).
//!
//! Several `--plies` (`20,80,160`) show whether a move's cost grows with the game's length.
//!
//! ```sh
//! cargo build -p baroque-server --bin baroque-server --example storage
//! target/debug/examples/storage --bin target/debug/baroque-server --games 20 --plies 20,80,160
//! target/debug/examples/storage --db postgres://postgres@127.0.0.1:PORT/postgres
//! ```

mod common;

use std::process::{Command, Stdio};

use baroque_engine::setup::build_game;
use serde_json::Value;
use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{AnyPool, Row};

struct Args {
    bin: String,
    games: usize,
    plies: Vec<usize>,
    db: Option<String>,
}

fn args() -> Args {
    let mut a = Args {
        bin: "target/debug/baroque-server".into(),
        games: 20,
        plies: vec![20, 80, 160],
        db: None,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut it = argv.iter();
    while let Some(f) = it.next() {
        let v = it.next().cloned().unwrap_or_default();
        match f.as_str() {
            "--bin" => a.bin = v,
            "--games" => a.games = v.parse().expect("--games N"),
            "--plies" => {
                a.plies = v
                    .split(',')
                    .map(|p| p.parse().expect("--plies N,N,..."))
                    .collect()
            }
            "--db" => a.db = Some(v),
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

/// A started server and its base URL.
fn start(bin: &str, db: &str) -> (std::process::Child, String) {
    let mut command = Command::new(bin);
    command.stderr(Stdio::null());
    let args = common::unlimited(db);
    let (server, port) = common::start_server(command, &args);
    (server, format!("http://127.0.0.1:{port}"))
}

/// Creates a game on a 10-minute clock: its id and seat tokens.
async fn create(c: &reqwest::Client, url: &str) -> (String, [String; 2]) {
    let g: Value = c
        .post(format!("{url}/api/challenge/open"))
        .form(&[
            ("variant", "omega"),
            ("clock.limit", "600"),
            ("clock.increment", "2"),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let t = |k: &str| g[k].as_str().unwrap().to_string();
    (t("id"), [t("tokenWhite"), t("tokenBlack")])
}

/// Plays up to `plies` random legal moves in game `id`; gives how many were played.
async fn play(
    c: reqwest::Client,
    url: String,
    id: String,
    tokens: [String; 2],
    plies: usize,
) -> usize {
    let mut rng = id
        .bytes()
        .fold(0x9e37_79b9_u64, |h, b| h.rotate_left(5) ^ u64::from(b))
        | 1;
    let mut moves: Vec<String> = Vec::new();
    while moves.len() < plies {
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let game = build_game("omega", None, &[], &refs).expect("the game replays");
        if game.status().is_over() {
            break;
        }
        let legal = game.position().legal_moves();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = legal.as_slice()[(rng % legal.len() as u64) as usize];
        let text = game.position().move_text(&m);
        let seat = moves.len() % 2;
        let r = c
            .post(format!(
                "{url}/api/board/game/{id}/move/{text}?ply={}",
                moves.len()
            ))
            .bearer_auth(&tokens[seat])
            .send()
            .await
            .unwrap();
        if !r.status().is_success() {
            break;
        }
        moves.push(text);
    }
    moves.len()
}

async fn pool(url: &str) -> AnyPool {
    AnyPoolOptions::new()
        .max_connections(2)
        .connect(url)
        .await
        .expect("the database opens")
}

async fn scalar(db: &AnyPool, sql: &str) -> i64 {
    sqlx::query(sql)
        .fetch_one(db)
        .await
        .unwrap()
        .try_get::<i64, _>(0)
        .unwrap()
}

/// Bytes of the database: SQLite's pages in use, or PostgreSQL's two relations.
async fn db_bytes(db: &AnyPool, pg: bool) -> i64 {
    if pg {
        scalar(
            db,
            "SELECT CAST(pg_total_relation_size('games') + pg_total_relation_size('events') AS BIGINT)",
        )
        .await
    } else {
        let pages = scalar(db, "SELECT page_count FROM pragma_page_count()").await;
        let free = scalar(db, "SELECT freelist_count FROM pragma_freelist_count()").await;
        (pages - free) * scalar(db, "SELECT page_size FROM pragma_page_size()").await
    }
}

async fn wal_lsn(db: &AnyPool) -> i64 {
    scalar(
        db,
        "SELECT CAST(pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS BIGINT)",
    )
    .await
}

/// One run: `games` games of up to `plies` plies.
async fn run(a: &Args, plies: usize, dir: &std::path::Path) {
    let (url, file) = match &a.db {
        Some(u) => (u.clone(), None),
        None => {
            let f = dir.join(format!("bytes-{plies}.sqlite"));
            for ext in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{ext}", f.display()));
            }
            (format!("sqlite://{}?mode=rwc", f.display()), Some(f))
        }
    };
    let pg = file.is_none();
    let (mut server, base) = start(&a.bin, &url);
    let c = reqwest::Client::new();
    let mut games = Vec::new();
    for _ in 0..a.games {
        games.push(create(&c, &base).await);
    }
    let db = pool(&url).await;
    let wal_file = file.as_ref().map(|f| format!("{}-wal", f.display()));
    let wal_size = || {
        wal_file
            .as_ref()
            .and_then(|w| std::fs::metadata(w).ok())
            .map_or(0, |m| m.len() as i64)
    };
    let (events0, bodies0) = (
        scalar(&db, "SELECT COUNT(*) FROM events").await,
        scalar(
            &db,
            "SELECT CAST(COALESCE(SUM(LENGTH(body)), 0) AS BIGINT) FROM events",
        )
        .await,
    );
    // The start: everything so far in the database file, the WAL emptied; then a read
    // transaction held open so that no checkpoint resets the WAL while the moves are played.
    let mut held = None;
    let (disk0, wal0) = if pg {
        sqlx::query("CHECKPOINT").execute(&db).await.unwrap();
        (db_bytes(&db, true).await, wal_lsn(&db).await)
    } else {
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&db)
            .await
            .unwrap();
        let d = db_bytes(&db, false).await;
        let mut conn = db.acquire().await.unwrap();
        sqlx::query("BEGIN").execute(&mut *conn).await.unwrap();
        sqlx::query("SELECT COUNT(*) FROM games")
            .execute(&mut *conn)
            .await
            .unwrap();
        held = Some(conn);
        (d, wal_size())
    };
    let tasks: Vec<_> = games
        .into_iter()
        .map(|(id, tokens)| tokio::spawn(play(c.clone(), base.clone(), id, tokens, plies)))
        .collect();
    let mut moves = 0;
    for t in tasks {
        moves += t.await.unwrap();
    }
    let wal = if pg {
        wal_lsn(&db).await - wal0
    } else {
        wal_size() - wal0
    };
    let _ = server.kill();
    let _ = server.wait();
    drop(held);
    let (events1, bodies1) = if pg {
        (
            scalar(&db, "SELECT COUNT(*) FROM events").await,
            scalar(
                &db,
                "SELECT CAST(COALESCE(SUM(LENGTH(body)), 0) AS BIGINT) FROM events",
            )
            .await,
        )
    } else {
        (0, 0)
    };
    db.close().await;
    let (events1, bodies1, disk1) = if pg {
        let db = pool(&url).await;
        sqlx::query("VACUUM").execute(&db).await.ok();
        let d = db_bytes(&db, true).await;
        db.close().await;
        (events1, bodies1, d)
    } else {
        // A fresh connection: the held read transaction ended with the pool.
        let db = pool(&url).await;
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&db)
            .await
            .unwrap();
        let r = (
            scalar(&db, "SELECT COUNT(*) FROM events").await,
            scalar(
                &db,
                "SELECT CAST(COALESCE(SUM(LENGTH(body)), 0) AS BIGINT) FROM events",
            )
            .await,
            db_bytes(&db, false).await,
        );
        db.close().await;
        r
    };
    let per = |b: i64| b as f64 / moves.max(1) as f64;
    println!(
        "{:>5} plies/game {:>5} moves | event text {:>6.0} B/move (mean event {:>4.0} B) | {} {:>6.0} B/move | WAL {:>6.0} B/move",
        plies,
        moves,
        per(bodies1 - bodies0),
        (bodies1 - bodies0) as f64 / (events1 - events0).max(1) as f64,
        if pg { "tables" } else { "file  " },
        per(disk1 - disk0),
        per(wal),
    );
}

#[tokio::main]
async fn main() {
    install_default_drivers();
    let a = args();
    let dir = std::env::temp_dir().join(format!("baroque-storage-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    println!(
        "{} on {}, {} games per run",
        a.bin,
        a.db.as_deref().map_or("SQLite", |_| "PostgreSQL"),
        a.games
    );
    for &p in &a.plies {
        run(&a, p, &dir).await;
    }
    let _ = std::fs::remove_dir_all(&dir);
}
