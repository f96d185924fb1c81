//! Who sits on each seat of a game, as the game page shows them by the clocks and as lichess's
//! `gameFull` names them: an account's name as typed, its title (`BOT`), its rating in the
//! game's perf and whether that is provisional. An anonymous seat has none ([`People`] holds
//! `None` there, and the `gameFull` keeps its colour as its name).
//!
//! The rating is the account's rating now in the game's perf; once a rated game has ended, the
//! rating it had before the game (the end's new rating minus its change), as lichess's gameFull
//! gives the rating the game was played at, beside `ratingDiff`.

use std::str::FromStr;

use baroque_engine::piece::ByColor;
use baroque_engine::{Color, GameId};
use serde::Serialize;

use crate::account::{perfs, users};
use crate::clock::now_ms;
use crate::record::RatedSide;
use crate::store::Store;

/// An account on a seat, as the `gameFull`'s player shows it beside its id and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// The account's id (not sent: the player's `id` says it).
    #[serde(skip)]
    pub user: String,
    /// The name as typed at signup (not sent here: the player's `name` says it).
    #[serde(skip)]
    pub name: String,
    /// lichess's title (`BOT`), or `null`.
    pub title: Option<String>,
    /// The rating in the game's perf, rounded.
    pub rating: i64,
    /// Whether that rating is provisional (shown with `?`).
    pub provisional: bool,
}

/// Each seat's account as shown, `None` for an anonymous seat.
pub type People = ByColor<Option<Standing>>;

/// What [`of`] reads a game's people from: its seats' accounts, its game and a rated end.
#[derive(Clone, Debug, PartialEq)]
pub struct Seats {
    /// The accounts' ids on the seats.
    pub users: ByColor<Option<String>>,
    /// The game (`ultima`, `omega`, `hybrid`).
    pub variant: String,
    /// A rated game's end: each side's new rating and its change.
    pub rating_end: Option<ByColor<RatedSide>>,
}

/// Each seat's account in `seats` as shown (an account deleted since, or a game not rated
/// anywhere, shows as anonymous rather than failing the game's view).
pub async fn of(store: &Store, seats: &Seats) -> Result<People, sqlx::Error> {
    let mut people = People::default();
    let game = GameId::from_str(&seats.variant).ok();
    for seat in Color::ALL {
        let Some(id) = &seats.users[seat] else {
            continue;
        };
        let Some(user) = users::by_id(store, id).await? else {
            continue;
        };
        let perf = match game {
            Some(g) => perfs::of(store, id)
                .await?
                .into_iter()
                .find(|(k, _)| *k == g)
                .map(|(_, p)| p),
            None => None,
        };
        let Some(perf) = perf else { continue };
        let (rating, provisional) = match seats.rating_end {
            Some(end) => (end[seat].rating - end[seat].diff, end[seat].provisional),
            None => (
                perf.rating.rating.round() as i64,
                perf.provisional(now_ms()),
            ),
        };
        people[seat] = Some(Standing {
            user: user.id,
            name: user.username,
            title: user.title,
            rating,
            provisional,
        });
    }
    Ok(people)
}

/// [`of`], or every seat shown anonymous when the database cannot say (the names are words
/// beside the board: the game is still played and watched).
pub async fn shown(store: &Store, seats: &Seats) -> People {
    match of(store, seats).await {
        Ok(p) => p,
        Err(e) => {
            eprintln!("cannot read a game's players ({e}); shown as anonymous");
            People::default()
        }
    }
}
