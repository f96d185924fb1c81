//! The rating update of a rated game's end, in the transaction that stores the end
//! ([`crate::store::Store::commit`]): both players' Glicko-2 ratings in the game's variant
//! ([`crate::rating`], lichess's constants) read and locked, each updated as one rating period
//! holding this game (its RD first grown by the idle time since the player's last rated game,
//! one period per 4.665 days), written back with a row of the rating history (`rating_history`:
//! account, variant, game, rating after, when) for the player pages' charts.
//!
//! A game counts only when it is rated, both seats are accounts and both sides have moved
//! ([`counts`]): an abort, or a game lost on the first move's clock, changes nothing.

use baroque_engine::piece::ByColor;
use baroque_engine::Color;

use crate::account::perfs::Perf;
use crate::rating::{Outcome, Rating, Settings};
use crate::record::{RatedSide, Record};
use crate::store::Tx;

/// The rating settings (lichess's).
const SETTINGS: Settings = Settings::LICHESS;

/// A day in ms.
const DAY_MS: f64 = 86_400_000.0;

/// The rating history's table and index, made if missing (from the store's migration).
pub(crate) async fn migrate(tx: &mut Tx) -> Result<(), sqlx::Error> {
    for statement in [
        "CREATE TABLE IF NOT EXISTS rating_history (
            user_id TEXT NOT NULL, game TEXT NOT NULL, game_id TEXT NOT NULL,
            rating BIGINT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (user_id, game_id))",
        "CREATE INDEX IF NOT EXISTS rating_history_user ON rating_history (user_id, game, at)",
    ] {
        sqlx::query(statement).execute(&mut **tx).await?;
    }
    Ok(())
}

/// Whether the end of `before` into `after` changes ratings: `after` is the end of a rated game
/// between two accounts (still going in `before`) in which both sides have moved.
pub fn counts(before: &Record, after: &Record) -> bool {
    before.ongoing()
        && !after.ongoing()
        && after.rated
        && after.moves.len() >= 2
        && after.users.0.iter().all(Option::is_some)
}

/// Each side's outcome (white, black) from the record's winner.
fn outcomes(rec: &Record) -> [Outcome; 2] {
    match rec.winner {
        Some(Color::White) => [Outcome::Win, Outcome::Loss],
        Some(Color::Black) => [Outcome::Loss, Outcome::Win],
        None => [Outcome::Draw, Outcome::Draw],
    }
}

/// Both players' new ratings after `rec` (the game's end) at `now`, from their ratings
/// `before`: pure arithmetic ([`settle`] reads and writes them). Each opponent counts with its
/// rating as stored (lichess's).
pub fn update(rec: &Record, before: [Perf; 2], now: i64) -> [Rating; 2] {
    let results = outcomes(rec);
    [0, 1].map(|s| {
        let me = before[s];
        let idle = if me.games > 0 {
            (now - me.last_game).max(0) as f64 / DAY_MS
        } else {
            0.0
        };
        me.rating
            .after(&SETTINGS, &[(before[1 - s].rating, results[s])], idle)
    })
}

/// Updates both players' ratings for `rec`'s end at `now` in `tx` (their rows locked first, so
/// two games ending at once for one player are applied one after the other); gives each side's
/// new rating and change for the final `gameState`.
pub(crate) async fn settle(
    tx: &mut Tx,
    rec: &Record,
    now: i64,
) -> Result<ByColor<RatedSide>, sqlx::Error> {
    let users = rec.users.0.clone().map(Option::unwrap_or_default);
    let mut before = [Perf::new(); 2];
    for (s, user) in users.iter().enumerate() {
        // A row for an account made before the variant existed; then the row is locked
        // (PostgreSQL's row lock by the update; SQLite's transaction holds the write lock).
        let fresh = Perf::new();
        sqlx::query(
            "INSERT INTO ratings (user_id, game, rating, rd, volatility, games, last_game, \
             previous) VALUES ($1, $2, $3, $4, $5, 0, 0, $3) ON CONFLICT DO NOTHING",
        )
        .bind(user.clone())
        .bind(rec.variant.clone())
        .bind(fresh.rating.rating)
        .bind(fresh.rating.rd)
        .bind(fresh.rating.volatility)
        .execute(&mut **tx)
        .await?;
        sqlx::query("UPDATE ratings SET games = games WHERE user_id = $1 AND game = $2")
            .bind(user.clone())
            .bind(rec.variant.clone())
            .execute(&mut **tx)
            .await?;
        let r = sqlx::query(
            "SELECT rating, rd, volatility, games, last_game, previous FROM ratings \
             WHERE user_id = $1 AND game = $2",
        )
        .bind(user.clone())
        .bind(rec.variant.clone())
        .fetch_one(&mut **tx)
        .await?;
        before[s] = Perf::read(&r, 0)?;
    }
    let after = update(rec, before, now);
    let mut sides = [RatedSide {
        rating: 0,
        diff: 0,
        provisional: true,
    }; 2];
    for s in 0..2 {
        let new = after[s];
        sqlx::query(
            "UPDATE ratings SET rating = $1, rd = $2, volatility = $3, games = games + 1, \
             last_game = $4, previous = $5 WHERE user_id = $6 AND game = $7",
        )
        .bind(new.rating)
        .bind(new.rd)
        .bind(new.volatility)
        .bind(now)
        .bind(before[s].rating.rating)
        .bind(users[s].clone())
        .bind(rec.variant.clone())
        .execute(&mut **tx)
        .await?;
        let rating = new.rating.round() as i64;
        sqlx::query(
            "INSERT INTO rating_history (user_id, game, game_id, rating, at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(users[s].clone())
        .bind(rec.variant.clone())
        .bind(rec.id.clone())
        .bind(rating)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        sides[s] = RatedSide {
            rating,
            diff: rating - before[s].rating.rating.round() as i64,
            provisional: new.provisional(&SETTINGS),
        };
    }
    Ok(ByColor(sides))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::ending::Status;
    use crate::record::NewGame;

    fn ended(winner: Option<Color>) -> Record {
        let mut rec = Record::new_game(
            NewGame {
                id: "g".into(),
                variant: "omega".into(),
                fen: String::new(),
                options: String::new(),
                control: TimeControl::Unlimited,
                tokens: ByColor::default(),
                claimed: ByColor::new(1, 1),
                users: ByColor::new(Some("alice".into()), Some("bob".into())),
                rated: true,
            },
            1_000,
        );
        rec.moves = vec!["e1e2".into(), "e8e7".into()];
        rec.status = Status::Resign;
        rec.winner = winner;
        rec
    }

    #[test]
    fn two_new_players_after_a_win_and_a_draw() {
        let [w, b] = update(&ended(Some(Color::White)), [Perf::new(); 2], 0);
        // By hand (Glickman's steps): φ = φj = 500/173.7178 = 2.8782, g(φj) = 0.5332,
        // E = 0.5, v = 14.07, φ′ = 2.284, μ′ = φ′²·g·(1 − 0.5) = 1.391: 1500 ± 241.6, RD 396.8.
        assert_eq!((w.rating.round(), b.rating.round()), (1742.0, 1258.0));
        assert_eq!((w.rd.round(), b.rd.round()), (397.0, 397.0));
        let [w, b] = update(&ended(None), [Perf::new(); 2], 0);
        assert_eq!((w.rating, b.rating), (1500.0, 1500.0));
    }

    #[test]
    fn only_a_rated_end_between_accounts_after_both_moved_counts() {
        let mut going = ended(Some(Color::White));
        going.status = Status::Started;
        let done = ended(Some(Color::White));
        assert!(counts(&going, &done));
        assert!(!counts(&done, &done), "an end already counted");
        let mut casual = done.clone();
        casual.rated = false;
        assert!(!counts(&going, &casual));
        let mut one_move = done.clone();
        one_move.moves.pop();
        assert!(!counts(&going, &one_move), "an abort or a first-move loss");
        let mut anonymous = done.clone();
        anonymous.users[Color::Black] = None;
        assert!(!counts(&going, &anonymous));
    }

    #[test]
    fn the_rd_grows_with_the_idle_time_before_the_game() {
        let settled = Perf {
            rating: Rating {
                rating: 1700.0,
                rd: 60.0,
                volatility: 0.06,
            },
            games: 30,
            last_game: 0,
            previous: 1690.0,
        };
        let soon = update(&ended(Some(Color::White)), [settled, settled], 0)[0];
        let later = update(
            &ended(Some(Color::White)),
            [settled, settled],
            100 * 86_400_000,
        )[0];
        assert!(
            later.rating - 1700.0 > soon.rating - 1700.0,
            "{soon:?} {later:?}"
        );
    }
}
