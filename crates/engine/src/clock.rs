//! Time controls: the one check of a game's clock that the PGN reader and writer, the page's
//! new-game dialog and links, and a game server share (docs/pgn.md, "Time controls").
//!
//! A [`TimeControl`] is a chess clock (a start and an increment per move, both whole seconds) or
//! correspondence (whole days per move). It is written in two forms:
//!
//! - **the tag form**, PGN's `TimeControl` tag (PGN standard §9.6.1), in seconds: `300+3`
//!   (5 minutes, 3 seconds a move), `300` (no increment), `1/259200` (one move in 3 days:
//!   correspondence). [`FromStr`] reads it and [`Display`](fmt::Display) writes it;
//!   [`TimeControl::from_tag`] also takes the tag's `-` (no clock) and `?` (unknown).
//! - **the minutes form** of the page's dialog and links (`?clock=5+3`): minutes (decimals
//!   allowed, rounded to the second) and seconds: `5+3`, `0.25+0`. [`TimeControl::parse_minutes`]
//!   reads it, [`TimeControl::minutes_text`] writes it. It takes the tag form's `1/N`
//!   correspondence too.
//!
//! Both forms have the bounds of the dialog: a start from 1 second to 600 minutes
//! ([`MIN_BASE_MS`], [`MAX_BASE_MS`]), an increment from 0 to 600 seconds
//! ([`MAX_INCREMENT_MS`]), and 1 to [`MAX_DAYS`] days a move. Anything else is a
//! [`TimeControlError`] with a stable id and parameters, never a panic or an overflow.
//!
//! ```
//! use baroque_engine::clock::TimeControl;
//! let tc: TimeControl = "300+3".parse().unwrap();
//! assert_eq!(tc, TimeControl::Clock { base_ms: 300_000, increment_ms: 3_000 });
//! assert_eq!(tc.to_string(), "300+3");
//! assert_eq!(TimeControl::parse_minutes("5+3").unwrap(), tc);
//! assert_eq!(tc.minutes_text(), "5+3");
//! assert_eq!("0+0".parse::<TimeControl>().unwrap_err().code(), "time-control-base");
//! assert_eq!(TimeControl::from_tag("-").unwrap(), None);
//! let daily: TimeControl = "1/259200".parse().unwrap();
//! assert_eq!(daily, TimeControl::Correspondence { days: 3 });
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// The shortest start of a clock: one second.
pub const MIN_BASE_MS: u64 = 1_000;
/// The longest start of a clock: 600 minutes (the dialog's largest).
pub const MAX_BASE_MS: u64 = 600 * 60_000;
/// The largest increment: 600 seconds a move (the dialog's largest).
pub const MAX_INCREMENT_MS: u64 = 600_000;
/// The most days a correspondence move may take.
pub const MAX_DAYS: u32 = 14;

/// Seconds in a day: correspondence in the tag form is `1/<days × 86400>`.
const DAY_SECONDS: u64 = 86_400;

/// A game's time control (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// A chess clock: each side starts with `base_ms` and gains `increment_ms` after each of its
    /// moves (both whole seconds, within the bounds of the module).
    Clock {
        /// The time each side starts with, in milliseconds.
        base_ms: u64,
        /// The time added after each move, in milliseconds.
        increment_ms: u64,
    },
    /// Correspondence: each move within `days` days (1 to [`MAX_DAYS`]).
    Correspondence {
        /// The days a move may take.
        days: u32,
    },
}

impl TimeControl {
    /// A chess clock of `base_ms` and `increment_ms`, checked against the bounds (whole seconds,
    /// a start from [`MIN_BASE_MS`] to [`MAX_BASE_MS`], an increment up to
    /// [`MAX_INCREMENT_MS`]).
    pub fn clock(base_ms: u64, increment_ms: u64) -> Result<TimeControl, TimeControlError> {
        let text = || alloc::format!("{base_ms}ms+{increment_ms}ms");
        check_base(base_ms, &text)?;
        check_increment(increment_ms, &text)?;
        if base_ms % 1000 != 0 || increment_ms % 1000 != 0 {
            return Err(TimeControlError::new(text(), TimeControlReason::Fraction));
        }
        Ok(TimeControl::Clock {
            base_ms,
            increment_ms,
        })
    }

    /// Correspondence with `days` days a move (1 to [`MAX_DAYS`]).
    pub fn correspondence(days: u32) -> Result<TimeControl, TimeControlError> {
        if (1..=MAX_DAYS).contains(&days) {
            Ok(TimeControl::Correspondence { days })
        } else {
            Err(TimeControlError::new(
                alloc::format!("{days} days"),
                TimeControlReason::Days,
            ))
        }
    }

    /// Checks a value built directly against the bounds (what [`TimeControl::clock`] and
    /// [`TimeControl::correspondence`] check).
    pub fn check(self) -> Result<TimeControl, TimeControlError> {
        match self {
            TimeControl::Clock {
                base_ms,
                increment_ms,
            } => TimeControl::clock(base_ms, increment_ms),
            TimeControl::Correspondence { days } => TimeControl::correspondence(days),
        }
    }

    /// The value of a PGN `TimeControl` tag: `Ok(None)` for `-` (no clock), `?` (unknown) or an
    /// empty value, else the time control of the tag form (see [`FromStr`]).
    pub fn from_tag(value: &str) -> Result<Option<TimeControl>, TimeControlError> {
        match value.trim() {
            "" | "-" | "?" => Ok(None),
            v => v.parse().map(Some),
        }
    }

    /// Reads the minutes form of the page's dialog and links: `M+S`, minutes (decimals allowed,
    /// the start rounded to the nearest second) and whole seconds (`5+3`, `0.25+0`, `2.5+1`),
    /// or a correspondence control in the tag form (`1/86400`).
    pub fn parse_minutes(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim();
        if t.contains('/') {
            return t.parse();
        }
        let syntax = || TimeControlError::new(t.to_string(), TimeControlReason::Syntax);
        let (base, inc) = t.split_once('+').ok_or_else(syntax)?;
        let base_ms = minutes_ms(base).ok_or_else(syntax)?;
        let increment_ms = whole(inc).ok_or_else(syntax)?.saturating_mul(1000);
        let text = || t.to_string();
        check_base(base_ms, &text)?;
        check_increment(increment_ms, &text)?;
        Ok(TimeControl::Clock {
            base_ms,
            increment_ms,
        })
    }

    /// The minutes form (`5+3`, `0.25+0`; correspondence in the tag form, `1/86400`), which
    /// [`TimeControl::parse_minutes`] reads back as the same time control.
    pub fn minutes_text(&self) -> String {
        match *self {
            TimeControl::Clock {
                base_ms,
                increment_ms,
            } => {
                let mut out = decimal_minutes(base_ms);
                out.push('+');
                out.push_str(&(increment_ms / 1000).to_string());
                out
            }
            TimeControl::Correspondence { .. } => self.to_string(),
        }
    }
}

/// Reads the tag form: `BASE+INC` or `BASE` in whole seconds (`300+3`, `600`), or `1/SECONDS`
/// with whole days of seconds for correspondence (`1/86400`). PGN's other forms — several
/// periods (`40/7200:3600`), a number of moves in a time (`40/7200`) and the sandglass (`*180`)
/// — are refused as `time-control-unsupported`; `-` and `?` are read by
/// [`TimeControl::from_tag`].
impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim();
        let error = |reason| Err(TimeControlError::new(t.to_string(), reason));
        if t.contains(':') || t.starts_with('*') {
            return error(TimeControlReason::Unsupported);
        }
        if let Some((moves, seconds)) = t.split_once('/') {
            let (Some(moves), Some(seconds)) = (whole(moves), whole(seconds)) else {
                return error(TimeControlReason::Syntax);
            };
            if moves != 1 {
                return error(TimeControlReason::Unsupported);
            }
            if seconds % DAY_SECONDS != 0 {
                return error(TimeControlReason::Days);
            }
            let days = u32::try_from(seconds / DAY_SECONDS).unwrap_or(u32::MAX);
            return TimeControl::correspondence(days)
                .map_err(|e| TimeControlError::new(t.to_string(), e.reason));
        }
        let (base, inc) = t.split_once('+').unwrap_or((t, "0"));
        let (Some(base), Some(inc)) = (whole(base), whole(inc)) else {
            return error(TimeControlReason::Syntax);
        };
        let (base_ms, increment_ms) = (base.saturating_mul(1000), inc.saturating_mul(1000));
        let text = || t.to_string();
        check_base(base_ms, &text)?;
        check_increment(increment_ms, &text)?;
        Ok(TimeControl::Clock {
            base_ms,
            increment_ms,
        })
    }
}

/// The tag form: `300+3` (`300+0` without an increment), `1/259200` for 3 days a move.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Clock {
                base_ms,
                increment_ms,
            } => write!(f, "{}+{}", base_ms / 1000, increment_ms / 1000),
            TimeControl::Correspondence { days } => {
                write!(f, "1/{}", u64::from(days) * DAY_SECONDS)
            }
        }
    }
}

fn check_base(base_ms: u64, text: &dyn Fn() -> String) -> Result<(), TimeControlError> {
    if (MIN_BASE_MS..=MAX_BASE_MS).contains(&base_ms) {
        Ok(())
    } else {
        Err(TimeControlError::new(text(), TimeControlReason::Base))
    }
}

fn check_increment(increment_ms: u64, text: &dyn Fn() -> String) -> Result<(), TimeControlError> {
    if increment_ms <= MAX_INCREMENT_MS {
        Ok(())
    } else {
        Err(TimeControlError::new(text(), TimeControlReason::Increment))
    }
}

/// A whole number of ASCII digits (no sign, no spaces), saturating at `u64::MAX` however many
/// digits it has.
fn whole(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u64, |n, b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

/// Minutes written `M` or `M.F` as milliseconds rounded to the nearest whole second (saturating).
fn minutes_ms(text: &str) -> Option<u64> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let int = whole(int)?;
    if text.contains('.') && whole(frac).is_none() {
        return None;
    }
    // The fraction's first nine digits as billionths of a minute (the rest cannot move the
    // rounding to a whole second but in a tie, and a tie needs only the first digits).
    let mut nano: u64 = 0;
    for i in 0..9 {
        let d = frac.as_bytes().get(i).map_or(0, |b| u64::from(b - b'0'));
        nano = nano * 10 + d;
    }
    // seconds = round((int + nano / 1e9) × 60)
    let frac_seconds = (nano * 60 + 500_000_000) / 1_000_000_000;
    let seconds = int.saturating_mul(60).saturating_add(frac_seconds);
    Some(seconds.saturating_mul(1000))
}

/// `ms` (whole seconds) as minutes in decimals: exact when it ends, else to six places (which
/// reads back as the same second).
fn decimal_minutes(ms: u64) -> String {
    let seconds = ms / 1000;
    let mut out = (seconds / 60).to_string();
    let mut rest = seconds % 60;
    if rest == 0 {
        return out;
    }
    out.push('.');
    for _ in 0..6 {
        rest *= 10;
        out.push(char::from(b'0' + (rest / 60) as u8));
        rest %= 60;
        if rest == 0 {
            break;
        }
    }
    out
}

/// Why a time control was refused (the id of each is in [`TimeControlError::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControlReason {
    /// Not a time control of the form read (`5+`, `abc`, `-3+2`).
    Syntax,
    /// A start outside 1 second to 600 minutes (`0+0`, twenty digits).
    Base,
    /// An increment over 600 seconds.
    Increment,
    /// A clock given in fractions of a second (only through [`TimeControl::clock`]).
    Fraction,
    /// Correspondence other than 1 to [`MAX_DAYS`] whole days a move.
    Days,
    /// A form of PGN's tag that Baroque does not play: several periods, moves in a time, the
    /// sandglass.
    Unsupported,
}

/// A refused time control: the text and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError {
    /// The time control as written (trimmed).
    pub text: String,
    /// Why it was refused.
    pub reason: TimeControlReason,
}

impl TimeControlError {
    fn new(text: String, reason: TimeControlReason) -> TimeControlError {
        TimeControlError { text, reason }
    }

    /// A stable kebab-case id of the reason, for a message catalog.
    pub fn code(&self) -> &'static str {
        match self.reason {
            TimeControlReason::Syntax => "time-control-syntax",
            TimeControlReason::Base => "time-control-base",
            TimeControlReason::Increment => "time-control-increment",
            TimeControlReason::Fraction => "time-control-fraction",
            TimeControlReason::Days => "time-control-days",
            TimeControlReason::Unsupported => "time-control-unsupported",
        }
    }

    /// The named parameters of the message: `value` (the text), and the bounds where they
    /// apply (`min`, `max` in seconds for the start and the increment, in days for
    /// correspondence).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        let mut p = alloc::vec![("value", self.text.clone())];
        match self.reason {
            TimeControlReason::Base => {
                p.push(("min", (MIN_BASE_MS / 1000).to_string()));
                p.push(("max", (MAX_BASE_MS / 1000).to_string()));
            }
            TimeControlReason::Increment => {
                p.push(("min", "0".to_string()));
                p.push(("max", (MAX_INCREMENT_MS / 1000).to_string()));
            }
            TimeControlReason::Days => {
                p.push(("min", "1".to_string()));
                p.push(("max", MAX_DAYS.to_string()));
            }
            _ => {}
        }
        p
    }
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "time control '{}': ", self.text)?;
        match self.reason {
            TimeControlReason::Syntax => write!(
                f,
                "expected BASE+INCREMENT (seconds in a PGN tag, 300+3; minutes and seconds on \
                 the page, 5+3) or 1/SECONDS for correspondence (1/86400)"
            ),
            TimeControlReason::Base => write!(
                f,
                "the start must be from {} second to {} minutes",
                MIN_BASE_MS / 1000,
                MAX_BASE_MS / 60_000
            ),
            TimeControlReason::Increment => write!(
                f,
                "the increment must be from 0 to {} seconds",
                MAX_INCREMENT_MS / 1000
            ),
            TimeControlReason::Fraction => write!(f, "times are whole seconds"),
            TimeControlReason::Days => write!(
                f,
                "correspondence is 1 to {MAX_DAYS} whole days a move (1/86400 is one day)"
            ),
            TimeControlReason::Unsupported => write!(
                f,
                "only a start with an increment (300+3) or days a move (1/86400) can be played; \
                 not several periods, moves in a time or a sandglass"
            ),
        }
    }
}
