//! The page's WebSocket, `/ws/game/{id}`: JSON messages ([`crate::message`]) in, numbered
//! events out. The handshake's Origin and Host are checked by [`crate::guard`]; the first
//! message says who is there and which event the client has, and the server sends every event
//! after it (read a page at a time), then each new one. Messages count against the socket's
//! and the address's quotas ([`crate::quota`]).
//!
//! What goes out waits in the connection's own bounded queue ([`OUT_QUEUE`] messages), written
//! by a task of its own: a live event or presence that finds the queue full drops the
//! connection (the client reconnects and is sent what it missed from the database), and a
//! client that reads nothing for 15 s is let go, so a slow spectator never holds the game's
//! broadcast, the players, or the server's memory.
//!
//! Server messages:
//! `{"t":"welcome","seat":"white"|"black"|null,"game":{gameFull}}`,
//! `{"t":"event","seq":N,"state":{gameState}}`, `{"t":"ok","re":"move"}`,
//! `{"t":"error","code":"illegal-move","message":"..."}`, `{"t":"pong","at":ms}`,
//! `{"t":"presence","white":bool,"black":bool,"claimFrom":ms|null}` ([`crate::presence`]),
//! `{"t":"players","white":{player},"black":{player}}` (a seat taken by an account after the
//! welcome; [`crate::standing`]).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Extension, Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use crate::account::api_token;
use crate::answer::game;
use crate::clock::now_ms;
use crate::delta::Replay;
use crate::hub::{Action, Done, Hub, Live};
use crate::message::{self, ClientMessage, MAX_MESSAGE_BYTES};
use crate::outgoing::Outgoing;
use crate::quota::{closing, AddressMessages, SocketQuota, Verdict, REFUSED};
use crate::standing;
use baroque_engine::Color;

/// How long the client has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// How long one message may wait to go out: a client that reads nothing for this long is let
/// go (it reconnects and is sent what it missed), so that nothing piles up for it. The lobby's
/// socket keeps the same bound.
pub(crate) const SEND_WITHIN: Duration = Duration::from_secs(15);

/// Messages waiting to go out on one connection, at most: a live message finding the queue
/// full drops the connection.
pub const OUT_QUEUE: usize = 64;

/// A WebSocket's limits, the game's and the lobby's: a message over [`MAX_MESSAGE_BYTES`] gets
/// an error answer, and a frame over 16 times that closes the connection (the socket's own
/// limit, so that nothing bigger is ever buffered). The read buffer is a client's longest
/// message: tungstenite zeroes its read buffer (128 KiB by default) at every attempt to read,
/// which each wake of a connection's task makes — a quarter of the lobby server's time at 1,000
/// connections (docs/benchmarks.md; the game's socket, 2,000 spectators pinging once a second,
/// measured 8.3% of a core either way); a bigger message still arrives, in several reads.
pub(crate) fn limits(ws: WebSocketUpgrade) -> WebSocketUpgrade {
    ws.max_message_size(16 * MAX_MESSAGE_BYTES)
        .max_frame_size(16 * MAX_MESSAGE_BYTES)
        .read_buffer_size(MAX_MESSAGE_BYTES)
}

/// Stored events read at a time when a client is sent what it missed: its memory on the
/// server is one page of deltas and the game, however long the game.
const REPLAY_PAGE: i64 = 256;

/// The WebSocket's route (its state the hub).
pub fn routes() -> axum::Router<Arc<Hub>> {
    axum::Router::new().route("/ws/game/{id}", axum::routing::get(upgrade))
}

/// The handshake.
pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    messages: Option<Extension<AddressMessages>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let live = match game(&hub, &id).await {
        Ok(l) => l,
        Err(r) => return r.into_response(),
    };
    // A logged-in player's page plays its account's seat (the cookie only from this server's
    // page: a WebSocket handshake always says its Origin).
    let user = crate::answer::account_of(&hub, &headers, true)
        .await
        .ok()
        .flatten()
        .map(|u| u.id);
    let messages = messages.map(|Extension(m)| m);
    let quota = SocketQuota::of_handshake(messages, peer.ip(), &headers, Instant::now());
    limits(ws).on_upgrade(move |socket| async move {
        let (sink, incoming) = socket.split();
        let (out, queue) = mpsc::channel(OUT_QUEUE);
        tokio::spawn(write_out(sink, queue));
        let mut session = Session {
            hub,
            live,
            out,
            incoming,
            seat: None,
            user,
            sent: HashMap::new(),
            last: 0,
            quota,
        };
        session.run().await;
        if let Some(s) = session.seat {
            session.live.presence.leave(s);
        }
    })
}

/// Writes the connection's queue out, in order, until the session is done with it (its sender
/// dropped) or a message waits more than [`SEND_WITHIN`] to be written (the client reads
/// nothing); then the connection closes.
async fn write_out(mut sink: SplitSink<WebSocket, Message>, mut queue: mpsc::Receiver<Message>) {
    while let Some(m) = queue.recv().await {
        let closing = matches!(m, Message::Close(_));
        if !matches!(
            tokio::time::timeout(SEND_WITHIN, sink.send(m)).await,
            Ok(Ok(()))
        ) {
            return;
        }
        if closing {
            return;
        }
    }
    let _ = tokio::time::timeout(Duration::from_secs(1), sink.close()).await;
}

struct Session {
    hub: Arc<Hub>,
    live: Arc<Live>,
    /// The connection's outgoing queue ([`write_out`]).
    out: mpsc::Sender<Message>,
    incoming: SplitStream<WebSocket>,
    seat: Option<Color>,
    /// The account the handshake's session cookie or API token is logged in as.
    user: Option<String>,
    /// When each live event was sent (for the lag measured by acks).
    sent: HashMap<i64, Instant>,
    /// The last event sent.
    last: i64,
    /// How many messages it may still send.
    quota: SocketQuota,
}

fn error_message(code: &str, message: &str) -> String {
    Outgoing::Error { code, message }.json()
}

impl Session {
    /// Queues an answer or a replayed event, waiting for room as long as a message may wait
    /// to be written; false when the connection is done.
    async fn send(&mut self, text: String) -> bool {
        let sent = tokio::time::timeout(SEND_WITHIN, self.out.send(Message::Text(text.into())));
        matches!(sent.await, Ok(Ok(())))
    }

    /// Queues a live message if there is room; false when the queue is full (the client is
    /// too slow: the connection is dropped, and the client reconnects and replays) or the
    /// connection is done.
    fn push(&mut self, text: String) -> bool {
        self.out.try_send(Message::Text(text.into())).is_ok()
    }

    /// Counts a message received against the quotas: true to handle it, false to drop it
    /// (answered once per run of refusals); `None` when the socket is to be closed.
    async fn admit(&mut self) -> Option<bool> {
        match self.quota.check(Instant::now()) {
            Verdict::Go => Some(true),
            Verdict::Drop => Some(false),
            Verdict::Refuse => {
                let answer = error_message(REFUSED.0, REFUSED.1);
                self.send(answer).await.then_some(false)
            }
            Verdict::Close => {
                let _ =
                    tokio::time::timeout(Duration::from_secs(1), self.out.send(closing())).await;
                None
            }
        }
    }

    /// Sends game events after `after` up to `upto`, made again from the stored deltas read a
    /// page at a time ([`crate::delta::Replay`]); false when the client is gone, an error when
    /// the database failed or a stored event is broken.
    async fn replay(&mut self, after: i64, upto: i64) -> Result<bool, String> {
        if after >= upto {
            return Ok(true);
        }
        let rec = self.live.state.lock().await.rec.clone();
        let mut replay = Replay::start(&rec)?;
        let mut read = 0;
        while read < upto {
            let page = self
                .hub
                .store()
                .events_page(&self.live.id, read, upto, REPLAY_PAGE)
                .await
                .map_err(|e| format!("database error: {e}"))?;
            let Some(&(last, _)) = page.last() else {
                break;
            };
            for (seq, delta) in page {
                replay.step(&delta)?;
                if seq > after && !self.send_event(seq, &replay.line(seq), false).await {
                    return Ok(false);
                }
            }
            read = last;
        }
        Ok(true)
    }

    async fn send_event(&mut self, seq: i64, state: &str, live: bool) -> bool {
        if seq <= self.last {
            return true;
        }
        self.last = seq;
        if live {
            if self.sent.len() > 64 {
                self.sent.clear();
            }
            self.sent.insert(seq, Instant::now());
        }
        let text = Outgoing::event(seq, state);
        if live {
            self.push(text)
        } else {
            self.send(text).await
        }
    }

    /// Waits for the hello, answering errors to anything else.
    async fn hello(&mut self) -> Option<(Option<String>, i64)> {
        let deadline = tokio::time::Instant::now() + HELLO_WITHIN;
        loop {
            let msg = tokio::time::timeout_at(deadline, self.incoming.next())
                .await
                .ok()??
                .ok()?;
            if !self.admit().await? {
                continue;
            }
            let bytes = match &msg {
                Message::Text(t) => t.as_bytes().to_vec(),
                Message::Binary(b) => b.to_vec(),
                Message::Close(_) => return None,
                _ => continue,
            };
            match message::read(&bytes) {
                Ok(ClientMessage::Hello { token, since }) => return Some((token, since)),
                Ok(_) => {
                    self.send(error_message("no-hello", "say hello first"))
                        .await;
                }
                Err(e) => {
                    self.send(error_message("bad-message", &e.0)).await;
                }
            }
        }
    }

    async fn run(&mut self) {
        let Some((token, since)) = self.hello().await else {
            return;
        };
        if let Some(t) = token.as_deref().filter(|t| api_token::well_formed(t)) {
            // A hello with an account's API token: the account's seat.
            match api_token::user(self.hub.store(), t).await {
                Ok(Some((user, _))) => self.user = Some(user.id),
                _ => {
                    self.send(error_message(
                        "bad-token",
                        "that API token is unknown or revoked",
                    ))
                    .await;
                    return;
                }
            }
        } else if let Some(t) = token {
            match self.live.seat_of_token(&t) {
                Some(s) => {
                    // The token's use claims its seat (its invitation is dead from now on).
                    if let Err(r) = self.hub.use_seat(&self.live, s).await {
                        self.send(error_message(r.code, &r.message)).await;
                        return;
                    }
                    self.seat = Some(s);
                }
                None => {
                    self.send(error_message(
                        "bad-token",
                        "that token holds no seat in this game",
                    ))
                    .await;
                    return;
                }
            }
        }
        if let (None, Some(user)) = (self.seat, self.user.clone()) {
            match self.hub.seat_of_user(&self.live, &user).await {
                Ok(Some(s)) => {
                    if let Err(r) = self.hub.use_seat(&self.live, s).await {
                        self.send(error_message(r.code, &r.message)).await;
                        return;
                    }
                    self.seat = Some(s);
                }
                Ok(None) => {}
                Err(r) => {
                    self.send(error_message(r.code, &r.message)).await;
                    return;
                }
            }
        }
        let live = Arc::clone(&self.live);
        self.hub.catch_up(&live).await;
        let seats = live.state.lock().await.rec.seats();
        let people = standing::shown(self.hub.store(), &seats).await;
        let mut shown_users = seats.users;
        let (welcome, mut rx, current) = {
            let st = live.state.lock().await;
            let full = st.rec.full_json(&st.game, now_ms(), &people);
            (full, live.subscribe(), st.rec.seq)
        };
        if let Some(s) = self.seat {
            live.presence.join(s);
        }
        // A spectator is counted while its socket lives (the live list and the API show it).
        let _watching = self.seat.is_none().then(|| live.watch());
        let seat = self.seat.map(Color::as_str);
        if !self
            .send(
                Outgoing::Welcome {
                    seat,
                    game: welcome,
                }
                .json(),
            )
            .await
        {
            return;
        }
        // What the client missed, from the database, up to the event the welcome shows.
        match self.replay(since.min(current), current).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                self.send(error_message("server-error", &e)).await;
                return;
            }
        }
        self.last = self.last.max(current);
        let mut presence = live.presence.watch();
        presence.mark_changed();
        // The spectators on every server: told now if there are any, then as it changes.
        let mut crowd = live.crowd();
        if *crowd.borrow_and_update() > 0 {
            crowd.mark_changed();
        }
        loop {
            tokio::select! {
                // The writer gave up on the client (it read nothing for too long).
                () = self.out.closed() => return,
                changed = crowd.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    let spectators = *crowd.borrow_and_update();
                    if !self.push(Outgoing::Crowd { spectators }.json()) {
                        return;
                    }
                }
                changed = presence.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    let (message, seats) = {
                        let st = live.state.lock().await;
                        let m = live.presence.message(&st.rec, &st.game, self.hub.config().abandon_ms);
                        (m, st.rec.seats())
                    };
                    if !self.push(message.json()) {
                        return;
                    }
                    // A seat taken by an account since (it connects): its name and rating.
                    if seats.users != shown_users {
                        let people = standing::shown(self.hub.store(), &seats).await;
                        let players = {
                            let st = live.state.lock().await;
                            Outgoing::Players {
                                white: st.rec.player(Color::White, &people),
                                black: st.rec.player(Color::Black, &people),
                            }
                            .json()
                        };
                        shown_users = seats.users;
                        if !self.push(players) {
                            return;
                        }
                    }
                }
                ev = rx.recv() => match ev {
                    Ok(ev) => {
                        if !self.send_event(ev.seq, &ev.json, true).await {
                            return;
                        }
                    }
                    Err(RecvError::Lagged(_)) => {
                        // Too far behind: the missed events from the database.
                        if !matches!(self.replay(self.last, i64::MAX).await, Ok(true)) {
                            return;
                        }
                    }
                    Err(RecvError::Closed) => return,
                },
                msg = self.incoming.next() => {
                    let Some(Ok(msg)) = msg else { return };
                    match self.admit().await {
                        Some(true) => {}
                        Some(false) => continue,
                        None => return,
                    }
                    let bytes = match &msg {
                        Message::Text(t) => t.as_bytes().to_vec(),
                        Message::Binary(b) => b.to_vec(),
                        Message::Close(_) => return,
                        _ => continue,
                    };
                    let answer = self.handle(&bytes).await;
                    // The events the action made go out before its answer.
                    while let Ok(ev) = rx.try_recv() {
                        if !self.send_event(ev.seq, &ev.json, true).await {
                            return;
                        }
                    }
                    if let Some(a) = answer {
                        if !self.send(a).await {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// The answer to one message (none to an ack).
    async fn handle(&mut self, bytes: &[u8]) -> Option<String> {
        let m = match message::read(bytes) {
            Ok(m) => m,
            Err(e) => return Some(error_message("bad-message", &e.0)),
        };
        let (action, re) = match m {
            ClientMessage::Ack { seq } => {
                if let (Some(s), Some(at)) = (self.seat, self.sent.remove(&seq)) {
                    self.live.lag.round_trip(s, at.elapsed().as_millis() as i64);
                }
                return None;
            }
            ClientMessage::Ping => return Some(Outgoing::Pong { at: now_ms() }.json()),
            ClientMessage::Hello { .. } => {
                return Some(error_message("hello-again", "hello was said already"))
            }
            ClientMessage::Move { text, ply } => {
                if let Some(s) = self.seat {
                    // The last event sent still unacked: this client holds its acks back.
                    self.live
                        .lag
                        .withheld(s, self.sent.contains_key(&self.last));
                }
                (Action::Move { text, ply }, "move")
            }
            ClientMessage::Resign => (Action::Resign, "resign"),
            ClientMessage::Draw { yes } => (Action::Draw(yes), "draw"),
            ClientMessage::Takeback { yes } => (Action::Takeback(yes), "takeback"),
            ClientMessage::Rematch { yes } => (Action::Rematch(yes), "rematch"),
            ClientMessage::Claim => (Action::Claim, "claim"),
            ClientMessage::Abort => (Action::Abort, "abort"),
        };
        let Some(seat) = self.seat else {
            return Some(error_message("spectator", "a spectator cannot play"));
        };
        Some(match self.hub.act(&self.live, seat, action).await {
            Ok(done) => Outgoing::Ok {
                re,
                changed: done == Done::Changed,
            }
            .json(),
            Err(r) => error_message(r.code, &r.message),
        })
    }
}
