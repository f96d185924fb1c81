//! Seeded random-game property tests for every game and option set.
//!
//! Along random games (moves chosen by a tiny local xorshift generator, so every run plays the
//! same games) each position is checked for:
//! - (a) the incremental hash equals [`Position::compute_hash`];
//! - (b) FEN write → read gives back an equal position;
//! - (c) the legal moves are exactly the pseudo-legal moves that the slow check test
//!   ([`Position::is_king_attacked_slow`]) accepts, and every move describes the board;
//! - (d) the fast check test agrees with the slow one for both colours;
//! - (e) [`Game::undo`] restores the previous position and hash exactly;
//! - (f) every legal move's move text, and its notation, parse back to the same move;
//! - the game's status agrees with the moves (no legal move ends the game, by checkmate
//!   exactly when in check).
//!
//! Then (g): random byte strings and random mutations of valid FENs, move texts and options
//! are given to the parsers, which must return a value or an error and never panic; whatever
//! they accept must satisfy the same invariants.
//!
//! Games whose rules are not written yet generate no moves, which makes their walks short; the
//! checks are the same for every game.

use baroque_engine::moves::MoveKind;
use baroque_engine::{Color, Game, GameId, Move, MoveList, Position, Reason, RuleOptions};

mod common;
use common::Rng;

/// The option sets played for `game`: the defaults, and for Ultima every non-default value
/// at least once.
fn option_sets(game: GameId) -> Vec<RuleOptions> {
    let mut sets = vec![RuleOptions::default()];
    let groups: &[&[&str]] = match game {
        GameId::Ultima => &[
            &["win=capture"],
            &["immobilizer=pure", "suicide=off", "chameleon=pure"],
            &["leaper=single", "stalemate=draw"],
            &["win=capture", "immobilizer=pure", "leaper=single"],
        ],
        GameId::Omega | GameId::Hybrid => &[],
    };
    for group in groups {
        let mut o = RuleOptions::default();
        for pair in *group {
            o.set_pair(game, pair)
                .unwrap_or_else(|e| panic!("{pair}: {e}"));
        }
        sets.push(o);
    }
    sets
}

/// Start positions of random games: the game's start and positions from its rule file.
fn starts(game: GameId) -> Vec<&'static str> {
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

/// Moves as a sorted list of their debug text, to compare lists regardless of order.
fn sorted(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
    v.sort();
    v
}

/// (a), (b), (d): the invariants of a position on its own.
fn check_position(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash(), "(a) hash of {pos:?}");
    let fen = pos.fen();
    let both_kings = pos.king(Color::White).is_some() && pos.king(Color::Black).is_some();
    match Position::from_fen(pos.game(), &fen, *pos.options()) {
        Ok(back) => assert_eq!(&back, pos, "(b) FEN round trip of {fen}"),
        // A King taken under Ultima's `win=capture` ends the game in a position that a FEN
        // may not describe (ultima.md §3: exactly one King of each colour).
        Err(_) if !both_kings => {}
        Err(e) => panic!("(b) {fen} does not read back: {e}"),
    }
    for c in Color::ALL {
        assert_eq!(
            pos.is_king_attacked(c),
            pos.is_king_attacked_slow(c),
            "(d) check test of {c:?} in {fen}"
        );
    }
}

/// (c): the legal moves are the pseudo-legal moves the slow test accepts, and each move
/// describes the board: the mover is there, its victims are there and gone afterwards.
fn check_moves(pos: &Position) -> MoveList {
    let us = pos.side_to_move();
    let legal = pos.legal_moves();
    let mut pseudo = MoveList::new();
    pos.pseudo_moves_for(us, &mut pseudo);
    let both_kings = pos.king(Color::White).is_some() && pos.king(Color::Black).is_some();
    let expected: Vec<Move> = if !both_kings {
        Vec::new()
    } else if pos.has_check_rule() {
        pseudo
            .iter()
            .filter(|m| !pos.play(m).is_king_attacked_slow(us))
            .copied()
            .collect()
    } else {
        pseudo.iter().copied().collect()
    };
    assert_eq!(
        sorted(&legal),
        sorted(&expected),
        "(c) legal moves of {pos:?} differ from the slow filter of the pseudo-legal ones"
    );
    for m in legal.iter() {
        let piece = pos.piece_at(m.from);
        assert!(
            piece.is_some_and(|p| p.color() == us && p.role() == m.role),
            "(c) {m:?} in {pos:?}: no {:?} of the mover on its start square",
            m.role
        );
        let after = pos.play(m);
        assert_eq!(after.side_to_move(), us.other(), "(c) {m:?} in {pos:?}");
        for c in m.captures {
            assert!(
                !pos.is_empty(c),
                "(c) {m:?} captures an empty square in {pos:?}"
            );
            if c != m.to || m.kind == MoveKind::Suicide {
                assert!(after.is_empty(c), "(c) {m:?} leaves its victim in {pos:?}");
            }
        }
        if pos.has_check_rule() {
            assert!(!after.is_king_attacked_slow(us), "(c) {m:?} in {pos:?}");
        }
    }
    legal
}

/// The status agrees with the moves: a side without a legal move has ended the game, by
/// checkmate exactly when it is in check (and the game has a check rule).
fn check_status(game: &Game, legal: &MoveList) {
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
        Some(Reason::KingCaptured) => assert!(!pos.has_check_rule(), "{pos:?}"),
        other => panic!("no legal move ends the game by {other:?} in {pos:?}"),
    }
}

/// (f): move text and notation of `m` parse back to `m`.
fn check_text(pos: &Position, m: &Move) {
    let text = pos.move_text(m);
    match pos.parse_move(&text) {
        Ok(back) => assert_eq!(&back, m, "(f) move text '{text}' in {pos:?}"),
        Err(e) => panic!("(f) move text '{text}' of {m:?} in {pos:?}: {e}"),
    }
    let notation = pos.notation(m);
    match pos.parse_move(&notation) {
        Ok(back) => assert_eq!(&back, m, "(f) notation '{notation}' in {pos:?}"),
        Err(e) => panic!("(f) notation '{notation}' of {m:?} in {pos:?}: {e}"),
    }
}

/// Plays one random game from `start`, checking every position; returns the FENs seen.
fn random_game(start: Position, plies: usize, rng: &mut Rng) -> Vec<String> {
    let mut game = Game::new(start);
    let mut fens = Vec::new();
    for ply in 0..plies {
        let pos = *game.position();
        check_position(&pos);
        let legal = check_moves(&pos);
        fens.push(pos.fen());
        check_status(&game, &legal);
        if legal.is_empty() {
            break;
        }
        // (f) for every move now and then, for a few moves otherwise (parsing regenerates the
        // legal moves, so checking all of them everywhere would be slow).
        if ply % 16 == 0 {
            for m in legal.iter() {
                check_text(&pos, m);
            }
        } else {
            for _ in 0..3 {
                check_text(&pos, &legal[rng.below(legal.len())]);
            }
        }
        // Prefer captures a little, so that games reach emptier, stranger positions.
        let captures: Vec<&Move> = legal.iter().filter(|m| m.is_capture()).collect();
        let m = if !captures.is_empty() && rng.chance(50) {
            *captures[rng.below(captures.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        // (e) play, undo, compare, replay.
        game.play(&m);
        assert_eq!(game.undo(), Some(m), "(e) undo returns the move");
        assert_eq!(game.position(), &pos, "(e) undo restores the position");
        assert_eq!(
            game.position().hash(),
            pos.hash(),
            "(e) undo restores the hash"
        );
        game.play(&m);
    }
    // (e) undoing the whole game leads back to its start.
    let first = *game.start();
    while game.undo().is_some() {}
    assert_eq!(game.position(), &first, "(e) undoing every move");
    assert_eq!(game.undo(), None);
    fens
}

/// The positions the random games start from (start FENs that do not read are a failure).
fn start_positions(game: GameId, options: RuleOptions) -> Vec<Position> {
    starts(game)
        .into_iter()
        .map(|f| {
            Position::from_fen(game, f, options)
                .unwrap_or_else(|e| panic!("{} start FEN {f}: {e}", game.as_str()))
        })
        .collect()
}

/// Random games of `game` under each option set; returns every FEN seen (for the mutation
/// tests).
fn walk(game: GameId, games_per_start: usize, plies: usize) -> Vec<String> {
    let mut fens = Vec::new();
    let mut moves = 0usize;
    for (i, options) in option_sets(game).into_iter().enumerate() {
        for (j, start) in start_positions(game, options).into_iter().enumerate() {
            for k in 0..games_per_start {
                let mut rng = Rng::new((i * 1000 + j * 10 + k) as u64 + 1);
                let seen = random_game(start, plies, &mut rng);
                moves += seen.len().saturating_sub(1);
                fens.extend(seen);
            }
        }
    }
    eprintln!(
        "{}: {} positions checked, {moves} moves played",
        game.as_str(),
        fens.len()
    );
    fens
}

#[test]
fn ultima_random_games_keep_the_invariants() {
    walk(GameId::Ultima, 4, 100);
}

#[test]
fn omega_random_games_keep_the_invariants() {
    walk(GameId::Omega, 6, 120);
}

#[test]
fn hybrid_random_games_keep_the_invariants() {
    walk(GameId::Hybrid, 6, 120);
}

// ----- (g) robustness of the parsers -----

/// Characters that FENs and move texts are made of, plus some that they never contain.
const ALPHABET: &[char] = &[
    'k', 'K', 'p', 'P', 'l', 'L', 'w', 'W', 'c', 'C', 'i', 'I', 'x', 'X', 'q', 'Q', 'r', 'R', 'b',
    'B', 'n', 'N', 'a', 'A', 'z', 'Z', 'u', 'U', 'o', 'O', 'g', 'G', 'd', 'D', 'h', 'H', 'e', 'j',
    'm', '0', '1', '2', '3', '4', '5', '7', '8', '9', '/', ' ', '+', '[', ']', '-', ',', '*', '=',
    '#', '\t', 'é', '∞', '\u{0}',
];

fn random_char(rng: &mut Rng) -> char {
    ALPHABET[rng.below(ALPHABET.len())]
}

/// `s` with one to three random edits: replace, insert, delete, duplicate or cut.
fn mutate(s: &str, rng: &mut Rng) -> String {
    let mut v: Vec<char> = s.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = if v.is_empty() { 0 } else { rng.below(v.len()) };
        match rng.below(6) {
            0 if !v.is_empty() => v[at] = random_char(rng),
            1 => v.insert(at, random_char(rng)),
            2 if !v.is_empty() => {
                v.remove(at);
            }
            3 if !v.is_empty() => {
                let end = (at + 1 + rng.below(6)).min(v.len());
                let piece: Vec<char> = v[at..end].to_vec();
                let to = rng.below(v.len() + 1);
                for (i, c) in piece.into_iter().enumerate() {
                    v.insert(to + i, c);
                }
            }
            4 => v.truncate(at),
            _ => {
                let n = rng.below(200);
                v.insert(
                    at.min(v.len()),
                    char::from_digit((n % 10) as u32, 10).unwrap_or('1'),
                );
            }
        }
    }
    v.into_iter().collect()
}

/// Random bytes read as (lossy) UTF-8.
fn random_text(rng: &mut Rng) -> String {
    let len = rng.below(60);
    let bytes: Vec<u8> = (0..len).map(|_| (rng.next() >> 24) as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Whatever FEN text is accepted yields a position that keeps the invariants and whose moves
/// can be generated and played.
fn accept_any_fen(game: GameId, text: &str, options: RuleOptions) {
    if let Ok(pos) = Position::from_fen(game, text, options) {
        check_position(&pos);
        let legal = check_moves(&pos);
        for m in legal.iter() {
            let after = pos.play(m);
            assert_eq!(
                after.hash(),
                after.compute_hash(),
                "(a) after {m:?} in {pos:?}"
            );
        }
        check_status(&Game::new(pos), &legal);
    }
}

#[test]
fn random_text_never_panics_the_parsers() {
    let mut rng = Rng::new(7);
    for game in GameId::ALL {
        let pos = Position::start(game);
        for _ in 0..1500 {
            let t = random_text(&mut rng);
            accept_any_fen(game, &t, RuleOptions::default());
            if let Ok(m) = pos.parse_move(&t) {
                assert!(
                    pos.legal_moves().contains(&m),
                    "'{t}' parsed to an illegal move"
                );
            }
            let mut o = RuleOptions::default();
            let _ = o.set_pair(game, &t);
            let _ = t.parse::<GameId>();
        }
    }
}

#[test]
fn mutated_fens_never_panic_and_keep_the_invariants() {
    let mut rng = Rng::new(11);
    for game in GameId::ALL {
        // Positions from short random games, plus the rule file's.
        let mut fens = walk_quietly(game, &mut rng);
        fens.extend(starts(game).into_iter().map(String::from));
        let options = option_sets(game);
        for i in 0..2500 {
            let base = &fens[rng.below(fens.len())];
            let text = mutate(base, &mut rng);
            accept_any_fen(game, &text, options[i % options.len()]);
        }
        // Omega's 12×12 input form, mutated.
        if game == GameId::Omega {
            let twelve = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1";
            for _ in 0..500 {
                accept_any_fen(game, &mutate(twelve, &mut rng), RuleOptions::default());
            }
        }
    }
}

/// FENs along a few short random games, without the per-move checks.
fn walk_quietly(game: GameId, rng: &mut Rng) -> Vec<String> {
    let mut fens = Vec::new();
    for start in start_positions(game, RuleOptions::default()) {
        let mut pos = start;
        for _ in 0..30 {
            fens.push(pos.fen());
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos = pos.play(&legal[rng.below(legal.len())]);
        }
    }
    fens
}

#[test]
fn mutated_move_texts_never_panic() {
    let mut rng = Rng::new(13);
    for game in GameId::ALL {
        for fen in walk_quietly(game, &mut rng).iter().step_by(3) {
            let Ok(pos) = Position::from_fen(game, fen, RuleOptions::default()) else {
                panic!("{fen} was written by the engine and must read back");
            };
            let legal = pos.legal_moves();
            let mut texts: Vec<String> = legal.iter().map(|m| pos.move_text(m)).collect();
            texts.extend(legal.iter().take(5).map(|m| pos.notation(m)));
            texts.push("a1a1".into());
            for _ in 0..40 {
                let base = &texts[rng.below(texts.len())];
                let t = mutate(base, &mut rng);
                if let Ok(m) = pos.parse_move(&t) {
                    assert!(
                        legal.contains(&m),
                        "'{t}' parsed to an illegal move in {fen}"
                    );
                }
            }
        }
    }
}

#[test]
fn mutated_options_never_panic() {
    let mut rng = Rng::new(17);
    let pairs = [
        "win=capture",
        "stalemate=draw",
        "immobilizer=pure",
        "suicide=off",
        "chameleon=pure",
        "leaper=single",
    ];
    for game in GameId::ALL {
        for _ in 0..500 {
            let t = mutate(pairs[rng.below(pairs.len())], &mut rng);
            let mut o = RuleOptions::default();
            if o.set_pair(game, &t).is_ok() {
                // Whatever was accepted is one of the game's options with an allowed value.
                assert!(
                    o.to_pairs(game)
                        .iter()
                        .any(|(n, v)| t.trim().starts_with(n) && t.trim().ends_with(v)),
                    "'{t}' accepted for {}",
                    game.as_str()
                );
            }
        }
    }
}
