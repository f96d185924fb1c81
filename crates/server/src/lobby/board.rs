//! `POST /api/board/seek`, lichess's: form or JSON fields `variant`, `rated`, `time` (minutes)
//! and `increment` (seconds) or `days`, `color`, `ratingRange` (`1500-1800`), and Baroque's
//! `options` (rule options, `name=value` separated by spaces) and `array`. With
//! `Authorization: Bearer` (an account's API token) the seek is the account's; without, an
//! anonymous casual one.
//!
//! A live seek's request stays open (an empty line every few seconds, as lichess's) until it
//! is paired: its last line is `{"gameId","color","token"}` (the seat token; an account may
//! use its own token as well), and it ends. Closing the request cancels the seek. A
//! correspondence seek answers `{"id","token"}` at once: the game, once paired, is found with
//! `GET /api/board/seat` and that token (or in the account's event stream).
//!
//! A bot account may not use it (lichess's rule for the Board API); it seeks with Baroque's
//! `POST /api/bot/seek` instead, the same fields and answers, its waiting request kept alive
//! every second. Two bots' seeks never pair ([`super::seek::fits`]).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use tokio::sync::mpsc;

use super::player::{Player, Who};
use super::seek::Request;
use super::{Lobby, Paired, Posted};
use crate::answer::{error, Refusal};

/// How often a waiting seek's request gets an empty line.
const KEEP_ALIVE: Duration = Duration::from_secs(7);
/// How often a bot's waiting seek gets one (`POST /api/bot/seek`): a bot that goes (or
/// closes the request to withdraw the seek) is found out by the next write, so its seek
/// leaves the lobby within about two of these, not two of [`KEEP_ALIVE`].
const BOT_KEEP_ALIVE: Duration = Duration::from_secs(1);

/// The seek's fields from lichess's form (or JSON) names.
pub fn request(fields: Vec<(String, String)>) -> Result<Request, String> {
    let mut r = Request::default();
    let number = |k: &str, v: &str| -> Result<f64, String> {
        v.trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite())
            .ok_or_else(|| format!("{k} must be a number, not '{v}'"))
    };
    for (k, v) in fields {
        if v.len() > 512 {
            return Err(format!("{k} is too long"));
        }
        match k.as_str() {
            "variant" => r.variant = v,
            "rated" => {
                r.rated = match v.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("rated must be true or false, not '{v}'")),
                }
            }
            "time" => r.time = Some(number(&k, &v)?),
            "increment" => r.increment = Some(number(&k, &v)?),
            "days" => r.days = Some(number(&k, &v)?),
            "color" => r.color = Some(v),
            "ratingRange" => r.rating_range = Some(v),
            "options" => r.options = v.split_whitespace().map(String::from).collect(),
            "array" => r.array = Some(v).filter(|a| !a.is_empty()),
            other => return Err(format!("unknown field '{other}'")),
        }
    }
    if r.variant.is_empty() {
        return Err("variant is required".into());
    }
    Ok(r)
}

fn paired_json(p: &Paired) -> serde_json::Value {
    json!({ "gameId": p.game, "color": p.color, "token": p.token })
}

/// A live seek waiting for its game: cancelled when its request goes away.
struct Waiting {
    lobby: Arc<Lobby>,
    id: Option<String>,
    rx: mpsc::UnboundedReceiver<Paired>,
    /// Kept so that the channel stays open while the seek waits.
    _tx: mpsc::UnboundedSender<Paired>,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(id) = self.id.take() {
            let lobby = Arc::clone(&self.lobby);
            tokio::spawn(async move {
                let _ = lobby.close(&[id]).await;
            });
        }
    }
}

/// `POST /api/board/seek`: refused to a bot account, as lichess's Board API is.
pub async fn seek(State(lobby): State<Arc<Lobby>>, headers: HeaderMap, body: Bytes) -> Response {
    seek_as(lobby, headers, body, false).await
}

/// `POST /api/bot/seek` (Baroque's): the same seek for a bot account only, so that a bot keeps
/// seeks in the lobby for people to take (pychess's bots seek; lichess's do not).
pub async fn bot_seek(
    State(lobby): State<Arc<Lobby>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    seek_as(lobby, headers, body, true).await
}

/// A seek of the Board API's (`bot`: false) or of the Bot API's (true).
async fn seek_as(lobby: Arc<Lobby>, headers: HeaderMap, body: Bytes, bot: bool) -> Response {
    let req = match crate::api::fields(&headers, &body).and_then(request) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, "bad-seek", &e),
    };
    let id = match crate::token::game_id() {
        Ok(id) => id,
        Err(e) => return Refusal::new("server-error", e).into_response(),
    };
    let player = match Player::of(lobby.hub.store(), &headers, &id, true).await {
        Ok(p) => p,
        Err(Who::Unknown) => {
            return error(
                StatusCode::UNAUTHORIZED,
                "bad-token",
                "that token holds no account",
            )
        }
        Err(Who::Db(e)) => return Refusal::new("server-error", e.to_string()).into_response(),
    };
    let is_bot = player.user.as_ref().is_some_and(|u| u.is_bot());
    if bot && player.user.is_none() {
        return error(
            StatusCode::UNAUTHORIZED,
            "bad-token",
            "a bot seeks with its account's API token",
        );
    }
    if bot && !is_bot {
        return error(
            StatusCode::BAD_REQUEST,
            "not-a-bot",
            crate::bot_api::ONLY_BOTS,
        );
    }
    if !bot && is_bot {
        return error(
            StatusCode::BAD_REQUEST,
            "bot-account",
            crate::bot_api::NOT_FOR_BOTS,
        );
    }
    let keep_alive = if bot { BOT_KEEP_ALIVE } else { KEEP_ALIVE };
    let (tx, rx) = mpsc::unbounded_channel();
    let seek_id = match lobby.post(&player, &req, "", &tx).await {
        Err(r) => return r.into_response(),
        Ok(Posted::Paired(p)) => return Json(paired_json(&p)).into_response(),
        Ok(Posted::Open { id, token }) if req.days.is_some() => {
            lobby.release(&id);
            return Json(json!({ "id": id, "token": token })).into_response();
        }
        Ok(Posted::Open { id, .. }) => id,
    };
    let waiting = Waiting {
        lobby,
        id: Some(seek_id),
        rx,
        _tx: tx,
    };
    let stream = futures_util::stream::unfold(Some(waiting), move |waiting| async move {
        let mut waiting = waiting?;
        match tokio::time::timeout(keep_alive, waiting.rx.recv()).await {
            Err(_) => Some((Ok::<_, Infallible>("\n".to_string()), Some(waiting))),
            Ok(Some(p)) => {
                waiting.id = None;
                Some((Ok(format!("{}\n", paired_json(&p))), None))
            }
            Ok(None) => None,
        }
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
