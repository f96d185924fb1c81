//! Rate limits per address: a token bucket per IP address (the rate per second, bursts of twice
//! that), answering 429 when it is empty. A stream or WebSocket counts once, when it opens.
//! Behind a load balancer named by `--trusted-proxy`, the address is the one the balancer
//! appended last to `X-Forwarded-For` (the address it saw), not the balancer's own.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The buckets.
#[derive(Debug)]
pub struct Limiter {
    rate: f64,
    burst: f64,
    proxies: Vec<IpAddr>,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

/// Addresses kept before the idle full buckets are dropped.
const MAX_ADDRESSES: usize = 100_000;

impl Limiter {
    /// `rate` requests per second per address (0: no limit).
    pub fn new(rate: u32) -> Arc<Limiter> {
        Limiter::behind(rate, Vec::new())
    }

    /// `rate` requests per second per address, trusting `proxies`' `X-Forwarded-For`.
    pub fn behind(rate: u32, proxies: Vec<IpAddr>) -> Arc<Limiter> {
        Arc::new(Limiter {
            rate: f64::from(rate),
            burst: 2.0 * f64::from(rate),
            proxies,
            buckets: Mutex::new(HashMap::new()),
        })
    }

    /// `per_minute` a minute per address, all of them at once at most (0: no limit), trusting
    /// `proxies`' `X-Forwarded-For`.
    pub fn per_minute(per_minute: u32, proxies: Vec<IpAddr>) -> Arc<Limiter> {
        Arc::new(Limiter {
            rate: f64::from(per_minute) / 60.0,
            burst: f64::from(per_minute),
            proxies,
            buckets: Mutex::new(HashMap::new()),
        })
    }

    /// The client's address: `peer`, or the last `X-Forwarded-For` entry if `peer` is a
    /// trusted proxy and the entry is an address.
    pub fn client(&self, peer: IpAddr, forwarded: Option<&str>) -> IpAddr {
        if !self.proxies.contains(&peer) {
            return peer;
        }
        forwarded
            .and_then(|f| f.rsplit(',').next())
            .and_then(|a| a.trim().parse().ok())
            .unwrap_or(peer)
    }

    /// Takes a token for `ip` at `now`; false when there is none.
    pub fn allow(&self, ip: IpAddr, now: Instant) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let burst = self.burst;
        let Ok(mut buckets) = self.buckets.lock() else {
            return true;
        };
        if buckets.len() >= MAX_ADDRESSES {
            let rate = self.rate;
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = buckets.entry(ip).or_insert((burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.rate).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The middleware.
pub async fn layer(
    State(limiter): State<Arc<Limiter>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let forwarded = request
        .headers()
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok());
    let ip = limiter.client(addr.ip(), forwarded);
    if limiter.allow(ip, Instant::now()) {
        next.run(request).await
    } else {
        (
            StatusCode::TOO_MANY_REQUESTS,
            [("retry-after", "1")],
            axum::Json(serde_json::json!({ "error": "too many requests", "code": "rate-limited" })),
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_empties_and_refills() {
        let l = Limiter::new(2);
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let t0 = Instant::now();
        let allowed = (0..10).filter(|_| l.allow(ip, t0)).count();
        assert_eq!(allowed, 4);
        assert!(l.allow(ip, t0 + std::time::Duration::from_millis(600)));
        assert!(l.allow("10.0.0.2".parse().unwrap(), t0));
        assert!(Limiter::new(0).allow(ip, t0));
        let games = Limiter::per_minute(30, Vec::new());
        assert_eq!((0..100).filter(|_| games.allow(ip, t0)).count(), 30);
        assert!(!games.allow(ip, t0 + std::time::Duration::from_secs(1)));
        assert!(games.allow(ip, t0 + std::time::Duration::from_secs(2)));
    }

    #[test]
    fn a_trusted_proxy_names_the_client() {
        let lb: IpAddr = "127.0.0.1".parse().unwrap();
        let l = Limiter::behind(2, vec![lb]);
        let client: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(l.client(lb, Some("10.9.9.9, 203.0.113.7")), client);
        assert_eq!(l.client(lb, Some("garbage")), lb);
        assert_eq!(l.client(lb, None), lb);
        // Anyone else's header is not believed.
        assert_eq!(l.client(client, Some("10.9.9.9")), client);
    }
}
