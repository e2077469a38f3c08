//! `expectimax(...)`: its keys with their defaults, and the agent.

use super::engine_spec::take_table_size;
use super::keys::{key, EVAL, NODES, TIME, TT};
use super::{evaluator, limits_or_depth};
use crate::describe::NamedEvaluators;
use crate::expectimax::{Expectimax, ExpectimaxOptions, Pruning};
use crate::spec::SpecKey;
use crate::{Agent, NotationError, SearchAgent, SearchHints, Spec};

/// The depth an `expectimax` spec searches to when it names no depth, time or node limit:
/// every roll multiplies the tree, so dice games are searched shallower than the engine's 6.
pub const DEFAULT_EXPECTIMAX_DEPTH: u32 = 4;

const PRUNINGS: [Pruning; 3] = [Pruning::None, Pruning::Star1, Pruning::Star2];

/// `expectimax(...)`.
pub const EXPECTIMAX_KEYS: &[SpecKey] = &[
    key(
        "depth",
        "4 (when no time or nodes)",
        "1 to 100 moves (rolls do not count)",
    ),
    TIME,
    NODES,
    EVAL,
    key(
        "pruning",
        "star1",
        "none (AIMA's expectiminimax), star1 or star2 (Ballard's)",
    ),
    TT,
];

/// The expectimax agent of an `expectimax(...)` spec.
pub(super) fn expectimax<G: NamedEvaluators + SearchHints>(
    name: String,
    spec: &mut Spec,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    let eval = evaluator::<G>(spec)?;
    let limits = limits_or_depth(spec, DEFAULT_EXPECTIMAX_DEPTH)?;
    let options = expectimax_options(spec)?;
    Ok(Box::new(SearchAgent::new(
        name,
        Expectimax::new(eval, options),
        limits,
    )))
}

/// The options of an `expectimax(...)` spec.
pub fn expectimax_options(spec: &mut Spec) -> Result<ExpectimaxOptions, NotationError> {
    let defaults = ExpectimaxOptions::DEFAULT;
    let names = PRUNINGS.map(Pruning::name);
    let default = PRUNINGS.iter().position(|&p| p == defaults.pruning);
    let pruning = PRUNINGS[spec.take_choice("pruning", &names, default.unwrap_or(0))?];
    let tt_bytes = take_table_size(spec, defaults.tt_bytes)?;
    Ok(ExpectimaxOptions { pruning, tt_bytes })
}
