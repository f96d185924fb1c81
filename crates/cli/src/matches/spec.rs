//! A player's description (`--a`/`--b SPEC`): `greedy`, the search's limits and weights, a
//! chess clock (`tc=`) or an external engine's command (`cmd=`).

use baroque_engine::search::eval::Weights;
use baroque_engine::search::{Level, Limits};

use crate::error::CliError;

/// A parsed player description.
#[derive(Clone, Debug)]
pub(super) struct Spec {
    pub(super) text: String,
    pub(super) greedy: bool,
    pub(super) limits: Limits,
    /// Weights changed by name, applied over the game's tuned weights.
    pub(super) weights: Vec<(String, i32)>,
    pub(super) cmd: Option<String>,
    /// Threads of the search (`threads=`, Lazy SMP).
    pub(super) threads: usize,
    /// `tc=BASE+INC`: a chess clock of BASE and INC per move, in milliseconds.
    pub(super) clock: Option<TimeControl>,
    /// `features=MASK`: the search techniques switched on (`search::feature`), for measuring
    /// one against its absence.
    pub(super) features: Option<u32>,
}

/// A player's chess clock in a match: its start and its increment per move (milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TimeControl {
    pub(super) base_ms: u64,
    pub(super) inc_ms: u64,
}

impl TimeControl {
    /// `BASE+INC` or `BASE`, in seconds (decimals allowed): `60+1`, `10+0.1`, `5`.
    pub(super) fn parse(text: &str) -> Result<TimeControl, CliError> {
        let bad = || {
            CliError::usage(format!(
                "bad tc '{text}': expected BASE+INC in seconds, such as 60+1 or 10+0.1"
            ))
        };
        let ms = |v: &str| -> Result<u64, CliError> {
            let x: f64 = v.trim().parse().map_err(|_| bad())?;
            if x.is_finite() && (0.0..=86_400.0).contains(&x) {
                Ok((x * 1000.0).round() as u64)
            } else {
                Err(bad())
            }
        };
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        Ok(TimeControl {
            base_ms: ms(base)?,
            inc_ms: ms(inc)?,
        })
    }
}

/// Both clocks before a move of a clocked player: the mover's and the opponent's time left
/// and increments (an opponent without a clock is given the mover's), as UCI's `go wtime …`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clocks {
    pub(super) mover_ms: u64,
    pub(super) mover_inc: u64,
    pub(super) other_ms: u64,
    pub(super) other_inc: u64,
}

pub(super) fn parse_spec(text: &str) -> Result<Spec, CliError> {
    let mut spec = Spec {
        text: text.to_string(),
        greedy: false,
        limits: Limits::default(),
        weights: Vec::new(),
        cmd: None,
        threads: 1,
        clock: None,
        features: None,
    };
    let mut rest = text.trim();
    let mut limited = false;
    while !rest.is_empty() {
        if let Some(cmd) = rest.strip_prefix("cmd=") {
            spec.cmd = Some(cmd.to_string());
            break;
        }
        let (item, tail) = rest.split_once(',').unwrap_or((rest, ""));
        rest = tail.trim_start();
        let item = item.trim();
        if item == "greedy" {
            spec.greedy = true;
            continue;
        }
        let (key, value) = item.split_once('=').ok_or_else(|| {
            CliError::usage(format!(
                "bad player item '{item}' in '{text}': expected greedy or key=value"
            ))
        })?;
        if key.trim() == "tc" {
            spec.clock = Some(TimeControl::parse(value)?);
            limited = true;
            continue;
        }
        let n: i64 = value.trim().parse().map_err(|_| {
            CliError::usage(format!(
                "bad value '{value}' for '{key}': expected a number"
            ))
        })?;
        let positive = |what: &str| -> Result<u64, CliError> {
            if n >= 1 {
                Ok(n as u64)
            } else {
                Err(CliError::usage(format!("{what} must be at least 1")))
            }
        };
        match key.trim() {
            "level" => {
                let level = u8::try_from(n)
                    .ok()
                    .and_then(Level::get)
                    .ok_or_else(|| CliError::usage(format!("level must be 1 to {}", Level::MAX)))?;
                spec.limits = level.limits();
                limited = true;
            }
            "depth" => {
                spec.limits.depth = Some(positive("depth")?.min(64) as u32);
                limited = true;
            }
            "nodes" => {
                spec.limits.nodes = Some(positive("nodes")?);
                limited = true;
            }
            "movetime" => {
                spec.limits.movetime_ms = Some(positive("movetime")?);
                limited = true;
            }
            "near" => spec.limits.near_best_cp = n.clamp(0, 1000) as u32,
            "features" => {
                let all = i64::from(baroque_engine::search::feature::ALL);
                if !(0..=all).contains(&n) {
                    return Err(CliError::usage(format!("features must be 0 to {all}")));
                }
                spec.features = Some(n as u32);
            }
            "threads" => {
                spec.threads = (positive("threads")? as usize).min(crate::smp::MAX_THREADS)
            }
            k => {
                let mut probe = Weights::DEFAULT;
                if !probe.set(k, n as i32) {
                    return Err(CliError::usage(format!(
                        "unknown player key '{k}': use level, depth, nodes, movetime, tc, near, threads, features, a weight name, or cmd"
                    )));
                }
                spec.weights.push((k.to_string(), n as i32));
            }
        }
    }
    if !spec.greedy && !limited {
        return Err(CliError::usage(format!(
            "player '{text}' has no limit: give level=, depth=, nodes=, movetime= or tc= (or greedy)"
        )));
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        let s = parse_spec("depth=3,near=40,mobility=10").expect("spec");
        assert_eq!(s.limits.depth, Some(3));
        assert_eq!(s.limits.near_best_cp, 40);
        assert_eq!(s.weights, vec![("mobility".to_string(), 10)]);
        let s = parse_spec("movetime=50,cmd=engine --x=1,2").expect("spec");
        assert_eq!(s.cmd.as_deref(), Some("engine --x=1,2"));
        assert!(parse_spec("greedy").expect("greedy").greedy);
        assert!(parse_spec("near=3").is_err(), "no limit");
        assert!(parse_spec("level=9").is_err());
        assert!(parse_spec("bogus=1,depth=1").is_err());
        assert_eq!(parse_spec("depth=3").expect("spec").threads, 1);
        assert_eq!(
            parse_spec("threads=2,movetime=100").expect("spec").threads,
            2
        );
        assert!(parse_spec("threads=0,depth=1").is_err());
        assert!(parse_spec("threads=2").is_err(), "no limit");
    }

    #[test]
    fn time_controls_read_seconds_with_an_optional_increment() {
        let tc = |t: &str| TimeControl::parse(t).map(|c| (c.base_ms, c.inc_ms));
        assert_eq!(tc("60+1").ok(), Some((60_000, 1_000)));
        assert_eq!(tc("10+0.1").ok(), Some((10_000, 100)));
        assert_eq!(tc("5").ok(), Some((5_000, 0)));
        assert_eq!(tc(" 0.5 + 0.05 ").ok(), Some((500, 50)));
        for bad in ["", "+1", "1+", "x", "-1", "1e9", "NaN", "inf+0"] {
            assert!(tc(bad).is_err(), "{bad}");
        }
        let s = parse_spec("tc=3+0.02,depth=4").expect("spec");
        assert_eq!(
            s.clock,
            Some(TimeControl {
                base_ms: 3_000,
                inc_ms: 20
            })
        );
        assert_eq!(s.limits.depth, Some(4));
    }
}
