//! `minimax(...)` and `plain-alphabeta(...)`: the course algorithms' keys with their
//! defaults, and their searchers.

use super::keys::{key, on_off, EVAL};
use super::{evaluator, limits};
use crate::course::{Algorithm, CourseSearcher, Options, Utility};
use crate::describe::NamedEvaluators;
use crate::spec::SpecKey;
use crate::{ErrorKind, Limits, NotationError, Spec};

/// The depth a course spec searches to when it names none.
pub const DEFAULT_COURSE_DEPTH: u32 = 3;
/// Whether the course algorithms prune only on a strict inequality when a spec does not say
/// (AIMA prunes on equality).
const DEFAULT_STRICT: bool = false;

/// `minimax(...)` and `plain-alphabeta(...)`.
pub const COURSE_KEYS: &[SpecKey] = &[
    key("depth", "3", "1 to 100 plies"),
    EVAL,
    key(
        "strict",
        on_off(DEFAULT_STRICT),
        "on or off: prune only on a strict inequality (AIMA prunes on equality)",
    ),
];
/// A course searcher (`minimax(...)` or `plain-alphabeta(...)`) and its depth, from its spec.
pub(super) fn course_searcher<G: NamedEvaluators>(
    spec: &mut Spec,
) -> Result<(CourseSearcher<G::Eval>, Limits), NotationError> {
    let eval = evaluator::<G>(spec)?;
    let limits = limits(spec, Some(DEFAULT_COURSE_DEPTH))?;
    let strict = spec.take_switch("strict", DEFAULT_STRICT)?;
    let algorithm = if spec.name == "minimax" {
        Algorithm::Minimax
    } else {
        Algorithm::AlphaBeta
    };
    let options = Options {
        utility: Utility::ByDistance,
        strict_pruning: strict,
        ..Options::default()
    };
    Ok((
        CourseSearcher {
            algorithm,
            evaluator: eval,
            options,
        },
        limits,
    ))
}

/// Runs a course agent (`minimax(...)` or `plain-alphabeta(...)`) on `state` with its visit log
/// recorded, for pictures of the search. A search that would enter more than `max_nodes`
/// nodes is given up (`CourseResult::stopped`): its picture would be too big to read or draw.
pub fn course_search_with_visits<G: NamedEvaluators>(
    text: &str,
    state: &G,
    max_nodes: u64,
) -> Result<crate::course::CourseResult<G::Move>, NotationError> {
    let mut spec = Spec::parse(text)?;
    if !matches!(spec.name.as_str(), "minimax" | "plain-alphabeta") {
        return Err(NotationError::new(
            "agent for --tree",
            spec.name.clone(),
            "minimax(...) or plain-alphabeta(...), the course algorithms that log their visits",
        )
        .with_kind(ErrorKind::UnknownName));
    }
    let (searcher, limits) = course_searcher::<G>(&mut spec)?;
    spec.finish_keys(COURSE_KEYS)?;
    let options = Options {
        record_visits: true,
        limits: Limits::none().with_nodes(max_nodes),
        ..searcher.options
    };
    let depth = limits.depth;
    Ok(match searcher.algorithm {
        Algorithm::Minimax => {
            crate::course::minimax_decision(state, depth, &searcher.evaluator, &options)
        }
        Algorithm::AlphaBeta => {
            crate::course::alpha_beta_search(state, depth, &searcher.evaluator, &options)
        }
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_listed_depth_is_the_default() {
        assert_eq!(
            super::COURSE_KEYS[0].default,
            super::DEFAULT_COURSE_DEPTH.to_string()
        );
    }
}
