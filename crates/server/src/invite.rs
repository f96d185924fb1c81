//! One-time invitations: a link `ORIGIN/game/ID#invite=CODE` gives its seat once.
//!
//! Each seat of a new game has an invitation code (128 random bits). The database keeps the
//! code's hash and the seat token sealed with the code ([`crate::token::seal`]), so only the
//! code's holder can open it and nothing secret is stored in clear.
//!
//! - A seat is **claimed** once its invitation is redeemed or its token used (a stream, an
//!   action, a WebSocket hello; [`Hub::use_seat`], a conditional update that lets one claim
//!   through). A claimed seat's own invitation is dead: redeeming it answers 409 `seat-taken`.
//! - **Continue on another device**: the seat's holder asks for a fresh invitation
//!   (`POST /api/board/game/{id}/transfer`), one-time and valid [`TRANSFER_MS`]; redeeming it
//!   gives the same seat token (both devices then hold the seat).
//! - `POST /api/board/game/{id}/join` with `{"invite":"CODE"}` redeems: 200
//!   `{"gameId","color","token"}`; 409 `seat-taken`; 403 `bad-invite` for a code that is not
//!   this game's; 404 for an unknown game; 400 for a malformed body.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use sqlx::Row;

use crate::account::api_token;
use crate::answer::{account_of, base_url, bearer, error, game, Seated};
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::store::{seat_number, seat_of_number};
use crate::token;
use baroque_engine::Color;

/// How long a "continue on another device" invitation lives: 10 minutes.
pub const TRANSFER_MS: i64 = 10 * 60_000;

/// An invitation as stored.
#[derive(Clone, Debug)]
pub struct InviteRow {
    code_hash: String,
    game_id: String,
    seat: Color,
    sealed: String,
    /// 0: the seat's own invitation (alive while the seat is free); else when it lapses.
    expires: i64,
}

impl InviteRow {
    /// The own invitation of `seat` of game `id`: `code` gives `token`.
    pub fn seat(id: &str, seat: Color, token: &str, code: &str) -> InviteRow {
        InviteRow {
            code_hash: token::hash(code),
            game_id: id.to_string(),
            seat,
            sealed: token::seal(token, code).unwrap_or_default(),
            expires: 0,
        }
    }
}

/// Stores `row` in the transaction `tx`.
pub async fn insert(tx: &mut crate::store::Tx, row: &InviteRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO invites (code, game_id, seat, sealed, expires, used) \
         VALUES ($1, $2, $3, $4, $5, 0)",
    )
    .bind(row.code_hash.clone())
    .bind(row.game_id.clone())
    .bind(seat_number(row.seat))
    .bind(row.sealed.clone())
    .bind(row.expires)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The invite link of a code.
pub fn link(base: &str, id: &str, code: &str) -> String {
    format!("{base}/game/{id}#invite={code}")
}

fn seat_taken(seat: Color, why: &str) -> Response {
    (
        StatusCode::CONFLICT,
        Json(json!({
            "error": format!("this seat is taken: {why}"),
            "code": "seat-taken",
            "color": seat.as_str(),
        })),
    )
        .into_response()
}

fn bad_invite() -> Response {
    error(
        StatusCode::FORBIDDEN,
        "bad-invite",
        "that invitation is not this game's",
    )
}

fn db_error(e: sqlx::Error) -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "server-error",
        &format!("database error: {e}"),
    )
}

/// `POST /api/board/game/{id}/join` `{"invite":"CODE"}`: redeems an invitation once.
pub async fn join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Body {
        invite: String,
    }
    let code = match serde_json::from_slice::<Body>(&body) {
        Ok(b) if !b.invite.is_empty() && b.invite.len() <= 64 => b.invite,
        Ok(_) => return error(StatusCode::BAD_REQUEST, "bad-invite", "no invitation code"),
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad-request",
                &format!("the body is {{\"invite\":\"CODE\"}}: {e}"),
            )
        }
    };
    let live = match game(&hub, &id).await {
        Ok(l) => l,
        Err(r) => return r.into_response(),
    };
    let pool = hub.store().pool();
    let row = match sqlx::query(
        "SELECT seat, sealed, expires FROM invites WHERE code = $1 AND game_id = $2",
    )
    .bind(token::hash(&code))
    .bind(id.clone())
    .fetch_optional(pool)
    .await
    {
        Ok(Some(r)) => r,
        Ok(None) => return bad_invite(),
        Err(e) => return db_error(e),
    };
    let read = || -> Result<(i64, String, i64), sqlx::Error> {
        Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?))
    };
    let Ok((seat, sealed, expires)) = read() else {
        return bad_invite();
    };
    let (Some(seat), Some(token)) = (seat_of_number(seat), token::unseal(&sealed, &code)) else {
        return bad_invite();
    };
    if live.seat_of_token(&token) != Some(seat) {
        return bad_invite();
    }
    let now = now_ms();
    // A logged-in player (session cookie from this server's page, or an API token) takes the
    // seat on its account; a rated game's open seat takes only an account, not the other's.
    let user = match account_of(&hub, &headers, true).await {
        Ok(u) => u.map(|u| u.id),
        Err(r) => return r.into_response(),
    };
    let (rated, users) = {
        let st = live.state.lock().await;
        (st.rec.rated, st.rec.users.clone())
    };
    if rated && users[seat].is_none() {
        match &user {
            None => {
                return error(
                    StatusCode::UNAUTHORIZED,
                    "login-needed",
                    "a rated game is played logged in: log in, then open the link again",
                )
            }
            Some(u) if users[seat.other()].as_ref() == Some(u) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    "own-challenge",
                    "a player cannot play themselves in a rated game",
                )
            }
            Some(_) => {}
        }
    }
    if expires == 0 {
        // The seat's own invitation: alive while nobody claimed the seat.
        match hub.claim_as(&live, seat, user.as_deref()).await {
            Ok(true) => {}
            Ok(false) => return seat_taken(seat, "its invitation was used"),
            Err(r) => return r.into_response(),
        }
    } else {
        // A transfer: once, before it lapses.
        let done = sqlx::query(
            "UPDATE invites SET used = $1 WHERE code = $2 AND used = 0 AND expires > $3",
        )
        .bind(now)
        .bind(token::hash(&code))
        .bind(now)
        .execute(pool)
        .await;
        match done {
            Ok(d) if d.rows_affected() == 1 => {}
            Ok(_) => return seat_taken(seat, "this link was used or has lapsed"),
            Err(e) => return db_error(e),
        }
        if let Err(r) = hub.claim_as(&live, seat, user.as_deref()).await {
            return r.into_response();
        }
    }
    // Marks the own invitation used too (it is dead anyway once the seat is claimed).
    let _ = sqlx::query("UPDATE invites SET used = $1 WHERE code = $2 AND used = 0")
        .bind(now)
        .bind(token::hash(&code))
        .execute(pool)
        .await;
    Json(json!({ "gameId": id, "color": seat.as_str(), "token": token })).into_response()
}

/// `POST /api/board/game/{id}/transfer` (Bearer seat token): a fresh one-time invitation to the
/// same seat, valid [`TRANSFER_MS`].
pub async fn transfer(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    // The seat token is sealed in the new invitation: an account's seat needs none (it is
    // on every device where the account is logged in).
    let Some(bearer) = bearer(&headers).filter(|t| !api_token::well_formed(t)) else {
        return error(
            StatusCode::UNAUTHORIZED,
            "bad-token",
            "a seat token is needed",
        );
    };
    let Seated { live, seat } = match Seated::of(&hub, &id, &headers, true).await {
        Ok(s) => s,
        Err(r) => return r.into_response(),
    };
    let code = match token::invite_code() {
        Ok(c) => c,
        Err(e) => return error(StatusCode::INTERNAL_SERVER_ERROR, "server-error", &e),
    };
    let expires = now_ms() + TRANSFER_MS;
    let row = InviteRow {
        expires,
        ..InviteRow::seat(&live.id, seat, bearer, &code)
    };
    let stored = async {
        let mut tx = hub.store().begin().await?;
        insert(&mut tx, &row).await?;
        tx.commit().await
    };
    if let Err(e) = stored.await {
        return db_error(e);
    }
    Json(json!({
        "url": link(&base_url(&headers), &live.id, &code),
        "expiresAt": expires,
    }))
    .into_response()
}

/// Copies every invitation of `from` into `to` (`baroque-server migrate`), keeping those already
/// there; gives how many were read and how many were new.
pub async fn copy(
    from: &crate::store::Store,
    to: &crate::store::Store,
) -> Result<(u64, u64), sqlx::Error> {
    let (mut read, mut new) = (0u64, 0u64);
    let mut after = String::new();
    loop {
        let rows = sqlx::query(
            "SELECT code, game_id, seat, sealed, expires, used FROM invites \
             WHERE code > $1 ORDER BY code LIMIT 500",
        )
        .bind(after.clone())
        .fetch_all(from.pool())
        .await?;
        let Some(last) = rows.last() else { break };
        after = last.try_get(0)?;
        let mut tx = to.begin().await?;
        for r in &rows {
            let done = sqlx::query(
                "INSERT INTO invites (code, game_id, seat, sealed, expires, used) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            )
            .bind(r.try_get::<String, _>(0)?)
            .bind(r.try_get::<String, _>(1)?)
            .bind(r.try_get::<i64, _>(2)?)
            .bind(r.try_get::<String, _>(3)?)
            .bind(r.try_get::<i64, _>(4)?)
            .bind(r.try_get::<i64, _>(5)?)
            .execute(&mut *tx)
            .await?;
            new += done.rows_affected();
        }
        tx.commit().await?;
        read += rows.len() as u64;
    }
    Ok((read, new))
}
