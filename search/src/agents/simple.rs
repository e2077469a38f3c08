//! `random(...)` and `greedy(...)`: their keys and their builders.

use super::evaluator;
use super::keys::{key, on_off, EVAL};
use crate::describe::NamedEvaluators;
use crate::spec::SpecKey;
use crate::{Agent, Greedy, Limits, NotationError, RandomPlayer, SearchAgent, SearchHints, Spec};

/// The random player's seed when a spec names none.
const DEFAULT_SEED: u64 = 0;
/// Whether greedy scores finished games exactly when a spec does not say.
const DEFAULT_EXACT: bool = false;

/// `random(...)`.
pub const RANDOM_KEYS: &[SpecKey] = &[key("seed", "0", "a whole number")];
/// `greedy(...)`.
pub const GREEDY_KEYS: &[SpecKey] = &[
    EVAL,
    key(
        "exact",
        on_off(DEFAULT_EXACT),
        "on or off: score finished games exactly",
    ),
];

/// `random(seed=...)`.
pub(super) fn random<G: SearchHints>(
    name: String,
    spec: &mut Spec,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    let seed = spec.take_parsed("seed", DEFAULT_SEED, "seed= a whole number")?;
    Ok(Box::new(SearchAgent::new(
        name,
        RandomPlayer::new(seed),
        Limits::none(),
    )))
}

/// `greedy(eval=...,exact=...)`.
pub(super) fn greedy<G: NamedEvaluators + SearchHints>(
    name: String,
    spec: &mut Spec,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    let eval = evaluator::<G>(spec)?;
    let exact = spec.take_switch("exact", DEFAULT_EXACT)?;
    Ok(Box::new(SearchAgent::new(
        name,
        Greedy::new(eval).exact_endings(exact),
        Limits::none(),
    )))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_listed_seed_is_the_default() {
        assert_eq!(
            super::RANDOM_KEYS[0].default,
            super::DEFAULT_SEED.to_string()
        );
    }
}
