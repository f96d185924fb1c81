//! The lobby's WebSocket, `/ws/lobby`: on connect the open seeks (casual ones only for an
//! anonymous player) and the players looking per game, then what changed, one frame per tick
//! (a `batch` when it holds several messages, [`frame`]); the client makes,
//! cancels and accepts seeks and auto-pairing requests. Messages are JSON tagged by `t`
//! ([`In`], [`Out`]; docs/online.md, "The lobby"), each counted against the socket's and the
//! address's quotas ([`crate::quota`]). The connection's live seeks close when it does.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Extension, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use baroque_engine::clock::TimeControl as EngineControl;
use baroque_engine::GameId;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use super::player::{Player, Who};
use super::seek::{Request, Seek, View};
use super::{Lobby, News, Paired, Posted, MAX_PER_PLAYER};
use crate::answer::Refusal;
use crate::clock::now_ms;
use crate::message::MAX_MESSAGE_BYTES;
use crate::quota::{closing, AddressMessages, SocketQuota, Verdict, REFUSED};
use crate::ws::SEND_WITHIN;

/// The most clocks one auto-pairing request names.
const MAX_CLOCKS: usize = 10;

/// A client message.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum In {
    /// Make a seek.
    Seek {
        /// Its terms.
        seek: Request,
    },
    /// Auto-pairing: any of `variants` on any of `clocks` (`"5+3"`: minutes + seconds).
    Auto {
        /// The games.
        variants: Vec<String>,
        /// The clocks.
        clocks: Vec<String>,
        /// Rated.
        #[serde(default)]
        rated: bool,
        /// The ratings accepted, `"1500-1800"`.
        #[serde(default, rename = "ratingRange")]
        rating_range: Option<String>,
    },
    /// Cancel one's seek or auto-pairing request.
    Cancel {
        /// Its id.
        id: String,
    },
    /// Take a seek.
    Accept {
        /// Its id.
        id: String,
    },
    /// Asks for a `pong`.
    Ping,
}

/// A server message.
#[derive(Debug, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Out<'a> {
    /// The first message: who the player is (its name, or null), the open seeks it may take
    /// and the players looking per game.
    Hello {
        /// The account's name, or null.
        me: Option<&'a str>,
        /// The open seeks.
        seeks: Vec<View<'a>>,
        /// Players looking per game.
        counts: Value,
    },
    /// A seek was opened.
    Added {
        /// The seek.
        seek: View<'a>,
    },
    /// A seek closed.
    Removed {
        /// Its id.
        id: &'a str,
    },
    /// The players looking per game.
    Counts {
        /// Per game.
        counts: Value,
    },
    /// One's seek is open: its id and one's seat token in the game to come.
    Open {
        /// The seek's id.
        id: &'a str,
        /// The seat token.
        token: &'a str,
    },
    /// One's auto-pairing request is open: its id and the seeks it holds.
    Auto {
        /// The request's id.
        id: &'a str,
        /// Its seeks (games × clocks).
        seeks: usize,
    },
    /// A game was made: go to /game/ID holding the seat token.
    Paired {
        /// The seek or request that was paired.
        seek: &'a str,
        /// The game.
        game: &'a str,
        /// One's colour.
        color: &'a str,
        /// One's seat token.
        token: &'a str,
    },
    /// A seek or request was cancelled.
    Cancelled {
        /// Its id.
        id: &'a str,
    },
    /// A message was refused.
    Error {
        /// Kebab-case id.
        code: &'a str,
        /// What went wrong.
        message: &'a str,
    },
    /// The answer to `ping`.
    Pong {
        /// Server ms.
        at: i64,
    },
}

impl Out<'_> {
    /// The message as JSON text.
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// One frame of `messages` (each an [`Out`]'s JSON text): the message itself when alone, else
/// `{"t":"batch","m":[…]}` holding them in order; none when there are none.
pub fn frame<'a>(messages: impl Iterator<Item = &'a str>) -> Option<Utf8Bytes> {
    let all: Vec<&str> = messages.collect();
    match all.as_slice() {
        [] => None,
        [one] => Some((*one).to_string().into()),
        many => {
            let len = many.iter().map(|m| m.len() + 1).sum::<usize>() + 16;
            let mut text = String::with_capacity(len);
            text.push_str(r#"{"t":"batch","m":["#);
            for (i, m) in many.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                text.push_str(m);
            }
            text.push_str("]}");
            Some(text.into())
        }
    }
}

fn refused(r: &Refusal) -> String {
    Out::Error {
        code: r.code,
        message: &r.message,
    }
    .json()
}

fn paired(p: &Paired) -> String {
    Out::Paired {
        seek: &p.seek,
        game: &p.game,
        color: p.color,
        token: &p.token,
    }
    .json()
}

/// Reads one client message, bounded.
pub fn read(bytes: &[u8]) -> Result<In, Refusal> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(Refusal::new(
            "bad-message",
            format!(
                "message of {} bytes; the limit is {MAX_MESSAGE_BYTES}",
                bytes.len()
            ),
        ));
    }
    let m: In = serde_json::from_slice(bytes)
        .map_err(|e| Refusal::new("bad-message", format!("bad message: {e}")))?;
    if let In::Cancel { id } | In::Accept { id } = &m {
        if id.is_empty() || id.len() > 64 {
            return Err(Refusal::new("bad-message", "bad message: a bad id"));
        }
    }
    Ok(m)
}

/// The seeks of an auto-pairing request: one per game and clock, each checked.
pub fn auto_requests(
    variants: &[String],
    clocks: &[String],
    rated: bool,
    range: &Option<String>,
) -> Result<Vec<Request>, Refusal> {
    let bad = |m: String| Refusal::new("bad-seek", m);
    let mut games = Vec::new();
    for v in variants {
        let g: GameId = v
            .parse()
            .map_err(|e: baroque_engine::UnknownGame| Refusal::new(e.code(), e.to_string()))?;
        if !games.contains(&g) {
            games.push(g);
        }
    }
    if games.is_empty() || clocks.is_empty() {
        return Err(bad("name at least one game and one clock".into()));
    }
    if clocks.len() > MAX_CLOCKS {
        return Err(bad(format!(
            "at most {MAX_CLOCKS} clocks, not {}",
            clocks.len()
        )));
    }
    let mut out = Vec::new();
    for c in clocks {
        if c.len() > 16 {
            return Err(bad("a clock is written like 5+3".into()));
        }
        let (base, inc) = match EngineControl::parse_minutes(c) {
            Ok(EngineControl::Clock {
                base_ms,
                increment_ms,
            }) => (base_ms, increment_ms),
            Ok(EngineControl::Correspondence { .. }) => {
                return Err(bad("auto-pairing is for live clocks (like 5+3)".into()))
            }
            Err(e) => return Err(Refusal::new("bad-clock", e.to_string())),
        };
        for g in &games {
            out.push(Request {
                variant: g.as_str().into(),
                rated,
                time: Some(base as f64 / 60_000.0),
                increment: Some((inc / 1000) as f64),
                rating_range: range.clone(),
                ..Request::default()
            });
        }
    }
    if out.len() > MAX_PER_PLAYER {
        return Err(bad(format!(
            "at most {MAX_PER_PLAYER} games × clocks in one request, not {}",
            out.len()
        )));
    }
    Ok(out)
}

/// The handshake: the player is read from the session cookie or a Bearer token.
pub async fn upgrade(
    State(lobby): State<Arc<Lobby>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    messages: Option<Extension<AddressMessages>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let id = match crate::token::game_id() {
        Ok(id) => id,
        Err(e) => return Refusal::new("server-error", e).into_response(),
    };
    let player = match Player::of(lobby.hub.store(), &headers, &id, false).await {
        Ok(p) => p,
        Err(Who::Unknown) => {
            return crate::api::error(
                axum::http::StatusCode::UNAUTHORIZED,
                "bad-token",
                "that token holds no account",
            )
        }
        Err(Who::Db(e)) => return Refusal::new("server-error", e.to_string()).into_response(),
    };
    let messages = messages.map(|Extension(m)| m);
    let quota = SocketQuota::of_handshake(messages, peer.ip(), &headers, Instant::now());
    crate::ws::limits(ws).on_upgrade(move |socket| async move {
        let (tx, rx) = mpsc::unbounded_channel();
        let mut c = Conn {
            lobby,
            socket,
            player,
            quota,
            mine: HashSet::new(),
            tx,
        };
        c.run(rx).await;
        c.lobby.left(&c.mine).await;
    })
}

struct Conn {
    lobby: Arc<Lobby>,
    socket: WebSocket,
    player: Player,
    quota: SocketQuota,
    /// The seeks this connection made (closed with it when live).
    mine: HashSet<String>,
    tx: mpsc::UnboundedSender<Paired>,
}

impl Conn {
    async fn send(&mut self, text: impl Into<Utf8Bytes>) -> bool {
        let sent = tokio::time::timeout(SEND_WITHIN, self.socket.send(Message::Text(text.into())));
        matches!(sent.await, Ok(Ok(())))
    }

    fn anonymous(&self) -> bool {
        self.player.user.is_none()
    }

    /// The open seeks this player sees, as the lobby connections were last told them (the news
    /// that follows is of what changed since): not auto-pairing ones, and casual ones only when
    /// anonymous.
    fn listed(&self) -> Vec<Arc<Seek>> {
        let anonymous = self.anonymous();
        self.lobby
            .listed()
            .into_iter()
            .filter(|s| !(s.is_auto() || anonymous && s.terms.rated))
            .collect()
    }

    /// The `hello`: who the player is, the seeks it sees, the players looking per game.
    fn hello(&self) -> String {
        let seeks = self.listed();
        Out::Hello {
            me: self.player.user.as_ref().map(|u| u.username.as_str()),
            seeks: seeks.iter().map(|s| s.view()).collect(),
            counts: self.lobby.counts(),
        }
        .json()
    }

    /// The tick's news as this player sees it (anonymous players: casual seeks only).
    fn shown(&self, news: &News) -> Option<Utf8Bytes> {
        if self.anonymous() {
            news.casual.clone()
        } else {
            news.all.clone()
        }
    }

    async fn run(&mut self, mut paired_rx: mpsc::UnboundedReceiver<Paired>) {
        let mut news = self.lobby.subscribe();
        if !self.send(self.hello()).await {
            return;
        }
        loop {
            tokio::select! {
                p = paired_rx.recv() => {
                    let Some(p) = p else { return };
                    self.mine.remove(&p.seek);
                    if !self.send(paired(&p)).await {
                        return;
                    }
                }
                n = news.recv() => match n {
                    Ok(n) => {
                        if let Some(text) = self.shown(&n) {
                            if !self.send(text).await {
                                return;
                            }
                        }
                    }
                    // Too far behind: the list again, whole.
                    Err(RecvError::Lagged(_)) => {
                        if !self.send(self.hello()).await {
                            return;
                        }
                    }
                    Err(RecvError::Closed) => return,
                },
                msg = self.socket.recv() => {
                    let Some(Ok(msg)) = msg else { return };
                    let bytes = match &msg {
                        Message::Text(t) => t.as_bytes().to_vec(),
                        Message::Binary(b) => b.to_vec(),
                        Message::Close(_) => return,
                        _ => continue,
                    };
                    match self.quota.check(Instant::now()) {
                        Verdict::Go => {}
                        Verdict::Drop => continue,
                        Verdict::Refuse => {
                            let r = Refusal::new(REFUSED.0, REFUSED.1);
                            if !self.send(refused(&r)).await {
                                return;
                            }
                            continue;
                        }
                        Verdict::Close => {
                            let close = self.socket.send(closing());
                            let _ = tokio::time::timeout(Duration::from_secs(1), close).await;
                            return;
                        }
                    }
                    let answers = self.handle(&bytes).await;
                    for a in answers {
                        if !self.send(a).await {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// The answers to one message.
    async fn handle(&mut self, bytes: &[u8]) -> Vec<String> {
        let m = match read(bytes) {
            Ok(m) => m,
            Err(r) => return vec![refused(&r)],
        };
        let lobby = Arc::clone(&self.lobby);
        // lichess's rule: a bot plays no lobby games of its own choosing; its seeks are made
        // with `POST /api/bot/seek`, and taken by people only.
        let bot = self.player.user.as_ref().is_some_and(|u| u.is_bot());
        if bot && matches!(m, In::Seek { .. } | In::Auto { .. } | In::Accept { .. }) {
            return vec![refused(&Refusal::new(
                "bot-account",
                "a bot account seeks with POST /api/bot/seek, and takes no seeks",
            ))];
        }
        match m {
            In::Ping => vec![Out::Pong { at: now_ms() }.json()],
            In::Seek { seek } => match lobby.post(&self.player, &seek, "", &self.tx).await {
                Ok(Posted::Open { id, token }) => {
                    self.mine.insert(id.clone());
                    vec![Out::Open {
                        id: &id,
                        token: &token,
                    }
                    .json()]
                }
                Ok(Posted::Paired(p)) => vec![paired(&p)],
                Err(r) => vec![refused(&r)],
            },
            In::Auto {
                variants,
                clocks,
                rated,
                rating_range,
            } => {
                let requests = match auto_requests(&variants, &clocks, rated, &rating_range) {
                    Ok(r) => r,
                    Err(r) => return vec![refused(&r)],
                };
                let group = match crate::token::game_id() {
                    Ok(g) => g,
                    Err(e) => return vec![refused(&Refusal::new("server-error", e))],
                };
                let mut opened = 0;
                for req in &requests {
                    match lobby.post(&self.player, req, &group, &self.tx).await {
                        Ok(Posted::Open { id, .. }) => {
                            self.mine.insert(id);
                            opened += 1;
                        }
                        Ok(Posted::Paired(p)) => return vec![paired(&p)],
                        Err(r) => {
                            let _ = lobby.cancel(&self.player.owner, &group).await;
                            return vec![refused(&r)];
                        }
                    }
                }
                vec![Out::Auto {
                    id: &group,
                    seeks: opened,
                }
                .json()]
            }
            In::Cancel { id } => match lobby.cancel(&self.player.owner, &id).await {
                Ok(true) => vec![Out::Cancelled { id: &id }.json()],
                Ok(false) => vec![refused(&Refusal::new(
                    "no-seek",
                    "no open seek of yours so named",
                ))],
                Err(r) => vec![refused(&r)],
            },
            In::Accept { id } => match lobby.accept(&self.player, &id).await {
                Ok(p) => vec![paired(&p)],
                Err(r) => vec![refused(&r)],
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::seek::Request;

    /// The lobby's server → client block of docs/online.md.
    fn documented() -> Vec<&'static str> {
        crate::documented_block("The lobby server → client (`lobby::socket::Out`")
    }

    #[test]
    fn each_message_is_byte_for_byte_as_documented() {
        let req: Request = serde_json::from_value(serde_json::json!({
            "variant": "omega", "time": 5, "increment": 3, "ratingRange": "1300-1700"
        }))
        .unwrap();
        let seek = Seek {
            id: "5be1c0a9d2f34e71".into(),
            server: String::new(),
            owner: "alice_1".into(),
            username: Some("Alice_1".into()),
            rating: Some(1500),
            provisional: true,
            terms: req.check(true).unwrap(),
            group: String::new(),
            created: 0,
            token_hash: String::new(),
            bot: false,
        };
        let id = "5be1c0a9d2f34e71";
        let ours = [
            Out::Hello {
                me: Some("Alice_1"),
                seeks: vec![],
                counts: serde_json::json!({"omega": 2, "ultima": 1}),
            }
            .json(),
            Out::Added { seek: seek.view() }.json(),
            Out::Removed { id }.json(),
            Out::Counts {
                counts: serde_json::json!({"omega": 1}),
            }
            .json(),
            Out::Open {
                id,
                token: "<your seat token in the game to come>",
            }
            .json(),
            Out::Auto {
                id: "c81f0e2a7d6b4a19",
                seeks: 4,
            }
            .json(),
            Out::Paired {
                seek: id,
                game: "9f1c2a7b5e3d4c60",
                color: "black",
                token: "<your seat token>",
            }
            .json(),
            Out::Cancelled {
                id: "c81f0e2a7d6b4a19",
            }
            .json(),
            Out::Error {
                code: "seek-taken",
                message: "someone took that seek first",
            }
            .json(),
            Out::Pong { at: 1796464012345 }.json(),
            frame(
                [
                    Out::Removed { id }.json(),
                    Out::Counts {
                        counts: serde_json::json!({"omega": 1}),
                    }
                    .json(),
                ]
                .iter()
                .map(String::as_str),
            )
            .unwrap()
            .to_string(),
        ];
        let docs = documented();
        assert_eq!(docs.len(), ours.len(), "{docs:?}");
        for (doc, ours) in docs.iter().zip(&ours) {
            assert_eq!(ours, doc);
        }
    }

    #[test]
    fn reads_each_message_and_refuses_bad_ones() {
        assert_eq!(read(br#"{"t":"ping"}"#).unwrap(), In::Ping);
        assert_eq!(
            read(br#"{"t":"accept","id":"ab12"}"#).unwrap(),
            In::Accept { id: "ab12".into() }
        );
        assert!(matches!(
            read(br#"{"t":"seek","seek":{"variant":"omega","time":5,"increment":3}}"#).unwrap(),
            In::Seek { .. }
        ));
        for bad in [
            &br#"{"t":"fly"}"#[..],
            br#"{"t":"accept","id":""}"#,
            br#"{"t":"seek"}"#,
            b"[]",
        ] {
            assert_eq!(read(bad).unwrap_err().code, "bad-message");
        }
        assert!(read(&vec![b' '; MAX_MESSAGE_BYTES + 1]).is_err());
    }

    #[test]
    fn an_auto_request_is_one_seek_per_game_and_clock_and_bounded() {
        let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let r = auto_requests(&v(&["omega", "ultima"]), &v(&["5+3", "1+0"]), false, &None).unwrap();
        assert_eq!(r.len(), 4);
        assert!(r.iter().all(|q| q.check(false).is_ok()));
        assert_eq!(r[0].time, Some(5.0));
        assert_eq!(r[0].increment, Some(3.0));
        assert!(auto_requests(&v(&["chess"]), &v(&["5+3"]), false, &None).is_err());
        assert!(auto_requests(&v(&["omega"]), &v(&["1/86400"]), false, &None).is_err());
        assert!(auto_requests(&v(&["omega"]), &[], false, &None).is_err());
        let many: Vec<String> = (1..=4).map(|m| format!("{m}+0")).collect();
        let e = auto_requests(&v(&["omega", "ultima", "hybrid"]), &many, false, &None).unwrap_err();
        assert!(e.message.contains("at most 10"), "{}", e.message);
    }
}
