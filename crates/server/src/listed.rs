//! The games being played now as the live list and TV show them ([`crate::tv`]): best-rated
//! first, each seat with its account's name and its rating in the game's variant.
//!
//! A game's rank is the mean of its two players' ratings in its variant (as lichess TV ranks by
//! its players' ratings; a new account's is 1500, provisional, rated or casual game alike); a
//! game with an anonymous seat (or an account without a rating row) comes after every game whose
//! two players have one; ties go newest first. The
//! order and the limit are the database's (one query; the ratings are read by their primary
//! key), so every server sharing one PostgreSQL lists the same.

use baroque_engine::piece::ByColor;
use baroque_engine::Color;
use serde_json::{json, Value};
use sqlx::Row;

use crate::ending::Status;
use crate::rating::Settings;
use crate::record::Record;
use crate::store::{read_record, Store, COLUMNS};

/// One seat of a listed game: the account's name as written (none: anonymous) and its rating
/// and deviation in the game's variant (none: anonymous).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seated {
    /// The account's name.
    pub name: Option<String>,
    /// The rating and its deviation.
    pub rating: Option<(f64, f64)>,
}

/// A game being played, as listed.
#[derive(Debug)]
pub struct Listed {
    /// Its row (a going game's moves are in its events).
    pub rec: Record,
    /// Each seat's player.
    pub seats: ByColor<Seated>,
}

impl Listed {
    /// The player on seat `c` as the API shows it: `id` and `name` (an anonymous seat: its
    /// colour, and `anonymous: true`), `rating` (rounded; null without one) and `provisional`
    /// (lichess's `?`).
    pub fn player(&self, c: Color) -> Value {
        // The account's name and rating come from this listing's own query.
        let none = crate::standing::People::default();
        let p = self.rec.player(c, &none);
        let seat = &self.seats[c];
        let name = seat.name.as_deref().unwrap_or(p.name);
        match seat.rating {
            Some((rating, rd)) => json!({
                "id": p.id,
                "name": name,
                "rating": rating.round() as i64,
                "provisional": rd >= Settings::LICHESS.provisional_rd,
            }),
            None if self.rec.users[c].is_none() => {
                json!({ "id": p.id, "name": name, "rating": null, "anonymous": true })
            }
            None => json!({ "id": p.id, "name": name, "rating": null }),
        }
    }

    /// The seat whose player is rated higher (white if neither or both equally).
    pub fn stronger(&self) -> Color {
        let r = |c: Color| self.seats[c].rating.map_or(f64::MIN, |(r, _)| r);
        if r(Color::Black) > r(Color::White) {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// Up to `limit` games being played now, best-rated first (`variant`'s only, unless empty):
/// going, both seats taken, changed since the first event and last at or after `since`
/// (server ms).
pub async fn live_games(
    store: &Store,
    variant: &str,
    since: i64,
    limit: i64,
) -> Result<Vec<Listed>, sqlx::Error> {
    let rated = |seat: &str, column: &str| {
        format!(
            "(SELECT {column} FROM ratings WHERE ratings.user_id = games.{seat}_user \
             AND ratings.game = games.variant) AS {seat}_{column}"
        )
    };
    let named = |seat: &str| {
        format!("(SELECT username FROM users WHERE users.id = games.{seat}_user) AS {seat}_name")
    };
    let sql = format!(
        "SELECT * FROM (SELECT {COLUMNS}, {wn}, {bn}, {wr}, {wd}, {br}, {bd} FROM games \
         WHERE status = $1 AND claimed_white > 0 AND claimed_black > 0 AND seq > 1 \
         AND turn_start >= $2 AND ($3 = '' OR variant = $4)) AS live \
         ORDER BY CASE WHEN white_rating IS NULL OR black_rating IS NULL THEN 1 ELSE 0 END, \
         CASE WHEN white_rating IS NULL OR black_rating IS NULL THEN 0 \
         ELSE white_rating + black_rating END DESC, created DESC, id LIMIT $5",
        wn = named("white"),
        bn = named("black"),
        wr = rated("white", "rating"),
        wd = rated("white", "rd"),
        br = rated("black", "rating"),
        bd = rated("black", "rd"),
    );
    let rows = sqlx::query(&sql)
        .bind(Status::Started.as_str())
        .bind(since)
        .bind(variant.to_string())
        .bind(variant.to_string())
        .bind(limit)
        .fetch_all(store.pool())
        .await?;
    rows.iter()
        .map(|r| {
            let seat = |c: Color| -> Result<Seated, sqlx::Error> {
                let s = c.as_str();
                let rating: Option<f64> = r.try_get(format!("{s}_rating").as_str())?;
                let rd: Option<f64> = r.try_get(format!("{s}_rd").as_str())?;
                Ok(Seated {
                    name: r.try_get(format!("{s}_name").as_str())?,
                    rating: rating.zip(rd),
                })
            };
            Ok(Listed {
                rec: read_record(r)?,
                seats: ByColor::new(seat(Color::White)?, seat(Color::Black)?),
            })
        })
        .collect()
}
