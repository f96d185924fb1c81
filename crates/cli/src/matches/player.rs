//! A player of one match: the built-in search, the greedy reference player or an external
//! UCI engine, asked for a move under its limits and clock.

use baroque_engine::search::eval::Weights;
use baroque_engine::search::greedy::Greedy;
use baroque_engine::search::limits::Clock;
use baroque_engine::search::{Limits, Score, Searcher};
use baroque_engine::{Game, GameId, Move};

use super::spec::{Clocks, Spec};
use super::uci_engine::Uci;
use crate::bench::WallClock;
use crate::error::CliError;

/// A player of one match.
pub(super) enum Player {
    Engine(Box<Searcher>, Limits, usize),
    Greedy(Greedy),
    External(Uci, Limits),
}

impl Player {
    pub(super) fn new(spec: &Spec, variant: GameId, hash_mb: usize) -> Result<Player, CliError> {
        if spec.greedy {
            return Ok(Player::Greedy(Greedy::new(0)));
        }
        if let Some(cmd) = &spec.cmd {
            let mut uci = Uci::start(cmd, variant)?;
            if spec.threads > 1 {
                uci.send(&format!("setoption name Threads value {}", spec.threads))?;
            }
            return Ok(Player::External(uci, spec.limits));
        }
        let mut s = Searcher::new(hash_mb << 20);
        if spec.features.is_some() {
            s.set_features(spec.features);
        }
        if !spec.weights.is_empty() {
            let mut w = Weights::for_game(variant);
            for (name, value) in &spec.weights {
                w.set(name, *value);
            }
            s.set_weights(Some(w));
        }
        Ok(Player::Engine(Box::new(s), spec.limits, spec.threads))
    }

    /// Prepares a new game played under `rules` (the search reads them from the position; an
    /// external engine is told them as UCI options).
    pub(super) fn new_game(&mut self, seed: u64, rules: &[(&str, &str)]) -> Result<(), CliError> {
        match self {
            Player::Engine(s, _, _) => {
                s.set_seed(seed);
                s.clear();
            }
            Player::Greedy(g) => *g = Greedy::new(seed),
            Player::External(u, _) => {
                u.send("ucinewgame")?;
                for (name, value) in rules {
                    u.send(&format!("setoption name {name} value {value}"))?;
                }
                u.send("isready")?;
                u.wait_for("readyok")?;
            }
        }
        Ok(())
    }

    /// The move chosen and the player's score for the side to move (none from the greedy
    /// player), or `Err(text)` when an external engine names no legal move.
    #[allow(clippy::type_complexity)]
    /// With `clocks` an engine plays to its clock (`Limits::from_clock`, with the spec's depth
    /// and node limits) instead of its fixed limits.
    pub(super) fn choose(
        &mut self,
        game: &Game,
        clocks: Option<Clocks>,
    ) -> Result<Result<(Option<Move>, Option<Score>), String>, CliError> {
        Ok(match self {
            Player::Engine(s, limits, threads) => {
                let limits = match clocks {
                    Some(c) => Limits {
                        depth: limits.depth,
                        nodes: limits.nodes,
                        ..Limits::from_clock(&Clock {
                            time_ms: c.mover_ms,
                            inc_ms: c.mover_inc,
                            movestogo: None,
                        })
                    },
                    None => *limits,
                };
                let r = crate::smp::search(s, *threads, game, &limits, &mut WallClock::new());
                Ok((r.best, Some(r.score)))
            }
            Player::Greedy(g) => Ok((g.choose(game), None)),
            Player::External(u, limits) => {
                let (text, score) = u.best_move(game, limits, clocks)?;
                match game.position().parse_move(&text) {
                    Ok(m) => Ok((Some(m), score)),
                    Err(_) => Err(text),
                }
            }
        })
    }
}
