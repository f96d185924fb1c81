//! `baroque bot` against a real `baroque-server` run in this test process on 127.0.0.1.

use std::process::Command;

use serde_json::Value;

/// Omega: White's Bishop mates in one (e2d3), from the engine's rule tests.
const MATE_IN_ONE: &str = "10/10/10/10/4K5/10/10/4B5/10/10[k/-/-/-] w - - 0 1";

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

/// `name`'s challenge to `bot` of the mate-in-one position, the bot White: its id.
fn challenge(url: &str, token: &str, bot: &str) -> String {
    let c: Value = ureq::post(&format!("{url}/api/challenge/{bot}"))
        .set("Authorization", &format!("Bearer {token}"))
        .send_form(&[
            ("variant", "omega"),
            ("fen", MATE_IN_ONE),
            ("clock.limit", "60"),
            ("clock.increment", "1"),
            ("color", "black"),
        ])
        .unwrap()
        .into_json()
        .unwrap();
    c["id"].as_str().unwrap().to_string()
}

#[test]
fn the_bot_account_accepts_plays_at_once_reconnects_and_stops_on_sigterm() {
    use std::io::BufRead;
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
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
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
