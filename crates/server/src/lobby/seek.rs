//! A seek: what one player offers to play (the game, its rules, the clock or days per move,
//! rated or casual, the colour, the rating range the player accepts), read from the lobby's
//! messages and the Board API's form with every field bounded ([`Request::check`]), and when
//! two seeks, or a seek and a player, make a game ([`fits`], [`admits`]).

use baroque_engine::clock::TimeControl as EngineControl;
use baroque_engine::GameId;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::answer::Refusal;
use crate::clock::TimeControl;

/// The most rule options one seek names.
pub const MAX_OPTIONS: usize = 8;
/// The longest rule option or start array id read.
const MAX_FIELD: usize = 64;
/// The lowest and highest rating a range may name.
pub const RATINGS: (i64, i64) = (400, 4000);
/// How long a correspondence seek stays open: 14 days.
pub const CORRESPONDENCE_MS: i64 = 14 * 86_400_000;

/// The colour a seek's creator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
    /// Either, drawn at pairing.
    Random,
}

impl Side {
    /// Reads `white`, `black` or `random`.
    pub fn parse(text: &str) -> Result<Side, String> {
        match text {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            "random" => Ok(Side::Random),
            other => Err(format!(
                "color must be white, black or random, not '{other}'"
            )),
        }
    }

    /// Its word.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Random => "random",
        }
    }
}

/// A seek as a client asks for it (the lobby's `seek` message and `POST /api/board/seek`
/// share these fields, lichess's names): checked into a [`Terms`] by [`Request::check`].
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Request {
    /// The game (`ultima`, `omega`, `hybrid`).
    pub variant: String,
    /// Rated (both players need accounts; standard rules only).
    #[serde(default)]
    pub rated: bool,
    /// Minutes each side starts with (with `increment`), for a live game.
    #[serde(default)]
    pub time: Option<f64>,
    /// Seconds added after each move.
    #[serde(default)]
    pub increment: Option<f64>,
    /// Days per move, for a correspondence game.
    #[serde(default)]
    pub days: Option<f64>,
    /// `white`, `black` or `random` (the default).
    #[serde(default)]
    pub color: Option<String>,
    /// The ratings accepted, `"1500-1800"`.
    #[serde(default)]
    pub rating_range: Option<String>,
    /// Rule options, `name=value` (casual only).
    #[serde(default)]
    pub options: Vec<String>,
    /// A start array's id (casual only).
    #[serde(default)]
    pub array: Option<String>,
}

/// A checked seek's terms: what the game will be and whom the creator accepts.
#[derive(Clone, Debug, PartialEq)]
pub struct Terms {
    /// The game.
    pub variant: GameId,
    /// Rule options, `name=value`, as the engine writes them.
    pub options: Vec<String>,
    /// A start array's id.
    pub array: Option<String>,
    /// A live clock or days per move.
    pub control: TimeControl,
    /// Rated.
    pub rated: bool,
    /// The creator's colour.
    pub side: Side,
    /// The ratings accepted (none: any player, anonymous ones too).
    pub range: Option<(i64, i64)>,
}

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new("bad-seek", message)
}

/// Reads a rating range `"1500-1800"`.
pub fn parse_range(text: &str) -> Result<(i64, i64), String> {
    let err = || format!("ratingRange must be like 1500-1800, not '{text}'");
    let (lo, hi) = text.trim().split_once('-').ok_or_else(err)?;
    let lo: i64 = lo.trim().parse().map_err(|_| err())?;
    let hi: i64 = hi.trim().parse().map_err(|_| err())?;
    if lo > hi || lo < RATINGS.0 || hi > RATINGS.1 {
        return Err(format!(
            "ratingRange must run upwards within {}-{}, not '{text}'",
            RATINGS.0, RATINGS.1
        ));
    }
    Ok((lo, hi))
}

impl Request {
    /// The checked terms, for a creator with an account (`account`) or without.
    pub fn check(&self, account: bool) -> Result<Terms, Refusal> {
        let variant: GameId = self
            .variant
            .parse()
            .map_err(|e: baroque_engine::UnknownGame| Refusal::new(e.code(), e.to_string()))?;
        if self.options.len() > MAX_OPTIONS {
            return Err(bad(format!(
                "at most {MAX_OPTIONS} rule options, not {}",
                self.options.len()
            )));
        }
        let long = |s: &str| s.is_empty() || s.len() > MAX_FIELD;
        if self.options.iter().any(|o| long(o)) || self.array.as_deref().is_some_and(long) {
            return Err(bad("a rule option or start array is empty or too long"));
        }
        let fen = match &self.array {
            None => None,
            Some(a) => Some(
                baroque_engine::games::spec(variant)
                    .start_arrays
                    .iter()
                    .find(|s| s.id == a)
                    .map(|s| s.fen)
                    .ok_or_else(|| bad(format!("{} has no start array '{a}'", variant.as_str())))?,
            ),
        };
        let pairs: Vec<&str> = self.options.iter().map(String::as_str).collect();
        let game = baroque_engine::setup::build_game(variant.as_str(), fen, &pairs, &[])
            .map_err(|e| bad(e.to_string()))?;
        // Only the options that differ from the rule book's defaults, as the engine writes them
        // (so that two seeks of the same rules compare equal).
        let defaults = baroque_engine::RuleOptions::DEFAULT.to_pairs(variant);
        let options: Vec<String> = game
            .position()
            .options()
            .to_pairs(variant)
            .iter()
            .filter(|pair| !defaults.contains(pair))
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        let control = self.control()?;
        if self.rated && !account {
            return Err(bad("a rated seek needs an account: log in, or seek casual"));
        }
        if self.rated && (!options.is_empty() || self.array.is_some()) {
            return Err(bad(
                "a rated game is played in the standard rules and start: no options or start array",
            ));
        }
        let side = Side::parse(self.color.as_deref().unwrap_or("random")).map_err(bad)?;
        let range = match self.rating_range.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(r) => Some(parse_range(r).map_err(bad)?),
        };
        Ok(Terms {
            variant,
            options,
            array: self.array.clone(),
            control,
            rated: self.rated,
            side,
            range,
        })
    }

    /// The clock (`time` minutes + `increment` seconds) or `days`, checked by the engine.
    fn control(&self) -> Result<TimeControl, Refusal> {
        let engine =
            |e: baroque_engine::clock::TimeControlError| Refusal::new("bad-clock", e.to_string());
        match (self.time, self.increment, self.days) {
            (None, None, None) => Err(bad("give time and increment, or days")),
            (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => {
                Err(bad("give time and increment, or days, not both"))
            }
            (None, Some(_), None) => Err(bad("give time (minutes) with increment")),
            (None, None, Some(d)) => {
                if !(d.is_finite() && d.fract() == 0.0 && (1.0..=14.0).contains(&d)) {
                    return Err(Refusal::new(
                        "bad-clock",
                        format!("days must be a whole number from 1 to 14, not {d}"),
                    ));
                }
                EngineControl::correspondence(d as u32).map_err(engine)?;
                Ok(TimeControl::Days { days: d as i64 })
            }
            (Some(t), inc, None) => {
                let inc = inc.unwrap_or(0.0);
                if !(t.is_finite()
                    && inc.is_finite()
                    && t > 0.0
                    && t <= 600.0
                    && (0.0..=600.0).contains(&inc))
                {
                    return Err(Refusal::new(
                        "bad-clock",
                        "time is 0.25 to 600 minutes and increment 0 to 600 seconds",
                    ));
                }
                let base = (t * 60_000.0).round() as u64;
                let base = base - base % 1000;
                let inc = (inc.round() as u64) * 1000;
                EngineControl::clock(base, inc).map_err(engine)?;
                Ok(TimeControl::Live {
                    limit_ms: base as i64,
                    inc_ms: inc as i64,
                })
            }
        }
    }
}

/// A seek open in the lobby (a row of the `seeks` table).
#[derive(Clone, Debug, PartialEq)]
pub struct Seek {
    /// Its id.
    pub id: String,
    /// The server holding its creator's connection.
    pub server: String,
    /// Who made it: the account's id, or `~` and the connection's id for an anonymous player.
    pub owner: String,
    /// The account's name as typed (none: anonymous).
    pub username: Option<String>,
    /// The creator's rating in the seek's game (none: anonymous).
    pub rating: Option<i64>,
    /// Whether that rating is provisional.
    pub provisional: bool,
    /// The terms.
    pub terms: Terms,
    /// The auto-pairing request it belongs to (empty: none): it is not listed, and the
    /// request's other seeks close when one is paired.
    pub group: String,
    /// When it was made (ms).
    pub created: i64,
    /// The hash of the seat token its creator will hold.
    pub token_hash: String,
    /// Whether its creator is a bot account (`POST /api/bot/seek`): two bots' seeks never
    /// make a game with each other.
    pub bot: bool,
}

impl Seek {
    /// Whether it lives as long as its creator's connection (a live clock), not stored for
    /// [`CORRESPONDENCE_MS`].
    pub fn is_live(&self) -> bool {
        !matches!(self.terms.control, TimeControl::Days { .. })
    }

    /// Its creator's account id (none: anonymous).
    pub fn account(&self) -> Option<String> {
        self.username.is_some().then(|| self.owner.clone())
    }

    /// Whether it belongs to an auto-pairing request.
    pub fn is_auto(&self) -> bool {
        !self.group.is_empty()
    }

    /// The lobby's view of it (docs/online.md, "The lobby"), its fields in the documented order.
    pub fn view(&self) -> View<'_> {
        let (clock, days) = match self.terms.control {
            TimeControl::Live { limit_ms, inc_ms } => (
                Some(ClockView {
                    limit: limit_ms / 1000,
                    increment: inc_ms / 1000,
                }),
                None,
            ),
            TimeControl::Days { days } => (None, Some(days)),
            TimeControl::Unlimited => (None, None),
        };
        View {
            id: &self.id,
            variant: self.terms.variant.as_str(),
            rules: &self.terms.options,
            array: self.terms.array.as_deref(),
            clock,
            days,
            rated: self.terms.rated,
            color: self.terms.side.as_str(),
            username: self.username.as_deref(),
            rating: self.rating,
            provisional: self.provisional,
            rating_range: self.terms.range.map(|(lo, hi)| [lo, hi]),
            title: self.bot.then_some("BOT"),
        }
    }

    /// [`Seek::view`] as a JSON value.
    pub fn json(&self) -> Value {
        serde_json::to_value(self.view()).unwrap_or(Value::Null)
    }
}

/// A live seek's clock in the lobby's view: seconds.
#[derive(Debug, Serialize)]
pub struct ClockView {
    /// Seconds each side starts with.
    pub limit: i64,
    /// Seconds added after each move.
    pub increment: i64,
}

/// A seek as the lobby shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View<'a> {
    /// Its id.
    pub id: &'a str,
    /// The game.
    pub variant: &'a str,
    /// Rule options that differ from the rule book's.
    pub rules: &'a [String],
    /// A start array's id.
    pub array: Option<&'a str>,
    /// A live clock.
    pub clock: Option<ClockView>,
    /// Days per move.
    pub days: Option<i64>,
    /// Rated.
    pub rated: bool,
    /// The creator's colour.
    pub color: &'static str,
    /// The creator's name (none: anonymous).
    pub username: Option<&'a str>,
    /// The creator's rating in the game.
    pub rating: Option<i64>,
    /// Whether that rating is provisional.
    pub provisional: bool,
    /// The ratings accepted.
    pub rating_range: Option<[i64; 2]>,
    /// lichess's `"BOT"` for a bot account's seek (none for a person's, and not written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'static str>,
}

/// A player who may take a seek: who it is and its rating in the seek's game.
#[derive(Clone, Debug)]
pub struct Taker<'a> {
    /// Its owner key (as [`Seek::owner`]).
    pub owner: &'a str,
    /// Whether it has an account.
    pub account: bool,
    /// Its rating in the seek's game (none: anonymous).
    pub rating: Option<i64>,
}

/// Whether `rating` is within `range` (no range admits everyone; a range admits only rated
/// players within it).
fn in_range(range: Option<(i64, i64)>, rating: Option<i64>) -> bool {
    match (range, rating) {
        (None, _) => true,
        (Some((lo, hi)), Some(r)) => lo <= r && r <= hi,
        (Some(_), None) => false,
    }
}

/// Whether `taker` may take `seek`, or why not.
pub fn admits(seek: &Seek, taker: &Taker) -> Result<(), Refusal> {
    if seek.owner == taker.owner {
        return Err(Refusal::new("own-seek", "that seek is yours"));
    }
    if seek.terms.rated && !taker.account {
        return Err(Refusal::new(
            "rated-seek",
            "a rated seek is for players with accounts: log in",
        ));
    }
    if !in_range(seek.terms.range, taker.rating) {
        return Err(Refusal::new(
            "out-of-range",
            "your rating is outside the range that seek accepts",
        ));
    }
    Ok(())
}

/// Whether two seeks make a game with each other: the same game, rules, start and clock, both
/// rated or both casual, colours that fit, each creator's rating in the other's range, and two
/// different players, not both bots (a bot seeks people, as pychess's bots do).
pub fn fits(a: &Seek, b: &Seek) -> bool {
    let (ta, tb) = (&a.terms, &b.terms);
    let sides = !matches!(
        (ta.side, tb.side),
        (Side::White, Side::White) | (Side::Black, Side::Black)
    );
    a.owner != b.owner
        && !(a.bot && b.bot)
        && ta.variant == tb.variant
        && ta.options == tb.options
        && ta.array == tb.array
        && ta.control == tb.control
        && ta.rated == tb.rated
        && sides
        && in_range(ta.range, b.rating)
        && in_range(tb.range, a.rating)
        && (!ta.rated || (a.username.is_some() && b.username.is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn req(v: Value) -> Request {
        serde_json::from_value(v).unwrap()
    }

    fn seek(owner: &str, v: Value, rating: Option<i64>) -> Seek {
        Seek {
            id: format!("s-{owner}"),
            server: "a".into(),
            owner: owner.into(),
            username: rating.map(|_| owner.to_string()),
            rating,
            provisional: false,
            terms: req(v).check(rating.is_some()).unwrap(),
            group: String::new(),
            created: 0,
            token_hash: String::new(),
            bot: false,
        }
    }

    #[test]
    fn reads_a_live_and_a_correspondence_seek() {
        let t = req(json!({"variant":"omega","time":5,"increment":3,"color":"white"}))
            .check(false)
            .unwrap();
        assert_eq!(
            t.control,
            TimeControl::Live {
                limit_ms: 300_000,
                inc_ms: 3000
            }
        );
        assert_eq!(t.side, Side::White);
        let t = req(json!({"variant":"ultima","days":3,"ratingRange":"1400-1900","rated":true}))
            .check(true)
            .unwrap();
        assert_eq!(t.control, TimeControl::Days { days: 3 });
        assert_eq!(t.range, Some((1400, 1900)));
    }

    #[test]
    fn refuses_bad_fields_with_a_clear_error() {
        for (v, account, says) in [
            (json!({"variant":"chess","time":5}), false, "chess"),
            (
                json!({"variant":"omega"}),
                false,
                "time and increment, or days",
            ),
            (
                json!({"variant":"omega","time":5,"days":2}),
                false,
                "not both",
            ),
            (json!({"variant":"omega","days":15}), false, "1 to 14"),
            (json!({"variant":"omega","time":0}), false, "0.25 to 600"),
            (
                json!({"variant":"omega","time":5,"color":"red"}),
                false,
                "white, black or random",
            ),
            (
                json!({"variant":"omega","time":5,"ratingRange":"1800-1500"}),
                false,
                "upwards",
            ),
            (
                json!({"variant":"omega","time":5,"ratingRange":"x"}),
                false,
                "like 1500-1800",
            ),
            (
                json!({"variant":"omega","time":5,"rated":true}),
                false,
                "needs an account",
            ),
            (
                json!({"variant":"omega","time":5,"rated":true,"array":"nope"}),
                true,
                "no start array",
            ),
            (
                json!({"variant":"omega","time":5,"options":["bogus=1"]}),
                false,
                "bogus",
            ),
        ] {
            let e = req(v.clone()).check(account).unwrap_err();
            assert!(e.message.contains(says), "{v}: {}", e.message);
        }
        let many: Vec<String> = (0..9).map(|i| format!("o{i}=1")).collect();
        let e = req(json!({"variant":"omega","time":5,"options":many}))
            .check(false)
            .unwrap_err();
        assert!(e.message.contains("at most 8"));
        assert!(serde_json::from_value::<Request>(json!({"variant":"omega","bogus":1})).is_err());
    }

    #[test]
    fn two_seeks_fit_by_game_clock_colour_and_range() {
        let v = json!({"variant":"omega","time":5,"increment":3});
        let a = seek("alice", v.clone(), Some(1500));
        let b = seek("bob", v.clone(), Some(1600));
        assert!(fits(&a, &b) && fits(&b, &a));
        assert!(!fits(&a, &a), "one player's two seeks");
        let other_clock = seek("bob", json!({"variant":"omega","time":3}), Some(1600));
        assert!(!fits(&a, &other_clock));
        let white = json!({"variant":"omega","time":5,"increment":3,"color":"white"});
        assert!(!fits(
            &seek("a", white.clone(), None),
            &seek("b", white, None)
        ));
        let narrow = json!({"variant":"omega","time":5,"increment":3,"ratingRange":"1550-1700"});
        assert!(!fits(&seek("c", narrow.clone(), Some(1600)), &a));
        assert!(fits(&seek("c", narrow.clone(), Some(1600)), &b));
        assert!(!fits(
            &seek("c", narrow, Some(1600)),
            &seek("anon", v.clone(), None)
        ));
        // Two bots' seeks never fit; a bot's and a person's do.
        let bot = |owner: &str| Seek {
            bot: true,
            ..seek(owner, v.clone(), Some(1500))
        };
        assert!(!fits(&bot("bot1"), &bot("bot2")));
        assert!(fits(&bot("bot1"), &b) && fits(&b, &bot("bot1")));
    }

    #[test]
    fn anonymous_players_take_only_casual_seeks_and_none_of_their_own() {
        let rated = seek(
            "alice",
            json!({"variant":"omega","time":5,"rated":true}),
            Some(1500),
        );
        let anon = Taker {
            owner: "~x",
            account: false,
            rating: None,
        };
        assert_eq!(admits(&rated, &anon).unwrap_err().code, "rated-seek");
        let me = Taker {
            owner: "alice",
            account: true,
            rating: Some(1500),
        };
        assert_eq!(admits(&rated, &me).unwrap_err().code, "own-seek");
        let casual = seek("alice", json!({"variant":"omega","time":5}), Some(1500));
        assert!(admits(&casual, &anon).is_ok());
    }
}
