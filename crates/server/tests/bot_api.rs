//! The Bot API driven in lichess-bot's order by a small client of its own (reqwest and JSON
//! only, none of the server's types): the account, its games in progress, the event stream, a
//! human's challenge accepted, the game's stream, moves to the end. Also lichess's rules on who may use which
//! paths, and Baroque's `POST /api/bot/seek` (a bot's seek in the lobby, taken by people only).

mod common;

use std::time::Duration;

use baroque_engine::setup::build_game;
use common::accounts::account;
use common::ws::{lobby, next_of, send};
use common::{fresh_db, Server};
use serde_json::{json, Value};

/// A lichess-style bot client: a server address and an API token.
struct Client {
    http: reqwest::Client,
    base: String,
    token: String,
}

/// An NDJSON stream read line by line (empty keep-alive lines skipped).
struct Stream {
    resp: reqwest::Response,
    buf: Vec<u8>,
}

impl Stream {
    async fn next(&mut self) -> Value {
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
                let chunk = self.resp.chunk().await.unwrap().expect("stream open");
                self.buf.extend_from_slice(&chunk);
            }
        })
        .await
        .expect("a line within 10 s")
    }

    async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
        }
    }
}

impl Client {
    fn new(base: &str, token: &str) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: base.to_string(),
            token: token.to_string(),
        }
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .form(form)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    async fn stream(&self, path: &str) -> Stream {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200, "{path}");
        Stream {
            resp,
            buf: Vec::new(),
        }
    }
}

/// The bot's move generator: a move that wins at once if there is one, else the first legal
/// move.
fn choose(variant: &str, fen: &str, moves: &str) -> String {
    let played: Vec<&str> = moves.split_whitespace().collect();
    let game = build_game(variant, Some(fen), &[], &played).unwrap();
    let legal = game.position().legal_moves();
    let mut first = None;
    for m in legal.iter() {
        let mut next = game.clone();
        next.play(m);
        let text = game.position().move_text(m);
        if next.status().is_over() {
            return text;
        }
        first.get_or_insert(text);
    }
    first.expect("a legal move")
}

/// Omega, White's Bishop on e2 mates at once (from the engine's rule tests).
const MATE_IN_ONE: &str = "10/10/10/10/4K5/10/10/4B5/10/10[k/-/-/-] w - - 0 1";

#[tokio::test]
async fn a_bot_plays_a_humans_challenge_in_lichess_bots_order() {
    let s = Server::start(&fresh_db(), &[]);
    let human = Client::new(&s.url, &account(&s, "alice").await.token);
    let bot = Client::new(&s.url, &account(&s, "RoboCop").await.token);

    // Not a bot yet: the Bot API refuses, as lichess's.
    let (code, v) = bot.get("/api/bot/game/stream/nonesuch").await;
    assert_eq!(code, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("Bot account"), "{v}");
    let (code, v) = bot.post("/api/bot/account/upgrade", &[]).await;
    assert_eq!((code, v), (200, json!({"ok": true})));

    // lichess-bot: the account, then the event stream.
    let (code, me) = bot.get("/api/account").await;
    assert_eq!(code, 200);
    assert_eq!(me["id"], "robocop");
    assert_eq!(me["username"], "RoboCop");
    assert_eq!(me["title"], "BOT");
    let (_, alice) = human.get("/api/account").await;
    assert!(alice.get("title").is_none(), "{alice}");
    let (code, playing) = bot.get("/api/account/playing").await;
    assert_eq!((code, playing), (200, json!({"nowPlaying": []})));
    let mut events = bot.stream("/api/stream/event").await;

    // A human challenges the bot; the bot hears of it and accepts.
    let (code, ch) = human
        .post(
            "/api/challenge/robocop",
            &[
                ("variant", "omega"),
                ("fen", MATE_IN_ONE),
                ("clock.limit", "60"),
                ("clock.increment", "1"),
                ("color", "black"),
            ],
        )
        .await;
    assert_eq!(code, 200, "{ch}");
    let challenge = events.next_of("challenge").await["challenge"].clone();
    assert_eq!(challenge["id"], ch["id"]);
    assert_eq!(challenge["challenger"]["id"], "alice");
    assert_eq!(challenge["destUser"]["title"], "BOT");
    let id = challenge["id"].as_str().unwrap();
    let (code, v) = bot.post(&format!("/api/challenge/{id}/accept"), &[]).await;
    assert_eq!((code, v), (200, json!({"ok": true})));

    // gameStart, then the game's stream: gameFull first.
    let start = events.next_of("gameStart").await["game"].clone();
    let game = start["gameId"].as_str().unwrap().to_string();
    assert_eq!(start["color"], "white");
    assert_eq!(start["isMyTurn"], true);
    let (_, playing) = bot.get("/api/account/playing").await;
    assert_eq!(playing["nowPlaying"][0]["gameId"], game.as_str());
    assert_eq!(playing["nowPlaying"][0]["opponent"]["id"], "alice");
    let mut stream = bot.stream(&format!("/api/bot/game/stream/{game}")).await;
    let full = stream.next().await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["id"], game.as_str());
    assert_eq!(full["variant"]["key"], "omega");
    assert_eq!(full["clock"]["initial"], 60_000);
    assert_eq!(full["white"]["id"], "robocop");
    assert_eq!(full["black"]["id"], "alice");
    assert_eq!(full["state"]["type"], "gameState");
    let fen = full["initialFen"].as_str().unwrap().to_string();

    // Paths refused: the human on the Bot API, the bot on the Board API, a bad move.
    let (code, v) = human.get(&format!("/api/bot/game/stream/{game}")).await;
    assert_eq!(code, 400, "{v}");
    let (code, v) = bot
        .post(&format!("/api/board/game/{game}/move/e2d3"), &[])
        .await;
    assert_eq!(code, 400, "{v}");
    assert_eq!(
        v["error"],
        "This endpoint cannot be used with a Bot account."
    );
    let (code, _) = bot
        .post(&format!("/api/bot/game/{game}/move/a1a1"), &[])
        .await;
    assert_eq!(code, 400);
    let (code, _) = human
        .post(&format!("/api/bot/game/{game}/resign"), &[])
        .await;
    assert_eq!(code, 400);

    // Chat, as lichess-bot greets: the bot's line is taken, the human's reaches the bot's stream.
    let greeting = [("room", "player"), ("text", "Hi! Good luck!")];
    let (code, v) = bot
        .post(&format!("/api/bot/game/{game}/chat"), &greeting)
        .await;
    assert_eq!((code, v), (200, json!({"ok": true})));
    let (code, _) = bot
        .post(
            &format!("/api/bot/game/{game}/chat"),
            &[("room", "lobby"), ("text", "x")],
        )
        .await;
    assert_eq!(code, 400);
    let reply = [("room", "player"), ("text", "Have fun")];
    let (code, _) = human
        .post(&format!("/api/board/game/{game}/chat"), &reply)
        .await;
    assert_eq!(code, 200);
    let line = loop {
        let v = stream.next().await;
        if v["type"] == "chatLine" && v["username"] == "alice" {
            break v;
        }
    };
    assert_eq!(
        line,
        json!({"type": "chatLine", "room": "player", "username": "alice", "text": "Have fun"})
    );

    // The bot moves; its move ends the game.
    let mv = choose("omega", &fen, full["state"]["moves"].as_str().unwrap());
    let (code, v) = bot
        .post(&format!("/api/bot/game/{game}/move/{mv}"), &[])
        .await;
    assert_eq!((code, v), (200, json!({"ok": true})));
    let state = loop {
        let v = stream.next().await;
        if v["type"] == "gameState" && v["status"] != "started" {
            break v;
        }
    };
    assert_eq!(state["status"], "mate");
    assert_eq!(state["winner"], "white");
    assert_eq!(state["moves"], mv.as_str());
    let end = events.next_of("gameFinish").await["game"].clone();
    assert_eq!(end["gameId"], game.as_str());
    assert_eq!(end["winner"], "white");
    // Over: the bot's further moves are refused.
    let (code, _) = bot.post(&format!("/api/bot/game/{game}/resign"), &[]).await;
    assert_eq!(code, 400);
}

#[tokio::test]
async fn a_bot_aborts_and_resigns_and_others_games_are_not_its_own() {
    let s = Server::start(&fresh_db(), &[]);
    let human = Client::new(&s.url, &account(&s, "bob").await.token);
    let bot = Client::new(&s.url, &account(&s, "botty").await.token);
    let other = Client::new(&s.url, &account(&s, "other_bot").await.token);
    for b in [&bot, &other] {
        assert_eq!(b.post("/api/bot/account/upgrade", &[]).await.0, 200);
    }
    let mut events = bot.stream("/api/stream/event").await;
    let play = |color: &'static str| {
        [
            ("variant", "ultima"),
            ("clock.limit", "300"),
            ("color", color),
        ]
    };
    let (_, ch) = human.post("/api/challenge/botty", &play("white")).await;
    let id = ch["id"].as_str().unwrap();
    assert_eq!(
        bot.post(&format!("/api/challenge/{id}/accept"), &[])
            .await
            .0,
        200
    );
    let game = events.next_of("gameStart").await["game"]["gameId"]
        .as_str()
        .unwrap()
        .to_string();
    // lichess's rule: no UltraBullet with a bot.
    let (code, v) = human
        .post(
            "/api/challenge/botty",
            &[("variant", "ultima"), ("clock.limit", "15")],
        )
        .await;
    assert_eq!(
        (code, v["error"].clone()),
        (400, json!("Bots cannot play UltraBullet."))
    );
    // Another bot: not its game (404); no such game (404).
    let (code, v) = other
        .post(&format!("/api/bot/game/{game}/abort"), &[])
        .await;
    assert_eq!((code, v["error"].clone()), (404, json!("Not your game")));
    let (code, _) = bot.post("/api/bot/game/nonesuch/abort", &[]).await;
    assert_eq!(code, 404);
    // Before both sides moved, the bot aborts.
    assert_eq!(
        bot.post(&format!("/api/bot/game/{game}/abort"), &[])
            .await
            .0,
        200
    );
    let end = events.next_of("gameFinish").await["game"].clone();
    assert_eq!(end["status"]["name"], "aborted");
    // Another game: the bot resigns.
    let (_, ch) = human.post("/api/challenge/botty", &play("black")).await;
    let id = ch["id"].as_str().unwrap();
    assert_eq!(
        bot.post(&format!("/api/challenge/{id}/accept"), &[])
            .await
            .0,
        200
    );
    let game = events.next_of("gameStart").await["game"]["gameId"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        bot.post(&format!("/api/bot/game/{game}/resign"), &[])
            .await
            .0,
        200
    );
    let end = events.next_of("gameFinish").await["game"].clone();
    assert_eq!(end["status"]["name"], "resign");
    assert_eq!(end["winner"], "black");
}

#[tokio::test]
async fn an_account_that_played_a_rated_game_cannot_become_a_bot() {
    let s = Server::start(&fresh_db(), &[]);
    let alice = Client::new(&s.url, &account(&s, "alice").await.token);
    let bob = Client::new(&s.url, &account(&s, "bob").await.token);
    let mut events = alice.stream("/api/stream/event").await;
    let (code, ch) = alice
        .post(
            "/api/challenge/bob",
            &[
                ("variant", "omega"),
                ("rated", "true"),
                ("clock.limit", "600"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(code, 200, "{ch}");
    let id = ch["id"].as_str().unwrap();
    assert_eq!(
        bob.post(&format!("/api/challenge/{id}/accept"), &[])
            .await
            .0,
        200
    );
    let game = events.next_of("gameStart").await["game"]["gameId"]
        .as_str()
        .unwrap()
        .to_string();
    // Both move (the game counts), then White resigns: a rated game played.
    for (who, mv) in [(&alice, "e1e4"), (&bob, "e8e5")] {
        let (code, v) = who
            .post(&format!("/api/board/game/{game}/move/{mv}"), &[])
            .await;
        assert_eq!(code, 200, "{mv}: {v}");
    }
    assert_eq!(
        alice
            .post(&format!("/api/board/game/{game}/resign"), &[])
            .await
            .0,
        200
    );
    let end = events.next_of("gameFinish").await["game"].clone();
    assert!(end["ratingDiff"].as_i64().is_some_and(|d| d < 0), "{end}");
    let (code, v) = alice.post("/api/bot/account/upgrade", &[]).await;
    assert_eq!(code, 400, "{v}");
    assert_eq!(v["code"], "has-played");
    let (_, me) = alice.get("/api/account").await;
    assert!(me.get("title").is_none(), "{me}");
}

/// A seek request of `token`'s to `path` with `form`: its status and, while it waits, its
/// response (an empty line a second; its last line the game).
async fn seek(
    s: &Server,
    path: &str,
    token: Option<&str>,
    form: &[(&str, &str)],
) -> reqwest::Response {
    let mut r = reqwest::Client::new()
        .post(format!("{}{path}", s.url))
        .form(form);
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    r.send().await.unwrap()
}

#[tokio::test]
async fn a_bot_seeks_with_the_bot_api_and_only_people_take_its_seeks() {
    let s = Server::start(&fresh_db(), &[]);
    let bot_token = account(&s, "seeker").await.token;
    let other_token = account(&s, "seeker2").await.token;
    let person = account(&s, "carol").await.token;
    let bot = Client::new(&s.url, &bot_token);
    let other = Client::new(&s.url, &other_token);
    for b in [&bot, &other] {
        assert_eq!(b.post("/api/bot/account/upgrade", &[]).await.0, 200);
    }
    let omega = [("variant", "omega"), ("time", "5"), ("increment", "3")];
    // lichess's rule: the Board API's seek is not a bot's; Baroque's bot seek is a bot's only.
    let r = seek(&s, "/api/board/seek", Some(&bot_token), &omega).await;
    assert_eq!(r.status(), 400);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["code"], "bot-account", "{v}");
    let r = seek(&s, "/api/bot/seek", Some(&person), &omega).await;
    assert_eq!(r.status(), 400);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "not-a-bot");
    let r = seek(&s, "/api/bot/seek", None, &omega).await;
    assert_eq!(r.status(), 401);
    // Nor does a bot seek or take seeks on the lobby's socket.
    let (mut bot_ws, _) = lobby(&s, Some(&bot_token)).await;
    send(
        &mut bot_ws,
        json!({"t":"seek","seek":{"variant":"omega","time":5}}),
    )
    .await;
    assert_eq!(next_of(&mut bot_ws, "error").await["code"], "bot-account");
    // The bot's seek waits, listed; another bot's seek on the same terms does not pair with it.
    let mut events = bot.stream("/api/stream/event").await;
    let waiting = seek(&s, "/api/bot/seek", Some(&bot_token), &omega).await;
    assert_eq!(waiting.status(), 200);
    let others = seek(&s, "/api/bot/seek", Some(&other_token), &omega).await;
    assert_eq!(others.status(), 200);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (mut guest, hello) = lobby(&s, None).await;
    let seeks = hello["seeks"].as_array().unwrap();
    assert_eq!(seeks.len(), 2, "{hello}");
    let mine = seeks.iter().find(|x| x["username"] == "seeker").unwrap();
    assert_eq!(mine["title"], "BOT", "{mine}");
    let id = mine["id"].as_str().unwrap().to_string();
    // The other bot goes: its seek leaves the lobby within a few seconds (a second's keep-alive).
    drop(others);
    let gone = tokio::time::timeout(Duration::from_secs(6), next_of(&mut guest, "removed"))
        .await
        .expect("the other bot's seek removed");
    assert_ne!(gone["id"], id.as_str());
    // A guest takes the bot's seek: the game is on the bot's event stream and its seek's answer.
    send(&mut guest, json!({"t":"accept","id":id})).await;
    let paired = next_of(&mut guest, "paired").await;
    let game = paired["game"].as_str().unwrap().to_string();
    let start = events.next_of("gameStart").await;
    assert_eq!(start["game"]["gameId"], game.as_str());
    let mut text = String::new();
    let mut body = waiting;
    while let Some(chunk) = tokio::time::timeout(Duration::from_secs(5), body.chunk())
        .await
        .unwrap()
        .unwrap()
    {
        text.push_str(std::str::from_utf8(&chunk).unwrap());
    }
    let last: Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(last["gameId"], game.as_str());
    assert_ne!(last["color"], paired["color"]);
    // The bot plays it with the Bot API.
    let mut stream = bot.stream(&format!("/api/bot/game/stream/{game}")).await;
    assert_eq!(stream.next_of("gameFull").await["id"], game.as_str());
}
