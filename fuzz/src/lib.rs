//! The logic of the fuzz targets, as plain functions that panic when an invariant breaks (which
//! is how libFuzzer learns of a bug). The targets in `fuzz_targets/` only call them, so the same
//! checks also run on stable Rust in this crate's tests. The checks themselves are the engine's
//! [`baroque_engine::invariants`] (its cargo feature `invariants`), the same ones that
//! `crates/engine/tests/invariants.rs` runs along seeded random games; this file only turns
//! fuzzer bytes into positions and moves.
//!
//! - [`fen`]: any text given to the FEN reader of every game, under default and non-default
//!   options, returns a position or an error; an accepted position writes a FEN that reads back
//!   to the same position, keeps its hash, and has moves that can be generated and played.
//! - [`moves`]: a game, option set and start (the start position or a FEN from the input), then
//!   a list of moves — move text, notation, or `#n` for "the n-th legal move" so that the fuzzer
//!   can reach deep positions — each parsed, and when legal, played with every invariant
//!   checked after it, undo included.

use baroque_engine::invariants::{
    check_legality, check_moves, check_position, check_status, check_text, check_undo, option_sets,
    start_fens,
};
use baroque_engine::{Game, GameId, Position, RuleOptions};

/// The option set `i` (modulo their number) of `game`: one of
/// [`baroque_engine::invariants::option_sets`].
pub fn options(game: GameId, i: usize) -> RuleOptions {
    let sets = option_sets(game);
    sets[i % sets.len()]
}

/// Fuzz target `fen`: `data` (as UTF-8 text) given to every game's FEN reader.
pub fn fen(data: &[u8]) {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    for (i, game) in GameId::ALL.into_iter().enumerate() {
        let opts = options(game, i + data.len());
        if let Ok(pos) = Position::from_fen(game, text, opts) {
            check_position(&pos);
            let legal = check_moves(&pos);
            check_status(&Game::new(pos), &legal);
        }
    }
}

/// Fuzz target `moves`. The input is text, one item per line:
/// line 1 is `<game digit><option digit>` (e.g. `01`; anything else means Ultima, defaults),
/// line 2 is a FEN or empty for the start position, and every further line a move:
/// move text, notation, or `#n` for the n-th legal move (modulo their number).
pub fn moves(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let header = lines.next().unwrap_or("").as_bytes();
    let digit = |i: usize| {
        header
            .get(i)
            .map_or(0, |b| usize::from(b.wrapping_sub(b'0')))
    };
    let game = GameId::ALL[digit(0) % GameId::ALL.len()];
    let opts = options(game, digit(1));
    let start = match lines.next() {
        Some(f) if !f.trim().is_empty() => match Position::from_fen(game, f, opts) {
            Ok(p) => p,
            Err(_) => return,
        },
        _ => Position::start_with(game, opts),
    };
    check_position(&start);
    let mut g = Game::new(start);
    for line in lines {
        let pos = *g.position();
        let legal = pos.legal_moves();
        let parsed = match line.trim().strip_prefix('#') {
            Some(n) => match n.parse::<usize>() {
                Ok(n) if !legal.is_empty() => Ok(legal[n % legal.len()]),
                _ => continue,
            },
            None => pos.parse_move(line),
        };
        let Ok(m) = parsed else {
            continue;
        };
        assert!(
            legal.contains(&m),
            "'{line}' parsed to an illegal move in {pos:?}"
        );
        check_text(&pos, &m);
        check_undo(&mut g, &m);
        check_position(g.position());
        let _ = g.status();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic corpus, standing in for the fuzzer on stable Rust.
    #[test]
    fn targets_accept_a_seed_corpus() {
        for game in GameId::ALL {
            fen(game.start_fen().as_bytes());
            fen(game.start_fen().replace(' ', "  ").as_bytes());
        }
        for f in [
            &b""[..],
            b"\xff\xfe",
            b"8/8/8/8/8/8/8/8 w",
            b"k7/8/8/8/8/8/8/7K w - - 0 1",
        ] {
            fen(f);
        }
        let mut walk = String::from("00\n\n");
        for n in 0..60 {
            walk.push_str(&format!("#{}\n", n * 7 + 3));
        }
        for header in ["00", "01", "02", "03", "10", "20"] {
            let input = walk.replacen("00", header, 1);
            moves(input.as_bytes());
        }
        moves(b"0\n\ne2e5\nd7d4\nzz\n#x\n\xff");
    }
}
