//! Root analysis: the value of every move of a position (and, on request, of every reply to
//! every move), with symmetric moves solved once and whole moves shared out among threads.

use super::split::{solve_each, Split};
use super::{Solvable, SolveStats, SolverOptions};
use crate::score::Score;
use crate::StopFlag;
use std::sync::Mutex;
use std::time::Instant;

pub use super::solution::{describe_value, MoveValue, OpeningReplies, Solution, SolveError};

/// Solves `state`: its value and the value of every legal move, and with `all_replies` the
/// value of every reply to every move. Symmetric moves are solved once (with
/// [`SolverOptions::symmetry`]); whole moves are shared out among [`SolverOptions::threads`]
/// threads, so the answer is the same on any number of threads.
///
/// ```
/// use ply_search::solver::{solve, SolverOptions};
/// use ply_search::tree::Tree;
/// let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let options = SolverOptions { distance: true, ..SolverOptions::default() };
/// let solution = solve(&tree, &options, false).unwrap();
/// assert_eq!(solution.value, 3);
/// let values: Vec<_> = solution.moves.iter().map(|m| m.value).collect();
/// assert_eq!(values, [3, 2, 2]);
/// ```
pub fn solve<G: Solvable>(
    state: &G,
    options: &SolverOptions,
    all_replies: bool,
) -> Result<Solution<G::Move>, SolveError> {
    solve_until(state, options, all_replies, &StopFlag::new())
}

/// [`solve`], stopped early (an error naming [`StopReason::Stop`](crate::StopReason::Stop)) once `stop` is raised by
/// another thread: a Ctrl-C in Python, a server whose client went away.
pub fn solve_until<G: Solvable>(
    state: &G,
    options: &SolverOptions,
    all_replies: bool,
    stop: &StopFlag,
) -> Result<Solution<G::Move>, SolveError> {
    let start = Instant::now();
    // A one-machine solve is a split solve on one machine: the moves' positions (one of each
    // symmetry class) are the jobs, or, for every reply, the replies' positions (one of each
    // class over all openings at once), and their values combine into the solution.
    let depth = if all_replies { 2 } else { 1 };
    let split = Split::new(state, depth, options.symmetry)
        .expect("a position has fewer than MAX_JOBS moves and replies");
    let (values, stats) = if options.finer_split {
        super::replies::solve_by_replies(split.jobs(), options, stop)?
    } else {
        solve_all(split.jobs(), options, stop)?
    };
    let mut solution = split
        .combine(&values, options, all_replies, stats)
        .expect("one value per job, and replies at depth 2");
    solution.stats.time_us = start.elapsed().as_micros() as u64;
    Ok(solution)
}

/// The value of each position for its side to move, solved on the configured threads
/// ([`solve_each`]).
fn solve_all<G: Solvable>(
    jobs: &[G],
    options: &SolverOptions,
    stop: &StopFlag,
) -> Result<(Vec<Score>, SolveStats), SolveError> {
    let indexed: Vec<(usize, G)> = jobs.iter().cloned().enumerate().collect();
    let results = Mutex::new(vec![None; jobs.len()]);
    let stats = solve_each(&indexed, options, stop, &|i, value, _| {
        results.lock().expect("no panic")[i] = Some(value);
    })?;
    let values = results
        .into_inner()
        .expect("no panic")
        .into_iter()
        .map(|v| v.expect("every job solved"))
        .collect();
    Ok((values, stats))
}
