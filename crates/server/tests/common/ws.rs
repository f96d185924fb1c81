//! WebSocket clients for the tests.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use super::Server;

/// A client's socket.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens game `id`'s WebSocket.
pub async fn connect(s: &Server, id: &str) -> Ws {
    tokio_tungstenite::connect_async(format!("ws://{}/ws/game/{id}", s.addr))
        .await
        .expect("the socket opens")
        .0
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
