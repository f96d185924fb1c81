//! Sessions: server-side rows keyed by the SHA-256 of a random 128-bit id; the id itself lives
//! only in the player's cookie ([`COOKIE`]: HttpOnly, SameSite=Lax, Secure when the request came
//! over TLS through a trusted proxy), so a copy of the database opens no session.
//!
//! Logging in always makes a new id (an id presented before is never promoted, and is ended);
//! logging out deletes the row; a password change deletes the account's other rows. A session
//! lasts [`LIFETIME_MS`] from the login; an account keeps at most [`MAX_PER_ACCOUNT`] (a login
//! past it ends the oldest).

use axum::http::{header, HeaderMap};

use super::users::User;
use crate::store::Store;
use crate::token;

/// The cookie's name.
pub const COOKIE: &str = "baroque-session";

/// How long a session lasts: 365 days.
pub const LIFETIME_MS: i64 = 365 * 86_400_000;

/// The most sessions one account keeps open: a login past it ends the oldest.
pub const MAX_PER_ACCOUNT: i64 = 50;

/// The session id the request's cookie holds, if it has the shape of one (32 hex digits).
pub fn presented(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('='))
        .find(|id| id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(str::to_string)
}

/// The cookie telling the page that this browser has a session (its value is `1`, no secret;
/// readable by scripts): the page asks for the account's data only while it is set, so an
/// anonymous visit makes no request that must fail.
pub const MARK: &str = "baroque-login";

/// The `Set-Cookie` values giving session `id` and its mark (`secure`: the page was reached over
/// TLS).
pub fn cookie(id: &str, secure: bool) -> [String; 2] {
    let age = LIFETIME_MS / 1000;
    let secure = if secure { "; Secure" } else { "" };
    [
        format!("{COOKIE}={id}; Path=/; Max-Age={age}; HttpOnly; SameSite=Lax{secure}"),
        format!("{MARK}=1; Path=/; Max-Age={age}; SameSite=Lax{secure}"),
    ]
}

/// The `Set-Cookie` values ending the session cookie and its mark.
pub fn cleared(secure: bool) -> [String; 2] {
    let secure = if secure { "; Secure" } else { "" };
    [
        format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}"),
        format!("{MARK}=; Path=/; Max-Age=0; SameSite=Lax{secure}"),
    ]
}

/// Opens a session for account `user` at `now`: gives its id (for the cookie only).
pub async fn open(store: &Store, user: &str, now: i64) -> Result<String, String> {
    let id = token::seat_token()?;
    sqlx::query("INSERT INTO sessions (id, user_id, created) VALUES ($1, $2, $3)")
        .bind(token::hash(&id))
        .bind(user.to_string())
        .bind(now)
        .execute(store.pool())
        .await
        .map_err(|e| format!("database error: {e}"))?;
    // Lapsed sessions of this account go at the same time, and the oldest past the most kept.
    let db = |e: sqlx::Error| format!("database error: {e}");
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND created < $2")
        .bind(user.to_string())
        .bind(now - LIFETIME_MS)
        .execute(store.pool())
        .await
        .map_err(db)?;
    sqlx::query(
        "DELETE FROM sessions WHERE user_id = $1 AND id NOT IN \
         (SELECT id FROM sessions WHERE user_id = $2 ORDER BY created DESC, id LIMIT $3)",
    )
    .bind(user.to_string())
    .bind(user.to_string())
    .bind(MAX_PER_ACCOUNT)
    .execute(store.pool())
    .await
    .map_err(db)?;
    Ok(id)
}

/// The account session `id` belongs to, if it is open at `now`.
pub async fn user(store: &Store, id: &str, now: i64) -> Result<Option<User>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {} FROM sessions s \
         JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.created >= $2",
        super::users::COLUMNS
    ))
    .bind(token::hash(id))
    .bind(now - LIFETIME_MS)
    .fetch_optional(store.pool())
    .await?;
    row.map(|r| super::users::read(&r)).transpose()
}

/// Ends session `id`.
pub async fn close(store: &Store, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE id = $1")
        .bind(token::hash(id))
        .execute(store.pool())
        .await?;
    Ok(())
}

/// Ends every session of account `user` but `keep`.
pub async fn close_others(store: &Store, user: &str, keep: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
        .bind(user.to_string())
        .bind(token::hash(keep))
        .execute(store.pool())
        .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn reads_only_a_well_formed_id_from_the_cookies() {
        let mut h = HeaderMap::new();
        let id = "0123456789abcdef0123456789abcdef";
        h.append(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=b; {COOKIE}={id}; c=d")).unwrap(),
        );
        assert_eq!(presented(&h).as_deref(), Some(id));
        let mut bad = HeaderMap::new();
        bad.append(
            header::COOKIE,
            HeaderValue::from_str(&format!("{COOKIE}=attacker-chosen")).unwrap(),
        );
        assert_eq!(presented(&bad), None);
    }

    #[test]
    fn the_cookie_is_http_only_same_site_lax_and_secure_behind_tls() {
        let [c, mark] = cookie("x", false);
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax") && !c.contains("Secure"));
        // The mark holds no secret, so scripts may read it.
        assert!(mark.starts_with("baroque-login=1;") && !mark.contains("HttpOnly"));
        assert!(cookie("x", true).iter().all(|c| c.ends_with("; Secure")));
        assert!(cleared(false).iter().all(|c| c.contains("Max-Age=0")));
    }
}
