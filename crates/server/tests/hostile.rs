//! The hostile-input run of issue 33, each attack rerun against a real `baroque-server` on
//! 127.0.0.1 at a smaller volume: a disk that fills and frees under the SQLite file, a socket
//! flooding draw offers, spectators that never read a long replay, one address holding many
//! connections and half-sent request lines, games created in bulk, plain-text errors, a
//! DNS-rebinding page and a cross-site form. Every wait is bounded.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::ws;
use common::{board, client, fresh_db, open, post, token, try_open, Lines, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

/// The plies of an Omega game with no capture and no repetition: each pawn, file by file,
/// steps up to the middle of the board (White from rank 1 to 4, Black from rank 8 to 5).
fn pawn_plies() -> Vec<String> {
    let mut plies = Vec::new();
    for file in "abcdefghij".chars() {
        for step in 0..3 {
            plies.push(format!("{file}{}{file}{}", 1 + step, 2 + step));
            plies.push(format!("{file}{}{file}{}", 8 - step, 7 - step));
        }
    }
    plies
}

/// A tmpfs of `kib` KiB mounted on a fresh folder, unmounted when dropped; `None` when this
/// process may not mount (not root).
struct SmallDisk {
    dir: PathBuf,
}

impl SmallDisk {
    fn mount(kib: usize) -> Option<SmallDisk> {
        let dir = fresh_db().parent().unwrap().join("small-disk");
        std::fs::create_dir_all(&dir).unwrap();
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(SmallDisk { dir })
    }

    /// Fills the disk with a ballast file until it refuses; gives the bytes written.
    fn fill(&self) -> usize {
        let mut f = std::fs::File::create(self.dir.join("ballast")).unwrap();
        let chunk = vec![7u8; 4096];
        let mut n = 0;
        while f.write_all(&chunk).and_then(|_| f.flush()).is_ok() {
            n += chunk.len();
        }
        // The last partial page too.
        while f.write_all(&[7u8]).is_ok() {
            n += 1;
        }
        n
    }

    fn free(&self) {
        std::fs::remove_file(self.dir.join("ballast")).unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.dir)
            .status();
    }
}

/// The moves of game `id` as stored, read through a spectator stream.
async fn stored_moves(s: &Server, id: &str) -> String {
    let mut st = Lines::spectator(&client(), &s.url, id).await;
    st.next().await["state"]["moves"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_disk_that_fills_and_frees_loses_no_acknowledged_move() {
    // 4 MiB: the ballast freed must outlast the WAL's growth over the moves after it (with the
    // heartbeat's write every second, a 1 MiB disk filled again after ~23 moves).
    let Some(disk) = SmallDisk::mount(4096) else {
        eprintln!("skipped: mounting a small filesystem needs root");
        return;
    };
    let db = disk.dir.join("games.sqlite");
    let url = format!("sqlite://{}", db.display());
    let mut s = Server::start_url(&url, &["--rate", "0"]);
    let c = client();
    let plies = pawn_plies();
    let mut games = Vec::new();
    for _ in 0..3 {
        let g = open(&c, &s.url, &[("variant", "omega")]).await;
        games.push((
            g["id"].as_str().unwrap().to_string(),
            [token(&g, "white"), token(&g, "black")],
            0usize,
        ));
    }
    // Plays the next ply of game `i`; gives the answer's status (the ply moves on only on 200).
    async fn play(
        c: &reqwest::Client,
        s: &Server,
        plies: &[String],
        g: &mut (String, [String; 2], usize),
    ) -> u16 {
        let (id, tokens, at) = g;
        let path = format!("/api/board/game/{id}/move/{}?ply={at}", plies[*at]);
        let (code, _) = post(c, &s.url, &path, Some(&tokens[*at % 2])).await;
        if code == 200 {
            *at += 1;
        }
        code
    }
    for g in games.iter_mut() {
        for _ in 0..4 {
            assert_eq!(play(&c, &s, &plies, g).await, 200);
        }
    }
    disk.fill();
    // The disk refuses: moves are refused (as errors), several times over.
    let mut refused = 0;
    for round in 0..60 {
        let g = &mut games[round % 3];
        if g.2 + 1 >= plies.len() {
            break;
        }
        if play(&c, &s, &plies, g).await != 200 {
            refused += 1;
        }
        if refused >= 8 {
            break;
        }
    }
    assert!(refused >= 8, "the full disk refused only {refused} moves");
    disk.free();
    // Space again: moves are taken at once, and each one answered OK is stored.
    let started = Instant::now();
    let mut accepted = 0;
    for round in 0..30 {
        let g = &mut games[round % 3];
        if g.2 >= plies.len() {
            continue;
        }
        if play(&c, &s, &plies, g).await == 200 {
            accepted += 1;
        }
    }
    assert!(
        accepted >= 25,
        "after the disk was freed only {accepted} of 30 moves were taken"
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the server was slow after the disk was freed: {:?}",
        started.elapsed()
    );
    s.kill();
    let s = Server::start_url(&url, &["--rate", "0"]);
    for (id, _, at) in &games {
        assert_eq!(
            stored_moves(&s, id).await,
            plies[..*at].join(" "),
            "game {id}: every move answered OK is stored"
        );
    }
}

#[test]
fn a_file_that_is_not_a_database_is_named_at_start() {
    let file = fresh_db();
    std::fs::write(&file, "these are notes, not a database\n".repeat(40)).unwrap();
    let started = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baroque-server"))
        .args(["--port", "0", "--db"])
        .arg(format!("sqlite://{}", file.display()))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("not a database") && err.contains(&*file.to_string_lossy()),
        "{err}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
}

fn text(v: serde_json::Value) -> Message {
    Message::Text(v.to_string().into())
}

/// How many events the database at `db` holds.
async fn events_stored(db: &std::path::Path) -> i64 {
    let store = baroque_server::store::Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    store.counts().await.unwrap().1
}

#[tokio::test]
async fn a_socket_flooding_offers_is_limited_stores_little_and_is_closed() {
    let db = fresh_db();
    let s = Server::start(&db, &[]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega")]).await;
    let id = g["id"].as_str().unwrap();
    let mut ws = ws::connect(&s, id).await;
    ws::send(
        &mut ws,
        json!({ "t": "hello", "token": token(&g, "white"), "since": 0 }),
    )
    .await;
    let before = events_stored(&db).await;
    // Offer and take back a draw as fast as the socket takes it, for 3 s, reading meanwhile.
    let (mut tx, mut rx) = ws.split();
    let reader = tokio::spawn(async move {
        let (mut limited, mut closed) = (0, false);
        while let Ok(Some(m)) = tokio::time::timeout(Duration::from_secs(8), rx.next()).await {
            match m {
                Ok(Message::Text(t)) => {
                    let v: serde_json::Value = serde_json::from_str(&t).unwrap();
                    if v["code"] == "rate-limited" {
                        limited += 1;
                    }
                }
                Ok(Message::Close(_)) | Err(_) => {
                    closed = true;
                    break;
                }
                Ok(_) => {}
            }
        }
        (limited, closed)
    });
    let started = Instant::now();
    let mut sent = 0;
    while started.elapsed() < Duration::from_secs(3) {
        let yes = sent % 2 == 0;
        if tx
            .send(text(json!({ "t": "draw", "yes": yes })))
            .await
            .is_err()
        {
            break;
        }
        sent += 1;
    }
    let (limited, closed) = reader.await.unwrap();
    let stored = events_stored(&db).await - before;
    eprintln!(
        "flood: {sent} messages sent, {stored} events stored, {limited} rate-limited answers"
    );
    assert!(limited >= 1, "the socket was told it is rate-limited");
    assert!(closed, "the flooding socket was closed");
    assert!(
        stored <= 12,
        "{stored} events stored from one socket in 3 s"
    );
    // The game goes on: a player's move is taken (after the address's bucket refills).
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (code, body) = post(
        &c,
        &s.url,
        &board(id, "move/e1e4"),
        Some(&token(&g, "white")),
    )
    .await;
    assert_eq!(code, 200, "{body}");
}

/// The resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A database at `db` holding one game (made on a server, then copied) with a stored history of
/// up to `plies` random legal moves, one event each (deltas, as the server stores them: its
/// replayed lines grow with the moves, to several KB); gives the game's id and its events.
async fn long_history(db: &std::path::Path, plies: usize) -> (String, i64) {
    let made = fresh_db();
    let id = {
        let s = Server::start(&made, &["--rate", "0"]);
        let g = open(&client(), &s.url, &[("variant", "omega")]).await;
        g["id"].as_str().unwrap().to_string()
    };
    let from = baroque_server::store::Store::open(&format!("sqlite://{}", made.display()))
        .await
        .unwrap();
    let mut rec = from.games_after("", 1).await.unwrap().remove(0);
    let to = baroque_server::store::Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let mut game = baroque_engine::setup::build_game("omega", None, &[], &[]).unwrap();
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut all = vec![(id.clone(), 1, json!({"at": 1, "w": 0, "b": 0}).to_string())];
    while all.len() <= plies && !game.status().is_over() {
        let legal = game.position().legal_moves();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = legal.as_slice()[(rng % legal.len() as u64) as usize];
        let text = game.position().move_text(&m);
        game.play(&m);
        let seq = all.len() as i64 + 1;
        all.push((
            id.clone(),
            seq,
            json!({"m": text, "at": seq, "w": 0, "b": 0}).to_string(),
        ));
    }
    rec.seq = all.len() as i64;
    to.import(&[rec], &all).await.unwrap();
    (id, all.len() as i64)
}

#[tokio::test]
async fn spectators_that_never_read_a_long_replay_hold_little_memory() {
    let db = fresh_db();
    // A game of up to 1,000 plies: its replayed lines grow to several KB, megabytes in all.
    let (id, events) = long_history(&db, 1_000).await;
    assert!(events > 500, "a long history: {events} events");
    let s = Server::start(&db, &["--rate", "0"]);
    let c = client();
    let other = open(&c, &s.url, &[("variant", "omega")]).await;
    let base = rss_kib(s.pid());
    // 40 spectators ask for the whole history and never read (small receive buffers, so the
    // kernel does not read for them).
    let mut sockets = Vec::new();
    for _ in 0..40 {
        let sock = tokio::net::TcpSocket::new_v4().unwrap();
        sock.set_recv_buffer_size(16 * 1024).unwrap();
        let stream = sock.connect(s.addr.parse().unwrap()).await.unwrap();
        let url = format!("ws://{}/ws/game/{id}", s.addr);
        let (mut ws, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
        ws.send(text(json!({ "t": "hello", "since": 0 })))
            .await
            .unwrap();
        sockets.push(ws);
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let held = rss_kib(s.pid());
    // Another game's player is answered meanwhile.
    let started = Instant::now();
    let (code, body) = post(
        &c,
        &s.url,
        &format!(
            "/api/board/game/{}/move/e1e4",
            other["id"].as_str().unwrap()
        ),
        Some(&token(&other, "white")),
    )
    .await;
    assert_eq!(code, 200, "{body}");
    assert!(started.elapsed() < Duration::from_secs(2));
    let grown_mb = held.saturating_sub(base) / 1024;
    eprintln!(
        "40 stalled spectators of a {events}-event history: {base} KiB -> {held} KiB (+{grown_mb} MB)"
    );
    assert!(grown_mb < 64, "the server grew by {grown_mb} MB");
    // A socket whose message could not go out for 15 s was let go (it would reconnect and be
    // sent the rest): what it had buffered, then the end.
    tokio::time::sleep(Duration::from_secs(14)).await;
    let mut ws = sockets.pop().unwrap();
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(Ok(m)) = ws.next().await {
            if let Message::Close(_) = m {
                break;
            }
        }
    })
    .await;
    assert!(
        ended.is_ok(),
        "a spectator that did not read was not let go"
    );
}

/// A connection to the server `s` from the loopback address `from` (blocking; made on a thread
/// of its own, so that async tests may use it too).
fn socket_from(s: &Server, from: &str) -> TcpStream {
    let (to, from) = (s.addr.clone(), from.to_string());
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let stream = rt.block_on(async {
            let sock = tokio::net::TcpSocket::new_v4().unwrap();
            sock.bind(format!("{from}:0").parse().unwrap()).unwrap();
            sock.connect(to.parse().unwrap()).await.unwrap()
        });
        let stream = stream.into_std().unwrap();
        stream.set_nonblocking(false).unwrap();
        stream
    })
    .join()
    .unwrap()
}

/// Sends `request` on a new connection from `from` and reads the answer until the server
/// closes or 5 s pass; gives the status and body.
fn ask_from(s: &Server, from: &str, request: &str) -> (u16, String) {
    let mut stream = socket_from(s, from);
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).to_string();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

const CHALLENGE: &str = "POST /api/challenge/open HTTP/1.1\r\nHost: 127.0.0.1\r\n\
content-type: application/x-www-form-urlencoded\r\ncontent-length: 13\r\n\
connection: close\r\n\r\nvariant=omega";

#[test]
fn one_address_cannot_take_every_connection() {
    let s = Server::start(&fresh_db(), &["--max-conns-per-ip", "8", "--rate", "0"]);
    // Eight idle connections from one address: its share.
    let idle: Vec<TcpStream> = (0..8).map(|_| socket_from(&s, "127.0.0.1")).collect();
    std::thread::sleep(Duration::from_millis(300));
    let (status, body) = ask_from(&s, "127.0.0.1", CHALLENGE);
    assert_eq!(status, 429, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["code"], "too-many-connections");
    // Another address is served meanwhile.
    let (status, body) = ask_from(&s, "127.0.0.2", CHALLENGE);
    assert_eq!(status, 200, "{body}");
    // Its connections closed, the first address is served again.
    drop(idle);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(ask_from(&s, "127.0.0.1", CHALLENGE).0, 200);
}

#[test]
fn half_sent_request_lines_and_idle_connections_are_bounded() {
    let s = Server::start(
        &fresh_db(),
        &[
            "--header-timeout-secs",
            "2",
            "--idle-timeout-secs",
            "3",
            "--rate",
            "0",
        ],
    );
    let base = rss_kib(s.pid());
    // 40 connections each send all but the end of a 1 MiB request line.
    let line = format!("GET /?m={}", "a".repeat(1024 * 1024 - 100));
    let started = Instant::now();
    let mut half: Vec<TcpStream> = (0..40)
        .map(|_| {
            let mut c = socket_from(&s, "127.0.0.1");
            c.write_all(line.as_bytes()).unwrap();
            c
        })
        .collect();
    let idle = socket_from(&s, "127.0.0.1");
    std::thread::sleep(Duration::from_millis(1000));
    let grown_mb = rss_kib(s.pid()).saturating_sub(base) / 1024;
    eprintln!("40 half-sent 1 MiB request lines: +{grown_mb} MB");
    assert!(grown_mb < 16, "the server grew by {grown_mb} MB");
    // Each is closed once its time is up (2 s for a request, 3 s quiet).
    for c in half.iter_mut().chain([idle].iter_mut()) {
        c.set_read_timeout(Some(Duration::from_secs(6))).unwrap();
        let mut buf = [0u8; 64];
        let end = c.read(&mut buf);
        assert!(
            matches!(end, Ok(0))
                || end
                    .as_ref()
                    .is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset),
            "still open: {end:?}"
        );
    }
    let took = started.elapsed();
    assert!(took < Duration::from_secs(6), "closed after {took:?}");
    // A whole request is still answered.
    assert_eq!(ask_from(&s, "127.0.0.1", CHALLENGE).0, 200);
}

/// Sends `request` from 127.0.0.1 and reads the answer's head and as much of its body as
/// comes within 2 s: gives the status, the head and the body.
fn answer(s: &Server, request: &str) -> (u16, String, String) {
    let mut c = socket_from(s, "127.0.0.1");
    c.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    c.write_all(request.as_bytes()).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = c.read(&mut buf) {
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&got);
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().to_string())
                })
                .and_then(|v| v.parse::<usize>().ok());
            if head.contains(" 101 ") || length.is_some_and(|n| body.len() >= n) {
                break;
            }
        }
    }
    let text = String::from_utf8_lossy(&got).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, head.to_string(), body.to_string())
}

#[tokio::test]
async fn games_created_in_bulk_from_one_address_are_limited() {
    let s = Server::start(&fresh_db(), &[]);
    let c = client();
    let mut codes = Vec::new();
    for _ in 0..40 {
        let r = try_open(&c, &s.url, &[("variant", "omega")]).await;
        codes.push(r.status().as_u16());
        if r.status() == 429 {
            let v: serde_json::Value = r.json().await.unwrap();
            assert_eq!(v["code"], "rate-limited");
        }
    }
    assert_eq!(codes.iter().filter(|&&c| c == 200).count(), 30, "{codes:?}");
    assert_eq!(codes[30..], [429; 10]);
    // Another address has its own.
    let other = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap();
    let r = try_open(&other, &s.url, &[("variant", "omega")]).await;
    assert_eq!(r.status(), 200);
}

#[test]
fn every_error_of_the_api_is_json() {
    let s = Server::start(&fresh_db(), &["--rate", "0"]);
    let big = "a".repeat(20_000);
    let cases = [
        (
            format!(
                "POST /api/challenge/open HTTP/1.1\r\nHost: x\r\ncontent-type: \
                 application/x-www-form-urlencoded\r\ncontent-length: {}\r\nconnection: close\
                 \r\n\r\n{big}",
                big.len()
            ),
            413,
            "too-large",
        ),
        (
            "GET /api/challenge/open HTTP/1.1\r\nHost: x\r\nconnection: close\r\n\r\n".into(),
            405,
            "method-not-allowed",
        ),
        (
            "POST /api/board/game/%FF%FE/resign HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \
             abc\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                .into(),
            400,
            "bad-request",
        ),
        (
            "GET /ws/game/abc HTTP/1.1\r\nHost: x\r\nconnection: close\r\n\r\n".into(),
            400,
            "bad-request",
        ),
        (
            "GET /api/nothing-here HTTP/1.1\r\nHost: x\r\nconnection: close\r\n\r\n".into(),
            404,
            "not-found",
        ),
    ];
    for (request, status, code) in cases {
        let (got, head, body) = answer(&s, &request);
        let first = request.lines().next().unwrap().to_string();
        assert_eq!(got, status, "{first}: {head}\n{body}");
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{first}: {head}"
        );
        let v: serde_json::Value = serde_json::from_str(&body).expect(&body);
        assert_eq!(v["code"], code, "{first}: {body}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{body}");
    }
}

#[tokio::test]
async fn a_rebound_name_and_a_cross_site_form_are_refused() {
    let s = Server::start(&fresh_db(), &["--rate", "0", "--allow-host", "play.test"]);
    let c = client();
    let g = open(&c, &s.url, &[("variant", "omega")]).await;
    let id = g["id"].as_str().unwrap();
    let port = s.addr.rsplit(':').next().unwrap().to_string();
    let handshake = |host: &str, origin: &str| {
        format!(
            "GET /ws/game/{id} HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n\
             Upgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
    };
    // A page of evil.example whose name now points at this server: same-origin to the browser.
    let evil = format!("evil.example:{port}");
    let (status, _, body) = answer(&s, &handshake(&evil, &format!("http://{evil}")));
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("bad-host"), "{body}");
    // The server's own page, by address or by an allowed name, gets in.
    let own = format!("127.0.0.1:{port}");
    assert_eq!(
        answer(&s, &handshake(&own, &format!("http://{own}"))).0,
        101
    );
    let named = format!("play.test:{port}");
    assert_eq!(
        answer(&s, &handshake(&named, &format!("http://{named}"))).0,
        101
    );
    // A form of another site posted at the server creates no game.
    let form = |extra: &str| {
        format!(
            "POST /api/challenge/open HTTP/1.1\r\nHost: {own}\r\n{extra}content-type: \
             application/x-www-form-urlencoded\r\ncontent-length: 13\r\nconnection: close\r\n\
             \r\nvariant=omega"
        )
    };
    let (status, _, body) = answer(&s, &form("Origin: http://evil.example\r\n"));
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("bad-origin"), "{body}");
    assert_eq!(answer(&s, &form("Sec-Fetch-Site: cross-site\r\n")).0, 403);
    let rebound = format!(
        "POST /api/challenge/open HTTP/1.1\r\nHost: {evil}\r\nOrigin: http://{evil}\r\n\
         content-type: application/x-www-form-urlencoded\r\ncontent-length: 13\r\n\
         connection: close\r\n\r\nvariant=omega"
    );
    assert_eq!(answer(&s, &rebound).0, 403);
    // The page itself, and curl (no Origin), still create games.
    assert_eq!(
        answer(&s, &form(&format!("Origin: http://{own}\r\n"))).0,
        200
    );
    assert_eq!(answer(&s, &form("")).0, 200);
}
