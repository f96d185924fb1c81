//! The lobby: open seeks listed live, taken by a click, and auto-pairing (pychess's model) for
//! a thin crowd; the page's WebSocket `/ws/lobby` ([`socket`]) and lichess's
//! `POST /api/board/seek` ([`board`]). See docs/online.md, "The lobby".
//!
//! Every seek is a row of the `seeks` table ([`rows`]), so servers sharing PostgreSQL list the
//! same seeks and a seek made on one is taken on another. Each server keeps the open seeks in
//! memory, read again every [`POLL`] by one task (its own changes are in the list at once)
//! ([`run`]), which also hands on the games made from its seeks by other servers and sweeps dead
//! seeks. What changed is told to the lobby connections every [`TICK`] ([`Desk`], as lila-ws's
//! lobby): one frame per connection carrying every change of the tick, made once and shared by
//! every connection, and a seek added and removed within one tick is not told at all.
//!
//! A seek's creator is given its seat token when the seek is made (only its hash is stored):
//! whoever pairs it, on whichever server, makes the game with that hash on the creator's seat
//! and a fresh token on the taker's, so no seat token is ever written in clear. A seek is
//! taken by a conditional update ([`rows::take`]): of two takers one wins. Two seeks that fit
//! ([`seek::fits`]) are paired as soon as both are known: at the second one's making, or by
//! the first server whose poll sees both.
//!
//! Modules: [`seek`] (the terms and when they fit), [`rows`] (the table), [`player`] (who asks),
//! [`socket`] (the WebSocket and its messages), [`board`] (the Board API's seek).

pub mod board;
pub mod player;
pub mod rows;
pub mod seek;
pub mod socket;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::routing::{get, post};
use axum::Router;
use serde_json::Value;
use tokio::sync::{broadcast, mpsc};

use crate::answer::Refusal;
use crate::clock::now_ms;
use crate::hub::{Challenge, Hub};
use crate::token;
use player::Player;
use seek::{Request, Seek, Side, Taker};

/// How often the open seeks are read again from the database (other servers' changes).
pub const POLL: Duration = Duration::from_millis(200);
/// The most seeks (auto-pairing ones included) one player keeps open (pychess's 10).
pub const MAX_PER_PLAYER: usize = 10;
/// Polls between two sweeps of dead seeks.
const SWEEP_EVERY_POLLS: u32 = 5;
/// How often the lobby connections are told what changed: every change of a tick in one frame.
pub const TICK: Duration = Duration::from_millis(40);

/// A game made for a seek's creator or taker: what its connection is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    /// The seek (or auto-pairing request) that was paired.
    pub seek: String,
    /// The game's id.
    pub game: String,
    /// The player's colour.
    pub color: &'static str,
    /// The player's seat token.
    pub token: String,
}

/// One tick's news as sent ([`Desk::flush`]): one frame for the connections of accounts (every
/// change) and one for anonymous ones (no rated seek's), each made once and shared by every
/// connection (not copied); none when nothing changed for them.
#[derive(Debug)]
pub struct News {
    /// The frame for accounts.
    pub all: Option<axum::extract::ws::Utf8Bytes>,
    /// The frame for anonymous players.
    pub casual: Option<axum::extract::ws::Utf8Bytes>,
}

/// A change of the list not told yet.
enum Told {
    Added(Arc<Seek>),
    /// Its id and whether it was rated.
    Removed(String, bool),
}

/// The lobby's news desk: the changes since the last tick, and the list as told so far (what a
/// connection's `hello` lists, so that the news that follows it fits it).
#[derive(Default)]
pub struct Desk {
    changes: Vec<Told>,
    counts: Option<Value>,
    listed: Vec<Arc<Seek>>,
}

impl Desk {
    /// Seek `s` was opened (an auto-pairing one is counted, not listed; one listed or to be told
    /// already is not told again).
    pub fn added(&mut self, s: &Arc<Seek>) {
        let known = self.listed.iter().any(|l| l.id == s.id)
            || self
                .changes
                .iter()
                .any(|c| matches!(c, Told::Added(l) if l.id == s.id));
        if !s.is_auto() && !known {
            self.changes.push(Told::Added(Arc::clone(s)));
        }
    }

    /// Seek `id` closed: one added since the last tick is not told at all.
    pub fn removed(&mut self, id: String, rated: bool) {
        let fresh = self
            .changes
            .iter()
            .position(|c| matches!(c, Told::Added(s) if s.id == id));
        match fresh {
            Some(i) => {
                self.changes.remove(i);
            }
            None => self.changes.push(Told::Removed(id, rated)),
        }
    }

    /// The players looking per game changed.
    pub fn counts(&mut self, counts: Value) {
        self.counts = Some(counts);
    }

    /// The seeks listed as told so far, oldest first.
    pub fn listed(&self) -> Vec<Arc<Seek>> {
        self.listed.clone()
    }

    /// The tick's news, its changes applied to the list as told; none when nothing changed.
    pub fn flush(&mut self) -> Option<News> {
        if self.changes.is_empty() && self.counts.is_none() {
            return None;
        }
        let mut texts: Vec<(String, bool)> = Vec::with_capacity(self.changes.len() + 1);
        for c in std::mem::take(&mut self.changes) {
            match c {
                Told::Added(s) => {
                    texts.push((socket::Out::Added { seek: s.view() }.json(), s.terms.rated));
                    self.listed.push(s);
                }
                Told::Removed(id, rated) => {
                    texts.push((socket::Out::Removed { id: &id }.json(), rated));
                    self.listed.retain(|s| s.id != id);
                }
            }
        }
        if let Some(counts) = self.counts.take() {
            texts.push((socket::Out::Counts { counts }.json(), false));
        }
        Some(News {
            all: socket::frame(texts.iter().map(|(t, _)| t.as_str())),
            casual: socket::frame(
                texts
                    .iter()
                    .filter(|(_, rated)| !rated)
                    .map(|(t, _)| t.as_str()),
            ),
        })
    }
}

/// The creator's side of a seek of this server: its token and its connection.
struct Waiter {
    token: String,
    to: mpsc::UnboundedSender<Paired>,
    /// The id the creator knows it by (its auto-pairing request's, else its own).
    known_as: String,
}

/// A change this server made to the list.
enum Change {
    Added(Arc<Seek>),
    Removed(String),
}

/// What making a seek did.
#[derive(Debug)]
pub enum Posted {
    /// The seek is open: its id and the creator's seat token in the game to come.
    Open {
        /// The seek's id.
        id: String,
        /// The creator's seat token.
        token: String,
    },
    /// A seek that fit was open already: the game is made.
    Paired(Paired),
}

/// The lobby of one server.
pub struct Lobby {
    hub: Arc<Hub>,
    server: String,
    open: Mutex<Vec<Arc<Seek>>>,
    counts: Mutex<Value>,
    desk: Mutex<Desk>,
    news: broadcast::Sender<Arc<News>>,
    waiters: Mutex<HashMap<String, Waiter>>,
    /// This server's own changes of the list, numbered, for the poll: a change numbered after
    /// the poll's read began is applied again to what it read (the read may predate it).
    log: Mutex<(u64, Vec<(u64, Change)>)>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn db(e: sqlx::Error) -> Refusal {
    Refusal::new("server-error", format!("database error: {e}"))
}

fn secret() -> Result<String, Refusal> {
    token::seat_token().map_err(|e| Refusal::new("server-error", e))
}

impl Lobby {
    /// The lobby of server `server` (its heartbeat's id) over `hub`'s games.
    pub fn new(hub: Arc<Hub>, server: String) -> Arc<Lobby> {
        Arc::new(Lobby {
            hub,
            server,
            open: Mutex::new(Vec::new()),
            counts: Mutex::new(Value::Object(Default::default())),
            desk: Mutex::new(Desk::default()),
            news: broadcast::channel(1024).0,
            waiters: Mutex::new(HashMap::new()),
            log: Mutex::new((0, Vec::new())),
        })
    }

    /// The routes: `/ws/lobby` (under `/ws/`, so that [`crate::guard`] refuses other sites'
    /// pages its handshake), `POST /api/board/seek` and Baroque's `POST /api/bot/seek` (a bot
    /// account's), with the per-address request rate.
    pub fn router(self: &Arc<Self>, config: &crate::config::Config) -> Router {
        let limiter = crate::limit::Limiter::behind(config.rate, config.trusted_proxies.clone());
        Router::new()
            .route("/ws/lobby", get(socket::upgrade))
            .route("/api/board/seek", post(board::seek))
            .route("/api/bot/seek", post(board::bot_seek))
            .with_state(Arc::clone(self))
            .layer(axum::extract::DefaultBodyLimit::max(16 * 1024))
            .layer(axum::middleware::from_fn_with_state(
                limiter,
                crate::limit::layer,
            ))
    }

    /// The open seeks now, oldest first.
    pub fn seeks(&self) -> Vec<Arc<Seek>> {
        lock(&self.open).clone()
    }

    /// The open seeks as the lobby connections were told them (at the last [`TICK`]), oldest
    /// first: a `hello` lists these, and the news that follows it is of what changed since.
    pub fn listed(&self) -> Vec<Arc<Seek>> {
        lock(&self.desk).listed()
    }

    /// The players looking per game now (`{"omega":2}`).
    pub fn counts(&self) -> Value {
        lock(&self.counts).clone()
    }

    /// A receiver of the lobby's news from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<News>> {
        self.news.subscribe()
    }

    /// Tells the lobby connections, at the next [`TICK`], of seeks `added` and `removed` and, if
    /// changed, `counts` (called with the list held: the news is in the list's order). `counts` (none: unchanged as far as this change goes) is given by the
    /// poll only, at most every [`POLL`], so that a busy lobby does not count with every seek.
    fn announce(&self, added: &[Arc<Seek>], removed: Vec<(String, bool)>, counts: Option<Value>) {
        let counts = counts.filter(|counts| {
            let mut c = lock(&self.counts);
            let changed = *c != *counts;
            *c = counts.clone();
            changed
        });
        let mut desk = lock(&self.desk);
        for s in added {
            desk.added(s);
        }
        for (id, rated) in removed {
            desk.removed(id, rated);
        }
        if let Some(counts) = counts {
            desk.counts(counts);
        }
    }

    /// Sends the news of the tick gone, if any, to every lobby connection.
    fn flush(&self) {
        let news = lock(&self.desk).flush();
        if let Some(news) = news {
            let _ = self.news.send(Arc::new(news));
        }
    }

    /// Adds a seek of this server to the list at once (the next poll finds it there).
    fn remember(&self, seek: Arc<Seek>) {
        self.note(Change::Added(Arc::clone(&seek)));
        // Told while the list is held, so that the news is in the list's order.
        let mut open = lock(&self.open);
        // The poll may have found it in the table already.
        if open.iter().all(|s| s.id != seek.id) {
            open.push(Arc::clone(&seek));
            self.announce(&[seek], Vec::new(), None);
        }
    }

    /// Numbers a change of this server's for the poll.
    fn note(&self, change: Change) {
        let mut log = lock(&self.log);
        log.0 += 1;
        let n = log.0;
        log.1.push((n, change));
    }

    /// Removes the seeks `gone` picks from the list at once.
    fn forget(&self, gone: impl Fn(&Seek) -> bool) {
        let mut open = lock(&self.open);
        let removed: Vec<(String, bool)> = open
            .iter()
            .filter(|s| gone(s))
            .map(|s| (s.id.clone(), s.terms.rated))
            .collect();
        open.retain(|s| !gone(s));
        for (id, _) in &removed {
            self.note(Change::Removed(id.clone()));
        }
        self.announce(&[], removed, None);
    }

    fn find(&self, id: &str) -> Option<Arc<Seek>> {
        lock(&self.open).iter().find(|s| s.id == id).cloned()
    }

    /// Makes a seek for `player` from `req` (in auto-pairing request `group`, empty for none):
    /// paired at once with an open seek that fits, else stored and open; `to` is told when it
    /// is paired later.
    pub async fn post(
        &self,
        player: &Player,
        req: &Request,
        group: &str,
        to: &mpsc::UnboundedSender<Paired>,
    ) -> Result<Posted, Refusal> {
        let terms = req.check(player.user.is_some())?;
        let mine = lock(&self.open)
            .iter()
            .filter(|s| s.owner == player.owner)
            .count();
        if mine >= MAX_PER_PLAYER {
            return Err(Refusal::new(
                "too-many-seeks",
                format!("at most {MAX_PER_PLAYER} open seeks each: cancel one first"),
            ));
        }
        let (rating, provisional) = match player.rating(self.hub.store(), terms.variant).await {
            Ok(Some((r, p))) => (Some(r), p),
            Ok(None) => (None, false),
            Err(e) => return Err(db(e)),
        };
        let token = secret()?;
        let seek = Seek {
            id: token::game_id().map_err(|e| Refusal::new("server-error", e))?,
            server: self.server.clone(),
            owner: player.owner.clone(),
            username: player.user.as_ref().map(|u| u.username.clone()),
            rating,
            provisional,
            terms,
            group: group.to_string(),
            created: now_ms(),
            token_hash: token::hash(&token),
            bot: player.user.as_ref().is_some_and(|u| u.is_bot()),
        };
        let known_as = if group.is_empty() { &seek.id } else { group };
        let fitting: Vec<Arc<Seek>> = lock(&self.open)
            .iter()
            .filter(|s| seek::fits(s, &seek))
            .cloned()
            .collect();
        for other in fitting {
            match self.pair(&other, &seek, false).await {
                Ok((game, _, color)) => {
                    return Ok(Posted::Paired(Paired {
                        seek: known_as.to_string(),
                        game,
                        color,
                        token,
                    }))
                }
                Err(r) if r.code == "seek-taken" => continue,
                Err(r) => return Err(r),
            }
        }
        let expires = if seek.is_live() {
            0
        } else {
            seek.created + seek::CORRESPONDENCE_MS
        };
        rows::insert(self.hub.store(), &seek, expires)
            .await
            .map_err(db)?;
        lock(&self.waiters).insert(
            seek.id.clone(),
            Waiter {
                token: token.clone(),
                to: to.clone(),
                known_as: known_as.to_string(),
            },
        );
        let id = seek.id.clone();
        self.remember(Arc::new(seek));
        Ok(Posted::Open { id, token })
    }

    /// Takes open seek `id` for `player`: the game is made and both are told.
    pub async fn accept(&self, player: &Player, id: &str) -> Result<Paired, Refusal> {
        let seek = self
            .find(id)
            .ok_or_else(|| Refusal::new("no-seek", "no such open seek (taken or cancelled)"))?;
        let rating = player
            .rating(self.hub.store(), seek.terms.variant)
            .await
            .map_err(db)?;
        seek::admits(
            &seek,
            &Taker {
                owner: &player.owner,
                account: player.user.is_some(),
                rating: rating.map(|r| r.0),
            },
        )?;
        let token = secret()?;
        let taker = Seek {
            id: String::new(),
            server: self.server.clone(),
            owner: player.owner.clone(),
            username: player.user.as_ref().map(|u| u.username.clone()),
            rating: rating.map(|r| r.0),
            provisional: rating.is_some_and(|r| r.1),
            terms: seek::Terms {
                side: Side::Random,
                range: None,
                ..seek.terms.clone()
            },
            group: String::new(),
            created: now_ms(),
            token_hash: token::hash(&token),
            bot: player.user.as_ref().is_some_and(|u| u.is_bot()),
        };
        let (game, _, color) = self.pair(&seek, &taker, false).await?;
        Ok(Paired {
            seek: id.to_string(),
            game,
            color,
            token,
        })
    }

    /// Stops telling anyone of seek `id`'s game (its creator finds it by its seat token): for a
    /// correspondence seek whose request has ended.
    pub fn release(&self, id: &str) {
        lock(&self.waiters).remove(id);
    }

    /// Cancels `owner`'s seek or auto-pairing request `id`; false when it has none so named.
    pub async fn cancel(&self, owner: &str, id: &str) -> Result<bool, Refusal> {
        let ids: Vec<String> = lock(&self.open)
            .iter()
            .filter(|s| s.owner == owner && (s.id == id || s.group == id))
            .map(|s| s.id.clone())
            .collect();
        if ids.is_empty() {
            return Ok(false);
        }
        self.close(&ids).await?;
        Ok(true)
    }

    /// Removes seeks `ids` of this server (cancelled, or their creator left).
    pub async fn close(&self, ids: &[String]) -> Result<(), Refusal> {
        {
            let mut waiters = lock(&self.waiters);
            for id in ids {
                waiters.remove(id);
            }
        }
        let deleted = rows::delete(self.hub.store(), ids).await.map_err(db);
        self.forget(|s| ids.contains(&s.id));
        deleted?;
        Ok(())
    }

    /// A connection left: its live seeks close, its correspondence seeks stay open (their
    /// creators find their games by their seat tokens) but are no longer told to it.
    pub async fn left(&self, ids: &HashSet<String>) {
        let live: Vec<String> = lock(&self.open)
            .iter()
            .filter(|s| ids.contains(&s.id) && s.is_live())
            .map(|s| s.id.clone())
            .collect();
        {
            let mut waiters = lock(&self.waiters);
            for id in ids {
                waiters.remove(id);
            }
        }
        if !live.is_empty() {
            if let Err(r) = self.close(&live).await {
                eprintln!(
                    "lobby: cannot close the seeks of a connection gone: {}",
                    r.message
                );
            }
        }
    }

    /// Pairs stored seek `a` with seek `b` (stored too when `b_stored`): takes them, makes the
    /// game, closes their auto-pairing requests and tells `a`'s creator (and `b`'s when
    /// stored). Gives the game and `a`'s and `b`'s colours.
    async fn pair(
        &self,
        a: &Seek,
        b: &Seek,
        b_stored: bool,
    ) -> Result<(String, &'static str, &'static str), Refusal> {
        let store = self.hub.store();
        let ids: Vec<&str> = if b_stored {
            vec![a.id.as_str(), b.id.as_str()]
        } else {
            vec![a.id.as_str()]
        };
        if !rows::take(store, &ids, now_ms()).await.map_err(db)? {
            self.forget(|s| ids.contains(&s.id.as_str()));
            return Err(Refusal::new("seek-taken", "someone took that seek first"));
        }
        let a_white = match (a.terms.side, b.terms.side) {
            (Side::White, _) | (Side::Random, Side::Black) => true,
            (Side::Black, _) | (Side::Random, Side::White) => false,
            (Side::Random, Side::Random) => {
                let t = secret()?;
                t.as_bytes()[0] & 1 == 0
            }
        };
        let (white, black) = if a_white { (a, b) } else { (b, a) };
        let ch = Challenge {
            variant: a.terms.variant.as_str().to_string(),
            array: a.terms.array.clone(),
            options: a.terms.options.clone(),
            color: Some("white".into()),
            control: Some(a.terms.control),
            seat_hashes: [
                Some(white.token_hash.clone()),
                Some(black.token_hash.clone()),
            ],
            // The creator of the challenge is White here: its accounts are White's, Black's.
            users: [white.account(), black.account()],
            rated: a.terms.rated,
            ..Challenge::default()
        };
        let created = match self.hub.create(&ch).await {
            Ok(c) => c,
            Err(r) => {
                let _ = rows::untake(store, &ids).await;
                return Err(r);
            }
        };
        let game = created.rec.id.clone();
        let (ca, cb) = if a_white {
            ("white", "black")
        } else {
            ("black", "white")
        };
        for s in [a, b] {
            if !s.group.is_empty() {
                rows::delete_group(store, &s.group).await.map_err(db)?;
            }
        }
        self.hand_on(a, &game, ca).await.map_err(db)?;
        if b_stored {
            self.hand_on(b, &game, cb).await.map_err(db)?;
        }
        {
            let gone: HashSet<&str> = [a, b]
                .iter()
                .flat_map(|s| [s.id.as_str(), s.group.as_str()])
                .filter(|x| !x.is_empty())
                .collect();
            self.forget(|s| gone.contains(s.id.as_str()) || gone.contains(s.group.as_str()));
        }
        Ok((game, ca, cb))
    }

    /// Tells stored seek `s`'s creator its game: through its waiter when this server holds
    /// it (the row then goes), else on its row for its own server ([`Lobby::poll`]).
    async fn hand_on(&self, s: &Seek, game: &str, color: &'static str) -> Result<(), sqlx::Error> {
        let waiter = lock(&self.waiters).remove(&s.id);
        if let Some(w) = waiter {
            let _ = w.to.send(Paired {
                seek: w.known_as,
                game: game.to_string(),
                color,
                token: w.token,
            });
            return rows::delete(self.hub.store(), std::slice::from_ref(&s.id)).await;
        }
        if s.server == self.server {
            // Its creator left (a correspondence seek): it finds the game by its seat token.
            return rows::delete(self.hub.store(), std::slice::from_ref(&s.id)).await;
        }
        rows::set_game(self.hub.store(), &s.id, game, color).await
    }

    /// One poll: the open seeks read again (news for what changed), the games other servers
    /// made from this server's seeks handed on, and this server's seeks paired with any that
    /// fit them.
    async fn poll(&self, sweep: bool) -> Result<(), sqlx::Error> {
        let store = self.hub.store();
        if sweep {
            rows::sweep(store, now_ms()).await?;
        }
        for (id, game, color) in rows::paired_of(store, &self.server).await? {
            let waiter = lock(&self.waiters).remove(&id);
            if let Some(w) = waiter {
                let color = if color == "white" { "white" } else { "black" };
                let _ = w.to.send(Paired {
                    seek: w.known_as,
                    game,
                    color,
                    token: w.token,
                });
            }
            rows::delete(store, &[id]).await?;
        }
        let before = lock(&self.log).0;
        let mut fresh: Vec<Arc<Seek>> =
            rows::open(store).await?.into_iter().map(Arc::new).collect();
        {
            // This server's changes since the read began (it may not show them) are applied
            // again; the older ones are in what it read.
            let mut log = lock(&self.log);
            log.1.retain(|(n, _)| *n > before);
            for (_, change) in &log.1 {
                match change {
                    Change::Added(seek) => {
                        if !fresh.iter().any(|s| s.id == seek.id) {
                            fresh.push(Arc::clone(seek));
                        }
                    }
                    Change::Removed(id) => fresh.retain(|s| &s.id != id),
                }
            }
        }
        {
            let mut open = lock(&self.open);
            let old: HashMap<&str, &Arc<Seek>> = open.iter().map(|s| (s.id.as_str(), s)).collect();
            let new: HashSet<&str> = fresh.iter().map(|s| s.id.as_str()).collect();
            let added: Vec<Arc<Seek>> = fresh
                .iter()
                .filter(|s| !old.contains_key(s.id.as_str()))
                .cloned()
                .collect();
            let removed: Vec<(String, bool)> = open
                .iter()
                .filter(|s| !new.contains(s.id.as_str()))
                .map(|s| (s.id.clone(), s.terms.rated))
                .collect();
            *open = fresh;
            self.announce(&added, removed, Some(counts_of(&open)));
        }
        self.match_open().await;
        Ok(())
    }

    /// Pairs each seek of this server with an older open seek that fits it (two seeks made at
    /// once on two servers, or an auto-pairing request and a seek made before it).
    async fn match_open(&self) {
        let open = self.seeks();
        for b in open.iter().filter(|s| s.server == self.server) {
            let Some(a) = open
                .iter()
                .find(|a| a.created <= b.created && a.id != b.id && seek::fits(a, b))
            else {
                continue;
            };
            if !lock(&self.open).iter().any(|s| s.id == a.id)
                || !lock(&self.open).iter().any(|s| s.id == b.id)
            {
                continue;
            }
            if let Err(r) = self.pair(a, b, true).await {
                if r.code != "seek-taken" {
                    eprintln!("lobby: cannot pair two seeks: {}", r.message);
                }
            }
        }
    }
}

/// The players looking per game: distinct creators of open seeks.
fn counts_of(open: &[Arc<Seek>]) -> Value {
    let mut per: BTreeMap<&str, HashSet<&str>> = BTreeMap::new();
    for s in open {
        per.entry(s.terms.variant.as_str())
            .or_default()
            .insert(s.owner.as_str());
    }
    let map = per
        .into_iter()
        .map(|(g, owners)| (g.to_string(), Value::from(owners.len())))
        .collect();
    Value::Object(map)
}

/// The lobby's tasks for as long as the server runs: the news every [`TICK`], a poll every
/// [`POLL`].
pub async fn run(lobby: Arc<Lobby>) {
    let desk = Arc::clone(&lobby);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            desk.flush();
        }
    });
    let mut n = 0u32;
    let mut failing = false;
    loop {
        tokio::time::sleep(POLL).await;
        n = n.wrapping_add(1);
        match lobby.poll(n % SWEEP_EVERY_POLLS == 0).await {
            Ok(()) => failing = false,
            Err(e) if !failing => {
                eprintln!("lobby: cannot read the seeks ({e}); trying again");
                failing = true;
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(id: &str, rated: bool, group: &str) -> Arc<Seek> {
        let req: Request = serde_json::from_value(serde_json::json!({
            "variant": "omega", "time": 5, "increment": 3, "rated": rated
        }))
        .unwrap();
        Arc::new(Seek {
            id: id.into(),
            server: String::new(),
            owner: "o".into(),
            username: Some("Alice".into()),
            rating: None,
            provisional: false,
            terms: req.check(true).unwrap(),
            group: group.into(),
            created: 0,
            token_hash: String::new(),
            bot: false,
        })
    }

    fn added(s: &Seek) -> String {
        socket::Out::Added { seek: s.view() }.json()
    }

    fn text(b: &Option<axum::extract::ws::Utf8Bytes>) -> Option<&str> {
        b.as_ref().map(|t| t.as_str())
    }

    #[test]
    fn a_ticks_changes_are_one_frame_each_kind_of_connection_its_own() {
        let mut desk = Desk::default();
        assert!(desk.flush().is_none(), "nothing changed, nothing sent");
        let (a, b, auto) = (
            seek("a", false, ""),
            seek("b", true, ""),
            seek("c", false, "g"),
        );
        desk.added(&a);
        desk.added(&b);
        desk.added(&auto);
        desk.counts(serde_json::json!({"omega": 1}));
        let news = desk.flush().unwrap();
        let counts = r#"{"t":"counts","counts":{"omega":1}}"#;
        assert_eq!(
            text(&news.all).unwrap(),
            format!(
                r#"{{"t":"batch","m":[{},{},{counts}]}}"#,
                added(&a),
                added(&b)
            )
        );
        // Anonymous players: no rated seek; the auto-pairing one is counted, not listed.
        assert_eq!(
            text(&news.casual).unwrap(),
            format!(r#"{{"t":"batch","m":[{},{counts}]}}"#, added(&a))
        );
        let listed: Vec<String> = desk.listed().iter().map(|s| s.id.clone()).collect();
        assert_eq!(listed, ["a", "b"]);
        // One message alone is sent as itself; nothing for anonymous players is none.
        desk.removed("b".into(), true);
        let news = desk.flush().unwrap();
        assert_eq!(text(&news.all).unwrap(), r#"{"t":"removed","id":"b"}"#);
        assert!(news.casual.is_none());
        assert!(desk.flush().is_none());
    }

    #[test]
    fn a_seek_told_added_twice_is_listed_and_sent_once() {
        // The poll may find a seek of this server's before the server has listed it itself.
        let mut desk = Desk::default();
        let a = seek("a", false, "");
        desk.added(&a);
        desk.added(&a);
        let news = desk.flush().unwrap();
        assert_eq!(text(&news.all).unwrap(), added(&a));
        desk.added(&a);
        assert!(desk.flush().is_none(), "a is listed already");
        assert_eq!(desk.listed().len(), 1);
    }

    #[test]
    fn a_seek_added_and_removed_within_a_tick_is_not_told() {
        let mut desk = Desk::default();
        let (a, b) = (seek("a", false, ""), seek("b", false, ""));
        desk.added(&a);
        desk.flush().unwrap();
        desk.added(&b);
        // A connection coming now is listed what was told, not b, of which it hears nothing.
        let listed: Vec<String> = desk.listed().iter().map(|s| s.id.clone()).collect();
        assert_eq!(listed, ["a"]);
        desk.removed("b".into(), false);
        assert!(desk.flush().is_none(), "b came and went within the tick");
        desk.removed("a".into(), false);
        desk.removed("c".into(), false);
        let news = desk.flush().unwrap();
        assert_eq!(
            text(&news.all).unwrap(),
            r#"{"t":"batch","m":[{"t":"removed","id":"a"},{"t":"removed","id":"c"}]}"#
        );
        assert!(desk.listed().is_empty());
    }
}
