//! The swap list of a static exchange evaluation (SEE), shared by the games whose captures
//! land on their victim's square (Omega, and the hybrid's displacement captures): the
//! material balance of the exchange a capture starts on its destination, each side
//! recapturing there with its least valuable piece and free to stop whenever going on would
//! lose. Each game supplies the next capturer (`Rules::see`); this module keeps the balance.

use crate::piece::Color;

/// The value a King stands for in an exchange: more than anything it could win, so that the
/// King recaptures only when nothing can take it back.
pub(crate) const KING_VALUE: i32 = 10_000;

/// Captures an exchange follows at most (beyond them the balance stands as it is).
const MAX_CAPTURES: usize = 64;

/// One recapture on the exchange square, as the game reports it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Recapture {
    /// The value of the piece that now stands on the square (the capturer, promoted if it
    /// promotes there).
    pub(crate) standing: i32,
    /// What the capture adds besides the piece it takes: a promotion's gain in value.
    pub(crate) bonus: i32,
}

/// The balance, for the side that made the first capture, of the exchange it started: `first`
/// is that capture's own gain (its victim, plus a promotion's gain), `standing` the value of
/// the capturer now on the square, `them` the side to recapture first. `next(side)` makes
/// `side`'s least valuable recapture on the board it keeps (removing the capturer from its
/// square, revealing the pieces behind it) and reports it, or says `None` when `side` has
/// none. No allocation: the list lives on the stack.
pub(crate) fn swap<F>(first: i32, standing: i32, them: Color, mut next: F) -> i32
where
    F: FnMut(Color) -> Option<Recapture>,
{
    // gain[d]: the balance for the side that made capture d if the exchange stopped there.
    let mut gain = [0i32; MAX_CAPTURES];
    gain[0] = first;
    let mut standing = standing;
    let mut side = them;
    let mut d = 0;
    while d + 1 < MAX_CAPTURES {
        let Some(r) = next(side) else {
            break;
        };
        d += 1;
        gain[d] = standing + r.bonus - gain[d - 1];
        standing = r.standing;
        side = side.other();
    }
    // Each side takes back only when that is better than stopping.
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Test help for the games' exchange evaluations: plays `games` random games of `game` from its
/// start (120 plies at most, moves drawn by a xorshift from `seed`) and calls `each` with every
/// position and legal move whose `see` has a value, and the value. Gives how many it called.
#[cfg(test)]
pub(crate) fn each_exchange(
    game: crate::GameId,
    seed: u64,
    games: usize,
    see: impl Fn(&crate::position::Position, &crate::moves::Move) -> Option<i32>,
    mut each: impl FnMut(&crate::position::Position, &crate::moves::Move, i32),
) -> usize {
    let mut rng = seed;
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = crate::position::Position::start(game);
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for m in moves.iter() {
                if let Some(v) = see(&pos, m) {
                    each(&pos, m, v);
                    checked += 1;
                }
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            pos = pos.play(&moves[(rng % moves.len() as u64) as usize]);
        }
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scripted list of recaptures, alternating sides.
    fn run(first: i32, standing: i32, script: &[(i32, i32)]) -> i32 {
        let mut i = 0;
        swap(first, standing, Color::Black, |_| {
            let r = script
                .get(i)
                .map(|&(standing, bonus)| Recapture { standing, bonus });
            i += 1;
            r
        })
    }

    #[test]
    fn the_balance_follows_the_best_stopping_point() {
        // Undefended pawn taken by a Queen: +100.
        assert_eq!(run(100, 1200, &[]), 100);
        // Defended pawn taken by a Queen, a pawn takes back: 100 - 1200.
        assert_eq!(run(100, 1200, &[(100, 0)]), -1100);
        // Rook takes a defended Rook: even.
        assert_eq!(run(600, 600, &[(250, 0)]), 0);
        // A recapture that would lose more is declined: Bishop takes a Knight defended only
        // by a Queen, which the Bishop's side would then take back with a pawn.
        assert_eq!(run(250, 400, &[(1200, 0), (100, 0)]), 250);
        // The King takes back only when nothing takes it.
        assert_eq!(run(100, 400, &[(KING_VALUE, 0), (250, 0)]), 100);
        assert_eq!(run(100, 400, &[(KING_VALUE, 0)]), -300);
    }

    #[test]
    fn long_exchanges_stop_at_the_limit() {
        let mut n = 0;
        let v = swap(100, 100, Color::White, |_| {
            n += 1;
            Some(Recapture {
                standing: 100,
                bonus: 0,
            })
        });
        assert_eq!(n, MAX_CAPTURES - 1);
        assert!(v == 0 || v == 100);
    }
}
