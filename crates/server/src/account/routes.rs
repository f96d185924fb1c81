//! The account routes' handlers (docs/online.md, "Accounts", has every call with examples).
//! Forms post as lichess's: fields `username` and `password`, as a form or a JSON object. A form
//! post is answered as a browser expects (303 to `/`); a request asking for JSON (`Accept:
//! application/json`, or a JSON body) gets `{"ok": true, …}`. Refusals are [`Refused`].

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::error::Refused;
use super::guard::Origin;
use super::users::User;
use super::{api_token, password, perfs, session, users, Accounts, Authed};
use crate::clock::now_ms;

/// A request's fields, from a form or a JSON object of strings.
struct Fields(HashMap<String, String>);

impl Fields {
    fn read(headers: &HeaderMap, body: &[u8]) -> Result<Fields, Refused> {
        if is_json(headers, header::CONTENT_TYPE) {
            if body.is_empty() {
                return Ok(Fields(HashMap::new()));
            }
            serde_json::from_slice(body).map(Fields).map_err(|e| {
                Refused::BadRequest(format!("the body is a JSON object of strings: {e}"))
            })
        } else {
            serde_urlencoded::from_bytes(body)
                .map(Fields)
                .map_err(|e| Refused::BadRequest(format!("bad form: {e}")))
        }
    }

    fn get(&self, name: &str) -> &str {
        self.0.get(name).map(String::as_str).unwrap_or("")
    }
}

fn is_json(headers: &HeaderMap, which: header::HeaderName) -> bool {
    headers
        .get(which)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"))
}

/// Whether the answer is JSON (else a browser's form post: 303 to `/`).
fn wants_json(headers: &HeaderMap) -> bool {
    is_json(headers, header::ACCEPT) || is_json(headers, header::CONTENT_TYPE)
}

/// The answer to a form or JSON post: `body` as JSON, or 303 to `/`; with `cookie` set.
fn done(headers: &HeaderMap, body: Value, cookie: Option<String>) -> Response {
    let mut r = if wants_json(headers) {
        Json(body).into_response()
    } else {
        (StatusCode::SEE_OTHER, [(header::LOCATION, "/")]).into_response()
    };
    if let Some(c) = cookie.and_then(|c| c.parse().ok()) {
        r.headers_mut().insert(header::SET_COOKIE, c);
    }
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    r
}

/// Opens a session for `user` and answers with its cookie.
async fn logged_in(
    accounts: &Accounts,
    peer: SocketAddr,
    headers: &HeaderMap,
    user: &User,
) -> Result<Response, Refused> {
    let id = session::open(&accounts.store, &user.id, now_ms())
        .await
        .map_err(Refused::Server)?;
    let cookie = session::cookie(&id, accounts.tls(peer, headers));
    Ok(done(
        headers,
        json!({ "ok": true, "username": user.username }),
        Some(cookie),
    ))
}

/// `POST /signup` (`username`, `password`): makes the account and logs in.
pub async fn signup(
    State(accounts): State<Arc<Accounts>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refused> {
    if accounts.origin(&headers) == Origin::Cross {
        return Err(Refused::CrossSite);
    }
    let fields = Fields::read(&headers, &body)?;
    let (name, pass) = (fields.get("username"), fields.get("password"));
    if let Some(why) = users::problem(name) {
        return Err(Refused::BadName(why));
    }
    if let Some(why) = password::problem(pass) {
        return Err(Refused::BadPassword(why));
    }
    if pass.eq_ignore_ascii_case(name) {
        return Err(Refused::BadPassword(
            "the password must not be the name".into(),
        ));
    }
    let ip = accounts.client(peer, &headers);
    if let Some(wait) = accounts.throttle.signup_wait(ip, Instant::now()) {
        return Err(Refused::Limited(wait));
    }
    let store = &accounts.store;
    if users::find(store, name).await?.is_some() {
        return Err(Refused::NameTaken);
    }
    let hash = password::hash(pass.to_string())
        .await
        .map_err(Refused::Server)?;
    let user = users::create(store, name, &hash, now_ms())
        .await?
        .ok_or(Refused::NameTaken)?;
    accounts.throttle.signed_up(ip, Instant::now());
    logged_in(&accounts, peer, &headers, &user).await
}

/// `POST /login` (`username`, `password`): a new session (one answer for a wrong name and a
/// wrong password; limited per name and per address).
pub async fn login(
    State(accounts): State<Arc<Accounts>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refused> {
    if accounts.origin(&headers) == Origin::Cross {
        return Err(Refused::CrossSite);
    }
    let fields = Fields::read(&headers, &body)?;
    let (name, pass) = (fields.get("username"), fields.get("password"));
    let ip = accounts.client(peer, &headers);
    if let Some(wait) = accounts.throttle.login_wait(name, ip, Instant::now()) {
        return Err(Refused::Limited(wait));
    }
    let store = &accounts.store;
    let found = users::find(store, name).await?;
    let right = if pass.is_empty() || pass.len() > password::MAX_BYTES {
        false
    } else {
        let stored = found.as_ref().map(|(_, hash)| hash.clone());
        password::verify(stored, pass.to_string()).await && found.is_some()
    };
    let Some((user, _)) = found.filter(|_| right) else {
        accounts.throttle.failed(name, ip, Instant::now());
        return Err(Refused::BadCredentials);
    };
    accounts.throttle.succeeded(name);
    // The session presented before (if any) is ended, never promoted.
    if let Some(old) = session::presented(&headers) {
        session::close(store, &old).await?;
    }
    users::seen(store, &user.id, now_ms()).await?;
    logged_in(&accounts, peer, &headers, &user).await
}

/// `POST /logout`: ends the session and clears its cookie.
pub async fn logout(
    State(accounts): State<Arc<Accounts>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    if let Some(id) = session::presented(&headers) {
        if accounts.origin(&headers) != Origin::Same {
            return Err(Refused::CrossSite);
        }
        session::close(&accounts.store, &id).await?;
    }
    let cleared = session::cleared(accounts.tls(peer, &headers));
    Ok(done(&headers, json!({ "ok": true }), Some(cleared)))
}

/// `POST /account/password` (`oldPassword`, `newPassword`, with the session cookie): changes the
/// password and ends the account's other sessions.
pub async fn change_password(
    State(accounts): State<Arc<Accounts>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    authed: Authed,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refused> {
    let keep = authed.session.ok_or(Refused::SessionNeeded)?;
    let fields = Fields::read(&headers, &body)?;
    let (old, new) = (fields.get("oldPassword"), fields.get("newPassword"));
    let user = authed.user;
    let ip = accounts.client(peer, &headers);
    if let Some(wait) = accounts.throttle.login_wait(&user.id, ip, Instant::now()) {
        return Err(Refused::Limited(wait));
    }
    let store = &accounts.store;
    let stored = users::find(store, &user.id).await?.map(|(_, hash)| hash);
    if old.len() > password::MAX_BYTES || !password::verify(stored, old.to_string()).await {
        accounts.throttle.failed(&user.id, ip, Instant::now());
        return Err(Refused::BadCredentials);
    }
    if let Some(why) = password::problem(new) {
        return Err(Refused::BadPassword(why));
    }
    if new.eq_ignore_ascii_case(&user.username) {
        return Err(Refused::BadPassword(
            "the password must not be the name".into(),
        ));
    }
    let hash = password::hash(new.to_string())
        .await
        .map_err(Refused::Server)?;
    users::set_password(store, &user.id, &hash).await?;
    let ended = session::close_others(store, &user.id, &keep).await?;
    Ok(done(
        &headers,
        json!({ "ok": true, "sessionsEnded": ended }),
        None,
    ))
}

/// `POST /api/token` (the session cookie; optional `description`): `{"token","id"}`, the
/// token shown this once.
pub async fn new_token(
    State(accounts): State<Arc<Accounts>>,
    authed: Authed,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refused> {
    if authed.session.is_none() {
        return Err(Refused::SessionNeeded);
    }
    let fields = Fields::read(&headers, &body)?;
    let description = fields.get("description").trim();
    if description.chars().count() > api_token::MAX_DESCRIPTION {
        return Err(Refused::BadRequest(format!(
            "a description has at most {} characters",
            api_token::MAX_DESCRIPTION
        )));
    }
    let (id, token) = api_token::create(&accounts.store, &authed.user.id, description, now_ms())
        .await
        .map_err(Refused::Server)?
        .ok_or(Refused::TooManyTokens)?;
    let mut r = Json(json!({ "token": token, "id": id })).into_response();
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    Ok(r)
}

/// `GET /api/tokens`: the account's tokens, without their secrets.
pub async fn tokens(
    State(accounts): State<Arc<Accounts>>,
    authed: Authed,
) -> Result<Response, Refused> {
    let list = api_token::list(&accounts.store, &authed.user.id).await?;
    Ok(Json(json!({ "tokens": list })).into_response())
}

/// `DELETE /api/token/{id}` or `POST /api/token/{id}/revoke`: revokes one of the account's
/// tokens.
pub async fn revoke_token(
    State(accounts): State<Arc<Accounts>>,
    authed: Authed,
    Path(id): Path<String>,
) -> Result<Response, Refused> {
    if id.len() > 64 || !api_token::revoke(&accounts.store, &authed.user.id, &id).await? {
        return Err(Refused::NoToken);
    }
    Ok(Json(json!({ "ok": true })).into_response())
}

/// lichess's user JSON.
async fn user_json(accounts: &Accounts, user: &User) -> Result<Value, Refused> {
    let now = now_ms();
    let perfs = perfs::of(&accounts.store, &user.id).await?;
    let mut v = json!({
        "id": user.id,
        "username": user.username,
        "perfs": perfs::json(&perfs, now),
        "count": crate::players::counts(&accounts.store, &user.id).await?,
        "createdAt": user.created,
        "seenAt": user.seen,
    });
    // lichess names a title only when there is one (`"title": "BOT"`).
    if let Some(t) = &user.title {
        v["title"] = json!(t);
    }
    Ok(v)
}

/// `GET /api/account` (a token or the session cookie): the account's user JSON.
pub async fn account(
    State(accounts): State<Arc<Accounts>>,
    authed: Authed,
) -> Result<Response, Refused> {
    Ok(Json(user_json(&accounts, &authed.user).await?).into_response())
}

/// `GET /api/user/{name}`: a player's public user JSON (404 `no-user`).
pub async fn user(
    State(accounts): State<Arc<Accounts>>,
    Path(name): Path<String>,
) -> Result<Response, Refused> {
    let (user, _) = users::find(&accounts.store, &name)
        .await?
        .ok_or(Refused::NoUser)?;
    Ok(Json(user_json(&accounts, &user).await?).into_response())
}
