//! The rules of each action, pure: what a move, resignation, draw or takeback offer, claim,
//! rematch or abort by a seat changes in the record (and the engine's game), or why it is
//! refused. Nothing here touches the database, the clock's time source or the connections; the
//! commit path ([`super::Hub::act`]) commits the plan.

use baroque_engine::piece::ByColor;
use baroque_engine::{Color, GameResult, Move};

use super::words::{finish, status_of, win};
use super::{refuse, Refusal, State};
use crate::clock::TimeControl;
use crate::ending::{Reason, Status};
use crate::record::{NewGame, Offers, Record};
use crate::token;

/// What a player asks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move in move text or the game's notation; `ply` is the number of plies the client
    /// believes were played before it (a repeated move with the same ply is applied once).
    Move {
        /// The move.
        text: String,
        /// Plies played before it, as the client saw.
        ply: Option<usize>,
    },
    /// Resign.
    Resign,
    /// Offer or accept (`true`), or decline (`false`) a draw.
    Draw(bool),
    /// Ask for or accept (`true`), or decline (`false`) a takeback.
    Takeback(bool),
    /// Offer or accept (`true`), or decline (`false`) a rematch.
    Rematch(bool),
    /// Claim the win from an opponent gone too long (correspondence: out of days).
    Claim,
    /// Abort a game not both sides have moved in.
    Abort,
}

/// The change to the engine's game that goes with a planned record.
pub(super) enum GameChange {
    None,
    Play(Move),
    Undo(usize),
}

/// A planned change.
pub(super) struct Plan {
    pub(super) rec: Record,
    pub(super) change: GameChange,
    pub(super) rematch: Option<Record>,
}

/// The change `action` by `seat` makes at `now` (`None`: nothing to change), or why not.
pub(super) fn plan(
    st: &State,
    seat: Color,
    action: &Action,
    now: i64,
    lag: i64,
    abandoned: &dyn Fn(Color) -> bool,
) -> Result<Option<Plan>, Refusal> {
    let rec = &st.rec;
    let other = seat.other();
    let mut next = rec.clone();
    let simple = |next: Record| {
        Ok(Some(Plan {
            rec: next,
            change: GameChange::None,
            rematch: None,
        }))
    };
    if let Action::Rematch(yes) = action {
        if rec.ongoing() {
            return Err(refuse("game-on", "a rematch is for a finished game"));
        }
        if !rec.next_game.is_empty() {
            return Ok(None);
        }
        if !yes {
            if !rec.offers.rematch[other] && !rec.offers.rematch[seat] {
                return Ok(None);
            }
            next.offers.rematch = ByColor::default();
            return simple(next);
        }
        if rec.offers.rematch[seat] {
            return Ok(None);
        }
        if !rec.offers.rematch[other] {
            next.offers.rematch[seat] = true;
            return simple(next);
        }
        let now_id = token::game_id().map_err(|e| refuse("server-error", e))?;
        let first = Record::new_game(
            NewGame {
                id: now_id,
                variant: rec.variant.clone(),
                fen: rec.fen.clone(),
                options: rec.options.clone(),
                control: rec.control,
                // The colours swap.
                tokens: ByColor::from_fn(|c| rec.tokens[c.other()].clone()),
                // The players of this game hold the rematch's seats at once.
                claimed: ByColor::new(now, now),
                users: ByColor::new(
                    rec.users[Color::Black].clone(),
                    rec.users[Color::White].clone(),
                ),
                rated: rec.rated,
            },
            now,
        );
        next.offers.rematch = ByColor::default();
        next.next_game = first.id.clone();
        return Ok(Some(Plan {
            rec: next,
            change: GameChange::None,
            rematch: Some(first),
        }));
    }
    if let Action::Move { text, ply: Some(p) } = action {
        if *p < rec.moves.len() {
            // Sent before (its answer lost): the same move by this seat at that ply is
            // applied already, the game-ending one included.
            let played = rec.moves.len();
            let before = &st.game.positions()[*p];
            let same = before.side_to_move() == seat
                && before.parse_move(text).ok().as_ref() == st.game.moves().get(*p);
            return if same {
                Ok(None)
            } else {
                Err(refuse(
                    "stale-ply",
                    format!("ply {p} was played already; the game is at ply {played}"),
                ))
            };
        }
    }
    if !rec.ongoing() {
        return Err(refuse("game-over", "the game is over"));
    }
    let pos = st.game.position();
    let to_move = pos.side_to_move();
    match action {
        Action::Move { text, ply } => {
            let played = rec.moves.len();
            if let Some(p) = *ply {
                if p > played {
                    return Err(refuse(
                        "bad-ply",
                        format!("the game is at ply {played}, not {p}"),
                    ));
                }
            }
            if to_move != seat {
                return Err(refuse("not-your-turn", "it is not your turn"));
            }
            let m = pos
                .parse_move(text)
                .map_err(|e| refuse("illegal-move", format!("illegal move '{text}': {e}")))?;
            let elapsed = now - rec.turn_start;
            match rec
                .control
                .after_move(rec.times[seat], elapsed, lag, played)
            {
                Some(t) => next.times[seat] = t,
                None => return Err(refuse("out-of-time", "your time ran out")),
            }
            next.turn_start = now;
            next.moves.push(pos.move_text(&m));
            next.offers = Offers::default();
            let mut after = st.game.clone();
            after.play(&m);
            let status = after.status();
            if let Some(reason) = status.reason.filter(|_| status.is_over()) {
                finish(
                    &mut next,
                    status_of(reason),
                    status.result,
                    Reason::Rules(reason),
                );
            }
            Ok(Some(Plan {
                rec: next,
                change: GameChange::Play(m),
                rematch: None,
            }))
        }
        Action::Resign => {
            finish(&mut next, Status::Resign, win(other), Reason::Resign);
            next.times = rec.times_at(now, to_move);
            next.turn_start = now;
            simple(next)
        }
        Action::Draw(true) => {
            if rec.offers.draw[other] {
                finish(&mut next, Status::Draw, GameResult::Draw, Reason::Agreement);
                next.times = rec.times_at(now, to_move);
                next.turn_start = now;
                simple(next)
            } else if rec.offers.draw[seat] {
                Ok(None)
            } else {
                next.offers.draw[seat] = true;
                simple(next)
            }
        }
        Action::Draw(false) | Action::Takeback(false) => {
            let mut offers = rec.offers.clone();
            let pair = if matches!(action, Action::Draw(_)) {
                &mut offers.draw
            } else {
                &mut offers.takeback
            };
            if *pair == ByColor::default() {
                return Ok(None);
            }
            *pair = ByColor::default();
            next.offers = offers;
            simple(next)
        }
        Action::Takeback(true) => {
            if rec.offers.takeback[other] {
                // Back to the asker's turn: one ply if the asker moved last, else two.
                let n = if to_move == other { 2 } else { 1 };
                if rec.moves.len() < n {
                    return Err(refuse("no-takeback", "there is no move to take back"));
                }
                next.moves.truncate(rec.moves.len() - n);
                next.offers = Offers::default();
                next.times = rec.times_at(now, to_move);
                next.turn_start = now;
                Ok(Some(Plan {
                    rec: next,
                    change: GameChange::Undo(n),
                    rematch: None,
                }))
            } else if rec.offers.takeback[seat] {
                Ok(None)
            } else {
                let mine = st.game.positions()[..rec.moves.len()]
                    .iter()
                    .any(|p| p.side_to_move() == seat);
                if !mine {
                    return Err(refuse("no-takeback", "you have no move to take back"));
                }
                next.offers.takeback[seat] = true;
                simple(next)
            }
        }
        Action::Abort => {
            if rec.moves.len() >= 2 {
                return Err(refuse(
                    "cannot-abort",
                    "both sides have moved: resign or offer a draw instead",
                ));
            }
            next.times = rec.times_at(now, to_move);
            next.turn_start = now;
            finish(&mut next, Status::Aborted, GameResult::Draw, Reason::Abort);
            simple(next)
        }
        Action::Claim => {
            if rec.claimed[other] == 0 {
                return Err(refuse(
                    "cannot-claim",
                    format!(
                        "the {} player never came: abort the game instead",
                        other.as_str()
                    ),
                ));
            }
            let out_of_days = matches!(rec.control, TimeControl::Days { .. })
                && to_move == other
                && rec.times_at(now, to_move)[other] <= 0;
            let gone = !matches!(rec.control, TimeControl::Days { .. }) && abandoned(other);
            if !out_of_days && !gone {
                return Err(refuse(
                    "cannot-claim",
                    format!(
                        "the {} player has not been gone long enough",
                        other.as_str()
                    ),
                ));
            }
            next.times = rec.times_at(now, to_move);
            next.turn_start = now;
            finish(&mut next, Status::Timeout, win(seat), Reason::Abandonment);
            simple(next)
        }
        Action::Rematch(_) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::Color::{Black, White};

    /// Omega: White's Bishop mates in one (e2d3), from the engine's rule tests.
    const MATE_IN_ONE: &str = "10/10/10/10/4K5/10/10/4B5/10/10[k/-/-/-] w - - 0 1";
    /// When the actions are made (the game was created at 1 000).
    const NOW: i64 = 10_000;

    fn game_with(control: TimeControl, fen: &str, moves: &[&str]) -> State {
        let mut rec = Record::new_game(
            NewGame {
                id: "g".into(),
                variant: "omega".into(),
                fen: fen.into(),
                options: String::new(),
                control,
                tokens: ByColor::new("w".into(), "b".into()),
                claimed: ByColor::new(1_000, 1_000),
                users: ByColor::default(),
                rated: false,
            },
            1_000,
        );
        rec.moves = moves.iter().map(|m| m.to_string()).collect();
        let game = rec.build().expect("the test's game is legal");
        State { rec, game }
    }

    fn game(moves: &[&str]) -> State {
        game_with(TimeControl::Unlimited, "", moves)
    }

    fn go(st: &State, seat: Color, action: Action, gone: bool) -> Result<Option<Plan>, Refusal> {
        plan(st, seat, &action, NOW, 0, &|_| gone)
    }

    /// The plan of `action`, which must change the game.
    fn changed(st: &State, seat: Color, action: Action) -> Plan {
        match go(st, seat, action, false) {
            Ok(Some(p)) => p,
            Ok(None) => panic!("nothing changed"),
            Err(r) => panic!("refused: {r:?}"),
        }
    }

    /// Whether `action` was accepted with nothing to change.
    fn unchanged(st: &State, seat: Color, action: Action) -> bool {
        matches!(go(st, seat, action, false), Ok(None))
    }

    /// The code `action` is refused with.
    fn refused(st: &State, seat: Color, action: Action) -> &'static str {
        match go(st, seat, action, false) {
            Err(r) => r.code,
            Ok(_) => panic!("accepted"),
        }
    }

    /// `st` after the plan is committed.
    fn step(st: &mut State, p: Plan) {
        match p.change {
            GameChange::None => {}
            GameChange::Play(m) => st.game.play(&m),
            GameChange::Undo(n) => {
                for _ in 0..n {
                    st.game.undo();
                }
            }
        }
        st.rec = p.rec;
    }

    /// `st` after `action`, which must change the game, is committed.
    fn commit(st: &mut State, seat: Color, action: Action) {
        let p = changed(st, seat, action);
        step(st, p);
    }

    fn mv(text: &str, ply: Option<usize>) -> Action {
        Action::Move {
            text: text.into(),
            ply,
        }
    }

    /// The record's status, winner and reason as their stored words.
    fn ended(rec: &Record) -> (&str, &str, &str) {
        (
            rec.status.as_str(),
            rec.winner.map_or("", Color::as_str),
            rec.reason.map_or("", Reason::as_str),
        )
    }

    #[test]
    fn a_draw_offer_stands_is_withdrawn_lapses_and_is_accepted() {
        let mut st = game(&[]);
        let p = changed(&st, White, Action::Draw(true));
        assert_eq!(p.rec.offers.draw, ByColor::new(true, false));
        step(&mut st, p);
        // Offered again: it stands already.
        assert!(unchanged(&st, White, Action::Draw(true)));
        // Withdrawn (or declined by the other side): both offers go.
        let p = changed(&st, White, Action::Draw(false));
        assert_eq!(p.rec.offers, Offers::default());
        assert!(p.rec.ongoing());
        step(&mut st, p);
        // Declining when nothing stands changes nothing.
        assert!(unchanged(&st, Black, Action::Draw(false)));
        // A move makes the offers standing lapse.
        commit(&mut st, White, Action::Draw(true));
        let p = changed(&st, White, mv("e1e4", Some(0)));
        assert_eq!(p.rec.offers, Offers::default());
        // Accepted: the game is drawn by agreement.
        let p = changed(&st, Black, Action::Draw(true));
        assert_eq!(ended(&p.rec), ("draw", "", "agreement"));
        assert_eq!(p.rec.offers, Offers::default());
    }

    #[test]
    fn a_takeback_goes_back_one_or_two_plies_to_the_askers_turn() {
        // White moved last: one ply back.
        let mut st = game(&["e1e4"]);
        commit(&mut st, White, Action::Takeback(true));
        assert_eq!(st.rec.offers.takeback, ByColor::new(true, false));
        assert!(unchanged(&st, White, Action::Takeback(true)));
        let p = changed(&st, Black, Action::Takeback(true));
        assert!(matches!(p.change, GameChange::Undo(1)));
        assert!(p.rec.moves.is_empty());
        assert_eq!(p.rec.offers, Offers::default());
        // Black answered since: two plies back, to White's turn again.
        let mut st = game(&["e1e4", "e8e5"]);
        commit(&mut st, White, Action::Takeback(true));
        let p = changed(&st, Black, Action::Takeback(true));
        assert!(matches!(p.change, GameChange::Undo(2)));
        assert!(p.rec.moves.is_empty());
        step(&mut st, p);
        assert_eq!(st.game.moves().len(), 0);
        // Declined: the request goes.
        let mut st = game(&["e1e4"]);
        commit(&mut st, White, Action::Takeback(true));
        assert_eq!(
            changed(&st, Black, Action::Takeback(false)).rec.offers,
            Offers::default()
        );
        // A side with no move of its own has nothing to take back.
        assert_eq!(
            refused(&game(&["e1e4"]), Black, Action::Takeback(true)),
            "no-takeback"
        );
        assert_eq!(
            refused(&game(&[]), White, Action::Takeback(true)),
            "no-takeback"
        );
    }

    #[test]
    fn a_claim_is_refused_until_the_opponent_is_gone_long_enough() {
        let live = TimeControl::Live {
            limit_ms: 60_000,
            inc_ms: 0,
        };
        let st = game_with(live, "", &["e1e4", "e8e5"]);
        // Present (or not gone long enough): refused.
        assert_eq!(refused(&st, White, Action::Claim), "cannot-claim");
        // Gone long enough: the claimant wins.
        match go(&st, White, Action::Claim, true) {
            Ok(Some(p)) => assert_eq!(ended(&p.rec), ("timeout", "white", "abandonment")),
            _ => panic!("the claim was not allowed"),
        }
        match go(&st, Black, Action::Claim, true) {
            Ok(Some(p)) => assert_eq!(ended(&p.rec), ("timeout", "black", "abandonment")),
            _ => panic!("the claim was not allowed"),
        }
        // An opponent who never came: abort instead.
        let mut never = game_with(live, "", &[]);
        never.rec.claimed[Black] = 0;
        assert!(matches!(
            go(&never, White, Action::Claim, true),
            Err(Refusal {
                code: "cannot-claim",
                ..
            })
        ));
        // Correspondence: only an opponent out of days to move may be claimed against, gone
        // or not.
        let days = TimeControl::Days { days: 1 };
        let st = game_with(days, "", &["e1e4"]);
        assert!(matches!(
            go(&st, White, Action::Claim, true),
            Err(Refusal {
                code: "cannot-claim",
                ..
            })
        ));
        let late = NOW + days.initial_ms();
        match plan(&st, White, &Action::Claim, late, 0, &|_| false) {
            Ok(Some(p)) => assert_eq!(ended(&p.rec), ("timeout", "white", "abandonment")),
            _ => panic!("the claim was not allowed"),
        }
        // Not against the side that is to move itself.
        assert!(plan(&st, Black, &Action::Claim, late, 0, &|_| true).is_err());
    }

    #[test]
    fn a_rematch_is_offered_withdrawn_and_agreed_either_way() {
        assert_eq!(refused(&game(&[]), White, Action::Rematch(true)), "game-on");
        for (first, second) in [(White, Black), (Black, White)] {
            let mut st = game(&[]);
            commit(&mut st, White, Action::Resign);
            let p = changed(&st, first, Action::Rematch(true));
            assert!(p.rec.offers.rematch[first] && !p.rec.offers.rematch[second]);
            step(&mut st, p);
            assert!(unchanged(&st, first, Action::Rematch(true)));
            // Declined, then offered again.
            let p = changed(&st, second, Action::Rematch(false));
            assert_eq!(p.rec.offers.rematch, ByColor::new(false, false));
            step(&mut st, p);
            assert!(unchanged(&st, second, Action::Rematch(false)));
            commit(&mut st, first, Action::Rematch(true));
            // Agreed: a new game with the seats' tokens swapped, both seats held at once.
            let p = changed(&st, second, Action::Rematch(true));
            let next = p.rematch.as_ref().expect("the rematch is created");
            assert_eq!(p.rec.next_game, next.id);
            assert_eq!(p.rec.offers.rematch, ByColor::new(false, false));
            assert_eq!(next.tokens, ByColor::new("b".to_string(), "w".to_string()));
            assert_eq!(next.claimed, ByColor::new(NOW, NOW));
            assert!(next.ongoing() && next.moves.is_empty());
            step(&mut st, p);
            // Once made, asking again changes nothing.
            assert!(unchanged(&st, first, Action::Rematch(true)));
            assert!(unchanged(&st, second, Action::Rematch(false)));
        }
    }

    #[test]
    fn each_ending_has_its_words() {
        let mate = changed(
            &game_with(TimeControl::Unlimited, MATE_IN_ONE, &[]),
            White,
            mv("e2d3", None),
        );
        assert!(matches!(mate.change, GameChange::Play(_)));
        assert_eq!(ended(&mate.rec), ("mate", "white", "checkmate"));
        let st = game(&["e1e4"]);
        assert_eq!(
            ended(&changed(&st, White, Action::Resign).rec),
            ("resign", "black", "resign")
        );
        assert_eq!(
            ended(&changed(&st, Black, Action::Resign).rec),
            ("resign", "white", "resign")
        );
        assert_eq!(
            ended(&changed(&st, Black, Action::Abort).rec),
            ("aborted", "", "abort")
        );
        // Nothing more is done in a finished game.
        let mut st = game(&[]);
        commit(&mut st, White, Action::Resign);
        for action in [
            mv("e1e4", Some(0)),
            Action::Resign,
            Action::Draw(true),
            Action::Takeback(true),
            Action::Abort,
            Action::Claim,
        ] {
            assert_eq!(refused(&st, White, action), "game-over");
        }
    }

    #[test]
    fn a_game_is_aborted_only_before_both_sides_moved() {
        assert_eq!(
            ended(&changed(&game(&[]), White, Action::Abort).rec).0,
            "aborted"
        );
        assert_eq!(
            ended(&changed(&game(&[]), Black, Action::Abort).rec).0,
            "aborted"
        );
        assert_eq!(
            ended(&changed(&game(&["e1e4"]), White, Action::Abort).rec).0,
            "aborted"
        );
        let both = game(&["e1e4", "e8e5"]);
        assert_eq!(refused(&both, White, Action::Abort), "cannot-abort");
        assert_eq!(refused(&both, Black, Action::Abort), "cannot-abort");
    }

    #[test]
    fn a_move_sent_again_at_its_old_ply_is_applied_once() {
        let st = game(&["e1e4", "e8e5"]);
        // The same move by the same seat at that ply: applied already.
        assert!(unchanged(&st, White, mv("e1e4", Some(0))));
        assert!(unchanged(&st, Black, mv("e8e5", Some(1))));
        // Another move at that ply, or the other seat: the ply was played.
        assert_eq!(refused(&st, White, mv("f1f3", Some(0))), "stale-ply");
        assert_eq!(refused(&st, Black, mv("e1e4", Some(0))), "stale-ply");
        // A ply not reached yet.
        assert_eq!(refused(&st, White, mv("f1f3", Some(3))), "bad-ply");
        // The game-ending move sent again is applied already too.
        let mut mate = game_with(TimeControl::Unlimited, MATE_IN_ONE, &[]);
        commit(&mut mate, White, mv("e2d3", Some(0)));
        assert!(unchanged(&mate, White, mv("e2d3", Some(0))));
        assert_eq!(refused(&mate, White, mv("e2d3", Some(1))), "game-over");
    }

    #[test]
    fn moves_out_of_turn_illegal_or_out_of_time_are_refused() {
        let st = game(&[]);
        assert_eq!(refused(&st, Black, mv("e8e5", None)), "not-your-turn");
        assert_eq!(refused(&st, White, mv("e1e9", None)), "illegal-move");
        let p = changed(&st, White, mv("e1e4", None));
        assert_eq!(p.rec.moves, ["e1e4"]);
        assert_eq!(p.rec.turn_start, NOW);
        let live = TimeControl::Live {
            limit_ms: 5_000,
            inc_ms: 0,
        };
        // The clock runs from the third ply: 9 s taken of 5 s.
        let st = game_with(live, "", &["e1e4", "e8e5"]);
        assert_eq!(refused(&st, White, mv("f1f3", None)), "out-of-time");
    }
}
