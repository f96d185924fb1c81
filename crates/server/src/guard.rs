//! What every request passes before the routes (a middleware over the whole server):
//! - **Browser pages of other sites**: a WebSocket handshake, or a POST that carries no seat
//!   token (`Authorization: Bearer`), is refused (`403 bad-origin`) when a browser says it comes
//!   from another site (`Origin`, `Sec-Fetch-Site: cross-site`) not allowed by `--allow-origin`.
//!   A request without `Origin` (curl, a bot) is not a page's and passes.
//! - **DNS rebinding**: a page of `evil.example` whose name was made to point at this server
//!   looks same-origin to the browser, so a same-origin request passes only if its `Host` is a
//!   name this server answers to: an IP address, `localhost`, the `--host` name, an
//!   `--allow-host` name or an `--allow-origin`'s host (`403 bad-host` otherwise).
//! - **Games created in bulk**: `POST /api/challenge/open` at most `--games-per-min` times a
//!   minute per address (`429 rate-limited`).
//! - **Errors in JSON**: an error the framework answers in plain text under `/api/` or `/ws/`
//!   (413 body too large, 405, a path that is not UTF-8, a WebSocket route asked without the
//!   handshake, …) is answered as `{"error": …, "code": …}` like every other error.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

use crate::api::error;
use crate::config::Config;
use crate::limit::Limiter;

/// The checks' settings.
#[derive(Debug)]
pub struct Guard {
    /// Host names answered to besides IP addresses and `localhost`, lower case.
    hosts: Vec<String>,
    /// Origins of other sites allowed (`--allow-origin`).
    origins: Vec<String>,
    /// Games created per address.
    games: Arc<Limiter>,
}

/// The path of game creation.
const CREATE: &str = "/api/challenge/open";

impl Guard {
    /// The checks `config` asks for.
    pub fn new(config: &Config) -> Arc<Guard> {
        let mut hosts: Vec<String> = config
            .allow_hosts
            .iter()
            .map(|h| h.to_ascii_lowercase())
            .collect();
        hosts.extend(
            config
                .allow_origins
                .iter()
                .filter_map(|o| o.split_once("://").map(|(_, rest)| host_name(rest)))
                .map(str::to_ascii_lowercase),
        );
        hosts.push(config.host.to_ascii_lowercase());
        Arc::new(Guard {
            hosts,
            origins: config.allow_origins.clone(),
            games: Limiter::per_minute(config.games_per_min, config.trusted_proxies.clone()),
        })
    }

    /// Whether `host` (a `Host` header: a name or address, maybe with a port) is a name this
    /// server answers to.
    pub fn host_allowed(&self, host: &str) -> bool {
        let name = host_name(host).to_ascii_lowercase();
        let bare = name.trim_start_matches('[').trim_end_matches(']');
        bare.parse::<IpAddr>().is_ok()
            || name == "localhost"
            || name.ends_with(".localhost")
            || self.hosts.contains(&name)
    }

    /// Why a browser's request from `headers` may not change anything here, if it may not.
    pub fn foreign(&self, headers: &HeaderMap) -> Option<Response> {
        let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
        let origin = headers
            .get(header::ORIGIN)
            .map(|o| o.to_str().unwrap_or(""));
        let allowed = origin.is_some_and(|o| self.origins.iter().any(|a| a == o));
        if allowed {
            return None;
        }
        let bad_origin = || {
            error(
                StatusCode::FORBIDDEN,
                "bad-origin",
                "a page of another site may not do this",
            )
        };
        if text(header::HeaderName::from_static("sec-fetch-site")) == Some("cross-site") {
            return Some(bad_origin());
        }
        let origin = origin?;
        let host = text(header::HOST).unwrap_or("");
        let authority = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"));
        if host.is_empty() || authority != Some(host) {
            return Some(bad_origin());
        }
        if !self.host_allowed(host) {
            return Some(error(
                StatusCode::FORBIDDEN,
                "bad-host",
                &format!(
                    "this server does not answer to the name {}; its operator may allow it \
                     with --allow-host",
                    host_name(host)
                ),
            ));
        }
        None
    }
}

/// The name of `authority` (`name:port`, `[v6]:port`), without its port.
fn host_name(authority: &str) -> &str {
    let authority = authority.split('/').next().unwrap_or(authority);
    if authority.starts_with('[') {
        return authority
            .find(']')
            .map_or(authority, |end| &authority[..=end]);
    }
    match authority.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => authority,
    }
}

/// Whether the request carries a seat token (an API client's, never a cross-site form's).
fn has_bearer(headers: &HeaderMap) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bearer "))
}

/// The middleware.
pub async fn layer(
    State(guard): State<Arc<Guard>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path().to_string();
    let api = path.starts_with("/api/") || path.starts_with("/ws/");
    let headers = request.headers();
    let post = request.method() == Method::POST;
    if (path.starts_with("/ws/") || (post && !has_bearer(headers))) && api {
        if let Some(refused) = guard.foreign(headers) {
            return refused;
        }
    }
    if post && path == CREATE {
        let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        let ip = guard.games.client(peer.ip(), forwarded);
        if !guard.games.allow(ip, Instant::now()) {
            let mut answer = error(
                StatusCode::TOO_MANY_REQUESTS,
                "rate-limited",
                "too many games created from this address: try again in a minute",
            );
            answer
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from_static("60"));
            return answer;
        }
    }
    let answer = next.run(request).await;
    if api {
        json_error(answer).await
    } else {
        answer
    }
}

/// `answer` as a JSON error if it is an error in another form.
async fn json_error(answer: Response) -> Response {
    let status = answer.status();
    let kind = answer
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    if !(status.is_client_error() || status.is_server_error())
        || kind.starts_with("application/json")
    {
        return answer;
    }
    let (parts, body) = answer.into_parts();
    // The framework's plain-text reason is the message; a page (HTML) is not.
    let text = if kind.is_empty() || kind.starts_with("text/plain") {
        let bytes = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
        String::from_utf8_lossy(&bytes).trim().to_string()
    } else {
        String::new()
    };
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("error")
            .to_ascii_lowercase()
    } else {
        text
    };
    let code = match status.as_u16() {
        400 | 422 => "bad-request",
        404 => "not-found",
        405 => "method-not-allowed",
        408 => "timeout",
        413 => "too-large",
        415 => "unsupported-media-type",
        426 => "upgrade-required",
        429 => "rate-limited",
        431 => "too-long",
        _ if status.is_server_error() => "server-error",
        _ => "bad-request",
    };
    let mut out = error(status, code, &message);
    for name in [
        header::ALLOW,
        header::RETRY_AFTER,
        header::SEC_WEBSOCKET_VERSION,
    ] {
        if let Some(v) = parts.headers.get(&name) {
            out.headers_mut().insert(name, v.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(args: &[&str]) -> Arc<Guard> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        Guard::new(&Config::parse(&args).unwrap())
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn hosts_answered_to() {
        let g = guard(&["--allow-host", "play.example.org"]);
        for ok in [
            "127.0.0.1:8080",
            "[::1]:8080",
            "localhost:8080",
            "a.localhost",
            "192.168.1.5",
            "PLAY.example.org",
        ] {
            assert!(g.host_allowed(ok), "{ok}");
        }
        assert!(!g.host_allowed("evil.example:8080"));
        let g = guard(&["--allow-origin", "https://chess.example.net"]);
        assert!(g.host_allowed("chess.example.net"));
    }

    #[test]
    fn pages_of_other_sites_and_rebound_names_are_refused() {
        let g = guard(&[]);
        let own = headers(&[
            ("origin", "http://127.0.0.1:8080"),
            ("host", "127.0.0.1:8080"),
        ]);
        assert!(g.foreign(&own).is_none());
        assert!(g.foreign(&headers(&[("host", "127.0.0.1:8080")])).is_none());
        let other = headers(&[
            ("origin", "http://evil.example"),
            ("host", "127.0.0.1:8080"),
        ]);
        assert_eq!(g.foreign(&other).unwrap().status(), 403);
        let rebound = headers(&[
            ("origin", "http://evil.example:8080"),
            ("host", "evil.example:8080"),
        ]);
        assert_eq!(g.foreign(&rebound).unwrap().status(), 403);
        let form = headers(&[("sec-fetch-site", "cross-site"), ("host", "127.0.0.1:8080")]);
        assert_eq!(g.foreign(&form).unwrap().status(), 403);
    }
}
