//! Correction history ([`super::feature::CORRECTION`]): how far the searches of positions of
//! one material balance found the static evaluation off, kept per side to move and material
//! key, and added to the static evaluation of the next position of that balance. These games
//! have little pawn structure to key it by (the chess engines' pawn key), so the key is the
//! material: the multiset of (colour, role) on the board.

use alloc::vec::Vec;

use crate::piece::Color;
use crate::position::Position;

/// Entries per side (a power of two).
const SIZE: usize = 1 << 14;
/// An entry holds the correction in 1/`GRAIN` centipawns.
const GRAIN: i32 = 256;
/// The correction is at most this many centipawns either way.
const LIMIT: i32 = 300;
/// A search of depth d weighs min(d + 1, `WEIGHT_MAX`) / 256 in the running average.
const WEIGHT_MAX: i32 = 16;

/// The material key of `pos`: a sum of one random word per (colour, role) of every piece, so
/// the same pieces on any squares give the same key.
pub fn material_key(pos: &Position) -> u64 {
    let mut key = 0u64;
    for sq in pos.occupied().iter() {
        if let Some(p) = pos.piece_at(sq) {
            let n = (p.color().index() * crate::Role::ALL.len() + p.role().index()) as u64;
            key = key.wrapping_add(mix(n + 1));
        }
    }
    key
}

/// splitmix64's finaliser: a random-looking word for each small number.
fn mix(n: u64) -> u64 {
    let mut z = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The table of corrections, per side to move and material key.
#[derive(Clone)]
pub struct Corrections {
    entries: Vec<i32>,
}

impl Default for Corrections {
    fn default() -> Self {
        Corrections::new()
    }
}

impl Corrections {
    /// An empty table.
    pub fn new() -> Corrections {
        Corrections {
            entries: alloc::vec![0; 2 * SIZE],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = 0);
    }

    fn index(side: Color, key: u64) -> usize {
        side.index() * SIZE + (key as usize & (SIZE - 1))
    }

    /// The correction (centipawns) for `side` to move in positions of material `key`.
    pub fn get(&self, side: Color, key: u64) -> i32 {
        self.entries[Self::index(side, key)] / GRAIN
    }

    /// Records that a search of `depth` found `searched` where the uncorrected static
    /// evaluation said `raw`: the entry moves towards their difference, more for deeper
    /// searches.
    pub fn update(&mut self, side: Color, key: u64, depth: i32, raw: i32, searched: i32) {
        let diff = (searched - raw).clamp(-LIMIT, LIMIT) * GRAIN;
        let w = (depth + 1).clamp(1, WEIGHT_MAX);
        let e = &mut self.entries[Self::index(side, key)];
        *e = (*e * (256 - w) + diff * w) / 256;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameId;

    #[test]
    fn the_key_is_the_material_not_the_squares() {
        let a = Position::start(GameId::Omega);
        let mut moved = a;
        let m = a.legal_moves()[0];
        assert!(!m.is_capture());
        moved.play_mut(&m);
        assert_eq!(material_key(&a), material_key(&moved));
        assert_ne!(
            material_key(&a),
            material_key(&Position::start(GameId::Ultima))
        );
    }

    #[test]
    fn updates_move_the_correction_towards_the_searches() {
        let mut c = Corrections::new();
        let key = 12345;
        for _ in 0..200 {
            c.update(Color::White, key, 10, 0, 80);
        }
        let got = c.get(Color::White, key);
        assert!((70..=80).contains(&got), "{got}");
        assert_eq!(c.get(Color::Black, key), 0);
        for _ in 0..200 {
            c.update(Color::White, key, 10, 0, -1000);
        }
        assert!(c.get(Color::White, key) >= -LIMIT);
        c.clear();
        assert_eq!(c.get(Color::White, key), 0);
    }
}
