//! Searches, perft and the solver from Python. Each runs on a thread of its own without the
//! GIL, so Python threads run searches in parallel; the calling thread wakes every 10 ms to
//! look at Python's signals, and Ctrl-C stops the work and raises `KeyboardInterrupt`.

// `with_game!` expands the same code for every game; most states are `Copy`, an explicit
// tree is not, so the states are cloned.
#![allow(clippy::clone_on_copy)]

use crate::convert::to_python;
use crate::errors::{bad_value, to_py};
use crate::state::State;
use ply_registry::with_game;
use ply_search::agents::{build_agent, parse_duration, parse_size};
use ply_search::describe::search_json;
use ply_search::perft::{perft_until, Count};
use ply_search::solver::{solve_until, SolverOptions};
use ply_search::{Game, StopFlag};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Runs `work` on its own thread without the GIL, checking Python's signals every 10 ms; on a
/// signal's exception (Ctrl-C), raises the stop flag `work` was given, waits for it to return
/// and raises the exception.
pub(crate) fn interruptible<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&StopFlag) -> R + Send,
) -> PyResult<R> {
    let stop = StopFlag::new();
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            /// Says the work is over however it ends, a panic included.
            struct Done<'a>(&'a AtomicBool);
            impl Drop for Done<'_> {
                fn drop(&mut self) {
                    self.0.store(true, Ordering::Release);
                }
            }
            let _done = Done(&done);
            work(&stop)
        });
        while !done.load(Ordering::Acquire) {
            py.detach(|| {
                for _ in 0..5 {
                    if done.load(Ordering::Acquire) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            });
            if let Err(signal) = py.check_signals() {
                stop.stop();
                // Without the GIL: the work may still call Python (an agent written in it).
                py.detach(|| {
                    let _ = worker.join();
                });
                return Err(signal);
            }
        }
        py.detach(|| worker.join())
            .map_err(|_| PyRuntimeError::new_err("the search panicked"))
    })
}

/// The agent named by `agent` (an agent spec, as for `ply search`) searches `state`; returns
/// what `ply search --json` prints, as a dict: `best_move`, `score`, `score_text`, `pv`,
/// `stats`... and `best_action`, the best move's action number.
#[pyfunction]
pub fn search<'py>(py: Python<'py>, state: &State, agent: &str) -> PyResult<Bound<'py, PyAny>> {
    let (json, best_action) = with_game!(&state.state, s => {
        let mut searcher = build_agent(agent).map_err(to_py)?;
        if s.is_terminal() {
            return Err(bad_value(format!(
                "bad position `{}`: expected a position where the game goes on (this one is over)",
                s.position()
            )));
        }
        let s = s.clone();
        interruptible(py, move |stop| {
            searcher.set_stop(Some(stop.clone()));
            let result = searcher.select_move(&s);
            let best = result.best_move.map(|m| ply_search::describe::Actions::action(&s, m));
            (search_json(&s, searcher.name(), &result), best)
        })?
    });
    let dict = to_python(py, &json)?;
    dict.set_item("best_action", best_action)?;
    Ok(dict)
}

/// The leaves of the game tree below `state` cut at `depth` plies; `count="strict"` counts only
/// lines of exactly `depth` plies (see `ply perft --count`).
#[pyfunction]
#[pyo3(signature = (state, depth, count = "leaves"))]
pub fn perft(py: Python<'_>, state: &State, depth: u32, count: &str) -> PyResult<u64> {
    let count = match count {
        "leaves" => Count::Leaves,
        "strict" => Count::Strict,
        other => {
            return Err(bad_value(format!(
                "bad count `{other}`: expected leaves or strict"
            )))
        }
    };
    if depth > 64 {
        return Err(bad_value(format!(
            "bad depth `{depth}`: expected at most 64 plies"
        )));
    }
    let leaves = with_game!(&state.state, s => {
        let s = s.clone();
        interruptible(py, move |stop| perft_until(&s, depth, count, stop))?
    });
    leaves.ok_or_else(|| PyRuntimeError::new_err("perft stopped"))
}

/// Solves `state` exactly, as `ply solve --json`: the value, every move's value, and with
/// `all_replies` every reply's. Limits as strings (`time="30s"`, `tt="64MiB"`) or numbers
/// (`nodes=1_000_000`).
#[pyfunction]
#[pyo3(signature = (state, all_replies = false, distance = false, threads = 1, tt = "64MiB", time = None, nodes = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve<'py>(
    py: Python<'py>,
    state: &State,
    all_replies: bool,
    distance: bool,
    threads: usize,
    tt: &str,
    time: Option<&str>,
    nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let tt_bytes = parse_size(tt).ok_or_else(|| {
        bad_value(format!(
            "bad tt `{tt}`: expected a size like 64MiB, 1GiB or 0"
        ))
    })?;
    let max_time = time
        .map(|t| {
            parse_duration(t).ok_or_else(|| {
                bad_value(format!(
                    "bad time `{t}`: expected a duration like 500ms or 30s"
                ))
            })
        })
        .transpose()?;
    if !(1..=256).contains(&threads) {
        return Err(bad_value(format!(
            "bad threads `{threads}`: expected a number from 1 to 256"
        )));
    }
    let options = SolverOptions {
        tt_bytes,
        distance,
        threads,
        max_nodes: nodes,
        max_time,
        ..SolverOptions::default()
    };
    let json = with_game!(&state.state, s => {
        let s = s.clone();
        interruptible(py, move |stop| {
            solve_until(&s, &options, all_replies, stop)
                .map(|solution| serde_json::to_value(&solution).expect("a solution serialises"))
                .map_err(|e| e.to_string())
        })?
    });
    match json {
        Ok(json) => to_python(py, &json),
        Err(message) => Err(PyRuntimeError::new_err(message)),
    }
}
