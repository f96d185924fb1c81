//! Direct challenges from one account to another, as lichess's (`POST /api/challenge/{username}`,
//! `/api/challenge/{id}/accept`, `/decline`, `/cancel`, `GET /api/challenge`): stored in the
//! `challenges` table (so any server sharing the database can accept one), a few open per
//! player ([`MAX_OUT`], [`MAX_IN`]), lapsing when nobody answers ([`lifetime`]). Each change is
//! raised on both players' event streams ([`crate::user_events`]); an accepted challenge
//! becomes a game with both accounts in their seats ([`crate::hub::Hub::create`]).
//!
//! One job per module: this one the row and its statements, [`json`] lichess's challenge JSON,
//! [`routes`] the handlers.

pub mod json;
pub mod routes;

use std::sync::Arc;
use std::time::Duration;

use sqlx::Row as _;

use crate::clock::{now_ms, TimeControl};
use crate::hub::Hub;
use crate::store::{Store, Tx};

/// The most open challenges one player has sent.
pub const MAX_OUT: i64 = 5;

/// The most open challenges one player has received.
pub const MAX_IN: i64 = 20;

/// How long a live challenge waits for its answer (lichess's 20 s for a challenge made through
/// the API without `keepAliveStream`; the stream keeps it alive).
pub const LIVE_LIFETIME_MS: i64 = 20_000;

/// How long a correspondence or unlimited challenge waits.
pub const SLOW_LIFETIME_MS: i64 = 7 * 86_400_000;

/// How long answered and lapsed challenges are kept (lists, repeated answers), then deleted.
const KEPT_MS: i64 = 86_400_000;

/// How often lapsed challenges are looked for.
const SWEEP_EVERY: Duration = Duration::from_secs(5);

/// How long a challenge of `control` waits for its answer.
pub fn lifetime(control: TimeControl) -> i64 {
    match control {
        TimeControl::Live { .. } => LIVE_LIFETIME_MS,
        _ => SLOW_LIFETIME_MS,
    }
}

/// Why a challenge was declined: lichess's keys and their texts.
pub const DECLINE_REASONS: [(&str, &str); 11] = [
    ("generic", "I'm not accepting challenges at the moment."),
    (
        "later",
        "This is not the right time for me, please ask again later.",
    ),
    (
        "tooFast",
        "This time control is too fast for me, please challenge again with a slower game.",
    ),
    (
        "tooSlow",
        "This time control is too slow for me, please challenge again with a faster game.",
    ),
    (
        "timeControl",
        "I'm not accepting challenges with this time control.",
    ),
    ("rated", "Please send me a rated challenge instead."),
    ("casual", "Please send me a casual challenge instead."),
    (
        "standard",
        "I'm not accepting variant challenges right now.",
    ),
    ("variant", "I'm not willing to play this variant right now."),
    ("noBot", "I'm not accepting challenges from bots."),
    ("onlyBot", "I'm only accepting challenges from bots."),
];

/// lichess's reason key of `given` (any case), `generic` when unknown or not given.
pub fn decline_key(given: Option<&str>) -> &'static str {
    given
        .and_then(|g| {
            DECLINE_REASONS
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(g.trim()))
        })
        .map_or("generic", |(k, _)| k)
}

/// The text of reason `key`.
pub fn decline_text(key: &str) -> &'static str {
    DECLINE_REASONS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(DECLINE_REASONS[0].1, |(_, t)| t)
}

/// One challenge's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Public id.
    pub id: String,
    /// The challenger's account id; empty for a player without an account (who may challenge
    /// only a bot, casually: [`routes::create`]).
    pub challenger: String,
    /// The challenged account's id.
    pub dest: String,
    /// The game.
    pub variant: String,
    /// Rated or casual.
    pub rated: bool,
    /// The time control.
    pub control: TimeControl,
    /// A start position (empty: the game's start).
    pub fen: String,
    /// A start array's id (empty: the standard one).
    pub array: String,
    /// Rule options, `name=value` separated by spaces.
    pub options: String,
    /// The colour the challenger asked for: `white`, `black` or `random`.
    pub color: String,
    /// The challenger's colour, decided when the challenge was made.
    pub final_color: String,
    /// `created`, `accepted`, `declined`, `canceled`.
    pub status: String,
    /// The decline reason's key, once declined.
    pub decline_reason: String,
    /// The game made from it, once accepted.
    pub game_id: String,
    /// When it was made (ms).
    pub created: i64,
    /// When it lapses unanswered (ms).
    pub expires: i64,
    /// The SHA-256 of the challenger's seat token, given to the challenger once when the
    /// challenge is made: the game an accepted challenge becomes has it on the challenger's
    /// seat, so the page (or a player without an account) plays by it. Empty in challenges
    /// made before seat tokens: the challenger plays by its account.
    pub seat_hash: String,
}

impl Row {
    /// Whether it waits for an answer at `now`.
    pub fn open(&self, now: i64) -> bool {
        self.status == "created" && self.expires > now
    }
}

/// The challenges table, made if missing (in the store's migration).
pub(crate) async fn migrate(tx: &mut Tx) -> Result<(), sqlx::Error> {
    const SCHEMA: [&str; 3] = [
        "CREATE TABLE IF NOT EXISTS challenges (
            id TEXT PRIMARY KEY, challenger TEXT NOT NULL, dest TEXT NOT NULL,
            variant TEXT NOT NULL, rated BIGINT NOT NULL, clock_limit BIGINT NOT NULL,
            clock_inc BIGINT NOT NULL, days BIGINT NOT NULL, fen TEXT NOT NULL,
            start_array TEXT NOT NULL, options TEXT NOT NULL, color TEXT NOT NULL,
            final_color TEXT NOT NULL, status TEXT NOT NULL, decline_reason TEXT NOT NULL,
            game_id TEXT NOT NULL, created BIGINT NOT NULL, expires BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS challenges_dest ON challenges (dest, status)",
        "CREATE INDEX IF NOT EXISTS challenges_challenger ON challenges (challenger, status)",
    ];
    for statement in SCHEMA {
        sqlx::query(statement).execute(&mut **tx).await?;
    }
    // Challenges made before seat tokens: none.
    if !crate::store::has_column(tx, "challenges", "seat_hash").await? {
        sqlx::query("ALTER TABLE challenges ADD COLUMN seat_hash TEXT NOT NULL DEFAULT ''")
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

const COLUMNS: &str = "id, challenger, dest, variant, rated, clock_limit, clock_inc, days, fen, \
    start_array, options, color, final_color, status, decline_reason, game_id, created, expires, \
    seat_hash";

fn read(r: &sqlx::any::AnyRow) -> Result<Row, sqlx::Error> {
    Ok(Row {
        id: r.try_get(0)?,
        challenger: r.try_get(1)?,
        dest: r.try_get(2)?,
        variant: r.try_get(3)?,
        rated: r.try_get::<i64, _>(4)? != 0,
        control: TimeControl::from_columns(r.try_get(5)?, r.try_get(6)?, r.try_get(7)?),
        fen: r.try_get(8)?,
        array: r.try_get(9)?,
        options: r.try_get(10)?,
        color: r.try_get(11)?,
        final_color: r.try_get(12)?,
        status: r.try_get(13)?,
        decline_reason: r.try_get(14)?,
        game_id: r.try_get(15)?,
        created: r.try_get(16)?,
        expires: r.try_get(17)?,
        seat_hash: r.try_get(18)?,
    })
}

/// Why a challenge could not be stored.
#[derive(Debug)]
pub enum Full {
    /// The challenger has [`MAX_OUT`] open already.
    Out,
    /// The challenged player has [`MAX_IN`] open already.
    In,
}

/// Stores challenge `row` if its challenger has fewer than [`MAX_OUT`] open (a challenger
/// without an account is not counted: its challenges, to bots only, are bounded by the bot's
/// [`MAX_IN`] and the address's rate limits) and its destination fewer than [`MAX_IN`] (counted
/// in the insert's own transaction).
pub async fn insert(store: &Store, row: &Row) -> Result<Result<(), Full>, sqlx::Error> {
    let mut tx = store.begin().await?;
    let count = |column: &'static str| {
        format!(
            "SELECT COUNT(*) FROM challenges WHERE {column} = $1 AND status = 'created' \
             AND expires > $2"
        )
    };
    let out: i64 = sqlx::query(&count("challenger"))
        .bind(row.challenger.clone())
        .bind(row.created)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
    if out >= MAX_OUT && !row.challenger.is_empty() {
        tx.rollback().await?;
        return Ok(Err(Full::Out));
    }
    let inc: i64 = sqlx::query(&count("dest"))
        .bind(row.dest.clone())
        .bind(row.created)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
    if inc >= MAX_IN {
        tx.rollback().await?;
        return Ok(Err(Full::In));
    }
    let (limit, inc, days) = row.control.columns();
    sqlx::query(&format!(
        "INSERT INTO challenges ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
         $11, $12, $13, $14, $15, $16, $17, $18, $19)"
    ))
    .bind(row.id.clone())
    .bind(row.challenger.clone())
    .bind(row.dest.clone())
    .bind(row.variant.clone())
    .bind(i64::from(row.rated))
    .bind(limit)
    .bind(inc)
    .bind(days)
    .bind(row.fen.clone())
    .bind(row.array.clone())
    .bind(row.options.clone())
    .bind(row.color.clone())
    .bind(row.final_color.clone())
    .bind(row.status.clone())
    .bind(row.decline_reason.clone())
    .bind(row.game_id.clone())
    .bind(row.created)
    .bind(row.expires)
    .bind(row.seat_hash.clone())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Challenge `id`.
pub async fn get(store: &Store, id: &str) -> Result<Option<Row>, sqlx::Error> {
    if id.len() > 64 {
        return Ok(None);
    }
    let r = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"))
        .bind(id.to_string())
        .fetch_optional(store.pool())
        .await?;
    r.as_ref().map(read).transpose()
}

/// The open challenges to (`column` `dest`) or from (`challenger`) account `user`, oldest first.
pub async fn open_for(
    store: &Store,
    column: &'static str,
    user: &str,
    now: i64,
) -> Result<Vec<Row>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM challenges WHERE {column} = $1 AND status = 'created' \
         AND expires > $2 ORDER BY created, id"
    ))
    .bind(user.to_string())
    .bind(now)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(read).collect()
}

/// Moves open challenge `id` to `status` (with a decline reason, or the game made): true when
/// this call did (false: it was answered or lapsed meanwhile, here or on another server).
pub async fn answer(
    store: &Store,
    id: &str,
    status: &str,
    reason: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE challenges SET status = $1, decline_reason = $2 \
         WHERE id = $3 AND status = 'created' AND expires > $4",
    )
    .bind(status.to_string())
    .bind(reason.to_string())
    .bind(id.to_string())
    .bind(now)
    .execute(store.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Notes the game accepted challenge `id` became.
pub async fn set_game(store: &Store, id: &str, game: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE challenges SET game_id = $1 WHERE id = $2")
        .bind(game.to_string())
        .bind(id.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// Sets challenge `id`'s status (an accepted challenge whose game could not be made).
pub async fn set_status(store: &Store, id: &str, status: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE challenges SET status = $1 WHERE id = $2")
        .bind(status.to_string())
        .bind(id.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// The game accepted challenge `row` asks for: the challenger (the creator) in its final
/// colour, both accounts in their seats, the challenger's seat token (its hash) on its seat.
pub fn game_of(row: &Row) -> crate::hub::Challenge {
    let mut seat_hashes = [None, None];
    if !row.seat_hash.is_empty() {
        let seat = usize::from(row.final_color == "black");
        seat_hashes[seat] = Some(row.seat_hash.clone());
    }
    crate::hub::Challenge {
        variant: row.variant.clone(),
        fen: Some(row.fen.clone()).filter(|f| !f.is_empty()),
        array: Some(row.array.clone()).filter(|a| !a.is_empty()),
        options: row.options.split_whitespace().map(String::from).collect(),
        color: Some(row.final_color.clone()),
        control: Some(row.control),
        users: [
            Some(row.challenger.clone()).filter(|c| !c.is_empty()),
            Some(row.dest.clone()),
        ],
        rated: row.rated,
        seat_hashes,
    }
}

/// Keeps open challenge `id` alive until `until` (its `keepAliveStream` is open).
pub async fn keep_alive(store: &Store, id: &str, until: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE challenges SET expires = $1 WHERE id = $2 AND status = 'created'")
        .bind(until)
        .bind(id.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// Marks the challenges that lapsed by `now` canceled (each by one server: a conditional
/// update per row) and deletes those answered long ago; gives the lapsed ones.
pub async fn lapse(store: &Store, now: i64) -> Result<Vec<Row>, sqlx::Error> {
    let due = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM challenges WHERE status = 'created' AND expires <= $1 LIMIT 500"
    ))
    .bind(now)
    .fetch_all(store.pool())
    .await?;
    let mut lapsed = Vec::new();
    for r in &due {
        let mut row = read(r)?;
        let done = sqlx::query(
            "UPDATE challenges SET status = 'canceled' WHERE id = $1 AND status = 'created'",
        )
        .bind(row.id.clone())
        .execute(store.pool())
        .await?;
        if done.rows_affected() == 1 {
            row.status = "canceled".into();
            lapsed.push(row);
        }
    }
    sqlx::query("DELETE FROM challenges WHERE status <> 'created' AND created < $1")
        .bind(now - KEPT_MS)
        .execute(store.pool())
        .await?;
    Ok(lapsed)
}

/// Lapses challenges nobody answered in time, for as long as the server runs: each is raised
/// as `challengeCanceled` on both players' streams.
pub async fn sweeps(hub: Arc<Hub>) {
    loop {
        tokio::time::sleep(SWEEP_EVERY).await;
        match lapse(hub.store(), now_ms()).await {
            Ok(rows) => {
                for row in rows {
                    json::publish(&hub, &row, "challengeCanceled").await;
                }
            }
            Err(e) => eprintln!("challenges: cannot lapse old challenges: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, from: &str, to: &str, created: i64, expires: i64) -> Row {
        Row {
            id: id.into(),
            challenger: from.into(),
            dest: to.into(),
            variant: "ultima".into(),
            rated: false,
            control: TimeControl::Live {
                limit_ms: 60_000,
                inc_ms: 0,
            },
            fen: String::new(),
            array: String::new(),
            options: String::new(),
            color: "random".into(),
            final_color: "white".into(),
            status: "created".into(),
            decline_reason: String::new(),
            game_id: String::new(),
            created,
            expires,
            seat_hash: String::new(),
        }
    }

    async fn store() -> Store {
        let dir = std::env::temp_dir().join(format!(
            "baroque-challenges-{}-{}",
            std::process::id(),
            now_ms()
        ));
        Store::open(&format!("sqlite://{}/db.sqlite", dir.display()))
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn lapsed_challenges_are_canceled_once_and_open_ones_bounded() {
        let store = store().await;
        let now = 1_000_000;
        // Lapsed at `now` (expires then), and one still open.
        insert(&store, &row("old", "a", "b", now - 30_000, now))
            .await
            .unwrap()
            .unwrap();
        insert(&store, &row("new", "a", "b", now, now + 20_000))
            .await
            .unwrap()
            .unwrap();
        let open = open_for(&store, "dest", "b", now).await.unwrap();
        assert_eq!(
            open.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
            ["new"]
        );
        let lapsed = lapse(&store, now).await.unwrap();
        assert_eq!(lapsed.len(), 1);
        assert_eq!(
            (lapsed[0].id.as_str(), lapsed[0].status.as_str()),
            ("old", "canceled")
        );
        // Once: a second sweep (another server's) finds nothing.
        assert!(lapse(&store, now).await.unwrap().is_empty());
        assert_eq!(
            get(&store, "old").await.unwrap().unwrap().status,
            "canceled"
        );
        // An answer to a lapsed challenge is refused; to an open one, taken once.
        assert!(!answer(&store, "old", "accepted", "", now).await.unwrap());
        assert!(answer(&store, "new", "declined", "later", now)
            .await
            .unwrap());
        assert!(!answer(&store, "new", "accepted", "", now).await.unwrap());
        // At most MAX_OUT open from one player.
        for i in 0..MAX_OUT {
            let r = row(&format!("c{i}"), "a", "c", now, now + 20_000);
            insert(&store, &r).await.unwrap().unwrap();
        }
        let over = insert(&store, &row("extra", "a", "d", now, now + 20_000))
            .await
            .unwrap();
        assert!(matches!(over, Err(Full::Out)));
        // Answered long ago: deleted by the sweep.
        assert!(lapse(&store, now + KEPT_MS + 60_000).await.is_ok());
        assert!(get(&store, "old").await.unwrap().is_none());
    }

    #[test]
    fn decline_reasons_are_lichess_keys_generic_by_default() {
        assert_eq!(decline_key(Some("tooFast")), "tooFast");
        assert_eq!(decline_key(Some("TOOFAST")), "tooFast");
        assert_eq!(decline_key(Some("nonsense")), "generic");
        assert_eq!(decline_key(None), "generic");
        assert!(decline_text("later").contains("later"));
        assert_eq!(decline_text("?"), decline_text("generic"));
    }

    #[test]
    fn live_challenges_lapse_in_20_seconds_slow_ones_in_a_week() {
        let live = TimeControl::Live {
            limit_ms: 60_000,
            inc_ms: 0,
        };
        assert_eq!(lifetime(live), 20_000);
        assert_eq!(lifetime(TimeControl::Days { days: 3 }), 7 * 86_400_000);
        assert_eq!(lifetime(TimeControl::Unlimited), 7 * 86_400_000);
    }
}
