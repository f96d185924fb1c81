//! WebSocket clients for the tests.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use super::Server;

/// A client's socket.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the WebSocket at `url` (`ws://…`), sending `origin` if given; the error's text if the
/// server refuses.
pub async fn open(url: &str, origin: Option<&str>) -> Result<Ws, String> {
    let mut req = url.into_client_request().unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("origin", o.parse().unwrap());
    }
    tokio_tungstenite::connect_async(req)
        .await
        .map(|(w, _)| w)
        .map_err(|e| e.to_string())
}

/// Game `id`'s WebSocket on `s`, sending `origin` if given.
pub async fn connect_from(s: &Server, id: &str, origin: Option<&str>) -> Result<Ws, String> {
    open(&format!("ws://{}/ws/game/{id}", s.addr), origin).await
}

/// Opens game `id`'s WebSocket.
pub async fn connect(s: &Server, id: &str) -> Ws {
    connect_from(s, id, None).await.expect("the socket opens")
}

/// Opens game `id`'s WebSocket and says `hello` (a `{"t":"hello",…}` message); gives the socket
/// once welcomed.
pub async fn hello(s: &Server, id: &str, hello: Value) -> Ws {
    let mut ws = connect(s, id).await;
    send(&mut ws, hello).await;
    next_of(&mut ws, "welcome").await;
    ws
}

/// A socket whose messages the tests read: a game's ([`Ws`]) or the lobby's ([`LobbyWs`]).
#[allow(async_fn_in_trait)]
pub trait Socket {
    /// The next message (panics after 10 s or on a closed socket).
    async fn message(&mut self) -> Value;
    /// Sends `v`.
    async fn say(&mut self, v: Value);
}

impl Socket for Ws {
    async fn message(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.next())
                .await
                .expect("a message within 10 s");
            if let Some(Ok(Message::Text(t))) = m {
                return serde_json::from_str(&t).unwrap();
            }
            assert!(matches!(m, Some(Ok(_))), "socket closed: {m:?}");
        }
    }

    async fn say(&mut self, v: Value) {
        self.send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }
}

/// A lobby socket: a `batch` frame's messages are read one by one (docs/online.md, "The
/// lobby"); `frames` counts the frames read.
pub struct LobbyWs {
    /// The socket.
    pub ws: Ws,
    /// The messages of the last frame not read yet.
    queue: std::collections::VecDeque<Value>,
    /// Frames read.
    pub frames: usize,
}

impl Socket for LobbyWs {
    async fn message(&mut self) -> Value {
        loop {
            if let Some(m) = self.queue.pop_front() {
                return m;
            }
            let m = self.ws.message().await;
            self.frames += 1;
            if m["t"] == "batch" {
                let all = m["m"].as_array().expect("a batch's messages");
                assert!(all.len() > 1, "a batch of one: {m}");
                assert!(all.iter().all(|x| x["t"] != "batch"), "{m}");
                self.queue.extend(all.iter().cloned());
            } else {
                return m;
            }
        }
    }

    async fn say(&mut self, v: Value) {
        self.ws.say(v).await
    }
}

/// Sends `v`.
pub async fn send(ws: &mut impl Socket, v: Value) {
    ws.say(v).await
}

/// The next message (panics after 10 s or on a closed socket).
pub async fn next(ws: &mut impl Socket) -> Value {
    ws.message().await
}

/// The next message whose `t` is `kind`, the others skipped.
pub async fn next_of(ws: &mut impl Socket, kind: &str) -> Value {
    loop {
        let m = next(ws).await;
        if m["t"] == kind {
            return m;
        }
    }
}

/// The next message whose `t` is not `kind` (those skipped).
pub async fn next_but(ws: &mut impl Socket, kind: &str) -> Value {
    loop {
        let m = next(ws).await;
        if m["t"] != kind {
            return m;
        }
    }
}

/// The lobby socket of `s` (`/ws/lobby`), as the account of API token `bearer` if given;
/// gives it with its `hello`.
pub async fn lobby(s: &Server, bearer: Option<&str>) -> (LobbyWs, Value) {
    let mut req = format!("ws://{}/ws/lobby", s.addr)
        .into_client_request()
        .unwrap();
    if let Some(b) = bearer {
        req.headers_mut()
            .insert("authorization", format!("Bearer {b}").parse().unwrap());
    }
    let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    let mut ws = LobbyWs {
        ws,
        queue: Default::default(),
        frames: 0,
    };
    let hello = next_of(&mut ws, "hello").await;
    (ws, hello)
}
