//! Cross-site requests and password guessing.
//!
//! - [`origin`]: where a request comes from, by its `Origin` (or, without one, its
//!   `Sec-Fetch-Site`). A request changing state with the session cookie must prove it comes
//!   from the server's own page ([`Origin::Same`]); a signup or login must not come from another
//!   site (a script without either header may log in). Bearer requests are not checked: a
//!   browser never adds a token to another site's request.
//! - [`Throttle`]: failed logins per name ([`PER_NAME`] per [`WINDOW`]) and per address
//!   ([`PER_ADDRESS`]), and new accounts per address ([`SIGNUPS`] per hour). While a name or an
//!   address is over its count every login with it is refused, the right password too. Counts
//!   are kept in this server's memory.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap};

/// Where a request comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The server's own page (or an origin allowed by `--allow-origin`).
    Same,
    /// Another site.
    Cross,
    /// Unknown: neither `Origin` nor `Sec-Fetch-Site` (curl, scripts).
    Unknown,
}

/// Where the request comes from; `allowed` are the origins allowed besides the server's own.
pub fn origin(headers: &HeaderMap, allowed: &[String]) -> Origin {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(o) = text(header::ORIGIN.as_str()) {
        let host = text(header::HOST.as_str()).unwrap_or("");
        let authority = o
            .strip_prefix("https://")
            .or_else(|| o.strip_prefix("http://"));
        return if authority.is_some_and(|a| !host.is_empty() && a.eq_ignore_ascii_case(host))
            || allowed.iter().any(|a| a == o)
        {
            Origin::Same
        } else {
            Origin::Cross
        };
    }
    match text("sec-fetch-site") {
        Some("same-origin") | Some("none") => Origin::Same,
        Some(_) => Origin::Cross,
        None => Origin::Unknown,
    }
}

/// Failed logins allowed per name per [`WINDOW`].
pub const PER_NAME: usize = 5;
/// Failed logins allowed per address per [`WINDOW`].
pub const PER_ADDRESS: usize = 20;
/// New accounts allowed per address per hour.
pub const SIGNUPS: usize = 10;
/// The window of the login counts: 15 minutes.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// The window of the signup count.
const SIGNUP_WINDOW: Duration = Duration::from_secs(3600);
/// Keys kept before the lapsed ones are dropped.
const MAX_KEYS: usize = 100_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Name(String),
    Address(IpAddr),
    Signup(IpAddr),
}

impl Key {
    fn limit(&self) -> (usize, Duration) {
        match self {
            Key::Name(_) => (PER_NAME, WINDOW),
            Key::Address(_) => (PER_ADDRESS, WINDOW),
            Key::Signup(_) => (SIGNUPS, SIGNUP_WINDOW),
        }
    }
}

/// The counts.
#[derive(Debug, Default)]
pub struct Throttle {
    times: Mutex<HashMap<Key, VecDeque<Instant>>>,
}

/// The key of a login name (its case does not matter; a long one is cut).
fn name_key(name: &str) -> Key {
    Key::Name(name.chars().take(64).collect::<String>().to_lowercase())
}

impl Throttle {
    /// How long until one of `keys` may be tried again (`None`: all may be now).
    fn wait(&self, keys: &[Key], now: Instant) -> Option<Duration> {
        let times = self.times.lock().ok()?;
        keys.iter()
            .filter_map(|k| {
                let (limit, window) = k.limit();
                let t = times.get(k)?;
                let live: Vec<&Instant> = t.iter().filter(|at| now < **at + window).collect();
                (live.len() >= limit).then(|| (*live[live.len() - limit] + window) - now)
            })
            .max()
    }

    fn note(&self, keys: &[Key], now: Instant) {
        let Ok(mut times) = self.times.lock() else {
            return;
        };
        if times.len() >= MAX_KEYS {
            times.retain(|k, t| t.back().is_some_and(|at| now < *at + k.limit().1));
        }
        for k in keys {
            let (limit, window) = k.limit();
            let t = times.entry(k.clone()).or_default();
            while t.front().is_some_and(|at| now >= *at + window) || t.len() > limit {
                t.pop_front();
            }
            t.push_back(now);
        }
    }

    /// How long until `name` may be tried from `ip` again (`None`: now).
    pub fn login_wait(&self, name: &str, ip: IpAddr, now: Instant) -> Option<Duration> {
        self.wait(&[name_key(name), Key::Address(ip)], now)
    }

    /// Counts a failed login with `name` from `ip`.
    pub fn failed(&self, name: &str, ip: IpAddr, now: Instant) {
        self.note(&[name_key(name), Key::Address(ip)], now);
    }

    /// Forgets the failures of `name` (its password was given).
    pub fn succeeded(&self, name: &str) {
        if let Ok(mut times) = self.times.lock() {
            times.remove(&name_key(name));
        }
    }

    /// How long until `ip` may make an account again (`None`: now).
    pub fn signup_wait(&self, ip: IpAddr, now: Instant) -> Option<Duration> {
        self.wait(&[Key::Signup(ip)], now)
    }

    /// Counts an account made from `ip`.
    pub fn signed_up(&self, ip: IpAddr, now: Instant) {
        self.note(&[Key::Signup(ip)], now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn tells_the_own_page_from_another_site() {
        let own = headers(&[
            ("host", "play.example:8080"),
            ("origin", "https://play.example:8080"),
        ]);
        assert_eq!(origin(&own, &[]), Origin::Same);
        let other = headers(&[("host", "play.example"), ("origin", "https://evil.example")]);
        assert_eq!(origin(&other, &[]), Origin::Cross);
        assert_eq!(
            origin(&other, &["https://evil.example".into()]),
            Origin::Same
        );
        let null = headers(&[("host", "play.example"), ("origin", "null")]);
        assert_eq!(origin(&null, &[]), Origin::Cross);
        let fetch = headers(&[("host", "play.example"), ("sec-fetch-site", "cross-site")]);
        assert_eq!(origin(&fetch, &[]), Origin::Cross);
        let fetch = headers(&[("host", "play.example"), ("sec-fetch-site", "same-origin")]);
        assert_eq!(origin(&fetch, &[]), Origin::Same);
        assert_eq!(origin(&headers(&[("host", "x")]), &[]), Origin::Unknown);
    }

    #[test]
    fn a_name_is_refused_after_its_failures_even_from_another_address() {
        let t = Throttle::default();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        for _ in 0..PER_NAME {
            assert_eq!(t.login_wait("Alice", a, t0), None);
            t.failed("Alice", a, t0);
        }
        assert!(t.login_wait("alice", b, t0).is_some());
        assert_eq!(t.login_wait("bob", b, t0), None);
        assert_eq!(t.login_wait("alice", b, t0 + WINDOW), None);
        t.succeeded("ALICE");
        assert_eq!(t.login_wait("alice", a, t0), None);
    }

    #[test]
    fn an_address_is_refused_after_its_failures_over_many_names() {
        let t = Throttle::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let t0 = Instant::now();
        for i in 0..PER_ADDRESS {
            t.failed(&format!("name{i}"), a, t0);
        }
        let wait = t.login_wait("fresh", a, t0).unwrap();
        assert!(wait <= WINDOW && wait > Duration::ZERO);
        assert_eq!(t.login_wait("fresh", "10.0.0.9".parse().unwrap(), t0), None);
    }

    #[test]
    fn signups_per_address_are_counted() {
        let t = Throttle::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..SIGNUPS {
            assert_eq!(t.signup_wait(a, t0), None);
            t.signed_up(a, t0);
        }
        assert!(t.signup_wait(a, t0).is_some());
    }
}
