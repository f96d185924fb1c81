//! Who asks the lobby for something: an account (its session cookie or `Authorization: Bearer`
//! API token) or an anonymous player (known by its connection), and its rating in a game.

use axum::http::HeaderMap;
use baroque_engine::GameId;

use crate::account::users::User;
use crate::account::{api_token, perfs, session};
use crate::clock::now_ms;
use crate::store::Store;

/// A player in the lobby.
#[derive(Clone, Debug)]
pub struct Player {
    /// The key its seeks are counted and matched by: the account's id, or `~` and the
    /// connection's (or request's) id.
    pub owner: String,
    /// The account, if logged in.
    pub user: Option<User>,
}

/// What went wrong finding the account.
#[derive(Debug)]
pub enum Who {
    /// A token or cookie was given that holds no account.
    Unknown,
    /// The database failed.
    Db(sqlx::Error),
}

impl Player {
    /// An anonymous player known as `id`.
    pub fn anonymous(id: &str) -> Player {
        Player {
            owner: format!("~{id}"),
            user: None,
        }
    }

    /// The player `headers` name: the account of a Bearer API token (`bearer_only`: the
    /// session cookie is not read, for calls made by scripts) or of the session cookie, else
    /// anonymous as `id`. A Bearer token that holds no account is refused.
    pub async fn of(
        store: &Store,
        headers: &HeaderMap,
        id: &str,
        bearer_only: bool,
    ) -> Result<Player, Who> {
        if let Some(t) = crate::api::bearer(headers) {
            return match api_token::user(store, t).await.map_err(Who::Db)? {
                Some((user, _)) => Ok(Player::account(user)),
                None => Err(Who::Unknown),
            };
        }
        if !bearer_only {
            if let Some(sid) = session::presented(headers) {
                if let Some(user) = session::user(store, &sid, now_ms())
                    .await
                    .map_err(Who::Db)?
                {
                    return Ok(Player::account(user));
                }
            }
        }
        Ok(Player::anonymous(id))
    }

    fn account(user: User) -> Player {
        Player {
            owner: user.id.clone(),
            user: Some(user),
        }
    }

    /// Its rating in `game` (rounded) and whether it is provisional; none when anonymous.
    pub async fn rating(
        &self,
        store: &Store,
        game: GameId,
    ) -> Result<Option<(i64, bool)>, sqlx::Error> {
        let Some(user) = &self.user else {
            return Ok(None);
        };
        let perfs = perfs::of(store, &user.id).await?;
        Ok(perfs.iter().find(|(g, _)| *g == game).map(|(_, p)| {
            let j = p.json(now_ms());
            (
                p.rating.rating.round() as i64,
                j["prov"].as_bool().unwrap_or(false),
            )
        }))
    }
}
