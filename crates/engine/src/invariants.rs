//! The engine's invariants as checks that panic when one breaks: the one checker shared by the
//! engine's random-game tests (`tests/invariants.rs`) and the fuzz targets (`fuzz/src/lib.rs`).
//!
//! Test support only: the module exists with the non-default cargo feature `invariants`, which
//! the engine's own dev-dependency on itself turns on for its tests and the fuzz crate turns on
//! for its targets. Normal builds (the CLI, the page's WebAssembly) never compile it.
//!
//! Each `check_*` function panics with a message naming the invariant and the position:
//! - [`check_position`]: the incremental hash equals [`Position::compute_hash`], the FEN reads
//!   back to an equal position, and the fast check test agrees with
//!   [`Position::is_king_attacked_slow`] for both colours;
//! - [`check_legality`]: every legal move passes the slow check (played, the mover's King is not
//!   capturable) and every pseudo-legal move the legal filter drops fails it;
//! - [`check_moves`]: [`check_legality`], and every legal move describes the board (its mover
//!   is on its start square, its victims are there and gone afterwards, the hash after it is
//!   right);
//! - [`check_status`]: the game's status agrees with the legal moves;
//! - [`check_text`]: a move's move text and its displayed notation parse back to it;
//! - [`check_undo`]: [`Game::undo`] restores the position and hash exactly.
//!
//! ```
//! use baroque_engine::{invariants, Game, GameId, Position};
//! let pos = Position::start(GameId::Omega);
//! invariants::check_position(&pos);
//! let legal = invariants::check_moves(&pos);
//! let mut game = Game::new(pos);
//! invariants::check_status(&game, &legal);
//! invariants::check_text(&pos, &legal[0]);
//! invariants::check_undo(&mut game, &legal[0]);
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::moves::MoveKind;
use crate::{Color, Game, GameId, Move, MoveList, Position, Reason, RuleOptions};

/// The option sets the checks are run under, as `name=value` pairs: the defaults, and every
/// non-default value of each Ultima option at least once. A game that lacks a name ignores it.
pub const OPTION_SETS: &[&[&str]] = &[
    &[],
    &["win=capture"],
    &["immobilizer=pure", "suicide=off", "chameleon=pure"],
    &["leaper=single", "stalemate=draw"],
    &["win=capture", "immobilizer=pure", "leaper=single"],
];

/// The distinct option sets of [`OPTION_SETS`] for `game` (the defaults first).
pub fn option_sets(game: GameId) -> Vec<RuleOptions> {
    let mut sets: Vec<RuleOptions> = Vec::new();
    for group in OPTION_SETS {
        let mut o = RuleOptions::default();
        for pair in *group {
            // A name the game does not have leaves its options as they are.
            let _ = o.set_pair(game, pair);
        }
        if !sets.contains(&o) {
            sets.push(o);
        }
    }
    sets
}

/// Positions to start random walks from: the game's start and positions from its rule file
/// (castling, en passant, promotion, captures of every kind close at hand).
pub fn start_fens(game: GameId) -> Vec<&'static str> {
    let mut v = vec![game.start_fen()];
    v.extend_from_slice(match game {
        GameId::Ultima => &[
            "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1",
            "k7/3c4/8/3l4/5w2/3p4/1pxL1pp1/7K w - - 0 1",
            "7k/8/2l5/8/3C4/2P5/2Kp1i2/8 w - - 0 1",
            "2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1",
            "7k/5ppp/2L5/2l5/3cX3/8/PPP5/K7 w - - 0 1",
            "7k/8/8/p4c2/4K3/8/8/8 w - - 0 1",
        ][..],
        GameId::Omega => &[
            "1r3k2r1/pppp1pppp1/10/10/10/3p1p4/3pPp4/10/10/1R3K2R1[W/W/w/w] b KQkq e2 0 1",
            "5k4/10/10/3P6/1K1Pp3r1/10/10/10/10/10[-/-/-/-] w - e7,e6 0 2",
            "4k5/10/10/10/10/10/10/10/10/1R3K2R1[w/w/-/-] w KQ - 0 1",
            "k9/9P/10/10/10/10/10/10/10/K9[-/-/-/-] w - - 0 1",
        ][..],
        GameId::Hybrid => &[
            "3l1k4/10/10/10/10/10/10/10/R4K3R/3N6 w KQ - 0 1",
            "k9/10/3n6/10/3P6/10/3Z1p2Pp/10/3n6/9K w - - 0 1",
            "k9/4b5/10/10/10/3pU3n1/10/10/10/K9 w - - 0 1",
            "k9/4l5/10/10/10/10/10/10/2N1K5/10 w - - 0 1",
        ][..],
    });
    v
}

/// Whether both Kings are on the board (under Ultima's `win=capture` a taken King ends the
/// game in a position no FEN describes and no move follows).
fn both_kings(pos: &Position) -> bool {
    pos.king(Color::White).is_some() && pos.king(Color::Black).is_some()
}

/// Moves as a sorted list of their debug text, to compare lists regardless of order.
fn sorted(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
    v.sort();
    v
}

/// The invariants of a position on its own: hash, FEN round trip (when both Kings are on the
/// board), and the fast check test against the slow one for both colours.
pub fn check_position(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash of {pos:?}");
    let fen = pos.fen();
    match Position::from_fen(pos.game(), &fen, *pos.options()) {
        Ok(back) => assert_eq!(&back, pos, "FEN round trip of {fen}"),
        Err(e) => assert!(!both_kings(pos), "{fen} does not read back: {e}"),
    }
    for c in Color::ALL {
        assert_eq!(
            pos.is_king_attacked(c),
            pos.is_king_attacked_slow(c),
            "fast and slow check tests of {c:?} in {fen}"
        );
    }
}

/// Whether the slow check accepts `m`: played, it leaves the mover's King not capturable
/// (always, in a game without a check rule).
fn passes_slow_check(pos: &Position, m: &Move) -> bool {
    !pos.has_check_rule() || !pos.play(m).is_king_attacked_slow(pos.side_to_move())
}

/// The legal moves against the slow check: every legal move is pseudo-legal and passes it, and
/// every pseudo-legal move that the legal filter drops fails it. Without both Kings on the
/// board there is no legal move. Returns the legal moves.
pub fn check_legality(pos: &Position) -> MoveList {
    let legal = pos.legal_moves();
    if !both_kings(pos) {
        assert!(
            legal.is_empty(),
            "legal moves after a King was taken in {pos:?}"
        );
        return legal;
    }
    let mut pseudo = MoveList::new();
    pos.pseudo_moves_for(pos.side_to_move(), &mut pseudo);
    for m in legal.iter() {
        assert!(
            pseudo.contains(m),
            "legal move {m:?} is not pseudo-legal in {pos:?}"
        );
        assert!(
            passes_slow_check(pos, m),
            "legal move {m:?} leaves the mover's King capturable in {pos:?}"
        );
    }
    for m in pseudo.iter().filter(|m| !legal.contains(m)) {
        assert!(
            !passes_slow_check(pos, m),
            "pseudo-legal move {m:?} is legal by the slow check but not generated in {pos:?}"
        );
    }
    assert_eq!(
        sorted(&legal),
        sorted(
            &pseudo
                .iter()
                .copied()
                .filter(|m| passes_slow_check(pos, m))
                .collect::<Vec<_>>()
        ),
        "legal moves of {pos:?} (each once)"
    );
    legal
}

/// [`check_legality`], and every legal move describes the board: the mover is on its start
/// square, its victims are there before and gone after (a suicide's and a replacement
/// capture's square aside), and the position after it has the right hash and the other side to
/// move. Returns the legal moves.
pub fn check_moves(pos: &Position) -> MoveList {
    let us = pos.side_to_move();
    let legal = check_legality(pos);
    for m in legal.iter() {
        let piece = pos.piece_at(m.from);
        assert!(
            piece.is_some_and(|p| p.color() == us && p.role() == m.role),
            "{m:?} in {pos:?}: no {:?} of the mover on its start square",
            m.role
        );
        let after = pos.play(m);
        assert_eq!(
            after.side_to_move(),
            us.other(),
            "side to move after {m:?} in {pos:?}"
        );
        assert_eq!(
            after.hash(),
            after.compute_hash(),
            "hash after {m:?} in {pos:?}"
        );
        for c in m.captures {
            assert!(
                !pos.is_empty(c),
                "{m:?} captures an empty square in {pos:?}"
            );
            if c != m.to || m.kind == MoveKind::Suicide {
                assert!(after.is_empty(c), "{m:?} leaves its victim in {pos:?}");
            }
        }
    }
    legal
}

/// The status agrees with the legal moves `legal` of the game's position: a side without a
/// legal move has ended the game, by checkmate exactly when it is in check (and the game has a
/// check rule); a side with one has not ended it by checkmate, stalemate or lack of moves.
pub fn check_status(game: &Game, legal: &MoveList) {
    let pos = game.position();
    let st = game.status();
    if !legal.is_empty() {
        assert!(
            !matches!(
                st.reason,
                Some(Reason::Checkmate | Reason::Stalemate | Reason::NoMoves)
            ),
            "{st:?} with legal moves in {pos:?}"
        );
        return;
    }
    assert!(st.is_over(), "no legal move but {st:?} in {pos:?}");
    let mated = pos.has_check_rule() && pos.in_check();
    match st.reason {
        Some(Reason::Checkmate) => assert!(mated, "checkmate without check in {pos:?}"),
        Some(Reason::Stalemate | Reason::NoMoves) => {
            assert!(!mated, "{st:?} in check in {pos:?}")
        }
        Some(Reason::KingCaptured) => assert!(!pos.has_check_rule(), "{st:?} in {pos:?}"),
        other => panic!("no legal move ends the game by {other:?} in {pos:?}"),
    }
}

/// The move text and the displayed notation of the legal move `m` parse back to `m`.
pub fn check_text(pos: &Position, m: &Move) {
    for (what, text) in [
        ("move text", pos.move_text(m)),
        ("notation", pos.notation(m)),
    ] {
        match pos.parse_move(&text) {
            Ok(back) => assert_eq!(
                &back, m,
                "{what} '{text}' parses to another move in {pos:?}"
            ),
            Err(e) => panic!("{what} '{text}' of {m:?} does not parse in {pos:?}: {e}"),
        }
    }
}

/// Plays the legal move `m` in `game`, undoes it, checks that the position and its hash are
/// back exactly, and plays it again.
pub fn check_undo(game: &mut Game, m: &Move) {
    let before = *game.position();
    game.play(m);
    assert_eq!(game.undo(), Some(*m), "undo returns the move played");
    assert_eq!(
        game.position(),
        &before,
        "undo of {m:?} restores the position"
    );
    assert_eq!(
        game.position().hash(),
        before.hash(),
        "undo of {m:?} restores the hash"
    );
    game.play(m);
}
