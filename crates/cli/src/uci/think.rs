//! The search thread of the UCI session: `go` starts it, `stop` (or a limit) ends it, and a
//! search always answers with `bestmove` — a legal move, or `bestmove (none)` when the side to
//! move has none. `go perft` runs on the same thread ([`super::perft`]), so that it too leaves
//! the command loop free and ends on `stop`.
//!
//! The [`Searcher`] (with its transposition table) lives across searches: it is lent to the
//! thread for a search and given back when the thread is joined.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Instant;

use baroque_engine::search::{Clock, Level, Limits, Score, SearchEnv, SearchInfo, Searcher};
use baroque_engine::{Color, Game, Move, Position};

use super::go_params::GoParams;
use super::out::Out;

/// Owns the searcher and the running search, if any.
pub struct Thinker {
    out: Out,
    hash_mb: usize,
    /// Lines to report (`MultiPV`).
    multipv: u32,
    /// The idle searcher; `None` before the first search (it is made lazily, so that `uci` is
    /// answered at once) and while a search has it.
    searcher: Option<Searcher>,
    job: Option<Job>,
    /// The play level of `Skill Level` / `UCI_Elo`; `None` for full strength.
    level: Option<Level>,
    /// `Threads`.
    threads: usize,
}

/// A running search or perft.
struct Job {
    stop: Arc<AtomicBool>,
    /// Set by `ponderhit` (a pondering search then counts its time).
    ponderhit: Arc<AtomicBool>,
    /// Whether the search lasts until `stop` (`infinite`, `ponder` or no limit).
    until_stop: bool,
    /// Set by the thread just before it prints `bestmove` (or the perft total): from then on
    /// the GUI may send anything, so the search counts as over even while its thread winds down.
    answered: Arc<AtomicBool>,
    /// Gives back the searcher lent to a search (a perft borrows none).
    handle: JoinHandle<Option<Searcher>>,
    /// What a search answers if its thread dies without answering (it cannot, but `bestmove`
    /// is owed); a perft owes nothing.
    fallback: Option<String>,
}

impl Thinker {
    /// A thinker that reports on `out` and uses a table of `hash_mb` MiB.
    pub fn new(out: Out, hash_mb: usize) -> Thinker {
        Thinker {
            out,
            hash_mb,
            multipv: 1,
            searcher: None,
            job: None,
            level: None,
            threads: 1,
        }
    }

    /// Whether a search or perft is running (it has not yet answered).
    pub fn is_running(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|j| !j.answered.load(Ordering::SeqCst))
    }

    /// Changes the table size (after ending any search).
    pub fn set_hash(&mut self, mb: usize) {
        self.stop();
        self.hash_mb = mb;
        if let Some(s) = self.searcher.as_mut() {
            s.resize(mb << 20);
        }
    }

    /// Forgets what the searcher learnt (new game).
    pub fn clear_hash(&mut self) {
        self.stop();
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
    }

    /// Sets the number of lines to report (`MultiPV`), from the next search on.
    pub fn set_multipv(&mut self, k: u32) {
        self.multipv = k.max(1);
    }

    /// Searches with `n` threads from the next search on.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n;
    }

    /// Plays at `level` (`None`: full strength) from the next search on.
    pub fn set_level(&mut self, level: Option<Level>) {
        self.level = level;
    }

    /// `ponderhit`: the move the search was pondering on was played, so its clock limits
    /// start now; it answers when they run out (at once if it has already thought for its
    /// soft time, or had finished).
    pub fn ponderhit(&mut self) {
        if let Some(job) = self.job.as_ref() {
            job.ponderhit.store(true, Ordering::SeqCst);
            job.handle.thread().unpark();
        }
    }

    /// Ends the running search or perft, if any, and waits for its answer.
    pub fn stop(&mut self) {
        self.join(true);
    }

    /// At the end of the input: lets a search with a limit finish (so that a script's last
    /// `go depth 8` is answered in full), stops one that would run until `stop`.
    pub fn finish(&mut self) {
        let until_stop = self.job.as_ref().is_some_and(|j| j.until_stop);
        self.join(until_stop);
    }

    /// Waits for the running search, if any, first telling it to stop when `stop` is set.
    fn join(&mut self, stop: bool) {
        let Some(job) = self.job.take() else {
            return;
        };
        if stop {
            job.stop.store(true, Ordering::SeqCst);
            job.handle.thread().unpark();
        }
        match job.handle.join() {
            Ok(Some(searcher)) => self.searcher = Some(searcher),
            Ok(None) => {}
            Err(_) => {
                self.out.error("the search failed");
                if let (false, Some(fallback)) =
                    (job.answered.load(Ordering::SeqCst), &job.fallback)
                {
                    self.out.line(fallback);
                }
            }
        }
    }

    /// Starts `go perft depth` on `pos` (ending any running search first).
    pub fn start_perft(&mut self, pos: Position, depth: u32) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        let (flag, done, out) = (Arc::clone(&stop), Arc::clone(&answered), self.out.clone());
        let spawned = thread::Builder::new().name("perft".into()).spawn(move || {
            super::perft::divide(&pos, depth, &flag, &out, &done);
            None
        });
        let ponderhit = Arc::new(AtomicBool::new(false));
        self.launch(spawned, stop, ponderhit, false, answered, None);
    }

    /// Records the job of a spawned thread, or reports that it could not start.
    fn launch(
        &mut self,
        spawned: std::io::Result<JoinHandle<Option<Searcher>>>,
        stop: Arc<AtomicBool>,
        ponderhit: Arc<AtomicBool>,
        until_stop: bool,
        answered: Arc<AtomicBool>,
        fallback: Option<String>,
    ) {
        match spawned {
            Ok(handle) => {
                self.job = Some(Job {
                    stop,
                    ponderhit,
                    until_stop,
                    answered,
                    handle,
                    fallback,
                })
            }
            Err(e) => {
                self.out
                    .error(&format!("cannot start the search thread: {e}"));
                if let Some(f) = fallback {
                    self.out.line(&f);
                }
            }
        }
    }

    /// Starts searching the current position of `game` (a running search must be stopped
    /// first; see [`Thinker::stop`]).
    pub fn start(&mut self, game: Game, params: GoParams) {
        self.stop();
        let pos = *game.position();
        let fallback = bestmove_line(&pos, pos.legal_moves().first().copied(), None);
        let mut searcher = match self.searcher.take() {
            Some(s) => s,
            None => Searcher::new(self.hash_mb << 20),
        };
        let stop = Arc::new(AtomicBool::new(false));
        let until_stop = params.until_stop();
        let out = self.out.clone();
        let flag = Arc::clone(&stop);
        let ponderhit = Arc::new(AtomicBool::new(false));
        let hit = Arc::clone(&ponderhit);
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let multipv = self.multipv;
        let level = self.level;
        let threads = self.threads;
        let spawned = thread::Builder::new().name("search".into()).spawn(move || {
            let flags = Flags {
                stop: &flag,
                ponderhit: &hit,
                answered: &done,
            };
            let how = How {
                multipv,
                level,
                threads,
            };
            think(&mut searcher, &game, &params, &how, &flags, &out);
            Some(searcher)
        });
        self.launch(
            spawned,
            stop,
            ponderhit,
            until_stop,
            answered,
            Some(fallback),
        );
    }
}

/// The session's options a search uses.
struct How {
    /// `MultiPV`.
    multipv: u32,
    /// `Skill Level` / `UCI_Elo`.
    level: Option<Level>,
    /// `Threads`.
    threads: usize,
}

/// The flags a search thread shares with the command loop.
struct Flags<'a> {
    /// `stop` (or `quit`, or a new `go`).
    stop: &'a AtomicBool,
    /// `ponderhit`.
    ponderhit: &'a AtomicBool,
    /// Set just before `bestmove` is printed.
    answered: &'a AtomicBool,
}

/// The search thread's work: search, wait for `stop` (or `ponderhit`) when the search must
/// last until then, and answer `bestmove`.
fn think(
    searcher: &mut Searcher,
    game: &Game,
    params: &GoParams,
    how: &How,
    flags: &Flags,
    out: &Out,
) {
    let pos = *game.position();
    let mut limits = limits(&pos, params).with_multipv(how.multipv);
    if let Some(level) = how.level {
        limits = capped(limits, &level.limits());
    }
    let mut env = Env {
        started: Instant::now(),
        stop: flags.stop,
        ponderhit: flags.ponderhit,
        out,
        pos,
    };
    let result = crate::smp::search(searcher, how.threads, game, &limits, &mut env);
    // UCI: with `infinite` the answer waits for `stop`, and a pondering search's for `stop`
    // or `ponderhit`, even after the search has run out of depth.
    loop {
        if flags.stop.load(Ordering::SeqCst) {
            break;
        }
        let waiting =
            params.unlimited() || (params.ponder && !flags.ponderhit.load(Ordering::SeqCst));
        if !waiting {
            break;
        }
        thread::park();
    }
    let answered = flags.answered;
    let legal = pos.legal_moves();
    let best = result
        .best
        .filter(|m| legal.contains(m))
        .or_else(|| legal.first().copied());
    let ponder = match best {
        Some(b) => result
            .ponder
            .filter(|p| pos.play(&b).legal_moves().contains(p)),
        None => None,
    };
    answered.store(true, Ordering::SeqCst);
    out.line(&bestmove_line(&pos, best, ponder));
}

/// `bestmove <move> [ponder <move>]`, or `bestmove (none)`.
fn bestmove_line(pos: &Position, best: Option<Move>, ponder: Option<Move>) -> String {
    match best {
        None => "bestmove (none)".to_string(),
        Some(b) => {
            let mut s = format!("bestmove {}", pos.move_text(&b));
            if let Some(p) = ponder {
                s.push_str(&format!(" ponder {}", pos.play(&b).move_text(&p)));
            }
            s
        }
    }
}

/// The search limits of `go` for the side to move of `pos`. A search that must end by itself
/// (see [`GoParams::until_stop`]) always gets a limit.
pub fn limits(pos: &Position, p: &GoParams) -> Limits {
    let mover_time = match pos.side_to_move() {
        Color::White => p.wtime,
        Color::Black => p.btime,
    };
    let mut l = match mover_time {
        Some(_) => Limits::from_clock(&Clock::for_side(
            pos.side_to_move(),
            p.wtime.unwrap_or(0),
            p.btime.unwrap_or(0),
            p.winc.unwrap_or(0),
            p.binc.unwrap_or(0),
            p.movestogo,
        )),
        None => Limits::default(),
    };
    if let Some(d) = p.depth {
        l.depth = Some(d.max(1));
    }
    if let Some(n) = p.nodes {
        l.nodes = Some(n.max(1));
    }
    if let Some(t) = p.movetime {
        l.movetime_ms = Some(l.movetime_ms.map_or(t, |h| h.min(t)));
    }
    l.ponder = p.ponder;
    if p.unlimited() {
        // Until `stop`: no clock limit, but an explicit depth or node limit still ends the
        // thinking (the answer then waits for `stop`).
        l.movetime_ms = None;
        l.soft_time_ms = None;
    } else if l.depth.is_none() && l.nodes.is_none() && l.movetime_ms.is_none() {
        // A search that must answer by itself but has nothing to end it: its only limit was
        // unreadable (reported by the parser), or the clock given is the opponent's. The
        // shallowest search answers at once.
        l.depth = Some(1);
    }
    l
}

/// `limits` with the tighter of each of its limits and `cap`'s, and `cap`'s near-best margin
/// (a play level's limits under `Skill Level` / `UCI_Elo`).
pub fn capped(limits: Limits, cap: &Limits) -> Limits {
    fn min<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
        match (a, b) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, None) => x,
            (None, y) => y,
        }
    }
    Limits {
        depth: min(limits.depth, cap.depth),
        nodes: min(limits.nodes, cap.nodes),
        movetime_ms: min(limits.movetime_ms, cap.movetime_ms),
        soft_time_ms: min(limits.soft_time_ms, cap.soft_time_ms),
        near_best_cp: cap.near_best_cp,
        ..limits
    }
}

/// The search's view of the session: a clock, the `stop` flag and the `info` lines.
struct Env<'a> {
    started: Instant,
    stop: &'a AtomicBool,
    ponderhit: &'a AtomicBool,
    out: &'a Out,
    pos: Position,
}

impl SearchEnv for Env<'_> {
    fn now_ms(&mut self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn should_stop(&mut self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn ponderhit(&mut self) -> bool {
        self.ponderhit.load(Ordering::Relaxed)
    }

    fn info(&mut self, info: &SearchInfo) {
        let ms = self.now_ms();
        self.out.line(&info_line(&self.pos, info, ms));
    }
}

/// `info depth … seldepth … multipv k score cp|mate … nodes … nps … time … hashfull … pv …`.
fn info_line(pos: &Position, info: &SearchInfo, ms: u64) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let nps = info.nodes.saturating_mul(1000) / ms.max(1);
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {nps} time {ms} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.hashfull,
        pv_text(pos, &info.pv)
    )
}

/// The principal variation as move text, stopping at the first move that is not legal where it
/// is played (the search's line is legal; this only guards the output).
fn pv_text(pos: &Position, pv: &[Move]) -> String {
    let mut p = *pos;
    let mut words = Vec::new();
    for m in pv {
        if !p.legal_moves().contains(m) {
            break;
        }
        words.push(p.move_text(m));
        p = p.play(m);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::GameId;

    #[test]
    fn a_search_that_ends_by_itself_always_has_a_limit() {
        let white = Position::start(GameId::Ultima);
        // Only Black's clock while White moves, or an unreadable only limit: depth 1.
        for p in [
            GoParams {
                btime: Some(1000),
                ..GoParams::default()
            },
            GoParams {
                unreadable_limit: true,
                ..GoParams::default()
            },
        ] {
            assert_eq!(limits(&white, &p).depth, Some(1), "{p:?}");
        }
        // Until stop: no limit at all.
        assert_eq!(limits(&white, &GoParams::default()), Limits::default());
        let clock = limits(
            &white,
            &GoParams {
                wtime: Some(1000),
                ..GoParams::default()
            },
        );
        assert!(clock.movetime_ms.is_some() && clock.depth.is_none());
    }
}
