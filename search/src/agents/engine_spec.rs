//! `alphabeta(...)`: the engine's keys with their defaults, the options read from a spec, and
//! the agent.

use super::keys::{key, on_off, EVAL, NODES, TIME, TT};
use super::units::{format_size, parse_size};
use super::{evaluator, limits_or_depth};
use crate::describe::NamedEvaluators;
use crate::engine::{Engine, EngineOptions, Replacement};
use crate::spec::SpecKey;
use crate::{Agent, NotationError, SearchAgent, SearchHints, Spec};

/// The options the listing shows as defaults: the engine's own.
const D: EngineOptions = EngineOptions::DEFAULT;

/// The depth an `alphabeta` spec searches to when it names no depth, time or node limit.
pub const DEFAULT_DEPTH: u32 = 6;

/// `alphabeta(...)`: the limits, the evaluator and the engine's switches.
pub const ENGINE_KEYS: &[SpecKey] = &[
    key("depth", "6 (when no time or nodes)", "1 to 100 plies"),
    TIME,
    NODES,
    EVAL,
    TT,
    key(
        "replace",
        D.replacement.name(),
        "always, depth, two-tier or bucket",
    ),
    key(
        "ttmove",
        on_off(D.tt_move),
        "on or off: try the table's move first",
    ),
    key(
        "id",
        on_off(D.iterative_deepening),
        "on or off: iterative deepening",
    ),
    key(
        "pvs",
        on_off(D.pvs),
        "on or off: principal variation search",
    ),
    key(
        "aspiration",
        on_off(D.aspiration),
        "on or off: aspiration windows",
    ),
    key(
        "window",
        "16",
        "a positive whole number: the aspiration window",
    ),
    key("killers", on_off(D.killers), "on or off: killer moves"),
    key(
        "history",
        on_off(D.history),
        "on or off: the history heuristic",
    ),
    key(
        "priority",
        on_off(D.priority),
        "on or off: the game's wins and captures before killers and history",
    ),
    key(
        "threads",
        "1",
        "1 to 256: threads sharing the table (Lazy SMP); 1 is deterministic",
    ),
    key(
        "defer",
        on_off(D.defer),
        "on or off: with threads, leave moves another thread is searching for last",
    ),
    key(
        "stagger",
        on_off(D.stagger),
        "on or off: with threads, every second thread searches one depth ahead",
    ),
];
/// The engine agent of an `alphabeta(...)` spec.
pub(super) fn engine<G: NamedEvaluators + SearchHints>(
    name: String,
    spec: &mut Spec,
) -> Result<Box<dyn Agent<G>>, NotationError> {
    let eval = evaluator::<G>(spec)?;
    let limits = limits_or_depth(spec, DEFAULT_DEPTH)?;
    let options = engine_options(spec)?;
    Ok(Box::new(SearchAgent::new(
        name,
        Engine::new(eval, options),
        limits,
    )))
}

/// A spec's `tt=` (a size, or off for 0), `default` when absent; a table bigger than this
/// process may allocate is refused.
pub(super) fn take_table_size(spec: &mut Spec, default: usize) -> Result<usize, NotationError> {
    let tt_text = spec.take("tt");
    let tt_bytes = match &tt_text {
        None => default,
        Some(v) => parse_size(v).ok_or_else(|| {
            NotationError::new(
                format!("{} value", spec.name),
                format!("tt={v}"),
                "tt= a size such as 64MiB or 512KiB (at most 64GiB), or off",
            )
            .with_kind(crate::ErrorKind::BadValue)
        })?,
    };
    if let Some(why) = super::units::too_big_for_memory(tt_bytes) {
        return Err(NotationError::new(
            format!("{} value", spec.name),
            format!("tt={}", tt_text.unwrap_or_else(|| format_size(default))),
            format!("a table that fits ({why})"),
        )
        .with_kind(crate::ErrorKind::OutOfRange));
    }
    Ok(tt_bytes)
}

/// The engine options of an `alphabeta(...)` spec (the switches, the table and the window).
pub fn engine_options(spec: &mut Spec) -> Result<EngineOptions, NotationError> {
    let defaults = EngineOptions::default();
    let tt_bytes = take_table_size(spec, defaults.tt_bytes)?;
    let default_replacement = Replacement::ALL
        .iter()
        .position(|&r| r == defaults.replacement);
    let replacement = Replacement::ALL[spec.take_choice(
        "replace",
        &Replacement::NAMES,
        default_replacement.unwrap_or(0),
    )?];
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
        )
        .with_kind(crate::ErrorKind::BadValue));
    }
    let threads = spec.take_parsed(
        "threads",
        defaults.threads,
        "threads= a whole number from 1 to 256",
    )?;
    if !(1..=256).contains(&threads) {
        return Err(NotationError::new(
            "alphabeta value",
            format!("threads={threads}"),
            "threads= a whole number from 1 to 256",
        )
        .with_kind(crate::ErrorKind::BadValue));
    }
    if threads > 1 && tt_bytes == 0 {
        // The threads of a parallel search share only the table: without one they would all
        // search the same tree.
        return Err(NotationError::new(
            "alphabeta value",
            format!("threads={threads} with tt=off"),
            "threads= above 1 with a table (tt= a size): the threads share their work through it",
        )
        .with_kind(crate::ErrorKind::BadValue));
    }
    Ok(EngineOptions {
        tt_bytes,
        replacement,
        tt_move: spec.take_switch("ttmove", defaults.tt_move)?,
        iterative_deepening: spec.take_switch("id", defaults.iterative_deepening)?,
        pvs: spec.take_switch("pvs", defaults.pvs)?,
        aspiration: spec.take_switch("aspiration", defaults.aspiration)?,
        aspiration_window: window,
        killers: spec.take_switch("killers", defaults.killers)?,
        history: spec.take_switch("history", defaults.history)?,
        priority: spec.take_switch("priority", defaults.priority)?,
        threads,
        defer: spec.take_switch("defer", defaults.defer)?,
        stagger: spec.take_switch("stagger", defaults.stagger)?,
        tt_min_depth: defaults.tt_min_depth,
    })
}
