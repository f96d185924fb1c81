//! Spectator counts across servers: each server counts the spectators connected to it per game
//! ([`crate::hub::Live::watchers`]) and, once every [`EVERY`], publishes the counts that changed
//! since its last publication on the PostgreSQL channel [`CHANNEL`] (`SERVER id=n id=n …`, a
//! count of 0 when a game's last spectator left); every [`FULL_EVERY`] ticks it publishes all its
//! nonzero counts again, so that a server that starts late learns them and a dead server's
//! counts, no longer repeated, are forgotten after [`STALE`]. A game's total is this server's
//! count plus the others' ([`Crowd::elsewhere`]). The cost is one notification per server per
//! second at most (several if the changes overflow one payload), whatever the number of joins.
//!
//! Players and spectators of a game are told the total by the WebSocket's `crowd` message, at
//! most once per [`EVERY`] (the tick that publishes sets it, [`crate::hub::Hub::tell_crowds`]).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The PostgreSQL channel the counts are published on.
pub const CHANNEL: &str = "baroque_crowd";

/// How often counts are published and players told the totals.
pub const EVERY: Duration = Duration::from_secs(1);

/// Every this many ticks a server publishes all its nonzero counts again.
pub const FULL_EVERY: u32 = 10;

/// Another server's count not repeated for this long is forgotten (its server died).
pub const STALE: Duration = Duration::from_secs(30);

/// The longest payload sent in one notification (PostgreSQL's limit is 8,000 bytes).
const MAX_PAYLOAD: usize = 7_000;

/// Server → (count, when heard): the other servers' counts of one game.
type Heard = HashMap<String, (usize, Instant)>;

/// One server's view of the crowds: its own counts as last published, the others' as heard.
#[derive(Debug, Default)]
pub struct Crowd {
    /// This server's name in the payloads (its own notifications are ignored).
    me: OnceLock<String>,
    /// Game → count, as this server last published them (zeros dropped).
    published: Mutex<HashMap<String, usize>>,
    /// Game → server → (count, when heard), other servers' nonzero counts.
    remote: Mutex<HashMap<String, Heard>>,
}

impl Crowd {
    /// An empty view.
    pub fn new() -> Crowd {
        Crowd::default()
    }

    /// Names this server (once; later names are ignored).
    pub fn name(&self, me: &str) {
        let _ = self.me.set(me.to_string());
    }

    /// This server's name, empty until named.
    pub fn me(&self) -> &str {
        self.me.get().map_or("", String::as_str)
    }

    /// The counts to publish now, given this server's `local` counts (games not in it have
    /// none): the changed ones (a 0 for a game whose spectators all left), or with `full` every
    /// nonzero one and the zeros. Records them as published.
    pub fn changes(&self, local: &HashMap<String, usize>, full: bool) -> Vec<(String, usize)> {
        let Ok(mut published) = self.published.lock() else {
            return Vec::new();
        };
        let mut out: Vec<(String, usize)> = published
            .keys()
            .filter(|id| local.get(*id).copied().unwrap_or(0) == 0)
            .map(|id| (id.clone(), 0))
            .collect();
        for (id, &n) in local {
            if n > 0 && (full || published.get(id) != Some(&n)) {
                out.push((id.clone(), n));
            }
        }
        for (id, n) in &out {
            if *n == 0 {
                published.remove(id);
            } else {
                published.insert(id.clone(), *n);
            }
        }
        out.sort();
        out
    }

    /// Takes a notification's payload heard at `at` (this server's own are ignored; a payload
    /// that does not read is dropped).
    pub fn heard(&self, payload: &str, at: Instant) {
        let Some((server, counts)) = parse(payload) else {
            return;
        };
        if server == self.me() {
            return;
        }
        let Ok(mut remote) = self.remote.lock() else {
            return;
        };
        for (id, n) in counts {
            if n == 0 {
                if let Some(servers) = remote.get_mut(id) {
                    servers.remove(server);
                    if servers.is_empty() {
                        remote.remove(id);
                    }
                }
            } else {
                remote
                    .entry(id.to_string())
                    .or_default()
                    .insert(server.to_string(), (n, at));
            }
        }
    }

    /// Forgets the counts not repeated within [`STALE`] of `now`.
    pub fn forget_stale(&self, now: Instant) {
        if let Ok(mut remote) = self.remote.lock() {
            remote.retain(|_, servers| {
                servers.retain(|_, (_, at)| now.saturating_duration_since(*at) < STALE);
                !servers.is_empty()
            });
        }
    }

    /// Spectators of game `id` connected to other servers.
    pub fn elsewhere(&self, id: &str) -> usize {
        self.remote
            .lock()
            .ok()
            .and_then(|r| r.get(id).map(|s| s.values().map(|(n, _)| n).sum()))
            .unwrap_or(0)
    }
}

/// The payloads that carry `counts` from `server`: `SERVER id=n id=n …`, each within
/// [`MAX_PAYLOAD`] bytes.
pub fn payloads(server: &str, counts: &[(String, usize)]) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = server.to_string();
    for (id, n) in counts {
        let item = format!(" {id}={n}");
        if line.len() + item.len() > MAX_PAYLOAD && line.len() > server.len() {
            out.push(std::mem::replace(&mut line, server.to_string()));
        }
        line.push_str(&item);
    }
    if line.len() > server.len() {
        out.push(line);
    }
    out
}

/// A payload read: the server and its counts (`None` if it does not read).
pub fn parse(payload: &str) -> Option<(&str, Vec<(&str, usize)>)> {
    let mut words = payload.split(' ');
    let server = words.next().filter(|s| !s.is_empty())?;
    let counts = words
        .map(|w| {
            let (id, n) = w.split_once('=')?;
            Some((id, n.parse().ok()?))
        })
        .collect::<Option<Vec<_>>>()?;
    Some((server, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(pairs: &[(&str, usize)]) -> HashMap<String, usize> {
        pairs.iter().map(|(id, n)| (id.to_string(), *n)).collect()
    }

    fn owned(pairs: &[(&str, usize)]) -> Vec<(String, usize)> {
        pairs.iter().map(|(id, n)| (id.to_string(), *n)).collect()
    }

    #[test]
    fn only_changes_are_published_until_a_full_round() {
        let c = Crowd::new();
        assert_eq!(
            c.changes(&counts(&[("a", 2), ("b", 0)]), false),
            owned(&[("a", 2)])
        );
        assert_eq!(c.changes(&counts(&[("a", 2)]), false), owned(&[]));
        assert_eq!(
            c.changes(&counts(&[("a", 3), ("c", 1)]), false),
            owned(&[("a", 3), ("c", 1)])
        );
        // The last spectator of a left (or its game was let go): a zero, once.
        assert_eq!(c.changes(&counts(&[("c", 1)]), false), owned(&[("a", 0)]));
        assert_eq!(c.changes(&counts(&[("c", 1)]), false), owned(&[]));
        assert_eq!(c.changes(&counts(&[("c", 1)]), true), owned(&[("c", 1)]));
    }

    #[test]
    fn other_servers_counts_add_up_and_are_forgotten_when_stale() {
        let c = Crowd::new();
        c.name("me");
        let t0 = Instant::now();
        c.heard("A g1=2 g2=1", t0);
        c.heard("B g1=3", t0);
        c.heard("me g1=100", t0);
        c.heard("garbage g1=x", t0);
        assert_eq!((c.elsewhere("g1"), c.elsewhere("g2")), (5, 1));
        c.heard("A g1=0", t0);
        assert_eq!(c.elsewhere("g1"), 3);
        c.heard("A g2=1", t0 + STALE);
        c.forget_stale(t0 + STALE);
        assert_eq!((c.elsewhere("g1"), c.elsewhere("g2")), (0, 1));
    }

    #[test]
    fn payloads_are_split_within_the_limit_and_read_back() {
        let many: Vec<(String, usize)> = (0..2_000).map(|i| (format!("game{i:05}"), i)).collect();
        let lines = payloads("srv", &many);
        assert!(lines.len() > 1);
        let mut back = Vec::new();
        for line in &lines {
            assert!(line.len() <= MAX_PAYLOAD, "{}", line.len());
            let (server, counts) = parse(line).unwrap();
            assert_eq!(server, "srv");
            back.extend(counts.into_iter().map(|(id, n)| (id.to_string(), n)));
        }
        assert_eq!(back, many);
        assert!(payloads("srv", &[]).is_empty());
        assert_eq!(parse("srv"), Some(("srv", vec![])));
        assert_eq!(parse(""), None);
    }
}
