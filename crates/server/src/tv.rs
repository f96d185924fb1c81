//! Watching: the games being played now and lichess's TV.
//!
//! - `GET /api/games/live[?variant=omega][&nb=50]`: the live games, best-rated first (read from
//!   the database, so every server sharing one PostgreSQL lists the same; the order is
//!   [`crate::listed`]'s), each with both players' names and ratings and its spectators on every
//!   server ([`crate::crowd`]).
//! - `GET /api/tv/channels`: each game's top live game (its channel is the game's key), with its
//!   better-rated player as lichess's channels show.
//! - `GET /api/tv/feed` and `GET /api/tv/{game}/feed`: NDJSON in lichess's shape: a
//!   `{"t":"featured","d":{…}}` line for the game shown, then a `{"t":"fen","d":{…}}` line after
//!   each of its moves; when it ends the feed moves on to the next top game (a new `featured`),
//!   and an empty line keeps a quiet feed open.
//!
//! A live game is one going with both seats taken, changed since its creation, and changed in
//! the last [`ACTIVE_MS`]; the top one is the best-rated (the mean of its players' ratings in
//! its variant; games without two ratings after, newest first), as lichess TV's. A feed keeps
//! the game it shows until that game ends, then shows the top one.

// The helpers' errors are the finished error answers, handed straight back by the handlers.
#![allow(clippy::result_large_err)]

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use baroque_engine::{Color, GameId};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;

use crate::answer::error;
use crate::clock::{now_ms, TimeControl};
use crate::hub::{Event, Hub, Live, Watching};
use crate::listed::{self, Listed};

/// A game nobody changed for this long is not listed as being played.
pub const ACTIVE_MS: i64 = 10 * 60 * 1000;

/// The most games one list gives.
const MAX_LIST: i64 = 100;

/// How often a feed with nothing to show looks for a game (each look sends an empty line).
const LOOK_EVERY: Duration = Duration::from_secs(2);

/// How often a quiet feed gets an empty line (as the game streams).
const KEEP_ALIVE: Duration = Duration::from_secs(7);

/// The routes (their state the hub).
pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/games/live", get(live_games))
        .route("/api/tv/channels", get(channels))
        .route("/api/tv/feed", get(feed_all))
        .route("/api/tv/{channel}/feed", get(feed_channel))
}

/// The live list's query.
#[derive(Debug, Default, Deserialize)]
pub struct ListQuery {
    /// Only this game's (`ultima`, `omega`, `hybrid`).
    #[serde(default)]
    pub variant: Option<String>,
    /// How many at most (1 to 100, default 50).
    #[serde(default)]
    pub nb: Option<i64>,
}

/// The game key `name` names, or the error answer.
fn channel_of(name: &str) -> Result<GameId, Response> {
    name.parse::<GameId>()
        .map_err(|e: baroque_engine::UnknownGame| {
            error(StatusCode::NOT_FOUND, e.code(), &e.to_string())
        })
}

/// Up to `limit` live games (of `variant` unless empty).
async fn live(hub: &Hub, variant: &str, limit: i64) -> Result<Vec<Listed>, Response> {
    listed::live_games(hub.store(), variant, now_ms() - ACTIVE_MS, limit)
        .await
        .map_err(|e| {
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "server-error",
                &format!("database error: {e}"),
            )
        })
}

/// lichess's `user` of a listed player ([`Listed::player`]): its id and name (an anonymous
/// seat's with `anonymous: true`).
fn user(p: &Value) -> Value {
    let mut u = json!({ "id": p["id"], "name": p["name"] });
    if p["anonymous"] == true {
        u["anonymous"] = Value::Bool(true);
    }
    u
}

/// A live game's entry in the list.
fn entry(hub: &Hub, game: &Listed) -> Value {
    let rec = &game.rec;
    let spectators = hub.spectators(&rec.id);
    let clock = match rec.control {
        TimeControl::Live { limit_ms, inc_ms } => {
            json!({ "initial": limit_ms, "increment": inc_ms })
        }
        _ => Value::Null,
    };
    json!({
        "id": rec.id,
        "variant": { "key": rec.variant },
        "speed": match rec.control {
            TimeControl::Live { .. } => "live",
            TimeControl::Days { .. } => "correspondence",
            TimeControl::Unlimited => "unlimited",
        },
        "clock": clock,
        "createdAt": rec.created,
        "lastMoveAt": rec.turn_start,
        "players": { "white": game.player(Color::White), "black": game.player(Color::Black) },
        "spectators": spectators,
        "url": format!("/game/{}", rec.id),
    })
}

async fn live_games(State(hub): State<Arc<Hub>>, Query(q): Query<ListQuery>) -> Response {
    let variant = match q.variant.as_deref().filter(|v| !v.is_empty()) {
        None => String::new(),
        Some(v) => match channel_of(v) {
            Ok(g) => g.as_str().to_string(),
            Err(r) => return r,
        },
    };
    let limit = q.nb.unwrap_or(50).clamp(1, MAX_LIST);
    match live(&hub, &variant, limit).await {
        Ok(games) => {
            let list: Vec<Value> = games.iter().map(|g| entry(&hub, g)).collect();
            (
                [(header::CACHE_CONTROL, "no-store")],
                Json(json!({ "games": list })),
            )
                .into_response()
        }
        Err(r) => r,
    }
}

async fn channels(State(hub): State<Arc<Hub>>) -> Response {
    let mut out = serde_json::Map::new();
    for g in GameId::ALL {
        let top = match live(&hub, g.as_str(), 1).await {
            Ok(t) => t,
            Err(r) => return r,
        };
        if let Some(game) = top.first() {
            let c = game.stronger();
            let p = game.player(c);
            out.insert(
                g.as_str().to_string(),
                json!({
                    "user": user(&p),
                    "rating": p["rating"],
                    "gameId": game.rec.id,
                    "color": c.as_str(),
                }),
            );
        }
    }
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(Value::Object(out)),
    )
        .into_response()
}

async fn feed_all(State(hub): State<Arc<Hub>>) -> Response {
    feed(hub, String::new())
}

async fn feed_channel(State(hub): State<Arc<Hub>>, Path(channel): Path<String>) -> Response {
    match channel_of(&channel) {
        Ok(g) => feed(hub, g.as_str().to_string()),
        Err(r) => r,
    }
}

/// The game a feed shows.
struct Showing {
    live: Arc<Live>,
    rx: Receiver<Arc<Event>>,
    _watching: Watching,
}

/// A feed's state: its channel (empty: every game), the game shown, lines waiting.
struct Feed {
    hub: Arc<Hub>,
    channel: String,
    showing: Option<Showing>,
    lines: VecDeque<String>,
}

/// A `fen` line for a `gameState`.
fn fen_line(state: &Value) -> String {
    let last = state["moves"]
        .as_str()
        .and_then(|m| m.split_whitespace().last())
        .unwrap_or("");
    let secs = |k: &str| state[k].as_i64().unwrap_or(0) / 1000;
    json!({
        "t": "fen",
        "d": { "fen": state["fen"], "lm": last, "wc": secs("wtime"), "bc": secs("btime") },
    })
    .to_string()
}

impl Feed {
    /// Looks for the top live game and starts showing it: its `featured` line queued. Gives
    /// whether there is one.
    async fn pick(&mut self) -> bool {
        let Ok(top) = live(&self.hub, &self.channel, 1).await else {
            return false;
        };
        let Some(top) = top.first() else {
            return false;
        };
        let Ok(Some(live)) = self.hub.get(&top.rec.id).await else {
            return false;
        };
        self.hub.catch_up(&live).await;
        let (featured, state, rx) = {
            let st = live.state.lock().await;
            let state = st.rec.state_json(&st.game, now_ms());
            let secs = |c: Color| {
                state[if c == Color::White { "wtime" } else { "btime" }]
                    .as_i64()
                    .unwrap_or(0)
                    / 1000
            };
            let players: Vec<Value> = Color::ALL
                .iter()
                .map(|&c| {
                    let p = top.player(c);
                    let mut seat = json!({
                        "color": c.as_str(),
                        "user": user(&p),
                        "rating": p["rating"],
                        "seconds": secs(c),
                    });
                    if p["provisional"] == true {
                        seat["provisional"] = Value::Bool(true);
                    }
                    seat
                })
                .collect();
            let featured = json!({
                "t": "featured",
                "d": {
                    "id": st.rec.id,
                    "variant": { "key": st.rec.variant },
                    "orientation": "white",
                    "players": players,
                    "fen": state["fen"],
                },
            });
            (featured.to_string(), state, live.subscribe())
        };
        self.lines.push_back(featured);
        if state["ply"].as_u64().unwrap_or(0) > 0 {
            self.lines.push_back(fen_line(&state));
        }
        let _watching = live.watch();
        self.showing = Some(Showing {
            live,
            rx,
            _watching,
        });
        true
    }

    /// The next line to send (empty: a keep-alive).
    async fn next(&mut self) -> String {
        loop {
            if let Some(line) = self.lines.pop_front() {
                return line;
            }
            let Some(showing) = self.showing.as_mut() else {
                if self.pick().await {
                    continue;
                }
                tokio::time::sleep(LOOK_EVERY).await;
                return String::new();
            };
            let state = match tokio::time::timeout(KEEP_ALIVE, showing.rx.recv()).await {
                Err(_) => return String::new(),
                Ok(Ok(ev)) => serde_json::from_str::<Value>(&ev.json).unwrap_or(Value::Null),
                Ok(Err(RecvError::Lagged(_))) => {
                    let st = showing.live.state.lock().await;
                    st.rec.state_json(&st.game, now_ms())
                }
                Ok(Err(RecvError::Closed)) => {
                    self.showing = None;
                    continue;
                }
            };
            if state["status"] != "started" {
                // The game ended: its last position, then the next game.
                self.showing = None;
            }
            return fen_line(&state);
        }
    }
}

/// The NDJSON feed of `channel` (empty: every game).
fn feed(hub: Arc<Hub>, channel: String) -> Response {
    let feed = Feed {
        hub,
        channel,
        showing: None,
        lines: VecDeque::new(),
    };
    let stream = futures_util::stream::unfold(feed, |mut f| async move {
        let line = f.next().await;
        Some((Ok::<_, Infallible>(format!("{line}\n")), f))
    });
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}
