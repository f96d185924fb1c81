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
//! - (f) every legal move's move text, and its notation, parse back to the same move (on every
//!   ply, every move);
//! - the game's status agrees with the moves (no legal move ends the game, by checkmate
//!   exactly when in check).
//!
//! Then (g): random byte strings and random mutations of valid FENs, move texts and options
//! are given to the parsers, which must return a value or an error and never panic; whatever
//! they accept must satisfy the same invariants.
//!
//! The checks themselves are [`baroque_engine::invariants`] (cargo feature `invariants`, which
//! the engine's dev-dependency on itself turns on), shared with the fuzz targets of `fuzz/`;
//! this file chooses the games, positions and inputs.

use baroque_engine::invariants::{
    check_moves, check_position, check_status, check_text, check_undo, option_sets, start_fens,
};
use baroque_engine::{Game, GameId, Move, Position, RuleOptions};

mod common;
use common::Rng;

/// Plays one random game from `start`, checking every position; returns the FENs seen.
fn random_game(start: Position, plies: usize, rng: &mut Rng) -> Vec<String> {
    let mut game = Game::new(start);
    let mut fens = Vec::new();
    for _ in 0..plies {
        let pos = *game.position();
        check_position(&pos);
        let legal = check_moves(&pos);
        fens.push(pos.fen());
        check_status(&game, &legal);
        if legal.is_empty() {
            break;
        }
        // (f) on every ply, for every legal move.
        for m in legal.iter() {
            check_text(&pos, m);
        }
        // Prefer captures a little, so that games reach emptier, stranger positions.
        let captures: Vec<&Move> = legal.iter().filter(|m| m.is_capture()).collect();
        let m = if !captures.is_empty() && rng.chance(50) {
            *captures[rng.below(captures.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        // (e) play, undo, compare, replay.
        check_undo(&mut game, &m);
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
    start_fens(game)
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
        fens.extend(start_fens(game).into_iter().map(String::from));
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
