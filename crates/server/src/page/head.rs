//! Long request heads. A shared game's link carries every move in its query, so a request line
//! may run to hundreds of kilobytes, past what the HTTP parser takes (`http::Uri` stops at 64 KiB).
//! [`LongHeads`] wraps each accepted connection in a [`LongHead`] reader that, before the parser
//! sees it, shortens such a request line: the query is dropped (the page's files never depend on
//! it; the page reads its own address), and a line longer than [`MAX_LINE`] becomes a request for
//! [`TOO_LONG_PATH`], which the page answers with its message page (status 431).
//!
//! Only request heads are looked at: after a head that announces a body (`Content-Length`,
//! `Transfer-Encoding`) or a protocol switch (`Upgrade`, an HTTP/2 preface) the connection's bytes
//! pass untouched from then on.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::serve::Listener;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// The longest request line read (a shared game of well over 100,000 plies).
pub const MAX_LINE: usize = 1024 * 1024;

/// Request lines up to this length go to the parser unchanged.
const PARSER_LINE: usize = 16 * 1024;

/// What a request line longer than [`MAX_LINE`] is turned into a request for.
pub const TOO_LONG_PATH: &str = "/.request-too-long";

/// How much of an over-long line is read and dropped before the connection is cut.
const MAX_DISCARD: usize = 16 * 1024 * 1024;

/// A TCP listener whose connections are [`LongHead`] readers.
pub struct LongHeads(pub TcpListener);

impl Listener for LongHeads {
    type Io = LongHead<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, addr) = Listener::accept(&mut self.0).await;
        // Each event line goes out at once: with Nagle's algorithm a line written while the
        // previous one is unacknowledged waits for the peer's delayed ACK (40 ms on Linux), the
        // load run's whole 99th percentile (docs/benchmarks.md).
        let _ = io.set_nodelay(true);
        (LongHead::new(io), addr)
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Listener::local_addr(&self.0)
    }
}

/// Where the reader is in the connection's bytes.
#[derive(Debug)]
enum State {
    /// Collecting a request line.
    Line(Vec<u8>),
    /// Dropping the rest of an over-long request line (bytes dropped so far).
    Discard(usize),
    /// Passing a request's header lines; the start of the current line, and whether the head
    /// announces a body or a protocol switch.
    Headers { line: Vec<u8>, opaque: bool },
    /// Everything passes untouched.
    Pass,
}

/// A connection whose request lines are shortened as the module says.
#[derive(Debug)]
pub struct LongHead<T> {
    inner: T,
    state: State,
    /// Bytes ready for the parser, and how many of them it has taken.
    out: Vec<u8>,
    taken: usize,
}

impl<T> LongHead<T> {
    /// Wraps a connection.
    pub fn new(inner: T) -> LongHead<T> {
        LongHead {
            inner,
            state: State::Line(Vec::new()),
            out: Vec::new(),
            taken: 0,
        }
    }

    /// Runs `bytes` through the state machine into `out`.
    fn feed(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut i = 0;
        while i < bytes.len() {
            match &mut self.state {
                State::Pass => {
                    self.out.extend_from_slice(&bytes[i..]);
                    return Ok(());
                }
                State::Line(line) => {
                    let b = bytes[i];
                    i += 1;
                    line.push(b);
                    if b == b'\n' {
                        let line = std::mem::take(line);
                        self.line_done(&line);
                    } else if line.len() > MAX_LINE {
                        let method = method_of(line);
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
                State::Headers { line, opaque } => {
                    let b = bytes[i];
                    i += 1;
                    self.out.push(b);
                    if b == b'\n' {
                        let text = String::from_utf8_lossy(line).to_ascii_lowercase();
                        let text = text.trim();
                        if text.is_empty() {
                            self.state = if *opaque {
                                State::Pass
                            } else {
                                State::Line(Vec::new())
                            };
                        } else {
                            if announces_body(text) {
                                *opaque = true;
                            }
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
            self.state = State::Pass;
            return;
        }
        if line.len() <= PARSER_LINE {
            self.out.extend_from_slice(line);
        } else {
            self.out.extend_from_slice(&shortened(line));
        }
        self.state = headers();
    }
}

fn headers() -> State {
    State::Headers {
        line: Vec::new(),
        opaque: false,
    }
}

/// Whether a header line (lower case, trimmed) says that a body or another protocol follows.
fn announces_body(line: &str) -> bool {
    let Some((name, value)) = line.split_once(':') else {
        return false;
    };
    match name.trim() {
        "content-length" => value.trim() != "0",
        "transfer-encoding" | "upgrade" => true,
        _ => false,
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

/// `line` (longer than the parser takes) without its query; the too-long request if the path
/// alone is still too long or the line is not `METHOD TARGET VERSION`.
fn shortened(line: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(line);
    let mut parts = text.trim_end().splitn(3, ' ');
    let (Some(method), Some(target), Some(version)) = (parts.next(), parts.next(), parts.next())
    else {
        return too_long_line(&method_of(line));
    };
    let path = target.split(['?', '#']).next().unwrap_or(target);
    if path.len() > PARSER_LINE {
        return too_long_line(method.as_bytes());
    }
    format!("{method} {path} {version}\r\n").into_bytes()
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
            if matches!(this.state, State::Pass) {
                return Pin::new(&mut this.inner).poll_read(cx, buf);
            }
            let mut scratch = [0u8; 8192];
            let mut read = ReadBuf::new(&mut scratch);
            match Pin::new(&mut this.inner).poll_read(cx, &mut read) {
                Poll::Pending => return Poll::Pending,
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
        Pin::new(&mut self.inner).poll_write(cx, buf)
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
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8], chunk: usize) -> Vec<u8> {
        let mut r = LongHead::new(());
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
}
