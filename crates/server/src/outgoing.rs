//! What the server sends on the page's WebSocket ([`crate::ws`]), typed: each message is a
//! variant of [`Outgoing`], its kind in `t`, its fields in the order docs/online.md shows
//! them.

use serde::Serialize;
use serde_json::Value;

use crate::record::Player;

/// A server message on the WebSocket.
#[derive(Debug, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Outgoing<'a> {
    /// The first answer to `hello`: the seat the token holds (`null` for a spectator) and the
    /// game's `gameFull`.
    Welcome {
        /// `white`, `black` or none.
        seat: Option<&'static str>,
        /// The `gameFull` object.
        game: Value,
    },
    /// An action was accepted.
    Ok {
        /// The action's message type (`move`, `resign`, ...).
        re: &'static str,
        /// Whether it changed the game (false: applied already, or the offer stood).
        changed: bool,
    },
    /// A message or an action was refused.
    Error {
        /// Kebab-case id.
        code: &'a str,
        /// What went wrong.
        message: &'a str,
    },
    /// The answer to `ping`: the server's time (ms).
    Pong {
        /// Server ms.
        at: i64,
    },
    /// Who is connected, and from when the opponent may be claimed gone ([`crate::presence`]).
    Presence {
        /// White connected.
        white: bool,
        /// Black connected.
        black: bool,
        /// When a claim of victory may be made, if it may.
        #[serde(rename = "claimFrom")]
        claim_from: Option<i64>,
    },
    /// The players, as the `gameFull` shows them, when they changed after the welcome (an
    /// account took the open seat: its name and rating by the clocks).
    Players {
        /// White's player.
        white: Player<'a>,
        /// Black's player.
        black: Player<'a>,
    },
    /// The game's spectators on every server ([`crate::crowd`]), told at most once a second.
    Crowd {
        /// How many.
        spectators: usize,
    },
}

impl Outgoing<'_> {
    /// The message as JSON text.
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            // Only a map with non-string keys fails to serialize; no message has one.
            format!(r#"{{"t":"error","code":"server-error","message":"{e}"}}"#)
        })
    }

    /// Numbered event `seq` around its stored `gameState` text, as it was stored:
    /// `{"t":"event","seq":N,"state":{gameState}}`. The one message framed by hand: the stored
    /// text goes out as it is, neither parsed again nor copied into a value (a long replay
    /// sends thousands).
    pub fn event(seq: i64, state: &str) -> String {
        format!(r#"{{"t":"event","seq":{seq},"state":{state}}}"#)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standing::Standing;

    /// The server → client block of docs/online.md.
    fn documented() -> Vec<&'static str> {
        crate::documented_block("Server → client (")
    }

    #[test]
    fn each_message_is_byte_for_byte_as_documented() {
        // The documented `{…gameFull…}` and `{…gameState…}` stand for whole objects.
        let full = serde_json::json!({ "type": "gameFull" });
        let state = r#"{"type":"gameState"}"#;
        let ours = [
            Outgoing::Welcome {
                seat: Some("white"),
                game: full,
            }
            .json(),
            Outgoing::event(5, state),
            Outgoing::Ok {
                re: "move",
                changed: true,
            }
            .json(),
            Outgoing::Error {
                code: "illegal-move",
                message: "illegal move 'e1e9': …",
            }
            .json(),
            Outgoing::Pong { at: 1796464012345 }.json(),
            Outgoing::Presence {
                white: true,
                black: false,
                claim_from: Some(1796464072345),
            }
            .json(),
            Outgoing::Players {
                white: Player {
                    id: "alice",
                    name: "Alice",
                    account: Some(&Standing {
                        user: "alice".into(),
                        name: "Alice".into(),
                        title: None,
                        rating: 1500,
                        provisional: true,
                    }),
                },
                black: Player {
                    id: "black",
                    name: "black",
                    account: None,
                },
            }
            .json(),
            Outgoing::Crowd { spectators: 3 }.json(),
        ];
        let docs: Vec<String> = documented()
            .iter()
            .map(|l| {
                l.replace("{…gameFull…}", r#"{"type":"gameFull"}"#)
                    .replace("{…gameState…}", state)
            })
            .collect();
        assert_eq!(docs.len(), ours.len(), "{docs:?}");
        for (doc, ours) in docs.iter().zip(&ours) {
            assert_eq!(ours, doc);
        }
    }

    #[test]
    fn a_spectator_has_no_seat_and_nobody_may_be_claimed_gone() {
        let welcome = Outgoing::Welcome {
            seat: None,
            game: Value::Null,
        };
        assert_eq!(welcome.json(), r#"{"t":"welcome","seat":null,"game":null}"#);
        let presence = Outgoing::Presence {
            white: false,
            black: false,
            claim_from: None,
        };
        assert_eq!(
            presence.json(),
            r#"{"t":"presence","white":false,"black":false,"claimFrom":null}"#
        );
    }
}
