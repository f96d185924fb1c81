//! What the HTTP routes and the WebSocket handshake share: one refusal type ([`Refusal`], a
//! stable code and a message, answered as `{"error","code"}` with the status its code calls
//! for), the request's seat ([`Seated`]: Bearer token → the held game and its seat), and the
//! request's token and base URL.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::account::guard::{origin, Origin};
use crate::account::users::User;
use crate::account::{api_token, session};
use crate::clock::now_ms;
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
            "bad-token" | "login-needed" => StatusCode::UNAUTHORIZED,
            "bad-origin" => StatusCode::FORBIDDEN,
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

/// The account a request acts as, if any: `Authorization: Bearer bq_…` (a personal API token;
/// `bad-token` when unknown or revoked) or the session cookie (a request that changes state,
/// `changes`, must come from the server's own page: `bad-origin` otherwise). A Bearer seat
/// token, or neither, gives `None`.
pub async fn account_of(
    hub: &Hub,
    headers: &HeaderMap,
    changes: bool,
) -> Result<Option<User>, Refusal> {
    let db = |e: sqlx::Error| Refusal::new("server-error", format!("database error: {e}"));
    match bearer(headers) {
        Some(t) if api_token::well_formed(t) => {
            match api_token::user(hub.store(), t).await.map_err(db)? {
                Some((user, _)) => Ok(Some(user)),
                None => Err(Refusal::new(
                    "bad-token",
                    "that API token is unknown or revoked",
                )),
            }
        }
        Some(_) => Ok(None),
        None => {
            let Some(id) = session::presented(headers) else {
                return Ok(None);
            };
            if changes && origin(headers, &hub.config().allow_origins) != Origin::Same {
                return Err(Refusal::new(
                    "bad-origin",
                    "refused: this request did not come from this server's page",
                ));
            }
            session::user(hub.store(), &id, now_ms()).await.map_err(db)
        }
    }
}

/// The game a request names (`{id}` in its path) and the seat its Bearer token holds in it
/// (a seat token, or an account's API token or session cookie for the seat bound to the
/// account); extracting it claims the seat (a token's first use).
pub struct Seated {
    /// The game.
    pub live: Arc<Live>,
    /// The token's seat.
    pub seat: Color,
}

impl Seated {
    /// The seat `headers`' seat token or account holds in game `id` (`changes`: the request
    /// changes state, so a session cookie must come from the server's page): `bad-token`
    /// without either or with another's, `no-game` without the game.
    pub async fn of(
        hub: &Arc<Hub>,
        id: &str,
        headers: &HeaderMap,
        changes: bool,
    ) -> Result<Seated, Refusal> {
        let seat_token = bearer(headers).filter(|t| !api_token::well_formed(t));
        if let Some(token) = seat_token {
            let live = game(hub, id).await?;
            let seat = live.seat_of_token(token).ok_or_else(Refusal::bad_token)?;
            hub.use_seat(&live, seat).await?;
            return Ok(Seated { live, seat });
        }
        let user = account_of(hub, headers, changes)
            .await?
            .ok_or_else(Refusal::bad_token)?;
        // lichess's rule: a bot account plays through the Bot API only.
        if user.is_bot() {
            return Err(Refusal::new("bot-account", crate::bot_api::NOT_FOR_BOTS));
        }
        let live = game(hub, id).await?;
        let seat = hub
            .seat_of_user(&live, &user.id)
            .await?
            .ok_or_else(|| Refusal::new("bad-token", "your account holds no seat in this game"))?;
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
        let changes = !matches!(parts.method, Method::GET | Method::HEAD);
        Seated::of(hub, id, &parts.headers, changes)
            .await
            .map_err(IntoResponse::into_response)
    }
}
