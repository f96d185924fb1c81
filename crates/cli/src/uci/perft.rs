//! `go perft N` on the search thread: the divide of the rule book's perft, counted root move by
//! root move, that `stop` and `quit` end (at any depth: `go perft 64` never finishes).

use std::sync::atomic::{AtomicBool, Ordering};

use baroque_engine::{perft, Position};

use super::out::Out;

/// Below this many plies left, a subtree is counted by the engine's own perft in one call
/// (a few milliseconds at most in every game), so `stop` is seen that often.
const SPLIT_DEPTH: u32 = 3;

/// Counts the divide of `pos` to `depth`: `<move>: <count>` per root move, a blank line, then
/// `Nodes searched: <N>` (Fairy-Stockfish style). When `stop` is set first, the root moves
/// already counted stay printed and an `info string` says the count stopped. `answered` is set
/// just before the last line, as the search's is before `bestmove`.
pub fn divide(pos: &Position, depth: u32, stop: &AtomicBool, out: &Out, answered: &AtomicBool) {
    let mut total = 0u64;
    if depth == 0 {
        total = 1;
    } else {
        for m in pos.legal_moves().iter() {
            let Some(n) = count(&pos.play(m), depth - 1, SPLIT_DEPTH, stop) else {
                answered.store(true, Ordering::SeqCst);
                out.info(&format!(
                    "go perft {depth} stopped: the counts above are complete, the other root moves were not counted"
                ));
                return;
            };
            total += n;
            out.line(&format!("{}: {n}", pos.move_text(m)));
        }
    }
    out.line("");
    answered.store(true, Ordering::SeqCst);
    out.line(&format!("Nodes searched: {total}"));
}

/// The perft count of `pos` to `depth`, or `None` when `stop` was set before it was done;
/// subtrees of at most `split` plies are counted in one call of the engine's perft.
fn count(pos: &Position, depth: u32, split: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= split {
        return Some(perft::perft(pos, depth));
    }
    let mut n = 0u64;
    for m in pos.legal_moves().iter() {
        n += count(&pos.play(m), depth - 1, split, stop)?;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::GameId;

    #[test]
    fn the_split_count_equals_the_engines_perft() {
        let never = AtomicBool::new(false);
        for game in GameId::ALL {
            let pos = Position::start(game);
            for depth in 0..=3 {
                for split in 0..=depth {
                    assert_eq!(
                        count(&pos, depth, split, &never),
                        Some(perft::perft(&pos, depth)),
                        "{game:?} depth {depth} split {split}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_set_stop_flag_ends_the_count() {
        let stop = AtomicBool::new(true);
        assert_eq!(
            count(&Position::start(GameId::Ultima), 64, SPLIT_DEPTH, &stop),
            None
        );
    }
}
