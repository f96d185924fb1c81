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

/// Sends `v`.
pub async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// The next message (panics after 10 s or on a closed socket).
pub async fn next(ws: &mut Ws) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a message within 10 s");
        if let Some(Ok(Message::Text(t))) = m {
            return serde_json::from_str(&t).unwrap();
        }
        assert!(matches!(m, Some(Ok(_))), "socket closed: {m:?}");
    }
}

/// The next message whose `t` is `kind`, the others skipped.
pub async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let m = next(ws).await;
        if m["t"] == kind {
            return m;
        }
    }
}

/// The next message whose `t` is not `kind` (those skipped).
pub async fn next_but(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let m = next(ws).await;
        if m["t"] != kind {
            return m;
        }
    }
}

/// The lobby socket of `s` (`/ws/lobby`), as the account of API token `bearer` if given;
/// gives it with its `hello`.
pub async fn lobby(s: &Server, bearer: Option<&str>) -> (Ws, Value) {
    let mut req = format!("ws://{}/ws/lobby", s.addr)
        .into_client_request()
        .unwrap();
    if let Some(b) = bearer {
        req.headers_mut()
            .insert("authorization", format!("Bearer {b}").parse().unwrap());
    }
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    let hello = next_of(&mut ws, "hello").await;
    (ws, hello)
}
