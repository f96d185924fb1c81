//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013) with lichess's constants:
//! new players at 1500, RD 500, volatility 0.09; τ 0.75; RD kept within 45–500 and growing with
//! idle time (one rating period per 4.665 days, lichess's `ratingPeriodsPerDay = 0.21436`);
//! volatility at most 0.1; provisional (`?`) while the RD is 110 or more.
//!
//! Pure arithmetic, no I/O: the server calls [`Rating::after`] for both players of a rated game
//! inside the transaction that stores the game's end.
//!
//! ```
//! use baroque_server::rating::{Outcome, Rating, Settings};
//! let s = Settings::LICHESS;
//! let a = Rating::new(&s);
//! let b = Rating::new(&s);
//! let a2 = a.after(&s, &[(b, Outcome::Win)], 0.0);
//! assert!(a2.rating > 1500.0 && a2.rd < 500.0);
//! ```

use serde::Serialize;

/// Glicko-2's scale factor between the Glicko scale and its own (173.7178).
pub const SCALE: f64 = 173.7178;

/// The convergence tolerance of the volatility iteration (Glickman's ε).
const EPSILON: f64 = 0.000_001;

/// The constants of a rating system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// A new player's rating.
    pub initial_rating: f64,
    /// A new player's rating deviation.
    pub initial_rd: f64,
    /// A new player's volatility.
    pub initial_volatility: f64,
    /// τ, how much the volatility may change.
    pub tau: f64,
    /// The smallest rating deviation kept.
    pub min_rd: f64,
    /// The largest rating deviation kept.
    pub max_rd: f64,
    /// The largest volatility kept.
    pub max_volatility: f64,
    /// Days in one rating period (idle time grows the RD by one period's volatility per period).
    pub days_per_period: f64,
    /// A rating is provisional while its RD is at least this.
    pub provisional_rd: f64,
}

impl Settings {
    /// lichess's constants.
    pub const LICHESS: Settings = Settings {
        initial_rating: 1500.0,
        initial_rd: 500.0,
        initial_volatility: 0.09,
        tau: 0.75,
        min_rd: 45.0,
        max_rd: 500.0,
        max_volatility: 0.1,
        days_per_period: 1.0 / 0.21436,
        provisional_rd: 110.0,
    };
}

/// A player's rating in one game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The rating (Glicko scale).
    pub rating: f64,
    /// The rating deviation (Glicko scale).
    pub rd: f64,
    /// The volatility.
    pub volatility: f64,
}

/// A game's result for the player being rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Outcome {
    /// The score: 1, ½ or 0.
    pub fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// g(φ): how much an opponent's uncertainty damps the result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// E(μ, μj, φj): the expected score against an opponent.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// A new player's rating.
    pub fn new(s: &Settings) -> Rating {
        Rating {
            rating: s.initial_rating,
            rd: s.initial_rd,
            volatility: s.initial_volatility,
        }
    }

    /// Whether the rating is provisional (shown with `?`).
    pub fn provisional(&self, s: &Settings) -> bool {
        self.rd >= s.provisional_rd
    }

    /// The rating deviation after `idle_days` without a game (Glickman's step 6 over fractional
    /// periods), within the settings' bounds.
    pub fn rd_after_idle(&self, s: &Settings, idle_days: f64) -> f64 {
        let periods = (idle_days / s.days_per_period).max(0.0);
        let phi = self.rd / SCALE;
        let phi_star = (phi * phi + periods * self.volatility * self.volatility).sqrt();
        (phi_star * SCALE).clamp(s.min_rd, s.max_rd)
    }

    /// The rating after one rating period holding `games` (each an opponent's rating before the
    /// period and this player's outcome), `idle_days` after this player's previous game: the RD
    /// first grows with the idle time. Glickman's steps 2–8; with no game only the RD grows.
    pub fn after(&self, s: &Settings, games: &[(Rating, Outcome)], idle_days: f64) -> Rating {
        let grown = Rating {
            rd: self.rd_after_idle(s, idle_days),
            ..*self
        };
        if games.is_empty() {
            return grown;
        }
        let mu = (grown.rating - s.initial_rating) / SCALE;
        let phi = grown.rd / SCALE;
        let sigma = grown.volatility;
        // Steps 3 and 4: the estimated variance v and the improvement Δ.
        let mut v_inv = 0.0;
        let mut sum = 0.0;
        for (opp, outcome) in games {
            let mu_j = (opp.rating - s.initial_rating) / SCALE;
            let phi_j = opp.rd / SCALE;
            let e = expected(mu, mu_j, phi_j);
            let gj = g(phi_j);
            v_inv += gj * gj * e * (1.0 - e);
            sum += gj * (outcome.score() - e);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        // Step 5: the new volatility (Illinois algorithm).
        let sigma2 = new_volatility(sigma, phi, v, delta, s.tau).min(s.max_volatility);
        // Steps 6–8.
        let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
        let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu2 = mu + phi2 * phi2 * sum;
        Rating {
            rating: mu2 * SCALE + s.initial_rating,
            rd: (phi2 * SCALE).clamp(s.min_rd, s.max_rd),
            volatility: sigma2,
        }
    }
}

/// Glickman's step 5: σ′ by the Illinois algorithm on f(x).
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let (phi2, delta2) = (phi * phi, delta * delta);
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex).powi(2)) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta2 > phi2 + v {
        (delta2 - phi2 - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 200 {
        rounds += 1;
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's settings for his worked example: τ 0.5 and no bounds in the way.
    const PAPER: Settings = Settings {
        initial_rating: 1500.0,
        initial_rd: 350.0,
        initial_volatility: 0.06,
        tau: 0.5,
        min_rd: 0.0,
        max_rd: 10_000.0,
        max_volatility: 1.0,
        days_per_period: 1.0,
        provisional_rd: 110.0,
    };

    fn r(rating: f64, rd: f64) -> Rating {
        Rating {
            rating,
            rd,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        let player = r(1500.0, 200.0);
        let games = [
            (r(1400.0, 30.0), Outcome::Win),
            (r(1550.0, 100.0), Outcome::Loss),
            (r(1700.0, 300.0), Outcome::Loss),
        ];
        let after = player.after(&PAPER, &games, 0.0);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.rd - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn lichess_new_players() {
        let s = Settings::LICHESS;
        let a = Rating::new(&s);
        assert_eq!((a.rating, a.rd, a.volatility), (1500.0, 500.0, 0.09));
        assert!(a.provisional(&s));
        let won = a.after(&s, &[(a, Outcome::Win)], 0.0);
        let lost = a.after(&s, &[(a, Outcome::Loss)], 0.0);
        let drew = a.after(&s, &[(a, Outcome::Draw)], 0.0);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!((won.rating - 1500.0 + (lost.rating - 1500.0)).abs() < 1e-9);
        assert!((drew.rating - 1500.0).abs() < 1e-9);
        assert!(won.rd < 500.0 && won.volatility <= s.max_volatility);
    }

    #[test]
    fn rd_stays_within_bounds_and_grows_when_idle() {
        let s = Settings::LICHESS;
        let settled = Rating {
            rating: 1800.0,
            rd: 45.0,
            volatility: 0.06,
        };
        assert!(!settled.provisional(&s));
        let one_period = settled.rd_after_idle(&s, s.days_per_period);
        let expected = ((45.0f64 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!((one_period - expected).abs() < 1e-9);
        assert_eq!(settled.rd_after_idle(&s, 1e9), s.max_rd);
        // Many wins against a much weaker player never push the RD under its floor.
        let mut p = settled;
        for _ in 0..200 {
            p = p.after(&s, &[(r(1000.0, 45.0), Outcome::Win)], 0.0);
        }
        assert!(p.rd >= s.min_rd && p.volatility <= s.max_volatility);
    }

    #[test]
    fn idle_only_grows_the_rd() {
        let s = Settings::LICHESS;
        let p = Rating {
            rating: 1700.0,
            rd: 60.0,
            volatility: 0.06,
        };
        let later = p.after(&s, &[], 30.0);
        assert_eq!(later.rating, 1700.0);
        assert!(later.rd > 60.0);
    }
}
