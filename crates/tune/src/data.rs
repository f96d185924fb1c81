//! The positions of `baroque datagen` (`FEN | options | score | result` lines) read into what
//! the descent needs: the evaluation without the fitted tables, the phase, and the table
//! entries each piece touches.

use baroque_engine::search::eval::psqt::{self, Psqt, PHASE_MAX};
use baroque_engine::search::eval::{self, Weights};
use baroque_engine::{Color, GameId, Position, RuleOptions};

/// One table entry a piece touches: its index in a phase's parameters and +1 (White) or −1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Feature {
    /// Index into one phase's parameters (slot × stride + entry).
    pub index: u32,
    /// +1 for a White piece, −1 for a Black one.
    pub sign: f32,
}

/// One position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The evaluation without the fitted tables, centipawns from White's side.
    pub base: f32,
    /// The search's score, centipawns from White's side.
    pub score: f32,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f32,
    /// The midgame share of the blend, 0 to 1.
    pub phase: f32,
    /// The table entries of its pieces.
    pub features: Vec<Feature>,
}

/// The table layout of `game`: roles in the game table's order, and its dimensions.
pub fn layout(game: GameId) -> Psqt {
    let shape = baroque_engine::games::spec(game).shape;
    let (ranks, files, squares) = psqt::dims(shape);
    let mut slot = [u8::MAX; baroque_engine::Role::COUNT];
    for (i, p) in baroque_engine::games::spec(game).pieces.iter().enumerate() {
        slot[p.role.index()] = i as u8;
    }
    let start = Position::start(game);
    let phase_full = start
        .occupied()
        .iter()
        .filter_map(|s| start.piece_at(s))
        .filter(|p| psqt::counts_in_phase(p.role()))
        .map(|p| eval::piece_value(game, p.role()))
        .sum();
    Psqt {
        slot,
        ranks,
        files,
        squares,
        phase_full,
        mg: &[],
        eg: &[],
    }
}

/// The sample of `pos` (score and result from White's side), under `layout`.
pub fn sample(pos: &Position, layout: &Psqt, score: f32, result: f32) -> Sample {
    let w = Weights {
        psqt: 0,
        ..Weights::for_game(pos.game())
    };
    let e = eval::evaluate(pos, &w) as f32;
    let base = if pos.side_to_move() == Color::White {
        e
    } else {
        -e
    };
    let shape = pos.shape();
    let mut features = Vec::with_capacity(3 * pos.occupied().count() as usize);
    for color in Color::ALL {
        let sign = if color == Color::White { 1.0 } else { -1.0 };
        for sq in pos.by_color(color) {
            let Some(p) = pos.piece_at(sq) else { continue };
            let slot = layout.slot[p.role().index()];
            if slot == u8::MAX {
                continue;
            }
            let (r, f, q) = psqt::entries(shape, color, sq);
            let b = slot as usize * layout.stride();
            for e in [r, f, q] {
                features.push(Feature {
                    index: (b + e) as u32,
                    sign,
                });
            }
        }
    }
    Sample {
        base,
        score,
        result,
        phase: psqt::phase(pos, layout) as f32 / PHASE_MAX as f32,
        features,
    }
}

/// Reads `datagen` lines of `game` from `text` (comments and blank lines skipped); an error
/// names the first bad line.
pub fn read(game: GameId, text: &str, layout: &Psqt) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}", n + 1);
        let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
        if f.len() != 4 {
            return Err(bad("expected `FEN | options | score | result`"));
        }
        let rules = if f[1] == "-" {
            RuleOptions::default()
        } else {
            RuleOptions::from_words(game, f[1]).map_err(|e| bad(&e.to_string()))?
        };
        let pos = Position::from_fen(game, f[0], rules).map_err(|e| bad(&e.to_string()))?;
        let score: f32 = f[2].parse().map_err(|_| bad("bad score"))?;
        let result: f32 = f[3].parse().map_err(|_| bad("bad result"))?;
        if ![0.0, 0.5, 1.0].contains(&result) {
            return Err(bad("the result is 1, 0.5 or 0"));
        }
        out.push(sample(&pos, layout, score, result));
    }
    Ok(out)
}
