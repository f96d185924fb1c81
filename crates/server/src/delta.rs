//! What a stored event holds: the change it made, not the whole game.
//!
//! Each event row stores a [`Delta`] (compact JSON): the move played (`m`), the plies taken
//! back (`u`), or the whole move list only when it changed any other way (`ms`); the time
//! shown (`at`) and both clocks as shown then (`w`, `b`); and the status, winner, reason,
//! offers and rematch only when they changed. A move is about 50 bytes, whatever the game's
//! length, where the whole `gameState` grew with every move (400 bytes at ply 14, 700 at 80).
//!
//! The `gameState` line a client is sent is made again from the game's row (its start, rules
//! and time control) and the deltas in order ([`Replay`]): the position, the side to move, the
//! ply, the increments and whether the clock runs are the engine's and the time control's, the
//! rest is in the deltas. The line is byte for byte the one sent live when the change was made
//! (`tests/storage.rs` compares them), so a reconnect gets exactly what it missed.
//!
//! ```json
//! {"m":"e1e4","at":1796464012345,"w":598000,"b":600000}
//! {"at":1796464019000,"w":598000,"b":590000,"o":"bdraw"}
//! {"u":2,"at":1796464025000,"w":598000,"b":585000}
//! {"at":1796464031000,"w":598000,"b":579000,"s":"resign","win":"white","why":"resign"}
//! ```

use baroque_engine::piece::ByColor;
use baroque_engine::{Color, Game};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::clock::TimeControl;
use crate::ending::{reason_from_word, winner_from_word, Reason, Status};
use crate::record::{GameState, Offers, RatedSide, Record, StateParts};

/// What a `gameState` line shows beyond what the engine and the time control give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The moves played.
    pub moves: Vec<String>,
    /// White's time shown (ms).
    pub wtime: i64,
    /// Black's time shown (ms).
    pub btime: i64,
    /// When the times were read (server ms).
    pub at: i64,
    /// lichess's status.
    pub status: Status,
    /// The winner, if any.
    pub winner: Option<Color>,
    /// Why the game ended, if it has.
    pub reason: Option<Reason>,
    /// Offers standing.
    pub offers: Offers,
    /// The rematch's id, or empty.
    pub rematch: String,
    /// A rated game's end: each side's new rating and its change.
    pub rating_end: Option<ByColor<RatedSide>>,
}

impl Shown {
    /// Before the first event: no moves, going, nothing offered.
    pub fn start() -> Shown {
        Shown {
            moves: Vec::new(),
            wtime: 0,
            btime: 0,
            at: 0,
            status: Status::Started,
            winner: None,
            reason: None,
            offers: Offers::default(),
            rematch: String::new(),
            rating_end: None,
        }
    }

    /// What `rec`'s `gameState` at `now` shows (`game` is `rec`'s moves played).
    pub fn of(rec: &Record, game: &Game, now: i64) -> Shown {
        let t = rec.times_at(now, game.position().side_to_move());
        Shown {
            moves: rec.moves.clone(),
            wtime: t[Color::White],
            btime: t[Color::Black],
            at: now,
            status: rec.status,
            winner: rec.winner,
            reason: rec.reason,
            offers: rec.offers.clone(),
            rematch: rec.next_game.clone(),
            rating_end: rec.rating_end,
        }
    }

    /// What a stored `gameState` line shows (the events of a database made before deltas).
    pub fn from_state(v: &Value) -> Result<Shown, String> {
        let text = |k: &str| v[k].as_str().unwrap_or("").to_string();
        let num = |k: &str| {
            v[k].as_i64()
                .ok_or_else(|| format!("a stored gameState has no {k}"))
        };
        let flag = |k: &str| v[k].as_bool().unwrap_or(false);
        if v["type"] != "gameState" {
            return Err("a stored event is not a gameState".into());
        }
        let word = |e: crate::ending::UnknownWord| e.to_string();
        Ok(Shown {
            moves: text("moves").split_whitespace().map(String::from).collect(),
            wtime: num("wtime")?,
            btime: num("btime")?,
            at: num("at")?,
            status: text("status").parse().map_err(word)?,
            winner: winner_from_word(&text("winner")).map_err(word)?,
            reason: reason_from_word(&text("reason")).map_err(word)?,
            offers: Offers {
                draw: ByColor([flag("wdraw"), flag("bdraw")]),
                takeback: ByColor([flag("wtakeback"), flag("btakeback")]),
                rematch: ByColor([flag("wrematch"), flag("brematch")]),
            },
            rematch: text("rematch"),
            rating_end: rated_end(v),
        })
    }

    /// The `gameState` message of event `seq`, `game` being these moves played under `control`.
    pub fn state<'a>(&'a self, seq: i64, game: &Game, control: TimeControl) -> GameState<'a> {
        let parts = StateParts {
            seq,
            moves: &self.moves,
            times: ByColor([self.wtime, self.btime]),
            at: self.at,
            status: self.status,
            winner: self.winner,
            reason: self.reason,
            offers: &self.offers,
            rematch: &self.rematch,
            rating_end: self.rating_end,
        };
        GameState::new(parts, game, control)
    }
}

/// A stored line's rated end (`ratingDiff` and `ratings`), if it has one.
fn rated_end(v: &Value) -> Option<ByColor<RatedSide>> {
    let side = |c: &str| {
        Some(RatedSide {
            rating: v["ratings"][c]["rating"].as_i64()?,
            diff: v["ratingDiff"][c].as_i64()?,
            provisional: v["ratings"][c]["provisional"].as_bool().unwrap_or(false),
        })
    };
    Some(ByColor([side("white")?, side("black")?]))
}

/// One stored event: what changed from the event before.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Delta {
    /// A move played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub m: Option<String>,
    /// Plies taken back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub u: Option<usize>,
    /// The whole move list, separated by spaces (a change that is neither of the above).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<String>,
    /// When the times were read (server ms).
    pub at: i64,
    /// White's time shown (ms).
    pub w: i64,
    /// Black's time shown (ms).
    pub b: i64,
    /// The status, when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub s: Option<String>,
    /// The winner, when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<String>,
    /// The reason, when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The offers standing (the `offers` column's words), when they changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub o: Option<String>,
    /// The rematch's id, when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub re: Option<String>,
    /// A rated game's end (the `rating_end` column's text), when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r: Option<String>,
}

/// How an event changed the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovesChange {
    /// Not at all.
    Same,
    /// One move played.
    Played(String),
    /// Plies taken back.
    Undone(usize),
    /// Some other way (the whole list given).
    Other,
}

/// What changed from `prev` to `next`.
pub fn between(prev: &Shown, next: &Shown) -> Delta {
    let changed = |a: &str, b: &str| (a != b).then(|| b.to_string());
    let winner = |w: Option<Color>| w.map_or("", Color::as_str);
    let reason = |r: Option<Reason>| r.map_or("", Reason::as_str);
    let (p, n) = (&prev.moves, &next.moves);
    let mut d = Delta {
        at: next.at,
        w: next.wtime,
        b: next.btime,
        s: changed(prev.status.as_str(), next.status.as_str()),
        win: changed(winner(prev.winner), winner(next.winner)),
        why: changed(reason(prev.reason), reason(next.reason)),
        o: changed(&prev.offers.to_column(), &next.offers.to_column()),
        re: changed(&prev.rematch, &next.rematch),
        r: changed(
            &RatedSide::to_column(&prev.rating_end),
            &RatedSide::to_column(&next.rating_end),
        ),
        ..Delta::default()
    };
    if n.len() == p.len() + 1 && n.starts_with(p) {
        d.m = n.last().cloned();
    } else if n.len() < p.len() && p.starts_with(n) {
        d.u = Some(p.len() - n.len());
    } else if n != p {
        d.ms = Some(n.join(" "));
    }
    d
}

impl Delta {
    /// The stored text.
    pub fn text(&self) -> String {
        // Strings and numbers only: serializing cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a stored event.
    pub fn read(text: &str) -> Result<Delta, String> {
        serde_json::from_str(text).map_err(|e| format!("a stored event is unreadable: {e}"))
    }

    /// Applies the change to `shown`; gives how the moves changed.
    pub fn apply(&self, shown: &mut Shown) -> Result<MovesChange, String> {
        shown.at = self.at;
        shown.wtime = self.w;
        shown.btime = self.b;
        let word = |e: crate::ending::UnknownWord| format!("a stored event: {e}");
        if let Some(s) = &self.s {
            shown.status = s.parse().map_err(word)?;
        }
        if let Some(w) = &self.win {
            shown.winner = winner_from_word(w).map_err(word)?;
        }
        if let Some(r) = &self.why {
            shown.reason = reason_from_word(r).map_err(word)?;
        }
        if let Some(r) = &self.re {
            shown.rematch.clone_from(r);
        }
        if let Some(r) = &self.r {
            shown.rating_end = RatedSide::from_column(r);
        }
        if let Some(o) = &self.o {
            shown.offers = Offers::from_column(o);
        }
        Ok(match (&self.m, self.u, &self.ms) {
            (Some(m), None, None) => {
                shown.moves.push(m.clone());
                MovesChange::Played(m.clone())
            }
            (None, Some(n), None) if n <= shown.moves.len() => {
                shown.moves.truncate(shown.moves.len() - n);
                MovesChange::Undone(n)
            }
            (None, None, Some(all)) => {
                shown.moves = all.split_whitespace().map(String::from).collect();
                MovesChange::Other
            }
            (None, None, None) => MovesChange::Same,
            _ => return Err("a stored event changes the moves two ways".into()),
        })
    }
}

/// The event stored for a change from `before` (its row before) to `after` as `game` stands
/// at `now`.
pub fn stored(before: Option<&Record>, after: &Record, game: &Game, now: i64) -> String {
    let prev = match before {
        Some(rec) => Shown {
            moves: rec.moves.clone(),
            status: rec.status,
            winner: rec.winner,
            reason: rec.reason,
            offers: rec.offers.clone(),
            rematch: rec.next_game.clone(),
            rating_end: rec.rating_end,
            ..Shown::start()
        },
        None => Shown::start(),
    };
    between(&prev, &Shown::of(after, game, now)).text()
}

/// A game's `gameState` lines made again from its stored events, one event at a time.
pub struct Replay {
    shown: Shown,
    game: Game,
    start: Record,
    /// The mover's time after each move, when the game has a clock ([`Record::clocks`]).
    clocks: Vec<i64>,
}

impl Replay {
    /// Before game `rec`'s first event (its start, rules and time control are the row's).
    pub fn start(rec: &Record) -> Result<Replay, String> {
        let start = Record {
            moves: Vec::new(),
            ..rec.clone()
        };
        let game = start
            .build()
            .map_err(|e| format!("stored game {} is broken: {e}", rec.id))?;
        Ok(Replay {
            shown: Shown::start(),
            game,
            start,
            clocks: Vec::new(),
        })
    }

    /// After the event `rec` stands at (`game` is its moves played): the following events
    /// apply to it.
    pub fn at(rec: &Record, game: Game) -> Replay {
        Replay {
            shown: Shown::of(rec, &game, 0),
            game,
            clocks: rec.clocks.clone(),
            start: Record {
                moves: Vec::new(),
                ..rec.clone()
            },
        }
    }

    /// Applies the next stored event.
    pub fn step(&mut self, delta: &str) -> Result<(), String> {
        let d = Delta::read(delta)?;
        let broken = |e: String| format!("stored game {} is broken: {e}", self.start.id);
        match d.apply(&mut self.shown).map_err(broken)? {
            MovesChange::Same => {}
            MovesChange::Played(m) => {
                let mover = self.game.position().side_to_move();
                self.game
                    .play_text(&m)
                    .map_err(|e| broken(format!("move {m}: {e}")))?;
                if self.start.control != TimeControl::Unlimited {
                    self.clocks.push(ByColor([d.w, d.b])[mover]);
                }
            }
            MovesChange::Undone(n) => {
                for _ in 0..n {
                    self.game.undo();
                }
                self.clocks.truncate(self.shown.moves.len());
            }
            MovesChange::Other => {
                self.clocks.truncate(self.shown.moves.len());
                let rec = Record {
                    moves: self.shown.moves.clone(),
                    ..self.start.clone()
                };
                self.game = rec.build().map_err(|e| broken(e.to_string()))?;
            }
        }
        Ok(())
    }

    /// The `gameState` line of event `seq` as the game stands now.
    pub fn line(&self, seq: i64) -> String {
        let state = self.shown.state(seq, &self.game, self.start.control);
        serde_json::to_value(&state)
            .map(|v| v.to_string())
            .unwrap_or_default()
    }

    /// What the line shows now.
    pub fn shown(&self) -> &Shown {
        &self.shown
    }

    /// The moves, the clock after each and the engine's game, as the events left them.
    pub fn finish(self) -> (Vec<String>, Vec<i64>, Game) {
        (self.shown.moves, self.clocks, self.game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::NewGame;

    fn omega() -> Record {
        Record::new_game(
            NewGame {
                id: "g1".into(),
                variant: "omega".into(),
                fen: String::new(),
                options: String::new(),
                control: TimeControl::Live {
                    limit_ms: 60_000,
                    inc_ms: 2_000,
                },
                tokens: ByColor([String::new(), String::new()]),
                claimed: ByColor([1, 1]),
                users: ByColor([None, None]),
                rated: false,
            },
            1_000,
        )
    }

    #[test]
    fn a_move_is_stored_in_a_few_bytes_and_replayed_as_the_live_line() {
        let mut rec = omega();
        let mut game = rec.build().unwrap();
        let mut live = vec![(1, rec.state_json(&game, 1_000).to_string())];
        let mut stored_events = vec![stored(None, &rec, &game, 1_000)];
        let mut now = 1_000;
        for m in ["e1e2", "e8e7", "f1f2", "f8f7"] {
            let before = rec.clone();
            now += 700;
            game.play_text(m).unwrap();
            rec.moves.push(m.into());
            rec.seq += 1;
            rec.turn_start = now;
            rec.times[game.position().side_to_move().other()] -= 500;
            live.push((rec.seq, rec.state_json(&game, now).to_string()));
            let ev = stored(Some(&before), &rec, &game, now);
            assert!(ev.len() < 60, "{ev}");
            stored_events.push(ev);
        }
        // An offer, then a takeback of two plies, then the end.
        let before = rec.clone();
        now += 300;
        rec.offers.draw[Color::Black] = true;
        rec.seq += 1;
        live.push((rec.seq, rec.state_json(&game, now).to_string()));
        stored_events.push(stored(Some(&before), &rec, &game, now));
        let before = rec.clone();
        now += 300;
        game.undo();
        game.undo();
        rec.moves.truncate(2);
        rec.offers = Offers::default();
        rec.seq += 1;
        live.push((rec.seq, rec.state_json(&game, now).to_string()));
        let ev = stored(Some(&before), &rec, &game, now);
        assert!(ev.starts_with(r#"{"u":2,"#), "{ev}");
        stored_events.push(ev);
        let before = rec.clone();
        rec.status = Status::Resign;
        rec.winner = Some(Color::White);
        rec.reason = Some(Reason::Resign);
        rec.seq += 1;
        live.push((rec.seq, rec.state_json(&game, now).to_string()));
        stored_events.push(stored(Some(&before), &rec, &game, now));

        let mut replay = Replay::start(&rec).unwrap();
        for ((seq, line), ev) in live.iter().zip(&stored_events) {
            replay.step(ev).unwrap();
            assert_eq!(&replay.line(*seq), line, "event {seq} from {ev}");
        }
        let (moves, clocks, _) = replay.finish();
        assert_eq!(moves, rec.moves);
        assert_eq!(clocks, [59_500, 59_500]);
        // From the middle, seeded with the row as it stood.
        let mut mid = omega();
        mid.moves = vec!["e1e2".into(), "e8e7".into()];
        let g = mid.build().unwrap();
        let mut replay = Replay::at(&mid, g);
        for ev in &stored_events[3..] {
            replay.step(ev).unwrap();
        }
        assert_eq!(replay.line(8), live[7].1);
    }

    #[test]
    fn a_rated_end_is_replayed_with_its_rating_changes() {
        let mut rec = omega();
        let game = rec.build().unwrap();
        let before = rec.clone();
        rec.status = Status::Resign;
        rec.winner = Some(Color::White);
        rec.reason = Some(Reason::Resign);
        rec.rating_end = Some(ByColor([
            RatedSide {
                rating: 1508,
                diff: 8,
                provisional: true,
            },
            RatedSide {
                rating: 1492,
                diff: -8,
                provisional: false,
            },
        ]));
        rec.seq = 2;
        let live = rec.state_json(&game, 2_000).to_string();
        assert!(
            live.contains(r#""ratingDiff":{"black":-8,"white":8}"#),
            "{live}"
        );
        let mut replay = Replay::start(&rec).unwrap();
        replay.step(&stored(None, &before, &game, 1_000)).unwrap();
        let ev = stored(Some(&before), &rec, &game, 2_000);
        assert!(ev.contains(r#""r":"1508 8 1 1492 -8 0""#), "{ev}");
        replay.step(&ev).unwrap();
        assert_eq!(replay.line(2), live);
        // And from a line stored before deltas.
        let shown = Shown::from_state(&serde_json::from_str(&live).unwrap()).unwrap();
        assert_eq!(shown.rating_end, rec.rating_end);
    }

    #[test]
    fn old_lines_turn_into_deltas_and_back() {
        let rec = omega();
        let game = rec.build().unwrap();
        let line = rec.state_json(&game, 5_000);
        let shown = Shown::from_state(&line).unwrap();
        let d = between(&Shown::start(), &shown);
        let mut replay = Replay::start(&rec).unwrap();
        replay.step(&d.text()).unwrap();
        assert_eq!(replay.line(1), line.to_string());
        assert!(Shown::from_state(&serde_json::json!({"type": "gameFull"})).is_err());
    }

    #[test]
    fn a_broken_event_is_an_error_not_a_panic() {
        let rec = omega();
        let mut replay = Replay::start(&rec).unwrap();
        for bad in [
            "nonsense",
            r#"{"at":1,"w":1,"b":1,"m":"e1e2","u":1}"#,
            r#"{"at":1,"w":1,"b":1,"u":3}"#,
            r#"{"at":1,"w":1,"b":1,"m":"z9z9"}"#,
            r#"{"at":1,"w":1,"b":1,"extra":1}"#,
        ] {
            assert!(replay.step(bad).is_err(), "{bad}");
        }
    }
}
