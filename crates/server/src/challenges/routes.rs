//! The challenge routes' handlers, as lichess's (docs/online.md, "Challenges", has every call
//! with examples). Every one acts as an account (an API token or the session cookie).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use baroque_engine::games::spec;
use baroque_engine::GameId;
use serde_json::{json, Value};

use super::json::{challenge as challenge_json, publish, Direction};
use super::{answer, get, insert, lifetime, open_for, set_game, Full, Row};
use crate::account::error::Refused;
use crate::account::{users, Authed};
use crate::answer::{base_url, error};
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::token;

/// How often a `keepAliveStream` looks at its challenge (and keeps it alive).
const KEEP_EVERY: Duration = Duration::from_secs(1);

/// lichess's answer for a challenge that is not there (or not the reader's).
fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "no-challenge", "Not found.")
}

fn server_error(e: impl std::fmt::Display) -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "server-error",
        &format!("database error: {e}"),
    )
}

fn bad(message: impl Into<String>) -> Response {
    error(StatusCode::BAD_REQUEST, "bad-challenge", &message.into())
}

/// A yes/no field as lichess reads one.
fn truthy(v: &str) -> Option<bool> {
    match v.trim() {
        "true" | "1" | "yes" | "on" => Some(true),
        "false" | "0" | "no" | "off" | "" => Some(false),
        _ => None,
    }
}

/// The challenge `fields` ask for, as a row from `me` to `dest` (checked now, so that
/// accepting it cannot fail on its settings), and whether to keep it alive by a stream.
fn read_row(me: &str, dest: &str, fields: Vec<(String, String)>) -> Result<(Row, bool), String> {
    let (mut rated, mut keep) = (false, false);
    let mut rest = Vec::new();
    for (k, v) in fields {
        match k.as_str() {
            "rated" => rated = truthy(&v).ok_or("rated is true or false")?,
            "keepAliveStream" => keep = truthy(&v).ok_or("keepAliveStream is true or false")?,
            // lichess's fields with no meaning here.
            "acceptByToken" | "message" => {}
            _ => rest.push((k, v)),
        }
    }
    let ch = crate::api::challenge(rest)?;
    let game: GameId = ch
        .variant
        .parse()
        .map_err(|e: baroque_engine::UnknownGame| e.to_string())?;
    let fen = match (&ch.fen, &ch.array) {
        (Some(_), Some(_)) => return Err("give a FEN or a start array, not both".into()),
        (Some(f), None) => Some(f.trim().to_string()),
        (None, Some(a)) => Some(
            spec(game)
                .start_arrays
                .iter()
                .find(|s| s.id == a)
                .map(|s| s.fen.to_string())
                .ok_or_else(|| format!("{} has no start array '{a}'", game.as_str()))?,
        ),
        (None, None) => None,
    };
    let options: Vec<&str> = ch.options.iter().map(String::as_str).collect();
    let built = baroque_engine::setup::build_game(game.as_str(), fen.as_deref(), &options, &[])
        .map_err(|e| e.to_string())?;
    if built.status().is_over() {
        return Err("the start position is already over".into());
    }
    if rated && (fen.is_some() || !options.is_empty()) {
        return Err("a rated game needs two accounts and the standard rules".into());
    }
    let color = ch.color.clone().unwrap_or_else(|| "random".into());
    let final_color = match color.as_str() {
        "white" | "black" => color.clone(),
        "random" => {
            let t = token::seat_token()?;
            if t.as_bytes()[0] & 1 == 1 {
                "black"
            } else {
                "white"
            }
            .to_string()
        }
        other => {
            return Err(format!(
                "color must be white, black or random, not '{other}'"
            ))
        }
    };
    let control = ch.control.unwrap_or(crate::clock::TimeControl::Unlimited);
    let now = now_ms();
    let row = Row {
        id: token::game_id()?,
        challenger: me.to_string(),
        dest: dest.to_string(),
        variant: game.as_str().to_string(),
        rated,
        control,
        fen: ch.fen.clone().unwrap_or_default(),
        array: ch.array.clone().unwrap_or_default(),
        options: ch.options.join(" "),
        color,
        final_color,
        status: "created".into(),
        decline_reason: String::new(),
        game_id: String::new(),
        created: now,
        expires: now + lifetime(control),
        seat_hash: String::new(),
    };
    Ok((row, keep))
}

/// `POST /api/challenge/{username}` (lichess's fields: `variant`, `rated`, `clock.limit` and
/// `clock.increment` or `days`, `color`, `fen`, rule options; `keepAliveStream`): the
/// challenge JSON, or with `keepAliveStream=true` an NDJSON stream of it that keeps it alive
/// and ends with `{"done": "accepted", "gameId": ID}` (or `declined` with lichess's
/// `declineReasonKey`, or `canceled`).
///
/// The answer (only it) carries `seatToken`, the challenger's seat in the game the challenge
/// becomes (its hash is stored), so the page plays it as any game it holds a seat of. A player
/// without an account (no token, no cookie) may challenge a bot account, casually: the house
/// bots are for everyone (docs/online.md, "Playing the computer online"); a person it may not.
pub async fn create(
    State(hub): State<Arc<Hub>>,
    Path(username): Path<String>,
    authed: Result<Authed, Refused>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let me = match authed {
        Ok(a) => Some(a.user),
        // A guest sends no credentials: a token that is not good is refused, never a guest's.
        Err(Refused::NotLoggedIn) if crate::api::bearer(&headers).is_none() => None,
        Err(r) => return r.into_response(),
    };
    let store = hub.store();
    let dest = match users::find(store, &username).await {
        Ok(Some((u, _))) => u,
        Ok(None) if me.is_none() => return Refused::NotLoggedIn.into_response(),
        Ok(None) => {
            let name: String = username.chars().take(30).collect();
            return error(
                StatusCode::BAD_REQUEST,
                "no-user",
                &format!("No such user: {name}"),
            );
        }
        Err(e) => return server_error(e),
    };
    if me.is_none() && !dest.is_bot() {
        return Refused::NotLoggedIn.into_response();
    }
    let me_id = me.as_ref().map_or("", |u| u.id.as_str());
    if dest.id == me_id {
        return bad("You cannot challenge yourself.");
    }
    let fields = match crate::api::fields(&headers, &body) {
        Ok(f) => f,
        Err(e) => return bad(e),
    };
    let (mut row, keep) = match read_row(me_id, &dest.id, fields) {
        Ok(r) => r,
        Err(e) => return bad(e),
    };
    if me.is_none() && row.rated {
        return bad("a rated game needs two accounts: log in, or play casually");
    }
    let seat = match token::seat_token() {
        Ok(t) => t,
        Err(e) => return server_error(e),
    };
    row.seat_hash = token::hash(&seat);
    let bots = me.as_ref().is_some_and(|u| u.is_bot()) || dest.is_bot();
    // lichess's rule: bots do not play UltraBullet.
    if bots && crate::user_events::lines::speed(row.control) == "ultraBullet" {
        return bad("Bots cannot play UltraBullet.");
    }
    // A random colour between two players alternates with their last game, as lichess's.
    if row.color == "random" && !me_id.is_empty() {
        match store.last_white_between(me_id, &dest.id).await {
            Ok(Some(white)) => {
                row.final_color = if white == me_id { "black" } else { "white" }.into();
            }
            Ok(None) => {}
            Err(e) => return server_error(e),
        }
    }
    match insert(store, &row).await {
        Ok(Ok(())) => {}
        Ok(Err(Full::Out)) => {
            return error(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-challenges",
                &format!(
                    "you have {} open challenges: cancel one or wait for an answer",
                    super::MAX_OUT
                ),
            )
        }
        Ok(Err(Full::In)) => {
            return error(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-challenges",
                &format!("{} has too many open challenges", dest.username),
            )
        }
        Err(e) => return server_error(e),
    }
    publish(&hub, &row, "challenge").await;
    let base = base_url(&headers);
    let mut json = challenge_json(store, &row, Some(Direction::Out), &base).await;
    json["seatToken"] = json!(seat);
    if !keep {
        return Json(json).into_response();
    }
    kept_alive(hub, row, json)
}

/// The `keepAliveStream` answer: the challenge, keep-alive lines while it waits (each keeping
/// it alive), then `{"done": STATUS}` once it is answered or lapsed. Closing the stream lets
/// the challenge lapse.
fn kept_alive(hub: Arc<Hub>, row: Row, first: Value) -> Response {
    let id = row.id.clone();
    let control = row.control;
    let state = (Some(first.to_string()), false);
    let stream = futures_util::stream::unfold(state, move |(first, done)| {
        let (hub, id) = (Arc::clone(&hub), id.clone());
        async move {
            if let Some(line) = first {
                return Some((Ok::<_, Infallible>(format!("{line}\n")), (None, false)));
            }
            if done {
                return None;
            }
            tokio::time::sleep(KEEP_EVERY).await;
            let now = now_ms();
            match get(hub.store(), &id).await {
                Ok(Some(r)) if r.open(now) => {
                    let _ = super::keep_alive(hub.store(), &id, now + lifetime(control)).await;
                    Some((Ok(String::from("\n")), (None, false)))
                }
                // Accepted, its game being made: the game's id comes with the end.
                Ok(Some(r)) if r.status == "accepted" && r.game_id.is_empty() => {
                    Some((Ok(String::from("\n")), (None, false)))
                }
                Ok(Some(r)) => {
                    let status = if r.status == "created" {
                        "canceled"
                    } else {
                        r.status.as_str()
                    };
                    let mut line = json!({ "done": status });
                    if !r.game_id.is_empty() {
                        line["gameId"] = json!(r.game_id);
                    }
                    if r.status == "declined" {
                        line["declineReasonKey"] = json!(r.decline_reason);
                    }
                    let line = line.to_string();
                    Some((Ok(format!("{line}\n")), (None, true)))
                }
                Ok(None) => None,
                // The database is away: the stream waits (the challenge lapses if it stays so).
                Err(_) => Some((Ok(String::from("\n")), (None, false))),
            }
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

/// Challenge `id` if it waits for an answer from (`dest`) or to (`challenger`) account `me`.
async fn open_one(hub: &Hub, id: &str, me: &str) -> Result<Option<Row>, Response> {
    let row = get(hub.store(), id).await.map_err(server_error)?;
    Ok(row.filter(|r| r.open(now_ms()) && (r.dest == me || r.challenger == me)))
}

/// `POST /api/challenge/{id}/accept`: the game is made with both accounts in their seats and
/// `gameStart` raised on both streams; `{"ok": true}`.
pub async fn accept(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    authed: Authed,
) -> Response {
    let me = authed.user.id;
    let row = match open_one(&hub, &id, &me).await {
        Ok(Some(r)) if r.dest == me => r,
        Ok(_) => return not_found(),
        Err(r) => return r,
    };
    let store = hub.store();
    match answer(store, &row.id, "accepted", "", now_ms()).await {
        Ok(true) => {}
        Ok(false) => return not_found(),
        Err(e) => return server_error(e),
    }
    let ch = super::game_of(&row);
    match hub.create(&ch).await {
        Ok(created) => {
            let _ = set_game(store, &row.id, &created.rec.id).await;
            Json(json!({ "ok": true })).into_response()
        }
        Err(refusal) => {
            // Checked when made, so only the server fails here: the challenge is canceled.
            let mut row = row;
            row.status = "canceled".into();
            let _ = super::set_status(store, &row.id, "canceled").await;
            publish(&hub, &row, "challengeCanceled").await;
            refusal.into_response()
        }
    }
}

/// `POST /api/challenge/{id}/decline` (`reason`: one of lichess's keys, `generic` when not
/// given or unknown): `{"ok": true}`, and `challengeDeclined` on both streams.
pub async fn decline(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    authed: Authed,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let me = authed.user.id;
    let fields = crate::api::fields(&headers, &body).unwrap_or_default();
    let reason = fields
        .iter()
        .find(|(k, _)| k == "reason")
        .map(|(_, v)| v.as_str());
    let row = match open_one(&hub, &id, &me).await {
        Ok(Some(r)) if r.dest == me => r,
        Ok(_) => return not_found(),
        Err(r) => return r,
    };
    declined(&hub, row, super::decline_key(reason)).await
}

async fn declined(hub: &Hub, mut row: Row, key: &str) -> Response {
    match answer(hub.store(), &row.id, "declined", key, now_ms()).await {
        Ok(true) => {}
        Ok(false) => return not_found(),
        Err(e) => return server_error(e),
    }
    row.status = "declined".into();
    row.decline_reason = key.into();
    publish(hub, &row, "challengeDeclined").await;
    Json(json!({ "ok": true })).into_response()
}

/// `POST /api/challenge/{id}/cancel`: the challenger takes it back (`challengeCanceled` on
/// both streams); the challenged player declining with it is a decline, as lichess's.
pub async fn cancel(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    authed: Authed,
) -> Response {
    let me = authed.user.id;
    let mut row = match open_one(&hub, &id, &me).await {
        Ok(Some(r)) => r,
        Ok(None) => return not_found(),
        Err(r) => return r,
    };
    if row.dest == me {
        return declined(&hub, row, "generic").await;
    }
    match answer(hub.store(), &row.id, "canceled", "", now_ms()).await {
        Ok(true) => {}
        Ok(false) => return not_found(),
        Err(e) => return server_error(e),
    }
    row.status = "canceled".into();
    publish(&hub, &row, "challengeCanceled").await;
    Json(json!({ "ok": true })).into_response()
}

/// `GET /api/challenge`: the account's open challenges, `{"in": […], "out": […]}`.
pub async fn list(State(hub): State<Arc<Hub>>, authed: Authed, headers: HeaderMap) -> Response {
    let me = authed.user.id;
    let store = hub.store();
    let now = now_ms();
    let base = base_url(&headers);
    let mut out = json!({ "in": [], "out": [] });
    for (column, key, direction) in [
        ("dest", "in", Direction::In),
        ("challenger", "out", Direction::Out),
    ] {
        let rows = match open_for(store, column, &me, now).await {
            Ok(r) => r,
            Err(e) => return server_error(e),
        };
        let mut list = Vec::with_capacity(rows.len());
        for r in &rows {
            list.push(challenge_json(store, r, Some(direction), &base).await);
        }
        out[key] = Value::Array(list);
    }
    Json(out).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_challenge_is_checked_when_made() {
        let (row, keep) = read_row(
            "a",
            "b",
            f(&[
                ("variant", "ultima"),
                ("rated", "true"),
                ("clock.limit", "300"),
                ("clock.increment", "3"),
                ("color", "white"),
            ]),
        )
        .unwrap();
        assert!(row.rated && !keep);
        assert_eq!(
            (row.color.as_str(), row.final_color.as_str()),
            ("white", "white")
        );
        assert_eq!(row.expires - row.created, 20_000);
        let random = read_row("a", "b", f(&[("variant", "omega")])).unwrap().0;
        assert!(["white", "black"].contains(&random.final_color.as_str()));
        assert_eq!(random.color, "random");
        for bad in [
            f(&[("variant", "chess")]),
            f(&[("variant", "ultima"), ("rated", "maybe")]),
            f(&[("variant", "ultima"), ("color", "green")]),
            f(&[("variant", "ultima"), ("clock.limit", "-5")]),
            f(&[("variant", "ultima"), ("rated", "true"), ("fen", "bad")]),
        ] {
            assert!(read_row("a", "b", bad.clone()).is_err(), "{bad:?}");
        }
    }
}
