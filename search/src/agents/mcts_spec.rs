//! `mcts(...)`: its keys with their defaults, its options and limits read from a spec, and
//! the agent.

use super::keys::{key, on_off, EVAL, NODES, TIME};
use super::units::parse_size;
use super::{evaluator, limits};
use crate::describe::NamedEvaluators;
use crate::mcts::{FinalChoice, Mcts, MctsOptions, Parallel, Playout, Selection};
use crate::spec::SpecKey;
use crate::{Agent, Limits, NotationError, SearchAgent, SearchHints, Spec};

/// The options the listing shows as defaults: MCTS's own.
const D: MctsOptions = MctsOptions::DEFAULT;

/// `mcts(...)`: the limits, the evaluator and the search's switches.
pub const MCTS_KEYS: &[SpecKey] = &[
    key(
        "iterations",
        "10000 (when no other limit)",
        "a positive whole number",
    ),
    TIME,
    NODES,
    EVAL,
    key(
        "c",
        "1.414 (sqrt 2)",
        "a number from 0 to 100: the exploration constant",
    ),
    key("select", "uct", "uct or ucb1-tuned"),
    key(
        "fpu",
        "inf",
        "a number from 0 to 10, or inf: first-play urgency",
    ),
    key(
        "playout",
        "random",
        "random, eval (epsilon-greedy by the evaluator) or none (evaluator only)",
    ),
    key(
        "eps",
        "0.1",
        "a number from 0 to 1: the playouts' exploration",
    ),
    key(
        "cap",
        "0",
        "a whole number of plies before the evaluator scores a playout (0 = none)",
    ),
    key(
        "scale",
        "8",
        "a positive number: the evaluator's scale to a win probability",
    ),
    key("solver", on_off(D.solver), "on or off: MCTS-Solver"),
    key("imb", "0", "a number from 0 to 1: implicit minimax backups"),
    key("final", "robust", "robust, max or max-robust"),
    key(
        "reuse",
        on_off(D.reuse),
        "on or off: keep the tree between moves",
    ),
    key("threads", "1", "1 to 256"),
    key("parallel", "root", "root or tree"),
    key(
        "loop",
        "closed",
        "closed or open: in games with dice, a node for each roll, or the players' moves only",
    ),
    key("seed", "1", "a whole number"),
    key(
        "memory",
        "256MiB",
        "a size such as 64MiB or 1GiB: the tree's cap",
    ),
];

/// The MCTS agent of an `mcts(...)` spec.
pub(super) fn mcts<G: NamedEvaluators + SearchHints>(
    name: String,
    spec: &mut Spec,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    let eval = evaluator::<G>(spec)?;
    let (options, limits) = mcts_options(spec)?;
    Ok(Box::new(SearchAgent::new(
        name,
        Mcts::new(eval, options),
        limits,
    )))
}

/// The index of `default` in `all`, for `Spec::take_choice`.
fn index_of<T: PartialEq>(all: &[T], default: T) -> usize {
    all.iter().position(|x| *x == default).unwrap_or(0)
}

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
        )
        .with_kind(crate::ErrorKind::BadValue));
    }
    Ok(value)
}

/// The options and limits of `mcts(...)`.
pub fn mcts_options(spec: &mut Spec) -> Result<(MctsOptions, Limits), NotationError> {
    let d = MctsOptions::default();
    let mut limits = limits(spec, None)?;
    if let Some(depth) = limits.depth {
        return Err(NotationError::new(
            "mcts parameter",
            format!("depth={depth}"),
            "iterations=, time= or nodes= (MCTS has no depth limit)",
        )
        .with_kind(crate::ErrorKind::BadKey));
    }
    if let Some(v) = spec.take("iterations") {
        limits.iterations = Some(v.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
            NotationError::new(
                "mcts value",
                format!("iterations={v}"),
                "iterations= a positive whole number",
            )
            .with_kind(crate::ErrorKind::BadValue)
        })?);
    }
    let selections = [Selection::Uct, Selection::Ucb1Tuned];
    let selection = selections[spec.take_choice(
        "select",
        &["uct", "ucb1-tuned"],
        index_of(&selections, d.selection),
    )?];
    let playouts = [Playout::Random, Playout::Eval, Playout::None];
    let playout = playouts[spec.take_choice(
        "playout",
        &["random", "eval", "none"],
        index_of(&playouts, d.playout),
    )?];
    let finals = [
        FinalChoice::Robust,
        FinalChoice::Max,
        FinalChoice::MaxRobust,
    ];
    let final_choice = finals[spec.take_choice(
        "final",
        &["robust", "max", "max-robust"],
        index_of(&finals, d.final_choice),
    )?];
    let parallels = [Parallel::Root, Parallel::Tree];
    let parallel = parallels[spec.take_choice(
        "parallel",
        &["root", "tree"],
        index_of(&parallels, d.parallel),
    )?];
    let open_loop = spec.take_choice("loop", &["closed", "open"], d.open_loop as usize)? == 1;
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
                .with_kind(crate::ErrorKind::BadValue)
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
            .with_kind(crate::ErrorKind::BadValue)
        })?,
    };
    if let Some(why) = super::units::too_big_for_memory(memory_bytes) {
        return Err(NotationError::new(
            "mcts value",
            format!("memory={}MiB", memory_bytes >> 20),
            format!("a tree that fits ({why})"),
        )
        .with_kind(crate::ErrorKind::OutOfRange));
    }
    let threads = spec.take_parsed(
        "threads",
        d.threads,
        "threads= a whole number from 1 to 256",
    )?;
    if !(1..=256).contains(&threads) {
        return Err(NotationError::new(
            "mcts value",
            format!("threads={threads}"),
            "threads= a whole number from 1 to 256",
        )
        .with_kind(crate::ErrorKind::BadValue));
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
        playout_cap: spec.take_parsed(
            "cap",
            d.playout_cap,
            "cap= a whole number of plies (0 = none)",
        )?,
        scale: take_number(
            spec,
            "scale",
            d.scale,
            1e-3..=1e9,
            "scale= a positive number",
        )?,
        solver: spec.take_switch("solver", d.solver)?,
        implicit_alpha: take_number(
            spec,
            "imb",
            d.implicit_alpha,
            0.0..=1.0,
            "imb= a number from 0 to 1",
        )?,
        final_choice,
        reuse: spec.take_switch("reuse", d.reuse)?,
        threads,
        parallel,
        virtual_loss: d.virtual_loss,
        seed: spec.take_parsed("seed", d.seed, "seed= a whole number")?,
        memory_bytes,
        open_loop,
    };
    Ok((options, limits))
}
