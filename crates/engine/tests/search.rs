//! The computer opponent's guarantees: it never returns an illegal move (random positions of
//! every game), it solves the puzzles of `tests/data/puzzles-*.txt` (forced mates checked
//! against an independent brute-force solver, multi-captures by their unique solution), a stop
//! request returns promptly with a legal move, and every level plays legal moves.

use baroque_engine::search::{
    feature, Level, Limits, NoClock, Score, SearchEnv, SearchInfo, Searcher,
};
use baroque_engine::{Color, Game, GameId, GameResult, Move, Position, RuleOptions};

mod common;
use common::records;
use common::Rng;

/// Each game's puzzle file under `tests/data/`.
const PUZZLES: [(GameId, &str); 3] = [
    (GameId::Ultima, "puzzles-ultima.txt"),
    (GameId::Omega, "puzzles-omega.txt"),
    (GameId::Hybrid, "puzzles-hybrid.txt"),
];

/// One line of a puzzle file.
struct Puzzle {
    /// The puzzle's id and `file:line`, for messages.
    id: String,
    fen: String,
    solution: String,
    goal: Goal,
}

#[derive(Clone, Copy, Debug)]
enum Goal {
    Mate(u32),
    Capture(u32),
}

/// The puzzles of `tests/data/<file>`.
fn puzzles(file: &str) -> Vec<Puzzle> {
    records::read(file, &records::PUZZLES)
        .iter()
        .map(|r| {
            let id = format!("{} ({})", r.get("id"), r.origin());
            let goal = match r.get("goal").split_once(' ') {
                Some(("mate", n)) => n.trim().parse().ok().map(Goal::Mate),
                Some(("capture", n)) => n.trim().parse().ok().map(Goal::Capture),
                _ => None,
            }
            .unwrap_or_else(|| {
                panic!(
                    "{id}: goal '{}' is not 'mate N' or 'capture N'",
                    r.get("goal")
                )
            });
            Puzzle {
                id,
                fen: r.get("fen").to_string(),
                solution: r.get("solution").to_string(),
                goal,
            }
        })
        .collect()
}

fn winner(color: Color) -> GameResult {
    match color {
        Color::White => GameResult::White,
        Color::Black => GameResult::Black,
    }
}

/// Brute force, independent of the search: can the side to move of `game` force a win by the
/// game's own status rules within `n` of its moves?
fn forces_win(game: &mut Game, n: u32) -> bool {
    let us = game.position().side_to_move();
    let moves = game.position().legal_moves();
    moves.iter().any(|m| wins_after(game, m, us, n))
}

/// Whether `us` playing `m` in `game` forces a win within `n` moves.
fn wins_after(game: &mut Game, m: &Move, us: Color, n: u32) -> bool {
    game.play(m);
    let status = game.status();
    let won = if status.is_over() {
        status.result == winner(us)
    } else if n <= 1 {
        false
    } else {
        let replies = game.position().legal_moves();
        replies.iter().all(|r| {
            game.play(r);
            let s = game.status();
            let ok = if s.is_over() {
                s.result == winner(us)
            } else {
                forces_win(game, n - 1)
            };
            game.undo();
            ok
        })
    };
    game.undo();
    won
}

#[test]
fn puzzles_are_solved() {
    puzzles_are_solved_with(None);
}

/// The puzzles are solved with every search technique on, too.
#[test]
fn puzzles_are_solved_with_every_technique() {
    puzzles_are_solved_with(Some(feature::ALL));
}

fn puzzles_are_solved_with(features: Option<u32>) {
    let mut count = [0usize; 3];
    for (i, (game_id, file)) in PUZZLES.iter().enumerate() {
        for p in puzzles(file) {
            let pos = Position::from_fen(*game_id, &p.fen, RuleOptions::DEFAULT)
                .unwrap_or_else(|e| panic!("{}: bad FEN: {e}", p.id));
            let solution = pos
                .parse_move(&p.solution)
                .unwrap_or_else(|e| panic!("{}: bad solution: {e}", p.id));
            let mut game = Game::new(pos);
            let mut searcher = Searcher::new(1 << 22);
            searcher.set_features(features);
            match p.goal {
                Goal::Mate(n) => {
                    let us = pos.side_to_move();
                    assert!(
                        wins_after(&mut game, &solution, us, n),
                        "{}: the listed solution is not a forced mate in {n}",
                        p.id
                    );
                    assert!(
                        !forces_win(&mut game, n - 1) || n == 1,
                        "{}: shorter mate",
                        p.id
                    );
                    let limits = Limits {
                        nodes: Some(5_000_000),
                        ..Limits::depth(2 * n + 1)
                    };
                    let r = searcher.search(&game, &limits, &mut NoClock);
                    let best = r.best.expect("a move");
                    assert!(
                        wins_after(&mut game, &best, us, n),
                        "{}: engine played {} which does not mate in {n}",
                        p.id,
                        pos.move_text(&best)
                    );
                    match r.score {
                        Score::Mate(m) => assert!(m >= 1 && m <= n as i32, "{}: {m}", p.id),
                        s => panic!("{}: expected a mate score, got {s:?}", p.id),
                    }
                }
                Goal::Capture(n) => {
                    assert_eq!(solution.captures.count(), n, "{}", p.id);
                    let most = pos
                        .legal_moves()
                        .iter()
                        .filter(|m| m.captures.count() >= n)
                        .count();
                    assert_eq!(
                        most, 1,
                        "{}: the solution is not the only {n}-capture",
                        p.id
                    );
                    let limits = Limits {
                        nodes: Some(5_000_000),
                        ..Limits::depth(4)
                    };
                    let r = searcher.search(&game, &limits, &mut NoClock);
                    assert_eq!(
                        r.best.map(|m| pos.move_text(&m)),
                        Some(pos.move_text(&solution)),
                        "{}",
                        p.id
                    );
                }
            }
            count[i] += 1;
        }
    }
    for (i, (g, _)) in PUZZLES.iter().enumerate() {
        assert!(count[i] >= 5, "{g}: only {} puzzles", count[i]);
    }
}

/// Positions reached by random play from each start position (and Ultima under `win=capture`).
fn random_positions(per_game: usize) -> Vec<Game> {
    let mut out = Vec::new();
    let mut rng = Rng(0x5EED_1234_ABCD);
    let mut capture = RuleOptions::DEFAULT;
    let _ = capture.set(GameId::Ultima, "win", "capture");
    let starts = [
        Position::start(GameId::Ultima),
        Position::start_with(GameId::Ultima, capture),
        Position::start(GameId::Omega),
        Position::start(GameId::Hybrid),
    ];
    for start in starts {
        for _ in 0..per_game {
            let mut game = Game::new(start);
            let plies = 4 + rng.next() % 60;
            for _ in 0..plies {
                if game.status().is_over() {
                    break;
                }
                let moves = game.position().legal_moves();
                let m = moves[(rng.next() % moves.len() as u64) as usize];
                game.play(&m);
            }
            out.push(game);
        }
    }
    out
}

#[test]
fn never_returns_an_illegal_move() {
    never_returns_an_illegal_move_with(None);
}

/// Each search technique of `search::feature` alone, and all of them, play legal moves (the
/// test bench plays them against their absence).
#[test]
fn every_search_technique_returns_legal_moves() {
    let mut bit = 1;
    while bit <= feature::ALL {
        never_returns_an_illegal_move_with(Some(bit));
        bit <<= 1;
    }
    never_returns_an_illegal_move_with(Some(feature::ALL));
}

fn never_returns_an_illegal_move_with(features: Option<u32>) {
    let mut searcher = Searcher::new(1 << 20);
    searcher.set_features(features);
    for (i, game) in random_positions(12).into_iter().enumerate() {
        let legal = game.position().legal_moves();
        searcher.set_seed(i as u64);
        // Node budgets keep every search short whatever the position.
        let capped = Limits {
            nodes: Some(50_000),
            ..Limits::depth(2)
        };
        for limits in [
            Limits::nodes(3_000),
            capped,
            Limits {
                near_best_cp: 150,
                ..capped
            },
        ] {
            let r = searcher.search(&game, &limits, &mut NoClock);
            match r.best {
                None => assert!(
                    legal.is_empty(),
                    "{:?}: no move but {} legal",
                    game.position(),
                    legal.len()
                ),
                Some(m) => assert!(legal.contains(&m), "{:?}: illegal {:?}", game.position(), m),
            }
            for (k, m) in r.pv.iter().enumerate().take(1) {
                assert!(legal.contains(m), "pv[{k}] illegal");
            }
        }
    }
}

/// Stops at the n-th poll and counts the polls.
struct StopAt {
    polls: u32,
    at: u32,
}

impl SearchEnv for StopAt {
    fn now_ms(&mut self) -> u64 {
        0
    }
    fn should_stop(&mut self) -> bool {
        self.polls += 1;
        self.polls >= self.at
    }
}

#[test]
fn stop_returns_promptly_with_a_legal_move() {
    for game in random_positions(3) {
        let legal = game.position().legal_moves();
        let mut searcher = Searcher::new(1 << 20);
        let mut env = StopAt { polls: 0, at: 2 };
        // No limit at all: only the stop ends this search.
        let r = searcher.search(&game, &Limits::default(), &mut env);
        assert!(env.polls <= 3, "kept searching after the stop");
        match r.best {
            None => assert!(legal.is_empty()),
            Some(m) => assert!(legal.contains(&m)),
        }
    }
}

#[test]
fn every_level_plays_legal_moves_and_repeats_with_its_seed() {
    for g in GameId::ALL {
        let mut game = Game::new(Position::start(g));
        game.play(&game.position().legal_moves()[0]);
        let legal = game.position().legal_moves();
        for n in 1..=4u8 {
            let level = Level::get(n).expect("level");
            let play = |seed| {
                let mut s = Searcher::new(1 << 18);
                s.set_seed(seed);
                s.search(&game, &level.limits(), &mut NoClock).best
            };
            let m = play(11).expect("a move");
            assert!(legal.contains(&m), "{g} level {n}");
            assert_eq!(play(11), Some(m), "{g} level {n} is deterministic");
        }
    }
}

#[test]
fn node_limit_is_respected() {
    let game = Game::new(Position::start(GameId::Hybrid));
    let mut s = Searcher::new(1 << 18);
    let r = s.search(&game, &Limits::nodes(5_000), &mut NoClock);
    assert!(r.nodes <= 5_000 + 1, "{}", r.nodes);
    assert!(r.best.is_some());
}

/// A fake clock that advances 10 ms at every reading.
struct Ticking(u64);

impl SearchEnv for Ticking {
    fn now_ms(&mut self) -> u64 {
        self.0 += 10;
        self.0
    }
}

#[test]
fn the_deadline_is_read_from_the_callers_clock() {
    for g in GameId::ALL {
        let game = Game::new(Position::start(g));
        let mut s = Searcher::new(1 << 18);
        let mut clock = Ticking(1_000);
        let r = s.search(&game, &Limits::movetime(100), &mut clock);
        // About ten polls of 1024 nodes fit in 100 ms of this clock.
        assert!(r.nodes < 20 * 1024, "{g}: {} nodes", r.nodes);
        let best = r.best.expect("a move");
        assert!(game.position().legal_moves().contains(&best));
    }
}

/// A clock that never moves: only the search's own decisions end a clock search.
struct Frozen;

impl SearchEnv for Frozen {
    fn now_ms(&mut self) -> u64 {
        0
    }
}

#[test]
fn a_single_legal_move_under_a_clock_is_played_at_once() {
    // Black's only move is d4-d3 (the King on the wizard square w3 is boxed in).
    let fen = "10/10/7N2/10/10/3p5R/10/10/1K8/10[-/-/k/-] b - - 1 1";
    let pos = Position::from_fen(GameId::Omega, fen, RuleOptions::DEFAULT).expect("fen");
    assert_eq!(pos.legal_moves().len(), 1);
    let game = Game::new(pos);
    let clock = baroque_engine::search::Clock {
        time_ms: 60_000,
        inc_ms: 0,
        movestogo: None,
    };
    let limits = Limits {
        depth: Some(12),
        ..Limits::from_clock(&clock)
    };
    let mut s = Searcher::new(1 << 18);
    let r = s.search(&game, &limits, &mut Frozen);
    assert_eq!(r.depth, 1, "a forced move needs no deeper search");
    assert_eq!(r.best, pos.legal_moves().iter().next().copied());
    // Without a clock the same search goes deeper (until White's mate in one is certain).
    let r = s.search(&game, &Limits::depth(4), &mut NoClock);
    assert!(r.depth > 1, "{}", r.depth);
}

#[test]
fn the_fifty_move_rule_is_respected_inside_the_search() {
    // A Queen up, but every move reaches the hundredth quiet ply: a draw, unless it mates.
    let fen = "5k4/10/10/10/4Q5/10/10/10/10/5K4[-/-/-/-] w - - 99 80";
    let pos = Position::from_fen(GameId::Omega, fen, RuleOptions::DEFAULT).expect("fen");
    let game = Game::new(pos);
    let r = Searcher::new(1 << 18).search(&game, &Limits::depth(3), &mut NoClock);
    assert_eq!(r.score, Score::Cp(0));
    // With a fresh clock the same position is simply won.
    let fresh = Position::from_fen(
        GameId::Omega,
        &fen.replace(" 99 80", " 0 80"),
        RuleOptions::DEFAULT,
    )
    .expect("fen");
    let r = Searcher::new(1 << 18).search(&Game::new(fresh), &Limits::depth(3), &mut NoClock);
    assert!(
        matches!(r.score, Score::Cp(s) if s > 500) || matches!(r.score, Score::Mate(m) if m > 0)
    );
}

/// Keeps every report of a search.
#[derive(Default)]
struct Reports(Vec<SearchInfo>);

impl SearchEnv for Reports {
    fn now_ms(&mut self) -> u64 {
        0
    }
    fn info(&mut self, info: &SearchInfo) {
        self.0.push(info.clone());
    }
}

/// Whether `pv` is a sequence of legal moves from `pos`.
fn legal_line(pos: &Position, pv: &[Move]) -> bool {
    let mut p = *pos;
    pv.iter().all(|m| {
        let ok = p.legal_moves().contains(m);
        p = p.play(m);
        ok
    })
}

#[test]
fn multipv_finds_k_distinct_legal_lines_best_first() {
    for game in random_positions(2) {
        let pos = *game.position();
        let legal = pos.legal_moves();
        if legal.len() < 3 {
            continue;
        }
        let mut s = Searcher::new(1 << 20);
        let mut env = Reports::default();
        let r = s.search(&game, &Limits::depth(3).with_multipv(3), &mut env);
        assert_eq!(r.lines.len(), 3, "{}", pos.fen());
        let firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        assert_eq!(r.best, Some(firsts[0]));
        for l in &r.lines {
            assert!(legal_line(&pos, &l.pv), "{}: {:?}", pos.fen(), l.pv);
            assert_eq!(l.depth, 3);
        }
        let cp = |sc: Score| match sc {
            Score::Cp(c) => c,
            Score::Mate(m) if m > 0 => 100_000 - m,
            Score::Mate(m) => -100_000 - m,
        };
        assert!(r.lines.windows(2).all(|w| cp(w[0].score) >= cp(w[1].score)));
        // Each depth reports lines 1, 2, 3 in turn, the last depth as the result says.
        for d in 1..=3 {
            let ks: Vec<u32> = env
                .0
                .iter()
                .filter(|i| i.depth == d)
                .map(|i| i.multipv)
                .collect();
            assert_eq!(ks, [1, 2, 3], "depth {d}");
        }
        let last: Vec<&SearchInfo> = env.0.iter().filter(|i| i.depth == 3).collect();
        for (info, line) in last.iter().zip(&r.lines) {
            assert_eq!((&info.pv, info.score), (&line.pv, line.score));
        }
    }
}

#[test]
fn multipv_beyond_the_legal_moves_scores_every_root_move() {
    // The hybrid's bare Kings plus a Rook: few root moves, each a line of its own.
    let game = Game::new(
        Position::from_fen(
            GameId::Hybrid,
            "4k5/10/10/10/10/10/10/10/10/R3K5 w - - 0 1",
            RuleOptions::DEFAULT,
        )
        .expect("FEN"),
    );
    let legal = game.position().legal_moves();
    let mut s = Searcher::new(1 << 20);
    let r = s.search(&game, &Limits::depth(2).with_multipv(500), &mut NoClock);
    assert_eq!(r.lines.len(), legal.len());
    let mut firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
    firsts.sort_by_key(|m| (m.from, m.to));
    let mut all: Vec<Move> = legal.iter().copied().collect();
    all.sort_by_key(|m| (m.from, m.to));
    assert_eq!(firsts, all);
}

#[test]
fn one_line_is_the_ordinary_search() {
    for g in GameId::ALL {
        let game = Game::new(Position::start(g));
        let run = |limits: Limits| {
            let mut s = Searcher::new(1 << 20);
            let r = s.search(&game, &limits, &mut NoClock);
            (r.best, r.nodes, r.score, r.lines.len())
        };
        assert_eq!(run(Limits::depth(4)), run(Limits::depth(4).with_multipv(1)));
        assert_eq!(run(Limits::depth(4)).3, 1);
    }
}

#[test]
fn an_infinite_search_runs_until_stopped() {
    assert_eq!(Limits::infinite(), Limits::default());
    let game = Game::new(Position::start(GameId::Omega));
    let mut s = Searcher::new(1 << 20);
    let mut env = StopAt { polls: 0, at: 40 };
    let r = s.search(&game, &Limits::infinite().with_multipv(2), &mut env);
    assert_eq!(env.polls, 40, "only the stop ended it");
    assert_eq!(r.lines.len(), 2);
    assert!(r.lines.iter().all(|l| legal_line(game.position(), &l.pv)));
}

/// A clock that advances 10 ms per reading; says `ponderhit` at the `hit`-th poll.
struct Pondering {
    t: u64,
    polls: u32,
    hit: u32,
    polls_at_hit: Option<u32>,
}

impl SearchEnv for Pondering {
    fn now_ms(&mut self) -> u64 {
        self.t += 10;
        self.t
    }
    fn should_stop(&mut self) -> bool {
        self.polls += 1;
        false
    }
    fn ponderhit(&mut self) -> bool {
        if self.polls >= self.hit {
            self.polls_at_hit.get_or_insert(self.polls);
            true
        } else {
            false
        }
    }
}

#[test]
fn pondering_ignores_the_clock_until_ponderhit() {
    let game = Game::new(Position::start(GameId::Ultima));
    let mut s = Searcher::new(1 << 20);
    let limits = Limits {
        ponder: true,
        ..Limits::movetime(100)
    };
    let mut env = Pondering {
        t: 0,
        polls: 0,
        hit: 60,
        polls_at_hit: None,
    };
    let r = s.search(&game, &limits, &mut env);
    // 100 ms of this clock is about ten polls: pondering went on past them to the hit, then
    // the time counted from there.
    assert_eq!(env.polls_at_hit, Some(60));
    assert!(
        env.polls >= 60 && env.polls <= 60 + 15,
        "{} polls",
        env.polls
    );
    assert!(game
        .position()
        .legal_moves()
        .contains(&r.best.expect("a move")));
}
