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
//! - [`legality`]: a walk driven by bytes (game, option set, start position from the rule file,
//!   then one byte per move) checking at every position that each generated legal move passes
//!   the slow check (played, the mover's King is not capturable) and that each pseudo-legal
//!   move the legal filter drops fails it.
//! - [`pgn`]: any text given to the PGN reader returns games or an error; every game it accepts
//!   is one of legal moves from a valid start, which the writer writes and the reader reads back
//!   as the same game and the same tree (variations, NAGs and comments).
//! - [`server_message`]: any bytes given to the game server's WebSocket message reader give a
//!   message or an error, and a message read keeps the reader's limits (size, field lengths,
//!   event numbers not negative).

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

/// Fuzz target `legality`. Byte 0 chooses the game; byte 1 the option set (low 3 bits) and the
/// start position among [`start_fens`] (the rest); every further byte the next move, as an
/// index into the legal moves (modulo their number). At the start and after every move, the
/// legal moves are checked against the slow check ([`check_legality`]).
pub fn legality(data: &[u8]) {
    let byte = |i: usize| usize::from(data.get(i).copied().unwrap_or(0));
    let game = GameId::ALL[byte(0) % GameId::ALL.len()];
    let fens = start_fens(game);
    let fen = fens[(byte(1) >> 3) % fens.len()];
    let Ok(mut pos) = Position::from_fen(game, fen, options(game, byte(1) & 7)) else {
        return;
    };
    for &b in data.iter().skip(2) {
        let legal = check_legality(&pos);
        if legal.is_empty() {
            return;
        }
        pos = pos.play(&legal[usize::from(b) % legal.len()]);
    }
    check_legality(&pos);
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
        let again = pgn::write_tree(&g.tree, &[], Some(g.result));
        let back = match pgn::read(&again, default) {
            Ok(back) => back,
            Err(e) => panic!("a written record does not read: {e}\n{again}"),
        };
        assert_eq!(back.len(), 1, "{again}");
        assert_eq!(back[0].game.start(), g.game.start(), "{again}");
        assert_eq!(back[0].game.moves(), g.game.moves(), "{again}");
        assert_eq!(back[0].result, g.result, "{again}");
        assert!(back[0].tree == g.tree, "the tree changed:\n{again}");
    }
}

/// Fuzz target `server_message`: `data` as one WebSocket message to the game server.
pub fn server_message(data: &[u8]) {
    use baroque_server::message::{read, ClientMessage, MAX_MESSAGE_BYTES};
    let Ok(m) = read(data) else {
        return;
    };
    assert!(
        data.len() <= MAX_MESSAGE_BYTES,
        "a message over the limit was read"
    );
    match m {
        ClientMessage::Hello { token, since } => {
            assert!(token.is_none_or(|t| t.len() <= 64), "a long token was read");
            assert!(since >= 0, "a negative event number was read");
        }
        ClientMessage::Move { text, .. } => {
            assert!(
                !text.is_empty() && text.len() <= 64,
                "a bad move text was read"
            );
        }
        ClientMessage::Ack { seq } => assert!(seq >= 0, "a negative event number was read"),
        _ => {}
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
        for m in [
            &br#"{"t":"hello","token":"00112233445566778899aabbccddeeff","since":3}"#[..],
            br#"{"t":"move","move":"e1e4","ply":0}"#,
            br#"{"t":"move","move":"","ply":0}"#,
            br#"{"t":"ack","seq":-1}"#,
            br#"{"t":"draw","yes":"maybe"}"#,
            br#"{"t":"move","move":"e1e4","ply":18446744073709551616}"#,
            b"\xff\x00{",
            b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
        ] {
            server_message(m);
        }
        server_message(&vec![b'['; 5000]);
        server_message(
            &[
                b"{\"t\":\"move\",\"move\":\"".as_slice(),
                &[b'a'; 100],
                b"\"}",
            ]
            .concat(),
        );
    }

    /// Walks of the `legality` target from every start position of every game under every
    /// option set, with move bytes from a fixed generator.
    #[test]
    fn legality_holds_along_seeded_walks() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        };
        for (g, game) in GameId::ALL.into_iter().enumerate() {
            for start in 0..start_fens(game).len() {
                for set in 0..option_sets(game).len() {
                    let mut input = vec![g as u8, (start << 3 | set) as u8];
                    input.extend((0..24).map(|_| next()));
                    legality(&input);
                }
            }
        }
        legality(b"");
        legality(&[255; 40]);
    }
}
