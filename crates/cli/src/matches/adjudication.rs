//! `--resign` and `--draw`: ending a game whose result both players' scores already agree on.

use baroque_engine::search::Score;
use baroque_engine::GameResult;

use crate::error::CliError;

/// `--resign` and `--draw`: when the players' agreeing scores end a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Adjudication {
    /// `(movecount, score)`: a win once both players' scores favour one side by at least
    /// `score` for `movecount` moves each.
    pub(super) resign: Option<(u32, i32)>,
    /// `(movenumber, movecount, score)`: a draw from move `movenumber` once both players'
    /// scores stay within `score` of 0 for `movecount` moves each.
    pub(super) draw: Option<(u32, u32, i32)>,
}

/// A score in centipawns for the purpose of adjudication: mate scores lie beyond every margin.
pub(super) fn adjudication_cp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 1_000_000,
        Score::Mate(_) => -1_000_000,
    }
}

impl Adjudication {
    /// Parses `--resign`'s or `--draw`'s `key=value,…` list: the keys each allows, all required.
    pub(super) fn parse_list(flag: &str, value: &str, keys: &[&str]) -> Result<Vec<i64>, CliError> {
        let mut found: Vec<Option<i64>> = vec![None; keys.len()];
        for item in value.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (k, v) = item.split_once('=').ok_or_else(|| {
                CliError::usage(format!(
                    "bad {flag} item '{item}': expected key=value ({})",
                    keys.join(", ")
                ))
            })?;
            let slot = keys.iter().position(|&x| x == k.trim()).ok_or_else(|| {
                CliError::usage(format!(
                    "unknown {flag} key '{}': use {}",
                    k.trim(),
                    keys.join(", ")
                ))
            })?;
            let n = v
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|&n| (0..=100_000).contains(&n))
                .ok_or_else(|| {
                    CliError::usage(format!(
                        "bad {flag} value '{}' for {}: expected a whole number from 0 to 100000",
                        v.trim(),
                        k.trim()
                    ))
                })?;
            found[slot] = Some(n);
        }
        keys.iter()
            .zip(found)
            .map(|(k, v)| v.ok_or_else(|| CliError::usage(format!("{flag} needs {k}=N"))))
            .collect()
    }

    /// The result the scores agree on after the game's last move, if any. `scores` holds one
    /// entry per ply played by the players, from White's point of view (`None`: the mover gave
    /// no score); `plies` is the length of the game, its opening included.
    pub(super) fn verdict(
        &self,
        scores: &[Option<i32>],
        plies: usize,
    ) -> Option<(GameResult, &'static str)> {
        // Whether the last `count` moves of each player all have a score and all pass `test`.
        let agree = |count: u32, test: &dyn Fn(i32) -> bool| -> bool {
            let n = 2 * count.max(1) as usize;
            scores.len() >= n
                && scores[scores.len() - n..]
                    .iter()
                    .all(|s| s.is_some_and(test))
        };
        if let Some((count, margin)) = self.resign {
            if agree(count, &|s| s >= margin) {
                return Some((GameResult::White, "adjudicated (both scores favour White)"));
            }
            if agree(count, &|s| s <= -margin) {
                return Some((GameResult::Black, "adjudicated (both scores favour Black)"));
            }
        }
        if let Some((number, count, margin)) = self.draw {
            if plies.div_ceil(2) >= number as usize && agree(count, &|s| s.abs() <= margin) {
                return Some((GameResult::Draw, "adjudicated (both scores level)"));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_needs_both_players_to_agree_for_the_moves_asked() {
        let a = Adjudication {
            resign: Some((2, 600)),
            draw: Some((30, 2, 20)),
        };
        // White's view, one entry per ply: four plies beyond +600 give White the game.
        assert_eq!(
            a.verdict(&[Some(650), Some(700), Some(900), Some(610)], 40),
            Some((GameResult::White, "adjudicated (both scores favour White)"))
        );
        assert_eq!(
            a.verdict(&[Some(-700); 4], 40).map(|v| v.0),
            Some(GameResult::Black)
        );
        // One player disagrees, or gave no score, or too few moves: play on.
        assert_eq!(
            a.verdict(&[Some(650), Some(500), Some(900), Some(610)], 40),
            None
        );
        assert_eq!(
            a.verdict(&[Some(650), None, Some(900), Some(610)], 40),
            None
        );
        assert_eq!(a.verdict(&[Some(900); 3], 40), None);
        // Level scores draw from move 30 on only.
        assert_eq!(
            a.verdict(&[Some(5), Some(-20), Some(0), Some(11)], 58),
            None
        );
        assert_eq!(
            a.verdict(&[Some(5), Some(-20), Some(0), Some(11)], 60)
                .map(|v| v.0),
            Some(GameResult::Draw)
        );
        assert_eq!(
            a.verdict(&[Some(5), Some(-21), Some(0), Some(11)], 60),
            None
        );
        assert_eq!(Adjudication::default().verdict(&[Some(0); 20], 100), None);
        // A mate score is beyond every margin.
        assert_eq!(adjudication_cp(Score::Mate(3)), 1_000_000);
        assert_eq!(adjudication_cp(Score::Mate(-1)), -1_000_000);
    }
}
