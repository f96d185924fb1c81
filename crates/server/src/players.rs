//! Players' games and ratings in lichess's shapes (docs/online.md, "Players"): an account's
//! games for the page's Games list on any device (`GET /api/account/games`), a player's games
//! exported (`GET /api/games/user/{name}`: NDJSON or PGN), the rating history for the player
//! page's chart (`GET /api/user/{name}/rating-history`), each game's leaderboard
//! (`GET /api/player/top/{nb}/{perf}`) and the player's counts of games (`count` in the user
//! JSON, [`counts`]).

// The helpers' errors are the finished error answers, handed straight back by the handlers.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use baroque_engine::{pgn, GameId, GameResult};
use serde_json::{json, Map, Value};
use sqlx::Row;

use crate::account::perfs::Perf;
use crate::account::users;
use crate::answer::{account_of, base_url, error};
use crate::clock::{now_ms, TimeControl};
use crate::ending::Status;
use crate::hub::Hub;
use crate::limit::{self, Limiter};
use crate::rating::{Settings, SCALE};
use crate::record::Record;
use crate::store::{read_record, Store, COLUMNS};
use baroque_engine::Color;

/// The most games one export or list gives (`max` is bounded by it).
pub const MAX_GAMES: i64 = 300;

/// Games given when `max` is not said.
const DEFAULT_GAMES: i64 = 100;

/// The most players a leaderboard lists (lichess's `nb` bound).
pub const MAX_TOP: i64 = 200;

/// Rated games a player needs to be on a leaderboard.
pub const LEADER_GAMES: i64 = 10;

/// A leaderboard lists players whose rating deviation (grown with their idle time) is below
/// this. lichess asks 75 of its busy standard games; these games are rarer, and a player of a
/// rare one meets few settled opponents: ten rated games between two new players bring each
/// deviation from 500 to 149 (so the game's first two regulars make its board), and a settled
/// player (RD 60, volatility 0.06) stays on it for about two years away (149 after 800 days).
pub const LEADER_RD: f64 = 150.0;

/// The routes.
pub fn router(hub: Arc<Hub>) -> Router {
    let config = hub.config();
    let limiter = Limiter::behind(config.rate, config.trusted_proxies.clone());
    Router::new()
        .route("/api/account/games", get(account_games))
        .route("/api/games/user/{name}", get(user_games))
        .route("/api/user/{name}/rating-history", get(rating_history))
        .route("/api/player/top/{nb}/{perf}", get(top))
        .route("/api/player", get(tops))
        .with_state(hub)
        .layer(axum::middleware::from_fn_with_state(limiter, limit::layer))
}

fn db_error(e: sqlx::Error) -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "server-error",
        &format!("database error: {e}"),
    )
}

fn no_user() -> Response {
    error(StatusCode::NOT_FOUND, "no-user", "no such player")
}

/// `max` from the query: a whole number from 1 to [`MAX_GAMES`] (default [`DEFAULT_GAMES`]).
fn max_of(q: &HashMap<String, String>) -> Result<i64, Response> {
    match q.get("max") {
        None => Ok(DEFAULT_GAMES),
        Some(m) => m
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=MAX_GAMES).contains(n))
            .ok_or_else(|| {
                error(
                    StatusCode::BAD_REQUEST,
                    "bad-max",
                    &format!("max is a whole number from 1 to {MAX_GAMES}"),
                )
            }),
    }
}

/// Account `user`'s newest `max` games, newest first.
pub async fn games_of(store: &Store, user: &str, max: i64) -> Result<Vec<Record>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM games WHERE white_user = $1 OR black_user = $1 \
         ORDER BY created DESC LIMIT $2"
    ))
    .bind(user.to_string())
    .bind(max)
    .fetch_all(store.pool())
    .await?;
    let mut games = Vec::with_capacity(rows.len());
    for row in &rows {
        // A going game's moves are its events' (its row keeps them once it is over).
        let mut rec = read_record(row)?;
        store.fill(&mut rec).await?;
        games.push(rec);
    }
    Ok(games)
}

/// lichess's `speed` of a time control.
fn speed(control: TimeControl) -> &'static str {
    match control {
        TimeControl::Live { .. } => "live",
        TimeControl::Days { .. } => "correspondence",
        TimeControl::Unlimited => "unlimited",
    }
}

/// A game in lichess's export shape (`players.white.user`, `rating` before the game and
/// `ratingDiff` once a rated game ended, `winner`, `moves`).
pub fn game_json(rec: &Record) -> Value {
    let player = |seat: Color| {
        let mut p = Map::new();
        if let Some(u) = &rec.users[seat] {
            p.insert("user".into(), json!({ "id": u, "name": u }));
        }
        if let Some(end) = rec.rating_end {
            let side = end[seat];
            p.insert("rating".into(), json!(side.rating - side.diff));
            p.insert("ratingDiff".into(), json!(side.diff));
            if side.provisional {
                p.insert("provisional".into(), json!(true));
            }
        }
        Value::Object(p)
    };
    let mut v = json!({
        "id": rec.id,
        "rated": rec.rated,
        "variant": rec.variant,
        "speed": speed(rec.control),
        "perf": rec.variant,
        "createdAt": rec.created,
        "status": rec.status.as_str(),
        "players": { "white": player(Color::White), "black": player(Color::Black) },
        "moves": rec.moves.join(" "),
        "turn": rec.build().map_or("white", |g| g.position().side_to_move().as_str()),
    });
    if !rec.fen.is_empty() {
        v["initialFen"] = json!(rec.fen);
    }
    if let Some(w) = rec.winner {
        v["winner"] = json!(w.as_str());
    }
    if let TimeControl::Live { limit_ms, inc_ms } = rec.control {
        v["clock"] = json!({ "initial": limit_ms / 1000, "increment": inc_ms / 1000 });
    }
    if let TimeControl::Days { days } = rec.control {
        v["daysPerTurn"] = json!(days);
    }
    v
}

/// The civil date (year, month, day) of `ms` since 1970 (Howard Hinnant's algorithm).
fn civil(ms: i64) -> (i64, i64, i64) {
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The game's record in PGN (the engine's writer; the players' accounts and a rated game's
/// ratings as tags).
pub fn game_pgn(rec: &Record, base: &str) -> Option<String> {
    let game = rec.build().ok()?;
    let (y, m, d) = civil(rec.created);
    let date = format!("{y:04}.{m:02}.{d:02}");
    let site = format!("{base}/game/{}", rec.id);
    let event = if rec.rated {
        "Rated game"
    } else {
        "Casual game"
    };
    let name = |s: Color| rec.users[s].clone().unwrap_or_else(|| "?".into());
    let (white, black) = (name(Color::White), name(Color::Black));
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", event.into()),
        ("Site", site),
        ("Date", date),
        ("White", white),
        ("Black", black),
    ];
    if let Some(end) = rec.rating_end {
        for (side, elo, diff) in [
            (end[Color::White], "WhiteElo", "WhiteRatingDiff"),
            (end[Color::Black], "BlackElo", "BlackRatingDiff"),
        ] {
            tags.push((elo, (side.rating - side.diff).to_string()));
            tags.push((diff, format!("{:+}", side.diff)));
        }
    }
    if let TimeControl::Live { limit_ms, inc_ms } = rec.control {
        tags.push((
            "TimeControl",
            format!("{}+{}", limit_ms / 1000, inc_ms / 1000),
        ));
    }
    let result = match (rec.ongoing() || rec.status == Status::Aborted, rec.winner) {
        (true, _) => GameResult::Ongoing,
        (false, Some(Color::White)) => GameResult::White,
        (false, Some(Color::Black)) => GameResult::Black,
        (false, None) => GameResult::Draw,
    };
    let borrowed: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (*n, v.as_str())).collect();
    Some(pgn::write(&game, &borrowed, Some(result)))
}

/// `GET /api/account/games?max=N` (the session cookie or an API token): the account's games,
/// newest first, going ones included, `{"games":[…]}` in lichess's export shape.
async fn account_games(
    State(hub): State<Arc<Hub>>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let max = match max_of(&q) {
        Ok(m) => m,
        Err(r) => return r,
    };
    let user = match account_of(&hub, &headers, false).await {
        Ok(Some(u)) => u,
        Ok(None) => {
            return error(
                StatusCode::UNAUTHORIZED,
                "not-logged-in",
                "log in first (the session cookie or Authorization: Bearer TOKEN)",
            )
        }
        Err(r) => return r.into_response(),
    };
    match games_of(hub.store(), &user.id, max).await {
        Ok(games) => (
            [(header::CACHE_CONTROL, "no-store")],
            Json(json!({
                "user": user.id,
                "games": games.iter().map(game_json).collect::<Vec<_>>(),
            })),
        )
            .into_response(),
        Err(e) => db_error(e),
    }
}

/// `GET /api/games/user/{name}?max=N`: the player's games, newest first, as NDJSON (`Accept:
/// application/x-ndjson`) or PGN (otherwise), lichess's export.
async fn user_games(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let max = match max_of(&q) {
        Ok(m) => m,
        Err(r) => return r,
    };
    let user = match users::find(hub.store(), &name).await {
        Ok(Some((u, _))) => u,
        Ok(None) => return no_user(),
        Err(e) => return db_error(e),
    };
    let games = match games_of(hub.store(), &user.id, max).await {
        Ok(g) => g,
        Err(e) => return db_error(e),
    };
    let ndjson = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/x-ndjson"));
    if ndjson {
        let body: String = games
            .iter()
            .map(|g| format!("{}\n", game_json(g)))
            .collect();
        return ([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response();
    }
    let base = base_url(&headers);
    let body = games
        .iter()
        .filter_map(|g| game_pgn(g, &base))
        .collect::<Vec<_>>()
        .join("\n");
    let file = format!("attachment; filename=\"{}.pgn\"", user.id);
    (
        [
            (header::CONTENT_TYPE, "application/x-chess-pgn".to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        body,
    )
        .into_response()
}

/// `GET /api/user/{name}/rating-history`: lichess's shape, one entry per game
/// (`{"name": "omega", "points": [[year, month from 0, day, rating], …]}`), oldest first.
async fn rating_history(State(hub): State<Arc<Hub>>, Path(name): Path<String>) -> Response {
    let user = match users::find(hub.store(), &name).await {
        Ok(Some((u, _))) => u,
        Ok(None) => return no_user(),
        Err(e) => return db_error(e),
    };
    let rows = match sqlx::query(
        "SELECT game, rating, at FROM rating_history WHERE user_id = $1 ORDER BY at, game_id",
    )
    .bind(user.id.clone())
    .fetch_all(hub.store().pool())
    .await
    {
        Ok(r) => r,
        Err(e) => return db_error(e),
    };
    let mut points: HashMap<String, Vec<Value>> = HashMap::new();
    for r in &rows {
        let read = || -> Result<(String, i64, i64), sqlx::Error> {
            Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))
        };
        let Ok((game, rating, at)) = read() else {
            continue;
        };
        let (y, m, d) = civil(at);
        points
            .entry(game)
            .or_default()
            .push(json!([y, m - 1, d, rating]));
    }
    let out: Vec<Value> = GameId::ALL
        .iter()
        .map(|g| {
            json!({
                "name": g.as_str(),
                "points": points.remove(g.as_str()).unwrap_or_default(),
            })
        })
        .collect();
    Json(out).into_response()
}

/// `GET /api/player/top/{nb}/{perf}`: the game `perf`'s best `nb` players (at most
/// [`MAX_TOP`]) with [`LEADER_GAMES`] rated games or more and a deviation below [`LEADER_RD`],
/// lichess's `{"users":[{"id","username","perfs":{perf:{"rating","progress"}}}]}`.
async fn top(State(hub): State<Arc<Hub>>, Path((nb, perf)): Path<(String, String)>) -> Response {
    let Some(nb) = nb.parse::<i64>().ok().filter(|n| (1..=MAX_TOP).contains(n)) else {
        return error(
            StatusCode::BAD_REQUEST,
            "bad-nb",
            &format!("nb is a whole number from 1 to {MAX_TOP}"),
        );
    };
    let game: GameId = match perf.parse() {
        Ok(g) => g,
        Err(e) => {
            let e: baroque_engine::UnknownGame = e;
            return error(StatusCode::NOT_FOUND, e.code(), &e.to_string());
        }
    };
    match leaders(hub.store(), game, nb, now_ms()).await {
        Ok(users) => (
            [(header::CACHE_CONTROL, "max-age=60")],
            Json(json!({ "users": users })),
        )
            .into_response(),
        Err(e) => db_error(e),
    }
}

/// `GET /api/player`: each game's best ten (lichess's), `{"omega": [users], …}` in the
/// engine's order of the games (the leaderboard page's list of games).
async fn tops(State(hub): State<Arc<Hub>>) -> Response {
    let mut out = Map::new();
    for game in GameId::ALL {
        match leaders(hub.store(), game, 10, now_ms()).await {
            Ok(users) => {
                out.insert(game.as_str().into(), Value::Array(users));
            }
            Err(e) => return db_error(e),
        }
    }
    (
        [(header::CACHE_CONTROL, "max-age=60")],
        Json(Value::Object(out)),
    )
        .into_response()
}

/// The leaderboard of `game` at `now` (see [`top`]).
pub async fn leaders(
    store: &Store,
    game: GameId,
    nb: i64,
    now: i64,
) -> Result<Vec<Value>, sqlx::Error> {
    // The deviation grown by the idle time until `now` is below the bound, in SQL (Glickman's
    // step 6 over fractional periods, as `Rating::rd_after_idle`): rd² + periods · (σ · SCALE)²
    // < bound², so the limit counts only players who qualify however many idle ones rank above.
    // Each row is checked again with the Rust arithmetic; a page short of it reads on.
    let s = Settings::LICHESS;
    let sql = "SELECT r.user_id, u.username, r.rating, r.rd, r.volatility, r.games, r.last_game, \
         r.previous FROM ratings r JOIN users u ON u.id = r.user_id \
         WHERE r.game = $1 AND r.games >= $2 AND r.rd < $3 \
         AND r.rd * r.rd + (CASE WHEN r.last_game < $4 THEN $4 - r.last_game ELSE 0 END) / $5 \
         * r.volatility * r.volatility * $6 < $7 \
         ORDER BY r.rating DESC, r.user_id LIMIT $8 OFFSET $9";
    let mut out = Vec::new();
    let mut offset = 0;
    loop {
        let rows = sqlx::query(sql)
            .bind(game.as_str())
            .bind(LEADER_GAMES)
            .bind(LEADER_RD)
            .bind(now)
            .bind(s.days_per_period * 86_400_000.0)
            .bind(SCALE * SCALE)
            .bind(LEADER_RD * LEADER_RD)
            .bind(nb)
            .bind(offset)
            .fetch_all(store.pool())
            .await?;
        for r in &rows {
            let perf = Perf::read(r, 2)?;
            let idle = (now - perf.last_game).max(0) as f64 / 86_400_000.0;
            if perf.rating.rd_after_idle(&s, idle) >= LEADER_RD {
                continue;
            }
            let mut perfs = Map::new();
            perfs.insert(
                game.as_str().into(),
                json!({
                    "rating": perf.rating.rating.round() as i64,
                    "progress": (perf.rating.rating - perf.previous).round() as i64,
                }),
            );
            out.push(json!({
                "id": r.try_get::<String, _>(0)?,
                "username": r.try_get::<String, _>(1)?,
                "perfs": perfs,
            }));
            if out.len() as i64 == nb {
                return Ok(out);
            }
        }
        if (rows.len() as i64) < nb {
            return Ok(out);
        }
        offset += nb;
    }
}

/// Account `user`'s finished games counted, lichess's `count`: `all`, `rated`, `win`, `loss`,
/// `draw` (aborted games do not count).
pub async fn counts(store: &Store, user: &str) -> Result<Value, sqlx::Error> {
    let r = sqlx::query(
        "SELECT COUNT(*), COUNT(CASE WHEN rated = 1 THEN 1 END), \
         COUNT(CASE WHEN (winner = 'white' AND white_user = $1) \
           OR (winner = 'black' AND black_user = $1) THEN 1 END), \
         COUNT(CASE WHEN (winner = 'black' AND white_user = $1) \
           OR (winner = 'white' AND black_user = $1) THEN 1 END), \
         COUNT(CASE WHEN winner = '' THEN 1 END) \
         FROM games WHERE (white_user = $1 OR black_user = $1) \
         AND status <> 'started' AND status <> 'aborted'",
    )
    .bind(user.to_string())
    .fetch_one(store.pool())
    .await?;
    Ok(json!({
        "all": r.try_get::<i64, _>(0)?,
        "rated": r.try_get::<i64, _>(1)?,
        "win": r.try_get::<i64, _>(2)?,
        "loss": r.try_get::<i64, _>(3)?,
        "draw": r.try_get::<i64, _>(4)?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(951_782_400_000), (2000, 2, 29));
        assert_eq!(civil(1_796_601_600_000), (2026, 12, 7));
    }
}
