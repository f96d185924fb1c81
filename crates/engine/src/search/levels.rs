//! Play levels from beginner (1) to maximum (8). Each level states its limits; the easy ones
//! make human-like mistakes by choosing among near-best root moves (within a margin, nearer
//! moves more likely, seeded), never by playing random moves.
//!
//! | level | name | depth | nodes | time | near-best margin |
//! |---|---|---|---|---|---|
//! | 1 | Beginner | 1 | 5 000 | — | 200 cp |
//! | 2 | Novice | 2 | 20 000 | — | 120 cp |
//! | 3 | Casual | 3 | 60 000 | — | 70 cp |
//! | 4 | Club | 4 | 200 000 | — | 35 cp |
//! | 5 | Strong | 6 | 600 000 | 1 s | 12 cp |
//! | 6 | Expert | — | — | 1 s | 0 |
//! | 7 | Master | — | — | 3 s | 0 |
//! | 8 | Maximum | — | — | 10 s | 0 |
//!
//! ```
//! use baroque_engine::search::Level;
//! let l = Level::get(1).unwrap();
//! assert_eq!(l.name, "Beginner");
//! assert!(l.limits().near_best_cp > 0);
//! assert_eq!(Level::get(8).unwrap().limits().near_best_cp, 0);
//! assert!(Level::get(9).is_none());
//! ```

use super::limits::Limits;

/// A play level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Level {
    /// 1 (weakest) to [`Level::MAX`].
    pub number: u8,
    /// Its name.
    pub name: &'static str,
    /// Deepest iteration, if limited.
    pub depth: Option<u32>,
    /// Node budget, if limited.
    pub nodes: Option<u64>,
    /// Time per move in milliseconds, if limited.
    pub movetime_ms: Option<u64>,
    /// Margin of the near-best choice (0: always the best move).
    pub near_best_cp: u32,
}

const fn level(
    number: u8,
    name: &'static str,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    near_best_cp: u32,
) -> Level {
    Level {
        number,
        name,
        depth,
        nodes,
        movetime_ms,
        near_best_cp,
    }
}

/// Every level, weakest first.
pub const LEVELS: [Level; 8] = [
    level(1, "Beginner", Some(1), Some(5_000), None, 200),
    level(2, "Novice", Some(2), Some(20_000), None, 120),
    level(3, "Casual", Some(3), Some(60_000), None, 70),
    level(4, "Club", Some(4), Some(200_000), None, 35),
    level(5, "Strong", Some(6), Some(600_000), Some(1_000), 12),
    level(6, "Expert", None, None, Some(1_000), 0),
    level(7, "Master", None, None, Some(3_000), 0),
    level(8, "Maximum", None, None, Some(10_000), 0),
];

impl Level {
    /// The strongest level's number.
    pub const MAX: u8 = 8;

    /// Level `n` (1..=8).
    pub fn get(n: u8) -> Option<Level> {
        LEVELS.iter().copied().find(|l| l.number == n)
    }

    /// The search limits of this level.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime_ms: self.movetime_ms,
            soft_time_ms: self.movetime_ms.map(|t| t / 2),
            near_best_cp: self.near_best_cp,
            ..Limits::default()
        }
    }

    /// A one-line description of the limits, e.g. `"3 Casual: depth 3, 60000 nodes, near-best 70 cp"`.
    pub fn describe(&self) -> alloc::string::String {
        use core::fmt::Write;
        let mut s = alloc::format!("{} {}:", self.number, self.name);
        let mut sep = " ";
        if let Some(d) = self.depth {
            let _ = write!(s, "{sep}depth {d}");
            sep = ", ";
        }
        if let Some(n) = self.nodes {
            let _ = write!(s, "{sep}{n} nodes");
            sep = ", ";
        }
        if let Some(t) = self.movetime_ms {
            let _ = write!(s, "{sep}{t} ms per move");
            sep = ", ";
        }
        if self.near_best_cp > 0 {
            let _ = write!(s, "{sep}near-best {} cp", self.near_best_cp);
        }
        s
    }
}

/// Each level's strength on the levels' own Elo scale, weakest first. The scale is anchored
/// at level 1 = 600; each step adds the Elo difference measured by self-play between the level
/// and the one below (`docs/ai.md`, "Level against level"): 3 over 2 and 4 over 3 re-measured
/// after issue 14's search work (+512, +352); 2 over 1 (+636: the new run won all 30 games,
/// which only bounds it above +392), 5 over 4 (+417) and 6 over 5 (+492) from before it and
/// re-measured after it with the same results, and for levels 7 and 8, which only add time, the
/// pooled scaled time-odds results +214 and +454 (at full time they scored +173 and +154 over
/// 13 and 12 games); rounded to tens. It is an engine-against-engine scale, not a human
/// rating: self-play differences run large.
pub const ELO: [u32; 8] = [600, 1240, 1750, 2100, 2520, 3010, 3220, 3670];

impl Level {
    /// This level's figure on the [`ELO`] scale.
    pub fn elo(&self) -> u32 {
        ELO[usize::from(self.number.clamp(1, Level::MAX)) - 1]
    }

    /// The level whose [`ELO`] figure is nearest to `elo` (the weaker of two equally near):
    /// UCI's `UCI_LimitStrength` with `UCI_Elo`. Below level 1's figure it is level 1, above
    /// level 8's level 8.
    pub fn for_elo(elo: u32) -> Level {
        let mut best = LEVELS[0];
        for l in LEVELS {
            if l.elo().abs_diff(elo) < best.elo().abs_diff(elo) {
                best = l;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        for pair in LEVELS.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(a.number + 1, b.number);
            assert!(a.near_best_cp >= b.near_best_cp);
            let depth = |l: Level| l.depth.unwrap_or(u32::MAX);
            assert!(depth(a) <= depth(b));
        }
        assert_eq!(LEVELS[LEVELS.len() - 1].number, Level::MAX);
        assert!(Level::get(0).is_none());
        assert!(Level::get(3)
            .map(|l| l.describe())
            .unwrap_or_default()
            .contains("depth 3"));
    }

    #[test]
    fn uci_elo_picks_the_nearest_level() {
        for pair in ELO.windows(2) {
            assert!(pair[0] < pair[1], "the scale rises with the level");
        }
        for l in LEVELS {
            assert_eq!(Level::for_elo(l.elo()).number, l.number);
            assert_eq!(Level::for_elo(l.elo() + 1).number, l.number);
            assert_eq!(Level::for_elo(l.elo() - 1).number, l.number);
        }
        assert_eq!(Level::for_elo(0).number, 1);
        assert_eq!(Level::for_elo(u32::MAX).number, Level::MAX);
        // Between levels 3 (1750) and 4 (2100): the nearer one, the weaker on a tie.
        assert_eq!(Level::for_elo(1830).number, 3);
        assert_eq!(Level::for_elo(1925).number, 3);
        assert_eq!(Level::for_elo(1926).number, 4);
        assert_eq!(Level::for_elo(2080).number, 4);
    }
}
