//! A game's chat as lichess's Bot and Board APIs carry it: `POST /api/bot/game/{id}/chat` and
//! `POST /api/board/game/{id}/chat` (fields `room`, `player` or `spectator`, and `text`, at most
//! [`MAX_TEXT`] characters) send a line; the players' game streams carry it as
//! `{"type":"chatLine","room":…,"username":…,"text":…}` while they are open, on every server
//! sharing the database (the lines travel as the account events do, [`crate::user_events`],
//! under the key `game/ID`, which no account id can be). Lines are relayed, not kept: a stream
//! opened later does not see earlier ones.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::StreamExt;
use serde_json::json;

use crate::answer::error;
use crate::hub::{Hub, Live};

/// The longest chat line, in characters (lichess's).
pub const MAX_TEXT: usize = 140;

/// The event-delivery key of game `id`'s chat.
fn key(id: &str) -> String {
    format!("game/{id}")
}

/// Sends `headers`/`body`'s chat line (`room`, `text`) from account or seat `username` to game
/// `live`'s streams: `{"ok":true}`, or 400 for a bad room or text.
pub async fn say(
    hub: &Hub,
    live: &Live,
    username: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Response {
    let fields = match crate::api::fields(headers, body) {
        Ok(f) => f,
        Err(e) => return error(StatusCode::BAD_REQUEST, "bad-chat", &e),
    };
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    let (room, text) = (field("room"), field("text"));
    if room != "player" && room != "spectator" {
        return error(
            StatusCode::BAD_REQUEST,
            "bad-chat",
            "room is player or spectator",
        );
    }
    let n = text.chars().count();
    if n == 0 || n > MAX_TEXT {
        return error(
            StatusCode::BAD_REQUEST,
            "bad-chat",
            &format!("a chat line has 1 to {MAX_TEXT} characters"),
        );
    }
    let line = json!({ "type": "chatLine", "room": room, "username": username, "text": text });
    hub.user_events().publish(&key(&live.id), line).await;
    Json(json!({ "ok": true })).into_response()
}

/// Game `live`'s stream `stream` (a player's NDJSON answer) with the chat lines sent while it
/// is open woven in, each a whole line.
pub fn with_chat(hub: &Arc<Hub>, live: &Live, stream: Response) -> Response {
    let sub = hub.user_events().subscribe(&key(&live.id));
    let (parts, body) = stream.into_parts();
    let chat = futures_util::stream::unfold(sub, |mut sub| async move {
        let line = sub.recv().await?;
        Some((Ok::<_, axum::Error>(Bytes::from(format!("{line}\n"))), sub))
    });
    // The game's stream marks its end (`None`), where the woven stream ends too.
    let game = body
        .into_data_stream()
        .map(Some)
        .chain(futures_util::stream::once(std::future::ready(None)));
    let merged = futures_util::stream::select(game, chat.map(Some))
        .take_while(|item| std::future::ready(item.is_some()))
        .filter_map(std::future::ready);
    Response::from_parts(parts, Body::from_stream(merged))
}
