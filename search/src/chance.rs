//! Chance nodes: the dice of Pig, EinStein würfelt nicht and backgammon.
//!
//! A position where the next event is a roll rather than a player's choice is a chance node
//! ([`crate::Game::is_chance_node`]). Its outcomes are moves like any other (a die face, a
//! pair of dice), listed by [`crate::Game::generate_moves`] and played with
//! [`crate::Game::play`], so perft, notation and records treat a roll as one more ply; and
//! [`crate::Game::chance_outcomes`] gives each outcome a whole-number **weight**. An outcome's
//! probability is its weight over the sum of the node's weights: one for each face of a die,
//! or backgammon's 1 for a double and 2 for the other 15 rolls out of 36.
//!
//! Weights rather than floating-point probabilities, because every dice game's probabilities
//! are fractions with small denominators: integers state them exactly, the conformance kit
//! checks them exactly (each weight positive; the probabilities then sum to one by
//! construction), and a search turns them into `f64` only where it averages values.
//!
//! ```
//! use ply_search::chance::{probabilities, Chance, ChanceList};
//! let mut roll: ChanceList<u8> = ChanceList::new();
//! roll.extend((1..=6).map(|face| Chance::new(face, 1)));
//! let p = probabilities(&roll);
//! assert_eq!(p.len(), 6);
//! assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
//! ```

use crate::Rng;
use smallvec::SmallVec;

/// One outcome of a chance node and its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chance<M> {
    /// The outcome, played like a move.
    pub outcome: M,
    /// Its weight: its probability is `weight` over the sum of the node's weights.
    pub weight: u32,
}

impl<M> Chance<M> {
    /// `outcome` with `weight`.
    pub const fn new(outcome: M, weight: u32) -> Chance<M> {
        Chance { outcome, weight }
    }
}

/// The outcomes of one chance node (a reusable buffer, like [`crate::MoveList`]).
pub type ChanceList<M> = SmallVec<[Chance<M>; 32]>;

/// The sum of the weights of `outcomes`.
pub fn total_weight<M>(outcomes: &[Chance<M>]) -> u64 {
    outcomes.iter().map(|c| c.weight as u64).sum()
}

/// Each outcome's probability, in order.
pub fn probabilities<M>(outcomes: &[Chance<M>]) -> Vec<f64> {
    let total = total_weight(outcomes) as f64;
    outcomes.iter().map(|c| c.weight as f64 / total).collect()
}

/// An outcome drawn with its probability (the dice rolled).
///
/// ```
/// use ply_search::chance::{sample, Chance};
/// use ply_search::Rng;
/// let loaded = [Chance::new('a', 0), Chance::new('b', 5)];
/// assert_eq!(sample(&loaded, &mut Rng::new(1)), 'b');
/// ```
pub fn sample<M: Copy>(outcomes: &[Chance<M>], rng: &mut Rng) -> M {
    outcomes[sample_index(outcomes, rng)].outcome
}

/// The index of an outcome drawn with its probability.
pub fn sample_index<M>(outcomes: &[Chance<M>], rng: &mut Rng) -> usize {
    let total = total_weight(outcomes);
    assert!(
        total > 0,
        "a chance node needs an outcome of positive weight"
    );
    let mut draw = rng.below(total);
    for (index, chance) in outcomes.iter().enumerate() {
        if draw < chance.weight as u64 {
            return index;
        }
        draw -= chance.weight as u64;
    }
    unreachable!("the draw is below the total weight")
}
