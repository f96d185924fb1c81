//! Each account's Glicko-2 rating per game ([`crate::rating`], lichess's constants): one row per
//! account and game holding the rating, its deviation and volatility, the games rated, when the
//! last one ended and the rating before it (for lichess's `prog`). A new account's rows hold a
//! new player's rating (1500, RD 500, volatility 0.09).

use baroque_engine::GameId;
use serde_json::{json, Map, Value};
use sqlx::Row;

use crate::rating::{Rating, Settings};
use crate::store::{Store, Tx};

/// The rating settings (lichess's).
const SETTINGS: Settings = Settings::LICHESS;

/// One game's rating of one account.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Perf {
    /// The Glicko-2 rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
    /// When the last rated game ended (ms since 1970; 0: none yet).
    pub last_game: i64,
    /// The rating before the last rated game.
    pub previous: f64,
}

impl Perf {
    /// The perf a stored row holds from column `first` on, in the `ratings` table's order:
    /// `rating, rd, volatility, games, last_game, previous`.
    pub fn read(r: &sqlx::any::AnyRow, first: usize) -> Result<Perf, sqlx::Error> {
        Ok(Perf {
            rating: Rating {
                rating: r.try_get(first)?,
                rd: r.try_get(first + 1)?,
                volatility: r.try_get(first + 2)?,
            },
            games: r.try_get(first + 3)?,
            last_game: r.try_get(first + 4)?,
            previous: r.try_get(first + 5)?,
        })
    }

    /// A new player's.
    pub fn new() -> Perf {
        let rating = Rating::new(&SETTINGS);
        Perf {
            rating,
            games: 0,
            last_game: 0,
            previous: rating.rating,
        }
    }

    /// lichess's JSON at `now`: `rating`, `rd` (grown with the idle time since the last game),
    /// `prog` (the last game's change), `games`, `prov` (while the RD is 110 or more).
    pub fn json(&self, now: i64) -> Value {
        let shown = self.shown(now);
        json!({
            "rating": self.rating.rating.round() as i64,
            "rd": shown.rd.round() as i64,
            "prog": (self.rating.rating - self.previous).round() as i64,
            "games": self.games,
            "prov": shown.provisional(&SETTINGS),
        })
    }

    /// The rating as shown at `now`: its RD grown with the idle time since the last game.
    fn shown(&self, now: i64) -> Rating {
        let rd = if self.games > 0 {
            let idle_days = (now - self.last_game).max(0) as f64 / 86_400_000.0;
            self.rating.rd_after_idle(&SETTINGS, idle_days)
        } else {
            self.rating.rd
        };
        Rating { rd, ..self.rating }
    }

    /// Whether the rating is provisional (`?`) at `now` (its RD, grown with the idle time, is
    /// 110 or more).
    pub fn provisional(&self, now: i64) -> bool {
        self.shown(now).provisional(&SETTINGS)
    }
}

impl Default for Perf {
    fn default() -> Perf {
        Perf::new()
    }
}

/// Stores a new player's rating in every game for account `user` (in the signup's transaction).
pub async fn create(tx: &mut Tx, user: &str) -> Result<(), sqlx::Error> {
    let p = Perf::new();
    for game in GameId::ALL {
        sqlx::query(
            "INSERT INTO ratings (user_id, game, rating, rd, volatility, games, last_game, \
             previous) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
        )
        .bind(user.to_string())
        .bind(game.as_str())
        .bind(p.rating.rating)
        .bind(p.rating.rd)
        .bind(p.rating.volatility)
        .bind(p.games)
        .bind(p.last_game)
        .bind(p.previous)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Account `user`'s ratings, one per game in [`GameId::ALL`]'s order (a new player's where no
/// row is stored).
pub async fn of(store: &Store, user: &str) -> Result<Vec<(GameId, Perf)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT game, rating, rd, volatility, games, last_game, previous FROM ratings \
         WHERE user_id = $1",
    )
    .bind(user.to_string())
    .fetch_all(store.pool())
    .await?;
    let mut perfs: Vec<(GameId, Perf)> = GameId::ALL.iter().map(|g| (*g, Perf::new())).collect();
    for r in &rows {
        let game: String = r.try_get(0)?;
        let Some(slot) = perfs.iter_mut().find(|(g, _)| g.as_str() == game) else {
            continue;
        };
        slot.1 = Perf::read(r, 1)?;
    }
    Ok(perfs)
}

/// The `perfs` object: each game's id to its [`Perf::json`].
pub fn json(perfs: &[(GameId, Perf)], now: i64) -> Value {
    let mut map = Map::new();
    for (game, perf) in perfs {
        map.insert(game.as_str().to_string(), perf.json(now));
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_player_is_1500_with_rd_500_and_provisional() {
        let v = Perf::new().json(0);
        assert_eq!(
            v,
            json!({"rating": 1500, "rd": 500, "prog": 0, "games": 0, "prov": true})
        );
    }

    #[test]
    fn an_established_rating_shows_its_progress_and_grows_its_rd_when_idle() {
        let p = Perf {
            rating: Rating {
                rating: 1612.4,
                rd: 60.0,
                volatility: 0.06,
            },
            games: 40,
            last_game: 0,
            previous: 1600.0,
        };
        let v = p.json(0);
        assert_eq!(
            (v["rating"].clone(), v["prog"].clone()),
            (json!(1612), json!(12))
        );
        assert_eq!(
            (v["rd"].clone(), v["prov"].clone()),
            (json!(60), json!(false))
        );
        let a_year = p.json(365 * 86_400_000);
        assert!(a_year["rd"].as_i64().unwrap() > 60);
    }
}
