//! PGN game records (`baroque_engine::pgn`, dialect in docs/pgn.md):
//! - write → read round trips over seeded random games of every game, under random rule
//!   options, from random start arrays (Ultima's 16) and positions, several games to a text;
//! - the hand-written files of `tests/data/pgn/`: comments, NAGs, variations, move numbers,
//!   move text mixed with notation, several games, and one file per kind of error, each file
//!   saying in its `; expect` lines what reading it must give;
//! - random game trees (variations nested up to three deep, NAGs, comments before and after
//!   moves, with PGN's special characters inside) of every game survive write → read as the
//!   same tree, and write the same text again;
//! - mutated records (characters changed, pieces cut or repeated, ends cut off) are read or
//!   refused with an error, never a panic, and whatever reads writes back as the same tree.

use std::path::PathBuf;

use baroque_engine::games::spec;
use baroque_engine::options::option_specs;
use baroque_engine::pgn::{self, GameTree, NodeId, PgnGame};
use baroque_engine::{Game, GameId, GameResult, Move, Position, RuleOptions};

mod common;
use common::Rng;

/// Random rule options of `game`: each option a random allowed value.
fn random_options(game: GameId, rng: &mut Rng) -> RuleOptions {
    let mut options = RuleOptions::default();
    for spec in option_specs(game) {
        let value = spec.values[rng.below(spec.values.len())];
        options
            .set(game, spec.name, value)
            .expect("an allowed value");
    }
    options
}

/// A random legal move of `pos`, captures preferred now and then (so games reach stranger
/// positions); `None` when there is none.
fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let captures: Vec<&Move> = legal.iter().filter(|m| m.is_capture()).collect();
    Some(if !captures.is_empty() && rng.chance(40) {
        *captures[rng.below(captures.len())]
    } else {
        legal[rng.below(legal.len())]
    })
}

/// The first position of a random game: one of the game's start arrays (Ultima has 16) under
/// `options`, and one time in three a position some random plies in from there, so that most
/// records need `SetUp` and `FEN`.
fn random_start(game: GameId, options: RuleOptions, rng: &mut Rng) -> Position {
    let arrays = spec(game).start_arrays;
    let array = &arrays[rng.below(arrays.len())];
    let mut pos = Position::from_fen(game, array.fen, options)
        .unwrap_or_else(|e| panic!("start array {}: {e}", array.id));
    if rng.chance(33) {
        for _ in 0..1 + rng.below(12) {
            match random_move(&pos, rng) {
                Some(m) => pos = pos.play(&m),
                None => break,
            }
        }
    }
    pos
}

/// A random game of at most `plies` plies from `start`, ending early when the game is over.
fn random_game(start: Position, plies: usize, rng: &mut Rng) -> Game {
    let mut game = Game::new(start);
    for _ in 0..plies {
        if game.status().is_over() {
            break;
        }
        match random_move(game.position(), rng) {
            Some(m) => game.play(&m),
            None => break,
        }
    }
    game
}

/// Names with the characters a tag value must escape.
const NAMES: &[&str] = &[
    "Ann",
    "Bo \"the Bishop\" Lee",
    "C:\\games\\",
    "Dörte Æsir",
    "",
];

/// Checks that `read` is `game` with the tags it was written with.
fn assert_same(read: &PgnGame, game: &Game, tags: &[(&str, &str)], context: &str) {
    assert_eq!(read.game.start(), game.start(), "{context}: start");
    assert_eq!(read.game.moves(), game.moves(), "{context}: moves");
    assert_eq!(
        read.game.position(),
        game.position(),
        "{context}: last position"
    );
    assert_eq!(read.result, game.status().result, "{context}: result");
    for (name, value) in tags {
        assert_eq!(read.tag(name), Some(*value), "{context}: tag {name}");
    }
    let id = game.start().game();
    assert_eq!(read.tag("Variant"), Some(id.title()), "{context}");
    for (name, value) in game.start().options().to_pairs(id) {
        assert_eq!(read.tag(&pgn::option_tag(name)), Some(value), "{context}");
    }
}

#[test]
fn random_games_of_every_game_survive_write_and_read() {
    for id in GameId::ALL {
        let mut text = String::new();
        let mut written = Vec::new();
        let mut plies = 0;
        for seed in 0..32u64 {
            let mut rng = Rng::new(seed * 31 + id as u64 + 1);
            let options = random_options(id, &mut rng);
            let start = random_start(id, options, &mut rng);
            let game = random_game(start, 20 + rng.below(100), &mut rng);
            plies += game.moves().len();
            let white = NAMES[rng.below(NAMES.len())];
            let black = NAMES[rng.below(NAMES.len())];
            let tags = [
                ("White", white),
                ("Black", black),
                ("Round", "3.1"),
                ("TimeControl", "300+3"),
            ];
            let record = pgn::write(&game, &tags, None);
            let context = format!("{} seed {seed}:\n{record}", id.as_str());
            for line in record.lines() {
                assert!(
                    line.chars().count() <= 79 || line.starts_with('['),
                    "{context}"
                );
            }
            assert_eq!(
                record.contains("[SetUp \"1\"]"),
                start != Position::start_with(id, options),
                "{context}"
            );
            let back =
                pgn::read(&record, GameId::Ultima).unwrap_or_else(|e| panic!("{context}\n{e}"));
            assert_eq!(back.len(), 1, "{context}");
            assert_same(&back[0], &game, &tags, &context);
            // Writing what was read gives the same text.
            assert_eq!(pgn::write(&back[0].game, &tags, None), record, "{context}");
            text.push_str(&record);
            text.push('\n');
            written.push((game, tags));
        }
        // All of them in one text: read together, and one by one.
        let back = pgn::read(&text, GameId::Ultima).expect("the whole text");
        assert_eq!(back.len(), written.len(), "{}", id.as_str());
        for (i, ((game, tags), read)) in written.iter().zip(&back).enumerate() {
            assert_same(read, game, tags, &format!("{} game {}", id.as_str(), i + 1));
        }
        let n = written.len();
        let last = pgn::read_game(&text, GameId::Ultima, n).expect("the last game");
        assert_eq!(last.game.moves(), written[n - 1].0.moves());
        let none = pgn::read_game(&text, GameId::Ultima, n + 1).unwrap_err();
        assert_eq!(none.code(), "pgn-no-game");
        eprintln!("{}: {n} games, {plies} plies", id.as_str());
    }
}

/// Words for random comments, PGN's special characters among them.
const COMMENT_WORDS: &[&str] = &[
    "good",
    "(why?)",
    "1.",
    "12...",
    "$3",
    "[x",
    "\"quoted\"",
    ";",
    "%",
    "1-0",
    "*",
    "é½",
    "{",
    "!?",
    "e2e5",
    "a_long_word_to_make_lines_wrap_sooner",
];

/// A random comment of 1–12 words.
fn random_comment(rng: &mut Rng) -> String {
    let words: Vec<&str> = (0..1 + rng.below(12))
        .map(|_| COMMENT_WORDS[rng.below(COMMENT_WORDS.len())])
        .collect();
    words.join(" ")
}

/// Annotates `id` at random: NAGs, a comment, and (where a line starts) a comment before.
fn random_note(tree: &mut GameTree, id: NodeId, line_start: bool, rng: &mut Rng) {
    let note = tree.annotation_mut(id);
    if rng.chance(20) {
        for _ in 0..1 + rng.below(2) {
            note.nags.push(rng.below(256) as u8);
        }
    }
    if rng.chance(15) {
        note.comment = random_comment(rng);
    }
    if line_start && rng.chance(30) {
        note.before = random_comment(rng);
    }
}

/// Adds a random line of at most `plies` moves after `at` (a variation if `at` has moves after
/// it already), with variations of its own while `depth` allows; returns its nodes.
fn random_line(
    tree: &mut GameTree,
    at: Option<NodeId>,
    plies: usize,
    depth: usize,
    rng: &mut Rng,
) -> Vec<NodeId> {
    let mut line = Vec::new();
    let mut at = at;
    for i in 0..plies {
        if tree.game_at(at).status().is_over() {
            break;
        }
        let Some(m) = random_move(tree.position(at), rng) else {
            break;
        };
        let id = tree.play(at, &m);
        let line_start = i == 0 && tree.children(at).first() != Some(&id);
        random_note(tree, id, line_start, rng);
        line.push(id);
        at = Some(id);
    }
    if depth > 0 {
        for &id in &line {
            if rng.chance(20) {
                let parent = tree.node(id).parent();
                random_line(tree, parent, 1 + rng.below(8), depth - 1, rng);
            }
        }
    }
    line
}

#[test]
fn random_game_trees_of_every_game_survive_write_and_read() {
    for id in GameId::ALL {
        let mut nodes = 0;
        let mut variations = 0;
        for seed in 0..24u64 {
            let mut rng = Rng::new(seed * 57 + id as u64 + 7);
            let options = random_options(id, &mut rng);
            let start = random_start(id, options, &mut rng);
            let mut tree = GameTree::new(start);
            if rng.chance(30) {
                tree.comment = random_comment(&mut rng);
            }
            random_line(&mut tree, None, 10 + rng.below(50), 3, &mut rng);
            nodes += tree.len();
            variations += tree.len() - tree.main_line().len();
            let tags = [("White", "Ann"), ("Annotator", "random")];
            let record = pgn::write_tree(&tree, &tags, None);
            let context = format!("{} seed {seed}:\n{record}", id.as_str());
            for line in record.lines() {
                assert!(
                    line.chars().count() <= 79 || line.starts_with('['),
                    "{context}"
                );
            }
            let back =
                pgn::read(&record, GameId::Ultima).unwrap_or_else(|e| panic!("{context}\n{e}"));
            assert_eq!(back.len(), 1, "{context}");
            assert!(
                back[0].tree == tree,
                "{context}\nread as {:?}",
                back[0].tree
            );
            assert_eq!(back[0].game.moves(), tree.main_game().moves(), "{context}");
            assert_eq!(
                pgn::write_tree(&back[0].tree, &tags, None),
                record,
                "{context}"
            );
        }
        assert!(
            variations > 50,
            "{}: {variations} moves in variations",
            id.as_str()
        );
        eprintln!(
            "{}: 24 trees, {nodes} moves, {variations} in variations",
            id.as_str()
        );
    }
}

#[test]
fn annotation_marks_are_read_as_nags_and_written_as_nags() {
    let text = "1. e2e5! d7d4?! (1... d7d5!! $18 {best} ) 2. a2a4 !? $400 *";
    let read = pgn::read(text, GameId::Ultima).expect("reads");
    let tree = &read[0].tree;
    let main = tree.main_line();
    assert_eq!(tree.node(main[0]).annotation.nags, [1]);
    assert_eq!(tree.node(main[1]).annotation.nags, [6]);
    assert_eq!(tree.node(main[2]).annotation.nags, [5], "$400 is not a NAG");
    let alt = tree.children(Some(main[0]))[1];
    assert_eq!(tree.node(alt).annotation.nags, [3, 18]);
    assert_eq!(tree.node(alt).annotation.comment, "best");
    let out = pgn::write_tree(tree, &[], None);
    assert!(
        out.ends_with("\n1. Pe2-e5 $1 Pd7-d4 $6 (1... Pd7-d5 $3 $18 {best}) 2. Pa2-a4 $5 *\n"),
        "{out}"
    );
    assert_eq!(pgn::mark_nag("!?"), Some(5));
    assert_eq!(pgn::mark_nag("!!!"), None);
}

#[test]
fn variations_nested_too_deep_are_refused() {
    let mut text = String::from("1. e2e5 ");
    for _ in 0..pgn::MAX_DEPTH {
        text.push_str("(1. d2d4 ");
    }
    let ok = format!("{text}{} *", ")".repeat(pgn::MAX_DEPTH));
    assert!(pgn::read(&ok, GameId::Ultima).is_ok());
    let deeper = format!("{text}(1. c2c4 {} *", ")".repeat(pgn::MAX_DEPTH + 1));
    let e = pgn::read(&deeper, GameId::Ultima).unwrap_err();
    assert_eq!(e.code(), "pgn-too-deep", "{e}");
}

#[test]
fn a_given_result_and_the_games_own_result_are_written() {
    let mut game = Game::new(Position::start(GameId::Omega));
    game.play_text("e1e4").expect("a legal move");
    let resigned = pgn::write(&game, &[], Some(GameResult::Black));
    assert!(resigned.contains("[Result \"0-1\"]") && resigned.ends_with(" 0-1\n"));
    let read = pgn::read(&resigned, GameId::Ultima).expect("reads");
    assert_eq!(read[0].result, GameResult::Black);
    // The roster comes first, in its order, with "unknown" values; the game decides Result,
    // Variant and FEN whatever the caller says.
    let text = pgn::write(
        &game,
        &[
            ("Variant", "chess"),
            ("Result", "1-0"),
            ("Event", "Club night"),
        ],
        None,
    );
    let tags: Vec<&str> = text.lines().take_while(|l| l.starts_with('[')).collect();
    assert_eq!(
        tags[..8],
        [
            "[Event \"Club night\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"?\"]",
            "[Black \"?\"]",
            "[Result \"*\"]",
            "[Variant \"Omega Chess\"]",
        ]
    );
    assert_eq!(tags.len(), 8, "{text}");
    // A game that starts with Black to move numbers its first move `N...`.
    let black = Position::start(GameId::Ultima).play(
        &Position::start(GameId::Ultima)
            .parse_move("e2e5")
            .expect("legal"),
    );
    let mut game = Game::new(black);
    game.play_text("d7d4").expect("legal");
    let text = pgn::write(&game, &[], None);
    assert!(text.contains("\n1... Pd7-d4 *\n"), "{text}");
    let read = pgn::read(&text, GameId::Omega).expect("reads");
    assert_eq!(read[0].game.moves(), game.moves());
}

// ----- the hand-written files -----

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pgn")
}

/// The `; expect …` lines of a file, without the prefix.
fn expectations(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("; expect "))
        .collect()
}

/// Every file of tests/data/pgn, with its name.
fn files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(data_dir())
        .expect("tests/data/pgn exists")
        .map(|e| {
            let path = e.expect("a directory entry").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            (name, std::fs::read_to_string(&path).expect("a UTF-8 file"))
        })
        .filter(|(name, _)| name.ends_with(".pgn"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_hand_written_files_read_as_their_expect_lines_say() {
    let files = files();
    assert!(files.len() >= 8, "{} files", files.len());
    for (name, text) in &files {
        let expect = expectations(text);
        assert!(!expect.is_empty(), "{name} has no '; expect' line");
        let read = pgn::read(text, GameId::Ultima);
        let mut game_no = 0;
        for line in expect {
            let (what, rest) = line.split_once(' ').unwrap_or((line, ""));
            match what {
                // `; expect error <code> <param>=<value>…`: reading fails so.
                "error" => {
                    let e = read.as_ref().expect_err(name);
                    let mut words = rest.split_whitespace();
                    assert_eq!(Some(e.code()), words.next(), "{name}: {e}");
                    let params = e.params();
                    for pair in words {
                        let (k, v) = pair.split_once('=').expect("param=value");
                        assert!(
                            params.iter().any(|(pk, pv)| *pk == k && pv == v),
                            "{name}: {k}={v} not in {params:?} ({e})"
                        );
                    }
                    // The message names the line and, for moves, the move.
                    assert!(e.to_string().contains("line "), "{name}: {e}");
                }
                // `; expect game <variant> <result> [fen=<start fen> ]moves <move text>…`:
                // the next game is these moves, played from that start.
                "game" => {
                    let games = read.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
                    let got = &games[game_no];
                    game_no += 1;
                    let (head, moves) = rest.split_once("moves").expect("moves");
                    let mut head = head.split_whitespace();
                    let id: GameId = head.next().expect("variant").parse().expect("variant");
                    let result = head.next().expect("result");
                    let fen = rest
                        .split_once("fen=")
                        .map(|(_, f)| f.split_once(" moves").map_or(f, |(f, _)| f).trim());
                    let options = *got.game.start().options();
                    let first = match fen {
                        Some(f) => Position::from_fen(id, f, options).expect("the expected FEN"),
                        None => Position::start_with(id, options),
                    };
                    let mut want = Game::new(first);
                    for m in moves.split_whitespace() {
                        want.play_text(m)
                            .unwrap_or_else(|e| panic!("{name}: expected move {m}: {e}"));
                    }
                    assert_eq!(got.game.start(), want.start(), "{name} game {game_no}");
                    assert_eq!(got.game.moves(), want.moves(), "{name} game {game_no}");
                    assert_eq!(
                        pgn::result_marker(got.result),
                        result,
                        "{name} game {game_no}"
                    );
                }
                // `; expect options <name>=<value>…`: the last game read is under these rules.
                "options" => {
                    let games = read.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
                    let got = &games[game_no - 1];
                    let id = got.game.start().game();
                    let pairs = got.game.start().options().to_pairs(id);
                    for pair in rest.split_whitespace() {
                        let (k, v) = pair.split_once('=').expect("name=value");
                        assert!(pairs.contains(&(k, v)), "{name}: {k}={v} not in {pairs:?}");
                    }
                }
                // `; expect movetext …`: the last game read, written again, has this movetext
                // (its lines joined by spaces).
                "movetext" => {
                    let games = read.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
                    let got = &games[game_no - 1];
                    let out = pgn::write_tree(&got.tree, &[], Some(got.result));
                    let (_, moves) = out.split_once("\n\n").expect("tags, then moves");
                    let moves = moves.split_whitespace().collect::<Vec<_>>().join(" ");
                    assert_eq!(moves, rest.trim(), "{name}");
                }
                // `; expect games N`: the file holds N games.
                "games" => {
                    let games = read.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
                    assert_eq!(games.len().to_string(), rest.trim(), "{name}");
                }
                other => panic!("{name}: unknown expectation '{other}'"),
            }
        }
    }
}

/// Characters PGN texts are made of, plus some they never hold.
const ALPHABET: &[char] = &[
    '[', ']', '{', '}', '(', ')', ';', '%', '$', '"', '\\', '.', ' ', '\n', '1', '0', '-', '/',
    '*', 'x', '+', '#', '=', '!', '?', 'e', 'P', 'K', 'a', 'w', 'é', '½', '\u{feff}',
];

/// `text` with a few random edits: characters replaced, inserted or deleted, a piece cut out
/// or repeated, or the end cut off.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut v: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = if v.is_empty() { 0 } else { rng.below(v.len()) };
        match rng.below(6) {
            0 if !v.is_empty() => v[at] = ALPHABET[rng.below(ALPHABET.len())],
            1 => v.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            2 if !v.is_empty() => {
                v.remove(at);
            }
            3 => {
                let end = (at + 1 + rng.below(40)).min(v.len());
                v.drain(at..end);
            }
            4 => {
                let end = (at + 1 + rng.below(40)).min(v.len());
                let piece: Vec<char> = v[at..end].to_vec();
                let to = rng.below(v.len() + 1);
                v.splice(to..to, piece);
            }
            _ => v.truncate(at),
        }
    }
    v.into_iter().collect()
}

#[test]
fn mutated_records_are_read_or_refused_and_never_panic() {
    let mut accepted = 0;
    let mut refused = 0;
    let mut codes = std::collections::BTreeSet::new();
    for (name, text) in files() {
        for seed in 0..150u64 {
            let mut rng = Rng::new(seed + name.len() as u64 * 1000);
            let bad = mutate(&text, &mut rng);
            match pgn::read(&bad, GameId::Ultima) {
                Ok(games) => {
                    accepted += 1;
                    // Whatever reads is a real game: written again, it reads as the same.
                    for g in &games {
                        let again = pgn::write_tree(&g.tree, &[], Some(g.result));
                        let back = pgn::read(&again, GameId::Hybrid)
                            .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}\n{again}"));
                        assert_eq!(back[0].game.moves(), g.game.moves(), "{name} {seed}");
                        assert_eq!(back[0].game.start(), g.game.start(), "{name} {seed}");
                        assert!(back[0].tree == g.tree, "{name} {seed}:\n{again}");
                    }
                }
                Err(e) => {
                    refused += 1;
                    assert!(!e.to_string().is_empty() && !e.params().is_empty());
                    codes.insert(e.code());
                }
            }
        }
    }
    eprintln!("{accepted} mutated records read, {refused} refused with {codes:?}");
    assert!(accepted > 0 && refused > 0);
    assert!(codes.len() >= 5, "{codes:?}");
}
