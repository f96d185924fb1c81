//! What the HTTP routes and the WebSocket handshake share: one refusal type ([`Refusal`], a
//! stable code and a message, answered as `{"error","code"}` with the status its code calls
//! for), the request's seat ([`Seated`]: Bearer token → the held game and its seat), and the
//! request's token and base URL.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::hub::{Hub, Live};
use baroque_engine::Color;

/// Why something was refused: a stable code and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Kebab-case id (`illegal-move`, `not-your-turn`, `game-over`, ...).
    pub code: &'static str,
    /// What went wrong.
    pub message: String,
}

impl Refusal {
    /// A refusal with `code` and `message`.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// No game with that id.
    pub fn no_game() -> Refusal {
        Refusal::new("no-game", "no such game")
    }

    /// No seat token, or not one of the game's.
    pub fn bad_token() -> Refusal {
        Refusal::new(
            "bad-token",
            "a seat token is needed (Authorization: Bearer TOKEN)",
        )
    }

    /// The HTTP status its code calls for: 500 for the server's own failures, 409 for a change
    /// another made first, 429 for too many offers, 404 for no such game, 401 for a missing or
    /// wrong token, else 400.
    pub fn status(&self) -> StatusCode {
        match self.code {
            "server-error" => StatusCode::INTERNAL_SERVER_ERROR,
            "conflict" => StatusCode::CONFLICT,
            "rate-limited" => StatusCode::TOO_MANY_REQUESTS,
            "no-game" => StatusCode::NOT_FOUND,
            "bad-token" => StatusCode::UNAUTHORIZED,
            _ => StatusCode::BAD_REQUEST,
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        error(self.status(), self.code, &self.message)
    }
}

/// An error answer with `status`: `{"error": message, "code": code}`.
pub fn error(status: StatusCode, code: &str, message: &str) -> Response {
    (status, Json(json!({ "error": message, "code": code }))).into_response()
}

/// The request's `Authorization: Bearer` token.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// The server's own base URL as the client reached it.
pub fn base_url(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
        })
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// The game `id`, held (loaded if need be), or `no-game`.
pub async fn game(hub: &Arc<Hub>, id: &str) -> Result<Arc<Live>, Refusal> {
    if id.len() > 64 {
        return Err(Refusal::no_game());
    }
    hub.get(id).await?.ok_or_else(Refusal::no_game)
}

/// The game a request names (`{id}` in its path) and the seat its Bearer token holds in it;
/// extracting it claims the seat (a token's first use).
pub struct Seated {
    /// The game.
    pub live: Arc<Live>,
    /// The token's seat.
    pub seat: Color,
}

impl Seated {
    /// The seat `headers`' token holds in game `id`: `bad-token` without a token or with
    /// another's, `no-game` without the game.
    pub async fn of(hub: &Arc<Hub>, id: &str, headers: &HeaderMap) -> Result<Seated, Refusal> {
        let token = bearer(headers).ok_or_else(Refusal::bad_token)?;
        let live = game(hub, id).await?;
        let seat = live.seat_of_token(token).ok_or_else(Refusal::bad_token)?;
        hub.use_seat(&live, seat).await?;
        Ok(Seated { live, seat })
    }
}

impl FromRequestParts<Arc<Hub>> for Seated {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Seated, Response> {
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, hub)
            .await
            .map_err(IntoResponse::into_response)?;
        let id = params.get("id").map(String::as_str).unwrap_or_default();
        Seated::of(hub, id, &parts.headers)
            .await
            .map_err(IntoResponse::into_response)
    }
}
