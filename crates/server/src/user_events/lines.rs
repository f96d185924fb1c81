//! The event stream's lines in lichess's shapes: a game's `gameStart` and `gameFinish` for one
//! of its players, the players as lichess names them (light users), and lichess's words for a
//! game's speed and status.

use baroque_engine::games::spec;
use baroque_engine::piece::ByColor;
use baroque_engine::{Color, Game, GameId};
use serde_json::{json, Value};

use crate::account::{perfs, users};
use crate::clock::{now_ms, TimeControl};
use crate::record::Record;
use crate::store::Store;

/// lichess's speed of a time control: by the estimated game length (the limit and 40
/// increments, in seconds) for a live clock, `correspondence` for days per move and for none.
pub fn speed(control: TimeControl) -> &'static str {
    match control {
        TimeControl::Live { limit_ms, inc_ms } => match (limit_ms + 40 * inc_ms) / 1000 {
            0..=29 => "ultraBullet",
            30..=179 => "bullet",
            180..=479 => "blitz",
            480..=1499 => "rapid",
            _ => "classical",
        },
        TimeControl::Days { .. } | TimeControl::Unlimited => "correspondence",
    }
}

/// lichess's `{"id", "name"}` of a status word (its numbers: `started` 20, `aborted` 25, `mate`
/// 30, `resign` 31, …, `variantEnd` 60).
pub fn status(word: &str) -> Value {
    let id = match word {
        "created" => 10,
        "started" => 20,
        "aborted" => 25,
        "mate" => 30,
        "resign" => 31,
        "stalemate" => 32,
        "timeout" => 33,
        "draw" => 34,
        "outoftime" => 35,
        "cheat" => 36,
        "noStart" => 37,
        "variantEnd" => 60,
        _ => 38,
    };
    json!({ "id": id, "name": word })
}

/// lichess's `variant` object: `{"key", "name", "short"}` (the game's title from the engine).
pub fn variant(key: &str) -> Value {
    match key.parse::<GameId>() {
        Ok(g) => {
            let name = spec(g).title;
            let short: String = name.chars().take(3).collect();
            json!({ "key": key, "name": name, "short": short })
        }
        Err(_) => json!({ "key": key, "name": key, "short": key }),
    }
}

/// A player as lichess's light user: the account's id, name, title, rating in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct LightUser {
    /// The account id (lower case).
    pub id: String,
    /// The name as typed.
    pub name: String,
    /// `BOT` for a bot.
    pub title: Option<String>,
    /// The rating in the game asked for.
    pub rating: i64,
    /// Whether that rating is provisional.
    pub provisional: bool,
}

impl LightUser {
    /// Account `id` with its rating in game `variant` (`None`: no such account).
    pub async fn find(
        store: &Store,
        id: &str,
        variant: &str,
    ) -> Result<Option<LightUser>, sqlx::Error> {
        let Some(user) = users::by_id(store, id).await? else {
            return Ok(None);
        };
        let perfs = perfs::of(store, id).await?;
        let perf = perfs
            .iter()
            .find(|(g, _)| g.as_str() == variant)
            .map(|(_, p)| p.json(now_ms()))
            .unwrap_or(Value::Null);
        Ok(Some(LightUser {
            id: user.id,
            name: user.username,
            title: user.title,
            rating: perf["rating"].as_i64().unwrap_or(1500),
            provisional: perf["prov"].as_bool().unwrap_or(true),
        }))
    }

    /// As a challenge names its players: `{"id", "name", "title", "rating", "provisional"}`.
    pub fn challenge_json(&self) -> Value {
        json!({
            "id": self.id,
            "name": self.name,
            "title": self.title,
            "rating": self.rating,
            "provisional": self.provisional,
        })
    }

    /// As `gameStart` names the opponent: `{"id", "username", "rating"}`.
    pub fn opponent_json(&self) -> Value {
        json!({ "id": self.id, "username": self.name, "rating": self.rating })
    }
}

/// A game's event for the player of `seat`: `gameStart` or `gameFinish` (`kind`), in lichess's
/// shape, with the opponent `opponent` (`None`: anonymous) and whether the game is `rated`.
pub fn game_line(
    kind: &str,
    rec: &Record,
    game: &Game,
    seat: Color,
    opponent: Option<&LightUser>,
    rated: bool,
    now: i64,
) -> Value {
    let to_move = game.position().side_to_move();
    let times = rec.times_at(now, to_move);
    let seconds_left = match rec.control {
        TimeControl::Unlimited => Value::Null,
        TimeControl::Live { .. } => json!(times[seat] / 1000),
        // Correspondence: the time to move (the mover's; the other's is a full turn).
        TimeControl::Days { .. } => json!(times[seat] / 1000),
    };
    let moved = rec.moves.len() > seat.index();
    let mut g = json!({
        "fullId": rec.id,
        "gameId": rec.id,
        "fen": game.position().fen(),
        "color": seat.as_str(),
        "lastMove": rec.moves.last().cloned().unwrap_or_default(),
        "source": "friend",
        "status": status(rec.status.as_str()),
        "variant": variant(&rec.variant),
        "speed": speed(rec.control),
        "perf": rec.variant,
        "rated": rated,
        "hasMoved": moved,
        "opponent": opponent.map_or_else(
            || json!({ "id": null, "username": "Anonymous", "rating": null }),
            LightUser::opponent_json,
        ),
        "isMyTurn": rec.ongoing() && to_move == seat,
        "secondsLeft": seconds_left,
        "compat": { "bot": true, "board": true },
        "id": rec.id,
    });
    if let Some(w) = rec.winner {
        g["winner"] = json!(w.as_str());
    }
    json!({ "type": kind, "game": g })
}

/// Raises `kind` (`gameStart`, `gameFinish`) for each seat of `users` (white then black)
/// held by an account, naming the opponent from `opponents` (the game's accounts).
pub async fn publish_game(
    events: &super::UserEvents,
    store: &Store,
    kind: &str,
    rec: &Record,
    game: &Game,
    users: &ByColor<Option<String>>,
    opponents: &ByColor<Option<String>>,
) {
    let now = now_ms();
    for s in Color::ALL {
        let Some(id) = &users[s] else { continue };
        let opponent = match &opponents[s.other()] {
            Some(o) => LightUser::find(store, o, &rec.variant).await.ok().flatten(),
            None => None,
        };
        let mut line = game_line(kind, rec, game, s, opponent.as_ref(), rec.rated, now);
        if let Some(end) = &rec.rating_end {
            line["game"]["ratingDiff"] = json!(end[s].diff);
        }
        events.publish(id, line).await;
    }
}

/// Raises `kind` for the game's accounts (only the one on `only`, when given) without holding
/// the caller up: the lookups and the notification run in a task of their own.
pub fn announce(
    hub: &crate::hub::Hub,
    kind: &'static str,
    rec: &Record,
    game: &Game,
    only: Option<Color>,
) {
    if rec.users.iter().all(|(_, u)| u.is_none()) {
        return;
    }
    let mut users = rec.users.clone();
    if let Some(seat) = only {
        users[seat.other()] = None;
    }
    let opponents = rec.users.clone();
    let (events, store) = (
        std::sync::Arc::clone(hub.user_events()),
        hub.store().clone(),
    );
    let (rec, game) = (rec.clone(), game.clone());
    tokio::spawn(async move {
        publish_game(&events, &store, kind, &rec, &game, &users, &opponents).await;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_follow_lichess_estimated_length() {
        let live = |l: i64, i: i64| TimeControl::Live {
            limit_ms: l * 1000,
            inc_ms: i * 1000,
        };
        assert_eq!(speed(live(15, 0)), "ultraBullet");
        assert_eq!(speed(live(60, 0)), "bullet");
        assert_eq!(speed(live(180, 2)), "blitz");
        assert_eq!(speed(live(600, 0)), "rapid");
        assert_eq!(speed(live(1800, 0)), "classical");
        assert_eq!(speed(TimeControl::Days { days: 2 }), "correspondence");
        assert_eq!(speed(TimeControl::Unlimited), "correspondence");
    }

    #[test]
    fn statuses_carry_lichess_numbers() {
        assert_eq!(status("started"), json!({"id": 20, "name": "started"}));
        assert_eq!(status("resign")["id"], 31);
        assert_eq!(status("variantEnd")["id"], 60);
    }
}
