//! `mcts(...)`: its keys, and its options and limits read from a spec.

use super::limits;
use super::units::parse_size;
use crate::mcts::{FinalChoice, MctsOptions, Parallel, Playout, Selection};
use crate::{Limits, NotationError, Spec};

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
    let threads = spec.take_parsed("threads", 1usize, "threads= a whole number from 1 to 256")?;
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
