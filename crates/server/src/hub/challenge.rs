//! A new game from a challenge ([`Hub::create`]): its variant, start, options, clock and the
//! creator's colour checked, its seat tokens and invitation codes made, its row stored.

use std::sync::Arc;

use baroque_engine::games::spec;
use baroque_engine::piece::ByColor;
use baroque_engine::{Color, GameId};

use super::{refuse, Hub, Refusal};
use crate::clock::{now_ms, TimeControl};
use crate::ending::color_named;
use crate::record::{NewGame, Record};
use crate::token;

/// What a challenge asks for.
#[derive(Clone, Debug, Default)]
pub struct Challenge {
    /// The game (`ultima`, `omega`, `hybrid`).
    pub variant: String,
    /// A start position, if not the start array.
    pub fen: Option<String>,
    /// A start array's id (the game's `start_arrays`), if not the standard one.
    pub array: Option<String>,
    /// Rule options as `name=value`.
    pub options: Vec<String>,
    /// The creator's colour: `white`, `black` or `random` (default).
    pub color: Option<String>,
    /// The time control.
    pub control: Option<TimeControl>,
    /// Seat tokens made beforehand, by their hashes (white, black): a seat whose holder got its
    /// token before the game existed (a lobby seek's creator, [`crate::lobby`]). Such a seat
    /// has no invitation, and its token in [`Created::tokens`] is empty.
    pub seat_hashes: [Option<String>; 2],
    /// The accounts of the creator and of the opponent (their ids; `None`: anonymous, or for
    /// the opponent not known yet). A seat with an account is claimed at creation.
    pub users: [Option<String>; 2],
    /// Whether the game is rated: both players have accounts (the opponent's may be open: then
    /// only a logged-in player other than the creator may redeem its invitation) and the game
    /// is in its standard rules and start.
    pub rated: bool,
}

impl Challenge {
    /// Why this challenge cannot be rated, as a refusal's code and words (`None`: it can, or
    /// it is not rated): `login-needed` without the creator's account, `casual-only` for a start
    /// position, start array or rule option (the page then makes the game casual and says so),
    /// `bad-challenge` for one account on both seats.
    fn unratable(&self) -> Option<(&'static str, &'static str)> {
        if !self.rated {
            return None;
        }
        let standard = self.fen.is_none() && self.array.is_none() && self.options.is_empty();
        match &self.users {
            [None, _] => Some((
                "login-needed",
                "a rated game is played logged in: log in, then make the challenge again",
            )),
            [Some(a), Some(b)] if a == b => Some((
                "bad-challenge",
                "a rated game needs two accounts and the standard rules",
            )),
            _ if !standard => Some((
                "casual-only",
                "a rated game is played in the game's standard rules and start position: \
                 this one can only be casual",
            )),
            _ => None,
        }
    }
}

/// A created game: its record, the creator's seat and the secrets, given out once.
pub struct Created {
    /// The record.
    pub rec: Record,
    /// The creator's seat.
    pub creator: Color,
    /// The seat tokens, in clear: only this answer has them.
    pub tokens: ByColor<String>,
    /// Each seat's one-time invitation code.
    pub invites: ByColor<String>,
}

impl Hub {
    /// Creates a game from `ch`.
    pub async fn create(self: &Arc<Self>, ch: &Challenge) -> Result<Created, Refusal> {
        let game_id: GameId = ch
            .variant
            .parse()
            .map_err(|e: baroque_engine::UnknownGame| refuse(e.code(), e.to_string()))?;
        let fen = match (&ch.fen, &ch.array) {
            (Some(_), Some(_)) => {
                return Err(refuse(
                    "bad-challenge",
                    "give a FEN or a start array, not both",
                ))
            }
            (Some(f), None) => f.trim().to_string(),
            (None, Some(a)) => spec(game_id)
                .start_arrays
                .iter()
                .find(|s| s.id == a)
                .map(|s| s.fen.to_string())
                .ok_or_else(|| {
                    refuse(
                        "bad-challenge",
                        format!("{} has no start array '{a}'", game_id.as_str()),
                    )
                })?,
            (None, None) => String::new(),
        };
        if let Some((code, why)) = ch.unratable() {
            return Err(refuse(code, why));
        }
        if ch.users[0].is_some() && ch.users[0] == ch.users[1] {
            return Err(refuse(
                "bad-challenge",
                "a player cannot challenge themselves",
            ));
        }
        let control = ch.control.unwrap_or(TimeControl::Unlimited);
        // The engine's one time-control check (the page's dialog and the PGN reader use it).
        control
            .check()
            .map_err(|e| refuse("bad-clock", e.to_string()))?;
        let creator = match ch.color.as_deref().unwrap_or("random") {
            "random" => match self.last_colour(&ch.users).await? {
                // Two accounts: the colours of their last game between them, swapped.
                Some(last) => last.other(),
                None => {
                    let t = token::seat_token().map_err(|e| refuse("server-error", e))?;
                    if t.as_bytes()[0] & 1 == 1 {
                        Color::Black
                    } else {
                        Color::White
                    }
                }
            },
            word => color_named(word).ok_or_else(|| {
                refuse(
                    "bad-challenge",
                    format!("color must be white, black or random, not '{word}'"),
                )
            })?,
        };
        let now = now_ms();
        // The accounts by seat: the creator's on its colour.
        let mut seated: ByColor<Option<String>> = ByColor::default();
        seated[creator] = ch.users[0].clone();
        seated[creator.other()] = ch.users[1].clone();
        let secret = || token::seat_token().map_err(|e| refuse("server-error", e));
        let made = |c: Color| match ch.seat_hashes[c.index()] {
            Some(_) => Ok(String::new()),
            None => secret(),
        };
        let tokens = ByColor::new(made(Color::White)?, made(Color::Black)?);
        let code = || token::invite_code().map_err(|e| refuse("server-error", e));
        let codes = ByColor::new(code()?, code()?);
        let mut rec = Record::new_game(
            NewGame {
                id: token::game_id().map_err(|e| refuse("server-error", e))?,
                variant: game_id.as_str().into(),
                fen,
                options: ch.options.join(" "),
                control,
                tokens: ByColor::from_fn(|c| {
                    ch.seat_hashes[c.index()]
                        .clone()
                        .unwrap_or_else(|| token::hash(&tokens[c]))
                }),
                claimed: seated.clone().map(|u| if u.is_some() { now } else { 0 }),
                users: seated,
                rated: ch.rated,
            },
            now,
        );
        let game = rec.build().map_err(|e| refuse(e.code(), e.to_string()))?;
        rec.set_deadline(&game, &self.config.limits());
        // The options as the engine writes them (canonical names and values).
        rec.options = game
            .position()
            .options()
            .to_pairs(game_id)
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join(" ");
        if game.status().is_over() {
            return Err(refuse(
                "bad-challenge",
                "the start position is already over",
            ));
        }
        let event = crate::delta::stored(None, &rec, &game, now);
        let invites: Vec<_> = Color::ALL
            .into_iter()
            .filter(|c| ch.seat_hashes[c.index()].is_none())
            .map(|c| crate::invite::InviteRow::seat(&rec.id, c, &tokens[c], &codes[c]))
            .collect();
        self.store
            .create(&rec, &event, &invites)
            .await
            .map_err(|e| refuse("server-error", e.to_string()))?;
        crate::user_events::lines::announce(self, "gameStart", &rec, &game, None);
        Ok(Created {
            rec,
            creator,
            tokens,
            invites: codes,
        })
    }

    /// The seat the creator `users[0]` held in the last game against `users[1]`, when both
    /// are accounts and have played each other.
    async fn last_colour(&self, users: &[Option<String>; 2]) -> Result<Option<Color>, Refusal> {
        let [Some(me), Some(them)] = users else {
            return Ok(None);
        };
        let white = self
            .store
            .last_white_between(me, them)
            .await
            .map_err(|e| refuse("server-error", format!("database error: {e}")))?;
        Ok(white.map(|w| if &w == me { Color::White } else { Color::Black }))
    }
}
