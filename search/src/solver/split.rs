//! A solve cut into independent subproblems, for many machines: the positions a few plies below
//! the root (one of each symmetry class, transpositions once), each solved on its own by any
//! machine, and their values combined into the very solution a one-machine solve gives.
//!
//! ```
//! use ply_search::solver::split::Split;
//! use ply_search::solver::{solve, Solver, SolverOptions};
//! use ply_search::tree::Tree;
//! let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! let options = SolverOptions { distance: true, ..SolverOptions::default() };
//! let split = Split::new(&tree, 1, options.symmetry).unwrap();
//! // Each job anywhere, in any order; here all on one solver.
//! let values: Vec<_> = split.jobs().iter().map(|job| Solver::new(options.clone()).value(job).unwrap()).collect();
//! let combined = split.combine(&values, &options, false, Default::default()).unwrap();
//! assert_eq!(combined.moves, solve(&tree, &options, false).unwrap().moves);
//! ```

use super::classes::{canonical_key, classes, expand};
use super::solution::{finish, for_mover};
use super::SolverOptions;
use super::{MoveValue, OpeningReplies, Solution, Solvable, SolveError, SolveStats, Solver};
use crate::score::Score;
use crate::{StopFlag, StopReason};
use ahash::{AHashMap, AHashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The most jobs a split makes (each is held in memory, and listed in a file).
pub const MAX_JOBS: usize = 10_000_000;

/// A position's solve cut `depth` plies below it.
#[derive(Clone, Debug)]
pub struct Split<G> {
    root: G,
    depth: u32,
    symmetry: bool,
    jobs: Vec<G>,
    job_of_key: AHashMap<u64, usize>,
}

impl<G: Solvable> Split<G> {
    /// The subproblems of `root` at `depth` plies (at least 1): every position the game can
    /// reach in exactly that many plies without ending, one of each symmetry class (with
    /// `symmetry`) and each transposition once, in a fixed order. Games that end sooner are
    /// settled by their rules when the values are combined. More than [`MAX_JOBS`] jobs is
    /// an error naming the depth.
    pub fn new(root: &G, depth: u32, symmetry: bool) -> Result<Split<G>, String> {
        let mut split = Split {
            root: root.clone(),
            depth: depth.max(1),
            symmetry,
            jobs: Vec::new(),
            job_of_key: AHashMap::new(),
        };
        let mut seen = AHashSet::new();
        if split.collect(root, 0, &mut seen) {
            Ok(split)
        } else {
            Err(format!(
                "bad --split-depth `{depth}`: more than {MAX_JOBS} jobs; expected a smaller depth"
            ))
        }
    }

    /// Adds the jobs below `state`; false once there are too many.
    fn collect(&mut self, state: &G, ply: u32, seen: &mut AHashSet<(u32, u64)>) -> bool {
        if state.is_terminal() || !seen.insert((ply, canonical_key(state, self.symmetry))) {
            return true;
        }
        if ply == self.depth {
            let key = canonical_key(state, self.symmetry);
            self.job_of_key.insert(key, self.jobs.len());
            self.jobs.push(state.clone());
            return self.jobs.len() <= MAX_JOBS;
        }
        state
            .legal_moves()
            .into_iter()
            .all(|mv| self.collect(&state.play(mv), ply + 1, seen))
    }

    /// The positions to solve, each for its side to move.
    pub fn jobs(&self) -> &[G] {
        &self.jobs
    }

    /// The plies below the root where the solve is cut.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The index of the job holding `state` (a position at the split's depth, or a symmetric
    /// image of one), if any.
    pub fn job_of(&self, state: &G) -> Option<usize> {
        self.job_of_key
            .get(&canonical_key(state, self.symmetry))
            .copied()
    }

    /// The root's solution from each job's value (`values[i]` for job `i`, for its side to
    /// move, as [`Solver::value`](super::Solver::value) gives it): the same moves (and, with
    /// `all_replies`, which needs a depth of 2 or more, the same replies) as a one-machine
    /// [`solve`](super::solve) with `options`. `stats` is what the jobs cost, summed. `None`
    /// when `values` does not hold one value per job.
    pub fn combine(
        &self,
        values: &[Score],
        options: &SolverOptions,
        all_replies: bool,
        stats: SolveStats,
    ) -> Option<Solution<G::Move>> {
        if values.len() != self.jobs.len() || (all_replies && self.depth < 2) {
            return None;
        }
        let start = Instant::now();
        let mut memo = AHashMap::new();
        let mut value = |state: &G, ply: u32| self.value(state, ply, values, &mut memo);
        let state = &self.root;
        if !all_replies {
            let openings = classes(state, self.symmetry);
            let opening_values: Vec<Score> = openings
                .iter()
                .map(|c| for_mover(value(&state.play(c.representative), 1)))
                .collect();
            let moves = expand(state, &openings, &opening_values);
            return Some(finish(state, options, moves, Vec::new(), stats, start));
        }
        let mut replies = Vec::new();
        for opening in state.legal_moves() {
            let child = state.play(opening);
            let listed: Vec<MoveValue<G::Move>> = child
                .legal_moves()
                .into_iter()
                .map(|reply| MoveValue {
                    mv: reply,
                    notation: child.format_move(reply),
                    value: for_mover(value(&child.play(reply), 2)),
                    same_as: None,
                    score: None,
                })
                .collect();
            let child_value = listed
                .iter()
                .map(|r| r.value)
                .max()
                .unwrap_or_else(|| child.terminal_value(child.to_move()));
            replies.push(OpeningReplies {
                opening: MoveValue {
                    mv: opening,
                    notation: state.format_move(opening),
                    value: for_mover(child_value),
                    same_as: None,
                    score: None,
                },
                replies: listed,
            });
        }
        let moves = replies.iter().map(|r| r.opening.clone()).collect();
        Some(finish(state, options, moves, replies, stats, start))
    }

    /// The value of `state`, `ply` plies below the root, for its side to move: by the rules
    /// when the game is over, from the jobs at the split's depth, by negamax above it.
    fn value(
        &self,
        state: &G,
        ply: u32,
        values: &[Score],
        memo: &mut AHashMap<(u32, u64), Score>,
    ) -> Score {
        if state.is_terminal() {
            return state.terminal_value(state.to_move());
        }
        if ply >= self.depth {
            return values[self
                .job_of(state)
                .expect("every position at the depth is a job")];
        }
        let key = (ply, canonical_key(state, self.symmetry));
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let best = state
            .legal_moves()
            .into_iter()
            .map(|mv| for_mover(self.value(&state.play(mv), ply + 1, values, memo)))
            .max()
            .unwrap_or_else(|| state.terminal_value(state.to_move()));
        memo.insert(key, best);
        best
    }
}

/// Why `value` cannot be the solved value of `job` (a position where the game goes on, for its
/// side to move), if it cannot, for a combine to refuse results that were edited or mixed up:
/// a solve gives a draw (0), or a win or loss at least one ply away and, where the distance is
/// exact, no further than the game can last from there.
///
/// ```
/// use ply_search::score::{win_in, WIN};
/// use ply_search::solver::split::impossible_value;
/// use ply_search::tree::Tree;
/// let job = Tree::parse("[[1,-1],[0,2]]").unwrap();
/// assert!(impossible_value(&job, win_in(2), true).is_none());
/// assert!(impossible_value(&job, 0, true).is_none());
/// assert!(impossible_value(&job, 123_456_789, false).is_some()); // no solved value
/// assert!(impossible_value(&job, WIN, false).is_some()); // a win at the job itself
/// ```
pub fn impossible_value<G: crate::Game>(job: &G, value: Score, distance: bool) -> Option<String> {
    if value == crate::score::DRAW {
        return None;
    }
    if !crate::score::is_decisive(value) || value.abs() > crate::score::WIN {
        return Some("a solved value is 0 (a draw) or a win or loss".into());
    }
    let plies = crate::score::plies_to_result(value)?;
    let longest = job.max_game_length();
    if plies == 0 || (distance && longest.is_some_and(|most| plies > most)) {
        return Some(format!(
            "a result {plies} plies away, where the game goes on for 1 to {} more",
            longest.map_or("any number of".to_string(), |m| m.to_string())
        ));
    }
    None
}

/// What one job of [`solve_each`] cost: a split's results carry it, so that a solve spread over
/// many sittings and machines still adds up to its whole cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JobCost {
    /// Positions the solver visited for this job.
    pub nodes: u64,
    /// Its wall-clock time on the one thread that solved it, in microseconds.
    pub micros: u64,
}

/// Solves each `(index, position)` of `jobs` for its side to move on the configured threads
/// (each thread takes the next job and keeps its own table, a share of the bytes), calling
/// `on_value(index, value, cost)` as each is found: the caller can checkpoint it. Stops at
/// the first job a limit or `stop` cuts short.
pub fn solve_each<G: Solvable>(
    jobs: &[(usize, G)],
    options: &SolverOptions,
    stop: &StopFlag,
    on_value: &(dyn Fn(usize, Score, JobCost) + Sync),
) -> Result<SolveStats, SolveError> {
    let next = AtomicUsize::new(0);
    let pick = |_: &StopFlag| {
        let i = next.fetch_add(1, Ordering::Relaxed);
        (i < jobs.len()).then_some(i)
    };
    solve_picked(jobs, options, stop, &pick, &|index, value, cost| {
        if let Some(value) = value {
            on_value(index, value, cost);
        }
    })
}

/// [`solve_each`] in the order `pick` gives: `pick(flag)` returns the position in `jobs` of
/// the next job to solve (it may wait for one to become worth starting), or `None` when no
/// job is left; `flag` is the job's own stop flag, linked to `stop`, which the caller may
/// raise later to call the job off (the finer split's replies to a move already decided).
/// `done(index, value, cost)` follows every picked job, with `None` for a job called off;
/// a job called off is not a failure.
pub(super) fn solve_picked<G: Solvable>(
    jobs: &[(usize, G)],
    options: &SolverOptions,
    stop: &StopFlag,
    pick: &(dyn Fn(&StopFlag) -> Option<usize> + Sync),
    done: &(dyn Fn(usize, Option<Score>, JobCost) + Sync),
) -> Result<SolveStats, SolveError> {
    let start = Instant::now();
    let threads = options.threads.clamp(1, jobs.len().max(1));
    let per_thread = SolverOptions {
        tt_bytes: options.tt_bytes / threads,
        ..options.clone()
    };
    let deadline = options.max_time.map(|t| Instant::now() + t);
    // Raised from outside, or by the first thread to fail (the others then stop too).
    let stop = stop.clone();
    let stats = Mutex::new(SolveStats {
        threads,
        ..SolveStats::default()
    });
    let failure = Mutex::new(None);
    let work = || {
        let mut solver = Solver::new(per_thread.clone());
        if let Some(deadline) = deadline {
            solver.set_deadline(deadline);
        }
        loop {
            if stop.is_raised() {
                // Stopped from outside between two jobs: the jobs not yet picked are unsolved,
                // so the solve failed (a thread that failed has said why already).
                failure
                    .lock()
                    .expect("no panic")
                    .get_or_insert(StopReason::Stop);
                break;
            }
            let job_stop = stop.linked();
            let Some(i) = pick(&job_stop) else {
                break;
            };
            solver.set_stop(job_stop);
            let (before, begun) = (solver.stats().nodes, Instant::now());
            let value = solver.value(&jobs[i].1);
            let cost = JobCost {
                nodes: solver.stats().nodes - before,
                micros: begun.elapsed().as_micros() as u64,
            };
            done(jobs[i].0, value, cost);
            let called_off = solver.stopped_by() == Some(StopReason::Stop) && !stop.is_raised();
            if value.is_none() && !called_off {
                let mut failed = failure.lock().expect("no panic");
                failed.get_or_insert(solver.stopped_by().unwrap_or(StopReason::Stop));
                stop.stop();
                break;
            }
        }
        stats.lock().expect("no panic").absorb(&solver.stats());
    };
    // One thread works on the caller's own (a game written in Python keeps its interpreter
    // lock that way); more are spawned.
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    let mut stats = stats.into_inner().expect("no panic");
    stats.time_us = start.elapsed().as_micros() as u64;
    if let Some(stopped_by) = failure.into_inner().expect("no panic") {
        return Err(SolveError {
            stopped_by,
            nodes: stats.nodes,
        });
    }
    Ok(stats)
}
