//! The HTTP routes: the challenge, the Board API in lichess's shape and the spectator stream
//! (see docs/online.md for every call with examples). The page's WebSocket has a module and
//! routes of its own; the server puts both under the same limits ([`crate::start`]).

// The helpers' errors are the finished error answers, handed straight back by the handlers.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use crate::answer::{base_url, game, Refusal, Seated};
use crate::clock::{now_ms, TimeControl};
use crate::hub::{Action, Challenge, Hub, Live};
use baroque_engine::clock::TimeControl as EngineControl;
use baroque_engine::Color;

/// How often a quiet stream gets an empty line (lichess's keep-alive).
const KEEP_ALIVE: Duration = Duration::from_secs(7);

/// The routes (their state the hub; their limits are put on by the server, [`crate::start`]).
pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/challenge/open", post(open_challenge))
        .route("/api/challenge", get(crate::challenges::routes::list))
        .route(
            "/api/challenge/{username}",
            post(crate::challenges::routes::create),
        )
        .route(
            "/api/challenge/{id}/accept",
            post(crate::challenges::routes::accept),
        )
        .route(
            "/api/challenge/{id}/decline",
            post(crate::challenges::routes::decline),
        )
        .route(
            "/api/challenge/{id}/cancel",
            post(crate::challenges::routes::cancel),
        )
        .route("/api/stream/event", get(crate::user_events::stream))
        .route("/api/account/playing", get(crate::user_events::now_playing))
        .route("/api/board/seat", get(seat))
        .route("/api/board/game/stream/{id}", get(board_stream))
        .route("/api/stream/game/{id}", get(spectator_stream))
        .route("/api/board/game/{id}/move/{mv}", post(board_move))
        .route("/api/board/game/{id}/resign", post(resign))
        .route("/api/board/game/{id}/draw/{answer}", post(draw))
        .route("/api/board/game/{id}/takeback/{answer}", post(takeback))
        .route("/api/board/game/{id}/rematch/{answer}", post(rematch))
        .route("/api/board/game/{id}/claim-victory", post(claim))
        .route("/api/board/game/{id}/chat", post(board_chat))
        .route("/api/board/game/{id}/abort", post(abort))
        .route("/api/board/game/{id}/join", post(crate::invite::join))
        .route(
            "/api/board/game/{id}/transfer",
            post(crate::invite::transfer),
        )
        .route("/api/game/{id}", get(game_json))
        .merge(crate::bot_api::routes())
}

// Guard's answers are made with the same function, and the account routes read the token so.
pub use crate::answer::{bearer, error};

/// The challenge's fields from a form or JSON body.
pub(crate) fn fields(headers: &HeaderMap, body: &[u8]) -> Result<Vec<(String, String)>, String> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !json {
        return serde_urlencoded::from_bytes::<Vec<(String, String)>>(body)
            .map_err(|e| format!("bad form: {e}"));
    }
    let v: serde_json::Map<String, Value> =
        serde_json::from_slice(body).map_err(|e| format!("bad JSON: {e}"))?;
    let mut out = Vec::new();
    for (k, v) in v {
        match v {
            Value::Object(inner) => {
                for (k2, v2) in inner {
                    out.push((format!("{k}.{k2}"), scalar(&v2)?));
                }
            }
            other => out.push((k, scalar(&other)?)),
        }
    }
    Ok(out)
}

fn scalar(v: &Value) -> Result<String, String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        _ => Err("challenge fields are strings, numbers or booleans".into()),
    }
}

/// lichess fields that mean nothing here and are ignored.
const IGNORED: [&str; 3] = ["name", "rules", "users"];

pub(crate) fn challenge(fields: Vec<(String, String)>) -> Result<Challenge, String> {
    let mut ch = Challenge::default();
    let (mut limit, mut inc, mut days) = (None, None, None);
    let seconds = |k: &str, v: &str| -> Result<i64, String> {
        v.trim()
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 1e7)
            .map(|s| (s * 1000.0).round() as i64)
            .ok_or_else(|| format!("{k} must be a number of seconds, not '{v}'"))
    };
    for (k, v) in fields {
        match k.as_str() {
            "variant" => ch.variant = v,
            "fen" => ch.fen = Some(v).filter(|f| !f.trim().is_empty()),
            "array" => ch.array = Some(v).filter(|a| !a.is_empty()),
            "color" => ch.color = Some(v),
            "rated" => {
                ch.rated = match v.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("rated must be true or false, not '{v}'")),
                }
            }
            "clock.limit" => limit = Some(seconds(&k, &v)?),
            "clock.increment" => inc = Some(seconds(&k, &v)?),
            "days" => {
                days = Some(
                    v.trim()
                        .parse::<i64>()
                        .map_err(|_| format!("days must be a whole number, not '{v}'"))?,
                )
            }
            k if IGNORED.contains(&k) => {}
            _ => ch.options.push(format!("{k}={v}")),
        }
    }
    if ch.variant.is_empty() {
        return Err("variant is required".into());
    }
    // One check for every way a clock comes in: the engine's (the page's dialog, URL and PGN
    // use the same bounds).
    let checked = |r: Result<EngineControl, baroque_engine::clock::TimeControlError>| {
        r.map_err(|e| e.to_string())
    };
    ch.control = match (limit, inc, days) {
        (None, None, None) => None,
        (_, _, Some(_)) if limit.is_some() || inc.is_some() => {
            return Err("give clock.limit and clock.increment, or days, not both".into())
        }
        (_, _, Some(d)) => {
            let d = u32::try_from(d).unwrap_or(0);
            checked(EngineControl::correspondence(d))?;
            Some(TimeControl::Days { days: d.into() })
        }
        (l, i, None) => {
            let (l, i) = (l.unwrap_or(0), i.unwrap_or(0));
            checked(EngineControl::clock(l as u64, i as u64))?;
            Some(TimeControl::Live {
                limit_ms: l,
                inc_ms: i,
            })
        }
    };
    Ok(ch)
}

async fn open_challenge(State(hub): State<Arc<Hub>>, headers: HeaderMap, body: Bytes) -> Response {
    let mut ch = match fields(&headers, &body).and_then(challenge) {
        Ok(c) => c,
        Err(e) => return error(StatusCode::BAD_REQUEST, "bad-challenge", &e),
    };
    // A logged-in creator (session cookie or API token) plays on its account.
    match crate::answer::account_of(&hub, &headers, true).await {
        Ok(user) => ch.users[0] = user.map(|u| u.id),
        Err(r) => return r.into_response(),
    }
    let created = match hub.create(&ch).await {
        Ok(c) => c,
        Err(r) => return r.into_response(),
    };
    let rec = &created.rec;
    let base = base_url(&headers);
    let url = format!("{base}/game/{}", rec.id);
    let seat_url = |c: Color| crate::invite::link(&base, &rec.id, &created.invites[c]);
    Json(json!({
        "id": rec.id,
        "variant": { "key": rec.variant },
        "rules": rec.option_pairs(),
        "url": url,
        "urlWhite": seat_url(Color::White),
        "urlBlack": seat_url(Color::Black),
        "tokenWhite": created.tokens[Color::White],
        "tokenBlack": created.tokens[Color::Black],
        "creatorColor": created.creator.as_str(),
        "creatorUrl": seat_url(created.creator),
        "inviteUrl": seat_url(created.creator.other()),
        "rated": rec.rated,
    }))
    .into_response()
}

async fn seat(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Response {
    let Some(token) = bearer(&headers).filter(|t| t.len() <= 64) else {
        return Refusal::bad_token().into_response();
    };
    let id = match hub.store().game_of_token(&crate::token::hash(token)).await {
        Ok(Some(id)) => id,
        Ok(None) => return Refusal::bad_token().into_response(),
        Err(e) => {
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "server-error",
                &e.to_string(),
            )
        }
    };
    let live = match game(&hub, &id).await {
        Ok(l) => l,
        Err(r) => return r.into_response(),
    };
    match live.seat_of_token(token) {
        Some(s) => Json(json!({ "gameId": id, "color": s.as_str() })).into_response(),
        None => Refusal::bad_token().into_response(),
    }
}

/// Marks a seat connected while a stream lives.
struct Attendance {
    live: Arc<Live>,
    seat: Option<Color>,
    /// A spectator counted while the stream lives.
    _watching: Option<crate::hub::Watching>,
}

impl Drop for Attendance {
    fn drop(&mut self) {
        if let Some(s) = self.seat {
            self.live.presence.leave(s);
        }
    }
}

/// A game's NDJSON stream for `seat` (`None`: a spectator): `gameFull`, then its events.
pub(crate) async fn ndjson(hub: &Hub, live: Arc<Live>, seat: Option<Color>) -> Response {
    hub.catch_up(&live).await;
    let seats = live.state.lock().await.rec.seats();
    let people = crate::standing::shown(hub.store(), &seats).await;
    let (first, rx) = {
        let st = live.state.lock().await;
        (
            st.rec.full_json(&st.game, now_ms(), &people).to_string(),
            live.subscribe(),
        )
    };
    if let Some(s) = seat {
        live.presence.join(s);
    }
    let _watching = seat.is_none().then(|| live.watch());
    let attendance = Attendance {
        live,
        seat,
        _watching,
    };
    let stream = futures_util::stream::unfold(
        (Some(first), rx, attendance),
        |(first, mut rx, att)| async move {
            if let Some(line) = first {
                return Some((Ok::<_, Infallible>(format!("{line}\n")), (None, rx, att)));
            }
            let line = match tokio::time::timeout(KEEP_ALIVE, rx.recv()).await {
                Err(_) => String::new(),
                Ok(Ok(ev)) => ev.json.clone(),
                Ok(Err(RecvError::Lagged(_))) => {
                    let st = att.live.state.lock().await;
                    st.rec.state_json(&st.game, now_ms()).to_string()
                }
                Ok(Err(RecvError::Closed)) => return None,
            };
            Some((Ok(format!("{line}\n")), (None, rx, att)))
        },
    );
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}

async fn board_stream(State(hub): State<Arc<Hub>>, seated: Seated) -> Response {
    let live = Arc::clone(&seated.live);
    let stream = ndjson(&hub, seated.live, Some(seated.seat)).await;
    crate::game_chat::with_chat(&hub, &live, stream)
}

/// `POST /api/board/game/{id}/chat` (`room`, `text`): a chat line from the seat (its account's
/// name, or the seat's colour for an anonymous seat) to the game's streams.
async fn board_chat(
    State(hub): State<Arc<Hub>>,
    seated: Seated,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let name = {
        let st = seated.live.state.lock().await;
        st.rec.users[seated.seat]
            .clone()
            .unwrap_or_else(|| seated.seat.as_str().to_string())
    };
    crate::game_chat::say(&hub, &seated.live, &name, &headers, &body).await
}

/// `GET /api/game/{id}`: the game's `gameFull` JSON now (no token).
async fn game_json(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let live = match game(&hub, &id).await {
        Ok(l) => l,
        Err(r) => return r.into_response(),
    };
    hub.catch_up(&live).await;
    let seats = live.state.lock().await.rec.seats();
    let people = crate::standing::shown(hub.store(), &seats).await;
    let st = live.state.lock().await;
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(st.rec.full_json(&st.game, now_ms(), &people)),
    )
        .into_response()
}

async fn spectator_stream(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match game(&hub, &id).await {
        Ok(live) => ndjson(&hub, live, None).await,
        Err(r) => r.into_response(),
    }
}

/// Does `action` for the seat: `{"ok":true}`, or the refusal.
async fn act(hub: &Hub, seated: Seated, action: Action) -> Response {
    match hub.act(&seated.live, seated.seat, action).await {
        Ok(_) => Json(json!({ "ok": true })).into_response(),
        Err(r) => r.into_response(),
    }
}

/// Does `action` for the seat `headers`' token holds in game `id` (checked after the request's
/// own fields, as lichess does).
async fn act_in(hub: &Arc<Hub>, id: &str, headers: &HeaderMap, action: Action) -> Response {
    match Seated::of(hub, id, headers, true).await {
        Ok(seated) => act(hub, seated, action).await,
        Err(r) => r.into_response(),
    }
}

fn yes_no(answer: &str) -> Result<bool, Response> {
    match answer {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(error(
            StatusCode::BAD_REQUEST,
            "bad-answer",
            "the answer is yes or no",
        )),
    }
}

async fn board_move(
    State(hub): State<Arc<Hub>>,
    Path((id, mv)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let ply = match q.get("ply").map(|p| p.parse::<usize>()) {
        None => None,
        Some(Ok(p)) => Some(p),
        Some(Err(_)) => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad-ply",
                "ply must be a whole number",
            )
        }
    };
    if mv.is_empty() || mv.len() > 64 {
        return error(StatusCode::BAD_REQUEST, "illegal-move", "no such move");
    }
    act_in(&hub, &id, &headers, Action::Move { text: mv, ply }).await
}

async fn resign(State(hub): State<Arc<Hub>>, seated: Seated) -> Response {
    act(&hub, seated, Action::Resign).await
}

async fn abort(State(hub): State<Arc<Hub>>, seated: Seated) -> Response {
    act(&hub, seated, Action::Abort).await
}

async fn claim(State(hub): State<Arc<Hub>>, seated: Seated) -> Response {
    act(&hub, seated, Action::Claim).await
}

async fn draw(
    State(hub): State<Arc<Hub>>,
    Path((id, a)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    match yes_no(&a) {
        Ok(y) => act_in(&hub, &id, &headers, Action::Draw(y)).await,
        Err(r) => r,
    }
}

async fn takeback(
    State(hub): State<Arc<Hub>>,
    Path((id, a)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    match yes_no(&a) {
        Ok(y) => act_in(&hub, &id, &headers, Action::Takeback(y)).await,
        Err(r) => r,
    }
}

async fn rematch(
    State(hub): State<Arc<Hub>>,
    Path((id, a)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    match yes_no(&a) {
        Ok(y) => act_in(&hub, &id, &headers, Action::Rematch(y)).await,
        Err(r) => r,
    }
}
