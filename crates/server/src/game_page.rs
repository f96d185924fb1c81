//! `GET /game/{id}`: the page (`index.html`) at every game's address, so that every link the API
//! returns (`ORIGIN/game/ID`, `ORIGIN/game/ID#invite=CODE`) opens that game; and `GET /@/{name}`:
//! the player page (`www/player.html`, lichess's address), whose script reads the name from
//! the address.
//!
//! The page's files are named relative to the root (`www/main.js`), so the page is served with
//! `<base href="../">` after its `<head>`: from `/game/ID` every relative address resolves as
//! from `/` (and from `/prefix/` behind a proxy that serves the server under a prefix). The
//! answer is the page server's own (its headers, isolation included), asked for `/index.html`
//! uncompressed; its ETag gets a `-game` suffix, since the bytes differ.

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower::ServiceExt;

/// A page served at other addresses: its file, the `<base>` that makes its relative addresses
/// resolve as from its own folder, and the ETag's suffix (its bytes differ from the file's).
struct Shell {
    file: &'static str,
    base: &'static str,
    tag: &'static str,
}

/// The game page at `/game/{id}`.
const GAME: Shell = Shell {
    file: "/index.html",
    base: "\n  <base href=\"../\">",
    tag: "-game",
};

/// The player page at `/@/{name}`.
const PLAYER: Shell = Shell {
    file: "/www/player.html",
    base: "\n  <base href=\"../www/\">",
    tag: "-player",
};

/// The largest page read (index.html is a few tens of KiB).
const MAX_PAGE: usize = 4 * 1024 * 1024;

/// The `/game/{id}` and `/@/{name}` routes, answered by `page` (the page server's router).
pub fn router(page: Router) -> Router {
    let player = page.clone();
    Router::new()
        .route(
            "/game/{id}",
            get(move |request: Request| serve(page.clone(), request, &GAME)),
        )
        .route(
            "/@/{name}",
            get(move |request: Request| serve(player.clone(), request, &PLAYER)),
        )
}

async fn serve(page: Router, request: Request, shell: &'static Shell) -> Response {
    let (mut parts, _) = request.into_parts();
    let if_none_match = parts.headers.remove(header::IF_NONE_MATCH);
    parts.headers.remove(header::ACCEPT_ENCODING);
    parts.headers.remove(header::IF_MODIFIED_SINCE);
    parts.method = Method::GET;
    parts.uri = Uri::from_static(shell.file);
    let Ok(answer) = page
        .oneshot(Request::from_parts(parts, Body::empty()))
        .await;
    if answer.status() != StatusCode::OK {
        return answer;
    }
    let (mut parts, body) = answer.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_PAGE).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let html = String::from_utf8_lossy(&bytes);
    let html = match html.find("<head>") {
        Some(i) => format!("{}{}{}", &html[..i + 6], shell.base, &html[i + 6..]),
        None => format!("{}{html}", shell.base.trim_start()),
    };
    let etag = parts
        .headers
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
        .map(|t| format!("{}{}\"", t.trim_end_matches('"'), shell.tag));
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::ETAG);
    if let Some(tag) = etag.as_deref().and_then(|t| HeaderValue::from_str(t).ok()) {
        let seen = if_none_match
            .as_ref()
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(',')
                    .any(|t| t.trim().trim_start_matches("W/") == tag)
            });
        parts.headers.insert(header::ETAG, tag);
        if seen {
            parts.status = StatusCode::NOT_MODIFIED;
            return Response::from_parts(parts, Body::empty());
        }
    }
    Response::from_parts(parts, Body::from(html))
}
