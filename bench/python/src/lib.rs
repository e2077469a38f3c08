//! # ply-python
//!
//! The native half of the Python package `ply-search` (imported as `ply_search`): games and
//! states in the OpenSpiel shape, searches, perft and the solver, all through the game registry
//! and the agent-spec language the `ply` command uses. The Python half (`python/ply_search`)
//! re-exports it with docstrings and type stubs.

mod agent;
mod arena;
mod convert;
mod courses;
mod errors;
mod odds;
mod picture;
mod pygame;
mod pyshape;
mod records;
mod run;
mod split;
mod state;
mod teaching;
mod watch;

use pyo3::prelude::*;

/// The extension module `ply_search._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<state::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<agent::Agent>()?;
    m.add_class::<arena::Standings>()?;
    m.add_function(wrap_pyfunction!(arena::arena, m)?)?;
    m.add_class::<records::RecordFile>()?;
    m.add_function(wrap_pyfunction!(records::standings, m)?)?;
    m.add_function(wrap_pyfunction!(split::split_jobs, m)?)?;
    m.add_function(wrap_pyfunction!(split::solve_positions, m)?)?;
    m.add_function(wrap_pyfunction!(split::split_combine, m)?)?;
    m.add_function(wrap_pyfunction!(state::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::registered_games, m)?)?;
    m.add_function(wrap_pyfunction!(state::solved_boards, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(run::search, m)?)?;
    m.add_function(wrap_pyfunction!(run::perft, m)?)?;
    m.add_function(wrap_pyfunction!(run::playouts, m)?)?;
    m.add_function(wrap_pyfunction!(run::solve, m)?)?;
    m.add_function(wrap_pyfunction!(run::solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(run::check, m)?)?;
    m.add_function(wrap_pyfunction!(courses::udacity_actions, m)?)?;
    m.add_function(wrap_pyfunction!(courses::udacity_result, m)?)?;
    m.add_function(wrap_pyfunction!(courses::udacity_liberties, m)?)?;
    m.add_function(wrap_pyfunction!(courses::udacity_status, m)?)?;
    m.add_function(wrap_pyfunction!(courses::udacity_drawing, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_trees, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_chance_trees, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_chance_tree, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_expectimax, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_course, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_isolation_positions, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_kayles_perft, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_kayles_game, m)?)?;
    m.add_function(wrap_pyfunction!(teaching::teaching_kayles_value, m)?)?;
    Ok(())
}
