//! The page as baroque-server serves it (crates/server/src/page.rs), against a real server on
//! 127.0.0.1 serving a small page folder made for each test: only the build's listed files, the
//! build's compressed copies, ETags and 304s, the isolation and embedding headers, long request
//! lines, no redirect anywhere.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use baroque_server::page::content_hash;
use common::{fresh_db, Server};

const INDEX: &str = "<!doctype html><title>Baroque</title><p>the game</p>\n";
const MAIN: &str = "export const answer = 42; // the page's script\n";
const TOO_LONG: &str = "<!doctype html><p>That address is too long.</p>\n";

/// A page folder: three listed files, a brotli copy of main.js (its bytes need not be real
/// brotli: the server only passes them on), and files of the checkout that are not the page.
fn page_root() -> PathBuf {
    let root = fresh_db().parent().unwrap().join("root");
    let write = |path: &str, text: &[u8]| {
        let file = root.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    };
    write("index.html", INDEX.as_bytes());
    write("www/main.js", MAIN.as_bytes());
    write("www/too-long.html", TOO_LONG.as_bytes());
    write("www/rules/index.html", b"rules\n");
    write(
        "www/pkg/page-files.txt",
        b"# list\nindex.html\nwww/main.js\nwww/rules/index.html\n../secret\n",
    );
    let hash = content_hash(MAIN.as_bytes());
    write(&format!("www/pkg/z/{hash}.br"), b"BROTLI-BYTES");
    write(&format!("www/pkg/z/{hash}.gz"), b"GZIP-BYTES");
    write(".git/config", b"[core]\n");
    write("target/debug/x", b"binary");
    write("crates/server/Cargo.toml", b"[package]\n");
    write("www/unlisted.js", b"not in the list\n");
    write("secret", b"outside\n");
    root
}

fn start(root: &Path, extra: &[&str]) -> Server {
    let db = fresh_db();
    let mut args = vec!["--root", root.to_str().unwrap(), "--rate", "0"];
    args.extend_from_slice(extra);
    Server::start(&db, &args)
}

/// An answer read off the wire.
struct Answer {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }
}

/// Sends `request` (a whole request head, `Connection: close` added) and reads the answer.
fn raw(server: &Server, method: &str, target: &str, headers: &[&str]) -> Answer {
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut req = format!("{method} {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    for h in headers {
        req.push_str(h);
        req.push_str("\r\n");
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).unwrap();
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).unwrap();
    let split = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a whole head");
    let head = String::from_utf8_lossy(&bytes[..split]).to_string();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Answer {
        status,
        head,
        body: bytes[split + 4..].to_vec(),
    }
}

fn get(server: &Server, target: &str, headers: &[&str]) -> Answer {
    raw(server, "GET", target, headers)
}

#[test]
fn only_the_listed_files_are_served() {
    let root = page_root();
    let server = start(&root, &[]);
    let index = get(&server, "/", &[]);
    assert_eq!(index.status, 200);
    assert_eq!(index.body, INDEX.as_bytes());
    assert_eq!(
        index.header("content-type").unwrap(),
        "text/html; charset=utf-8"
    );
    assert_eq!(get(&server, "/index.html", &[]).body, INDEX.as_bytes());
    assert_eq!(get(&server, "/www/rules/", &[]).body, b"rules\n");
    let main = get(&server, "/www/main.js", &[]);
    assert_eq!(main.body, MAIN.as_bytes());
    assert!(main
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    for path in [
        "/.git/config",
        "/target/debug/x",
        "/crates/server/Cargo.toml",
        "/www/unlisted.js",
        "/secret",
        "/../secret",
        "/www/%2e%2e/secret",
        "/www/..%2fsecret",
        "/www/pkg/page-files.txt",
        "/www",
        "/www/rules",
    ] {
        let a = get(&server, path, &[]);
        assert_eq!(a.status, 404, "{path}: {}", a.head);
        assert_eq!(a.header("location"), None);
    }
    assert_eq!(get(&server, "/%ff", &[]).status, 400);
    let post = raw(&server, "POST", "/index.html", &["Content-Length: 0"]);
    assert_eq!(post.status, 405);
    assert_eq!(post.header("allow").unwrap(), "GET, HEAD");
}

#[test]
fn no_open_redirect() {
    let root = page_root();
    let server = start(&root, &[]);
    for path in [
        "/%2fexample.com/..%2fwww",
        "//example.com/..%2fwww",
        "/%2F%2Fexample.com",
    ] {
        let a = get(&server, path, &[]);
        assert!(!(300..400).contains(&a.status), "{path}: {}", a.head);
        assert_eq!(a.header("location"), None, "{path}");
    }
}

#[test]
fn compressed_copies_etags_and_304s() {
    let root = page_root();
    let server = start(&root, &[]);
    let hash = content_hash(MAIN.as_bytes());
    let br = get(
        &server,
        "/www/main.js",
        &["Accept-Encoding: gzip, deflate, br"],
    );
    assert_eq!(br.body, b"BROTLI-BYTES");
    assert_eq!(br.header("content-encoding").unwrap(), "br");
    assert_eq!(br.header("etag").unwrap(), format!("\"{hash}-br\""));
    assert_eq!(br.header("vary").unwrap(), "Accept-Encoding");
    assert_eq!(br.header("cache-control").unwrap(), "no-cache");
    let gz = get(&server, "/www/main.js", &["Accept-Encoding: gzip, br;q=0"]);
    assert_eq!(gz.body, b"GZIP-BYTES");
    assert_eq!(gz.header("content-encoding").unwrap(), "gzip");
    // A file without copies (index.html here) goes out as it is, whatever is accepted.
    let index = get(&server, "/", &["Accept-Encoding: br"]);
    assert_eq!(index.header("content-encoding"), None);
    assert_eq!(
        index.header("etag").unwrap(),
        format!("\"{}\"", content_hash(INDEX.as_bytes()))
    );

    let etag = br.header("etag").unwrap();
    let again = get(
        &server,
        "/www/main.js",
        &["Accept-Encoding: br", &format!("If-None-Match: {etag}")],
    );
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag").unwrap(), etag);
    // The identity ETag does not validate the brotli body, and a HEAD has no body.
    let other = get(
        &server,
        "/www/main.js",
        &["Accept-Encoding: br", &format!("If-None-Match: \"{hash}\"")],
    );
    assert_eq!(other.status, 200);
    let head = raw(&server, "HEAD", "/www/main.js", &[]);
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(
        head.header("content-length").unwrap(),
        MAIN.len().to_string()
    );
}

#[test]
fn a_file_changed_since_the_build_is_served_as_it_is_now() {
    let root = page_root();
    let server = start(&root, &[]);
    let before = get(&server, "/www/main.js", &["Accept-Encoding: br"]);
    assert_eq!(before.body, b"BROTLI-BYTES");
    let changed = "export const answer = 43;\n";
    std::fs::write(root.join("www/main.js"), changed).unwrap();
    let after = get(&server, "/www/main.js", &["Accept-Encoding: br"]);
    assert_eq!(after.body, changed.as_bytes());
    assert_eq!(after.header("content-encoding"), None);
    assert_eq!(
        after.header("etag").unwrap(),
        format!("\"{}\"", content_hash(changed.as_bytes()))
    );
}

#[test]
fn isolation_and_embedding_headers() {
    let root = page_root();
    let isolated = start(&root, &[]);
    let page = get(&isolated, "/", &[]);
    assert_eq!(
        page.header("cross-origin-opener-policy").unwrap(),
        "same-origin"
    );
    assert_eq!(
        page.header("cross-origin-embedder-policy").unwrap(),
        "require-corp"
    );
    // A script (it may be a worker's) gets COEP; COOP is for documents only; neither on the rest.
    let a = get(&isolated, "/www/main.js", &[]);
    assert_eq!(a.header("cross-origin-opener-policy"), None);
    assert_eq!(
        a.header("cross-origin-embedder-policy").unwrap(),
        "require-corp"
    );
    assert_eq!(
        a.header("cross-origin-resource-policy").unwrap(),
        "cross-origin"
    );
    assert_eq!(a.header("access-control-allow-origin").unwrap(), "*");
    assert_eq!(a.header("x-content-type-options").unwrap(), "nosniff");
    let list = get(&isolated, "/www/rules/index.html", &[]);
    assert_eq!(
        list.header("cross-origin-opener-policy").unwrap(),
        "same-origin"
    );
    let plain = start(&root, &["--no-isolation"]);
    let b = get(&plain, "/", &[]);
    assert_eq!(b.header("cross-origin-opener-policy"), None);
    assert_eq!(b.header("cross-origin-embedder-policy"), None);
    assert_eq!(b.header("access-control-allow-origin").unwrap(), "*");
}

/// A share link of about `bytes` bytes: an Ultima game's moves, repeated.
fn long_link(bytes: usize) -> String {
    let mut link = String::from("/?variant=ultima&moves=b1c3");
    while link.len() < bytes {
        link.push_str("%20c3b1%20g8f6%20f6g8%20b1c3");
    }
    link
}

#[test]
fn long_request_lines() {
    let root = page_root();
    let server = start(&root, &[]);
    let a = get(&server, &long_link(100 * 1024), &[]);
    assert_eq!(a.status, 200);
    assert_eq!(a.body, INDEX.as_bytes());
    // Beyond the limit: the app's message page, readable in a browser.
    let b = get(&server, &long_link(2 * 1024 * 1024), &[]);
    assert_eq!(b.status, 431);
    assert!(b.header("content-type").unwrap().starts_with("text/html"));
    assert_eq!(b.body, TOO_LONG.as_bytes());
    // The server goes on serving, keep-alive connections included.
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let twice = format!(
        "GET {} HTTP/1.1\r\nHost: x\r\n\r\nGET /www/main.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        long_link(100 * 1024)
    );
    s.write_all(twice.as_bytes()).unwrap();
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert_eq!(text.matches("HTTP/1.1 200").count(), 2, "{text}");
    assert!(text.ends_with(MAIN));
}

#[test]
fn the_api_is_still_answered_beside_the_page() {
    let root = page_root();
    let server = start(&root, &[]);
    let a = get(&server, "/api/stream/game/nosuchgame", &[]);
    assert_eq!(a.status, 404);
    assert!(
        String::from_utf8_lossy(&a.body).contains("error"),
        "{}",
        a.head
    );
}
