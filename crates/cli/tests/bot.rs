//! `baroque bot` against a real `baroque-server` run in this test process on 127.0.0.1.

use std::process::Command;

use serde_json::Value;

/// Omega: White's Bishop mates in one (e2d3), from the engine's rule tests.
const MATE_IN_ONE: &str = "10/10/10/10/4K5/10/10/4B5/10/10[k/-/-/-] w - - 0 1";

fn server() -> String {
    let db = std::env::temp_dir().join(format!("baroque-bot-test-{}", std::process::id()));
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
