//! The formulas of Monte Carlo tree search, as pure functions, each unit-tested against
//! numbers computed by hand: the bugs users report in MCTS libraries are in exactly these.
//!
//! Values are rewards in `[0, 1]` (1 a win, 0.5 a draw, 0 a loss) from the point of view of the
//! player who made the move into the node, which is the player choosing among the node's
//! siblings: selection maximises them without any sign flipping.

/// UCT (Kocsis and Szepesvári 2006; UCB1 of Auer et al. 2002 applied to trees):
/// `mean + c * sqrt(ln(parent_visits) / visits)`, natural logarithm. The textbook constant is
/// `c = sqrt(2)`.
///
/// ```
/// use ply_search::mcts::formulas::uct;
/// // mean 0.6 after 10 of 100 visits, c = 1.4: 0.6 + 1.4 * sqrt(ln(100) / 10) = 1.55006...
/// assert!((uct(0.6, 10, 100, 1.4) - 1.550_060).abs() < 1e-6);
/// ```
#[inline]
pub fn uct(mean: f64, visits: u32, parent_visits: u32, c: f64) -> f64 {
    mean + c * ((parent_visits as f64).ln() / visits as f64).sqrt()
}

/// UCB1-Tuned (Auer et al. 2002): `mean + sqrt(ln(N) / n * min(1/4, V))` with the variance
/// bound `V = mean_of_squares - mean^2 + sqrt(2 ln(N) / n)`; 1/4 is the largest variance of a
/// reward in `[0, 1]`.
///
/// ```
/// use ply_search::mcts::formulas::ucb1_tuned;
/// // 10 visits, rewards with mean 0.6 and mean square 0.6 (wins and losses only), N = 100:
/// // V = 0.6 - 0.36 + sqrt(2 ln 100 / 10) = 1.1997..., capped at 0.25;
/// // 0.6 + sqrt(ln 100 / 10 * 0.25) = 0.9393...
/// assert!((ucb1_tuned(0.6, 0.6, 10, 100) - 0.939_307).abs() < 1e-6);
/// ```
#[inline]
pub fn ucb1_tuned(mean: f64, mean_of_squares: f64, visits: u32, parent_visits: u32) -> f64 {
    ucb1_tuned_from_log(mean, mean_of_squares, visits, (parent_visits as f64).ln())
}

/// [`ucb1_tuned`] with `log = ln(parent_visits)` computed once per selection.
#[inline]
pub fn ucb1_tuned_from_log(mean: f64, mean_of_squares: f64, visits: u32, log: f64) -> f64 {
    let n = visits as f64;
    let variance = (mean_of_squares - mean * mean).max(0.0) + (2.0 * log / n).sqrt();
    mean + (log / n * variance.min(0.25)).sqrt()
}

/// Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant 2014): the value used in
/// selection is `(1 - alpha) * mean + alpha * minimax`, where `minimax` is the minimax backup
/// of the evaluator's values at the tree's leaves, scaled to `[0, 1]`.
///
/// ```
/// use ply_search::mcts::formulas::implicit_mix;
/// assert!((implicit_mix(0.5, 0.9, 0.3) - 0.62).abs() < 1e-12); // 0.7 * 0.5 + 0.3 * 0.9
/// assert_eq!(implicit_mix(0.5, 0.9, 0.0), 0.5);
/// ```
#[inline]
pub fn implicit_mix(mean: f64, minimax: f64, alpha: f64) -> f64 {
    (1.0 - alpha) * mean + alpha * minimax
}

/// The mean and visit count a selecting thread sees while `virtual` other threads are inside
/// the node (tree parallelisation): each counts as a visit with reward 0, a loss, which steers
/// threads apart; it is removed when the thread backs up its real reward.
///
/// ```
/// use ply_search::mcts::formulas::with_virtual_loss;
/// // 3 wins in 4 visits, 2 threads inside: mean 3 / 6 = 0.5 over 6 visits.
/// assert_eq!(with_virtual_loss(3.0, 4, 2), (0.5, 6));
/// assert_eq!(with_virtual_loss(3.0, 4, 0), (0.75, 4));
/// ```
#[inline]
pub fn with_virtual_loss(reward_sum: f64, visits: u32, virtual_visits: u32) -> (f64, u32) {
    let n = visits + virtual_visits;
    (reward_sum / n as f64, n)
}

/// An evaluator's score mapped to a win probability, a logistic curve with `scale` evaluator
/// units per factor e of odds: 0 is 0.5; decisive scores (wins and losses) are 1 and 0.
///
/// ```
/// use ply_search::mcts::formulas::score_to_probability;
/// use ply_search::score::{loss_in, win_in};
/// assert_eq!(score_to_probability(0, 8.0), 0.5);
/// assert!((score_to_probability(8, 8.0) - 0.731_059).abs() < 1e-6); // 1 / (1 + e^-1)
/// assert_eq!(score_to_probability(win_in(3), 8.0), 1.0);
/// assert_eq!(score_to_probability(loss_in(3), 8.0), 0.0);
/// ```
#[inline]
pub fn score_to_probability(score: crate::Score, scale: f64) -> f64 {
    if crate::score::is_decisive(score) {
        if score > 0 {
            1.0
        } else {
            0.0
        }
    } else {
        1.0 / (1.0 + (-(score as f64) / scale).exp())
    }
}

/// The reward of the other player: rewards are zero-sum around 0.5.
#[inline]
pub fn flip(reward: f64) -> f64 {
    1.0 - reward
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uct_matches_hand_computation() {
        // sqrt(2) * sqrt(ln 1000 / 50) = 1.41421 * 0.371692 = 0.525652...
        let v = uct(0.25, 50, 1000, std::f64::consts::SQRT_2);
        assert!((v - (0.25 + 0.525_652)).abs() < 1e-5, "{v}");
        // More visits, less exploration; c = 0 is the mean.
        assert!(uct(0.5, 100, 1000, 1.0) < uct(0.5, 10, 1000, 1.0));
        assert_eq!(uct(0.5, 7, 1000, 0.0), 0.5);
    }

    #[test]
    fn ucb1_tuned_uses_the_variance_when_it_is_small() {
        // Every reward 0.5 (draws): sample variance 0; V = sqrt(2 ln 1000 / 500) = 0.166226;
        // 0.5 + sqrt(ln 1000 / 500 * 0.16625) = 0.5 + 0.047922 = 0.547922.
        let v = ucb1_tuned(0.5, 0.25, 500, 1000);
        assert!((v - 0.547_922).abs() < 1e-5, "{v}");
    }

    #[test]
    fn rewards_flip_around_one_half() {
        assert_eq!(flip(1.0), 0.0);
        assert_eq!(flip(0.5), 0.5);
        assert!((flip(flip(0.3)) - 0.3).abs() < 1e-12);
    }
}
