//! What a server announces of a stored change to the other servers sharing PostgreSQL
//! (`NOTIFY` on [`CHANNEL`](crate::store::CHANNEL), sent in the change's own transaction, so
//! only stored changes are announced).
//!
//! The payload is `ID SEQ`, followed, when it fits, by what a server holding the game at event
//! `SEQ - 1` needs to take the change without reading the database: both times, the turn's
//! start and the deadline as stored in the row, and the stored event ([`crate::delta`]):
//!
//! ```text
//! Xy12Ab34 17 598000 600000 1796464012345 1796464612345 {"m":"e1e4","at":1796464012345,"w":598000,"b":600000}
//! ```
//!
//! (`-` for no deadline.) Only a plain move is taken from the payload ([`take`]); anything else
//! (an offer, an end, a takeback, a server behind by more than one event) is read from the
//! database as before ([`crate::hub::Hub::news`]). Reading the game again for every move cost
//! the receiving server two queries a move: at 5,000 games on two servers the connection pool
//! ran dry and moves waited seconds (docs/benchmarks.md).

use baroque_engine::piece::ByColor;
use baroque_engine::Color;

use crate::delta::{Delta, Replay};
use crate::hub::State;
use crate::record::Record;

/// PostgreSQL's limit on a notification's payload is 8,000 bytes; a longer change is announced
/// as `ID SEQ` only.
const MAX_PAYLOAD: usize = 7_900;

/// One announcement: game `id` stored event `seq`, with the change when it came along.
#[derive(Debug, PartialEq, Eq)]
pub struct Announcement<'a> {
    /// The game.
    pub id: &'a str,
    /// The event stored.
    pub seq: i64,
    /// The change, when the payload carried it.
    pub change: Option<Change>,
}

/// The row's columns a move changes beyond its stored event, and the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Both times as stored (at the turn's start).
    times: [i64; 2],
    /// When the turn started.
    turn_start: i64,
    /// When a flag falls or the game is aborted, if ever.
    deadline: Option<i64>,
    /// The stored event ([`crate::delta::Delta`]'s text).
    delta: String,
}

/// The payload announcing `rec`'s event `rec.seq`, stored as `delta`.
pub fn text(rec: &Record, delta: &str) -> String {
    let short = format!("{} {}", rec.id, rec.seq);
    let deadline = rec.deadline.map_or("-".to_string(), |d| d.to_string());
    let long = format!(
        "{short} {} {} {} {deadline} {delta}",
        rec.times[Color::White],
        rec.times[Color::Black],
        rec.turn_start
    );
    if long.len() <= MAX_PAYLOAD {
        long
    } else {
        short
    }
}

/// Reads a payload; `None` when it is not one of ours.
pub fn parse(payload: &str) -> Option<Announcement<'_>> {
    let mut parts = payload.splitn(7, ' ');
    let id = parts.next().filter(|s| !s.is_empty())?;
    let seq = parts.next()?.parse().ok()?;
    let rest: Vec<&str> = parts.collect();
    let change = match rest.as_slice() {
        [] => None,
        [w, b, start, deadline, delta] => Some(Change {
            times: [w.parse().ok()?, b.parse().ok()?],
            turn_start: start.parse().ok()?,
            deadline: match *deadline {
                "-" => None,
                d => Some(d.parse().ok()?),
            },
            delta: delta.to_string(),
        }),
        _ => return None,
    };
    Some(Announcement { id, seq, change })
}

/// The game after announced event `seq`, made from `st` (the game at event `seq - 1`) and the
/// announced `change`, with the event's `gameState` line; `None` when it must be read from the
/// database instead: `st` is not one event behind, the game is over, a seat's claim is not
/// known here yet (claims are not announced), or the change is not a plain move.
pub fn take(st: &State, seq: i64, change: &Change) -> Option<(State, String)> {
    if st.rec.seq != seq - 1 || !st.rec.ongoing() || st.rec.claimed.0.contains(&0) {
        return None;
    }
    let d = Delta::read(&change.delta).ok()?;
    let plain = Delta {
        m: d.m.clone(),
        at: d.at,
        w: d.w,
        b: d.b,
        ..Delta::default()
    };
    if d.m.is_none() || d != plain {
        return None;
    }
    let mut replay = Replay::at(&st.rec, st.game.clone());
    replay.step(&change.delta).ok()?;
    let line = replay.line(seq);
    let (moves, clocks, game) = replay.finish();
    let rec = Record {
        moves,
        clocks,
        times: ByColor(change.times),
        turn_start: change.turn_start,
        deadline: change.deadline,
        seq,
        ..st.rec.clone()
    };
    Some((State { rec, game }, line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_payloads_and_refuses_others() {
        assert_eq!(
            parse("abc 12"),
            Some(Announcement {
                id: "abc",
                seq: 12,
                change: None
            })
        );
        let long = parse(r#"abc 12 5 6 7 - {"m":"a1a2","at":7,"w":5,"b":6}"#).unwrap();
        assert_eq!(
            long.change,
            Some(Change {
                times: [5, 6],
                turn_start: 7,
                deadline: None,
                delta: r#"{"m":"a1a2","at":7,"w":5,"b":6}"#.to_string(),
            })
        );
        let spaced = parse(r#"abc 12 5 6 7 99 {"o":"a b"}"#).unwrap();
        assert_eq!(spaced.change.unwrap().delta, r#"{"o":"a b"}"#);
        for bad in ["abc", "abc x", " 12", "abc 12 5 6", "abc 12 x 6 7 - {}"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
