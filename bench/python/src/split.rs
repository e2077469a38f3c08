//! Split solves from Python, for drivers that spread a solve's jobs over machines
//! (`ply_search.ray.solve`): the jobs of a position, the values of some of them, and their
//! combination into the solution `solve` gives. The same `Split` as `ply solve --split-depth`.

use crate::convert::to_python;
use crate::errors::{bad_value, to_py};
use crate::run::interruptible;
use crate::state::State;
use ply_registry::with_game;
use ply_registry::Prebuilt;
use ply_search::solver::split::{impossible_value, Split};
use ply_search::solver::{Solvable, SolverOptions};
use ply_search::Game;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::collections::HashMap;
use std::sync::Mutex;

fn options(distance: bool) -> SolverOptions {
    SolverOptions {
        distance,
        ..SolverOptions::default()
    }
}

fn jobs_of<G: Solvable>(state: &G, depth: u32) -> PyResult<Vec<String>> {
    let split = Split::new(state, depth, true).map_err(bad_value)?;
    Ok(split.jobs().iter().map(Game::position).collect())
}

/// The jobs of solving `state` split `depth` plies down (1 to 8): positions, one of each
/// symmetry class, as `ply solve --split-depth D --write-jobs` lists them.
#[pyfunction]
pub fn split_jobs(state: PyRef<'_, State>, depth: u32) -> PyResult<Vec<String>> {
    if !(1..=8).contains(&depth) {
        return Err(bad_value(format!("bad depth `{depth}`: expected 1 to 8")));
    }
    state
        .state
        .require_two_players("split_jobs")
        .map_err(to_py)?;
    with_game!(&state.state, s => jobs_of(s, depth))
}

fn values_of<G: Prebuilt>(
    py: Python<'_>,
    start: &G,
    positions: &[String],
    options: &SolverOptions,
) -> PyResult<Vec<(i32, u64)>> {
    let jobs = positions
        .iter()
        .enumerate()
        .map(|(i, p)| start.parse_position(p).map(|s| (i, s)).map_err(to_py))
        .collect::<PyResult<Vec<_>>>()?;
    let values = Mutex::new(vec![(0, 0); jobs.len()]);
    let solved = interruptible(py, |stop| {
        G::solve_each(&jobs, options, stop, &|i, value, cost| {
            values.lock().expect("no panic")[i] = (value, cost.nodes);
        })
    })?;
    solved.map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(values.into_inner().expect("no panic"))
}

/// The value (for the side to move) and the nodes it took of each of `positions` of the game of
/// `state`, solved without the GIL on `threads` threads.
#[pyfunction]
#[pyo3(signature = (state, positions, *, distance = false, threads = 1))]
pub fn solve_positions(
    py: Python<'_>,
    state: PyRef<'_, State>,
    positions: Vec<String>,
    distance: bool,
    threads: usize,
) -> PyResult<Vec<(i32, u64)>> {
    let options = SolverOptions {
        threads: threads.clamp(1, 256),
        ..options(distance)
    };
    state
        .state
        .require_two_players("solve_positions")
        .map_err(to_py)?;
    with_game!(&state.state, s => values_of(py, s, &positions, &options))
}

fn combine_in<'py, G: Solvable>(
    py: Python<'py>,
    state: &G,
    depth: u32,
    values: &HashMap<String, i32>,
    options: &SolverOptions,
    all_replies: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let split = Split::new(state, depth, options.symmetry).map_err(bad_value)?;
    let mut listed = Vec::with_capacity(split.jobs().len());
    for (i, job) in split.jobs().iter().enumerate() {
        let position = job.position();
        let value = values.get(&position).ok_or_else(|| {
            bad_value(format!(
                "bad values: job {i} (`{position}`) has none; expected a value for every job of split_jobs(state, {depth})"
            ))
        })?;
        if let Some(why) = impossible_value(job, *value, options.distance) {
            return Err(bad_value(format!(
                "bad values: job {i} (`{position}`) has the value {value}; expected {why}"
            )));
        }
        listed.push(*value);
    }
    if values.len() > listed.len() {
        return Err(bad_value(format!(
            "bad values: {} positions that are not jobs of split_jobs(state, {depth}); expected the values of its jobs",
            values.len() - listed.len()
        )));
    }
    let solution = split
        .combine(&listed, options, all_replies, Default::default())
        .ok_or_else(|| {
            bad_value(format!(
                "bad depth `{depth}` with all_replies: expected 2 or more"
            ))
        })?;
    to_python(
        py,
        &serde_json::to_value(&solution).expect("a solution serialises"),
    )
}

/// The solution of `state` (as `solve` returns it) from the values of its jobs at `depth`
/// (`{position: value}`, as `solve_positions` gives them, solved with the same `distance`).
#[pyfunction]
#[pyo3(signature = (state, depth, values, *, all_replies = false, distance = false))]
pub fn split_combine<'py>(
    py: Python<'py>,
    state: PyRef<'py, State>,
    depth: u32,
    values: HashMap<String, i32>,
    all_replies: bool,
    distance: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let options = options(distance);
    state
        .state
        .require_two_players("split_combine")
        .map_err(to_py)?;
    with_game!(&state.state, s => combine_in(py, s, depth, &values, &options, all_replies))
}
