//! Agents from spec strings: `random`, `greedy(eval=open)`, `minimax(depth=3,eval=improved)`,
//! `plain-alphabeta(depth=5)`, `alphabeta(depth=8,time=150ms,tt=64MiB,pvs=on,...)`,
//! `mcts(iterations=1000,c=1.4,playout=random,solver=on,imb=0.3,threads=2,parallel=tree,...)`.

mod engine_spec;
pub mod kinds;
mod mcts_spec;
pub mod units;

use crate::course::{Algorithm, CourseSearcher, Options, Utility};
use crate::describe::NamedEvaluators;
use crate::engine::Engine;
use crate::mcts::Mcts;
use crate::{
    Agent, ErrorKind, Greedy, Limits, NotationError, RandomPlayer, SearchAgent, SearchHints, Spec,
};
pub use engine_spec::engine_options;
pub use kinds::{agent_names, AgentKind, AGENTS};
pub use mcts_spec::mcts_options;
pub use units::{parse_duration, parse_size};

/// The depth, time and node limits of a spec (`depth=`, `time=`, `nodes=`), with the
/// algorithm's default depth.
pub(crate) fn limits(spec: &mut Spec, default_depth: Option<u32>) -> Result<Limits, NotationError> {
    let mut limits = Limits::none();
    limits.depth = match spec.take("depth") {
        None => default_depth,
        Some(v) => Some(
            v.parse::<u32>()
                .ok()
                .filter(|d| (1..=100).contains(d))
                .ok_or_else(|| {
                    NotationError::new(
                        format!("{} value", spec.name),
                        format!("depth={v}"),
                        "depth= a whole number from 1 to 100",
                    )
                    .with_kind(crate::ErrorKind::BadValue)
                })?,
        ),
    };
    if let Some(v) = spec.take("time") {
        limits.time = Some(parse_duration(&v).ok_or_else(|| {
            NotationError::new(
                format!("{} value", spec.name),
                format!("time={v}"),
                "time= a duration such as 150ms or 2s",
            )
            .with_kind(crate::ErrorKind::BadValue)
        })?);
    }
    if let Some(v) = spec.take("nodes") {
        limits.nodes = Some(v.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
            NotationError::new(
                format!("{} value", spec.name),
                format!("nodes={v}"),
                "nodes= a positive whole number",
            )
            .with_kind(crate::ErrorKind::BadValue)
        })?);
    }
    Ok(limits)
}

/// The evaluator a spec names (`eval=`), or the game's default.
pub(crate) fn evaluator<G: NamedEvaluators>(spec: &mut Spec) -> Result<G::Eval, NotationError> {
    G::evaluator(
        &spec
            .take("eval")
            .unwrap_or_else(|| G::DEFAULT_EVAL.to_string()),
    )
}

/// The agent named by `text`, for game `G`. Its name is the spec as written.
pub fn build_agent<G: NamedEvaluators + SearchHints>(
    text: &str,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    let mut spec = Spec::parse(text)?;
    let name = spec.text().to_string();
    let kind = spec.name.clone();
    let agent: Box<dyn Agent<G>> = match kind.as_str() {
        "random" => {
            let seed = spec.take_parsed("seed", 0u64, "seed= a whole number")?;
            spec.finish_keys(kinds::RANDOM_KEYS)?;
            Box::new(SearchAgent::new(
                name,
                RandomPlayer::new(seed),
                Limits::none(),
            ))
        }
        "greedy" => {
            let eval = evaluator::<G>(&mut spec)?;
            let exact = spec.take_switch("exact", false)?;
            spec.finish_keys(kinds::GREEDY_KEYS)?;
            Box::new(SearchAgent::new(
                name,
                Greedy::new(eval).exact_endings(exact),
                Limits::none(),
            ))
        }
        "minimax" | "plain-alphabeta" => {
            let (searcher, limits) = course_searcher::<G>(spec)?;
            Box::new(SearchAgent::new(name, searcher, limits))
        }
        "alphabeta" => {
            let eval = evaluator::<G>(&mut spec)?;
            let limits = limits(&mut spec, None)?;
            let limits =
                if limits.depth.is_none() && limits.time.is_none() && limits.nodes.is_none() {
                    limits.with_depth(6)
                } else {
                    limits
                };
            let options = engine_options(&mut spec)?;
            spec.finish_keys(kinds::ENGINE_KEYS)?;
            Box::new(SearchAgent::new(name, Engine::new(eval, options), limits))
        }
        "mcts" => {
            let eval = evaluator::<G>(&mut spec)?;
            let (options, limits) = mcts_options(&mut spec)?;
            spec.finish_keys(kinds::MCTS_KEYS)?;
            Box::new(SearchAgent::new(name, Mcts::new(eval, options), limits))
        }
        "external" => {
            return Err(NotationError::new(
                "agent",
                spec.text(),
                format!(
                    "an agent that runs inside ply here ({}); external programs play in ply arena and ply play",
                    agent_names()
                ),
            )
            .with_kind(ErrorKind::UnknownName));
        }
        other => {
            return Err(
                NotationError::new("agent", other, format!("one of {}", agent_names()))
                    .with_kind(ErrorKind::UnknownName),
            );
        }
    };
    Ok(agent)
}

/// A course searcher (`minimax(...)` or `plain-alphabeta(...)`) and its depth, from its spec.
fn course_searcher<G: NamedEvaluators>(
    mut spec: Spec,
) -> Result<(CourseSearcher<G::Eval>, Limits), NotationError> {
    let eval = evaluator::<G>(&mut spec)?;
    let limits = limits(&mut spec, Some(3))?;
    let strict = spec.take_switch("strict", false)?;
    let algorithm = if spec.name == "minimax" {
        Algorithm::Minimax
    } else {
        Algorithm::AlphaBeta
    };
    spec.finish_keys(kinds::COURSE_KEYS)?;
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
    let spec = Spec::parse(text)?;
    if !matches!(spec.name.as_str(), "minimax" | "plain-alphabeta") {
        return Err(NotationError::new(
            "agent for --tree",
            spec.name.clone(),
            "minimax(...) or plain-alphabeta(...), the course algorithms that log their visits",
        )
        .with_kind(ErrorKind::UnknownName));
    }
    let (searcher, limits) = course_searcher::<G>(spec)?;
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
