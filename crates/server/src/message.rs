//! The WebSocket's client messages: JSON objects tagged by `t`, read with a size limit and
//! every field checked, so that any bytes give a message or an error, never a panic.
//!
//! ```json
//! {"t":"hello","token":"<seat token, absent for a spectator>","since":12}
//! {"t":"move","move":"e2e4","ply":6}
//! {"t":"resign"}
//! {"t":"draw","yes":true}
//! {"t":"takeback","yes":false}
//! {"t":"rematch","yes":true}
//! {"t":"claim"}
//! {"t":"abort"}
//! {"t":"ack","seq":13}
//! {"t":"ping"}
//! ```

use serde::Deserialize;

/// The largest message read, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The longest move text or token read.
const MAX_FIELD: usize = 64;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the seat's token (none for a spectator) and the number of the last
    /// event the client has (0 for none): the server sends the events after it.
    Hello {
        /// The seat token.
        #[serde(default)]
        token: Option<String>,
        /// The last event the client has.
        #[serde(default)]
        since: i64,
    },
    /// A move; `ply` is the number of plies played before it as the client saw.
    Move {
        /// The move text.
        #[serde(rename = "move")]
        text: String,
        /// Plies before it.
        #[serde(default)]
        ply: Option<usize>,
    },
    /// Resign.
    Resign,
    /// Offer or accept a draw (`yes`), or decline one.
    Draw {
        /// Offer/accept or decline.
        yes: bool,
    },
    /// Ask for or accept a takeback (`yes`), or decline one.
    Takeback {
        /// Ask/accept or decline.
        yes: bool,
    },
    /// Offer or accept a rematch (`yes`), or decline one.
    Rematch {
        /// Offer/accept or decline.
        yes: bool,
    },
    /// Claim the win from an opponent gone too long.
    Claim,
    /// Abort a game not both sides have moved in.
    Abort,
    /// The client has every event up to `seq`.
    Ack {
        /// The event number.
        seq: i64,
    },
    /// Asks for a `pong`.
    Ping,
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageError(pub String);

impl std::fmt::Display for MessageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reads one message.
pub fn read(bytes: &[u8]) -> Result<ClientMessage, MessageError> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(MessageError(format!(
            "message of {} bytes; the limit is {MAX_MESSAGE_BYTES}",
            bytes.len()
        )));
    }
    let m: ClientMessage =
        serde_json::from_slice(bytes).map_err(|e| MessageError(format!("bad message: {e}")))?;
    let long = match &m {
        ClientMessage::Hello { token: Some(t), .. } => t.len() > MAX_FIELD,
        ClientMessage::Move { text, .. } => text.is_empty() || text.len() > MAX_FIELD,
        _ => false,
    };
    if long {
        return Err(MessageError(
            "bad message: a field is empty or too long".into(),
        ));
    }
    if let ClientMessage::Hello { since, .. } | ClientMessage::Ack { seq: since } = &m {
        if *since < 0 {
            return Err(MessageError("bad message: a negative event number".into()));
        }
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_message() {
        assert_eq!(
            read(br#"{"t":"move","move":"e2e4","ply":3}"#),
            Ok(ClientMessage::Move {
                text: "e2e4".into(),
                ply: Some(3)
            })
        );
        assert_eq!(
            read(br#"{"t":"hello","since":4}"#),
            Ok(ClientMessage::Hello {
                token: None,
                since: 4
            })
        );
        assert_eq!(
            read(br#"{"t":"draw","yes":false}"#),
            Ok(ClientMessage::Draw { yes: false })
        );
        assert_eq!(
            read(br#"{"t":"ack","seq":9}"#),
            Ok(ClientMessage::Ack { seq: 9 })
        );
        assert_eq!(read(br#"{"t":"claim"}"#), Ok(ClientMessage::Claim));
        assert_eq!(read(br#"{"t":"abort"}"#), Ok(ClientMessage::Abort));
    }

    #[test]
    fn rejects_bad_messages() {
        for bad in [
            &b"not json"[..],
            br#"{"t":"fly"}"#,
            br#"{"t":"move"}"#,
            br#"{"t":"move","move":""}"#,
            br#"{"t":"move","move":"e2e4","ply":-1}"#,
            br#"{"t":"ack","seq":-5}"#,
            br#"{"t":"move","move":"e2e4","extra":1}"#,
            br#"[1,2]"#,
        ] {
            assert!(read(bad).is_err(), "{:?}", String::from_utf8_lossy(bad));
        }
        let big = vec![b' '; MAX_MESSAGE_BYTES + 1];
        assert!(read(&big).unwrap_err().0.contains("limit"));
    }
}
