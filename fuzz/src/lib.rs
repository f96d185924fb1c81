//! The logic of the fuzz targets, as plain functions that panic when an invariant breaks (which
//! is how libFuzzer learns of a bug). The targets in `fuzz_targets/` only call them, so the same
//! checks also run on stable Rust in this crate's tests.
//!
//! - [`fen`]: any text given to the FEN reader of every game, under default and non-default
//!   options, returns a position or an error; an accepted position writes a FEN that reads back
//!   to the same position, keeps its hash, and has moves that can be generated and played.
//! - [`moves`]: a game, option set and start (the start position or a FEN from the input), then
//!   a list of moves — move text, notation, or `#n` for "the n-th legal move" so that the fuzzer
//!   can reach deep positions — each parsed, and when legal, played with every invariant
//!   checked after it, undo included.
//! - [`pgn`]: any text given to the PGN reader returns games or an error; every game it accepts
//!   is one of legal moves from a valid start, which the writer writes and the reader reads back
//!   as the same game.

use baroque_engine::{Color, Game, GameId, Position, RuleOptions};

/// Option sets the targets cycle through: the defaults and non-default values of each Ultima
/// option (other games ignore the names they do not have).
const OPTION_SETS: &[&[&str]] = &[
    &[],
    &["win=capture"],
    &["immobilizer=pure", "suicide=off", "chameleon=pure"],
    &["leaper=single", "stalemate=draw"],
];

/// The options of set `i` (modulo the number of sets) for `game`.
pub fn options(game: GameId, i: usize) -> RuleOptions {
    let mut o = RuleOptions::default();
    for pair in OPTION_SETS[i % OPTION_SETS.len()] {
        // A name the game does not have is not an error worth reporting here.
        let _ = o.set_pair(game, pair);
    }
    o
}

/// The invariants of one position: hash, FEN round trip (when the position has both Kings:
/// a King taken under `win=capture` ends the game in a position no FEN describes), and the
/// fast check test against the slow one.
pub fn check_position(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash of {pos:?}");
    let fen = pos.fen();
    let both_kings = pos.king(Color::White).is_some() && pos.king(Color::Black).is_some();
    match Position::from_fen(pos.game(), &fen, *pos.options()) {
        Ok(back) => assert_eq!(&back, pos, "FEN round trip of {fen}"),
        Err(e) => assert!(!both_kings, "{fen} does not read back: {e}"),
    }
    for c in Color::ALL {
        assert_eq!(
            pos.is_king_attacked(c),
            pos.is_king_attacked_slow(c),
            "check test of {c:?} in {fen}"
        );
    }
}

/// Generates the legal moves of `pos`, plays each, and checks the positions reached.
fn check_children(pos: &Position) {
    let us = pos.side_to_move();
    for m in pos.legal_moves().iter() {
        let after = pos.play(m);
        assert_eq!(after.hash(), after.compute_hash(), "hash after {m:?} in {pos:?}");
        if pos.has_check_rule() {
            assert!(!after.is_king_attacked_slow(us), "{m:?} leaves the King in check in {pos:?}");
        }
    }
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
            check_children(&pos);
            let _ = Game::new(pos).status();
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
    let digit = |i: usize| header.get(i).map_or(0, |b| usize::from(b.wrapping_sub(b'0')));
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
        assert!(legal.contains(&m), "'{line}' parsed to an illegal move in {pos:?}");
        // Move text and notation name the move.
        assert_eq!(pos.parse_move(&pos.move_text(&m)).ok(), Some(m), "move text of {m:?}");
        assert_eq!(pos.parse_move(&pos.notation(&m)).ok(), Some(m), "notation of {m:?}");
        g.play(&m);
        check_position(g.position());
        let _ = g.status();
        assert_eq!(g.undo(), Some(m));
        assert_eq!(g.position(), &pos, "undo of {m:?}");
        g.play(&m);
    }
}

/// Fuzz target `pgn`: `data` (as text) given to the PGN reader, the default game chosen by the
/// input's length.
pub fn pgn(data: &[u8]) {
    use baroque_engine::pgn;
    let text = String::from_utf8_lossy(data);
    let default = GameId::ALL[data.len() % GameId::ALL.len()];
    let games = match pgn::read(&text, default) {
        Ok(games) => games,
        Err(e) => {
            assert!(!e.to_string().is_empty() && !e.code().is_empty());
            assert!(e.params().len() >= 2, "{e}: {:?}", e.params());
            return;
        }
    };
    for g in games {
        check_position(g.game.start());
        let again = pgn::write(&g.game, &[], Some(g.result));
        let back = match pgn::read(&again, default) {
            Ok(back) => back,
            Err(e) => panic!("a written record does not read: {e}\n{again}"),
        };
        assert_eq!(back.len(), 1, "{again}");
        assert_eq!(back[0].game.start(), g.game.start(), "{again}");
        assert_eq!(back[0].game.moves(), g.game.moves(), "{again}");
        assert_eq!(back[0].result, g.result, "{again}");
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
        for f in [&b""[..], b"\xff\xfe", b"8/8/8/8/8/8/8/8 w", b"k7/8/8/8/8/8/8/7K w - - 0 1"] {
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
        // The hand-written records of the engine's tests, whole and cut short.
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pgn");
        let mut records = 0;
        for entry in std::fs::read_dir(dir).expect("tests/data/pgn") {
            let text = std::fs::read(entry.expect("an entry").path()).expect("a file");
            for cut in [text.len(), text.len() / 2, text.len() / 3] {
                pgn(&text[..cut]);
            }
            records += 1;
        }
        assert!(records > 0);
        pgn(b"[Variant \"omega\"]\n1. e4 (1. e3 {x}) j7 $2 1-0\n\n1. e2e5 *");
        pgn(b"{ never closed");
    }
}
