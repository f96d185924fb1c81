//! Optional accounts, as lichess's: a name and a password (`POST /signup`, `/login`, `/logout`,
//! `/account/password`), a session cookie, personal API tokens for scripts and bots
//! (`Authorization: Bearer`), and lichess's user JSON with each game's Glicko-2 rating
//! (`GET /api/account`, `GET /api/user/{name}`). Play without an account is unchanged.
//!
//! One job per module: [`users`] (names and accounts), [`password`] (argon2id), [`session`]
//! (the cookie's server-side rows), [`api_token`], [`perfs`] (ratings per game), [`guard`]
//! (cross-site requests and password guessing), [`error`] (every refusal's answer) and
//! [`routes`] (the handlers). The module owns its tables ([`migrate`]; [`copy`] for
//! `baroque-server migrate`).
//!
//! Invariants: no password, session id or token is stored in clear (argon2id hashes and
//! SHA-256) or written to any log; every state change made with the session cookie comes from
//! the server's own page ([`guard::origin`]); logging in makes a new session id.

pub mod api_token;
pub mod copy;
pub mod error;
pub mod guard;
pub mod password;
pub mod perfs;
pub mod routes;
pub mod session;
pub mod users;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method};
use axum::routing::{delete, get, post};
use axum::Router;

use crate::clock::now_ms;
use crate::config::Config;
use crate::limit::{self, Limiter};
use crate::store::{Store, Tx};
use error::Refused;
use guard::{Origin, Throttle};
use users::User;

/// The largest request body read.
const MAX_BODY: usize = 16 * 1024;

/// What the account routes share.
#[derive(Debug)]
pub struct Accounts {
    store: Store,
    allow_origins: Vec<String>,
    proxies: Vec<IpAddr>,
    limiter: Arc<Limiter>,
    throttle: Throttle,
}

impl Accounts {
    /// The client's address (a trusted proxy's `X-Forwarded-For`, else the peer's).
    fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        self.limiter.client(peer.ip(), forwarded)
    }

    /// Whether the request came over TLS: a trusted proxy says `X-Forwarded-Proto: https`
    /// (the server itself speaks plain HTTP). The session cookie is then `Secure`.
    fn tls(&self, peer: SocketAddr, headers: &HeaderMap) -> bool {
        self.proxies.contains(&peer.ip())
            && headers
                .get("x-forwarded-proto")
                .and_then(|v| v.to_str().ok())
                .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"))
    }

    fn origin(&self, headers: &HeaderMap) -> Origin {
        guard::origin(headers, &self.allow_origins)
    }
}

/// The account routes (merged into the server's router).
pub fn router(store: Store, config: &Config) -> Router {
    let limiter = Limiter::behind(config.rate, config.trusted_proxies.clone());
    let accounts = Arc::new(Accounts {
        store,
        allow_origins: config.allow_origins.clone(),
        proxies: config.trusted_proxies.clone(),
        limiter: Arc::clone(&limiter),
        throttle: Throttle::default(),
    });
    Router::new()
        .route("/signup", post(routes::signup))
        .route("/login", post(routes::login))
        .route("/logout", post(routes::logout))
        .route("/account/password", post(routes::change_password))
        .route("/api/token", post(routes::new_token))
        .route("/api/tokens", get(routes::tokens))
        .route("/api/token/{id}", delete(routes::revoke_token))
        .route("/api/token/{id}/revoke", post(routes::revoke_token))
        .route("/api/account", get(routes::account))
        .route("/api/user/{name}", get(routes::user))
        .with_state(accounts)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(limiter, limit::layer))
}

/// The account tables, made if missing (called from the store's migration, in its
/// transaction).
pub(crate) async fn migrate(tx: &mut Tx) -> Result<(), sqlx::Error> {
    const SCHEMA: [&str; 8] = [
        // id: the name in lower case; password: the argon2id PHC string.
        "CREATE TABLE IF NOT EXISTS users (
            id TEXT PRIMARY KEY, username TEXT NOT NULL, password TEXT NOT NULL,
            created BIGINT NOT NULL, seen BIGINT NOT NULL, title TEXT NOT NULL DEFAULT '')",
        // id: the SHA-256 of the cookie's session id.
        "CREATE TABLE IF NOT EXISTS sessions (
            id TEXT PRIMARY KEY, user_id TEXT NOT NULL, created BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id)",
        // id: public (lists, revoking); hash: the SHA-256 of the token.
        "CREATE TABLE IF NOT EXISTS api_tokens (
            id TEXT PRIMARY KEY, hash TEXT NOT NULL, user_id TEXT NOT NULL,
            description TEXT NOT NULL, created BIGINT NOT NULL)",
        "CREATE UNIQUE INDEX IF NOT EXISTS api_tokens_hash ON api_tokens (hash)",
        "CREATE INDEX IF NOT EXISTS api_tokens_user ON api_tokens (user_id)",
        // One Glicko-2 rating per account and game (perfs).
        "CREATE TABLE IF NOT EXISTS ratings (
            user_id TEXT NOT NULL, game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
            rd DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,
            games BIGINT NOT NULL, last_game BIGINT NOT NULL,
            previous DOUBLE PRECISION NOT NULL, PRIMARY KEY (user_id, game))",
        "CREATE INDEX IF NOT EXISTS ratings_game ON ratings (game, rating)",
    ];
    for statement in SCHEMA {
        sqlx::query(statement).execute(&mut **tx).await?;
    }
    // Accounts made before bot accounts: no title.
    if !crate::store::has_column(tx, "users", "title").await? {
        sqlx::query("ALTER TABLE users ADD COLUMN title TEXT NOT NULL DEFAULT ''")
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// The account a request acts as: by `Authorization: Bearer` (a personal API token) or by the
/// session cookie. A request changing state (not GET or HEAD) with the cookie must come from
/// the server's own page, else it is refused 403 `bad-origin` (the guard's code for the same refusal).
#[derive(Clone, Debug)]
pub struct Authed {
    /// The account.
    pub user: User,
    /// The session id when the cookie authenticated the request (`None`: a token did).
    pub session: Option<String>,
}

impl Authed {
    /// The account a request with `method` and `headers` acts as (see [`Authed`]); the
    /// session cookie's state changes must come from one of `allow_origins` or the server's
    /// own page.
    pub async fn of(
        store: &Store,
        allow_origins: &[String],
        method: &Method,
        headers: &HeaderMap,
    ) -> Result<Authed, Refused> {
        if let Some(token) = crate::api::bearer(headers) {
            return match api_token::user(store, token).await? {
                Some((user, _)) => Ok(Authed {
                    user,
                    session: None,
                }),
                None => Err(Refused::NotLoggedIn),
            };
        }
        let id = session::presented(headers).ok_or(Refused::NotLoggedIn)?;
        let changes = !matches!(*method, Method::GET | Method::HEAD);
        if changes && guard::origin(headers, allow_origins) != Origin::Same {
            return Err(Refused::CrossSite);
        }
        let user = session::user(store, &id, now_ms())
            .await?
            .ok_or(Refused::NotLoggedIn)?;
        Ok(Authed {
            user,
            session: Some(id),
        })
    }
}

impl FromRequestParts<Arc<Accounts>> for Authed {
    type Rejection = Refused;

    async fn from_request_parts(
        parts: &mut Parts,
        accounts: &Arc<Accounts>,
    ) -> Result<Authed, Refused> {
        Authed::of(
            &accounts.store,
            &accounts.allow_origins,
            &parts.method,
            &parts.headers,
        )
        .await
    }
}

/// The game routes (state: the hub) read the account the same way.
impl FromRequestParts<Arc<crate::hub::Hub>> for Authed {
    type Rejection = Refused;

    async fn from_request_parts(
        parts: &mut Parts,
        hub: &Arc<crate::hub::Hub>,
    ) -> Result<Authed, Refused> {
        Authed::of(
            hub.store(),
            &hub.config().allow_origins,
            &parts.method,
            &parts.headers,
        )
        .await
    }
}
