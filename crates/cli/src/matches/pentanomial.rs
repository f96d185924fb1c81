//! The statistics of `baroque sprt`: game pairs counted by their pentanomial result, the
//! generalized sequential probability ratio test fishtest runs on them (Michel Van den
//! Bergh's GSPRT, fishtest's `server/fishtest/stats/LLRcalc.py`), and the Elo estimate with
//! its 95% interval.
//!
//! A pair is two games from one opening with colours swapped; its score for A is 0, ½, 1, 1½
//! or 2 points, counted in `counts[0..5]` (fishtest's LL, LD+DL, LW+DD+WL, DW+WD, WW). The
//! log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0) is that of the maximum
//! likelihood pentanomial distributions with the expected score of each hypothesis
//! (`LLR_logistic`), or with its normalized t-value (`LLR_normalized`); both are computed
//! from the observed distribution with fishtest's regularization (an empty class counts
//! 0.001).

/// Which Elo the bounds `elo0`, `elo1` are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Model {
    /// Logistic Elo: expected score `1 / (1 + 10^(−elo/400))` (the Elo of `baroque match`).
    Logistic,
    /// Normalized Elo (fishtest's default since 2020): the t-value of the score,
    /// `(score − ½) / σ` per game, times `800 / ln 10`.
    Normalized,
}

/// `800 / ln 10`: normalized Elo per unit of t-value.
const NELO_PER_T: f64 = 800.0 / core::f64::consts::LN_10;

/// Pair results: `counts[k]` pairs scored `k / 2` points for A.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Pentanomial {
    pub(super) counts: [u64; 5],
}

/// The expected score of `elo` logistic Elo.
pub(super) fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo of an expected score in (0, 1).
pub(super) fn logistic_elo(score: f64) -> f64 {
    let s = score.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// A discrete distribution: (value, probability) pairs.
type Pdf = [(f64, f64); 5];

/// Mean and variance of `pdf`.
fn stats(pdf: &Pdf) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|(a, p)| a * p).sum();
    let var = pdf.iter().map(|(a, p)| p * (a - mean) * (a - mean)).sum();
    (mean, var)
}

/// Solves `Σ pᵢ·aᵢ / (1 + x·aᵢ) = 0` for `x` between `−1/max a` and `−1/min a` (the secular
/// equation; the left side decreases in `x`), by bisection.
fn secular(pdf: &Pdf) -> f64 {
    let lo_a = pdf.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let hi_a = pdf.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let eps = 1e-9;
    let (mut lo, mut hi) = (-1.0 / hi_a + eps, -1.0 / lo_a - eps);
    let f = |x: f64| pdf.iter().map(|(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The maximum likelihood distribution with expected value `s` near the observed `pdf`.
fn mle_expected(pdf: &Pdf, s: f64) -> Pdf {
    let shifted = pdf.map(|(a, p)| (a - s, p));
    let x = secular(&shifted);
    pdf.map(|(a, p)| (a, p / (1.0 + x * (a - s))))
}

/// The maximum likelihood distribution with t-value `(μ − ref)/σ = t` near the observed `pdf`.
fn mle_t_value(pdf: &Pdf, reference: f64, t: f64) -> Pdf {
    let mut mle = pdf.map(|(a, _)| (a, 0.2));
    for _ in 0..10 {
        let before = mle;
        let (mu, var) = stats(&mle);
        let sigma = var.sqrt();
        let shifted = pdf.map(|(a, p)| {
            (
                a - reference - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0,
                p,
            )
        });
        let x = secular(&shifted);
        for i in 0..5 {
            mle[i] = (pdf[i].0, pdf[i].1 / (1.0 + x * shifted[i].0));
        }
        if (0..5).all(|i| (before[i].1 - mle[i].1).abs() < 1e-9) {
            break;
        }
    }
    mle
}

impl Pentanomial {
    /// Counts a pair in which A scored `points` (0, 0.5, 1, 1.5 or 2).
    pub(super) fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Pairs counted.
    pub(super) fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The observed distribution of a pair's score (in [0, 1]) with fishtest's
    /// regularization, and the number of pairs it stands for.
    fn pdf(&self) -> (f64, Pdf) {
        let c = self.counts.map(|n| if n == 0 { 1e-3 } else { n as f64 });
        let n: f64 = c.iter().sum();
        let mut pdf = [(0.0, 0.0); 5];
        for (i, slot) in pdf.iter_mut().enumerate() {
            *slot = (i as f64 / 4.0, c[i] / n);
        }
        (n, pdf)
    }

    /// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`) in `model`'s Elo
    /// (fishtest's `LLR_logistic` and `LLR_normalized` for five-class results).
    pub(super) fn llr(&self, model: Model, elo0: f64, elo1: f64) -> f64 {
        if self.pairs() == 0 {
            return 0.0;
        }
        let (n, pdf) = self.pdf();
        let (p0, p1) = match model {
            Model::Logistic => (
                mle_expected(&pdf, logistic_score(elo0)),
                mle_expected(&pdf, logistic_score(elo1)),
            ),
            Model::Normalized => {
                let t = |e: f64| e / NELO_PER_T * core::f64::consts::SQRT_2;
                (
                    mle_t_value(&pdf, 0.5, t(elo0)),
                    mle_t_value(&pdf, 0.5, t(elo1)),
                )
            }
        };
        n * (0..5)
            .map(|i| pdf[i].1 * (p1[i].1.ln() - p0[i].1.ln()))
            .sum::<f64>()
    }

    /// A's mean score per game and the standard error of that mean, from the pairs (the
    /// variance of a pair's score, so correlated games of one opening are counted right).
    pub(super) fn score(&self) -> (f64, f64) {
        let n = self.pairs();
        if n == 0 {
            return (0.5, 0.0);
        }
        let nf = n as f64;
        let mean: f64 = (0..5)
            .map(|i| self.counts[i] as f64 * i as f64 / 4.0)
            .sum::<f64>()
            / nf;
        let var: f64 = (0..5)
            .map(|i| self.counts[i] as f64 * (i as f64 / 4.0 - mean).powi(2))
            .sum::<f64>()
            / nf;
        (mean, (var / nf).sqrt())
    }

    /// Logistic Elo with its 95% interval (low, estimate, high).
    pub(super) fn elo(&self) -> (f64, f64, f64) {
        let (m, se) = self.score();
        (
            logistic_elo(m - 1.96 * se),
            logistic_elo(m),
            logistic_elo(m + 1.96 * se),
        )
    }

    /// Normalized Elo with the half-width of its 95% interval.
    pub(super) fn normalized_elo(&self) -> (f64, f64) {
        let n = self.pairs();
        let (m, se) = self.score();
        if n == 0 || se == 0.0 {
            return (0.0, 0.0);
        }
        let sigma_pair = se * (n as f64).sqrt();
        let per_game = core::f64::consts::SQRT_2 * sigma_pair;
        let t = (m - 0.5) / per_game;
        (t * NELO_PER_T, 1.96 * NELO_PER_T / (2.0 * n as f64).sqrt())
    }
}

/// The SPRT's bounds for error rates `alpha` (accepting H1 when H0 holds) and `beta`:
/// H0 is accepted at or below the first, H1 at or above the second.
pub(super) fn bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(counts: [u64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    /// fishtest's `LLRcalc.py` on these counts (computed with its own code; its root finder
    /// replaced by bisection to 1e-15) gives these values.
    #[test]
    fn llr_matches_fishtest() {
        let cases: [([u64; 5], [f64; 4]); 4] = [
            (
                [10, 200, 500, 250, 40],
                [4.338523, 2.603904, 4.193597, 1.090895],
            ),
            ([0, 5, 20, 10, 0], [0.303560, 0.148245, 0.278465, 0.061011]),
            (
                [40, 120, 300, 120, 40],
                [-0.284156, -0.128405, 0.090963, -0.020545],
            ),
            (
                [3, 30, 100, 60, 7],
                [1.523645, 0.904180, 1.336997, 0.371286],
            ),
        ];
        for (counts, [l05, n05, l31, n02]) in cases {
            let r = p(counts);
            let close = |a: f64, b: f64| (a - b).abs() < 1e-4;
            assert!(close(r.llr(Model::Logistic, 0.0, 5.0), l05), "{counts:?}");
            assert!(close(r.llr(Model::Normalized, 0.0, 5.0), n05), "{counts:?}");
            assert!(close(r.llr(Model::Logistic, -3.0, 1.0), l31), "{counts:?}");
            assert!(close(r.llr(Model::Normalized, 0.0, 2.0), n02), "{counts:?}");
        }
    }

    #[test]
    fn bounds_are_fishtests() {
        let (lo, hi) = bounds(0.05, 0.05);
        assert!((lo + 2.944439).abs() < 1e-6 && (hi - 2.944439).abs() < 1e-6);
    }

    #[test]
    fn elo_of_an_even_and_a_winning_record() {
        let even = p([5, 20, 50, 20, 5]);
        let (lo, e, hi) = even.elo();
        assert!(e.abs() < 1e-9 && lo < 0.0 && hi > 0.0);
        assert_eq!(even.normalized_elo().0, 0.0);
        // 3 of every 4 points: +191 logistic Elo.
        let strong = p([0, 0, 10, 0, 10]);
        assert!((strong.elo().1 - 190.85).abs() < 0.1);
        assert!(strong.normalized_elo().0 > 0.0);
        let mut x = Pentanomial::default();
        x.add(2.0);
        x.add(0.5);
        x.add(1.0);
        assert_eq!(x.counts, [0, 1, 1, 0, 1]);
    }
}
