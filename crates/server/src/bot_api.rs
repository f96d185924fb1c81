//! The Bot API, as lichess's (docs/online.md, "Bot API"): an account turns into a bot
//! (`POST /api/bot/account/upgrade`, only before it has played a rated game; its user JSON
//! then carries `"title": "BOT"`), and a bot plays the seat its account holds with
//! `GET /api/bot/game/stream/{id}` (`gameFull`, then `gameState` lines),
//! `POST /api/bot/game/{id}/move/{move}`, `/abort`, `/resign`, `/draw/{yes|no}`,
//! `/takeback/{yes|no}`, `/claim-victory`, `/chat` ([`crate::game_chat`]). Only bot accounts use these paths; bot accounts may
//! not use the Board API's (lichess's rule, in [`crate::answer::Seated`]).
//!
//! A bot hears of its challenges and games on the account's event stream
//! ([`crate::user_events`]) and answers challenges with [`crate::challenges`]' routes, as a
//! lichess bot does.

// The helpers' errors are the finished error answers, handed straight back by the handlers.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use crate::account::{users, Authed};
use crate::answer::{error, game};
use crate::hub::{Action, Hub, Live};
use baroque_engine::Color;

/// lichess's refusal of a Bot API path to an account that is not a bot.
pub const ONLY_BOTS: &str = "This endpoint can only be used with a Bot account. See \
    POST /api/bot/account/upgrade";

/// lichess's refusal of a Board API path to a bot account.
pub const NOT_FOR_BOTS: &str = "This endpoint cannot be used with a Bot account.";

/// The Bot API's routes (state: the hub).
pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/bot/account/upgrade", post(upgrade))
        .route("/api/bot/online", get(crate::house::online::list))
        .route("/api/bot/game/stream/{id}", get(stream))
        .route("/api/bot/game/{id}/move/{mv}", post(play))
        .route("/api/bot/game/{id}/abort", post(abort))
        .route("/api/bot/game/{id}/resign", post(resign))
        .route("/api/bot/game/{id}/draw/{answer}", post(draw))
        .route("/api/bot/game/{id}/takeback/{answer}", post(takeback))
        .route("/api/bot/game/{id}/claim-victory", post(claim))
        .route("/api/bot/game/{id}/chat", post(chat))
}

/// `POST /api/bot/account/upgrade`: the account becomes a bot, for good; refused (400) once it
/// has played a rated game, as lichess's.
async fn upgrade(State(hub): State<Arc<Hub>>, authed: Authed) -> Response {
    let user = authed.user;
    if user.is_bot() {
        return Json(json!({ "ok": true })).into_response();
    }
    match users::set_bot(hub.store(), &user.id).await {
        Ok(true) => Json(json!({ "ok": true })).into_response(),
        Ok(false) => error(
            StatusCode::BAD_REQUEST,
            "has-played",
            "This account has played rated games: a bot needs a new account.",
        ),
        Err(e) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "server-error",
            &format!("database error: {e}"),
        ),
    }
}

/// The game a Bot API request names (`{id}`) and the seat the bot's account holds in it.
pub struct BotSeat {
    /// The game.
    pub live: Arc<Live>,
    /// The account's seat.
    pub seat: Color,
    /// The account's name.
    pub name: String,
}

impl FromRequestParts<Arc<Hub>> for BotSeat {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<BotSeat, Response> {
        let authed = Authed::from_request_parts(parts, hub)
            .await
            .map_err(IntoResponse::into_response)?;
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, hub)
            .await
            .map_err(IntoResponse::into_response)?;
        if !authed.user.is_bot() {
            return Err(error(StatusCode::BAD_REQUEST, "not-a-bot", ONLY_BOTS));
        }
        let id = params.get("id").map(String::as_str).unwrap_or_default();
        let live = game(hub, id)
            .await
            .map_err(|_| error(StatusCode::NOT_FOUND, "no-game", "No such game"))?;
        let seat = hub
            .seat_of_user(&live, &authed.user.id)
            .await
            .map_err(IntoResponse::into_response)?
            .ok_or_else(|| error(StatusCode::NOT_FOUND, "not-your-game", "Not your game"))?;
        hub.use_seat(&live, seat)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(BotSeat {
            live,
            seat,
            name: authed.user.username,
        })
    }
}

/// `GET /api/bot/game/stream/{id}`: the game as the Board API streams it (`gameFull`, then a
/// `gameState` per change, keep-alive lines).
async fn stream(State(hub): State<Arc<Hub>>, bot: BotSeat) -> Response {
    let live = Arc::clone(&bot.live);
    let stream = crate::api::ndjson(&hub, bot.live, Some(bot.seat)).await;
    crate::game_chat::with_chat(&hub, &live, stream)
}

/// `POST /api/bot/game/{id}/chat` (`room`, `text`): a chat line to the game's streams.
async fn chat(
    State(hub): State<Arc<Hub>>,
    bot: BotSeat,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let name = bot.name.clone();
    crate::game_chat::say(&hub, &bot.live, &name, &headers, &body).await
}

async fn act(hub: &Hub, bot: BotSeat, action: Action) -> Response {
    match hub.act(&bot.live, bot.seat, action).await {
        Ok(_) => Json(json!({ "ok": true })).into_response(),
        Err(r) => r.into_response(),
    }
}

/// `POST /api/bot/game/{id}/move/{move}` (`offeringDraw=true` offers a draw with it).
async fn play(
    State(hub): State<Arc<Hub>>,
    Path((_, mv)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
    bot: BotSeat,
) -> Response {
    if mv.is_empty() || mv.len() > 64 {
        return error(StatusCode::BAD_REQUEST, "illegal-move", "no such move");
    }
    let offering = q.get("offeringDraw").is_some_and(|v| v == "true");
    let (live, seat) = (Arc::clone(&bot.live), bot.seat);
    let answer = act(
        &hub,
        bot,
        Action::Move {
            text: mv,
            ply: None,
        },
    )
    .await;
    if offering && answer.status().is_success() {
        // The offer after the move, as lichess's; refused offers (too many) leave the move.
        let _ = hub.act(&live, seat, Action::Draw(true)).await;
    }
    answer
}

async fn abort(State(hub): State<Arc<Hub>>, bot: BotSeat) -> Response {
    act(&hub, bot, Action::Abort).await
}

async fn resign(State(hub): State<Arc<Hub>>, bot: BotSeat) -> Response {
    act(&hub, bot, Action::Resign).await
}

async fn claim(State(hub): State<Arc<Hub>>, bot: BotSeat) -> Response {
    act(&hub, bot, Action::Claim).await
}

/// lichess's yes/no of an offer's answer (`yes`, `true`; `no`, `false`).
fn yes(answer: &str) -> Option<bool> {
    match answer {
        "yes" | "true" => Some(true),
        "no" | "false" => Some(false),
        _ => None,
    }
}

fn bad_answer() -> Response {
    error(
        StatusCode::BAD_REQUEST,
        "bad-answer",
        "the answer is yes or no",
    )
}

async fn draw(
    State(hub): State<Arc<Hub>>,
    Path((_, answer)): Path<(String, String)>,
    bot: BotSeat,
) -> Response {
    match yes(&answer) {
        Some(y) => act(&hub, bot, Action::Draw(y)).await,
        None => bad_answer(),
    }
}

async fn takeback(
    State(hub): State<Arc<Hub>>,
    Path((_, answer)): Path<(String, String)>,
    bot: BotSeat,
) -> Response {
    match yes(&answer) {
        Some(y) => act(&hub, bot, Action::Takeback(y)).await,
        None => bad_answer(),
    }
}
