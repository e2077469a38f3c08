//! Many positions of one game solved in one run, as Pascal Pons' Connect Four solver reads its
//! test sets: each thread keeps one solver (and its share of the table) from position to
//! position, so what one position proves serves the next, and the answers come back in the
//! order the positions were given.

use super::split::{solve_picked, JobCost};
use super::{Solvable, SolverOptions};
use crate::{Score, StopFlag, StopReason};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// One position's answer in a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchAnswer {
    /// The value for the side to move, counted from the position: exact with
    /// [`SolverOptions::distance`], otherwise exact in sign ([`super::Solver::value`]).
    pub value: Score,
    /// The value in the game's own convention ([`Solvable::conventional_score`]): Connect
    /// Four's Pons score; `None` for games without one.
    pub score: Option<i32>,
    /// Positions visited for this one.
    pub nodes: u64,
    /// Wall-clock time for this one, in microseconds.
    pub micros: u64,
}

/// Solves every position of `positions` with `options`, calling `answer(index, result)` once
/// for each, in the order of `positions`, as soon as it and every position before it are
/// solved. The threads are [`split::solve_each`](super::split::solve_each)'s: each takes the
/// next unsolved position with a solver of its own (its table `tt_bytes / threads`, kept
/// across positions). The options' node limit applies to each position, their time limit to
/// the whole batch; a limit reached, or `stop` raised, ends the batch, and the positions left
/// unsolved get `Err` with the reason.
///
/// ```
/// use ply_search::solver::batch::solve_batch;
/// use ply_search::solver::SolverOptions;
/// use ply_search::tree::Tree;
/// use ply_search::StopFlag;
/// let positions = [Tree::parse("[[3,12],[2,4]]").unwrap(), Tree::parse("[1,5]").unwrap()];
/// let mut values = Vec::new();
/// let options = SolverOptions { distance: true, threads: 2, ..SolverOptions::default() };
/// solve_batch(&positions, &options, &StopFlag::new(), |i, answer| {
///     values.push((i, answer.unwrap().value))
/// });
/// assert_eq!(values, [(0, 3), (1, 5)]);
/// ```
pub fn solve_batch<G: Solvable>(
    positions: &[G],
    options: &SolverOptions,
    stop: &StopFlag,
    mut answer: impl FnMut(usize, Result<BatchAnswer, StopReason>),
) {
    let jobs: Vec<(usize, G)> = positions.iter().cloned().enumerate().collect();
    let next = AtomicUsize::new(0);
    let pick = |_: &StopFlag| {
        let i = next.fetch_add(1, Ordering::Relaxed);
        (i < jobs.len()).then_some(i)
    };
    let found = |i: usize, value: Option<Score>, cost: JobCost| {
        value.map(|value| BatchAnswer {
            value,
            score: positions[i].conventional_score(value, options.distance),
            nodes: cost.nodes,
            micros: cost.micros,
        })
    };
    let (send, receive) = mpsc::channel();
    let (jobs, pick, found) = (&jobs, &pick, &found);
    // The solve runs on a thread of its own while this one writes the answers in order.
    let ended = std::thread::scope(|scope| {
        let solving = scope.spawn(move || {
            let done = |i: usize, value: Option<Score>, cost: JobCost| {
                let _ = send.send((i, found(i, value, cost)));
            };
            solve_picked(jobs, options, stop, pick, &done)
        });
        let mut waiting = vec![None; positions.len()];
        let mut due = 0;
        for (i, result) in receive {
            waiting[i] = Some(result);
            // An unsolved position waits for the reason, known once the solve has ended.
            while let Some(Some(Some(_))) = waiting.get(due) {
                let solved = waiting[due].take().flatten().expect("just checked");
                answer(due, Ok(solved));
                due += 1;
            }
        }
        (
            solving.join().expect("the solve does not panic"),
            due,
            waiting,
        )
    });
    let (result, due, mut waiting) = ended;
    let reason = result.err().map_or(StopReason::Stop, |e| e.stopped_by);
    for (i, slot) in waiting.iter_mut().enumerate().skip(due) {
        answer(i, slot.take().flatten().ok_or(reason));
    }
}

/// `line` as a position of `start`'s game with a move to make, or why not in one line (the
/// notation's error, or the game already over).
pub fn read_position<G: Solvable>(start: &G, line: &str) -> Result<G, String> {
    let position = start.parse_position(line).map_err(|e| e.to_string())?;
    if position.is_terminal() {
        return Err(format!(
            "position `{line}` is already over: expected a position with a move to make"
        ));
    }
    Ok(position)
}

/// One position's answer as one JSON object, as `ply solve --batch --json` writes it and
/// Python's `solve_batch` returns it: the value for the side to move, its outcome (`win`,
/// `draw` or `loss`), the plies to the end when `exact_distance`, the game's own score, the
/// nodes and the microseconds; or the limit that stopped it.
pub fn answer_json(
    position: &str,
    answer: &Result<BatchAnswer, StopReason>,
    exact_distance: bool,
) -> serde_json::Value {
    match answer {
        Ok(a) => serde_json::json!({
            "position": position,
            "value": a.value,
            "outcome": match a.value.signum() {
                1 => "win",
                -1 => "loss",
                _ => "draw",
            },
            "plies": crate::score::plies_to_result(a.value).filter(|_| exact_distance),
            "score": a.score,
            "nodes": a.nodes,
            "micros": a.micros,
        }),
        Err(reason) => serde_json::json!({ "position": position, "stopped_by": reason }),
    }
}

/// A line of a batch that is no position to solve, as one JSON object: the line and why.
pub fn refusal_json(position: &str, why: &str) -> serde_json::Value {
    serde_json::json!({ "position": position, "error": why })
}
