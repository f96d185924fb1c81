//! Accounts: a name as typed (3–20 letters, digits, `_`, `-`), its id (the name in lower case,
//! so names are unique without regard to case), the password's argon2id hash, when it was made
//! and last logged in to.

use sqlx::Row;

use crate::store::Store;

/// The shortest name.
pub const MIN_NAME: usize = 3;
/// The longest name.
pub const MAX_NAME: usize = 20;

/// An account.
#[derive(Clone, Debug)]
pub struct User {
    /// The name in lower case (the key).
    pub id: String,
    /// The name as typed at signup.
    pub username: String,
    /// When the account was made (ms since 1970).
    pub created: i64,
    /// When it was last logged in to (ms since 1970).
    pub seen: i64,
    /// lichess's title: `BOT` for a bot account ([`set_bot`]), else none.
    pub title: Option<String>,
}

impl User {
    /// Whether the account is a bot (`POST /api/bot/account/upgrade`).
    pub fn is_bot(&self) -> bool {
        self.title.as_deref() == Some(BOT)
    }
}

/// A bot account's title.
pub const BOT: &str = "BOT";

/// The account columns [`read`] reads, in its order (the table aliased `u`).
pub const COLUMNS: &str = "u.id, u.username, u.created, u.seen, u.title";

/// Why `name` cannot be an account's name (`None`: it can).
pub fn problem(name: &str) -> Option<String> {
    let n = name.chars().count();
    if !(MIN_NAME..=MAX_NAME).contains(&n) {
        return Some(format!(
            "a name has {MIN_NAME} to {MAX_NAME} characters (this one has {n})"
        ));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Some("a name holds only letters a–z, digits, '_' and '-'".into());
    }
    None
}

/// The id of `name`: its lower case.
pub fn id_of(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// The account in `row`'s first columns ([`COLUMNS`]).
pub fn read(row: &sqlx::any::AnyRow) -> Result<User, sqlx::Error> {
    let title: String = row.try_get(4)?;
    Ok(User {
        id: row.try_get(0)?,
        username: row.try_get(1)?,
        created: row.try_get(2)?,
        seen: row.try_get(3)?,
        title: (!title.is_empty()).then_some(title),
    })
}

/// The account named `name` (in any case) and its password hash.
pub async fn find(store: &Store, name: &str) -> Result<Option<(User, String)>, sqlx::Error> {
    if problem(name).is_some() {
        return Ok(None);
    }
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS}, u.password FROM users u WHERE u.id = $1"
    ))
    .bind(id_of(name))
    .fetch_optional(store.pool())
    .await?;
    row.map(|r| Ok((read(&r)?, r.try_get(5)?))).transpose()
}

/// The account whose id is `id`.
pub async fn by_id(store: &Store, id: &str) -> Result<Option<User>, sqlx::Error> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM users u WHERE u.id = $1"))
        .bind(id.to_string())
        .fetch_optional(store.pool())
        .await?;
    row.map(|r| read(&r)).transpose()
}

/// Makes the account `name` with the password hash `hash` and its ratings at a new player's;
/// `None` when the name is taken (in any case).
pub async fn create(
    store: &Store,
    name: &str,
    hash: &str,
    now: i64,
) -> Result<Option<User>, sqlx::Error> {
    let user = User {
        id: id_of(name),
        username: name.to_string(),
        created: now,
        seen: now,
        title: None,
    };
    let mut tx = store.begin().await?;
    let done = sqlx::query(
        "INSERT INTO users (id, username, password, created, seen) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT DO NOTHING",
    )
    .bind(user.id.clone())
    .bind(user.username.clone())
    .bind(hash.to_string())
    .bind(now)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(None);
    }
    super::perfs::create(&mut tx, &user.id).await?;
    tx.commit().await?;
    Ok(Some(user))
}

/// Replaces the password hash of account `id`.
pub async fn set_password(store: &Store, id: &str, hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET password = $1 WHERE id = $2")
        .bind(hash.to_string())
        .bind(id.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// Makes account `id` a bot (its title `BOT`), if it has played no rated game (as lichess's
/// `POST /api/bot/account/upgrade`): `Ok(false)` when it has.
pub async fn set_bot(store: &Store, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE users SET title = $1 WHERE id = $2 AND NOT EXISTS \
         (SELECT 1 FROM ratings r WHERE r.user_id = $3 AND r.games > 0)",
    )
    .bind(BOT)
    .bind(id.to_string())
    .bind(id.to_string())
    .execute(store.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Notes a login to account `id` at `now`.
pub async fn seen(store: &Store, id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET seen = $1 WHERE id = $2")
        .bind(now)
        .bind(id.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_older_database_gets_the_title_column_and_its_accounts_keep_working() {
        let dir = std::env::temp_dir().join(format!("baroque-users-title-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}/old.sqlite?mode=rwc", dir.display());
        {
            use sqlx::Connection;
            sqlx::any::install_default_drivers();
            let mut c = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::query(
                "CREATE TABLE users (id TEXT PRIMARY KEY, username TEXT NOT NULL, \
                 password TEXT NOT NULL, created BIGINT NOT NULL, seen BIGINT NOT NULL)",
            )
            .execute(&mut c)
            .await
            .unwrap();
            sqlx::query("INSERT INTO users VALUES ('old', 'Old', 'x', 1, 2)")
                .execute(&mut c)
                .await
                .unwrap();
        }
        let store = Store::open(&url).await.unwrap();
        let old = by_id(&store, "old").await.unwrap().unwrap();
        assert_eq!((old.username.as_str(), old.title), ("Old", None));
        assert!(set_bot(&store, "old").await.unwrap());
        assert!(by_id(&store, "old").await.unwrap().unwrap().is_bot());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn names_are_3_to_20_letters_digits_underscores_and_dashes() {
        for good in ["abc", "Alice_99", "a-b", "x".repeat(20).as_str()] {
            assert_eq!(problem(good), None, "{good}");
        }
        for bad in [
            "ab",
            "",
            "a b",
            "é_abc",
            "x".repeat(21).as_str(),
            "a/b",
            "a.b",
            "<script>",
        ] {
            assert!(problem(bad).is_some(), "{bad}");
        }
        assert_eq!(id_of("AlIcE"), "alice");
    }
}
