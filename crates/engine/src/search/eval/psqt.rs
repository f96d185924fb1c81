//! The fitted piece-square terms with midgame/endgame tapering, one table per game.
//!
//! A piece of role `r` standing on the square at (file, rank) counts, from its owner's side:
//! `rank[r][y] + file[r][x] + square[r][y][x]` in the midgame and in the endgame, where `y` is
//! the rank counted from its owner's back rank and `x` the file's distance from the board's edge
//! (the tables are symmetric left to right); Omega's wizard squares have a rank, a file and
//! squares of their own (own side, far side). The rank and file entries carry what the data
//! says of whole ranks and files; the square entries, fitted with them, only what a square adds
//! (with little data they stay near 0). The two scores are blended by the phase: the non-pawn material on the
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
    /// Square entries per role: the board's squares folded left to right (its ranks times half
    /// its files), and two more on Omega's board (its own wizard squares, the far ones).
    pub squares: usize,
    /// The non-pawn material of the start position (phase [`PHASE_MAX`]).
    pub phase_full: i32,
    /// Midgame entries in centipawns, per slot: `ranks` rank entries, `files` file entries,
    /// then `squares` square entries (bytes: the page's wasm carries them, and fitted entries
    /// stay within ±127).
    pub mg: &'static [i8],
    /// Endgame entries, laid out as `mg`.
    pub eg: &'static [i8],
}

impl Psqt {
    /// Entries per role slot.
    pub const fn stride(&self) -> usize {
        self.ranks + self.files + self.squares
    }
}

/// Whether `role` counts in the phase (not a King, a pawn or a Pincer Pawn).
#[inline]
pub fn counts_in_phase(role: Role) -> bool {
    !matches!(role, Role::King | Role::Pawn | Role::Pincer)
}

/// The rank, file and square entries per role on `shape`: the board's ranks, half its files and
/// half its squares, and on Omega's board two more ranks (its own wizard squares, the far ones),
/// one more file (the wizard squares') and two more squares (own, far).
pub const fn dims(shape: Shape) -> (usize, usize, usize) {
    let (w, h) = (shape.width() as usize, shape.height() as usize);
    match shape {
        Shape::Omega => (h + 2, w / 2 + 1, h * (w / 2) + 2),
        _ => (h, w / 2, h * (w / 2)),
    }
}

/// The table indices (within a role's slot) of a piece of `color` on `sq`: its rank entry, its
/// file entry and its square entry.
#[inline]
pub fn entries(shape: Shape, color: Color, sq: Square) -> (usize, usize, usize) {
    let (w, h) = (shape.width(), shape.height());
    let (x, y) = shape.coords(sq);
    let y = match color {
        Color::White => y,
        Color::Black => h - 1 - y,
    };
    let (ranks, files, _) = dims(shape);
    let half = (w / 2) as usize;
    let squares = ranks + files;
    if shape.is_wizard_square(sq) {
        // Omega's wizard squares: rank `h` on the owner's side, `h + 1` on the far side.
        let far = usize::from(y >= 0);
        return (
            h as usize + far,
            ranks + half,
            squares + h as usize * half + far,
        );
    }
    let fold = x.min(w - 1 - x) as usize;
    (y as usize, ranks + fold, squares + y as usize * half + fold)
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
            let (r, f, q) = entries(shape, color, sq);
            let (m, e) = (&t.mg[base..], &t.eg[base..]);
            mg += sign * (i32::from(m[r]) + i32::from(m[f]) + i32::from(m[q]));
            eg += sign * (i32::from(e[r]) + i32::from(e[f]) + i32::from(e[q]));
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
            assert_eq!((t.ranks, t.files, t.squares), dims(shape));
            let used = t.slot.iter().filter(|s| **s != u8::MAX).count();
            assert_eq!(t.mg.len(), used * t.stride());
            assert_eq!(t.eg.len(), t.mg.len());
            let mut seen = std::collections::HashSet::new();
            for sq in shape.squares() {
                for c in Color::ALL {
                    let (r, f, q) = entries(shape, c, sq);
                    assert!(r < t.ranks && (t.ranks..t.ranks + t.files).contains(&f));
                    assert!((t.ranks + t.files..t.stride()).contains(&q));
                    seen.insert(q);
                }
            }
            assert_eq!(
                seen.len(),
                t.squares,
                "{g}: every square entry is some square's"
            );
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
