//! A real `baroque-server` on 127.0.0.1 (a free port, its own SQLite file) and clients for it.

#![allow(dead_code)]

pub mod ws;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;

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

/// Opens a challenge with form `fields`.
pub async fn open(c: &reqwest::Client, url: &str, fields: &[(&str, &str)]) -> Value {
    let r = c
        .post(format!("{url}/api/challenge/open"))
        .form(fields)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "challenge {fields:?}");
    r.json().await.unwrap()
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
