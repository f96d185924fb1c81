//! Wins, draws and losses of player A, with the score and the Elo difference and its 95%
//! interval.

/// Wins, draws and losses of player A.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tally {
    /// A won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// A lost.
    pub losses: u32,
}

impl Tally {
    pub(super) fn add(&mut self, o: Tally) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }

    pub(super) fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score as a fraction.
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }

    /// A one-sided 95% bound when every game went the same way (the variance is then 0):
    /// the Elo of the score `0.05^(1/n)` that such a run still allows.
    pub fn sweep_bound(&self) -> Option<f64> {
        let n = self.games();
        if n == 0 || (self.wins != n && self.losses != n) {
            return None;
        }
        let p = 0.05f64.powf(1.0 / n as f64);
        let e = -400.0 * (1.0 / p - 1.0).log10();
        Some(if self.wins == n { e } else { -e })
    }

    /// The Elo difference of A over B and its 95% interval `(elo, low, high)` (from the
    /// per-game score variance; Elo is not linear in the score, so the interval is not
    /// symmetric). Scores of 0 or 1 are moved half a game inwards.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let lo_p = 0.5 / n;
        let clamp = |x: f64| x.clamp(lo_p, 1.0 - lo_p);
        let elo = |x: f64| -400.0 * (1.0 / clamp(x) - 1.0).log10();
        let e = elo(p);
        (e, elo(p - 1.96 * se), elo(p + 1.96 * se))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Tally {
            wins: 5,
            draws: 0,
            losses: 5,
        };
        let (e, lo, hi) = even.elo();
        assert!(e.abs() < 1e-9 && hi - lo > 200.0 && (hi + lo).abs() < 1e-9);
        let strong = Tally {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        let (e, lo, hi) = strong.elo();
        assert!((e - 190.8).abs() < 1.0, "{e}");
        assert!(lo > 100.0 && lo < e && hi > e && hi < 320.0, "{lo} {hi}");
        assert!(strong.sweep_bound().is_none());
        let sweep = Tally {
            wins: 12,
            draws: 0,
            losses: 0,
        };
        let b = sweep.sweep_bound().expect("bound");
        assert!((b - 219.0).abs() < 2.0, "{b}");
    }
}
