//! Personal API tokens, as lichess's: `bq_` and 128 random bits in hexadecimal, shown once when
//! made, stored only as their SHA-256 beside a public id (for the list and for revoking), and
//! good for `Authorization: Bearer` until revoked. An account holds at most [`MAX_PER_ACCOUNT`].

use serde_json::{json, Value};
use sqlx::Row;

use super::users::User;
use crate::store::Store;
use crate::token;

/// What every token starts with (so a token pasted in the wrong place is recognisable).
pub const PREFIX: &str = "bq_";

/// The most tokens one account holds.
pub const MAX_PER_ACCOUNT: i64 = 50;

/// The longest description.
pub const MAX_DESCRIPTION: usize = 100;

/// Whether `text` has a token's shape.
pub fn well_formed(text: &str) -> bool {
    text.strip_prefix(PREFIX)
        .is_some_and(|t| t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A new token of account `user`: gives its id and the token (shown once), or `None` when the
/// account holds [`MAX_PER_ACCOUNT`] already.
pub async fn create(
    store: &Store,
    user: &str,
    description: &str,
    now: i64,
) -> Result<Option<(String, String)>, String> {
    let db = |e: sqlx::Error| format!("database error: {e}");
    let held: i64 = sqlx::query("SELECT COUNT(*) FROM api_tokens WHERE user_id = $1")
        .bind(user.to_string())
        .fetch_one(store.pool())
        .await
        .and_then(|r| r.try_get(0))
        .map_err(db)?;
    if held >= MAX_PER_ACCOUNT {
        return Ok(None);
    }
    let secret = format!("{PREFIX}{}", token::seat_token()?);
    let id = token::seat_token()?[..12].to_string();
    sqlx::query(
        "INSERT INTO api_tokens (id, hash, user_id, description, created) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id.clone())
    .bind(token::hash(&secret))
    .bind(user.to_string())
    .bind(description.to_string())
    .bind(now)
    .execute(store.pool())
    .await
    .map_err(db)?;
    Ok(Some((id, secret)))
}

/// The account token `secret` acts as, and the token's id.
pub async fn user(store: &Store, secret: &str) -> Result<Option<(User, String)>, sqlx::Error> {
    if !well_formed(secret) {
        return Ok(None);
    }
    let row = sqlx::query(&format!(
        "SELECT {}, t.id FROM api_tokens t \
         JOIN users u ON u.id = t.user_id WHERE t.hash = $1",
        super::users::COLUMNS
    ))
    .bind(token::hash(secret))
    .fetch_optional(store.pool())
    .await?;
    row.map(|r| Ok((super::users::read(&r)?, r.try_get(5)?)))
        .transpose()
}

/// Account `user`'s tokens without their secrets: `[{"id","description","createdAt"}]`,
/// newest first.
pub async fn list(store: &Store, user: &str) -> Result<Value, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, description, created FROM api_tokens WHERE user_id = $1 \
         ORDER BY created DESC, id",
    )
    .bind(user.to_string())
    .fetch_all(store.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(json!({
            "id": r.try_get::<String, _>(0)?,
            "description": r.try_get::<String, _>(1)?,
            "createdAt": r.try_get::<i64, _>(2)?,
        }));
    }
    Ok(Value::Array(out))
}

/// Revokes account `user`'s token `id`; false when it holds no such token.
pub async fn revoke(store: &Store, user: &str, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND user_id = $2")
        .bind(id.to_string())
        .bind(user.to_string())
        .execute(store.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_the_prefix_and_32_hex_digits() {
        assert!(well_formed("bq_0123456789abcdef0123456789abcdef"));
        assert!(!well_formed("0123456789abcdef0123456789abcdef"));
        assert!(!well_formed("bq_0123"));
        assert!(!well_formed("bq_0123456789abcdef0123456789abcdeg"));
    }
}
