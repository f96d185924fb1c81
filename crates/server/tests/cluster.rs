//! Several `baroque-server`s on one PostgreSQL (issue 25): a game between players on two
//! servers, the same move at both at once, kill -9 of one server, PostgreSQL restarted mid-game,
//! a SQLite database moved to PostgreSQL, and two servers behind nginx.
//!
//! Each test starts its own throwaway PostgreSQL with `scripts/pg.sh` (127.0.0.1, a temporary
//! directory, deleted after). They are `#[ignore]`d in a plain `cargo test` (they need
//! PostgreSQL, and the nginx one nginx): `npm test` installs both from Debian and runs them in
//! its PostgreSQL stage (`cargo test -p baroque-server --test cluster -- --ignored`).

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use baroque_engine::Color;
use baroque_server::ending::Status;
use common::ws;
use common::{client, fresh_db, game, invite_code, join, open, post, seats, token, Lines, Server};
use serde_json::{json, Value};

/// A throwaway PostgreSQL cluster (scripts/pg.sh), stopped and deleted on drop.
struct Pg {
    dir: PathBuf,
    url: String,
}

fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../scripts")
        .join(name)
}

impl Pg {
    fn start() -> Pg {
        let dir = fresh_db().parent().unwrap().join("pg");
        let out = Command::new("bash")
            .arg(script("pg.sh"))
            .arg("start")
            .arg(&dir)
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "scripts/pg.sh start failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let url = String::from_utf8(out.stdout).unwrap().trim().to_string();
        Pg { dir, url }
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(script("pg.sh"))
            .arg("stop")
            .arg(&self.dir)
            .status();
    }
}

/// Servers started at the same moment on one database (their migrations race).
fn servers(url: &str, n: usize) -> Vec<Server> {
    let children: Vec<_> = (0..n).map(|_| Server::spawn(url, &[])).collect();
    children.into_iter().map(Server::ready).collect()
}

fn mv(id: &str, m: &str, ply: usize) -> String {
    format!("/api/board/game/{id}/move/{m}?ply={ply}")
}

/// An Omega challenge's fields with a live clock of `limit` seconds.
fn omega(limit: &str) -> [(&str, &str); 2] {
    [("variant", "omega"), ("clock.limit", limit)]
}

/// Omega moves from the start array, white and black in turn (each pawn one square).
const MOVES: [&str; 6] = ["e1e2", "e8e7", "f1f2", "f8f7", "g1g2", "g8g7"];

/// Plays the first `n` of [`MOVES`] in game `id`, White's sent to `urls[0]` and Black's to
/// `urls[1]`: every one is taken (200).
async fn play_moves(
    c: &reqwest::Client,
    urls: [&str; 2],
    id: &str,
    tokens: &[String; 2],
    n: usize,
) {
    for (ply, m) in MOVES[..n].iter().enumerate() {
        let seat = ply % 2;
        let (code, body) = post(c, urls[seat], &mv(id, m, ply), Some(&tokens[seat])).await;
        assert_eq!(code, 200, "{m}: {body}");
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn players_on_two_servers_play_a_live_game() {
    let pg = Pg::start();
    // Three servers starting at once on a fresh database: the migrations take turns.
    let s = servers(&pg.url, 3);
    let c = client();
    let g = open(
        &c,
        &s[0].url,
        &[
            ("variant", "omega"),
            ("clock.limit", "300"),
            ("clock.increment", "2"),
        ],
    )
    .await;
    let id = g["id"].as_str().unwrap();
    let tokens = [token(&g, "white"), token(&g, "black")];
    // White is on server 1, black on server 2, a spectator on server 0.
    let home = [&s[1], &s[2]];
    let mut streams = [
        Lines::player(&c, &home[0].url, id, &tokens[0]).await,
        Lines::player(&c, &home[1].url, id, &tokens[1]).await,
    ];
    let mut spectator = Lines::spectator(&c, &s[0].url, id).await;
    for st in streams.iter_mut() {
        assert_eq!(st.next().await["type"], "gameFull");
    }
    spectator.next().await;
    for (ply, m) in MOVES.iter().enumerate() {
        let seat = ply % 2;
        let t0 = Instant::now();
        let (code, body) = post(&c, &home[seat].url, &mv(id, m, ply), Some(&tokens[seat])).await;
        assert_eq!(code, 200, "{m}: {body}");
        // The opponent, on the other server, hears of it.
        let theirs = streams[1 - seat].until(|v| v["ply"] == ply + 1).await;
        let elapsed = t0.elapsed();
        assert!(
            elapsed < Duration::from_secs(5),
            "the move took {elapsed:?} to reach the other server"
        );
        let mine = streams[seat].until(|v| v["ply"] == ply + 1).await;
        // One event, from the database: the same clocks on both servers.
        assert_eq!(theirs, mine);
        assert_eq!(theirs["moves"], MOVES[..=ply].join(" "));
        let mover_time = theirs[if seat == 0 { "wtime" } else { "btime" }]
            .as_i64()
            .unwrap();
        assert!(
            mover_time > 290_000 && mover_time <= 300_000 + 2_000 * (ply as i64 / 2 + 1),
            "{mover_time}"
        );
        let seen = spectator.until(|v| v["ply"] == ply + 1).await;
        assert_eq!(seen["moves"], theirs["moves"]);
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn the_same_move_at_two_servers_at_once_is_applied_once() {
    let pg = Pg::start();
    let s = servers(&pg.url, 2);
    let c = client();
    for round in 0..8 {
        let g = open(&c, &s[0].url, &[("variant", "omega"), ("color", "white")]).await;
        let id = g["id"].as_str().unwrap();
        let w = token(&g, "white");
        let mut on_b = Lines::player(&c, &s[1].url, id, &w).await;
        on_b.next().await;
        // With the ply (what the page and the bot send): both answer 200, one applied it.
        let first = mv(id, "e1e2", 0);
        let (a, b) = tokio::join!(
            post(&c, &s[0].url, &first, Some(&w)),
            post(&c, &s[1].url, &first, Some(&w)),
        );
        assert_eq!((a.0, b.0), (200, 200), "round {round}: {a:?} {b:?}");
        // Without it: one is applied, the other refused (it is black's turn by then).
        let bt = token(&g, "black");
        let path = format!("/api/board/game/{id}/move/e8e7");
        let (a, b) = tokio::join!(
            post(&c, &s[0].url, &path, Some(&bt)),
            post(&c, &s[1].url, &path, Some(&bt)),
        );
        let mut codes = [a.0, b.0];
        codes.sort();
        assert_eq!(codes, [200, 400], "round {round}: {a:?} {b:?}");
        let refused = if a.0 == 400 { &a.1 } else { &b.1 };
        assert_eq!(refused["code"], "not-your-turn");
        let st = on_b.until(|v| v["ply"] == 2).await;
        assert_eq!(st["moves"], "e1e2 e8e7", "round {round}");
        assert_eq!(st["seq"], 3, "one event per move, round {round}");
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn kill_9_of_a_server_its_player_goes_on_through_the_other() {
    let pg = Pg::start();
    let mut s = servers(&pg.url, 2);
    let c = client();
    let g = open(&c, &s[0].url, &omega("120")).await;
    let (id, tokens) = seats(&g);
    let (a, b) = (s[0].url.clone(), s[1].url.clone());
    let mut black = Lines::player(&c, &b, &id, &tokens[1]).await;
    black.next().await;
    play_moves(&c, [&a, &b], &id, &tokens, 4).await;
    let before = black.until(|v| v["ply"] == 4).await;
    s[0].kill();
    let killed_at = Instant::now();
    // White comes back through server B: every accepted move, white's clock running.
    let mut white = Lines::player(&c, &b, &id, &tokens[0]).await;
    let full = white.next().await;
    assert_eq!(full["state"]["moves"], MOVES[..4].join(" "));
    let wtime = full["state"]["wtime"].as_i64().unwrap();
    let at_event = before["wtime"].as_i64().unwrap();
    let ran = (full["state"]["at"].as_i64().unwrap() - before["at"].as_i64().unwrap()).max(0);
    assert!(
        (wtime - (at_event - ran)).abs() <= 50,
        "white's clock: {wtime} ms, {at_event} ms at the last move, {ran} ms since"
    );
    assert_eq!(full["state"]["btime"], before["btime"]);
    let (code, body) = post(&c, &b, &mv(&id, MOVES[4], 4), Some(&tokens[0])).await;
    assert_eq!(code, 200, "{body}");
    let st = black.until(|v| v["ply"] == 5).await;
    assert_eq!(st["moves"], MOVES[..5].join(" "));
    assert!(killed_at.elapsed() < Duration::from_secs(10));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn postgres_restarted_mid_game_nothing_accepted_is_lost() {
    let pg = Pg::start();
    let s = servers(&pg.url, 2);
    let c = client();
    let g = open(&c, &s[0].url, &[("variant", "omega"), ("color", "white")]).await;
    let (id, tokens) = seats(&g);
    let home = [s[0].url.clone(), s[1].url.clone()];
    let mut streams = [
        Lines::player(&c, &home[0], &id, &tokens[0]).await,
        Lines::player(&c, &home[1], &id, &tokens[1]).await,
    ];
    for st in streams.iter_mut() {
        st.next().await;
    }
    let (code, _) = post(&c, &home[0], &mv(&id, MOVES[0], 0), Some(&tokens[0])).await;
    assert_eq!(code, 200);
    streams[1].until(|v| v["ply"] == 1).await;
    // Black moves while PostgreSQL restarts: accepted, or refused with a message.
    let restart = {
        let dir = pg.dir.clone();
        std::thread::spawn(move || {
            Command::new("bash")
                .arg(script("pg.sh"))
                .arg("restart")
                .arg(dir)
                .status()
                .unwrap()
        })
    };
    let mut ply = 1;
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut refusals = 0;
    while ply < 4 {
        assert!(Instant::now() < deadline, "no move accepted within 30 s");
        let seat = ply % 2;
        let (code, body) = post(
            &c,
            &home[seat],
            &mv(&id, MOVES[ply], ply),
            Some(&tokens[seat]),
        )
        .await;
        if code == 200 {
            // Accepted: the other server's player hears of it.
            let st = streams[1 - seat].until(|v| v["ply"] == ply + 1).await;
            assert_eq!(st["moves"], MOVES[..=ply].join(" "));
            ply += 1;
        } else {
            assert!(code >= 500 || body["code"] == "conflict", "{code} {body}");
            assert!(
                body["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{body}"
            );
            refusals += 1;
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    assert!(restart.join().unwrap().success());
    // After the restart both servers play on and hear each other (their listeners came back).
    for _ in 0..2 {
        let seat = ply % 2;
        let (code, body) = post(
            &c,
            &home[seat],
            &mv(&id, MOVES[ply], ply),
            Some(&tokens[seat]),
        )
        .await;
        assert_eq!(code, 200, "{body}");
        let st = streams[1 - seat].until(|v| v["ply"] == ply + 1).await;
        assert_eq!(st["moves"], MOVES[..=ply].join(" "));
        ply += 1;
    }
    // Every accepted move is in the database: a fresh look through either server.
    let mut again = Lines::player(&c, &home[1], &id, &tokens[1]).await;
    assert_eq!(again.next().await["state"]["moves"], MOVES.join(" "));
    eprintln!("moves refused while PostgreSQL restarted: {refusals}");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn a_sqlite_database_moves_to_postgres() {
    let pg = Pg::start();
    let file = fresh_db();
    let sqlite = format!("sqlite://{}", file.display());
    let c = client();
    let (id, tokens) = {
        let s = Server::start_url(&sqlite, &[]);
        let g = open(&c, &s.url, &omega("600")).await;
        let (id, tokens) = seats(&g);
        play_moves(&c, [&s.url, &s.url], &id, &tokens, 3).await;
        (id, tokens)
    };
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_baroque-server"))
            .args(["migrate", "--from", &sqlite, "--to", &pg.url])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let first = run();
    assert!(
        first.starts_with("copied 1 games (1 new) and 4 events (4 new)"),
        "{first}"
    );
    let second = run();
    assert!(
        second.starts_with("copied 1 games (0 new) and 4 events (0 new)"),
        "{second}"
    );
    // The game goes on from PostgreSQL, its events replayed from there.
    let s = Server::start_url(&pg.url, &[]);
    let mut black = Lines::player(&c, &s.url, &id, &tokens[1]).await;
    let full = black.next().await;
    assert_eq!(full["state"]["moves"], MOVES[..3].join(" "));
    assert_eq!(full["state"]["seq"], 4);
    let (code, body) = post(&c, &s.url, &mv(&id, MOVES[3], 3), Some(&tokens[1])).await;
    assert_eq!(code, 200, "{body}");
    // A database that is not there is an error, not an empty copy.
    let out = Command::new(env!("CARGO_BIN_EXE_baroque-server"))
        .args([
            "migrate",
            "--from",
            "sqlite:///nonexistent/x.sqlite",
            "--to",
            &pg.url,
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no SQLite file"));
}

/// nginx from `deploy/nginx.conf` in front of `servers`, on a free port; stopped on drop.
struct Nginx {
    dir: PathBuf,
    url: String,
    child: std::process::Child,
}

impl Nginx {
    fn start(servers: &[Server]) -> Nginx {
        let dir = fresh_db().parent().unwrap().join("nginx");
        std::fs::create_dir_all(dir.join("logs")).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let site = std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx.conf"),
        )
        .unwrap();
        // The deployment's file with this test's ports: its upstream servers and listen port.
        let upstream: String = servers
            .iter()
            .map(|s| format!("    server {};\n", s.addr))
            .collect();
        let mut lines = Vec::new();
        let mut in_upstream = false;
        for line in site.lines() {
            if line.trim_start().starts_with("upstream baroque") {
                in_upstream = true;
                lines.push(line.to_string());
                lines.push(upstream.trim_end().to_string());
                continue;
            }
            if in_upstream {
                if line.trim() == "}" {
                    in_upstream = false;
                } else if line.trim_start().starts_with("server ") {
                    continue;
                }
            }
            if line.trim_start().starts_with("listen ") {
                lines.push(format!("    listen 127.0.0.1:{port};"));
                continue;
            }
            lines.push(line.to_string());
        }
        std::fs::write(dir.join("baroque.conf"), lines.join("\n")).unwrap();
        let d = dir.display();
        std::fs::write(
            dir.join("nginx.conf"),
            format!(
                "daemon off;\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/logs/error.log;\n\
                 events {{ worker_connections 256; }}\n\
                 http {{\n  access_log {d}/logs/access.log;\n  client_body_temp_path {d}/body;\n\
                 proxy_temp_path {d}/proxy;\n  fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n\
                 scgi_temp_path {d}/scgi;\n  include {d}/baroque.conf;\n}}\n"
            ),
        )
        .unwrap();
        let nginx = ["/usr/sbin/nginx", "nginx"]
            .into_iter()
            .find(|n| Command::new(n).arg("-v").output().is_ok())
            .expect("nginx is installed (npm test's PostgreSQL stage installs it)");
        let child = Command::new(nginx)
            .args(["-p", &d.to_string(), "-c", &format!("{d}/nginx.conf")])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let until = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < until, "nginx did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Nginx {
            dir,
            url: format!("http://127.0.0.1:{port}"),
            child,
        }
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: the master stops its workers (SIGKILL would leave them running).
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let until = Instant::now() + Duration::from_secs(5);
        while Instant::now() < until && matches!(self.child.try_wait(), Ok(None)) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL and nginx: npm test's PostgreSQL stage runs it"]
async fn two_servers_behind_nginx() {
    let pg = Pg::start();
    let mut s = servers(&pg.url, 2);
    let lb = Nginx::start(&s);
    let c = client();
    let g = open(&c, &lb.url, &omega("300")).await;
    let id = g["id"].as_str().unwrap().to_string();
    // The links name the address the player used (nginx passes the Host on).
    assert_eq!(g["url"], format!("{}/game/{id}", lb.url));
    let tokens = [token(&g, "white"), token(&g, "black")];
    // White on the WebSocket, black on the NDJSON stream, both through nginx.
    let ws_url = format!("{}/ws/game/{id}", lb.url.replace("http://", "ws://"));
    let mut ws = ws::open(&ws_url, Some(&lb.url)).await.unwrap();
    ws::send(
        &mut ws,
        serde_json::json!({"t": "hello", "token": tokens[0], "since": 0}),
    )
    .await;
    let welcome = ws::next(&mut ws).await;
    assert_eq!(welcome["t"], "welcome");
    assert_eq!(welcome["seat"], "white");
    let mut black = Lines::player(&c, &lb.url, &id, &tokens[1]).await;
    black.next().await;
    for (ply, m) in MOVES[..4].iter().enumerate() {
        if ply % 2 == 0 {
            ws::send(
                &mut ws,
                serde_json::json!({"t": "move", "move": m, "ply": ply}),
            )
            .await;
        } else {
            let (code, body) = post(&c, &lb.url, &mv(&id, m, ply), Some(&tokens[1])).await;
            assert_eq!(code, 200, "{body}");
        }
        let st = black.until(|v| v["ply"] == ply + 1).await;
        assert_eq!(st["moves"], MOVES[..=ply].join(" "));
    }
    // One server dies: nginx sends the next requests to the other, the game goes on.
    drop(black);
    s.remove(0).kill();
    let mut black = Lines::player(&c, &lb.url, &id, &tokens[1]).await;
    assert_eq!(black.next().await["state"]["moves"], MOVES[..4].join(" "));
    let mut white = Lines::player(&c, &lb.url, &id, &tokens[0]).await;
    white.next().await;
    let (code, body) = post(&c, &lb.url, &mv(&id, MOVES[4], 4), Some(&tokens[0])).await;
    assert_eq!(code, 200, "{body}");
    assert_eq!(
        black.until(|v| v["ply"] == 5).await["moves"],
        MOVES[..5].join(" ")
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn a_player_on_another_server_is_not_abandoned() {
    let pg = Pg::start();
    let children: Vec<_> = (0..2)
        .map(|_| Server::spawn(&pg.url, &["--abandon-secs", "2"]))
        .collect();
    let s: Vec<Server> = children.into_iter().map(Server::ready).collect();
    let c = client();
    let g = open(&c, &s[0].url, &omega("300")).await;
    let (id, tokens) = seats(&g);
    // White stays connected to server A; black claims on server B, where white never was.
    let mut white = Lines::player(&c, &s[0].url, &id, &tokens[0]).await;
    white.next().await;
    // Server B holds the game from now on (a spectator), so by its own connections white has
    // been gone from B long enough when black claims.
    let mut spectator = Lines::spectator(&c, &s[1].url, &id).await;
    spectator.next().await;
    let claim = format!("/api/board/game/{id}/claim-victory");
    tokio::time::sleep(Duration::from_millis(4_500)).await;
    let (code, body) = post(&c, &s[1].url, &claim, Some(&tokens[1])).await;
    assert_eq!(
        (code, body["code"].as_str()),
        (400, Some("cannot-claim")),
        "{body}"
    );
    // White leaves every server: after the abandon time (and one heartbeat) black may claim.
    drop(white);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (code, body) = post(&c, &s[1].url, &claim, Some(&tokens[1])).await;
        if code == 200 {
            break;
        }
        assert_eq!(body["code"], "cannot-claim", "{body}");
        assert!(Instant::now() < deadline, "the claim was never granted");
    }
}

/// Omega games under a 3 s live clock (time to make 16 on a loaded machine before the first
/// flag falls) with each side's first move played (the clock runs),
/// made through `hub`.
async fn games_on_the_clock(
    hub: &std::sync::Arc<baroque_server::hub::Hub>,
    n: usize,
) -> Vec<String> {
    use baroque_server::clock::TimeControl;
    use baroque_server::hub::{Action, Challenge};

    let ch = Challenge {
        variant: "omega".into(),
        control: Some(TimeControl::Live {
            limit_ms: 3_000,
            inc_ms: 0,
        }),
        ..Challenge::default()
    };
    let mut ids = Vec::new();
    for _ in 0..n {
        let id = hub.create(&ch).await.unwrap().rec.id;
        let live = hub.get(&id).await.unwrap().unwrap();
        for (seat, text) in [(Color::White, "e1e2"), (Color::Black, "e8e7")] {
            let mv = Action::Move {
                text: text.into(),
                ply: None,
            };
            hub.act(&live, seat, mv).await.unwrap();
        }
        ids.push(id);
    }
    ids
}

/// Two servers on one database race for the same due flags, in games neither holds and in
/// games both hold: every game ends on time with exactly one result written.
#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn two_servers_let_each_flag_fall_once() {
    use baroque_server::config::Config;
    use baroque_server::hub::Hub;
    use baroque_server::store::Store;

    let pg = Pg::start();
    let hub = |_| async { Hub::new(Store::open(&pg.url).await.unwrap(), Config::default()) };
    let (a, b) = (hub(0).await, hub(1).await);
    let ids = games_on_the_clock(&a, 16).await;
    // A lets every game go (nobody uses them); then both hold the first half again.
    tokio::time::sleep(Duration::from_millis(50)).await;
    a.sweep().await;
    assert_eq!(a.sweep().await, ids.len());
    for id in &ids[..8] {
        let (x, y) = (a.get(id).await.unwrap(), b.get(id).await.unwrap());
        assert!(x.is_some() && y.is_some());
    }
    assert_eq!((a.held(), b.held()), (8, 8));
    tokio::time::sleep(Duration::from_millis(3_100)).await;
    let (x, y) = tokio::join!(a.watch_deadlines(), b.watch_deadlines());
    let (x, y) = (x.unwrap(), y.unwrap());
    // The held games' own watchdogs (on both servers) may have ended them already.
    assert!(x + y >= 8, "every game nobody held taken on: {x} + {y}");
    for id in &ids {
        let events = a.store().events_since(id, 0).await.unwrap();
        let ends = events
            .iter()
            .filter(|(_, json)| json.contains("outoftime"))
            .count();
        assert_eq!((events.len(), ends), (4, 1), "game {id}");
        let rec = a.store().load(id).await.unwrap().unwrap();
        assert_eq!((rec.status.as_str(), rec.deadline), ("outoftime", None));
    }
}

/// A flag falls in a game no running server holds: its server was killed, the other server
/// was never asked for it, and its deadline sweep ends it on time.
#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn a_game_whose_server_died_still_ends_on_time() {
    use baroque_server::store::Store;

    let pg = Pg::start();
    let mut s = servers(&pg.url, 2);
    let c = client();
    let g = open(&c, &s[0].url, &omega("2")).await;
    let (id, tokens) = seats(&g);
    play_moves(&c, [&s[0].url, &s[0].url], &id, &tokens, 2).await;
    s[0].kill();
    let store = Store::open(&pg.url).await.unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    let rec = loop {
        let rec = store.load(&id).await.unwrap().unwrap();
        if !rec.ongoing() || Instant::now() > until {
            break rec;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(
        (rec.status, rec.winner),
        (Status::Outoftime, Some(Color::Black))
    );
    assert_eq!(store.events_since(&id, 0).await.unwrap().len(), 4);
}

/// Outages (issue 33): every server down ~3 s, then two started at the same moment: the outage
/// is credited once (one event, White's clock as before the crash); one server restarted while
/// another runs credits nothing (the other's heartbeat says a move could be taken). And an
/// invitation redeemed at two servers at once gives the seat once.
#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn an_outage_of_every_server_is_credited_once() {
    let pg = Pg::start();
    let mut s = servers(&pg.url, 2);
    let c = client();
    let g = open(&c, &s[0].url, &omega("600")).await;
    let (id, tokens) = seats(&g);
    let invite = serde_json::json!({ "invite": invite_code(&g["urlBlack"]) });
    let (one, two) = tokio::join!(
        join(&c, &s[0].url, &id, &invite),
        join(&c, &s[1].url, &id, &invite)
    );
    let mut codes = [one.0, two.0];
    codes.sort();
    assert_eq!(codes, [200, 409], "one of two servers gives the seat");
    play_moves(&c, [&s[0].url, &s[1].url], &id, &tokens, 2).await;
    let state = |url: String| {
        let (c, id) = (c.clone(), id.clone());
        async move { game(&c, &url, &id).await["state"].clone() }
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    // One server restarted while the other runs: nothing credited.
    s[1].kill();
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    s[1] = Server::start_url(&pg.url, &[]);
    let st = state(s[1].url.clone()).await;
    assert_eq!(st["seq"], 3, "no credit while a server was up");
    // Every server down, then two at once.
    let before = state(s[0].url.clone()).await;
    s[0].kill();
    s[1].kill();
    tokio::time::sleep(Duration::from_millis(3_000)).await;
    let s = servers(&pg.url, 2);
    let after = state(s[1].url.clone()).await;
    assert_eq!(after["seq"], 4, "credited once: {after}");
    let lost = before["wtime"].as_i64().unwrap() - after["wtime"].as_i64().unwrap();
    assert!((-1_100..1_000).contains(&lost), "White lost {lost} ms");
    let (code, _) = post(&c, &s[0].url, &mv(&id, MOVES[2], 2), Some(&tokens[0])).await;
    assert_eq!(code, 200);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn an_account_made_on_one_server_works_on_the_other() {
    let pg = Pg::start();
    let s = servers(&pg.url, 2);
    let c = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let form = |url: &str, path: &str, fields: &[(&str, &str)], cookie: Option<&str>| {
        let mut r = c
            .post(format!("{url}{path}"))
            .header("origin", url)
            .header("accept", "application/json")
            .form(fields);
        if let Some(id) = cookie {
            r = r.header("cookie", format!("baroque-session={id}"));
        }
        r.send()
    };
    let session = |r: &reqwest::Response| -> String {
        let c = r.headers()["set-cookie"].to_str().unwrap();
        c.split(';')
            .next()
            .unwrap()
            .split_once('=')
            .unwrap()
            .1
            .to_string()
    };
    let creds = [("username", "Pat"), ("password", "pat's password")];
    let r = form(&s[0].url, "/signup", &creds, None).await.unwrap();
    assert_eq!(r.status(), 200);
    let r = form(
        &s[1].url,
        "/signup",
        &[("username", "PAT"), ("password", "x password")],
        None,
    )
    .await
    .unwrap();
    assert_eq!(r.status(), 409, "the name is taken on every server");
    let r = form(&s[1].url, "/login", &creds, None).await.unwrap();
    assert_eq!(r.status(), 200);
    let id = session(&r);
    let r = form(&s[1].url, "/api/token", &[], Some(&id)).await.unwrap();
    let token = r.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let me: Value = c
        .get(format!("{}/api/account", s[0].url))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["username"], "Pat");
    assert_eq!(me["perfs"]["omega"]["rating"], 1500);
    // Logged out on one server, the session is gone on the other.
    let r = form(&s[0].url, "/logout", &[], Some(&id)).await.unwrap();
    assert_eq!(r.status(), 200);
    let r = c
        .get(format!("{}/api/account", s[1].url))
        .header("cookie", format!("baroque-session={id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
}

#[tokio::test]
#[ignore = "needs PostgreSQL"]
async fn a_postgres_database_made_before_deltas_migrates_at_start() {
    let pg = Pg::start();
    common::fixture::migrates(&pg.url).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL"]
async fn two_servers_list_the_same_live_games() {
    let pg = Pg::start();
    let s = servers(&pg.url, 2);
    let c = client();
    let mut ids = Vec::new();
    for (i, srv) in s.iter().enumerate() {
        let g = open(&c, &srv.url, &omega("300")).await;
        let (id, [w, b]) = seats(&g);
        common::play(&c, &s[1 - i].url, &id, &[("e1e2", &w), ("e8e7", &b)]).await;
        ids.push(id);
    }
    ids.reverse();
    for srv in &s {
        let list = common::get(&c, &srv.url, "/api/games/live", None).await;
        let got: Vec<&str> = list["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap())
            .collect();
        assert_eq!(got, ids, "{}", srv.url);
        let channels = common::get(&c, &srv.url, "/api/tv/channels", None).await;
        assert_eq!(channels["omega"]["gameId"], ids[0].as_str());
    }
}

/// Waits for the `crowd` message telling `want` spectators (others skipped).
async fn heard(player: &mut ws::Ws, want: u64) {
    loop {
        if ws::next_of(player, "crowd").await["spectators"] == want {
            return;
        }
    }
}

/// Spectators of one game on two servers are counted together: each server publishes its
/// changed counts once a second (crate::crowd) and adds the other's to its own, so a player on
/// A hears the spectators on B, and both servers' lists give the total.
#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn spectators_on_two_servers_are_counted_together() {
    let pg = Pg::start();
    let s = servers(&pg.url, 2);
    let c = client();
    let g = open(&c, &s[0].url, &omega("300")).await;
    let (id, [w, b]) = seats(&g);
    common::play(&c, &s[0].url, &id, &[("e1e2", &w), ("e8e7", &b)]).await;
    let mut player = ws::hello(&s[0], &id, json!({"t": "hello", "token": w})).await;
    let on_a = ws::hello(&s[0], &id, json!({"t": "hello"})).await;
    let on_b = ws::hello(&s[1], &id, json!({"t": "hello"})).await;
    let stream_b = Lines::spectator(&c, &s[1].url, &id).await;
    heard(&mut player, 3).await;
    for srv in &s {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let list = common::get(&c, &srv.url, "/api/games/live", None).await;
            if list["games"][0]["spectators"] == 3 {
                break;
            }
            assert!(Instant::now() < deadline, "{}: {list}", srv.url);
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    // B's spectators leave, then A's: the player hears each total.
    drop(on_b);
    drop(stream_b);
    heard(&mut player, 1).await;
    drop(on_a);
    heard(&mut player, 0).await;
}

/// A server killed with spectators connected cannot publish their leaving: the others forget
/// its counts once they are not repeated for 30 s (each server repeats its nonzero counts every
/// 10 s), so the totals come right without it.
#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn a_dead_servers_spectators_are_forgotten() {
    let pg = Pg::start();
    let mut s = servers(&pg.url, 2);
    let c = client();
    let g = open(&c, &s[0].url, &omega("600")).await;
    let (id, [w, b]) = seats(&g);
    common::play(&c, &s[0].url, &id, &[("e1e2", &w), ("e8e7", &b)]).await;
    let mut player = ws::hello(&s[0], &id, json!({"t": "hello", "token": w})).await;
    let _on_b = ws::hello(&s[1], &id, json!({"t": "hello"})).await;
    heard(&mut player, 1).await;
    s[1].kill();
    let killed = Instant::now();
    // The player's pings keep its own connection busy while it waits (the count does not move
    // for 20 s at least: B's last repetition is at most 10 s old).
    let forgotten = loop {
        let m =
            tokio::time::timeout(Duration::from_secs(5), ws::next_of(&mut player, "crowd")).await;
        match m {
            Ok(m) if m["spectators"] == 0 => break killed.elapsed(),
            Ok(m) => panic!("{m}"),
            Err(_) => {
                assert!(
                    killed.elapsed() < Duration::from_secs(45),
                    "never forgotten"
                );
                ws::send(&mut player, json!({"t": "ping"})).await;
            }
        }
    };
    assert!(
        forgotten >= Duration::from_secs(19),
        "forgotten after {forgotten:?}"
    );
    let list = common::get(&c, &s[0].url, "/api/games/live", None).await;
    assert_eq!(list["games"][0]["spectators"], 0, "{list}");
}

/// What the counts cost: 100 spectators arriving on one server over ten games make one
/// notification per tick of that server (the changed counts in one payload), not one per
/// arrival; the other server, with none, publishes nothing. The totals reach the other server.
#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn a_hundred_spectators_cost_a_notification_a_second() {
    let pg = Pg::start();
    let args = ["--rate", "0", "--max-conns-per-ip", "0"];
    let s: Vec<Server> = [Server::spawn(&pg.url, &args), Server::spawn(&pg.url, &args)]
        .into_iter()
        .map(Server::ready)
        .collect();
    let c = client();
    let mut ids = Vec::new();
    for _ in 0..10 {
        let g = open(&c, &s[0].url, &omega("300")).await;
        let (id, [w, b]) = seats(&g);
        common::play(&c, &s[0].url, &id, &[("e1e2", &w), ("e8e7", &b)]).await;
        ids.push(id);
    }
    let mut listener = sqlx::postgres::PgListener::connect(&pg.url).await.unwrap();
    listener.listen("baroque_crowd").await.unwrap();
    let began = Instant::now();
    let mut crowd = Vec::new();
    for i in 0..100 {
        crowd.push(ws::hello(&s[1], &ids[i % 10], json!({"t": "hello"})).await);
    }
    let joined = began.elapsed();
    // Everything published until 2.5 s after the last arrival.
    let mut heard = Vec::new();
    let until = tokio::time::Instant::now() + Duration::from_millis(2500);
    while let Ok(n) = tokio::time::timeout_at(until, listener.recv()).await {
        heard.push(n.unwrap().payload().to_string());
    }
    let ticks = joined.as_secs() + 4;
    eprintln!(
        "100 spectators over {joined:?}: {} notifications, {} bytes in all",
        heard.len(),
        heard.iter().map(String::len).sum::<usize>()
    );
    assert!(!heard.is_empty());
    assert!(heard.len() as u64 <= ticks, "{heard:?}");
    let server = heard[0].split(' ').next().unwrap();
    assert!(
        heard.iter().all(|p| p.starts_with(server)),
        "only B publishes: {heard:?}"
    );
    // A lists every game with its 10 spectators on B.
    let list = common::get(&c, &s[0].url, "/api/games/live", None).await;
    let counts: Vec<u64> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["spectators"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [10; 10], "{list}");
}

/// Games bound to accounts on servers sharing PostgreSQL: an older database gets the account
/// columns at start; a player who redeems the invitation logged in on one server plays with
/// the account's API token on another (which reads the binding from the database).
#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn accounts_play_their_seats_on_any_server() {
    use common::accounts::account;
    use sqlx::Connection;
    let pg = Pg::start();
    let c = client();
    let old = {
        let s = Server::start_url(&pg.url, &[]);
        open(&c, &s.url, &omega("600")).await
    };
    // The table as it was before games had accounts.
    let mut conn = sqlx::PgConnection::connect(&pg.url).await.unwrap();
    for statement in [
        "DROP INDEX games_white_user",
        "DROP INDEX games_black_user",
        "ALTER TABLE games DROP COLUMN white_user",
        "ALTER TABLE games DROP COLUMN black_user",
        "ALTER TABLE games DROP COLUMN rated",
        "ALTER TABLE games DROP COLUMN rating_end",
    ] {
        sqlx::query(statement).execute(&mut conn).await.unwrap();
    }
    conn.close().await.unwrap();
    let s = servers(&pg.url, 2);
    let full = common::game(&c, &s[0].url, old["id"].as_str().unwrap()).await;
    assert_eq!(
        (full["rated"].clone(), full["white"]["id"].clone()),
        (false.into(), "white".into())
    );
    let alice = account(&s[0], "alice").await;
    let bob = account(&s[1], "bob").await;
    let g: Value = c
        .post(format!("{}/api/challenge/open", s[0].url))
        .bearer_auth(&alice.token)
        .form(&[("variant", "omega"), ("color", "white"), ("rated", "true")])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = g["id"].as_str().unwrap();
    // Server 0 holds the game; Bob joins on server 1.
    common::game(&c, &s[0].url, id).await;
    let r = c
        .post(format!("{}/api/board/game/{id}/join", s[1].url))
        .bearer_auth(&bob.token)
        .json(&serde_json::json!({ "invite": invite_code(&g["inviteUrl"]) }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let (code, body) = post(&c, &s[0].url, &mv(id, "e1e2", 0), Some(&alice.token)).await;
    assert_eq!(code, 200, "{body}");
    let (code, body) = post(&c, &s[0].url, &mv(id, "e8e7", 1), Some(&bob.token)).await;
    assert_eq!(code, 200, "{body}");
    let full = common::game(&c, &s[1].url, id).await;
    assert_eq!(full["black"]["id"], "bob");
    assert_eq!(full["rated"], true);
    // The end on server 1 rates both in its transaction (PostgreSQL's row locks).
    let (code, body) = post(
        &c,
        &s[1].url,
        &format!("/api/board/game/{id}/resign"),
        Some(&bob.token),
    )
    .await;
    assert_eq!(code, 200, "{body}");
    let full = common::game(&c, &s[0].url, id).await;
    assert_eq!(
        full["state"]["ratingDiff"],
        serde_json::json!({"white": 242, "black": -242})
    );
    let alice_json = common::get(&c, &s[0].url, "/api/user/alice", None).await;
    assert_eq!(alice_json["perfs"]["omega"]["rating"], 1742);
    assert_eq!(
        alice_json["count"],
        serde_json::json!({"all": 1, "rated": 1, "win": 1, "loss": 0, "draw": 0})
    );
    let history = common::get(&c, &s[1].url, "/api/user/bob/rating-history", None).await;
    assert_eq!(history[1]["points"][0][3], 1258, "{history}");
    let games = common::get(&c, &s[1].url, "/api/account/games", Some(&bob.token)).await;
    assert_eq!(games["games"][0]["players"]["black"]["ratingDiff"], -242);
    let top = common::get(&c, &s[0].url, "/api/player/top/10/omega", None).await;
    assert_eq!(
        top,
        serde_json::json!({"users": []}),
        "one game is not enough"
    );
    let all = common::get(&c, &s[0].url, "/api/player", None).await;
    assert!(all["omega"].is_array(), "{all}");
    let pgn = c
        .get(format!("{}/api/games/user/bob", s[1].url))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(pgn.contains("[BlackRatingDiff \"-242\"]"), "{pgn}");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn account_events_cross_servers() {
    let pg = Pg::start();
    let s = servers(&pg.url, 2);
    let c = client();
    let alice = common::accounts::account(&s[0], "alice").await.token;
    let bob = common::accounts::account(&s[1], "bob").await.token;
    // alice listens on server A, bob on server B.
    let mut a = Lines::open(&c, &s[0].url, "/api/stream/event", Some(&alice)).await;
    let mut b = Lines::open(&c, &s[1].url, "/api/stream/event", Some(&bob)).await;
    // A challenge made on A reaches bob's stream on B.
    let (code, ch) = common::post_form(
        &s[0].url,
        "/api/challenge/bob",
        &alice,
        &[
            ("variant", "omega"),
            ("clock.limit", "600"),
            ("color", "white"),
        ],
    )
    .await;
    assert_eq!(code, 200, "{ch}");
    let id = ch["id"].as_str().unwrap().to_string();
    let e = b.next_of("challenge").await;
    assert_eq!(e["challenge"]["id"], id.as_str());
    // Accepted on B: alice's stream on A hears the game start, and its end.
    let (code, v) = post(
        &c,
        &s[1].url,
        &format!("/api/challenge/{id}/accept"),
        Some(&bob),
    )
    .await;
    assert_eq!(code, 200, "{v}");
    let start = a.next_of("gameStart").await;
    let game = start["game"]["gameId"].as_str().unwrap().to_string();
    assert_eq!(start["game"]["opponent"]["id"], "bob");
    b.next_of("gameStart").await;
    // A chat line said on B reaches alice's game stream on A.
    let mut stream = Lines::player(&c, &s[0].url, &game, &alice).await;
    stream.next().await;
    let (code, v) = common::post_form(
        &s[1].url,
        &format!("/api/board/game/{game}/chat"),
        &bob,
        &[("room", "player"), ("text", "hello from B")],
    )
    .await;
    assert_eq!(code, 200, "{v}");
    let line = stream.next_of("chatLine").await;
    assert_eq!(line["username"], "bob");
    assert_eq!(line["text"], "hello from B");
    let (code, v) = post(
        &c,
        &s[1].url,
        &format!("/api/board/game/{game}/resign"),
        Some(&bob),
    )
    .await;
    assert_eq!(code, 200, "{v}");
    let end = a.next_of("gameFinish").await;
    assert_eq!(end["game"]["winner"], "white");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: npm test's PostgreSQL stage runs it"]
async fn the_lobby_is_one_across_servers_and_a_dead_servers_seeks_go() {
    let pg = Pg::start();
    let mut s = servers(&pg.url, 2);
    let (mut on_b, _) = ws::lobby(&s[1], None).await;
    let (mut on_a, _) = ws::lobby(&s[0], None).await;
    // A seek made on A is listed on B and taken there: both players get their seats.
    ws::send(
        &mut on_a,
        serde_json::json!({"t":"seek","seek":{"variant":"omega","time":5,"increment":3}}),
    )
    .await;
    let id = ws::next_of(&mut on_a, "open").await["id"].clone();
    let added = ws::next_of(&mut on_b, "added").await;
    assert_eq!(added["seek"]["id"], id);
    let t0 = Instant::now();
    ws::send(&mut on_b, serde_json::json!({"t":"accept","id":id})).await;
    let pb = ws::next_of(&mut on_b, "paired").await;
    let pa = ws::next_of(&mut on_a, "paired").await;
    assert!(t0.elapsed() < Duration::from_secs(1), "{:?}", t0.elapsed());
    assert_eq!(pa["game"], pb["game"]);
    assert_ne!(pa["color"], pb["color"]);
    let c = client();
    let seat_a = common::seat(&c, &s[1].url, pa["token"].as_str().unwrap()).await;
    assert_eq!(seat_a["gameId"], pa["game"]);
    // Two Board API seeks, one per server, pair with each other.
    let first = c
        .post(format!("{}/api/board/seek", s[0].url))
        .form(&[("variant", "ultima"), ("time", "3"), ("increment", "2")])
        .send();
    let first = tokio::spawn(first);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let second: Value = c
        .post(format!("{}/api/board/seek", s[1].url))
        .form(&[("variant", "ultima"), ("time", "3"), ("increment", "2")])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let first = first.await.unwrap().unwrap().text().await.unwrap();
    let first: Value = serde_json::from_str(first.trim()).unwrap();
    assert_eq!(first["gameId"], second["gameId"], "{first} {second}");
    // A seek whose server is killed -9 leaves B's list once A's heartbeat stops.
    ws::send(
        &mut on_a,
        serde_json::json!({"t":"seek","seek":{"variant":"hybrid","time":1}}),
    )
    .await;
    let gone = ws::next_of(&mut on_a, "open").await["id"].clone();
    while ws::next_of(&mut on_b, "added").await["seek"]["id"] != gone {}
    s[0].kill();
    while ws::next_of(&mut on_b, "removed").await["id"] != gone {}
    let (_, hello) = ws::lobby(&s[1], None).await;
    assert_eq!(hello["seeks"], serde_json::json!([]));
}
