//! The page itself: the game's own files, and nothing else of the checkout.
//!
//! `scripts/build-web.sh` writes the list of the page's files, [`MANIFEST`] (one path a line,
//! relative to the root), and a brotli and a gzip copy of each compressible one, named by the
//! file's content hash in [`COMPRESSED`] (`<hash>.br`, `<hash>.gz`). Only listed files are served
//! (never `.git/`, `target/`, the crates); an address is looked up as it is, so no `..` reaches
//! anything, and the server never redirects.
//!
//! Each response carries a strong ETag from the file's content hash (`"<hash>"`, `"<hash>-br"`,
//! `"<hash>-gz"`) and `Cache-Control: no-cache`, so a repeat visit gets 304s. A file changed since
//! the build is served as it is now, uncompressed (its hash no longer names a compressed copy),
//! so nothing is ever compressed on a request. The pages are cross-origin isolated (COOP/COEP:
//! the computer's "Move now" stops a search through shared memory) unless `--no-isolation`, and
//! every file may be used by pages of other origins (CORS `*` and CORP `cross-origin`: the
//! `<baroque-board>` element, its worker, catalogs and fonts embedded on another site).

pub mod head;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::UNIX_EPOCH;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use sha2::{Digest, Sha256};

/// The list of the page's files, written by `scripts/build-web.sh`.
pub const MANIFEST: &str = "www/pkg/page-files.txt";

/// The folder of the compressed copies, written by `scripts/build-web.sh`.
pub const COMPRESSED: &str = "www/pkg/z";

/// The page answering a request line too long to read (status 431).
const TOO_LONG_PAGE: &str = "www/too-long.html";

/// A file's content hash as the build names it: the first 32 hex digits of its SHA-256.
pub fn content_hash(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// What the page server knows.
#[derive(Debug)]
pub struct Page {
    root: PathBuf,
    files: HashSet<String>,
    isolation: bool,
    /// Content hashes by path, with the size and modification time they were taken at.
    hashes: Mutex<HashMap<String, (u64, u128, String)>>,
}

impl Page {
    /// The page under `root`. Without a manifest (the web build not run) no file is served, and
    /// the reason is returned as a warning with the (empty) page.
    pub fn open(root: &Path, isolation: bool) -> (Page, Option<String>) {
        let (files, warning) = match std::fs::read_to_string(root.join(MANIFEST)) {
            Ok(text) => (
                text.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .filter(|l| is_plain_path(l))
                    .map(String::from)
                    .collect(),
                None,
            ),
            Err(e) => (
                HashSet::new(),
                Some(format!(
                    "no page to serve: {} ({e}); run scripts/build-web.sh",
                    root.join(MANIFEST).display()
                )),
            ),
        };
        let page = Page {
            root: root.to_path_buf(),
            files,
            isolation,
            hashes: Mutex::new(HashMap::new()),
        };
        (page, warning)
    }

    /// The routes: every address not taken by the API is looked up among the page's files.
    pub fn router(self) -> Router {
        Router::new().fallback(serve).with_state(Arc::new(self))
    }

    /// The content hash of `path` as it is now (cached while its size and time stay the same).
    async fn hash(&self, path: &str, file: &Path) -> std::io::Result<String> {
        let meta = tokio::fs::metadata(file).await?;
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        if let Some((len, time, hash)) = self.lock().get(path) {
            if *len == meta.len() && *time == mtime {
                return Ok(hash.clone());
            }
        }
        let hash = content_hash(&tokio::fs::read(file).await?);
        self.lock()
            .insert(path.to_string(), (meta.len(), mtime, hash.clone()));
        Ok(hash)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u64, u128, String)>> {
        self.hashes.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The headers every answer of the page carries; `path` is the file's (none for errors).
    fn common_headers(&self, path: Option<&str>, headers: &mut HeaderMap) {
        let fixed: [(&str, &str); 4] = [
            ("x-content-type-options", "nosniff"),
            ("access-control-allow-origin", "*"),
            ("cross-origin-resource-policy", "cross-origin"),
            ("vary", "Accept-Encoding"),
        ];
        for (name, value) in fixed {
            headers.insert(name, HeaderValue::from_static(value));
        }
        // COOP applies to documents only; COEP to documents and workers (a worker's script
        // response sets the worker's policy). Leaving them off the other files saves their
        // bytes on every response.
        let ext = path.map_or("html", |p| p.rsplit_once('.').map_or("", |(_, e)| e));
        if self.isolation && matches!(ext, "html" | "js") {
            headers.insert(
                "cross-origin-embedder-policy",
                HeaderValue::from_static("require-corp"),
            );
            if ext == "html" {
                headers.insert(
                    "cross-origin-opener-policy",
                    HeaderValue::from_static("same-origin"),
                );
            }
        }
    }
}

/// Whether a manifest line is a plain relative path (no `..`, no empty or dot segments).
fn is_plain_path(path: &str) -> bool {
    !path.starts_with('/')
        && !path.contains('\\')
        && path
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..")
}

/// The decoded path of a request (`%XX` undone), `None` if it is not UTF-8 or badly encoded.
fn decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The media type of a file, by its extension.
fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json; charset=utf-8",
        "webmanifest" => "application/manifest+json; charset=utf-8",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "txt" | "ftl" => "text/plain; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The encodings the request accepts, best first: `br`, `gzip` (a `q=0` refuses one).
fn accepted(headers: &HeaderMap) -> Vec<&'static str> {
    let text = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let allows = |name: &str| {
        text.split(',').any(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            coding == name && !refused
        })
    };
    ["br", "gzip"]
        .into_iter()
        .filter(|&name| allows(name))
        .collect()
}

/// Whether `If-None-Match` names `etag` (or `*`).
fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == etag || t == "*")
}

fn plain(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

/// The file a response serves (for the headers that depend on its type).
#[derive(Clone, Debug)]
struct Served(String);

/// Answers a request for one of the page's files.
async fn serve(State(page): State<Arc<Page>>, request: Request) -> Response {
    let (parts, _) = request.into_parts();
    let mut response = answer(&page, &parts.method, parts.uri.path(), &parts.headers).await;
    let path = response.extensions().get::<Served>().map(|s| s.0.clone());
    page.common_headers(path.as_deref(), response.headers_mut());
    response
}

async fn answer(page: &Page, method: &Method, raw: &str, headers_in: &HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut r = plain(
            StatusCode::METHOD_NOT_ALLOWED,
            "method not allowed\n".into(),
        );
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    if raw == head::TOO_LONG_PATH {
        return too_long(page).await;
    }
    let Some(mut path) = decode(raw) else {
        return plain(StatusCode::BAD_REQUEST, "bad request\n".into());
    };
    if path.ends_with('/') {
        path.push_str("index.html");
    }
    let path = path.trim_start_matches('/');
    if !page.files.contains(path) {
        return plain(StatusCode::NOT_FOUND, "not found\n".into());
    }
    let file = page.root.join(path);
    let hash = match page.hash(path, &file).await {
        Ok(h) => h,
        Err(_) => return plain(StatusCode::NOT_FOUND, "not found\n".into()),
    };
    // The best accepted encoding that has a copy of this very content.
    let mut chosen = None;
    for encoding in accepted(headers_in) {
        let ext = if encoding == "br" { "br" } else { "gz" };
        let copy = page.root.join(COMPRESSED).join(format!("{hash}.{ext}"));
        if tokio::fs::metadata(&copy).await.is_ok() {
            chosen = Some((encoding, ext, copy));
            break;
        }
    }
    let etag = match &chosen {
        Some((_, ext, _)) => format!("\"{hash}-{ext}\""),
        None => format!("\"{hash}\""),
    };
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(path)),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, v);
    }
    let served = Served(path.to_string());
    if not_modified(headers_in, &etag) {
        let mut r = (StatusCode::NOT_MODIFIED, headers).into_response();
        r.extensions_mut().insert(served);
        return r;
    }
    let (body, encoding) = match &chosen {
        Some((encoding, _, copy)) => (tokio::fs::read(copy).await, Some(*encoding)),
        None => (tokio::fs::read(&file).await, None),
    };
    let Ok(body) = body else {
        return plain(StatusCode::NOT_FOUND, "not found\n".into());
    };
    if let Some(encoding) = encoding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
    let mut r = (StatusCode::OK, headers, Body::from(body)).into_response();
    r.extensions_mut().insert(served);
    r
}

/// The app's message page for an address too long to read, readable in a browser.
async fn too_long(page: &Page) -> Response {
    let body = tokio::fs::read(page.root.join(TOO_LONG_PAGE))
        .await
        .unwrap_or_else(|_| b"request too long\n".to_vec());
    (
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            (header::CONNECTION, "close"),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_encodings_and_etags() {
        assert_eq!(
            decode("/%2fexample.com/..%2fwww").unwrap(),
            "//example.com/../www"
        );
        assert_eq!(decode("/a%zz"), None);
        assert_eq!(decode("/%ff"), None);
        assert!(is_plain_path("www/main.js"));
        for bad in ["../x", "/x", "a//b", "a/./b", "a\\b", ""] {
            assert!(!is_plain_path(bad), "{bad}");
        }
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, br;q=0"),
        );
        assert_eq!(accepted(&h), vec!["gzip"]);
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("br, gzip;q=0.5"),
        );
        assert_eq!(accepted(&h), vec!["br", "gzip"]);
        h.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("W/\"a\", \"b\""),
        );
        assert!(not_modified(&h, "\"b\"") && not_modified(&h, "\"a\""));
        assert!(!not_modified(&h, "\"c\""));
    }
}
