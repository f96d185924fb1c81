//! The fitted piece-square terms with midgame/endgame tapering, one table per game.
//!
//! A piece of role `r` standing on the square at (file, rank) counts, from its owner's side:
//! `rank[r][y] + file[r][x]` in the midgame and in the endgame, where `y` is the rank counted
//! from its owner's back rank and `x` the file's distance from the board's edge (the tables are
//! symmetric left to right); Omega's wizard squares have a rank and a file of their own
//! (own side, far side). The two scores are blended by the phase: the non-pawn material on the
//! board (both sides, Kings not counted) against that of the start position,
//! `(mg·phase + eg·(64 − phase)) / 64`.
//!
//! The numbers are fitted to self-play results by `baroque-tune` (crates/tune, Texel's method;
//! docs/ai.md, "Data and the fitted evaluation") and written to each game's generated table
//! file (`ultima_tables.rs`, `omega_tables.rs`, `hybrid_tables.rs`); they add to the game's
//! material and hand-made terms.

use crate::geometry::{Shape, Square};
use crate::piece::{Color, Role};
use crate::position::Position;

/// The midgame/endgame scale of the phase.
pub const PHASE_MAX: i32 = 64;

/// One game's fitted piece-square tables.
#[derive(Debug)]
pub struct Psqt {
    /// Each role's slot in the tables (`u8::MAX`: the role does not occur in the game).
    pub slot: [u8; Role::COUNT],
    /// Rank entries per role: the board's ranks, and two more on Omega's board (its own wizard
    /// squares, the far ones).
    pub ranks: usize,
    /// File entries per role: half the board's files, and one more on Omega's board (the
    /// wizard squares).
    pub files: usize,
    /// The non-pawn material of the start position (phase [`PHASE_MAX`]).
    pub phase_full: i32,
    /// Midgame entries in centipawns, per slot: `ranks` rank entries then `files` file
    /// entries (bytes: the page's wasm carries them, and fitted entries stay within ±127).
    pub mg: &'static [i8],
    /// Endgame entries, laid out as `mg`.
    pub eg: &'static [i8],
}

impl Psqt {
    /// Entries per role slot.
    pub const fn stride(&self) -> usize {
        self.ranks + self.files
    }
}

/// Whether `role` counts in the phase (not a King, a pawn or a Pincer Pawn).
#[inline]
pub fn counts_in_phase(role: Role) -> bool {
    !matches!(role, Role::King | Role::Pawn | Role::Pincer)
}

/// The rank and file entries per role on `shape`: the board's ranks and half its files, and on
/// Omega's board two more ranks (its own wizard squares, the far ones) and one more file (the
/// wizard squares').
pub const fn dims(shape: Shape) -> (usize, usize) {
    let (w, h) = (shape.width() as usize, shape.height() as usize);
    match shape {
        Shape::Omega => (h + 2, w / 2 + 1),
        _ => (h, w / 2),
    }
}

/// The table indices (within a role's slot) of a piece of `color` on `sq`: its rank entry and
/// its file entry.
#[inline]
pub fn entries(shape: Shape, color: Color, sq: Square) -> (usize, usize) {
    let (w, h) = (shape.width(), shape.height());
    let (x, y) = shape.coords(sq);
    let y = match color {
        Color::White => y,
        Color::Black => h - 1 - y,
    };
    let ranks = dims(shape).0;
    if shape.is_wizard_square(sq) {
        // Omega's wizard squares: rank `h` on the owner's side, `h + 1` on the far side.
        let rank = if y < 0 { h } else { h + 1 };
        return (rank as usize, ranks + (w / 2) as usize);
    }
    let fold = x.min(w - 1 - x);
    (y as usize, ranks + fold as usize)
}

/// The phase of `pos` under `t`: 0 (bare endgame) to [`PHASE_MAX`] (the start's material).
pub fn phase(pos: &Position, t: &Psqt) -> i32 {
    let game = pos.game();
    let mut m = 0;
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            if counts_in_phase(p.role()) {
                m += super::piece_value(game, p.role());
            }
        }
    }
    m.min(t.phase_full) * PHASE_MAX / t.phase_full.max(1)
}

/// The tables' score of `pos` from White's side.
pub fn score(pos: &Position, t: &Psqt) -> i32 {
    let game = pos.game();
    let shape = pos.shape();
    let (mut mg, mut eg, mut m) = (0i32, 0i32, 0i32);
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for sq in pos.by_color(color) {
            let Some(p) = pos.piece_at(sq) else { continue };
            let role = p.role();
            if counts_in_phase(role) {
                m += super::piece_value(game, role);
            }
            let slot = t.slot[role.index()];
            if slot == u8::MAX {
                continue;
            }
            let base = slot as usize * t.stride();
            let (r, f) = entries(shape, color, sq);
            mg += sign * (i32::from(t.mg[base + r]) + i32::from(t.mg[base + f]));
            eg += sign * (i32::from(t.eg[base + r]) + i32::from(t.eg[base + f]));
        }
    }
    let ph = m.min(t.phase_full) * PHASE_MAX / t.phase_full.max(1);
    (mg * ph + eg * (PHASE_MAX - ph)) / PHASE_MAX
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::eval::tables;
    use crate::GameId;

    fn table(game: GameId) -> &'static Psqt {
        match game {
            GameId::Ultima => &tables::ultima::PSQT,
            GameId::Omega => &tables::omega::PSQT,
            GameId::Hybrid => &tables::hybrid::PSQT,
        }
    }

    #[test]
    fn tables_fit_their_boards() {
        for g in GameId::ALL {
            let t = table(g);
            let shape = crate::games::spec(g).shape;
            assert_eq!((t.ranks, t.files), dims(shape));
            let used = t.slot.iter().filter(|s| **s != u8::MAX).count();
            assert_eq!(t.mg.len(), used * t.stride());
            assert_eq!(t.eg.len(), t.mg.len());
            for sq in shape.squares() {
                for c in Color::ALL {
                    let (r, f) = entries(shape, c, sq);
                    assert!(r < t.ranks && (t.ranks..t.stride()).contains(&f));
                }
            }
        }
    }

    #[test]
    fn the_start_is_level_and_phase_full() {
        for g in GameId::ALL {
            let pos = Position::start(g);
            assert_eq!(score(&pos, table(g)), 0, "{g}: a symmetric start scores 0");
            assert_eq!(phase(&pos, table(g)), PHASE_MAX);
        }
    }

    #[test]
    fn a_black_piece_counts_as_the_white_one_mirrored() {
        // Omega: a white Knight on c2 against a black one on c7 (its mirror, ranks 0-9): level.
        let pos = Position::from_fen(
            GameId::Omega,
            "5k4/10/2n7/10/10/10/10/2N7/10/5K4[-/-/-/-] w - - 0 1",
            crate::options::RuleOptions::DEFAULT,
        )
        .expect("fen");
        assert_eq!(score(&pos, table(GameId::Omega)), 0);
        assert_eq!(
            entries(
                pos.shape(),
                Color::White,
                pos.shape().square(2, 2).expect("c2")
            ),
            entries(
                pos.shape(),
                Color::Black,
                pos.shape().square(7, 7).expect("h7")
            )
        );
    }
}
