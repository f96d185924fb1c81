//! `baroque bot` against a real `baroque-server` run in this test process on 127.0.0.1.

use std::io::BufRead;
use std::process::Command;

use serde_json::Value;

mod common;

use common::{mate_challenge, MATE_IN_ONE};

/// A server on a database of its own: the tests run at once in one process, so each call gets
/// its own folder (one folder per process let one test delete the other's database).
fn server() -> String {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let db = std::env::temp_dir().join(format!("baroque-bot-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&db);
    let config = baroque_server::config::Config {
        port: 0,
        db: format!("sqlite://{}/games.sqlite", db.display()),
        ..Default::default()
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let (addr, task) = baroque_server::start(config).await.unwrap();
            tx.send(addr).unwrap();
            let _ = task.await;
        });
    });
    let addr = rx.recv().unwrap();
    format!("http://{addr}")
}

fn bot(url: &str, token: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args(["bot", "--server", url, "--token", token, "--level", "2"])
        .output()
        .unwrap()
}

#[test]
fn the_bot_plays_its_seat_to_the_end() {
    let url = server();
    let game: Value = ureq::post(&format!("{url}/api/challenge/open"))
        .send_form(&[
            ("variant", "omega"),
            ("fen", MATE_IN_ONE),
            ("color", "white"),
        ])
        .unwrap()
        .into_json()
        .unwrap();
    let black = game["tokenBlack"].as_str().unwrap().to_string();
    let waiting = {
        let url = url.clone();
        std::thread::spawn(move || bot(&url, &black))
    };
    let out = bot(&url, game["tokenWhite"].as_str().unwrap());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("bot: playing white in game"), "{text}");
    assert!(text.contains("bot: e2d3"), "{text}");
    assert!(
        text.ends_with("bot: game over: mate, winner white\n"),
        "{text}"
    );
    let other = waiting.join().unwrap();
    let text = String::from_utf8_lossy(&other.stdout);
    assert!(
        text.contains("playing black") && text.contains("winner white"),
        "{text}"
    );
    // A token that holds no seat: one error line, status 2.
    let bad = bot(&url, "0123456789abcdef0123456789abcdef");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("401"));
}

/// Signs `name` up on `url` and makes it an API token.
fn account_token(url: &str, name: &str) -> String {
    let r = ureq::post(&format!("{url}/signup"))
        .set("Origin", url)
        .set("Accept", "application/json")
        .send_form(&[("username", name), ("password", "correct horse battery")])
        .unwrap();
    let cookie = r
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let t: Value = ureq::post(&format!("{url}/api/token"))
        .set("Origin", url)
        .set("Cookie", &cookie)
        .set("Accept", "application/json")
        .call()
        .unwrap()
        .into_json()
        .unwrap();
    t["token"].as_str().unwrap().to_string()
}

/// A TCP relay to `target` whose connections can all be cut at once (a network drop).
struct Relay {
    port: u16,
    open: std::sync::Arc<std::sync::Mutex<Vec<std::net::TcpStream>>>,
}

impl Relay {
    fn start(target: &str) -> Relay {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let open = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let target = target.trim_start_matches("http://").to_string();
        let held = std::sync::Arc::clone(&open);
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                let Ok(server) = std::net::TcpStream::connect(&target) else {
                    continue;
                };
                let mut held = held.lock().unwrap();
                held.push(client.try_clone().unwrap());
                held.push(server.try_clone().unwrap());
                for (mut from, mut to) in [
                    (client.try_clone().unwrap(), server.try_clone().unwrap()),
                    (server, client),
                ] {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(std::net::Shutdown::Both);
                    });
                }
            }
        });
        Relay { port, open }
    }

    /// Cuts every connection made so far.
    fn cut(&self) {
        for s in self.open.lock().unwrap().drain(..) {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }
}

/// The lines `child` prints on its piped standard output, as they come (read by a thread).
fn lines_of(child: &mut std::process::Child) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    rx
}

/// `name`'s challenge to `bot` of the mate-in-one position, the bot White: its id.
fn challenge(url: &str, token: &str, bot: &str) -> String {
    mate_challenge(url, bot, Some(token))["id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn the_bot_account_accepts_plays_at_once_reconnects_and_stops_on_sigterm() {
    use std::time::{Duration, Instant};
    let url = server();
    let human = account_token(&url, "human");
    let other = account_token(&url, "other");
    let bot_token = account_token(&url, "housebot");
    let relay = Relay::start(&url);
    let mut child = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args([
            "bot",
            "--server",
            &format!("http://127.0.0.1:{}", relay.port),
        ])
        .args([
            "--token",
            &bot_token,
            "--upgrade",
            "--level",
            "2",
            "--games",
            "omega",
        ])
        .args(["--concurrency", "3"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let rx = lines_of(&mut child);
    let mut seen = Vec::new();
    let mut wait_for = |want: &dyn Fn(&str) -> bool, n: usize| {
        let until = Instant::now() + Duration::from_secs(30);
        while seen.iter().filter(|l: &&String| want(l)).count() < n {
            let left = until.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(l) => seen.push(l),
                Err(_) => panic!("waited for a line; saw {seen:#?}"),
            }
        }
    };
    wait_for(&|l| l.contains("online at level 2"), 1);
    // Two challenges at once: both accepted and won by the engine's mate.
    let a = challenge(&url, &human, "housebot");
    let b = challenge(&url, &other, "housebot");
    wait_for(&|l| l.contains("mate, winner white"), 2);
    wait_for(
        &|l| l.contains(&format!("accepted human's challenge {a}")),
        1,
    );
    wait_for(
        &|l| l.contains(&format!("accepted other's challenge {b}")),
        1,
    );
    // A game it does not play is declined with lichess's reason.
    ureq::post(&format!("{url}/api/challenge/housebot"))
        .set("Authorization", &format!("Bearer {human}"))
        .send_form(&[("variant", "ultima")])
        .unwrap();
    wait_for(&|l| l.contains("declined") && l.contains("(variant)"), 1);
    // The network drops: the bot connects again and goes on accepting.
    relay.cut();
    wait_for(&|l| l.contains("event stream ended; connecting again"), 1);
    std::thread::sleep(Duration::from_millis(1500));
    challenge(&url, &human, "housebot");
    wait_for(&|l| l.contains("mate, winner white"), 3);
    // SIGTERM: it stops at once, cleanly.
    let stopped = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    wait_for(&|l| l.contains("bot: stopped"), 1);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}

/// A guest's lobby socket (`/ws/lobby`) that keeps the open seeks of one player as its
/// messages tell them (`hello`, `added`, `removed`).
struct Lobby {
    ws: tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
    of: String,
    /// That player's open seeks: id and game.
    seeks: Vec<(String, String)>,
    /// Every message read and not yet asked for.
    others: Vec<Value>,
}

impl Lobby {
    fn open(url: &str, of: &str) -> Lobby {
        let (ws, _) =
            tungstenite::connect(format!("{}/ws/lobby", url.replacen("http", "ws", 1))).unwrap();
        if let tungstenite::stream::MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(std::time::Duration::from_millis(200)))
                .unwrap();
        }
        Lobby {
            ws,
            of: of.to_string(),
            seeks: Vec::new(),
            others: Vec::new(),
        }
    }

    fn note(&mut self, seek: &Value) {
        if seek["username"] == self.of.as_str() {
            let (id, game) = (&seek["id"], &seek["variant"]);
            self.seeks.push((
                id.as_str().unwrap().to_string(),
                game.as_str().unwrap().to_string(),
            ));
        }
    }

    /// Reads one message, if one comes within 200 ms.
    fn read_one(&mut self) {
        let text = match self.ws.read() {
            Ok(tungstenite::Message::Text(t)) => t.to_string(),
            Ok(_) => return,
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return
            }
            Err(e) => panic!("the lobby socket: {e}"),
        };
        let v: Value = serde_json::from_str(&text).unwrap();
        // A tick's news comes as one `batch` when there is more than one message.
        if v["t"] == "batch" {
            for m in v["m"].as_array().unwrap() {
                self.take(m.clone());
            }
        } else {
            self.take(v);
        }
    }

    /// Applies one lobby message to the open seeks.
    fn take(&mut self, v: Value) {
        match v["t"].as_str() {
            Some("hello") => {
                for seek in v["seeks"].as_array().unwrap() {
                    self.note(seek);
                }
            }
            Some("added") => self.note(&v["seek"]),
            Some("removed") => self.seeks.retain(|(id, _)| v["id"] != id.as_str()),
            _ => {}
        }
        self.others.push(v);
    }

    /// Reads messages until `done` holds of the open seeks (30 s at most).
    fn until(&mut self, what: &str, done: impl Fn(&[(String, String)]) -> bool) {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !done(&self.seeks) {
            assert!(
                std::time::Instant::now() < until,
                "waited for {what}; seeks {:?}",
                self.seeks
            );
            self.read_one();
        }
    }

    fn send(&mut self, v: Value) {
        self.ws
            .send(tungstenite::Message::Text(v.to_string().into()))
            .unwrap();
    }

    /// The next message of kind `t` (10 s at most).
    fn next_of(&mut self, t: &str) -> Value {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            if let Some(i) = self.others.iter().position(|v| v["t"] == t) {
                return self.others.remove(i);
            }
            assert!(
                std::time::Instant::now() < until,
                "no {t}: {:?}",
                self.others
            );
            self.read_one();
        }
    }
}

fn games(seeks: &[(String, String)]) -> Vec<&str> {
    let mut g: Vec<&str> = seeks.iter().map(|(_, g)| g.as_str()).collect();
    g.sort();
    g
}

#[test]
fn the_bot_account_keeps_a_seek_per_game_in_the_lobby_while_it_has_room() {
    use std::time::{Duration, Instant};
    let url = server();
    let bot_token = account_token(&url, "seekbot");
    let mut lobby = Lobby::open(&url, "seekbot");
    lobby.next_of("hello");
    let mut child = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args(["bot", "--server", &url, "--token", &bot_token, "--upgrade"])
        .args([
            "--level",
            "1",
            "--games",
            "omega,ultima",
            "--concurrency",
            "2",
        ])
        .args(["--seek", "omega,ultima", "--seek-clock", "5+3"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let rx = lines_of(&mut child);
    let mut seen = Vec::new();
    let mut wait_for = |want: &dyn Fn(&str) -> bool| {
        let until = Instant::now() + Duration::from_secs(30);
        while !seen.iter().any(|l: &String| want(l)) {
            let left = until.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(l) => seen.push(l),
                Err(_) => panic!("waited for a line; saw {seen:#?}"),
            }
        }
    };
    // One open seek per game, casual (--modes has casual): a guest sees both.
    lobby.until("a seek per game", |s| games(s) == ["omega", "ultima"]);
    wait_for(&|l| l.contains("seeking omega 5+3 casual in the lobby"));
    let omega = lobby
        .seeks
        .iter()
        .find(|(_, g)| g == "omega")
        .unwrap()
        .0
        .clone();
    // The guest takes the omega seek: the game starts and the bot plays it.
    lobby.send(serde_json::json!({"t": "accept", "id": omega}));
    lobby.others.clear();
    let paired = lobby.next_of("paired");
    let game = paired["game"].as_str().unwrap().to_string();
    let seat = paired["token"].as_str().unwrap().to_string();
    wait_for(&|l| l.contains("playing ") && l.contains(&game));
    // One game of two: room for one seek, the list's first game's; the other is withdrawn.
    lobby.until("a new omega seek and no ultima one", |s| {
        games(s) == ["omega"] && s[0].0 != omega
    });
    wait_for(&|l| l.contains("withdrew its ultima seek"));
    // The guest moves when it is White; the bot answers.
    let board = |path: &str| format!("{url}/api/board/game/{game}/{path}");
    if paired["color"] == "white" {
        let start = baroque_engine::setup::build_game("omega", None, &[], &[]).unwrap();
        let legal = start.position().legal_moves();
        let text = start.position().move_text(legal.iter().next().unwrap());
        ureq::post(&board(&format!("move/{text}")))
            .set("Authorization", &format!("Bearer {seat}"))
            .call()
            .unwrap();
    }
    wait_for(&|l| l.starts_with(&format!("bot: {game} ")) && !l.contains("refused"));
    // The guest resigns: room again, the ultima seek is back beside the omega one.
    ureq::post(&board("resign"))
        .set("Authorization", &format!("Bearer {seat}"))
        .call()
        .unwrap();
    wait_for(&|l| l.contains(&format!("game {game} over: resign")));
    lobby.until("both seeks again", |s| games(s) == ["omega", "ultima"]);
    // SIGTERM: the bot stops and its seeks leave the lobby.
    let stopped = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    wait_for(&|l| l.contains("bot: stopped"));
    assert!(child.wait().unwrap().success());
    let gone = Instant::now();
    lobby.until("no seeks", |s| s.is_empty());
    assert!(
        gone.elapsed() < Duration::from_secs(10),
        "{:?}",
        gone.elapsed()
    );
}
