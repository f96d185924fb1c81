//! The UCI output channel, shared by the command loop and the search thread: whole lines,
//! flushed at once, never interleaved.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A cloneable handle on the engine's output (standard output, or a buffer in tests).
#[derive(Clone)]
pub struct Out {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
    broken: Arc<AtomicBool>,
}

impl Out {
    /// Wraps `w`.
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out {
            inner: Arc::new(Mutex::new(w)),
            broken: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Writes `text` followed by a line break and flushes. A failed write (the GUI closed the
    /// pipe) is remembered: see [`Out::is_broken`].
    pub fn line(&self, text: &str) {
        // A panic while holding the lock cannot happen here (writing does not panic), but a
        // poisoned lock must not stop the engine from talking either.
        let mut w = match self.inner.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let ok = w
            .write_all(text.as_bytes())
            .and_then(|()| w.write_all(b"\n"))
            .and_then(|()| w.flush());
        if ok.is_err() {
            self.broken.store(true, Ordering::Relaxed);
        }
    }

    /// Writes each line of `text` (which may hold several) at once.
    pub fn lines(&self, text: &str) {
        self.line(text.strip_suffix('\n').unwrap_or(text));
    }

    /// `info string <text>`: free text for the GUI.
    pub fn info(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }

    /// `info string error: <text>`: how UCI reports a wrong command without stopping.
    pub fn error(&self, text: &str) {
        let flat: Vec<&str> = text.lines().collect();
        self.info(&format!("error: {}", flat.join(" ")));
    }

    /// Whether a write has failed: nobody is listening any more.
    pub fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }
}
