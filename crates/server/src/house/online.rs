//! Which bot accounts are connected now, on any server sharing the database, and lichess's
//! `GET /api/bot/online` (NDJSON, one user JSON per bot, best rated first), which the lobby's
//! "Play the computer online" reads.
//!
//! A bot is online while its event stream (`GET /api/stream/event`) is open: the stream holds a
//! [`Beacon`] that writes the account's `bots_online` row every [`BEAT`] with a time [`LAPSE`]
//! ahead; a bot whose stream closed (or whose server died) drops out of the list when that time
//! has passed. The table is shared by every server, so the list is the same on each.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::account::perfs;
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::store::{Store, Tx};

/// How often an open bot stream writes its row.
pub const BEAT: Duration = Duration::from_secs(5);

/// How long a row says the bot is online after it was written.
pub const LAPSE: Duration = Duration::from_secs(15);

/// The most bots listed.
pub const MAX_LISTED: i64 = 50;

/// The table, made if missing (in the store's migration).
pub(crate) async fn migrate(tx: &mut Tx) -> Result<(), sqlx::Error> {
    sqlx::query(
        "CREATE TABLE IF NOT EXISTS bots_online (
            user_id TEXT PRIMARY KEY, until BIGINT NOT NULL)",
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Marks account `user` online until `until` (ms).
pub async fn mark(store: &Store, user: &str, until: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO bots_online (user_id, until) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET until = excluded.until",
    )
    .bind(user.to_string())
    .bind(until)
    .execute(store.pool())
    .await?;
    Ok(())
}

/// Keeps a bot account marked online for as long as it lives (held by the bot's event
/// stream); dropped, it stops writing and the mark lapses after [`LAPSE`].
pub struct Beacon {
    task: tokio::task::JoinHandle<()>,
}

impl Beacon {
    /// Starts marking account `user` online.
    pub fn start(store: Store, user: &str) -> Beacon {
        let user = user.to_string();
        let task = tokio::spawn(async move {
            loop {
                let until = now_ms() + LAPSE.as_millis() as i64;
                if let Err(e) = mark(&store, &user, until).await {
                    eprintln!("house bots: cannot mark {user} online: {e}");
                }
                tokio::time::sleep(BEAT).await;
            }
        });
        Beacon { task }
    }
}

impl Drop for Beacon {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The bot accounts online at `now`, at most `nb`, best rated first (their best game's
/// rating): each as lichess's user JSON (`id`, `username`, `title`, `perfs`, `online`).
pub async fn online(
    store: &Store,
    nb: i64,
    now: i64,
) -> Result<Vec<serde_json::Value>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {} FROM bots_online o JOIN users u ON u.id = o.user_id \
         WHERE o.until > $1 AND u.title = $2 ORDER BY u.id",
        crate::account::users::COLUMNS
    ))
    .bind(now)
    .bind(crate::account::users::BOT)
    .fetch_all(store.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let user = crate::account::users::read(r)?;
        let p = perfs::of(store, &user.id).await?;
        let best = p
            .iter()
            .map(|(_, perf)| perf.rating.rating)
            .fold(f64::MIN, f64::max);
        out.push((
            best,
            json!({
                "id": user.id,
                "username": user.username,
                "title": crate::account::users::BOT,
                "perfs": perfs::json(&p, now),
                "online": true,
                "createdAt": user.created,
            }),
        ));
    }
    out.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(out
        .into_iter()
        .take(nb.clamp(0, MAX_LISTED) as usize)
        .map(|(_, v)| v)
        .collect())
}

/// `GET /api/bot/online?nb=N` (lichess's; `nb` 1–50, default 50): the bots online now as
/// NDJSON, best rated first. No account needed.
pub async fn list(
    State(hub): State<Arc<Hub>>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let nb = q
        .get("nb")
        .and_then(|n| n.parse::<i64>().ok())
        .unwrap_or(MAX_LISTED)
        .clamp(1, MAX_LISTED);
    match online(hub.store(), nb, now_ms()).await {
        Ok(bots) => {
            let mut body = String::new();
            for b in bots {
                body.push_str(&b.to_string());
                body.push('\n');
            }
            (
                [
                    (header::CONTENT_TYPE, "application/x-ndjson"),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                body,
            )
                .into_response()
        }
        Err(e) => crate::answer::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "server-error",
            &format!("database error: {e}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_bot_is_online_until_its_mark_lapses_and_a_person_never_is() {
        let dir = std::env::temp_dir().join(format!("baroque-online-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open(&format!("sqlite://{}/db.sqlite", dir.display()))
            .await
            .unwrap();
        let users = crate::account::users::create;
        users(&store, "Bot-A", "x", 1).await.unwrap().unwrap();
        users(&store, "person", "x", 1).await.unwrap().unwrap();
        crate::account::users::set_bot(&store, "bot-a")
            .await
            .unwrap();
        let now = 1_000_000;
        assert!(online(&store, 10, now).await.unwrap().is_empty());
        mark(&store, "bot-a", now + 15_000).await.unwrap();
        mark(&store, "person", now + 15_000).await.unwrap();
        let listed = online(&store, 10, now).await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0]["username"], "Bot-A");
        assert_eq!(listed[0]["title"], "BOT");
        assert_eq!(listed[0]["perfs"]["ultima"]["rating"], 1500);
        // Marked again later: one row, still online; past its time: gone.
        mark(&store, "bot-a", now + 30_000).await.unwrap();
        assert_eq!(online(&store, 10, now + 20_000).await.unwrap().len(), 1);
        assert!(online(&store, 10, now + 30_000).await.unwrap().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
