//! lichess's challenge JSON and the challenge events (`challenge`, `challengeCanceled`,
//! `challengeDeclined`) raised on both players' streams.

use serde_json::{json, Value};

use super::{decline_text, Row};
use crate::clock::TimeControl;
use crate::hub::Hub;
use crate::store::Store;
use crate::user_events::lines::{speed, variant, LightUser};

/// Which side of a challenge the reader is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Sent to the reader.
    In,
    /// Sent by the reader.
    Out,
}

/// A clock's limit in lichess's `show` form: minutes, with `¼`, `½`, `¾` for parts.
fn minutes(limit_ms: i64) -> String {
    let quarters = limit_ms / 15_000;
    let (whole, part) = (quarters / 4, quarters % 4);
    let part = ["", "¼", "½", "¾"][part as usize];
    match (whole, part) {
        (0, "") => "0".into(),
        (0, p) => p.into(),
        (w, p) => format!("{w}{p}"),
    }
}

/// lichess's `timeControl` object.
pub fn time_control(control: TimeControl) -> Value {
    match control {
        TimeControl::Live { limit_ms, inc_ms } => json!({
            "type": "clock",
            "limit": limit_ms / 1000,
            "increment": inc_ms / 1000,
            "show": format!("{}+{}", minutes(limit_ms), inc_ms / 1000),
        }),
        TimeControl::Days { days } => json!({ "type": "correspondence", "daysPerTurn": days }),
        TimeControl::Unlimited => json!({ "type": "unlimited" }),
    }
}

/// The player `id` as a challenge names it (its id alone if the account is gone; `null` for a
/// challenger without an account, as lichess's).
async fn player(store: &Store, id: &str, game: &str) -> Value {
    if id.is_empty() {
        return Value::Null;
    }
    match LightUser::find(store, id, game).await {
        Ok(Some(u)) => u.challenge_json(),
        _ => json!({ "id": id, "name": id, "title": null, "rating": null }),
    }
}

/// lichess's challenge JSON of `row` for the reader on `direction`'s side, its address from
/// `base` (the server's URL as the client reached it; empty: a path).
pub async fn challenge(
    store: &Store,
    row: &Row,
    direction: Option<Direction>,
    base: &str,
) -> Value {
    let mut v = json!({
        "id": row.id,
        "url": format!("{base}/api/challenge/{}", row.id),
        "status": row.status,
        "challenger": player(store, &row.challenger, &row.variant).await,
        "destUser": player(store, &row.dest, &row.variant).await,
        "variant": variant(&row.variant),
        "rated": row.rated,
        "speed": speed(row.control),
        "timeControl": time_control(row.control),
        "color": row.color,
        "finalColor": row.final_color,
        "perf": { "icon": "", "name": variant(&row.variant)["name"] },
    });
    if let Some(d) = direction {
        v["direction"] = json!(if d == Direction::In { "in" } else { "out" });
    }
    if !row.fen.is_empty() {
        v["initialFen"] = json!(row.fen);
    }
    let mut rules: Vec<&str> = row.options.split_whitespace().collect();
    let array = format!("array={}", row.array);
    if !row.array.is_empty() {
        rules.push(&array);
    }
    if !rules.is_empty() {
        v["rules"] = json!(rules);
    }
    if !row.game_id.is_empty() {
        v["gameId"] = json!(row.game_id);
    }
    if row.status == "declined" {
        v["declineReason"] = json!(decline_text(&row.decline_reason));
        v["declineReasonKey"] = json!(row.decline_reason);
    }
    v
}

/// Raises event `kind` (`challenge`, `challengeCanceled`, `challengeDeclined`) for `row` on
/// both players' streams, each seeing its own direction (a guest challenger has none).
pub async fn publish(hub: &Hub, row: &Row, kind: &str) {
    for (user, direction) in [
        (&row.dest, Direction::In),
        (&row.challenger, Direction::Out),
    ] {
        // A guest challenger (no account) has no stream.
        if user.is_empty() {
            continue;
        }
        let c = challenge(hub.store(), row, Some(direction), "").await;
        let mut line = json!({ "type": kind, "challenge": c });
        if kind == "challenge" {
            line["compat"] = json!({ "bot": true, "board": true });
        }
        hub.user_events().publish(user, line).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_shows_as_lichess_shows_it() {
        let tc = |l: i64, i: i64| {
            time_control(TimeControl::Live {
                limit_ms: l,
                inc_ms: i,
            })
        };
        assert_eq!(tc(300_000, 3_000)["show"], "5+3");
        assert_eq!(tc(30_000, 0)["show"], "½+0");
        assert_eq!(tc(90_000, 1_000)["show"], "1½+1");
        assert_eq!(tc(300_000, 3_000)["limit"], 300);
        assert_eq!(
            time_control(TimeControl::Days { days: 2 }),
            json!({"type": "correspondence", "daysPerTurn": 2})
        );
    }
}
