//! `maxn(...)`, `paranoid(...)` and `brs(...)`: the searches for more than two players, their
//! keys with their defaults, and the agents.

use super::engine_spec::take_table_size;
use super::keys::{key, on_off, EVAL, NODES, TIME, TT};
use super::{evaluator, limits_or_depth};
use crate::describe::NamedEvaluators;
use crate::multi::{BestReply, MaxN, MultiOptions, Paranoid};
use crate::spec::SpecKey;
use crate::{Agent, NotationError, SearchAgent, SearchHints, Searcher, Spec};

/// The depth the N-player searches go to when a spec names no depth, time or node limit.
pub const DEFAULT_MULTI_DEPTH: u32 = 4;

/// `depth=`, with the N-player searches' default.
const DEPTH: SpecKey = key("depth", "4 (when no time or nodes)", "1 to 100 plies");

/// `maxn(...)`.
pub const MAXN_KEYS: &[SpecKey] = &[
    DEPTH,
    TIME,
    NODES,
    EVAL,
    key(
        "prune",
        on_off(MultiOptions::DEFAULT.shallow_pruning),
        "on (shallow pruning, where the game bounds the sum of the values) or off",
    ),
    TT,
];

/// `paranoid(...)` and `brs(...)`.
pub const ALPHA_BETA_KEYS: &[SpecKey] = &[DEPTH, TIME, NODES, EVAL];

/// The agent of an N-player search's spec: the evaluator and limits every one takes, then the
/// searcher `make` builds from them and the spec's own keys.
fn agent<G, S>(
    name: String,
    spec: &mut Spec,
    make: impl FnOnce(G::Eval, &mut Spec) -> Result<S, NotationError>,
) -> Result<Box<dyn Agent<G>>, NotationError>
where
    G: NamedEvaluators + SearchHints,
    S: Searcher<G> + 'static,
{
    let eval = evaluator::<G>(spec)?;
    let limits = limits_or_depth(spec, DEFAULT_MULTI_DEPTH)?;
    let searcher = make(eval, spec)?;
    Ok(Box::new(SearchAgent::new(name, searcher, limits)))
}

/// The max^n agent of a `maxn(...)` spec.
pub(super) fn maxn<G: NamedEvaluators + SearchHints>(
    name: String,
    spec: &mut Spec,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    agent(name, spec, |eval, spec| {
        Ok(MaxN::new(eval, maxn_options(spec)?))
    })
}

/// The paranoid agent of a `paranoid(...)` spec.
pub(super) fn paranoid<G: NamedEvaluators + SearchHints>(
    name: String,
    spec: &mut Spec,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    agent(name, spec, |eval, _| Ok(Paranoid::new(eval)))
}

/// The best-reply agent of a `brs(...)` spec.
pub(super) fn best_reply<G: NamedEvaluators + SearchHints>(
    name: String,
    spec: &mut Spec,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    agent(name, spec, |eval, _| Ok(BestReply::new(eval)))
}

/// The options of a `maxn(...)` spec.
pub fn maxn_options(spec: &mut Spec) -> Result<MultiOptions, NotationError> {
    let defaults = MultiOptions::DEFAULT;
    Ok(MultiOptions {
        shallow_pruning: spec.take_switch("prune", defaults.shallow_pruning)?,
        tt_bytes: take_table_size(spec, defaults.tt_bytes)?,
    })
}
