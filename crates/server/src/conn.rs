//! Connections: how many the server takes from one address and in all, and the open-files limit
//! (each connection is a file) raised to its hard limit at start.
//!
//! [`Gated`] is the server's listener: it accepts a connection only while its address holds
//! fewer than `--max-conns-per-ip` (a trusted proxy's own address is not capped) and the server
//! fewer than it can hold open ([`capacity`]); any other is answered
//! `429 {"code":"too-many-connections"}` (or `503 {"code":"server-full"}`) and closed. Each
//! accepted connection is a [`LongHead`] reader, timed by [`Timeouts`].

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::serve::Listener;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::page::head::{LongHead, Timeouts};

/// Open files kept for the server's own use (the database, the page's files, the log).
const RESERVED_FILES: u64 = 64;

/// Refused connections answered at once; past this they are closed unanswered.
const MAX_REFUSING: usize = 256;

/// Each connection's kernel send buffer (bytes; Linux keeps twice this for its bookkeeping):
/// set, not left to the kernel's autotuning (which grows it to megabytes for a client that
/// stops reading), so that a slow reader backs up into its own bounded queue at once
/// ([`crate::ws`]) and 10,000 connections cannot hold gigabytes of kernel memory. Enough for
/// the page's files at any usual round trip (a megabyte a second at 100 ms).
pub const SEND_BUFFER: usize = 64 * 1024;

/// Raises the open-files soft limit to the hard limit; gives the limit in force.
pub fn raise_open_files() -> u64 {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => n,
        Err(_) => rlimit::getrlimit(rlimit::Resource::NOFILE).map_or(1024, |(soft, _)| soft),
    }
}

/// The connections the server can hold with `open_files` files open at most.
pub fn capacity(open_files: u64) -> usize {
    usize::try_from(open_files.saturating_sub(RESERVED_FILES).max(16)).unwrap_or(usize::MAX)
}

/// Why a connection was turned away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Its address holds as many as it may.
    Address,
    /// The server holds as many as it can.
    Full,
}

/// The count of open connections, per address and in all.
#[derive(Debug)]
pub struct Gate {
    per_ip: usize,
    total: usize,
    exempt: Vec<IpAddr>,
    open: Mutex<HashMap<IpAddr, usize>>,
    all: AtomicUsize,
    refusing: AtomicUsize,
}

impl Gate {
    /// At most `per_ip` connections from one address (0: no cap) except from `exempt` ones (the
    /// trusted proxies), and `total` in all.
    pub fn new(per_ip: usize, total: usize, exempt: Vec<IpAddr>) -> Arc<Gate> {
        Arc::new(Gate {
            per_ip,
            total,
            exempt,
            open: Mutex::new(HashMap::new()),
            all: AtomicUsize::new(0),
            refusing: AtomicUsize::new(0),
        })
    }

    /// Counts a connection from `ip` in, or says why not.
    pub fn admit(self: &Arc<Gate>, ip: IpAddr) -> Result<Ticket, Refused> {
        if self.all.fetch_add(1, Ordering::SeqCst) >= self.total {
            self.all.fetch_sub(1, Ordering::SeqCst);
            return Err(Refused::Full);
        }
        let capped = self.per_ip > 0 && !self.exempt.contains(&ip);
        if capped {
            let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
            let n = open.entry(ip).or_insert(0);
            if *n >= self.per_ip {
                drop(open);
                self.all.fetch_sub(1, Ordering::SeqCst);
                return Err(Refused::Address);
            }
            *n += 1;
        }
        Ok(Ticket {
            gate: Arc::clone(self),
            ip: capped.then_some(ip),
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.all.load(Ordering::SeqCst)
    }
}

/// An admitted connection's place, given back when dropped.
#[derive(Debug)]
pub struct Ticket {
    gate: Arc<Gate>,
    ip: Option<IpAddr>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.gate.all.fetch_sub(1, Ordering::SeqCst);
        if let Some(ip) = self.ip {
            let mut open = self.gate.open.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(n) = open.get_mut(&ip) {
                *n -= 1;
                if *n == 0 {
                    open.remove(&ip);
                }
            }
        }
    }
}

/// The answer to a connection turned away.
fn refusal(why: Refused) -> Vec<u8> {
    let (status, body) = match why {
        Refused::Address => (
            "429 Too Many Requests",
            r#"{"error":"too many connections from this address","code":"too-many-connections"}"#,
        ),
        Refused::Full => (
            "503 Service Unavailable",
            r#"{"error":"the server is full; try again soon","code":"server-full"}"#,
        ),
    };
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\nretry-after: 5\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The server's listener: connections counted by a [`Gate`], timed by [`Timeouts`].
pub struct Gated {
    listener: TcpListener,
    gate: Arc<Gate>,
    timeouts: Timeouts,
}

impl Gated {
    /// Accepts on `listener` through `gate`.
    pub fn new(listener: TcpListener, gate: Arc<Gate>, timeouts: Timeouts) -> Gated {
        Gated {
            listener,
            gate,
            timeouts,
        }
    }

    /// Answers a connection turned away and closes it, without holding the accept loop: the
    /// answer is written, the request read and dropped for a moment (so that closing does not
    /// reset the connection before the client reads the answer).
    fn turn_away(&self, mut io: TcpStream, why: Refused) {
        let gate = Arc::clone(&self.gate);
        if gate.refusing.fetch_add(1, Ordering::SeqCst) >= MAX_REFUSING {
            gate.refusing.fetch_sub(1, Ordering::SeqCst);
            return;
        }
        tokio::spawn(async move {
            let _ = tokio::time::timeout(Duration::from_secs(1), async {
                io.write_all(&refusal(why)).await?;
                io.shutdown().await?;
                let mut sink = [0u8; 4096];
                let mut left: usize = 64 * 1024;
                while left > 0 {
                    let n = io.read(&mut sink).await?;
                    if n == 0 {
                        break;
                    }
                    left = left.saturating_sub(n);
                }
                Ok::<_, io::Error>(())
            })
            .await;
            gate.refusing.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

impl Listener for Gated {
    type Io = LongHead<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let (io, addr) = Listener::accept(&mut self.listener).await;
            match self.gate.admit(addr.ip()) {
                Ok(ticket) => {
                    // Each event line goes out at once: with Nagle's algorithm a line written
                    // while the previous one is unacknowledged waits for the peer's delayed
                    // ACK (40 ms on Linux), the load run's whole 99th percentile.
                    let _ = io.set_nodelay(true);
                    let _ = socket2::SockRef::from(&io).set_send_buffer_size(SEND_BUFFER);
                    let io = LongHead::new(io, Some(self.timeouts)).keeping(ticket);
                    return (io, addr);
                }
                Err(why) => self.turn_away(io, why),
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Listener::local_addr(&self.listener)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_share_and_a_proxy_is_not_capped() {
        let proxy: IpAddr = "10.0.0.9".parse().unwrap();
        let gate = Gate::new(2, 5, vec![proxy]);
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let a = gate.admit(ip).unwrap();
        let _b = gate.admit(ip).unwrap();
        assert_eq!(gate.admit(ip).unwrap_err(), Refused::Address);
        drop(a);
        let _c = gate.admit(ip).unwrap();
        let _p: Vec<Ticket> = (0..3).map(|_| gate.admit(proxy).unwrap()).collect();
        assert_eq!(gate.open(), 5);
        assert_eq!(gate.admit(proxy).unwrap_err(), Refused::Full);
        assert!(capacity(1024) > 900 && capacity(10) == 16);
    }
}
