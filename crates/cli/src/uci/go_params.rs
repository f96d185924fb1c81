//! Parsing of UCI's `go` command: `perft N`, or the search limits
//! (`depth`, `nodes`, `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`, `infinite`).
//!
//! A limit whose value cannot be read (`depth x`, `nodes -3`, a number above its range, a
//! keyword without its number) is reported and ignored; when it was the only limit, the search
//! still answers by itself (see [`GoParams::unreadable_limit`]) instead of running until `stop`,
//! which a GUI that sent a limit would never send.

/// What `go` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// `go perft N`: a divide of depth N (Fairy-Stockfish style).
    Perft(u32),
    /// A search with these limits.
    Search(GoParams),
}

/// The limits of `go`, as given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth`.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `movetime` (ms).
    pub movetime: Option<u64>,
    /// `wtime` (ms; a negative clock counts as 0).
    pub wtime: Option<u64>,
    /// `btime` (ms).
    pub btime: Option<u64>,
    /// `winc` (ms).
    pub winc: Option<u64>,
    /// `binc` (ms).
    pub binc: Option<u64>,
    /// `movestogo`.
    pub movestogo: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: think on the opponent's time; the clock limits start at `ponderhit`.
    pub ponder: bool,
    /// A limit was given whose value could not be read: the search must end by itself, so
    /// when no other limit is left the answer comes after the shallowest search.
    pub unreadable_limit: bool,
}

impl GoParams {
    /// Whether the search may last until `stop` (no limit given, `infinite`, or `ponder`,
    /// which lasts until `stop` or `ponderhit`).
    pub fn until_stop(&self) -> bool {
        self.ponder || self.unlimited()
    }

    /// Whether the search has no limit and answers only on `stop` (no limit given, or
    /// `infinite`).
    pub fn unlimited(&self) -> bool {
        self.infinite || (!self.has_limit() && !self.unreadable_limit)
    }

    /// Whether a readable limit (depth, nodes, time or a clock) was given.
    pub fn has_limit(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.movetime.is_some()
            || self.wtime.is_some()
            || self.btime.is_some()
    }
}

/// Parses the words after `go`. Returns what to do and the complaints about words that were
/// ignored (unknown words, bad numbers): a GUI's `go` must still produce a `bestmove`.
pub fn parse_go(words: &[&str]) -> Result<(Go, Vec<String>), String> {
    let mut p = GoParams::default();
    let mut warnings = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let key = words[i].to_ascii_lowercase();
        // A keyword is never taken for the value of the one before it (`go depth infinite`).
        let next = words.get(i + 1).copied().filter(|w| !is_keyword(w));
        let mut unreadable = false;
        let mut number = |max: u64, signed: bool| -> Option<u64> {
            let Some(text) = next else {
                warnings.push(format!(
                    "go {key}: '{key}' needs a number after it; ignored"
                ));
                unreadable = true;
                return None;
            };
            i += 1;
            match text.parse::<i64>() {
                Ok(n) if n < 0 && signed => Some(0),
                Ok(n) if n >= 0 && (n as u64) <= max => Some(n as u64),
                _ => match text.parse::<u64>() {
                    Ok(n) if n <= max => Some(n),
                    _ => {
                        let range = if signed {
                            format!("up to {max}")
                        } else {
                            format!("from 0 to {max}")
                        };
                        warnings.push(format!(
                            "go {key}: '{text}' is not a whole number {range}; ignored"
                        ));
                        unreadable = true;
                        None
                    }
                },
            }
        };
        match key.as_str() {
            "perft" => {
                let depth = next
                    .ok_or("go perft needs a depth")
                    .and_then(|d| crate::perft::parse_depth(d).map_err(|_| "bad depth"))
                    .map_err(|e| match next {
                        Some(d) => format!(
                            "go perft: bad depth '{d}': expected a whole number from 0 to {}",
                            crate::perft::MAX_DEPTH
                        ),
                        None => e.to_string(),
                    })?;
                return Ok((Go::Perft(depth), warnings));
            }
            "depth" => p.depth = number(u64::from(u32::MAX), false).map(|n| n as u32),
            "nodes" => p.nodes = number(u64::MAX, false),
            "movetime" => p.movetime = number(u64::MAX, false),
            "wtime" => p.wtime = number(u64::MAX, true),
            "btime" => p.btime = number(u64::MAX, true),
            "winc" => p.winc = number(u64::MAX, true),
            "binc" => p.binc = number(u64::MAX, true),
            "movestogo" => p.movestogo = number(u64::from(u32::MAX), false).map(|n| n as u32),
            "infinite" => p.infinite = true,
            "ponder" => p.ponder = true,
            "searchmoves" | "mate" => {
                warnings.push(format!("go {key} is not supported; ignored"));
                // Skip its arguments (moves or a number) up to the next keyword.
                while i + 1 < words.len() && !is_keyword(words[i + 1]) {
                    i += 1;
                }
            }
            other => warnings.push(format!("go: unknown word '{other}' ignored")),
        }
        if unreadable && is_limit(&key) {
            p.unreadable_limit = true;
        }
        i += 1;
    }
    if p.unreadable_limit && !p.has_limit() && !p.infinite && !p.ponder {
        warnings.push(
            "go: no readable limit is left, so the answer comes after a search of depth 1"
                .to_string(),
        );
    }
    Ok((Go::Search(p), warnings))
}

/// Whether `key` is a limit that ends a search by itself.
fn is_limit(key: &str) -> bool {
    matches!(key, "depth" | "nodes" | "movetime" | "wtime" | "btime")
}

fn is_keyword(w: &str) -> bool {
    matches!(
        w.to_ascii_lowercase().as_str(),
        "perft"
            | "depth"
            | "nodes"
            | "movetime"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "infinite"
            | "ponder"
            | "searchmoves"
            | "mate"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(s: &str) -> Result<(Go, Vec<String>), String> {
        parse_go(&s.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn limits_are_read() {
        let (g, w) = go("wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 3").unwrap();
        assert!(w.is_empty());
        let Go::Search(p) = g else {
            panic!("not a search")
        };
        assert_eq!(p.wtime, Some(1000));
        assert_eq!(p.btime, Some(0));
        assert_eq!(
            (p.winc, p.binc, p.movestogo, p.depth),
            (Some(10), Some(20), Some(7), Some(3))
        );
        assert!(!p.until_stop());
        let (Go::Search(p), _) = go("").unwrap() else {
            panic!()
        };
        assert!(p.until_stop());
        let (Go::Search(p), _) = go("infinite").unwrap() else {
            panic!()
        };
        assert!(p.until_stop());
    }

    #[test]
    fn perft_and_bad_words() {
        assert_eq!(go("perft 3").unwrap().0, Go::Perft(3));
        assert!(go("perft").is_err());
        assert!(go("perft x").unwrap_err().contains("bad depth 'x'"));
        let (g, w) = go("depth x nodes 5 banana").unwrap();
        assert_eq!(w.len(), 2);
        assert_eq!(
            g,
            Go::Search(GoParams {
                nodes: Some(5),
                unreadable_limit: true,
                ..GoParams::default()
            })
        );
        let (_, w) = go("depth -1").unwrap();
        assert_eq!(w.len(), 2, "{w:?}");
    }

    #[test]
    fn an_unreadable_only_limit_still_ends_the_search() {
        for text in [
            "movetime -5",
            "depth x",
            "nodes -3",
            "nodes 18446744073709551616",
            "depth 4294967296",
            "depth",
            "wtime x btime x",
            "nodes movetime",
        ] {
            let (Go::Search(p), w) = go(text).unwrap() else {
                panic!("{text}: not a search")
            };
            assert!(p.unreadable_limit && !p.has_limit(), "{text}: {p:?}");
            assert!(!p.until_stop(), "{text}");
            assert!(w.iter().any(|w| w.contains("depth 1")), "{text}: {w:?}");
        }
        // A keyword is not taken for a value: `infinite` still counts.
        let (Go::Search(p), w) = go("depth infinite").unwrap() else {
            panic!()
        };
        assert!(p.infinite && p.until_stop(), "{p:?}");
        assert!(w[0].contains("'depth' needs a number"), "{w:?}");
        // Another readable limit is kept; unreadable increments are no limit at all.
        let (Go::Search(p), w) = go("depth x movetime 20").unwrap() else {
            panic!()
        };
        assert_eq!((p.movetime, w.len()), (Some(20), 1), "{w:?}");
        let (Go::Search(p), _) = go("winc x").unwrap() else {
            panic!()
        };
        assert!(!p.unreadable_limit && p.until_stop());
    }
}
