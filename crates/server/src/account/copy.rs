//! `baroque-server migrate`'s share for accounts: copies the account tables from one database
//! to another (a club's SQLite file to the PostgreSQL of several servers), keeping the rows
//! already there, so accounts, their ratings and rating history, sessions and tokens move with
//! the games.

use sqlx::Row;

use crate::store::Store;

/// Rows read and written per transaction.
const BATCH: i64 = 500;

/// A column's kind.
#[derive(Clone, Copy)]
enum Kind {
    Text,
    Int,
    Real,
}

/// A table: its name, its columns and their kinds, its key's columns (the order of the copy).
type Table = (&'static str, &'static [(&'static str, Kind)], &'static str);

/// Each account table (and the rating history, [`crate::ratings`]), and the challenges between
/// accounts (a correspondence challenge waits for days).
const TABLES: [Table; 6] = [
    (
        "users",
        &[
            ("id", Kind::Text),
            ("username", Kind::Text),
            ("password", Kind::Text),
            ("created", Kind::Int),
            ("seen", Kind::Int),
            ("title", Kind::Text),
        ],
        "id",
    ),
    (
        "sessions",
        &[
            ("id", Kind::Text),
            ("user_id", Kind::Text),
            ("created", Kind::Int),
        ],
        "id",
    ),
    (
        "api_tokens",
        &[
            ("id", Kind::Text),
            ("hash", Kind::Text),
            ("user_id", Kind::Text),
            ("description", Kind::Text),
            ("created", Kind::Int),
        ],
        "id",
    ),
    (
        "ratings",
        &[
            ("user_id", Kind::Text),
            ("game", Kind::Text),
            ("rating", Kind::Real),
            ("rd", Kind::Real),
            ("volatility", Kind::Real),
            ("games", Kind::Int),
            ("last_game", Kind::Int),
            ("previous", Kind::Real),
        ],
        "user_id, game",
    ),
    (
        "rating_history",
        &[
            ("user_id", Kind::Text),
            ("game", Kind::Text),
            ("game_id", Kind::Text),
            ("rating", Kind::Int),
            ("at", Kind::Int),
        ],
        "user_id, game_id",
    ),
    (
        "challenges",
        &[
            ("id", Kind::Text),
            ("challenger", Kind::Text),
            ("dest", Kind::Text),
            ("variant", Kind::Text),
            ("rated", Kind::Int),
            ("clock_limit", Kind::Int),
            ("clock_inc", Kind::Int),
            ("days", Kind::Int),
            ("fen", Kind::Text),
            ("start_array", Kind::Text),
            ("options", Kind::Text),
            ("color", Kind::Text),
            ("final_color", Kind::Text),
            ("status", Kind::Text),
            ("decline_reason", Kind::Text),
            ("game_id", Kind::Text),
            ("created", Kind::Int),
            ("expires", Kind::Int),
            ("seat_hash", Kind::Text),
        ],
        "id",
    ),
];

/// Copies every account row of `from` into `to`; gives how many were read and how many new.
pub async fn copy(from: &Store, to: &Store) -> Result<(u64, u64), sqlx::Error> {
    let (mut read, mut new) = (0u64, 0u64);
    for (table, columns, key) in TABLES {
        let names: Vec<&str> = columns.iter().map(|c| c.0).collect();
        let names = names.join(", ");
        let marks: Vec<String> = (1..=columns.len()).map(|i| format!("${i}")).collect();
        let select = format!("SELECT {names} FROM {table} ORDER BY {key} LIMIT $1 OFFSET $2");
        let insert = format!(
            "INSERT INTO {table} ({names}) VALUES ({}) ON CONFLICT DO NOTHING",
            marks.join(", ")
        );
        let mut offset = 0i64;
        loop {
            let rows = sqlx::query(&select)
                .bind(BATCH)
                .bind(offset)
                .fetch_all(from.pool())
                .await?;
            if rows.is_empty() {
                break;
            }
            let mut tx = to.begin().await?;
            for r in &rows {
                let mut q = sqlx::query(&insert);
                for (i, (_, kind)) in columns.iter().enumerate() {
                    q = match kind {
                        Kind::Text => q.bind(r.try_get::<String, _>(i)?),
                        Kind::Int => q.bind(r.try_get::<i64, _>(i)?),
                        Kind::Real => q.bind(r.try_get::<f64, _>(i)?),
                    };
                }
                new += q.execute(&mut *tx).await?.rows_affected();
            }
            tx.commit().await?;
            read += rows.len() as u64;
            offset += BATCH;
        }
    }
    Ok((read, new))
}
