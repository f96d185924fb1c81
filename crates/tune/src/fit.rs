//! Texel's method: the win probability of an evaluation `e` (centipawns, White's side) is
//! `σ(K·e)` with `σ(x) = 1 / (1 + 10^(−x/400))`; K is fitted first to the evaluation without
//! the tables, then the tables' entries by Adam on the mean logistic loss (cross-entropy) of
//! the target against `σ(K·e)`, with a small L2 penalty that keeps entries the data barely
//! touch near 0. The target is the game's result, or a blend `λ·result + (1 − λ)·σ(K·score)`
//! with the search's score.

use crate::data::Sample;

/// The settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Full passes over the training positions.
    pub epochs: u32,
    /// Adam's step (centipawns).
    pub rate: f32,
    /// L2 penalty per squared centipawn of every entry.
    pub l2: f32,
    /// The result's share of the target (1: the result alone).
    pub lambda: f32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            epochs: 400,
            rate: 1.0,
            l2: 1e-6,
            lambda: 1.0,
        }
    }
}

const LN10_400: f32 = core::f32::consts::LN_10 / 400.0;

/// `σ(K·e)`.
pub fn win_probability(k: f32, e: f32) -> f32 {
    1.0 / (1.0 + (-k * LN10_400 * e).exp())
}

/// The evaluation of `s` with the tables `theta` (`mg` entries then `eg` entries).
pub fn evaluate(s: &Sample, theta: &[f32]) -> f32 {
    let half = theta.len() / 2;
    let (mg, eg) = theta.split_at(half);
    let mut e = s.base;
    for f in &s.features {
        let i = f.index as usize;
        e += f.sign * (mg[i] * s.phase + eg[i] * (1.0 - s.phase));
    }
    e
}

fn cross_entropy(t: f32, p: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// The target of `s`.
fn target(s: &Sample, k: f32, lambda: f32) -> f32 {
    lambda * s.result + (1.0 - lambda) * win_probability(k, s.score)
}

/// Mean logistic loss and mean squared error of the results against `σ(K·e)`.
pub fn losses(samples: &[Sample], theta: &[f32], k: f32) -> (f64, f64) {
    let (mut ce, mut mse) = (0f64, 0f64);
    for s in samples {
        let p = win_probability(k, evaluate(s, theta));
        ce += f64::from(cross_entropy(s.result, p));
        mse += f64::from((s.result - p) * (s.result - p));
    }
    let n = samples.len().max(1) as f64;
    (ce / n, mse / n)
}

/// The K that minimises the logistic loss of the results against the evaluation `theta`
/// (golden-section search on 0.05–5).
pub fn fit_k(samples: &[Sample], theta: &[f32]) -> f32 {
    let evals: Vec<(f32, f32)> = samples
        .iter()
        .map(|s| (evaluate(s, theta), s.result))
        .collect();
    let loss = |k: f32| -> f64 {
        evals
            .iter()
            .map(|&(e, r)| f64::from(cross_entropy(r, win_probability(k, e))))
            .sum()
    };
    let (mut a, mut b) = (0.05f32, 5.0f32);
    let g = (5f32.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Fits the tables' `2 × entries` parameters (`mg` then `eg`) to `samples` with K fixed,
/// starting from `theta`; `report` is called after every 50th epoch with the epoch and the
/// training loss.
pub fn fit(
    samples: &[Sample],
    theta: &mut [f32],
    k: f32,
    settings: &Settings,
    mut report: impl FnMut(u32, f64),
) {
    let n = theta.len();
    let half = n / 2;
    let (mut m, mut v) = (vec![0f32; n], vec![0f32; n]);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let targets: Vec<f32> = samples
        .iter()
        .map(|s| target(s, k, settings.lambda))
        .collect();
    let scale = 1.0 / samples.len().max(1) as f32;
    let mut grad = vec![0f32; n];
    for epoch in 1..=settings.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut loss = 0f64;
        for (s, &t) in samples.iter().zip(&targets) {
            let p = win_probability(k, evaluate(s, theta));
            loss += f64::from(cross_entropy(t, p));
            // d(cross-entropy)/de = (p − t)·K·ln10/400.
            let d = (p - t) * k * LN10_400 * scale;
            for f in &s.features {
                let i = f.index as usize;
                grad[i] += d * f.sign * s.phase;
                grad[half + i] += d * f.sign * (1.0 - s.phase);
            }
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 0..n {
            let g = grad[i] + 2.0 * settings.l2 * theta[i];
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            theta[i] -= settings.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
        }
        if epoch % 50 == 0 || epoch == settings.epochs {
            report(epoch, loss * f64::from(scale));
        }
    }
}
