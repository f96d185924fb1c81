//! Every refusal of the account routes and its answer, decided here only: a status and
//! `{"error": message, "code": code}` (lichess's and the Board API's shape).

use std::time::Duration;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// Why an account request is refused.
#[derive(Debug)]
pub enum Refused {
    /// 400 `bad-username`: the name breaks a rule (which one is said).
    BadName(String),
    /// 400 `bad-password`: the new password breaks a rule.
    BadPassword(String),
    /// 400 `bad-request`: the body could not be read.
    BadRequest(String),
    /// 409 `name-taken`: an account has this name (in any case).
    NameTaken,
    /// 401 `bad-credentials`: a wrong name or a wrong password (one answer for both).
    BadCredentials,
    /// 401 `not-logged-in`: no session and no token (or a lapsed or revoked one).
    NotLoggedIn,
    /// 403 `session-needed`: this call takes the session cookie, not a token.
    SessionNeeded,
    /// 403 `bad-origin`: a state change from another site.
    CrossSite,
    /// 404 `no-user`: no account has this name.
    NoUser,
    /// 404 `no-token`: the account holds no token with this id.
    NoToken,
    /// 409 `too-many-tokens`: the account holds its most tokens.
    TooManyTokens,
    /// 429 `rate-limited`: too many failed logins or new accounts; try after this long.
    Limited(Duration),
    /// 500 `server-error`.
    Server(String),
}

impl From<sqlx::Error> for Refused {
    fn from(e: sqlx::Error) -> Refused {
        Refused::Server(format!("database error: {e}"))
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        use Refused::*;
        let (status, code, message) = match self {
            BadName(m) => (StatusCode::BAD_REQUEST, "bad-username", m),
            BadPassword(m) => (StatusCode::BAD_REQUEST, "bad-password", m),
            BadRequest(m) => (StatusCode::BAD_REQUEST, "bad-request", m),
            NameTaken => (
                StatusCode::CONFLICT,
                "name-taken",
                "an account has this name already".into(),
            ),
            BadCredentials => (
                StatusCode::UNAUTHORIZED,
                "bad-credentials",
                "wrong name or password".into(),
            ),
            NotLoggedIn => (
                StatusCode::UNAUTHORIZED,
                "not-logged-in",
                "log in first (the session cookie or Authorization: Bearer TOKEN)".into(),
            ),
            SessionNeeded => (
                StatusCode::FORBIDDEN,
                "session-needed",
                "this takes the session of a logged-in page, not an API token".into(),
            ),
            CrossSite => (
                StatusCode::FORBIDDEN,
                "bad-origin",
                "refused: this request did not come from this server's page".into(),
            ),
            NoUser => (StatusCode::NOT_FOUND, "no-user", "no such player".into()),
            NoToken => (StatusCode::NOT_FOUND, "no-token", "no such token".into()),
            TooManyTokens => (
                StatusCode::CONFLICT,
                "too-many-tokens",
                format!(
                    "an account holds at most {} tokens: revoke one first",
                    super::api_token::MAX_PER_ACCOUNT
                ),
            ),
            Limited(wait) => {
                let secs = wait.as_secs().max(1);
                let body = json!({
                    "error": format!("too many attempts: try again in {secs} s"),
                    "code": "rate-limited",
                });
                return (
                    StatusCode::TOO_MANY_REQUESTS,
                    [(header::RETRY_AFTER, secs.to_string())],
                    Json(body),
                )
                    .into_response();
            }
            Server(m) => (StatusCode::INTERNAL_SERVER_ERROR, "server-error", m),
        };
        (status, Json(json!({ "error": message, "code": code }))).into_response()
    }
}
