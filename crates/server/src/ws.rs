//! The page's WebSocket, `/ws/game/{id}`: JSON messages ([`crate::message`]) in, numbered
//! events out. The handshake checks Origin; the first message says who is there and which
//! event the client has, and the server sends every event after it, then each new one.
//!
//! Server messages:
//! `{"t":"welcome","seat":"white"|"black"|null,"game":{gameFull}}`,
//! `{"t":"event","seq":N,"state":{gameState}}`, `{"t":"ok","re":"move"}`,
//! `{"t":"error","code":"illegal-move","message":"..."}`, `{"t":"pong","at":ms}`,
//! `{"t":"presence","white":bool,"black":bool,"claimFrom":ms|null}` ([`crate::presence`]).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;

use crate::api::error;
use crate::clock::now_ms;
use crate::hub::{Action, Done, Hub, Live};
use crate::message::{self, ClientMessage, MAX_MESSAGE_BYTES};
use crate::record::{seat_name, Seat};

/// How long the client has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// Whether `origin` may open the WebSocket: the server's own host, or one allowed by
/// `--allow-origin`. A request without Origin is not from a browser page and is let in.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed.iter().any(|a| a == origin) {
        return true;
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let bare = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .unwrap_or("");
    !host.is_empty() && bare == host
}

/// The handshake.
pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &hub.config().allow_origins) {
        return error(
            StatusCode::FORBIDDEN,
            "bad-origin",
            "this origin may not open the game",
        );
    }
    if id.len() > 64 {
        return error(StatusCode::NOT_FOUND, "no-game", "no such game");
    }
    let live = match hub.get(&id).await {
        Ok(Some(l)) => l,
        Ok(None) => return error(StatusCode::NOT_FOUND, "no-game", "no such game"),
        Err(r) => return error(StatusCode::INTERNAL_SERVER_ERROR, r.code, &r.message),
    };
    // Messages over MAX_MESSAGE_BYTES get an error answer; frames over 16 times that close
    // the connection (the socket's own limit, so that nothing bigger is ever buffered).
    ws.max_message_size(16 * MAX_MESSAGE_BYTES)
        .max_frame_size(16 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            let mut session = Session {
                hub,
                live,
                socket,
                seat: None,
                sent: HashMap::new(),
                last: 0,
            };
            session.run().await;
            if let Some(s) = session.seat {
                session.live.presence.leave(s);
            }
        })
}

struct Session {
    hub: Arc<Hub>,
    live: Arc<Live>,
    socket: WebSocket,
    seat: Option<Seat>,
    /// When each live event was sent (for the lag measured by acks).
    sent: HashMap<i64, Instant>,
    /// The last event sent.
    last: i64,
}

fn error_message(code: &str, message: &str) -> String {
    json!({ "t": "error", "code": code, "message": message }).to_string()
}

impl Session {
    async fn send(&mut self, text: String) -> bool {
        self.socket.send(Message::Text(text.into())).await.is_ok()
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
        self.send(format!(
            "{{\"t\":\"event\",\"seq\":{seq},\"state\":{state}}}"
        ))
        .await
    }

    /// Waits for the hello, answering errors to anything else.
    async fn hello(&mut self) -> Option<(Option<String>, i64)> {
        let deadline = tokio::time::Instant::now() + HELLO_WITHIN;
        loop {
            let msg = tokio::time::timeout_at(deadline, self.socket.recv())
                .await
                .ok()??
                .ok()?;
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
        if let Some(t) = token {
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
        let live = Arc::clone(&self.live);
        self.hub.catch_up(&live).await;
        let (welcome, mut rx, current) = {
            let st = live.state.lock().await;
            let full = st.rec.full_json(&st.game, now_ms());
            (full, live.subscribe(), st.rec.seq)
        };
        if let Some(s) = self.seat {
            live.presence.join(s);
        }
        let seat = self.seat.map(seat_name);
        if !self
            .send(json!({ "t": "welcome", "seat": seat, "game": welcome }).to_string())
            .await
        {
            return;
        }
        // What the client missed, from the database, up to the event the welcome shows.
        match self
            .hub
            .store()
            .events_since(&live.id, since.min(current))
            .await
        {
            Ok(events) => {
                for (seq, body) in events.into_iter().filter(|(s, _)| *s <= current) {
                    if !self.send_event(seq, &body, false).await {
                        return;
                    }
                }
            }
            Err(e) => {
                self.send(error_message(
                    "server-error",
                    &format!("database error: {e}"),
                ))
                .await;
                return;
            }
        }
        self.last = self.last.max(current);
        let mut presence = live.presence.watch();
        presence.mark_changed();
        loop {
            tokio::select! {
                changed = presence.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    let message = {
                        let st = live.state.lock().await;
                        live.presence.message(&st.rec, &st.game, self.hub.config().abandon_ms)
                    };
                    if !self.send(message.to_string()).await {
                        return;
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
                        let Ok(events) = self.hub.store().events_since(&live.id, self.last).await else {
                            return;
                        };
                        for (seq, body) in events {
                            if !self.send_event(seq, &body, false).await {
                                return;
                            }
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
            ClientMessage::Ping => return Some(json!({ "t": "pong", "at": now_ms() }).to_string()),
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
            Ok(done) => {
                json!({ "t": "ok", "re": re, "changed": done == Done::Changed }).to_string()
            }
            Err(r) => error_message(r.code, &r.message),
        })
    }
}
