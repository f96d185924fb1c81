//! House bots: `baroque-server house-bots` (its library half, `house::setup::run`, which the
//! subcommand calls) makes bot accounts whose written tokens a real `baroque bot` process plays
//! with; run again it makes no new account and rotates the tokens, the old ones refused.

use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use baroque_server::house::setup;
use serde_json::Value;

mod common;

use common::mate_challenge;

/// A server on `db` run in this test process: its URL.
fn server(db: &str) -> String {
    let config = baroque_server::config::Config {
        port: 0,
        db: db.to_string(),
        ..Default::default()
    };
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let (addr, task) = baroque_server::start(config).await.unwrap();
            tx.send(addr).unwrap();
            let _ = task.await;
        });
    });
    format!("http://{}", rx.recv().unwrap())
}

/// Runs the house-bots command with `args` (as after `baroque-server house-bots`).
fn house_bots(args: &[&str]) -> Result<String, String> {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let options = setup::parse(&args)?;
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(setup::run(&options))
}

/// The tokens file's bots: (level, name, token).
fn read_tokens(path: &std::path::Path) -> Vec<(String, String, String)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(w.len(), 3, "{l}");
            (w[0].to_string(), w[1].to_string(), w[2].to_string())
        })
        .collect()
}

fn account_status(url: &str, token: &str) -> u16 {
    match ureq::get(&format!("{url}/api/account"))
        .set("Authorization", &format!("Bearer {token}"))
        .call()
    {
        Ok(r) => r.status(),
        Err(ureq::Error::Status(code, _)) => code,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn house_bots_are_made_once_play_with_their_written_tokens_and_rotate() {
    let dir = std::env::temp_dir().join(format!("baroque-house-bots-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}/games.sqlite", dir.display());
    let out = dir.join("house-bots.tokens");
    let out_text = out.to_str().unwrap();
    let report = house_bots(&["--db", &db, "--levels", "2,4", "--out", out_text]).unwrap();
    assert!(
        report.contains("baroque-level-2 (new), baroque-level-4 (new)"),
        "{report}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "only the owner reads the tokens");
    }
    let first = read_tokens(&out);
    assert_eq!(
        first
            .iter()
            .map(|b| (b.0.as_str(), b.1.as_str()))
            .collect::<Vec<_>>(),
        [("2", "baroque-level-2"), ("4", "baroque-level-4")]
    );
    for (_, _, token) in &first {
        assert!(!report.contains(token.as_str()), "no token in the report");
    }
    let url = server(&db);

    // The level-2 bot, its token from the environment (not the process list).
    let mut bot = Command::new(env!("CARGO_BIN_EXE_baroque"))
        .args([
            "bot",
            "--server",
            &url,
            "--level",
            "2",
            "--concurrency",
            "2",
        ])
        .env("BAROQUE_TOKEN", &first[0].2)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = mpsc::channel::<String>();
    let stdout = bot.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            let _ = tx.send(line);
        }
    });
    let mut seen = Vec::new();
    let mut wait_for = |want: &str| {
        let until = Instant::now() + Duration::from_secs(30);
        while !seen.iter().any(|l: &String| l.contains(want)) {
            let left = until.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(l) => seen.push(l),
                Err(_) => panic!("waited for '{want}'; saw {seen:#?}"),
            }
        }
    };
    wait_for("baroque-level-2 online at level 2");

    // Listed online (its stream is open), with its ratings; the level-4 bot is not running.
    let until = Instant::now() + Duration::from_secs(10);
    let listed = loop {
        let text = ureq::get(&format!("{url}/api/bot/online"))
            .call()
            .unwrap()
            .into_string()
            .unwrap();
        let bots: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        if !bots.is_empty() || Instant::now() > until {
            break bots;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["username"], "baroque-level-2");
    assert_eq!(listed[0]["title"], "BOT");
    assert_eq!(listed[0]["perfs"]["omega"]["rating"], 1500);

    // A player without an account challenges it (casual) and the bot plays: mate in one.
    let ch = mate_challenge(&url, "baroque-level-2", None);
    assert!(ch["seatToken"].as_str().is_some(), "{ch}");
    wait_for("accepted a guest's challenge");
    wait_for("mate, winner white");

    // Run again: the same accounts kept, fresh tokens; the old ones refused, the new ones good.
    let report = house_bots(&["--db", &db, "--levels", "2,4", "--out", out_text]).unwrap();
    assert!(
        report.contains("baroque-level-2 (kept), baroque-level-4 (kept)"),
        "{report}"
    );
    let second = read_tokens(&out);
    assert_eq!(second.len(), 2);
    for (old, new) in first.iter().zip(&second) {
        assert_eq!(old.1, new.1);
        assert_ne!(old.2, new.2, "rotated");
        assert_eq!(account_status(&url, &old.2), 401);
        assert_eq!(account_status(&url, &new.2), 200);
    }
    let me: Value = ureq::get(&format!("{url}/api/account"))
        .set("Authorization", &format!("Bearer {}", second[1].2))
        .call()
        .unwrap()
        .into_json()
        .unwrap();
    assert_eq!(
        (me["username"].as_str(), me["title"].as_str()),
        (Some("baroque-level-4"), Some("BOT"))
    );

    // A name held by a person is not taken over.
    ureq::post(&format!("{url}/signup"))
        .set("Origin", &url)
        .set("Accept", "application/json")
        .send_form(&[
            ("username", "baroque-level-6"),
            ("password", "correct horse battery"),
        ])
        .unwrap();
    let refused = house_bots(&["--db", &db, "--levels", "6", "--out", out_text]).unwrap_err();
    assert!(refused.contains("is not a bot"), "{refused}");

    Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .unwrap();
    assert!(bot.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&dir);
}
