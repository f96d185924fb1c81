//! The account's event stream, as lichess's `GET /api/stream/event`: one NDJSON line per event
//! of the account (`gameStart`, `gameFinish`, `challenge`, `challengeCanceled`,
//! `challengeDeclined`), an empty line every [`KEEP_ALIVE`] while nothing happens.
//!
//! Any part of the server raises an event with [`UserEvents::publish`] (`hub.user_events()`).
//! One server (SQLite) hands it to the account's open streams at once. Servers sharing
//! PostgreSQL send it as `NOTIFY baroque_users, 'USER JSON'`: every server listens ([`crate::fanout`])
//! and hands it to the streams it holds, so a bot connected to server B hears of a challenge
//! made on server A. A notification is a message, not the truth: a stream opened (or opened
//! again) starts with what the database says is going on — `gameStart` for each of the
//! account's games in progress and `challenge` for each open challenge to it, as lichess's.

pub mod lines;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

use crate::account::Authed;
use crate::hub::Hub;
use crate::store::Store;

/// The channel account events are announced on (PostgreSQL): the payload is `USER JSON`.
pub const CHANNEL: &str = "baroque_users";

/// How often a quiet stream gets an empty line (lichess sends one every few seconds, which
/// is also how a server notices a client gone).
pub const KEEP_ALIVE: Duration = Duration::from_secs(6);

/// Events queued per open stream; a reader further behind loses the oldest (and is told
/// nothing: its next connection starts from the database's state).
const QUEUE: usize = 64;

/// PostgreSQL's largest notification payload is 8000 bytes; a longer event is handed only to
/// this server's streams.
const MAX_PAYLOAD: usize = 7900;

/// The most games in progress a stream opens with.
const MAX_GAMES_AT_START: i64 = 200;

/// The open event streams of this server, by account id, and the way to every server's.
#[derive(Debug)]
pub struct UserEvents {
    store: Store,
    streams: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
}

impl UserEvents {
    /// The events of accounts over `store`.
    pub fn new(store: Store) -> UserEvents {
        UserEvents {
            store,
            streams: Mutex::new(HashMap::new()),
        }
    }

    /// Raises event `line` (a JSON object: `{"type": "gameStart", …}`) for account `user` (its
    /// id, the lower-case name): every stream of the account on every server sharing the
    /// database gets it as one line. Never fails: an event nobody listens to is dropped, and a
    /// database that cannot take the notification leaves it to this server's streams.
    pub async fn publish(&self, user: &str, line: Value) {
        let text = line.to_string();
        if self.store.is_pg() && text.len() + user.len() < MAX_PAYLOAD {
            let sent = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("{user} {text}"))
                .execute(self.store.pool())
                .await;
            match sent {
                // Every server's listener, this one's too, hands it on.
                Ok(_) => return,
                Err(e) => eprintln!("account events: cannot notify ({e}); sent here only"),
            }
        }
        self.deliver(user, Arc::from(text));
    }

    /// Hands `line` to account `user`'s streams on this server.
    pub fn deliver(&self, user: &str, line: Arc<str>) {
        let Ok(streams) = self.streams.lock() else {
            return;
        };
        if let Some(tx) = streams.get(user) {
            let _ = tx.send(line);
        }
    }

    /// A receiver of account `user`'s events from now on.
    pub fn subscribe(self: &Arc<Self>, user: &str) -> Subscription {
        let rx = {
            let mut streams = self.streams.lock().unwrap_or_else(|p| p.into_inner());
            streams
                .entry(user.to_string())
                .or_insert_with(|| broadcast::channel(QUEUE).0)
                .subscribe()
        };
        Subscription {
            events: Arc::clone(self),
            user: user.to_string(),
            rx,
        }
    }

    /// How many accounts have a stream open on this server.
    pub fn listening(&self) -> usize {
        self.streams.lock().map(|s| s.len()).unwrap_or(0)
    }

    /// Whether account `user` has a stream open on this server.
    pub fn is_listening(&self, user: &str) -> bool {
        self.streams
            .lock()
            .map(|s| s.contains_key(user))
            .unwrap_or(false)
    }
}

/// One open stream's receiver; dropped, the account's entry goes when it was the last.
pub struct Subscription {
    events: Arc<UserEvents>,
    user: String,
    rx: broadcast::Receiver<Arc<str>>,
}

impl Subscription {
    /// The next line (a reader too far behind skips the lines it lost); `None` once closed.
    pub async fn recv(&mut self) -> Option<Arc<str>> {
        loop {
            match self.rx.recv().await {
                Ok(line) => return Some(line),
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => return None,
            }
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut streams = self
            .events
            .streams
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        // This receiver still counts until it is dropped with self: the last one leaves 1.
        if streams
            .get(&self.user)
            .is_some_and(|tx| tx.receiver_count() <= 1)
        {
            streams.remove(&self.user);
        }
    }
}

/// `USER JSON` read from a notification's payload.
pub fn parse(payload: &str) -> Option<(&str, &str)> {
    let (user, json) = payload.split_once(' ')?;
    (!user.is_empty() && json.starts_with('{')).then_some((user, json))
}

/// `GET /api/stream/event` (a token or the session cookie): the account's events as NDJSON,
/// starting with its games in progress and the open challenges to it.
pub async fn stream(State(hub): State<Arc<Hub>>, authed: Authed) -> Response {
    // A bot is listed online while its stream is open (`GET /api/bot/online`).
    let beacon = authed
        .user
        .is_bot()
        .then(|| crate::house::online::Beacon::start(hub.store().clone(), &authed.user.id));
    let user = authed.user.id;
    // Subscribed before the state is read: an event raised meanwhile is sent (maybe twice,
    // as lichess may), never lost.
    let sub = hub.user_events().subscribe(&user);
    let mut first: Vec<String> = Vec::new();
    match opening(&hub, &user).await {
        Ok(lines) => first.extend(lines.into_iter().map(|l| l.to_string())),
        Err(e) => eprintln!("account events: cannot read {user}'s state: {e}"),
    }
    first.reverse();
    let state = (first, sub, beacon);
    let stream = futures_util::stream::unfold(state, |(mut first, mut sub, beacon)| async move {
        if let Some(line) = first.pop() {
            return Some((
                Ok::<_, Infallible>(format!("{line}\n")),
                (first, sub, beacon),
            ));
        }
        let line = match tokio::time::timeout(KEEP_ALIVE, sub.rx.recv()).await {
            Err(_) => String::new(),
            Ok(Ok(line)) => line.to_string(),
            // Behind: the oldest events were dropped; the stream goes on with the newer ones.
            Ok(Err(RecvError::Lagged(_))) => String::new(),
            Ok(Err(RecvError::Closed)) => return None,
        };
        Some((Ok(format!("{line}\n")), (first, sub, beacon)))
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

/// Account `user`'s games in progress, oldest first, at most `limit`: each as `gameStart`'s
/// `game` object (lichess's `nowPlaying` entries).
pub async fn playing(hub: &Hub, user: &str, limit: i64) -> Result<Vec<Value>, sqlx::Error> {
    let store = hub.store();
    let now = crate::clock::now_ms();
    let rows = sqlx::query(&format!(
        "SELECT {} FROM games WHERE status = 'started' AND (white_user = $1 OR black_user = $2) \
         ORDER BY created LIMIT $3",
        crate::store::COLUMNS
    ))
    .bind(user.to_string())
    .bind(user.to_string())
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        let mut rec = crate::store::read_record(row)?;
        // A going game's moves are its events' (its row keeps them once it is over).
        store.fill(&mut rec).await?;
        let (Some(seat), Ok(game)) = (rec.seat_of_user(user), rec.build()) else {
            continue;
        };
        let opponent = match &rec.users[seat.other()] {
            Some(o) => lines::LightUser::find(store, o, &rec.variant).await?,
            None => None,
        };
        let line = lines::game_line(
            "gameStart",
            &rec,
            &game,
            seat,
            opponent.as_ref(),
            rec.rated,
            now,
        );
        out.push(line["game"].clone());
    }
    Ok(out)
}

/// `GET /api/account/playing?nb=N` (a token or the cookie): lichess's `{"nowPlaying": […]}`, the
/// account's games in progress (`nb` 1–50, default 9), as lichess-bot reads them at its start.
pub async fn now_playing(
    State(hub): State<Arc<Hub>>,
    authed: Authed,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let nb = q
        .get("nb")
        .and_then(|n| n.parse::<i64>().ok())
        .unwrap_or(9)
        .clamp(1, 50);
    match playing(&hub, &authed.user.id, nb).await {
        Ok(games) => axum::Json(serde_json::json!({ "nowPlaying": games })).into_response(),
        Err(e) => crate::answer::error(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "server-error",
            &format!("database error: {e}"),
        ),
    }
}

/// What a stream opens with: `gameStart` for each of account `user`'s games in progress and
/// `challenge` for each open challenge to it, as lichess's.
async fn opening(hub: &Hub, user: &str) -> Result<Vec<Value>, sqlx::Error> {
    let store = hub.store();
    let now = crate::clock::now_ms();
    let mut out: Vec<Value> = playing(hub, user, MAX_GAMES_AT_START)
        .await?
        .into_iter()
        .map(|game| serde_json::json!({ "type": "gameStart", "game": game }))
        .collect();
    for row in crate::challenges::open_for(store, "dest", user, now).await? {
        let c = crate::challenges::json::challenge(
            store,
            &row,
            Some(crate::challenges::json::Direction::In),
            "",
        )
        .await;
        out.push(serde_json::json!({
            "type": "challenge",
            "challenge": c,
            "compat": { "bot": true, "board": true },
        }));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_payloads_and_refuses_others() {
        assert_eq!(
            parse(r#"alice {"type":"gameStart"}"#),
            Some(("alice", r#"{"type":"gameStart"}"#))
        );
        assert_eq!(parse("alice"), None);
        assert_eq!(parse(" {}"), None);
        assert_eq!(parse("alice nonsense"), None);
    }
}
