//! `alphabeta(...)`: the engine's option keys, and the options read from a spec.

use super::units::parse_size;
use crate::engine::{EngineOptions, Replacement};
use crate::{NotationError, Spec};

/// The engine options of an `alphabeta(...)` spec (the switches, the table and the window).
pub fn engine_options(spec: &mut Spec) -> Result<EngineOptions, NotationError> {
    let defaults = EngineOptions::default();
    let tt_text = spec.take("tt");
    let tt_bytes = match &tt_text {
        None => defaults.tt_bytes,
        Some(v) => parse_size(v).ok_or_else(|| {
            NotationError::new(
                "alphabeta value",
                format!("tt={v}"),
                "tt= a size such as 64MiB or 512KiB (at most 64GiB), or off",
            )
            .with_kind(crate::ErrorKind::BadValue)
        })?,
    };
    if let Some(why) = super::units::too_big_for_memory(tt_bytes) {
        return Err(NotationError::new(
            "alphabeta value",
            format!("tt={}", tt_text.as_deref().unwrap_or("16MiB")),
            format!("a table that fits ({why})"),
        )
        .with_kind(crate::ErrorKind::OutOfRange));
    }
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
        )
        .with_kind(crate::ErrorKind::BadValue));
    }
    let threads = spec.take_parsed("threads", 1usize, "threads= a whole number from 1 to 256")?;
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
        tt_move: spec.take_switch("ttmove", true)?,
        iterative_deepening: spec.take_switch("id", true)?,
        pvs: spec.take_switch("pvs", true)?,
        aspiration: spec.take_switch("aspiration", true)?,
        aspiration_window: window,
        killers: spec.take_switch("killers", true)?,
        history: spec.take_switch("history", true)?,
        priority: spec.take_switch("priority", true)?,
        threads,
        defer: spec.take_switch("defer", true)?,
        stagger: spec.take_switch("stagger", true)?,
        tt_min_depth: None,
    })
}
