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
        let control = ch.control.unwrap_or(TimeControl::Unlimited);
        // The engine's one time-control check (the page's dialog and the PGN reader use it).
        control
            .check()
            .map_err(|e| refuse("bad-clock", e.to_string()))?;
        let creator = match ch.color.as_deref().unwrap_or("random") {
            "random" => {
                let t = token::seat_token().map_err(|e| refuse("server-error", e))?;
                if t.as_bytes()[0] & 1 == 1 {
                    Color::Black
                } else {
                    Color::White
                }
            }
            word => color_named(word).ok_or_else(|| {
                refuse(
                    "bad-challenge",
                    format!("color must be white, black or random, not '{word}'"),
                )
            })?,
        };
        let now = now_ms();
        let secret = || token::seat_token().map_err(|e| refuse("server-error", e));
        let tokens = ByColor::new(secret()?, secret()?);
        let code = || token::invite_code().map_err(|e| refuse("server-error", e));
        let codes = ByColor::new(code()?, code()?);
        let mut rec = Record::new_game(
            NewGame {
                id: token::game_id().map_err(|e| refuse("server-error", e))?,
                variant: game_id.as_str().into(),
                fen,
                options: ch.options.join(" "),
                control,
                tokens: ByColor::from_fn(|c| token::hash(&tokens[c])),
                claimed: ByColor::default(),
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
        let invites =
            Color::ALL.map(|c| crate::invite::InviteRow::seat(&rec.id, c, &tokens[c], &codes[c]));
        self.store
            .create(&rec, &event, &invites)
            .await
            .map_err(|e| refuse("server-error", e.to_string()))?;
        Ok(Created {
            rec,
            creator,
            tokens,
            invites: codes,
        })
    }
}
