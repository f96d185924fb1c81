//! Long request heads. A shared game's link carries every move in its query, so a request line
//! may run to hundreds of kilobytes, past what the HTTP parser takes (`http::Uri` stops at 64 KiB).
//! The server's listener ([`crate::conn::Gated`]) wraps each accepted connection in a
//! [`LongHead`] reader that, before the parser
//! sees it, shortens such a request line: the query is dropped (the page's files never depend on
//! it; the page reads its own address), and a line longer than [`MAX_LINE`] becomes a request for
//! [`TOO_LONG_PATH`], which the page answers with its message page (status 431).
//!
//! Only request heads are looked at: a body of known length (`Content-Length`) passes untouched
//! and the next head is looked at again; after a chunked body (`Transfer-Encoding`) or a
//! protocol switch (`Upgrade`, an HTTP/2 preface) the connection's bytes pass untouched from then
//! on. A long request line is never held whole: past [`PARSER_LINE`] bytes only its method and
//! path are kept, so that a connection holds at most that much however long its line.
//!
//! With [`Timeouts`], a request (head and body) must come in whole within `head`, and a
//! connection with nothing read nor written for `idle` (between requests, or a body of unknown
//! length) is closed; a connection switched to the WebSocket protocol (answered `101`) is not
//! timed here.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// The longest request line read (a shared game of well over 100,000 plies).
pub const MAX_LINE: usize = 1024 * 1024;

/// Request lines up to this length go to the parser unchanged.
pub const PARSER_LINE: usize = 16 * 1024;

/// What a request line longer than [`MAX_LINE`] is turned into a request for.
pub const TOO_LONG_PATH: &str = "/.request-too-long";

/// How much of an over-long line is read and dropped before the connection is cut.
const MAX_DISCARD: usize = 16 * 1024 * 1024;

/// How long a connection may take over a request and stay quiet between requests.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// A request's head and body, from its first byte.
    pub head: Duration,
    /// Nothing read nor written (between requests, or in a body of unknown length).
    pub idle: Duration,
}

/// What follows a request's head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum After {
    /// The next request.
    Nothing,
    /// A body of this many bytes.
    Body(u64),
    /// A body of unknown length (chunked): the rest passes untouched.
    Unknown,
    /// A protocol switch, if the server agrees.
    Upgrade,
}

/// Where the reader is in the connection's bytes.
#[derive(Debug)]
enum State {
    /// Collecting a request line.
    Line(Vec<u8>),
    /// Past [`PARSER_LINE`] bytes of a request line: `kept` is its method and path (the query
    /// dropped), `tail` its last bytes (for the version), `len` its length so far.
    Long {
        kept: Vec<u8>,
        tail: Vec<u8>,
        len: usize,
    },
    /// Dropping the rest of an over-long request line (bytes dropped so far).
    Discard(usize),
    /// Passing a request's header lines; the start of the current line, and what follows the
    /// head.
    Headers { line: Vec<u8>, after: After },
    /// Passing a body of this many bytes still to come.
    Body(u64),
    /// Everything passes untouched; timed (idle) unless the connection was upgraded.
    Pass { timed: bool },
}

/// A connection whose request lines are shortened as the module says.
#[derive(Debug)]
pub struct LongHead<T> {
    inner: T,
    state: State,
    /// Bytes ready for the parser, and how many of them it has taken.
    out: Vec<u8>,
    taken: usize,
    timeouts: Option<Timeouts>,
    /// When the request under way began (its first byte), if one is.
    request_from: Option<Instant>,
    /// When a byte was last read or written.
    active_at: Instant,
    /// Waiting for the answer to an `Upgrade` head (a `101` switches protocols).
    upgrade_asked: bool,
    timer: Option<Pin<Box<Sleep>>>,
    /// Held while the connection is open, dropped with it ([`LongHead::keeping`]).
    _kept: Option<Box<dyn std::fmt::Debug + Send + Sync>>,
}

impl<T> LongHead<T> {
    /// Wraps a connection, timed by `timeouts` if given.
    pub fn new(inner: T, timeouts: Option<Timeouts>) -> LongHead<T> {
        LongHead {
            inner,
            state: State::Line(Vec::new()),
            out: Vec::new(),
            taken: 0,
            timeouts,
            request_from: None,
            active_at: Instant::now(),
            upgrade_asked: false,
            timer: None,
            _kept: None,
        }
    }

    /// The same connection, holding `kept` until it is dropped (its place in the server's count
    /// of connections, [`crate::conn::Ticket`]).
    pub fn keeping(mut self, kept: impl std::fmt::Debug + Send + Sync + 'static) -> LongHead<T> {
        self._kept = Some(Box::new(kept));
        self
    }

    /// Bytes of the request line held (at most [`PARSER_LINE`] and a little).
    pub fn held(&self) -> usize {
        match &self.state {
            State::Line(line) => line.capacity(),
            State::Long { kept, tail, .. } => kept.capacity() + tail.capacity(),
            _ => 0,
        }
    }

    /// When the connection times out as it stands, if it may.
    fn deadline(&self) -> Option<Instant> {
        let t = self.timeouts?;
        let idle = self.active_at + t.idle;
        match (&self.state, self.request_from) {
            (State::Pass { timed: false }, _) => None,
            (State::Pass { timed: true }, _) => Some(idle),
            (_, Some(from)) => Some((from + t.head).min(idle)),
            (_, None) => Some(idle),
        }
    }

    /// The state after a head announcing `after`.
    fn after_head(&mut self, after: After) -> State {
        match after {
            After::Nothing | After::Body(0) => {
                self.request_from = None;
                State::Line(Vec::new())
            }
            After::Body(n) => State::Body(n),
            After::Unknown => {
                self.request_from = None;
                State::Pass { timed: true }
            }
            After::Upgrade => {
                self.request_from = None;
                self.upgrade_asked = true;
                State::Pass { timed: false }
            }
        }
    }

    /// Runs `bytes` through the state machine into `out`.
    fn feed(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut i = 0;
        while i < bytes.len() {
            match &mut self.state {
                State::Pass { .. } => {
                    self.out.extend_from_slice(&bytes[i..]);
                    return Ok(());
                }
                State::Body(left) => {
                    let n = (*left).min((bytes.len() - i) as u64) as usize;
                    self.out.extend_from_slice(&bytes[i..i + n]);
                    i += n;
                    *left -= n as u64;
                    if *left == 0 {
                        self.request_from = None;
                        self.state = State::Line(Vec::new());
                    }
                }
                State::Line(line) => {
                    let b = bytes[i];
                    i += 1;
                    if line.is_empty() {
                        self.request_from = Some(Instant::now());
                    }
                    line.push(b);
                    if b == b'\n' {
                        let line = std::mem::take(line);
                        self.line_done(&line);
                    } else if line.len() > PARSER_LINE {
                        let line = std::mem::take(line);
                        self.state = long_line(&line, &mut self.out);
                    }
                }
                State::Long { kept, tail, len } => {
                    let b = bytes[i];
                    i += 1;
                    *len += 1;
                    tail.push(b);
                    if tail.len() > 32 {
                        tail.remove(0);
                    }
                    if b == b'\n' {
                        let line = shortened(kept, tail);
                        self.out.extend_from_slice(&line);
                        self.state = headers();
                    } else if *len > MAX_LINE {
                        let method = method_of(kept);
                        self.out.extend_from_slice(&too_long_line(&method));
                        self.state = State::Discard(0);
                    }
                }
                State::Discard(n) => {
                    let b = bytes[i];
                    i += 1;
                    *n += 1;
                    if b == b'\n' {
                        self.state = headers();
                    } else if *n > MAX_DISCARD {
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            "request line too long",
                        ));
                    }
                }
                State::Headers { line, after } => {
                    let b = bytes[i];
                    i += 1;
                    self.out.push(b);
                    if b == b'\n' {
                        let text = String::from_utf8_lossy(line).to_ascii_lowercase();
                        let text = text.trim();
                        if text.is_empty() {
                            let after = *after;
                            self.state = self.after_head(after);
                        } else {
                            *after = announced(text, *after);
                            line.clear();
                        }
                    } else if line.len() < 64 {
                        line.push(b);
                    }
                }
            }
        }
        Ok(())
    }

    /// A whole request line has been read: passes it on, shortened if needed.
    fn line_done(&mut self, line: &[u8]) {
        if line.starts_with(b"PRI ") {
            self.out.extend_from_slice(line);
            self.request_from = None;
            self.state = State::Pass { timed: true };
            return;
        }
        self.out.extend_from_slice(line);
        self.state = headers();
    }
}

fn headers() -> State {
    State::Headers {
        line: Vec::new(),
        after: After::Nothing,
    }
}

/// What follows the head, `after` as its earlier lines said and `line` (a header line, lower
/// case, trimmed, at most 64 bytes) says: a protocol switch, else a body of unknown length, else
/// a body of known length, else nothing.
fn announced(line: &str, after: After) -> After {
    let Some((name, value)) = line.split_once(':') else {
        return after;
    };
    let value = value.trim();
    match (name.trim(), after) {
        ("upgrade", _) => After::Upgrade,
        ("transfer-encoding", After::Upgrade) => After::Upgrade,
        ("transfer-encoding", _) => After::Unknown,
        ("content-length", After::Nothing | After::Body(_)) => {
            // A length the parser refuses is passed on as a body of unknown length.
            value.parse().map_or(After::Unknown, After::Body)
        }
        _ => after,
    }
}

/// The state once a request line has passed [`PARSER_LINE`] bytes (`line`) without ending: its
/// method and path kept, or, if the path alone is that long or the line is no request line, the
/// too-long request written to `out` and the rest dropped.
fn long_line(line: &[u8], out: &mut Vec<u8>) -> State {
    let space = line.iter().position(|&b| b == b' ');
    let path_end = space.and_then(|s| {
        line[s + 1..]
            .iter()
            .position(|&b| b == b'?' || b == b'#' || b == b' ')
            .map(|p| s + 1 + p)
    });
    match path_end {
        Some(end) if line[end] != b' ' => State::Long {
            kept: line[..end].to_vec(),
            tail: line[line.len().saturating_sub(32)..].to_vec(),
            len: line.len(),
        },
        _ => {
            out.extend_from_slice(&too_long_line(&method_of(line)));
            State::Discard(0)
        }
    }
}

/// The method of a request line (its first word, at most 16 bytes), `GET` if it has none.
fn method_of(line: &[u8]) -> Vec<u8> {
    let word: Vec<u8> = line
        .iter()
        .take(16)
        .take_while(|b| b.is_ascii_uppercase())
        .copied()
        .collect();
    if word.is_empty() {
        b"GET".to_vec()
    } else {
        word
    }
}

/// The request line that asks for the too-long page.
fn too_long_line(method: &[u8]) -> Vec<u8> {
    let mut out = method.to_vec();
    out.extend_from_slice(format!(" {TOO_LONG_PATH} HTTP/1.1\r\n").as_bytes());
    out
}

/// The request line of `kept` (`METHOD PATH`) and the version that ends `tail` (the line's last
/// bytes); the too-long request if the line does not end with a version.
fn shortened(kept: &[u8], tail: &[u8]) -> Vec<u8> {
    let tail = String::from_utf8_lossy(tail);
    match tail.trim_end().rsplit(' ').next() {
        Some(version) if version.starts_with("HTTP/") => {
            let mut line = kept.to_vec();
            line.extend_from_slice(format!(" {version}\r\n").as_bytes());
            line
        }
        _ => too_long_line(&method_of(kept)),
    }
}

impl<T> LongHead<T> {
    /// Pending, or the time-out error once the connection's deadline has passed (the timer
    /// wakes the reader then).
    fn poll_timer(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let Some(deadline) = self.deadline() else {
            self.timer = None;
            return Poll::Pending;
        };
        let timer = self
            .timer
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if timer.deadline() != deadline {
            timer.as_mut().reset(deadline);
        }
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request did not come in time",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// Notes bytes written: the connection is active, and an upgrade not answered `101` was
    /// refused (the connection stays HTTP, timed).
    fn wrote(&mut self, first: &[u8]) {
        self.active_at = Instant::now();
        if self.upgrade_asked && !first.is_empty() {
            self.upgrade_asked = false;
            if !first.starts_with(b"HTTP/1.1 101") {
                if let State::Pass { timed } = &mut self.state {
                    *timed = true;
                }
            }
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for LongHead<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        loop {
            if this.taken < this.out.len() {
                let n = buf.remaining().min(this.out.len() - this.taken);
                buf.put_slice(&this.out[this.taken..this.taken + n]);
                this.taken += n;
                if this.taken == this.out.len() {
                    this.out.clear();
                    this.taken = 0;
                }
                return Poll::Ready(Ok(()));
            }
            if matches!(this.state, State::Pass { .. }) {
                let before = buf.filled().len();
                if let Poll::Ready(r) = Pin::new(&mut this.inner).poll_read(cx, buf) {
                    if buf.filled().len() > before {
                        this.active_at = Instant::now();
                    }
                    return Poll::Ready(r);
                }
                return this.poll_timer(cx);
            }
            let mut scratch = [0u8; 8192];
            let mut read = ReadBuf::new(&mut scratch);
            match Pin::new(&mut this.inner).poll_read(cx, &mut read) {
                Poll::Pending => return this.poll_timer(cx),
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Ready(Ok(())) => {
                    let got = read.filled();
                    if got.is_empty() {
                        // The end: whatever part of a line was held goes to the parser as it is.
                        if let State::Line(line) = &mut this.state {
                            if !line.is_empty() {
                                let line = std::mem::take(line);
                                this.out.extend_from_slice(&line);
                                continue;
                            }
                        }
                        return Poll::Ready(Ok(()));
                    }
                    this.active_at = Instant::now();
                    let got = got.to_vec();
                    this.feed(&got)?;
                }
            }
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for LongHead<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = &done {
            let n = *n;
            self.wrote(&buf[..n]);
        }
        done
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if let Poll::Ready(Ok(n)) = &done {
            let first = bufs
                .iter()
                .find(|b| !b.is_empty())
                .map_or(&[][..], |b| &b[..]);
            let n = (*n).min(first.len());
            self.wrote(&first[..n]);
        }
        done
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8], chunk: usize) -> Vec<u8> {
        let mut r = LongHead::new((), None);
        for c in input.chunks(chunk) {
            r.feed(c).unwrap();
        }
        r.out
    }

    #[test]
    fn short_heads_pass_unchanged_in_any_chunking() {
        let req = b"GET /a?b=c HTTP/1.1\r\nHost: x\r\n\r\nGET /d HTTP/1.1\r\n\r\n";
        for chunk in [1, 3, 100] {
            assert_eq!(run(req, chunk), req.to_vec());
        }
    }

    #[test]
    fn a_long_query_is_dropped_and_a_longer_line_asks_for_the_message_page() {
        let long = format!(
            "GET /?m={} HTTP/1.1\r\nHost: x\r\n\r\n",
            "a".repeat(100_000)
        );
        assert_eq!(
            run(long.as_bytes(), 4096),
            b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"
        );
        let huge = format!(
            "GET /?m={} HTTP/1.1\r\nHost: x\r\n\r\n",
            "a".repeat(MAX_LINE)
        );
        let want = format!("GET {TOO_LONG_PATH} HTTP/1.1\r\nHost: x\r\n\r\n");
        assert_eq!(run(huge.as_bytes(), 8192), want.as_bytes());
    }

    #[test]
    fn bodies_and_upgrades_pass_untouched() {
        let body = "a".repeat(100_000);
        let req = format!("POST /x HTTP/1.1\r\nContent-Length: 100000\r\n\r\n{body}");
        assert_eq!(run(req.as_bytes(), 1000), req.as_bytes());
        let ws = format!("GET /ws HTTP/1.1\r\nUpgrade: websocket\r\n\r\n{body}\n{body}");
        assert_eq!(run(ws.as_bytes(), 1000), ws.as_bytes());
    }

    #[test]
    fn a_long_line_is_never_held_whole() {
        let mut r = LongHead::new((), None);
        let line = format!("GET /game?m={}", "a".repeat(MAX_LINE - 100));
        let mut most = 0;
        for c in line.as_bytes().chunks(8192) {
            r.feed(c).unwrap();
            most = most.max(r.held());
        }
        assert!(most <= 2 * PARSER_LINE, "{most} bytes held");
        r.feed(b" HTTP/1.1\r\n\r\n").unwrap();
        assert_eq!(r.out, b"GET /game HTTP/1.1\r\n\r\n");
    }

    #[test]
    fn heads_after_a_body_of_known_length_are_read_again() {
        let long = format!("GET /?m={} HTTP/1.1\r\n\r\n", "a".repeat(100_000));
        let req = format!("POST /x HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello{long}");
        assert_eq!(
            run(req.as_bytes(), 777),
            b"POST /x HTTP/1.1\r\nContent-Length: 5\r\n\r\nhelloGET / HTTP/1.1\r\n\r\n"
        );
    }
}
