//! The `seeks` table: every open seek of every server sharing the database, so that the lobby
//! is the same on each and a seek made on one is taken on another. A seek is taken by a
//! conditional update (one taker wins); the game it made is written on its row for the
//! creator's server to hand on ([`paired_of`]). A live seek dies with its creator's
//! connection, or with its server's heartbeat ([`sweep`]); a correspondence seek after
//! [`CORRESPONDENCE_MS`](super::seek::CORRESPONDENCE_MS).

use sqlx::any::AnyRow;
use sqlx::Row;

use super::seek::{Seek, Side, Terms};
use crate::clock::TimeControl;
use crate::store::{Store, Tx};

/// A server whose heartbeat is older than this is gone: its live seeks are removed.
pub const SERVER_GONE_MS: i64 = 5_000;
/// A seek taken this long ago whose game was never written (its taker's server died midway) is
/// removed.
const TAKEN_STALE_MS: i64 = 30_000;

/// The table, made if missing (called from the store's migration, in its transaction).
pub(crate) async fn migrate(tx: &mut Tx) -> Result<(), sqlx::Error> {
    const SCHEMA: [&str; 3] = [
        // range_lo = range_hi = 0: no range; rating = -1: anonymous; expires = 0: lives with
        // the creator's connection; taken: when a taker claimed it (0: open); game_id: the game
        // it made ('' none yet).
        "CREATE TABLE IF NOT EXISTS seeks (
            id TEXT PRIMARY KEY, server TEXT NOT NULL, owner TEXT NOT NULL,
            username TEXT NOT NULL, rating BIGINT NOT NULL, provisional BIGINT NOT NULL,
            variant TEXT NOT NULL, options TEXT NOT NULL, array_id TEXT NOT NULL,
            clock_limit BIGINT NOT NULL, clock_inc BIGINT NOT NULL, days BIGINT NOT NULL,
            rated BIGINT NOT NULL, color TEXT NOT NULL, range_lo BIGINT NOT NULL,
            range_hi BIGINT NOT NULL, grp TEXT NOT NULL, created BIGINT NOT NULL,
            expires BIGINT NOT NULL, token_hash TEXT NOT NULL, taken BIGINT NOT NULL,
            game_id TEXT NOT NULL, game_color TEXT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS seeks_server ON seeks (server)",
        "CREATE INDEX IF NOT EXISTS seeks_taken ON seeks (taken)",
    ];
    for statement in SCHEMA {
        sqlx::query(statement).execute(&mut **tx).await?;
    }
    // Seeks made before bots could seek: none of a bot.
    if !crate::store::has_column(tx, "seeks", "bot").await? {
        sqlx::query("ALTER TABLE seeks ADD COLUMN bot BIGINT NOT NULL DEFAULT 0")
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

const COLUMNS: &str = "id, server, owner, username, rating, provisional, variant, options, \
    array_id, clock_limit, clock_inc, days, rated, color, range_lo, range_hi, grp, created, \
    token_hash, bot";

fn read(row: &AnyRow) -> Result<Option<Seek>, sqlx::Error> {
    let username: String = row.try_get(3)?;
    let rating: i64 = row.try_get(4)?;
    let variant: String = row.try_get(6)?;
    let Ok(variant) = variant.parse() else {
        return Ok(None);
    };
    let options: String = row.try_get(7)?;
    let array: String = row.try_get(8)?;
    let (lo, hi): (i64, i64) = (row.try_get(14)?, row.try_get(15)?);
    let color: String = row.try_get(13)?;
    Ok(Some(Seek {
        id: row.try_get(0)?,
        server: row.try_get(1)?,
        owner: row.try_get(2)?,
        username: Some(username).filter(|u| !u.is_empty()),
        rating: Some(rating).filter(|r| *r >= 0),
        provisional: row.try_get::<i64, _>(5)? != 0,
        terms: Terms {
            variant,
            options: options.split_whitespace().map(String::from).collect(),
            array: Some(array).filter(|a| !a.is_empty()),
            control: TimeControl::from_columns(row.try_get(9)?, row.try_get(10)?, row.try_get(11)?),
            rated: row.try_get::<i64, _>(12)? != 0,
            side: Side::parse(&color).unwrap_or(Side::Random),
            range: (hi > 0).then_some((lo, hi)),
        },
        group: row.try_get(16)?,
        created: row.try_get(17)?,
        token_hash: row.try_get(18)?,
        bot: row.try_get::<i64, _>(19)? != 0,
    }))
}

/// Stores a new seek, open until `expires` (0: while its creator's connection lives).
pub async fn insert(store: &Store, s: &Seek, expires: i64) -> Result<(), sqlx::Error> {
    let (limit, inc, days) = s.terms.control.columns();
    let (lo, hi) = s.terms.range.unwrap_or((0, 0));
    sqlx::query(
        "INSERT INTO seeks (id, server, owner, username, rating, provisional, variant, options, \
         array_id, clock_limit, clock_inc, days, rated, color, range_lo, range_hi, grp, created, \
         expires, token_hash, taken, game_id, game_color, bot) VALUES ($1, $2, $3, $4, $5, $6, \
         $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 0, '', '', $21)",
    )
    .bind(s.id.clone())
    .bind(s.server.clone())
    .bind(s.owner.clone())
    .bind(s.username.clone().unwrap_or_default())
    .bind(s.rating.unwrap_or(-1))
    .bind(i64::from(s.provisional))
    .bind(s.terms.variant.as_str().to_string())
    .bind(s.terms.options.join(" "))
    .bind(s.terms.array.clone().unwrap_or_default())
    .bind(limit)
    .bind(inc)
    .bind(days)
    .bind(i64::from(s.terms.rated))
    .bind(s.terms.side.as_str().to_string())
    .bind(lo)
    .bind(hi)
    .bind(s.group.clone())
    .bind(s.created)
    .bind(expires)
    .bind(s.token_hash.clone())
    .bind(i64::from(s.bot))
    .execute(store.pool())
    .await?;
    Ok(())
}

/// Every open seek (not taken), oldest first.
pub async fn open(store: &Store) -> Result<Vec<Seek>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM seeks WHERE taken = 0 ORDER BY created, id"
    ))
    .fetch_all(store.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        if let Some(s) = read(r)? {
            out.push(s);
        }
    }
    Ok(out)
}

/// Takes the open seeks `ids` together (all or none): true when this call took them all.
pub async fn take(store: &Store, ids: &[&str], now: i64) -> Result<bool, sqlx::Error> {
    let mut tx = store.begin().await?;
    let mut taken = 0;
    for id in ids {
        taken += sqlx::query("UPDATE seeks SET taken = $1 WHERE id = $2 AND taken = 0")
            .bind(now)
            .bind(id.to_string())
            .execute(&mut *tx)
            .await?
            .rows_affected();
    }
    if taken as usize == ids.len() {
        tx.commit().await?;
        Ok(true)
    } else {
        tx.rollback().await?;
        Ok(false)
    }
}

/// Opens taken seeks `ids` again (the game could not be made).
pub async fn untake(store: &Store, ids: &[&str]) -> Result<(), sqlx::Error> {
    for id in ids {
        sqlx::query("UPDATE seeks SET taken = 0 WHERE id = $1 AND game_id = ''")
            .bind(id.to_string())
            .execute(store.pool())
            .await?;
    }
    Ok(())
}

/// Writes the game seek `id` made and its creator's colour, for its creator's server.
pub async fn set_game(store: &Store, id: &str, game: &str, color: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE seeks SET game_id = $1, game_color = $2 WHERE id = $3")
        .bind(game.to_string())
        .bind(color.to_string())
        .bind(id.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// The seeks of `server` that made a game: (seek, game, creator's colour).
pub async fn paired_of(
    store: &Store,
    server: &str,
) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, game_id, game_color FROM seeks WHERE server = $1 AND game_id <> ''",
    )
    .bind(server.to_string())
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
        .collect()
}

/// Removes seeks `ids` (cancelled, handed on, or their creator gone).
pub async fn delete(store: &Store, ids: &[String]) -> Result<(), sqlx::Error> {
    for id in ids {
        sqlx::query("DELETE FROM seeks WHERE id = $1")
            .bind(id.clone())
            .execute(store.pool())
            .await?;
    }
    Ok(())
}

/// Removes the open seeks of auto-pairing request `group`.
pub async fn delete_group(store: &Store, group: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM seeks WHERE grp = $1 AND taken = 0")
        .bind(group.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// Removes what no one will take or hand on: correspondence seeks past their time, live seeks
/// of servers whose heartbeat stopped ([`SERVER_GONE_MS`]), and seeks taken long ago whose game
/// was handed on by no one. Gives the rows removed.
pub async fn sweep(store: &Store, now: i64) -> Result<u64, sqlx::Error> {
    let mut n = sqlx::query("DELETE FROM seeks WHERE expires > 0 AND expires < $1")
        .bind(now)
        .execute(store.pool())
        .await?
        .rows_affected();
    n += sqlx::query(
        "DELETE FROM seeks WHERE expires = 0 AND server NOT IN \
         (SELECT server FROM heartbeats WHERE alive_at > $1)",
    )
    .bind(now - SERVER_GONE_MS)
    .execute(store.pool())
    .await?
    .rows_affected();
    n += sqlx::query("DELETE FROM seeks WHERE taken > 0 AND taken < $1")
        .bind(now - TAKEN_STALE_MS)
        .execute(store.pool())
        .await?
        .rows_affected();
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::seek::Request;

    fn seek(id: &str, server: &str, days: Option<f64>, created: i64) -> Seek {
        let req = Request {
            variant: "omega".into(),
            time: days.is_none().then_some(5.0),
            days,
            ..Request::default()
        };
        Seek {
            id: id.into(),
            server: server.into(),
            owner: format!("~{id}"),
            username: None,
            rating: None,
            provisional: false,
            terms: req.check(false).unwrap(),
            group: String::new(),
            created,
            token_hash: crate::token::hash(id),
            bot: false,
        }
    }

    #[tokio::test]
    async fn the_sweep_removes_expired_seeks_and_those_of_dead_servers() {
        let dir = std::env::temp_dir().join(format!("baroque-rows-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let url = format!("sqlite://{}", dir.join("t.sqlite").display());
        let store = Store::open(&url).await.unwrap();
        let now = 10 * crate::lobby::seek::CORRESPONDENCE_MS;
        sqlx::query("INSERT INTO heartbeats (server, alive_at) VALUES ('up', $1), ('down', $2)")
            .bind(now - 1000)
            .bind(now - SERVER_GONE_MS - 1000)
            .execute(store.pool())
            .await
            .unwrap();
        let old = now - crate::lobby::seek::CORRESPONDENCE_MS - 1;
        insert(
            &store,
            &seek("old", "up", Some(3.0), old),
            old + crate::lobby::seek::CORRESPONDENCE_MS,
        )
        .await
        .unwrap();
        insert(
            &store,
            &seek("fresh", "down", Some(3.0), now),
            now + crate::lobby::seek::CORRESPONDENCE_MS,
        )
        .await
        .unwrap();
        insert(&store, &seek("alive", "up", None, now), 0)
            .await
            .unwrap();
        insert(&store, &seek("dead", "down", None, now), 0)
            .await
            .unwrap();
        assert_eq!(sweep(&store, now).await.unwrap(), 2);
        let ids: Vec<String> = open(&store)
            .await
            .unwrap()
            .into_iter()
            .map(|s| s.id)
            .collect();
        assert_eq!(ids, ["alive", "fresh"]);
        // Of two takers of one seek, one wins; a pair is taken whole or not at all.
        assert!(take(&store, &["alive"], now).await.unwrap());
        assert!(!take(&store, &["alive"], now).await.unwrap());
        assert!(!take(&store, &["fresh", "alive"], now).await.unwrap());
        assert_eq!(
            open(&store).await.unwrap().len(),
            1,
            "the failed pair left 'fresh' open"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
