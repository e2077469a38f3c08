//! A finer split of a solve between threads than whole positions
//! ([`SolverOptions::finer_split`]): the units of work are the replies to each of the solve's
//! positions (one of each symmetry class), taken in the solver's own order, fewest replies
//! first. A thread that finishes early helps with the replies of a position another thread
//! is still on, instead of waiting idle while the largest position is solved whole.
//!
//! In an outcome-only solve a position is won as soon as one reply loses for the player
//! making it, and its remaining replies are passed over, as a single search's cutoff would
//! skip them; a reply already under way when that happens is called off. With
//! [`SolverOptions::distance`] every reply is solved exactly, without the bounds one search
//! carries from reply to reply.

use super::classes::canonical_key;
use super::solution::for_mover;
use super::split::solve_picked;
use super::{Solvable, SolveError, SolveStats, SolverOptions};
use crate::score::Score;
use crate::{MoveList, StopFlag};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How long a thread waiting for an eldest reply sleeps at most before looking at the stop
/// flag again.
const WAKE_EVERY: Duration = Duration::from_millis(20);

/// The value of each of `positions` for its side to move (each non-terminal), solved reply by
/// reply on the configured threads.
pub(super) fn solve_by_replies<G: Solvable>(
    positions: &[G],
    options: &SolverOptions,
    stop: &StopFlag,
) -> Result<(Vec<Score>, SolveStats), SolveError> {
    // Every position's replies as one list, position by position; `owner[u]` is the position
    // of reply `u`.
    let mut units: Vec<(usize, G)> = Vec::new();
    let mut owner = Vec::new();
    // Position p's replies are units[first_unit[p]..first_unit[p + 1]].
    let mut first_unit = vec![0];
    for (p, position) in positions.iter().enumerate() {
        for reply in replies_in_order(position, options) {
            owner.push(p);
            units.push((units.len(), reply));
        }
        first_unit.push(units.len());
    }
    let progress = Mutex::new(Progress {
        values: vec![None; units.len()],
        first_win: vec![None; positions.len()],
        eldest_done: vec![false; positions.len()],
        taken: vec![false; units.len()],
        lowest_untaken: 0,
        running: vec![None; units.len()],
        busy: 0,
    });
    let changed = Condvar::new();
    let pick = |flag: &StopFlag| {
        let mut progress = progress.lock().expect("no panic");
        loop {
            if let Some(u) = progress.next_unit(&owner, &first_unit, options.distance) {
                progress.taken[u] = true;
                progress.running[u] = Some(flag.clone());
                progress.busy += 1;
                return Some(u);
            }
            if progress.busy == 0 || flag.is_raised() {
                return None;
            }
            // Every unit left waits for an eldest reply under way: wait for a change.
            progress = changed
                .wait_timeout(progress, WAKE_EVERY)
                .expect("no panic")
                .0;
        }
    };
    let done = |u: usize, value: Option<Score>, _cost| {
        let mut progress = progress.lock().expect("no panic");
        progress.busy -= 1;
        progress.running[u] = None;
        let p = owner[u];
        if u == first_unit[p] {
            progress.eldest_done[p] = true;
        }
        if let Some(value) = value.map(for_mover) {
            progress.values[u] = Some(value);
            if !options.distance && value > 0 {
                let first = progress.first_win[p].map_or(u, |f| f.min(u));
                progress.first_win[p] = Some(first);
                // The later replies under way are no longer needed: call them off.
                for stop in progress.running[first + 1..first_unit[p + 1]]
                    .iter()
                    .flatten()
                {
                    stop.stop();
                }
            }
        }
        changed.notify_all();
    };
    let stats = solve_picked(&units, options, stop, &pick, &done)?;
    let progress = progress.into_inner().expect("no panic");
    // A position's value: the best of its replies up to its first win (all of them without
    // one). Every reply before the first win was solved, since only a win passes replies
    // over; later ones, solved or not, are left out, so the value does not depend on timing.
    let mut values = vec![None::<Score>; positions.len()];
    for (u, &p) in owner.iter().enumerate() {
        if progress.first_win[p].is_some_and(|first| u > first) {
            continue;
        }
        let value = progress.values[u].expect("every needed reply is solved");
        values[p] = Some(values[p].map_or(value, |best| best.max(value)));
    }
    let values = values
        .into_iter()
        .map(|v| v.expect("a non-terminal position has a reply"))
        .collect();
    Ok((values, stats))
}

/// Where the finer split stands: which replies are taken, solved, running or no longer needed.
struct Progress {
    /// Each reply's value for the player making it, once solved.
    values: Vec<Option<Score>>,
    /// Per position: the first of its replies (in the order above) found winning.
    first_win: Vec<Option<usize>>,
    /// Per position: whether its first reply (its eldest) is done.
    eldest_done: Vec<bool>,
    /// Each reply: whether a thread took it or it was passed over.
    taken: Vec<bool>,
    /// Every reply before this one is taken.
    lowest_untaken: usize,
    /// Each reply's stop flag while a thread is solving it.
    running: Vec<Option<StopFlag>>,
    /// Replies under way.
    busy: usize,
}

impl Progress {
    /// The first reply worth starting now, in order: not taken, not after a win of its
    /// position, and either its position's eldest or (in an outcome-only solve, where a win
    /// makes the rest needless) after the eldest is done, as in young-brothers-wait. Replies
    /// no longer needed are marked taken on the way.
    fn next_unit(
        &mut self,
        owner: &[usize],
        first_unit: &[usize],
        distance: bool,
    ) -> Option<usize> {
        while self.lowest_untaken < self.taken.len() && self.taken[self.lowest_untaken] {
            self.lowest_untaken += 1;
        }
        for (u, &p) in owner.iter().enumerate().skip(self.lowest_untaken) {
            if self.taken[u] {
                continue;
            }
            if self.first_win[p].is_some_and(|first| u > first) {
                self.taken[u] = true;
                continue;
            }
            if distance || u == first_unit[p] || self.eldest_done[p] {
                return Some(u);
            }
        }
        None
    }
}

/// The positions after the replies the solver searches in `position`
/// ([`Solvable::solver_moves`]), one of each symmetry class (with
/// [`SolverOptions::symmetry`]), fewest replies first (with
/// [`SolverOptions::fewest_replies`]; the game's order breaks ties).
fn replies_in_order<G: Solvable>(position: &G, options: &SolverOptions) -> Vec<G> {
    let mut moves = MoveList::new();
    position.solver_moves(&mut moves);
    let mut keys = Vec::new();
    if options.fewest_replies {
        position.order_keys(&moves, &mut keys);
    } else {
        keys.resize(moves.len(), 0);
    }
    let mut ranked: Vec<(u32, G::Move)> = keys.into_iter().zip(moves).collect();
    ranked.sort_by_key(|&(key, _)| key);
    let mut seen = Vec::new();
    let mut replies = Vec::new();
    for (_, mv) in ranked {
        let child = position.play(mv);
        let class = canonical_key(&child, options.symmetry);
        if !seen.contains(&class) {
            seen.push(class);
            replies.push(child);
        }
    }
    replies
}
