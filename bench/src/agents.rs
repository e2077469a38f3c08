//! Agents from spec strings: `random`, `greedy(eval=open)`, `minimax(depth=3,eval=improved)`,
//! `plain-alphabeta(depth=5)`, `alphabeta(depth=8,time=150ms,tt=64MiB,pvs=on,...)`,
//! `mcts(iterations=1000,c=1.4,playout=random,solver=on,imb=0.3,threads=2,parallel=tree,...)`.

use crate::error::CliError;
use ply_isolation::{Heuristic, Isolation};
use ply_search::course::{Algorithm, CourseSearcher, Options, Utility};
use ply_search::engine::{Engine, EngineOptions, Replacement};
use ply_search::mcts::{FinalChoice, Mcts, MctsOptions, Parallel, Playout, Selection};
use ply_search::tree::Tree;
use ply_search::{
    Agent, Evaluator, Game, Greedy, Limits, NotationError, RandomPlayer, SearchAgent, Spec, Zero,
};
use std::time::Duration;

/// The agent names, for error messages.
pub const AGENT_NAMES: &str = "random, greedy, minimax, plain-alphabeta, alphabeta, mcts";

/// A game whose evaluators can be chosen by name in agent specs.
pub trait NamedEvaluators: Game {
    /// The evaluator type (an enum of the named heuristics).
    type Eval: Evaluator<Self> + Clone + Send + 'static;
    /// The evaluator used when a spec names none.
    const DEFAULT_EVAL: &'static str;
    /// The evaluator called `name`.
    fn evaluator(name: &str) -> Result<Self::Eval, NotationError>;
}

impl NamedEvaluators for Isolation {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "improved";
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl NamedEvaluators for ply_onitama::Onitama {
    type Eval = ply_onitama::Heuristic;
    const DEFAULT_EVAL: &'static str = "balanced";
    fn evaluator(name: &str) -> Result<ply_onitama::Heuristic, NotationError> {
        ply_onitama::Heuristic::from_name(name)
    }
}

impl NamedEvaluators for ply_queen_isolation::QueenIsolation {
    type Eval = ply_grid::mobility::Heuristic;
    const DEFAULT_EVAL: &'static str = "improved";
    fn evaluator(name: &str) -> Result<Self::Eval, NotationError> {
        ply_grid::mobility::Heuristic::from_name(name)
    }
}

/// Games without heuristics of their own (explicit trees, the tutorial's games): only `null`,
/// which scores every unfinished position 0.
fn null_only(name: &str, why: &str) -> Result<Zero, NotationError> {
    if name.eq_ignore_ascii_case("null") {
        Ok(Zero)
    } else {
        Err(NotationError::new(
            "evaluator",
            name,
            format!("null ({why})"),
        ))
    }
}

impl NamedEvaluators for Tree {
    type Eval = Zero;
    const DEFAULT_EVAL: &'static str = "null";
    fn evaluator(name: &str) -> Result<Zero, NotationError> {
        null_only(name, "tree leaves carry their own values")
    }
}

impl NamedEvaluators for ply_tutorial::TicTacToe {
    type Eval = Zero;
    const DEFAULT_EVAL: &'static str = "null";
    fn evaluator(name: &str) -> Result<Zero, NotationError> {
        null_only(name, "the tutorial's games have no heuristic")
    }
}

impl NamedEvaluators for ply_tutorial::Nim {
    type Eval = Zero;
    const DEFAULT_EVAL: &'static str = "null";
    fn evaluator(name: &str) -> Result<Zero, NotationError> {
        null_only(name, "the tutorial's games have no heuristic")
    }
}

/// Reads `time=150ms`, `time=2s`, `time=1.5s`.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else {
        return None;
    };
    let value: f64 = number.trim().parse().ok()?;
    (value.is_finite() && value > 0.0 && value < 1e7)
        .then(|| Duration::from_secs_f64(value * scale))
}

/// Reads a table size: `64MiB`, `512KiB`, `1GiB`, `0` or `off`.
pub fn parse_size(text: &str) -> Option<usize> {
    let text = text.trim();
    if text == "0" || text.eq_ignore_ascii_case("off") {
        return Some(0);
    }
    let (number, unit) = [("GiB", 1usize << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        .iter()
        .find_map(|(suffix, unit)| text.strip_suffix(suffix).map(|n| (n, *unit)))?;
    let n: usize = number.trim().parse().ok()?;
    (n <= 64 << 10)
        .then(|| n * unit)
        .filter(|&bytes| bytes <= 64 << 30)
}

fn limits(spec: &mut Spec, default_depth: Option<u32>) -> Result<Limits, NotationError> {
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
        })?);
    }
    if let Some(v) = spec.take("nodes") {
        limits.nodes = Some(v.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
            NotationError::new(
                format!("{} value", spec.name),
                format!("nodes={v}"),
                "nodes= a positive whole number",
            )
        })?);
    }
    Ok(limits)
}

fn evaluator<G: NamedEvaluators>(spec: &mut Spec) -> Result<G::Eval, NotationError> {
    G::evaluator(
        &spec
            .take("eval")
            .unwrap_or_else(|| G::DEFAULT_EVAL.to_string()),
    )
}

/// The agent named by `text`, for game `G`. Its name is the spec as written.
pub fn build_agent<G: NamedEvaluators>(text: &str) -> Result<Box<dyn Agent<G>>, CliError> {
    let mut spec = Spec::parse(text)?;
    let name = spec.text().to_string();
    let kind = spec.name.clone();
    let agent: Box<dyn Agent<G>> = match kind.as_str() {
        "random" => {
            let seed = spec.take_parsed("seed", 0u64, "seed= a whole number")?;
            spec.finish(&["seed"])?;
            Box::new(SearchAgent::new(
                name,
                RandomPlayer::new(seed),
                Limits::none(),
            ))
        }
        "greedy" => {
            let eval = evaluator::<G>(&mut spec)?;
            let exact = spec.take_switch("exact", false)?;
            spec.finish(&["eval", "exact"])?;
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
            spec.finish(&[
                "depth",
                "time",
                "nodes",
                "eval",
                "tt",
                "replace",
                "ttmove",
                "id",
                "pvs",
                "aspiration",
                "window",
                "killers",
                "history",
            ])?;
            Box::new(SearchAgent::new(name, Engine::new(eval, options), limits))
        }
        "mcts" => {
            let eval = evaluator::<G>(&mut spec)?;
            let (options, limits) = mcts_options(&mut spec)?;
            spec.finish(&MCTS_KEYS)?;
            Box::new(SearchAgent::new(name, Mcts::new(eval, options), limits))
        }
        other => {
            return Err(CliError::new(format!(
                "bad agent `{other}`: expected one of {AGENT_NAMES}"
            )));
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
    spec.finish(&["depth", "eval", "strict"])?;
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
/// recorded, for pictures of the search.
pub fn course_search_with_visits<G: NamedEvaluators>(
    text: &str,
    state: &G,
) -> Result<ply_search::course::CourseResult<G::Move>, CliError> {
    let spec = Spec::parse(text)?;
    if !matches!(spec.name.as_str(), "minimax" | "plain-alphabeta") {
        return Err(CliError::new(format!(
            "bad agent `{}` for --tree: expected minimax(...) or plain-alphabeta(...), the course algorithms that log their visits",
            spec.name
        )));
    }
    let (searcher, limits) = course_searcher::<G>(spec)?;
    let options = Options {
        record_visits: true,
        ..searcher.options
    };
    let depth = limits.depth;
    Ok(match searcher.algorithm {
        Algorithm::Minimax => {
            ply_search::course::minimax_decision(state, depth, &searcher.evaluator, &options)
        }
        Algorithm::AlphaBeta => {
            ply_search::course::alpha_beta_search(state, depth, &searcher.evaluator, &options)
        }
    })
}

/// The parameters of `mcts(...)`.
const MCTS_KEYS: [&str; 19] = [
    "iterations",
    "time",
    "nodes",
    "eval",
    "c",
    "select",
    "fpu",
    "playout",
    "eps",
    "cap",
    "scale",
    "solver",
    "imb",
    "final",
    "reuse",
    "threads",
    "parallel",
    "seed",
    "memory",
];

/// A number parameter in `range`, with the accepted form named on error.
fn take_number(
    spec: &mut Spec,
    key: &str,
    default: f64,
    range: std::ops::RangeInclusive<f64>,
    expected: &str,
) -> Result<f64, NotationError> {
    let value = spec.take_parsed(key, default, expected)?;
    if value.is_nan() || !range.contains(&value) {
        return Err(NotationError::new(
            format!("{} value", spec.name),
            format!("{key}={value}"),
            expected,
        ));
    }
    Ok(value)
}

/// The options and limits of `mcts(...)`.
fn mcts_options(spec: &mut Spec) -> Result<(MctsOptions, Limits), NotationError> {
    let d = MctsOptions::default();
    let mut limits = limits(spec, None)?;
    if let Some(depth) = limits.depth {
        return Err(NotationError::new(
            "mcts parameter",
            format!("depth={depth}"),
            "iterations=, time= or nodes= (MCTS has no depth limit)",
        ));
    }
    if let Some(v) = spec.take("iterations") {
        limits.iterations = Some(v.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
            NotationError::new(
                "mcts value",
                format!("iterations={v}"),
                "iterations= a positive whole number",
            )
        })?);
    }
    let selection = [Selection::Uct, Selection::Ucb1Tuned]
        [spec.take_choice("select", &["uct", "ucb1-tuned"], 0)?];
    let playout = [Playout::Random, Playout::Eval, Playout::None]
        [spec.take_choice("playout", &["random", "eval", "none"], 0)?];
    let final_choice = [
        FinalChoice::Robust,
        FinalChoice::Max,
        FinalChoice::MaxRobust,
    ][spec.take_choice("final", &["robust", "max", "max-robust"], 0)?];
    let parallel =
        [Parallel::Root, Parallel::Tree][spec.take_choice("parallel", &["root", "tree"], 0)?];
    let fpu = match spec.take("fpu") {
        None => d.fpu,
        Some(v) if v == "inf" => f64::INFINITY,
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|x| (0.0..=10.0).contains(x))
            .ok_or_else(|| {
                NotationError::new(
                    "mcts value",
                    format!("fpu={v}"),
                    "fpu= a number from 0 to 10, or inf",
                )
            })?,
    };
    let memory_bytes = match spec.take("memory") {
        None => d.memory_bytes,
        Some(v) => parse_size(&v).filter(|&b| b >= 1024).ok_or_else(|| {
            NotationError::new(
                "mcts value",
                format!("memory={v}"),
                "memory= a size such as 64MiB or 1GiB",
            )
        })?,
    };
    let threads = spec.take_parsed("threads", 1usize, "threads= a whole number from 1 to 256")?;
    if !(1..=256).contains(&threads) {
        return Err(NotationError::new(
            "mcts value",
            format!("threads={threads}"),
            "threads= a whole number from 1 to 256",
        ));
    }
    let options = MctsOptions {
        selection,
        c: take_number(spec, "c", d.c, 0.0..=100.0, "c= a number from 0 to 100")?,
        fpu,
        playout,
        epsilon: take_number(
            spec,
            "eps",
            d.epsilon,
            0.0..=1.0,
            "eps= a number from 0 to 1",
        )?,
        playout_cap: spec.take_parsed("cap", 0u32, "cap= a whole number of plies (0 = none)")?,
        scale: take_number(
            spec,
            "scale",
            d.scale,
            1e-3..=1e9,
            "scale= a positive number",
        )?,
        solver: spec.take_switch("solver", d.solver)?,
        implicit_alpha: take_number(spec, "imb", 0.0, 0.0..=1.0, "imb= a number from 0 to 1")?,
        final_choice,
        reuse: spec.take_switch("reuse", d.reuse)?,
        threads,
        parallel,
        virtual_loss: d.virtual_loss,
        seed: spec.take_parsed("seed", d.seed, "seed= a whole number")?,
        memory_bytes,
    };
    Ok((options, limits))
}

fn engine_options(spec: &mut Spec) -> Result<EngineOptions, NotationError> {
    let defaults = EngineOptions::default();
    let tt_bytes = match spec.take("tt") {
        None => defaults.tt_bytes,
        Some(v) => parse_size(&v).ok_or_else(|| {
            NotationError::new(
                "alphabeta value",
                format!("tt={v}"),
                "tt= a size such as 64MiB or 512KiB (at most 64GiB), or off",
            )
        })?,
    };
    let replacement = Replacement::ALL[spec.take_choice("replace", &Replacement::NAMES, 3)?];
    let window = spec.take_parsed(
        "window",
        defaults.aspiration_window,
        "window= a positive whole number",
    )?;
    if window < 1 {
        return Err(NotationError::new(
            "alphabeta value",
            format!("window={window}"),
            "window= a positive whole number",
        ));
    }
    Ok(EngineOptions {
        tt_bytes,
        replacement,
        tt_move: spec.take_switch("ttmove", true)?,
        iterative_deepening: spec.take_switch("id", true)?,
        pvs: spec.take_switch("pvs", true)?,
        aspiration: spec.take_switch("aspiration", true)?,
        aspiration_window: window,
        killers: spec.take_switch("killers", true)?,
        history: spec.take_switch("history", true)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_sizes() {
        assert_eq!(parse_duration("150ms"), Some(Duration::from_millis(150)));
        assert_eq!(parse_duration("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_duration("-1s"), None);
        assert_eq!(parse_duration("5"), None);
        assert_eq!(parse_size("64MiB"), Some(64 << 20));
        assert_eq!(parse_size("off"), Some(0));
        assert_eq!(parse_size("64MB"), None);
        assert_eq!(parse_size("99999999GiB"), None);
    }

    #[test]
    fn every_agent_builds_and_bad_specs_are_named() {
        for spec in ["random", "random(seed=3)", "greedy(eval=open)", "minimax(depth=2)", "plain-alphabeta(depth=3,strict=on)",
            "alphabeta(depth=4,tt=1MiB,replace=two-tier,pvs=off,aspiration=off,killers=off,history=off,id=off,ttmove=off)",
            "alphabeta(time=20ms)", "alphabeta(nodes=1000,eval=paper3)",
            "mcts(iterations=300)", "mcts(time=20ms,select=ucb1-tuned,fpu=0.5,final=max-robust)",
            "mcts(iterations=300,playout=eval,eps=0.2,cap=20,eval=improved,imb=0.3,scale=4)",
            "mcts(iterations=300,playout=none,solver=off,reuse=off,seed=9,memory=1MiB)",
            "mcts(iterations=300,threads=2,parallel=tree)", "mcts(nodes=5000,threads=2,parallel=root,c=0.7)"] {
            let mut agent = build_agent::<Isolation>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            let state = Isolation::udacity().result(57).unwrap().result(0).unwrap();
            assert!(agent.select_move(&state).best_move.is_some(), "{spec}");
            assert_eq!(agent.name(), spec);
        }
        let cases = [
            ("chess", "bad agent `chess`: expected one of random, greedy"),
            ("alphabeta(depth=0)", "depth= a whole number from 1 to 100"),
            (
                "alphabeta(time=fast)",
                "time= a duration such as 150ms or 2s",
            ),
            ("alphabeta(tt=lots)", "tt= a size such as 64MiB"),
            ("alphabeta(pvs=maybe)", "pvs=on or pvs=off"),
            (
                "alphabeta(replace=lru)",
                "replace= one of always, depth, two-tier, bucket",
            ),
            ("alphabeta(eval=clever)", "bad evaluator `clever`"),
            ("mcts(depth=3)", "MCTS has no depth limit"),
            ("mcts(iterations=0)", "iterations= a positive whole number"),
            ("mcts(c=-1)", "c= a number from 0 to 100"),
            ("mcts(imb=2)", "imb= a number from 0 to 1"),
            ("mcts(playout=smart)", "playout= one of random, eval, none"),
            ("mcts(parallel=gpu)", "parallel= one of root, tree"),
            ("mcts(threads=0)", "threads= a whole number from 1 to 256"),
            ("mcts(fpu=lots)", "fpu= a number from 0 to 10, or inf"),
            ("mcts(depth3)", "mcts"),
            (
                "minimax(tt=1MiB)",
                "bad minimax parameter `tt`: expected one of depth, eval, strict",
            ),
        ];
        for (spec, needle) in cases {
            let err = build_agent::<Isolation>(spec)
                .err()
                .unwrap_or_else(|| panic!("{spec} should fail"))
                .to_string();
            assert!(err.contains(needle), "{spec}: {err}");
        }
    }
}
