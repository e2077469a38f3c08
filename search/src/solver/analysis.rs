//! Root analysis: the value of every move of a position (and, on request, of every reply to
//! every move), with symmetric moves solved once and whole moves shared out among threads.

use super::split::{solve_each, Split};
use super::{Solvable, SolveStats, SolverOptions};
use crate::score::{self, relative_to_root, Score};
use crate::{Game, Player, StopFlag, StopReason};
use serde::Serialize;
use std::sync::Mutex;
use std::time::Instant;

/// One move and its exact value (in sign, or with the distance) for the player making it,
/// counted from the position before the move.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "")]
pub struct MoveValue<M> {
    /// The move.
    #[serde(skip)]
    pub mv: M,
    /// The move in the game's notation.
    pub notation: String,
    /// Its value for the player making it.
    pub value: Score,
    /// The move whose position this one's is a symmetric image of (solved once for both), in
    /// notation; `None` for the move that was solved.
    pub same_as: Option<String>,
    /// The value in the game's own convention ([`Solvable::conventional_score`]), if it has
    /// one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
}

/// An opening move and the value of each reply to it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "")]
pub struct OpeningReplies<M> {
    /// The opening and its value for the player making it.
    pub opening: MoveValue<M>,
    /// Every reply and its value for the replying player.
    pub replies: Vec<MoveValue<M>>,
}

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "")]
pub struct Solution<M> {
    /// The position solved, in the game's notation.
    pub position: String,
    /// The player to move there.
    pub to_move: Player,
    /// The position's value for that player.
    pub value: Score,
    /// Whether values carry the exact distance ([`SolverOptions::distance`]) or only the sign.
    pub exact_distance: bool,
    /// The value in the game's own convention ([`Solvable::conventional_score`]), if it has
    /// one: Connect Four's Pons score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// The name of that convention.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_convention: Option<&'static str>,
    /// Every legal move with its value, in the game's move order.
    pub moves: Vec<MoveValue<M>>,
    /// With `all_replies`: for each move, every reply with its value.
    pub replies: Vec<OpeningReplies<M>>,
    /// What it cost.
    pub stats: SolveStats,
}

impl<M> Solution<M> {
    /// The moves that win for the player to move.
    pub fn winning_moves(&self) -> impl Iterator<Item = &MoveValue<M>> {
        self.moves.iter().filter(|m| m.value > 0)
    }
}

/// Why [`solve`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveError {
    /// The limit that stopped it: nodes, time or the stop flag.
    pub stopped_by: StopReason,
    /// What was spent before stopping.
    pub nodes: u64,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "not solved: the {} limit stopped the solver after {} nodes",
            self.stopped_by, self.nodes
        )
    }
}

impl std::error::Error for SolveError {}

/// A value in words: "win in 7 plies", "loss", "draw"; leaf values of explicit trees as numbers.
///
/// ```
/// use ply_search::score::win_in;
/// use ply_search::solver::analysis::describe_value;
/// assert_eq!(describe_value(win_in(7), true), "win in 7 plies");
/// assert_eq!(describe_value(win_in(7), false), "win");
/// assert_eq!(describe_value(0, false), "draw");
/// ```
pub fn describe_value(value: Score, exact_distance: bool) -> String {
    let word = if value > 0 {
        "win"
    } else if value < 0 {
        "loss"
    } else {
        "draw"
    };
    match score::plies_to_result(value) {
        Some(n) if exact_distance => format!("{word} in {n} plies"),
        None if exact_distance && value != 0 => value.to_string(),
        _ => word.to_string(),
    }
}

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

/// [`solve`], stopped early (an error naming [`StopReason::Stop`]) once `stop` is raised by
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

/// A position's value for the player who moved into it, counted from the position before.
pub(super) fn for_mover(value: Score) -> Score {
    relative_to_root(-value, 1)
}

/// The solution from the values of the moves, with the game's own scores.
pub(super) fn finish<G: Solvable>(
    state: &G,
    options: &SolverOptions,
    mut moves: Vec<MoveValue<G::Move>>,
    mut replies: Vec<OpeningReplies<G::Move>>,
    mut stats: SolveStats,
    start: Instant,
) -> Solution<G::Move> {
    let value = match moves.iter().map(|m| m.value).max() {
        Some(best) => best,
        None => state.terminal_value(state.to_move()),
    };
    let exact = options.distance;
    for m in &mut moves {
        m.score = state.conventional_score(m.value, exact);
    }
    for opening in &mut replies {
        opening.opening.score = state.conventional_score(opening.opening.value, exact);
        let child = state.play(opening.opening.mv);
        for reply in &mut opening.replies {
            reply.score = child.conventional_score(reply.value, exact);
        }
    }
    stats.time_us = start.elapsed().as_micros() as u64;
    Solution {
        position: state.position(),
        to_move: state.to_move(),
        value,
        exact_distance: exact,
        score: state.conventional_score(value, exact),
        score_convention: (!G::SCORE_CONVENTION.is_empty()).then_some(G::SCORE_CONVENTION),
        moves,
        replies,
        stats,
    }
}

/// The key shared by a position and its symmetric images (its own key without `symmetry`).
pub(super) fn canonical_key<G: Game>(state: &G, symmetry: bool) -> u64 {
    if symmetry {
        state
            .symmetric_images()
            .iter()
            .map(Game::key)
            .min()
            .unwrap_or(state.key())
    } else {
        state.key()
    }
}

/// A set of moves whose positions are symmetric images of each other.
pub(super) struct MoveClass<M> {
    pub(super) key: u64,
    pub(super) representative: M,
    pub(super) members: Vec<M>,
}

/// The legal moves of `state` grouped by the symmetry class of the position each leads to (one
/// class per move without `symmetry`), in the game's move order.
pub(super) fn classes<G: Game>(state: &G, symmetry: bool) -> Vec<MoveClass<G::Move>> {
    let mut found: Vec<MoveClass<G::Move>> = Vec::new();
    for mv in state.legal_moves() {
        let key = canonical_key(&state.play(mv), symmetry);
        match found.iter_mut().find(|class| class.key == key) {
            Some(class) => class.members.push(mv),
            None => found.push(MoveClass {
                key,
                representative: mv,
                members: vec![mv],
            }),
        }
    }
    found
}

/// Every move of every class with its class's value, in the game's move order.
pub(super) fn expand<G: Game>(
    state: &G,
    classes: &[MoveClass<G::Move>],
    values: &[Score],
) -> Vec<MoveValue<G::Move>> {
    let mut listed = Vec::new();
    for mv in state.legal_moves() {
        let (class, value) = classes
            .iter()
            .zip(values)
            .find(|(c, _)| c.members.contains(&mv))
            .expect("every move is in a class");
        listed.push(MoveValue {
            mv,
            notation: state.format_move(mv),
            value: *value,
            same_as: (class.representative != mv).then(|| state.format_move(class.representative)),
            score: None,
        });
    }
    listed
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
