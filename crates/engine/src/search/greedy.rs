//! The one-ply greedy reference player: it plays the legal move that leaves it the best
//! material balance, taking a mate or a King when it sees one and breaking ties at random
//! (seeded). Matches measure the search's strength against it.

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;

use super::alphabeta::{no_moves_score, static_terminal};
use super::eval;
use super::splitmix;

/// A greedy player with its own random sequence.
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: u64,
}

impl Greedy {
    /// A greedy player seeded with `seed`.
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: splitmix(seed ^ 0x6772_6565_6479),
        }
    }

    /// The move it plays in the current position of `game` (`None` without legal moves).
    pub fn choose(&mut self, game: &Game) -> Option<Move> {
        let pos = game.position();
        let moves = pos.legal_moves();
        let mut best = i32::MIN;
        let mut chosen = None;
        let mut ties = 0u64;
        for m in moves.iter() {
            let s = one_ply(pos, m);
            if s > best {
                best = s;
                chosen = Some(*m);
                ties = 1;
            } else if s == best {
                // Reservoir sampling keeps each tied move equally likely.
                ties += 1;
                self.rng = splitmix(self.rng);
                if self.rng % ties == 0 {
                    chosen = Some(*m);
                }
            }
        }
        chosen
    }
}

/// Material balance for the mover after `m`, or a mate / lost King score.
fn one_ply(pos: &Position, m: &Move) -> i32 {
    let next = pos.play(m);
    if let Some(s) = static_terminal(&next, 1) {
        return -s;
    }
    if next.legal_moves().is_empty() {
        let in_check = next.has_check_rule() && next.in_check();
        return -no_moves_score(&next, 1, in_check);
    }
    let us = pos.side_to_move();
    eval::material(&next, us) - eval::material(&next, us.other())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameId;

    #[test]
    fn greedy_plays_legal_moves_and_is_seeded() {
        for g in GameId::ALL {
            let game = Game::new(Position::start(g));
            let a = Greedy::new(3).choose(&game);
            assert_eq!(a, Greedy::new(3).choose(&game));
            if let Some(m) = a {
                assert!(game.position().legal_moves().contains(&m));
            }
        }
    }
}
