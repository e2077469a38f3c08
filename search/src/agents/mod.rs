//! Agents from spec strings: `random`, `greedy(eval=open)`, `minimax(depth=3,eval=improved)`,
//! `plain-alphabeta(depth=5)`, `alphabeta(depth=8,time=150ms,tt=64MiB,pvs=on,...)`,
//! `mcts(iterations=1000,c=1.4,playout=random,solver=on,imb=0.3,threads=2,parallel=tree,...)`,
//! `expectimax(depth=3,pruning=star2,...)`, and for more than two players `maxn(depth=3)`,
//! `paranoid(depth=4)`, `brs(time=1s)`.

mod course_spec;
mod engine_spec;
mod expectimax_spec;
mod keys;
pub mod kinds;
mod mcts_spec;
mod multi_spec;
mod simple;
pub mod units;

use crate::describe::NamedEvaluators;
use crate::{Agent, ErrorKind, Limits, NotationError, SearchAgent, SearchHints, Spec};
pub use course_spec::course_search_with_visits;
pub use engine_spec::engine_options;
pub use expectimax_spec::expectimax_options;
pub use kinds::{agent_names, AgentKind, Kind, AGENTS};
pub use mcts_spec::mcts_options;
pub use multi_spec::maxn_options;
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

/// The limits of a spec, searching to `depth` when it names no depth, time or node limit.
pub(crate) fn limits_or_depth(spec: &mut Spec, depth: u32) -> Result<Limits, NotationError> {
    let limits = limits(spec, None)?;
    Ok(
        if limits.depth.is_none() && limits.time.is_none() && limits.nodes.is_none() {
            limits.with_depth(depth)
        } else {
            limits
        },
    )
}

/// The evaluator a spec names (`eval=`), or the game's default.
pub(crate) fn evaluator<G: NamedEvaluators>(spec: &mut Spec) -> Result<G::Eval, NotationError> {
    G::evaluator(
        &spec
            .take("eval")
            .unwrap_or_else(|| G::DEFAULT_EVAL.to_string()),
    )
}

/// The names of the kinds for which `test` holds, comma-separated.
fn names_where(test: fn(Kind) -> bool) -> String {
    let kinds = Kind::ALL.into_iter().filter(|&k| test(k));
    kinds.map(|k| k.info().name).collect::<Vec<_>>().join(", ")
}

/// The agent named by `text`, for game `G`. Its name is the spec as written.
pub fn build_agent<G: NamedEvaluators + SearchHints>(
    text: &str,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    let mut spec = Spec::parse(text)?;
    let name = spec.text().to_string();
    let Some(kind) = Kind::named(&spec.name) else {
        let expected = if spec.name == "external" {
            format!(
                "an agent that runs inside ply here ({}); external programs play in ply arena and ply play",
                agent_names()
            )
        } else {
            format!("one of {}", agent_names())
        };
        let bad = if spec.name == "external" {
            spec.text().to_string()
        } else {
            spec.name.clone()
        };
        return Err(NotationError::new("agent", bad, expected).with_kind(ErrorKind::UnknownName));
    };
    if G::HAS_CHANCE && !kind.handles_chance() {
        return Err(NotationError::new(
            "agent",
            spec.name.clone(),
            format!(
                "an agent for games with dice ({}): {} searches as if every move were chosen",
                names_where(Kind::handles_chance),
                spec.name
            ),
        )
        .with_kind(ErrorKind::UnknownName));
    }
    if G::MANY_PLAYERS && !kind.handles_many_players() {
        return Err(NotationError::new(
            "agent",
            spec.name.clone(),
            format!(
                "an agent for games of more than two players ({}): {} searches for two",
                names_where(Kind::handles_many_players),
                spec.name
            ),
        )
        .with_kind(ErrorKind::UnknownName));
    }
    let agent = match kind {
        Kind::Random => simple::random(name, &mut spec)?,
        Kind::Greedy => simple::greedy(name, &mut spec)?,
        Kind::Minimax | Kind::PlainAlphaBeta => {
            let (searcher, limits) = course_spec::course_searcher::<G>(&mut spec)?;
            Box::new(SearchAgent::new(name, searcher, limits))
        }
        Kind::AlphaBeta => engine_spec::engine(name, &mut spec)?,
        Kind::Mcts => mcts_spec::mcts(name, &mut spec)?,
        Kind::Expectimax => expectimax_spec::expectimax(name, &mut spec)?,
        Kind::MaxN => multi_spec::maxn(name, &mut spec)?,
        Kind::Paranoid => multi_spec::paranoid(name, &mut spec)?,
        Kind::BestReply => multi_spec::best_reply(name, &mut spec)?,
    };
    // Every key a kind takes is in its table entry: a key taken but not listed is refused here.
    spec.finish_keys(kind.info().keys)?;
    Ok(agent)
}
