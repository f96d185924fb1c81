//! Storage: one code path for SQLite (the default, an embedded file) and PostgreSQL, through
//! sqlx's `Any` driver. Every statement is portable SQL with bound parameters (`$1`, which both
//! databases read).
//!
//! Two tables: `games` (one row per game, its current state: a finished game's moves, clocks
//! and result are this row) and `events` (each game's numbered events, each what its change
//! changed: the move with the clocks, an offer, the end; [`crate::delta`]). A change is one transaction: the game's row is
//! updated only if its event number is still the one the change was made from (so two servers
//! sharing a PostgreSQL database cannot both apply a change), and the event is inserted.
//!
//! On PostgreSQL the same transaction sends `NOTIFY baroque_games, 'ID SEQ'`: PostgreSQL
//! delivers it at commit, to every server listening ([`crate::fanout`]), only if the change was
//! stored. The notification is a "game ID has news" signal; the database stays the truth.

use std::sync::Arc;

use sqlx::any::{install_default_drivers, AnyPoolOptions, AnyRow};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Executor, Row};

use crate::clock::TimeControl;
use baroque_engine::piece::ByColor;
use baroque_engine::Color;

use crate::ending::{reason_from_word, winner_from_word, Status, UnknownWord};
use crate::record::{Offers, Record};

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    url: String,
    is_pg: bool,
    /// Game rows read by [`Store::load_row`] (a server catching up with another's change).
    rows_read: Arc<std::sync::atomic::AtomicU64>,
}

/// A pooled connection idle this long is checked before it is used ([`Store::open`]).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_millis(100);

/// The channel a change of a game is announced on (PostgreSQL; the payload is
/// [`crate::announce`]'s).
pub const CHANNEL: &str = "baroque_games";

/// How long a statement waits for a database connection before the action is refused (a
/// database being restarted answers within this, instead of holding the player).
const ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The schema, applied at every start (each statement is idempotent).
const SCHEMA: [&str; 10] = [
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY, variant TEXT NOT NULL, fen TEXT NOT NULL, options TEXT NOT NULL,
        clock_limit BIGINT NOT NULL, clock_inc BIGINT NOT NULL, days BIGINT NOT NULL,
        token_white TEXT NOT NULL, token_black TEXT NOT NULL, moves TEXT NOT NULL,
        wtime BIGINT NOT NULL, btime BIGINT NOT NULL, turn_start BIGINT NOT NULL,
        seq BIGINT NOT NULL, status TEXT NOT NULL, winner TEXT NOT NULL, reason TEXT NOT NULL,
        offers TEXT NOT NULL, next_game TEXT NOT NULL, created BIGINT NOT NULL,
        deadline BIGINT, claimed_white BIGINT NOT NULL DEFAULT 0,
        claimed_black BIGINT NOT NULL DEFAULT 0, white_user TEXT, black_user TEXT,
        rated BIGINT NOT NULL DEFAULT 0, rating_end TEXT NOT NULL DEFAULT '',
        clocks TEXT NOT NULL DEFAULT '')",
    "CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL, seq BIGINT NOT NULL, body TEXT NOT NULL,
        PRIMARY KEY (game_id, seq))",
    "CREATE INDEX IF NOT EXISTS games_status ON games (status)",
    "CREATE INDEX IF NOT EXISTS games_token_white ON games (token_white)",
    "CREATE INDEX IF NOT EXISTS games_token_black ON games (token_black)",
    // When a seat was last connected to any server (written by servers sharing PostgreSQL, so
    // that a claim of abandonment on one server sees a player connected to another).
    "CREATE TABLE IF NOT EXISTS seats_seen (
        game_id TEXT NOT NULL, seat BIGINT NOT NULL, seen BIGINT NOT NULL,
        PRIMARY KEY (game_id, seat))",
    // One-time invitations (crate::invite): the code's hash, the seat, the seat token sealed
    // with the code, when it lapses (0: the seat's own invitation, alive while the seat is not
    // claimed) and when it was used (0: not yet).
    "CREATE TABLE IF NOT EXISTS invites (
        code TEXT PRIMARY KEY, game_id TEXT NOT NULL, seat BIGINT NOT NULL,
        sealed TEXT NOT NULL, expires BIGINT NOT NULL, used BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS invites_game ON invites (game_id)",
    // Each server's heartbeat (crate::outage): the gap after the newest one is an outage.
    "CREATE TABLE IF NOT EXISTS heartbeats (server TEXT PRIMARY KEY, alive_at BIGINT NOT NULL)",
    // Facts about the database itself (`events`: the events' format, crate::compact).
    "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
];

/// The `games` columns, in [`read_record`]'s order.
pub(crate) const COLUMNS: &str =
    "id, variant, fen, options, clock_limit, clock_inc, days, token_white, \
    token_black, moves, wtime, btime, turn_start, seq, status, winner, reason, offers, \
    next_game, created, deadline, claimed_white, claimed_black, white_user, black_user, rated, \
    rating_end, clocks";

/// The columns added after the first release, with their declarations: an older database gets
/// them at start ([`Store::open`]; NULL and 0 and '' are what every older game was).
const ADDED: [(&str, &str); 5] = [
    ("white_user", "TEXT"),
    ("black_user", "TEXT"),
    ("rated", "BIGINT NOT NULL DEFAULT 0"),
    ("rating_end", "TEXT NOT NULL DEFAULT ''"),
    // The mover's time after each move (filled in from the events by the conversion to deltas).
    ("clocks", "TEXT NOT NULL DEFAULT ''"),
];

/// `deadline` of a row written before the column existed: not worked out yet (the start's
/// [`Store::unset_deadlines`] finds them).
pub const DEADLINE_UNSET: i64 = -1;

/// Why a change was not stored.
#[derive(Debug)]
pub enum StoreError {
    /// Someone else changed the game first (its event number moved on).
    Conflict,
    /// The database failed.
    Db(sqlx::Error),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("the game changed meanwhile"),
            StoreError::Db(e) => write!(f, "database error: {e}"),
        }
    }
}

impl StoreError {
    /// Whether the connection it used was lost (the database restarted or the network failed):
    /// the change was not made, and trying again on another connection may succeed.
    pub fn connection_lost(&self) -> bool {
        match self {
            StoreError::Conflict => false,
            StoreError::Db(sqlx::Error::Io(_)) => true,
            // PostgreSQL's class 57 (admin_shutdown, crash_shutdown, cannot_connect_now) and
            // 08 (connection exceptions).
            StoreError::Db(e) => e
                .as_database_error()
                .and_then(|d| d.code())
                .is_some_and(|c| c.starts_with("57P") || c.starts_with("08")),
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Db(e)
    }
}

/// `url` with SQLite's create mode, and the file's folder made, for a `sqlite:` URL.
fn sqlite_url(url: &str) -> Result<String, String> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let file = path.split('?').next().unwrap_or("");
    if let Some(dir) = std::path::Path::new(file).parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
    }
    Ok(if path.contains('?') {
        format!("sqlite://{path}")
    } else {
        format!("sqlite://{path}?mode=rwc")
    })
}

impl Store {
    /// Opens the database at `url` and runs the migrations (safe when several servers start at
    /// once: PostgreSQL's under an advisory lock, SQLite's under its write lock).
    pub async fn open(url: &str) -> Result<Store, String> {
        install_default_drivers();
        let is_sqlite = url.starts_with("sqlite:");
        let is_pg = url.starts_with("postgres:") || url.starts_with("postgresql:");
        if !is_sqlite && !is_pg {
            return Err(format!(
                "--db must be a sqlite:// or postgres:// URL, not '{url}'"
            ));
        }
        let url = if is_sqlite {
            sqlite_url(url)?
        } else {
            url.to_string()
        };
        if is_sqlite {
            check_sqlite(&url).await?;
        }
        let mut options = AnyPoolOptions::new()
            .max_connections(if is_sqlite { 4 } else { 16 })
            .acquire_timeout(ACQUIRE_TIMEOUT);
        if is_pg {
            options = options
                // sqlx pings every connection it hands out (a round trip before every statement)
                // and again when it comes back: under load that ping was a third of a move's round
                // trips (docs/benchmarks.md). A connection back less than STALE_AFTER ago was just
                // checked; one lost since (the database restarted) fails its statement, and a move
                // is then tried again on another ([`StoreError::connection_lost`]).
                .test_before_acquire(false)
                .before_acquire(|conn, meta| {
                    Box::pin(async move {
                        if meta.idle_for >= STALE_AFTER {
                            sqlx::Connection::ping(conn).await?;
                        }
                        Ok(true)
                    })
                });
        }
        if is_sqlite {
            options = options.after_connect(|conn, _| {
                Box::pin(async move {
                    sqlx::query("PRAGMA busy_timeout = 10000")
                        .execute(&mut *conn)
                        .await?;
                    // With write-ahead logging, NORMAL: a commit survives the server being
                    // killed (kill -9, tested); only an OS crash or power loss may lose the last
                    // ones. FULL (an fsync per commit) raised the load run's median from
                    // 0.8 ms to 50 ms (docs/benchmarks.md).
                    sqlx::query("PRAGMA synchronous = NORMAL")
                        .execute(&mut *conn)
                        .await?;
                    Ok(())
                })
            });
        }
        let pool = options
            .connect(&url)
            .await
            .map_err(|e| format!("cannot open the database: {e}"))?;
        if is_sqlite {
            // Write-ahead logging: readers do not wait for the writer (kept in the file).
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await
                .map_err(|e| format!("cannot set up the database: {e}"))?;
        }
        let store = Store {
            pool,
            url: url.clone(),
            is_pg,
            rows_read: Arc::default(),
        };
        store
            .migrate(is_pg)
            .await
            .map_err(|e| format!("cannot set up the database: {e}"))?;
        Ok(store)
    }

    /// A transaction on a connection of the pool ([`Tx`]).
    pub(crate) async fn begin(&self) -> Result<Tx, sqlx::Error> {
        let mut tx = Tx {
            conn: self.pool.acquire().await?,
            done: false,
        };
        // SQLite: the write lock at once (waiting for it under the busy timeout), not at the
        // first write, where a reader turned writer may fail at once.
        let begin = if self.is_pg {
            "BEGIN"
        } else {
            "BEGIN IMMEDIATE"
        };
        (&mut *tx.conn).execute(begin).await?;
        Ok(tx)
    }

    /// Whether it is PostgreSQL (several servers may share it).
    pub fn is_pg(&self) -> bool {
        self.is_pg
    }

    /// The database URL (for the PostgreSQL listener's own connection).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Game rows read so far to catch up with changes ([`Store::load_row`]).
    pub fn rows_read(&self) -> u64 {
        self.rows_read.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Connections open in the pool now.
    pub fn connections(&self) -> u32 {
        self.pool.size()
    }

    async fn migrate(&self, is_pg: bool) -> Result<(), sqlx::Error> {
        let mut tx = self.begin().await?;
        if is_pg {
            sqlx::query("SELECT pg_advisory_xact_lock(7251)")
                .execute(&mut *tx)
                .await?;
        }
        for statement in SCHEMA {
            sqlx::query(statement).execute(&mut *tx).await?;
        }
        // Databases made before the deadline column: added, its rows marked as not worked out.
        let has = if is_pg {
            "SELECT COUNT(*) FROM information_schema.columns \
             WHERE table_name = 'games' AND column_name = 'deadline'"
        } else {
            "SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'deadline'"
        };
        let n: i64 = sqlx::query(has).fetch_one(&mut *tx).await?.try_get(0)?;
        if n == 0 {
            sqlx::query(&format!(
                "ALTER TABLE games ADD COLUMN deadline BIGINT DEFAULT {DEADLINE_UNSET}"
            ))
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline)")
            .execute(&mut *tx)
            .await?;
        // Databases made before invitations: the seats of their games count as claimed (their
        // links were the seats), their clear tokens are hashed (the tokens keep working), and
        // the deadlines of their going games are worked out again (first-move rules).
        let has = if is_pg {
            "SELECT COUNT(*) FROM information_schema.columns \
             WHERE table_name = 'games' AND column_name = 'claimed_white'"
        } else {
            "SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'claimed_white'"
        };
        let n: i64 = sqlx::query(has).fetch_one(&mut *tx).await?.try_get(0)?;
        if n == 0 {
            for column in ["claimed_white", "claimed_black"] {
                sqlx::query(&format!(
                    "ALTER TABLE games ADD COLUMN {column} BIGINT NOT NULL DEFAULT 0"
                ))
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query("UPDATE games SET claimed_white = created, claimed_black = created")
                .execute(&mut *tx)
                .await?;
            sqlx::query("UPDATE games SET deadline = $1 WHERE status = $2")
                .bind(DEADLINE_UNSET)
                .bind(Status::Started.as_str())
                .execute(&mut *tx)
                .await?;
        }
        // Tokens still in clear (64 hex digits is a hash): hashed in place.
        let clear = sqlx::query(
            "SELECT id, token_white, token_black FROM games \
             WHERE LENGTH(token_white) <> 64 OR LENGTH(token_black) <> 64",
        )
        .fetch_all(&mut *tx)
        .await?;
        for row in &clear {
            let id: String = row.try_get(0)?;
            let hashed = [1, 2].map(|i| {
                let t: String = row.try_get(i).unwrap_or_default();
                if crate::token::is_hash(&t) {
                    t
                } else {
                    crate::token::hash(&t)
                }
            });
            sqlx::query("UPDATE games SET token_white = $1, token_black = $2 WHERE id = $3")
                .bind(hashed[0].clone())
                .bind(hashed[1].clone())
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        // Databases made before games had accounts: the columns added (every older game was
        // anonymous and casual).
        for (column, declaration) in ADDED {
            let has = if is_pg {
                "SELECT COUNT(*) FROM information_schema.columns \
                 WHERE table_name = 'games' AND column_name = $1"
            } else {
                "SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = $1"
            };
            let n: i64 = sqlx::query(has)
                .bind(column)
                .fetch_one(&mut *tx)
                .await?
                .try_get(0)?;
            if n == 0 {
                sqlx::query(&format!(
                    "ALTER TABLE games ADD COLUMN {column} {declaration}"
                ))
                .execute(&mut *tx)
                .await?;
            }
        }
        // An account's games, newest first (the games lists and player pages).
        for user in ["white_user", "black_user"] {
            sqlx::query(&format!(
                "CREATE INDEX IF NOT EXISTS games_{user} ON games ({user}, created)"
            ))
            .execute(&mut *tx)
            .await?;
        }
        // Events stored as whole gameStates (before deltas): turned into deltas.
        crate::compact::run(&mut tx).await?;
        crate::account::migrate(&mut tx).await?;
        crate::challenges::migrate(&mut tx).await?;
        crate::house::online::migrate(&mut tx).await?;
        crate::ratings::migrate(&mut tx).await?;
        crate::lobby::rows::migrate(&mut tx).await?;
        tx.commit().await
    }

    /// The pool, for the statements of the modules that own their tables ([`crate::invite`],
    /// [`crate::outage`]).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Claims `seat` of the game in `rec` (its `claimed`, `deadline` and account as they are to
    /// be) if the seat is still free and the game still at event `rec.seq`; gives whether this
    /// call claimed it (false: claimed already, or the game moved on: read it again).
    pub async fn claim_seat(&self, rec: &Record, seat: Color) -> Result<bool, sqlx::Error> {
        let (column, user) = match seat {
            Color::White => ("claimed_white", "white_user"),
            Color::Black => ("claimed_black", "black_user"),
        };
        let done = sqlx::query(&format!(
            "UPDATE games SET {column} = $1, deadline = $2, {user} = $5 \
             WHERE id = $3 AND {column} = 0 AND seq = $4"
        ))
        .bind(rec.claimed[seat])
        .bind(rec.deadline)
        .bind(rec.id.clone())
        .bind(rec.seq)
        .bind(rec.users[seat].clone())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Stores a new game, its first event and its seats' invitations.
    pub async fn create(
        &self,
        rec: &Record,
        event: &str,
        invites: &[crate::invite::InviteRow],
    ) -> Result<(), StoreError> {
        let mut tx = self.begin().await?;
        insert_game(&mut tx, rec).await?;
        insert_event(&mut tx, &rec.id, rec.seq, event).await?;
        for row in invites {
            crate::invite::insert(&mut tx, row).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Stores a change of a game from event number `from_seq` to `rec.seq`, with its event
    /// (`event` of the record as stored), and `rematch` (a new game with its first event) if
    /// one was agreed; gives the event. When `settle`, the change ends a rated game: both
    /// players' ratings are updated in the same transaction ([`crate::ratings::settle`]) and
    /// the record's `rating_end` set before its event is made.
    pub async fn commit(
        &self,
        rec: &mut Record,
        from_seq: i64,
        event: &(dyn Fn(&Record) -> (String, String) + Sync),
        rematch: Option<(&Record, &str)>,
        settle: Option<i64>,
    ) -> Result<String, StoreError> {
        if self.is_pg && settle.is_none() && rematch.is_none() {
            return self.commit_at_once(rec, from_seq, event).await;
        }
        let mut tx = self.begin().await?;
        if let Some(now) = settle {
            rec.rating_end = Some(crate::ratings::settle(&mut tx, rec, now).await?);
        }
        // The line sent live and the delta stored, made from the row as it is to be.
        let (event, stored) = event(rec);
        let done = update_game(UPDATE_GAME, rec, from_seq)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        insert_event(&mut tx, &rec.id, rec.seq, &stored).await?;
        if let Some((next, first)) = rematch {
            insert_game(&mut tx, next).await?;
            insert_event(&mut tx, &next.id, next.seq, first).await?;
        }
        if self.is_pg {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(crate::announce::text(rec, &stored))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(event)
    }

    /// [`Store::commit`] on PostgreSQL without a rating or a rematch: the row's update, the
    /// event and the announcement in one statement (one round trip where the transaction took
    /// five: at 10,000 games on two servers the servers' moves queued for the pool's
    /// connections; docs/benchmarks.md). Nothing is inserted or announced unless the row was
    /// updated.
    async fn commit_at_once(
        &self,
        rec: &mut Record,
        from_seq: i64,
        event: &(dyn Fn(&Record) -> (String, String) + Sync),
    ) -> Result<String, StoreError> {
        let (event, stored) = event(rec);
        let done = update_game(UPDATE_GAME_AT_ONCE, rec, from_seq)
            .bind(stored.clone())
            .bind(CHANNEL)
            .bind(crate::announce::text(rec, &stored))
            .execute(&self.pool)
            .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        Ok(event)
    }

    /// The game `id`, if there is one (a going game's moves and clocks made from its events).
    pub async fn load(&self, id: &str) -> Result<Option<Record>, sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM games WHERE id = $1"))
            .bind(id.to_string())
            .fetch_optional(&mut *conn)
            .await?;
        let Some(mut rec) = row.map(|r| read_record(&r)).transpose()? else {
            return Ok(None);
        };
        fill(&mut conn, &mut rec).await?;
        Ok(Some(rec))
    }

    /// Fills `rec` read from its row ([`read_record`]): a going game's moves and clocks from
    /// its events (its row keeps them only once it is over).
    pub async fn fill(&self, rec: &mut Record) -> Result<(), sqlx::Error> {
        if rec.ongoing() {
            let mut conn = self.pool.acquire().await?;
            fill(&mut conn, rec).await?;
        }
        Ok(())
    }

    /// Game `id`'s row as it is: a going game's `moves` and `clocks` are empty (its events
    /// have them; [`Store::load`] reads them).
    pub async fn load_row(&self, id: &str) -> Result<Option<Record>, sqlx::Error> {
        self.rows_read
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM games WHERE id = $1"))
            .bind(id.to_string())
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| read_record(&r)).transpose()
    }

    /// Up to `limit` games whose deadline has come at `now`, soonest first, as (id, deadline).
    pub async fn due(&self, now: i64, limit: i64) -> Result<Vec<(String, i64)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, deadline FROM games WHERE deadline >= 0 AND deadline <= $1 \
             ORDER BY deadline LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }

    /// Claims game `id`'s due deadline for this server: moves it from `due` to `until` if no
    /// other server claimed it or changed the game meanwhile (the conditional update lets one
    /// server through). A server that dies holding the claim leaves the deadline due again at
    /// `until`. Gives whether this server has it.
    pub async fn claim_deadline(
        &self,
        id: &str,
        due: i64,
        until: i64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query("UPDATE games SET deadline = $1 WHERE id = $2 AND deadline = $3")
            .bind(until)
            .bind(id.to_string())
            .bind(due)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Games stored before the deadline column whose deadline is still to be worked out (the
    /// finished ones are set to none at once).
    pub async fn unset_deadlines(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query("UPDATE games SET deadline = NULL WHERE deadline = $1 AND status <> $2")
            .bind(DEADLINE_UNSET)
            .bind(Status::Started.as_str())
            .execute(&self.pool)
            .await?;
        let rows = sqlx::query("SELECT id FROM games WHERE deadline = $1")
            .bind(DEADLINE_UNSET)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get::<String, _>(0)).collect()
    }

    /// Sets game `id`'s worked-out deadline, if it is still unset and the game at event `seq`.
    pub async fn set_deadline(
        &self,
        id: &str,
        seq: i64,
        deadline: Option<i64>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE games SET deadline = $1 WHERE id = $2 AND seq = $3 AND deadline = $4")
            .bind(deadline)
            .bind(id.to_string())
            .bind(seq)
            .bind(DEADLINE_UNSET)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The account on the white seat of the newest game between accounts `a` and `b`.
    pub async fn last_white_between(
        &self,
        a: &str,
        b: &str,
    ) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT white_user FROM games WHERE (white_user = $1 AND black_user = $2) \
             OR (white_user = $2 AND black_user = $1) ORDER BY created DESC LIMIT 1",
        )
        .bind(a.to_string())
        .bind(b.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| r.try_get::<String, _>(0)).transpose()
    }

    /// The newest game where the token hashed `token` holds a seat.
    pub async fn game_of_token(&self, token: &str) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id FROM games WHERE token_white = $1 OR token_black = $2 \
             ORDER BY created DESC LIMIT 1",
        )
        .bind(token.to_string())
        .bind(token.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| r.try_get::<String, _>(0)).transpose()
    }

    /// Records that each (game, seat, time) seat was connected at that time (a later time
    /// already recorded is kept), in one statement: the heartbeat records every seat a server
    /// holds (10,000 at 5,000 games), and a statement per seat was 10,000 round trips in a
    /// burst every 15 s (docs/benchmarks.md). Callers send a few hundred at a time.
    pub async fn mark_seen(&self, seats: &[(String, Color, i64)]) -> Result<(), sqlx::Error> {
        // One row per seat (a statement may not change a row twice), its latest time.
        let mut latest: std::collections::BTreeMap<(&str, i64), i64> = Default::default();
        for (id, seat, at) in seats {
            let t = latest
                .entry((id.as_str(), seat_number(*seat)))
                .or_insert(*at);
            *t = (*t).max(*at);
        }
        if latest.is_empty() {
            return Ok(());
        }
        let values: Vec<String> = (0..latest.len())
            .map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3))
            .collect();
        let sql = format!(
            "INSERT INTO seats_seen (game_id, seat, seen) VALUES {} \
             ON CONFLICT (game_id, seat) DO UPDATE SET seen = excluded.seen \
             WHERE seats_seen.seen < excluded.seen",
            values.join(", ")
        );
        let mut q = sqlx::query(&sql);
        for ((id, seat), at) in latest {
            q = q.bind(id.to_string()).bind(seat).bind(at);
        }
        q.execute(&self.pool).await?;
        Ok(())
    }

    /// When each seat of game `id` was last connected to a server, where recorded.
    pub async fn seen_both(&self, id: &str) -> Result<ByColor<Option<i64>>, sqlx::Error> {
        let rows = sqlx::query("SELECT seat, seen FROM seats_seen WHERE game_id = $1")
            .bind(id.to_string())
            .fetch_all(&self.pool)
            .await?;
        let mut seen = ByColor::default();
        for r in rows {
            if let Some(seat) = seat_of_number(r.try_get(0)?) {
                seen[seat] = Some(r.try_get::<i64, _>(1)?);
            }
        }
        Ok(seen)
    }

    /// When `seat` of game `id` was last connected to any server, if recorded.
    pub async fn seen(&self, id: &str, seat: Color) -> Result<Option<i64>, sqlx::Error> {
        let row = sqlx::query("SELECT seen FROM seats_seen WHERE game_id = $1 AND seat = $2")
            .bind(id.to_string())
            .bind(seat_number(seat))
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get::<i64, _>(0)).transpose()
    }

    /// Up to `limit` games whose id sorts after `after`, in id order (for copying a database).
    pub async fn games_after(&self, after: &str, limit: i64) -> Result<Vec<Record>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM games WHERE id > $1 ORDER BY id LIMIT $2"
        ))
        .bind(after.to_string())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(read_record).collect()
    }

    /// Up to `limit` events after game `after.0`'s event `after.1`, in (game, number) order,
    /// as (game, number, JSON).
    pub async fn events_after(
        &self,
        after: (&str, i64),
        limit: i64,
    ) -> Result<Vec<(String, i64, String)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT game_id, seq, body FROM events WHERE game_id > $1 OR (game_id = $2 AND seq > $3) \
             ORDER BY game_id, seq LIMIT $4",
        )
        .bind(after.0.to_string())
        .bind(after.0.to_string())
        .bind(after.1)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect()
    }

    /// Stores `games` and `events` as they are in one transaction, skipping any already there;
    /// gives how many games and events were new.
    pub async fn import(
        &self,
        games: &[Record],
        events: &[(String, i64, String)],
    ) -> Result<(u64, u64), sqlx::Error> {
        let mut tx = self.begin().await?;
        let (mut g, mut e) = (0, 0);
        for rec in games {
            g += insert_game_as(&mut tx, rec, "ON CONFLICT DO NOTHING").await?;
        }
        for (id, seq, body) in events {
            e += insert_event_as(&mut tx, id, *seq, body, "ON CONFLICT DO NOTHING").await?;
        }
        tx.commit().await?;
        Ok((g, e))
    }

    /// How many games and events the database holds.
    pub async fn counts(&self) -> Result<(i64, i64), sqlx::Error> {
        let g = sqlx::query("SELECT COUNT(*) FROM games")
            .fetch_one(&self.pool)
            .await?
            .try_get::<i64, _>(0)?;
        let e = sqlx::query("SELECT COUNT(*) FROM events")
            .fetch_one(&self.pool)
            .await?
            .try_get::<i64, _>(0)?;
        Ok((g, e))
    }

    /// Up to `limit` of game `id`'s events after number `after` and up to `upto`, in order, as
    /// (number, JSON): a client is sent what it missed a page at a time.
    pub async fn events_page(
        &self,
        id: &str,
        after: i64,
        upto: i64,
        limit: i64,
    ) -> Result<Vec<(i64, String)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT seq, body FROM events WHERE game_id = $1 AND seq > $2 AND seq <= $3 \
             ORDER BY seq LIMIT $4",
        )
        .bind(id.to_string())
        .bind(after)
        .bind(upto)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get::<i64, _>(0)?, r.try_get::<String, _>(1)?)))
            .collect()
    }

    /// Game `id`'s events after number `since`, in order, as (number, JSON).
    pub async fn events_since(
        &self,
        id: &str,
        since: i64,
    ) -> Result<Vec<(i64, String)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT seq, body FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(id.to_string())
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get::<i64, _>(0)?, r.try_get::<String, _>(1)?)))
            .collect()
    }
}

/// Whether `table` has `column` (a migration's question, in its transaction).
pub(crate) async fn has_column(
    tx: &mut Tx,
    table: &str,
    column: &str,
) -> Result<bool, sqlx::Error> {
    let pg = tx.backend_name() == "PostgreSQL";
    let query = if pg {
        "SELECT COUNT(*) FROM information_schema.columns WHERE table_name = $1 AND column_name = $2"
    } else {
        "SELECT COUNT(*) FROM pragma_table_info($1) WHERE name = $2"
    };
    let n: i64 = sqlx::query(query)
        .bind(table.to_string())
        .bind(column.to_string())
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)?;
    Ok(n > 0)
}

/// Opens the SQLite file at `url` once and reads its schema: a file that is not an SQLite
/// database (or cannot be read) is named with SQLite's reason, where the pool would only have
/// timed out retrying.
async fn check_sqlite(url: &str) -> Result<(), String> {
    use sqlx::Connection;
    let file = url.trim_start_matches("sqlite://");
    let file = file.split('?').next().unwrap_or(file);
    let fail = |e: sqlx::Error| {
        let reason = match &e {
            sqlx::Error::Database(d) => d.message().to_string(),
            other => other.to_string(),
        };
        format!("cannot open the database {file}: {reason}")
    };
    let mut conn = AnyConnection::connect(url).await.map_err(fail)?;
    let read = sqlx::query("SELECT COUNT(*) FROM sqlite_master")
        .fetch_one(&mut conn)
        .await
        .map_err(fail);
    let _ = conn.close().await;
    read.map(|_| ())
}

/// A transaction on a connection of the pool, begun, committed and rolled back by this module
/// itself (not by the driver's transaction manager): committed by [`Tx::commit`] or rolled back
/// by [`Tx::rollback`]; when anything else happens (a statement failed, the commit or rollback
/// failed, the task was cancelled) the connection is closed, which ends the transaction, instead
/// of going back to the pool.
///
/// Why: after a full disk SQLite may roll a failed transaction back on its own; the driver's
/// count of open transactions on that connection then went wrong, and the connection went back
/// to the pool holding a transaction that the following "commits" (savepoint releases) never
/// ended — later changes were answered as stored but never reached the file, and the
/// transaction's write lock held every other writer out (`tests/hostile.rs`).
pub struct Tx {
    conn: PoolConnection<Any>,
    done: bool,
}

impl Tx {
    /// Commits; on failure the connection is closed (the transaction with it).
    pub async fn commit(mut self) -> Result<(), sqlx::Error> {
        (&mut *self.conn).execute("COMMIT").await?;
        self.done = true;
        Ok(())
    }

    /// Rolls back; on failure the connection is closed (the transaction with it).
    pub async fn rollback(mut self) -> Result<(), sqlx::Error> {
        (&mut *self.conn).execute("ROLLBACK").await?;
        self.done = true;
        Ok(())
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        if !self.done {
            self.conn.close_on_drop();
        }
    }
}

impl std::ops::Deref for Tx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}

async fn insert_game(tx: &mut Tx, rec: &Record) -> Result<u64, sqlx::Error> {
    insert_game_as(tx, rec, "").await
}

/// Inserts `rec`'s row, the statement ending with `tail` (`ON CONFLICT DO NOTHING` to skip a
/// game already there); gives the rows inserted.
async fn insert_game_as(tx: &mut Tx, rec: &Record, tail: &str) -> Result<u64, sqlx::Error> {
    let (limit, inc, days) = rec.control.columns();
    let sql = format!(
        "INSERT INTO games ({COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
         $21, $22, $23, $24, $25, $26, $27, $28) \
         {tail}"
    );
    let head = sqlx::query(&sql)
        .bind(rec.id.clone())
        .bind(rec.variant.clone())
        .bind(rec.fen.clone())
        .bind(rec.options.clone())
        .bind(limit)
        .bind(inc)
        .bind(days)
        .bind(rec.tokens[Color::White].clone())
        .bind(rec.tokens[Color::Black].clone())
        .bind(rec.moves.join(" "));
    let done = bind_play(head, rec)
        .bind(rec.created)
        .bind(rec.deadline)
        .bind(rec.claimed[Color::White])
        .bind(rec.claimed[Color::Black])
        .bind(rec.users[Color::White].clone())
        .bind(rec.users[Color::Black].clone())
        .bind(i64::from(rec.rated))
        .bind(crate::record::RatedSide::to_column(&rec.rating_end))
        .bind(clocks_column(&rec.clocks))
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected())
}

/// Moves game `rec.id`'s turn start and deadline to `rec`'s, at event `rec.seq` (from
/// `from_seq`) with its event, in `tx` (an outage credited; [`crate::outage`]).
pub(crate) async fn shift(
    tx: &mut Tx,
    rec: &Record,
    from_seq: i64,
    event: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE games SET turn_start = $1, deadline = $2, seq = $3 WHERE id = $4 AND seq = $5",
    )
    .bind(rec.turn_start)
    .bind(rec.deadline)
    .bind(rec.seq)
    .bind(rec.id.clone())
    .bind(from_seq)
    .execute(&mut **tx)
    .await?;
    insert_event(tx, &rec.id, rec.seq, event).await?;
    Ok(())
}

/// The conditional update of a game's row from an event (`$1` to `$15`, bound by
/// [`update_game`]).
macro_rules! update_game_sql {
    () => {
        "UPDATE games SET moves = $1, wtime = $2, btime = $3, turn_start = $4, seq = $5, \
         status = $6, winner = $7, reason = $8, offers = $9, next_game = $10, deadline = $11, \
         clocks = $12, rating_end = $15 WHERE id = $13 AND seq = $14"
    };
}

/// The update alone.
const UPDATE_GAME: &str = update_game_sql!();

/// The update, the event (`$16`) inserted and the change announced (`$17`, `$18`) in one
/// statement, the last two only when the row was updated ([`Store::commit_at_once`]).
const UPDATE_GAME_AT_ONCE: &str = concat!(
    "WITH u AS (",
    update_game_sql!(),
    " RETURNING id), e AS (INSERT INTO events (game_id, seq, body) SELECT id, $5, $16 FROM u) \
     SELECT pg_notify($17, $18) FROM u"
);

/// A game row's columns that play changes, in the order both the insert and the update bind
/// them: both times, the turn's start, the event number, the status, winner and reason, the
/// offers and the rematch.
fn bind_play<'q>(
    q: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    rec: &Record,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    q.bind(rec.times[Color::White])
        .bind(rec.times[Color::Black])
        .bind(rec.turn_start)
        .bind(rec.seq)
        .bind(rec.status.as_str())
        .bind(winner_word(rec))
        .bind(reason_word(rec))
        .bind(rec.offers.to_column())
        .bind(rec.next_game.clone())
}

/// `sql` ([`UPDATE_GAME`] or [`UPDATE_GAME_AT_ONCE`]) with `rec`'s row from event `from_seq`
/// bound.
fn update_game<'q>(
    sql: &'q str,
    rec: &Record,
    from_seq: i64,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    bind_play(sqlx::query(sql).bind(done_moves(rec)), rec)
        .bind(rec.deadline)
        .bind(if rec.ongoing() {
            String::new()
        } else {
            clocks_column(&rec.clocks)
        })
        .bind(rec.id.clone())
        .bind(from_seq)
        .bind(crate::record::RatedSide::to_column(&rec.rating_end))
}

async fn insert_event(tx: &mut Tx, id: &str, seq: i64, body: &str) -> Result<u64, sqlx::Error> {
    insert_event_as(tx, id, seq, body, "").await
}

async fn insert_event_as(
    tx: &mut Tx,
    id: &str,
    seq: i64,
    body: &str,
    tail: &str,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(&format!(
        "INSERT INTO events (game_id, seq, body) VALUES ($1, $2, $3) {tail}"
    ))
    .bind(id.to_string())
    .bind(seq)
    .bind(body.to_string())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// The `winner` column's word: `white`, `black`, or empty.
fn winner_word(rec: &Record) -> &'static str {
    rec.winner.map_or("", Color::as_str)
}

/// The `reason` column's word, empty while the game goes on.
fn reason_word(rec: &Record) -> &'static str {
    rec.reason.map_or("", |r| r.as_str())
}

/// A seat as the `seat` columns store it (0 white, 1 black).
pub(crate) fn seat_number(seat: Color) -> i64 {
    seat.index() as i64
}

/// The seat a `seat` column's number names, if any.
pub(crate) fn seat_of_number(n: i64) -> Option<Color> {
    Color::ALL.into_iter().find(|&c| seat_number(c) == n)
}

/// The word of `column` read with `parse`: an unknown word is the column's decoding error.
fn read_word<T>(
    r: &AnyRow,
    column: &str,
    parse: impl Fn(&str) -> Result<T, UnknownWord>,
) -> Result<T, sqlx::Error> {
    let word: String = r.try_get(column)?;
    parse(&word).map_err(|e| sqlx::Error::ColumnDecode {
        index: column.into(),
        source: Box::new(e),
    })
}

/// A game's row read.
pub(crate) fn read_record(r: &AnyRow) -> Result<Record, sqlx::Error> {
    let moves: String = r.try_get("moves")?;
    Ok(Record {
        id: r.try_get("id")?,
        variant: r.try_get("variant")?,
        fen: r.try_get("fen")?,
        options: r.try_get("options")?,
        control: TimeControl::from_columns(
            r.try_get("clock_limit")?,
            r.try_get("clock_inc")?,
            r.try_get("days")?,
        ),
        tokens: ByColor::new(r.try_get("token_white")?, r.try_get("token_black")?),
        moves: moves.split_whitespace().map(String::from).collect(),
        times: ByColor::new(r.try_get("wtime")?, r.try_get("btime")?),
        turn_start: r.try_get("turn_start")?,
        seq: r.try_get("seq")?,
        status: read_word(r, "status", str::parse)?,
        winner: read_word(r, "winner", winner_from_word)?,
        reason: read_word(r, "reason", reason_from_word)?,
        offers: Offers::from_column(&r.try_get::<String, _>("offers")?),
        next_game: r.try_get("next_game")?,
        created: r.try_get("created")?,
        deadline: r.try_get::<Option<i64>, _>("deadline")?,
        claimed: ByColor::new(r.try_get("claimed_white")?, r.try_get("claimed_black")?),
        users: ByColor::new(r.try_get("white_user")?, r.try_get("black_user")?),
        rated: r.try_get::<i64, _>("rated")? != 0,
        rating_end: crate::record::RatedSide::from_column(&r.try_get::<String, _>("rating_end")?),
        clocks: r
            .try_get::<String, _>("clocks")?
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect(),
    })
}

/// The `moves` column of `rec`: its moves once it is over; empty while it goes on (the events
/// have them: rewriting the whole list with every move would make the row's writes, and the
/// write-ahead log, grow with the square of the game's length).
fn done_moves(rec: &Record) -> String {
    if rec.ongoing() {
        String::new()
    } else {
        rec.moves.join(" ")
    }
}

/// Fills a going game's moves and clocks from its events up to its own (its row keeps them
/// only once it is over).
pub(crate) async fn fill(conn: &mut AnyConnection, rec: &mut Record) -> Result<(), sqlx::Error> {
    if !rec.ongoing() {
        return Ok(());
    }
    let rows = sqlx::query("SELECT body FROM events WHERE game_id = $1 AND seq <= $2 ORDER BY seq")
        .bind(rec.id.clone())
        .bind(rec.seq)
        .fetch_all(&mut *conn)
        .await?;
    let mut replay = crate::delta::Replay::start(rec).map_err(sqlx::Error::Protocol)?;
    for r in &rows {
        replay
            .step(&r.try_get::<String, _>(0)?)
            .map_err(sqlx::Error::Protocol)?;
    }
    let (moves, clocks, _) = replay.finish();
    rec.moves = moves;
    rec.clocks = clocks;
    Ok(())
}

/// The `clocks` column: the times separated by spaces.
pub(crate) fn clocks_column(clocks: &[i64]) -> String {
    clocks
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heartbeat's one statement keeps each seat's latest time: a seat named twice in one
    /// call, and an older time than the one recorded, change nothing backwards.
    #[tokio::test]
    async fn seats_seen_keep_their_latest_time() {
        let dir = std::env::temp_dir().join(format!("baroque-seen-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open(&format!("sqlite://{}", dir.join("t.sqlite").display()))
            .await
            .unwrap();
        let seat = |id: &str, c, at| (id.to_string(), c, at);
        store
            .mark_seen(&[
                seat("g", Color::White, 5),
                seat("g", Color::White, 9),
                seat("g", Color::Black, 7),
                seat("h", Color::White, 3),
            ])
            .await
            .unwrap();
        assert_eq!(store.seen_both("g").await.unwrap().0, [Some(9), Some(7)]);
        store
            .mark_seen(&[seat("g", Color::White, 8), seat("h", Color::White, 4)])
            .await
            .unwrap();
        assert_eq!(store.seen_both("g").await.unwrap().0, [Some(9), Some(7)]);
        assert_eq!(store.seen("h", Color::White).await.unwrap(), Some(4));
        store.mark_seen(&[]).await.unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
