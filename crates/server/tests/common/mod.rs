//! A real `baroque-server` on 127.0.0.1 (a free port, its own SQLite file) and clients for it.

#![allow(dead_code)]

pub mod accounts;
pub mod ws;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;

/// The fields of a challenge whose creator plays White and mates in one: Omega, White's Bishop
/// on e2 mates with e2d3 (from the engine's rule tests).
pub const MATE_IN_ONE: [(&str, &str); 3] = [
    ("variant", "omega"),
    ("fen", "10/10/10/10/4K5/10/10/4B5/10/10[k/-/-/-] w - - 0 1"),
    ("color", "white"),
];

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A fresh SQLite file path for one test.
pub fn fresh_db() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "baroque-server-test-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.sqlite")
}

/// A running server.
pub struct Server {
    child: Child,
    /// Its base URL, `http://localhost:PORT` (no slash).
    pub url: String,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Starts the server on `db` with `args`.
    pub fn start(db: &std::path::Path, args: &[&str]) -> Server {
        Server::start_url(&format!("sqlite://{}", db.display()), args)
    }

    /// Starts the server on the database at `url` with `args`.
    pub fn start_url(url: &str, args: &[&str]) -> Server {
        Server::ready(Server::spawn(url, args))
    }

    /// Starts the server's process on `url` with `args` without waiting for it
    /// ([`Server::ready`] does).
    pub fn spawn(url: &str, args: &[&str]) -> Child {
        Command::new(env!("CARGO_BIN_EXE_baroque-server"))
            .args(["--port", "0", "--db", url])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("server starts")
    }

    /// The server `child` once it printed its URL.
    pub fn ready(mut child: Child) -> Server {
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().trim_end_matches('/').to_string();
        assert!(url.starts_with("http://localhost:"), "first line: {line:?}");
        let port = url.rsplit(':').next().unwrap().to_string();
        Server {
            child,
            url: format!("http://127.0.0.1:{port}"),
            addr: format!("127.0.0.1:{port}"),
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// kill -9.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP client.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
}

/// Asks for a challenge with form `fields`, whatever the answer.
pub async fn try_open(
    c: &reqwest::Client,
    url: &str,
    fields: &[(&str, &str)],
) -> reqwest::Response {
    c.post(format!("{url}/api/challenge/open"))
        .form(fields)
        .send()
        .await
        .unwrap()
}

/// Opens a challenge with form `fields`.
pub async fn open(c: &reqwest::Client, url: &str, fields: &[(&str, &str)]) -> Value {
    let r = try_open(c, url, fields).await;
    assert_eq!(r.status(), 200, "challenge {fields:?}");
    r.json().await.unwrap()
}

/// An Omega game on a 10-minute clock with each side's first move played (e1e4 e8e5), White's
/// clock running: its id and seat tokens (white, black).
pub async fn game_under_way(c: &reqwest::Client, url: &str) -> (String, [String; 2]) {
    let g = open(c, url, &[("variant", "omega"), ("clock.limit", "600")]).await;
    let (id, [w, b]) = seats(&g);
    play(c, url, &id, &[("e1e4", &w), ("e8e5", &b)]).await;
    (id, [w, b])
}

/// GETs `path` with `token` if given, giving the JSON answer.
pub async fn get(c: &reqwest::Client, url: &str, path: &str, token: Option<&str>) -> Value {
    let mut r = c.get(format!("{url}{path}"));
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    r.send().await.unwrap().json().await.unwrap()
}

/// The seat of `token` (`GET /api/board/seat`): its game and colour.
pub async fn seat(c: &reqwest::Client, url: &str, token: &str) -> Value {
    get(c, url, "/api/board/seat", Some(token)).await
}

/// The path of `action` (`move/e1e4`, `resign`, …) in game `id`'s board API.
pub fn board(id: &str, action: &str) -> String {
    format!("/api/board/game/{id}/{action}")
}

/// Plays `moves` in game `id`, each with its seat's token: every one is taken (200).
pub async fn play(c: &reqwest::Client, url: &str, id: &str, moves: &[(&str, &str)]) {
    for (m, t) in moves {
        let (code, body) = post(c, url, &board(id, &format!("move/{m}")), Some(t)).await;
        assert_eq!(code, 200, "{m}: {body}");
    }
}

/// Game `id` as JSON, as anyone sees it (`GET /api/game/ID`, no token).
pub async fn game(c: &reqwest::Client, url: &str, id: &str) -> Value {
    get(c, url, &format!("/api/game/{id}"), None).await
}

/// The one-time code of an invite link (`…#invite=CODE`).
pub fn invite_code(link: &Value) -> String {
    let l = link.as_str().unwrap();
    l.split_once("#invite=")
        .expect("an invite link")
        .1
        .to_string()
}

/// Redeems an invitation (`body`, `{"invite": CODE}`) for game `id`: the status and the JSON answer.
pub async fn join(c: &reqwest::Client, url: &str, id: &str, body: &Value) -> (u16, Value) {
    let r = c
        .post(format!("{url}/api/board/game/{id}/join"))
        .json(body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// POSTs `path` with `token`, giving the status and the JSON answer.
pub async fn post(c: &reqwest::Client, url: &str, path: &str, token: Option<&str>) -> (u16, Value) {
    let mut r = c.post(format!("{url}{path}"));
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A game's token of `color`.
pub fn token(game: &Value, color: &str) -> String {
    let key = if color == "white" {
        "tokenWhite"
    } else {
        "tokenBlack"
    };
    game[key].as_str().unwrap().to_string()
}

/// A challenge's id and its seat tokens (white, black).
pub fn seats(game: &Value) -> (String, [String; 2]) {
    let id = game["id"].as_str().unwrap().to_string();
    (id, [token(game, "white"), token(game, "black")])
}

/// An NDJSON stream's lines.
pub struct Lines {
    resp: reqwest::Response,
    buf: Vec<u8>,
}

impl Lines {
    /// Opens `path` with `token`.
    pub async fn open(c: &reqwest::Client, url: &str, path: &str, token: Option<&str>) -> Lines {
        let mut r = reqwest::Client::new().get(format!("{url}{path}"));
        let _ = c;
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        let resp = r.send().await.unwrap();
        assert_eq!(resp.status(), 200);
        Lines {
            resp,
            buf: Vec::new(),
        }
    }

    /// Game `id`'s stream for the seat of `token`.
    pub async fn player(c: &reqwest::Client, url: &str, id: &str, token: &str) -> Lines {
        Lines::open(c, url, &format!("/api/board/game/stream/{id}"), Some(token)).await
    }

    /// Game `id`'s stream for a spectator.
    pub async fn spectator(c: &reqwest::Client, url: &str, id: &str) -> Lines {
        Lines::open(c, url, &format!("/api/stream/game/{id}"), None).await
    }

    /// The next non-empty line as JSON (panics after 10 s).
    pub async fn next(&mut self) -> Value {
        tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                if let Some(i) = self.buf.iter().position(|b| *b == b'\n') {
                    let line: Vec<u8> = self.buf.drain(..=i).collect();
                    let text = String::from_utf8(line).unwrap();
                    if !text.trim().is_empty() {
                        return serde_json::from_str(text.trim()).unwrap();
                    }
                    continue;
                }
                let chunk = self.resp.chunk().await.unwrap().expect("stream ended");
                self.buf.extend_from_slice(&chunk);
            }
        })
        .await
        .expect("a line within 10 s")
    }

    /// The next line whose `status` or `moves` satisfies `want`.
    pub async fn until(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            let state = if v["type"] == "gameFull" {
                v["state"].clone()
            } else {
                v
            };
            if want(&state) {
                return state;
            }
        }
    }
}

/// POSTs form `fields` to `path` with `token`, giving the status and the JSON answer.
pub async fn post_form(
    url: &str,
    path: &str,
    token: &str,
    fields: &[(&str, &str)],
) -> (u16, Value) {
    let r = client()
        .post(format!("{url}{path}"))
        .bearer_auth(token)
        .form(fields)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

impl Lines {
    /// The next line whose `type` is `kind` (other lines are skipped).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
        }
    }
}
