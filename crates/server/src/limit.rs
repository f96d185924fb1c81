//! Rate limits per address: a token bucket per IP address (the rate per second, bursts of twice
//! that), answering 429 when it is empty. A stream or WebSocket counts once, when it opens.

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
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

/// Addresses kept before the idle full buckets are dropped.
const MAX_ADDRESSES: usize = 100_000;

impl Limiter {
    /// `rate` requests per second per address (0: no limit).
    pub fn new(rate: u32) -> Arc<Limiter> {
        Arc::new(Limiter {
            rate: f64::from(rate),
            buckets: Mutex::new(HashMap::new()),
        })
    }

    /// Takes a token for `ip` at `now`; false when there is none.
    pub fn allow(&self, ip: IpAddr, now: Instant) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let burst = 2.0 * self.rate;
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
    if limiter.allow(addr.ip(), Instant::now()) {
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
    }
}
