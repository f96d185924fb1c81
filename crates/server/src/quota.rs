//! Quotas on what one client may ask of the server, beyond the per-address request rate of
//! [`crate::limit`]:
//! - WebSocket messages: a token bucket per socket ([`SOCKET_RATE`] a second, bursts of
//!   [`SOCKET_BURST`]) and one per address (the `--rate` of requests, counted apart). A message
//!   over either is refused with `{"t":"error","code":"rate-limited",…}` (said once per run of
//!   refusals), and a socket refused [`CLOSE_AFTER`] times in a row is closed (code 1008).
//! - Offers (a draw, a takeback, a rematch asked for or accepted): at most [`OFFERS_PER_MINUTE`]
//!   per side of a game in any minute, whatever the connection, so that offers and their
//!   withdrawals cannot fill the database with events.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::hub::Action;
use crate::limit::Limiter;
use baroque_engine::piece::ByColor;
use baroque_engine::Color;

/// Messages a second one WebSocket may send, on average.
pub const SOCKET_RATE: f64 = 8.0;

/// Messages one WebSocket may send at once.
pub const SOCKET_BURST: f64 = 24.0;

/// Refusals in a row after which a socket is closed.
pub const CLOSE_AFTER: u32 = 32;

/// Offers one side of a game may make in any minute.
pub const OFFERS_PER_MINUTE: usize = 4;

/// A token bucket: `rate` tokens a second, holding at most `burst`.
#[derive(Debug)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket at `now`.
    pub fn new(rate: f64, burst: f64, now: Instant) -> Bucket {
        Bucket {
            rate,
            burst,
            tokens: burst,
            at: now,
        }
    }

    /// Takes a token at `now`; false when there is none.
    pub fn take(&mut self, now: Instant) -> bool {
        let refill = now.saturating_duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The per-address bucket of WebSocket messages, shared by every socket (an axum extension).
#[derive(Clone, Debug)]
pub struct AddressMessages(pub Arc<Limiter>);

/// What to do with a message a socket sent.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Handle it.
    Go,
    /// Drop it, answering `rate-limited` (the first refusal of a run).
    Refuse,
    /// Drop it silently (the run of refusals was answered already).
    Drop,
    /// Close the socket: it kept sending past its quota.
    Close,
}

/// The error a [`Verdict::Refuse`] answers with: its code and its words.
pub const REFUSED: (&str, &str) = ("rate-limited", "too many messages: slow down");

/// The message closing a socket on a [`Verdict::Close`] (code 1008, policy, `rate-limited`).
pub fn closing() -> axum::extract::ws::Message {
    use axum::extract::ws::{close_code, CloseFrame, Message};
    Message::Close(Some(CloseFrame {
        code: close_code::POLICY,
        reason: REFUSED.0.into(),
    }))
}

/// One socket's message quota.
#[derive(Debug)]
pub struct SocketQuota {
    bucket: Bucket,
    address: Option<(AddressMessages, IpAddr)>,
    refused: u32,
}

impl SocketQuota {
    /// The quota of a socket from `ip`, counted also in `address`'s bucket for it.
    pub fn new(address: Option<(AddressMessages, IpAddr)>, now: Instant) -> SocketQuota {
        SocketQuota {
            bucket: Bucket::new(SOCKET_RATE, SOCKET_BURST, now),
            address,
            refused: 0,
        }
    }

    /// The quota of a socket whose handshake came from `peer` with `headers`, counted also in
    /// the server's per-address bucket when it has one (`messages`), for the client's address
    /// (read behind a trusted proxy from `X-Forwarded-For`, [`Limiter::client`]).
    pub fn of_handshake(
        messages: Option<AddressMessages>,
        peer: IpAddr,
        headers: &axum::http::HeaderMap,
        now: Instant,
    ) -> SocketQuota {
        let address = messages.map(|m| {
            let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
            let ip = m.0.client(peer, forwarded);
            (m, ip)
        });
        SocketQuota::new(address, now)
    }

    /// Counts a message received at `now`.
    pub fn check(&mut self, now: Instant) -> Verdict {
        let socket = self.bucket.take(now);
        let address = match &self.address {
            Some((AddressMessages(limiter), ip)) => socket && limiter.allow(*ip, now),
            None => true,
        };
        if socket && address {
            self.refused = 0;
            return Verdict::Go;
        }
        self.refused += 1;
        match self.refused {
            1 => Verdict::Refuse,
            n if n >= CLOSE_AFTER => Verdict::Close,
            _ => Verdict::Drop,
        }
    }
}

/// Whether `action` offers (or accepts) something: what [`Offers`] counts.
pub fn is_offer(action: &Action) -> bool {
    matches!(
        action,
        Action::Draw(true) | Action::Takeback(true) | Action::Rematch(true)
    )
}

/// The offers each side of one game made in the last minute (times in ms).
#[derive(Debug, Default)]
pub struct Offers {
    made: Mutex<ByColor<VecDeque<i64>>>,
}

impl Offers {
    /// Counts an offer by `seat` at `now_ms`; false (nothing counted) when the side made
    /// [`OFFERS_PER_MINUTE`] in the minute before.
    pub fn take(&self, seat: Color, now_ms: i64) -> bool {
        let Ok(mut made) = self.made.lock() else {
            return true;
        };
        let side = &mut made[seat];
        while side.front().is_some_and(|&t| t <= now_ms - 60_000) {
            side.pop_front();
        }
        if side.len() >= OFFERS_PER_MINUTE {
            return false;
        }
        side.push_back(now_ms);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_flooding_socket_is_answered_once_then_closed() {
        let t0 = Instant::now();
        let mut q = SocketQuota::new(None, t0);
        let verdicts: Vec<Verdict> = (0..100).map(|_| q.check(t0)).collect();
        assert!(verdicts[..24].iter().all(|v| *v == Verdict::Go));
        assert_eq!(verdicts[24], Verdict::Refuse);
        assert_eq!(verdicts[25], Verdict::Drop);
        assert_eq!(verdicts[24 + 31], Verdict::Close);
        // An honest pace is never refused.
        let mut q = SocketQuota::new(None, t0);
        assert!((0..200).all(|i| q.check(t0 + Duration::from_millis(200 * i)) == Verdict::Go));
    }

    #[test]
    fn the_address_bucket_counts_every_socket_of_the_address() {
        let t0 = Instant::now();
        let shared = AddressMessages(Limiter::new(5));
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let mut a = SocketQuota::new(Some((shared.clone(), ip)), t0);
        let mut b = SocketQuota::new(Some((shared, ip)), t0);
        let went = (0..10)
            .flat_map(|_| [a.check(t0), b.check(t0)])
            .filter(|v| *v == Verdict::Go)
            .count();
        assert_eq!(went, 10);
    }

    #[test]
    fn offers_are_capped_per_side_and_minute() {
        let o = Offers::default();
        let (w, b) = (Color::White, Color::Black);
        assert!((0..OFFERS_PER_MINUTE).all(|i| o.take(w, 1000 + i as i64)));
        assert!(!o.take(w, 2000));
        assert!(o.take(b, 2000), "the other side has its own");
        assert!(o.take(w, 61_001), "a minute later");
        assert!(is_offer(&Action::Draw(true)) && !is_offer(&Action::Draw(false)));
    }
}
