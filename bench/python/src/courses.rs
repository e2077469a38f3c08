//! The native half of the courses' own APIs: `ply_search.udacity.Isolation`, the 11x9 state
//! class of Udacity's `isolation.py`, whose methods call these functions on the state's fields
//! (`board`, `ply_count`, `locs`), so that the Python class stays an immutable named tuple as
//! the original is, and its rules are ply's, bit for bit.

use ply_isolation::{Isolation, Variant};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// The original's locations: a pair of cells, `None` while a player is unplaced.
type Locs = (Option<u8>, Option<u8>);

/// The 11x9 state with these fields, or a `ValueError` naming the bad field.
fn udacity(board: u128, ply_count: u32, locs: Locs) -> PyResult<Isolation> {
    Isolation::from_parts(Variant::udacity(), board, ply_count, [locs.0, locs.1])
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `actions()`: the mover's legal actions in the original's order (cells while opening,
/// knight offsets afterwards).
#[pyfunction]
pub fn udacity_actions(board: u128, ply_count: u32, locs: Locs) -> PyResult<Vec<i32>> {
    Ok(udacity(board, ply_count, locs)?.actions())
}

/// `result(action)`'s new board and locations, or the original's `RuntimeError` for a blocked
/// target.
#[pyfunction]
pub fn udacity_result(
    board: u128,
    ply_count: u32,
    locs: Locs,
    action: i32,
) -> PyResult<(u128, Locs)> {
    let next = udacity(board, ply_count, locs)?
        .result(action)
        .map_err(|_| PyRuntimeError::new_err("Invalid move: target cell blocked"))?;
    let [a, b] = next.locs();
    Ok((next.board(), (a, b)))
}

/// `liberties(loc)`: open cells a knight's move from `loc` in action order (every open cell
/// when `loc` is `None`).
#[pyfunction]
pub fn udacity_liberties(
    board: u128,
    ply_count: u32,
    locs: Locs,
    loc: Option<u8>,
) -> PyResult<Vec<u32>> {
    let state = udacity(board, ply_count, locs)?;
    if loc.is_some_and(|c| !Variant::udacity().is_cell(c)) {
        // The original lists the open cells among the offsets' targets; off the board there
        // are none that are open.
        return Ok(Vec::new());
    }
    Ok(state.liberties(loc).into_iter().map(u32::from).collect())
}

/// `terminal_test()`, `utility(0)`, `utility(1)` and both players' "has liberties" (the cell-0
/// quirk included), in one call.
#[pyfunction]
pub fn udacity_status(
    board: u128,
    ply_count: u32,
    locs: Locs,
) -> PyResult<(bool, f64, f64, bool, bool)> {
    let s = udacity(board, ply_count, locs)?;
    Ok((
        s.terminal_test(),
        s.utility(0),
        s.utility(1),
        s.has_liberties(0),
        s.has_liberties(1),
    ))
}

/// `DebugState.__str__`: the board as the original draws it.
#[pyfunction]
pub fn udacity_drawing(board: u128, ply_count: u32, locs: Locs) -> PyResult<String> {
    Ok(udacity(board, ply_count, locs)?.debug_string())
}
