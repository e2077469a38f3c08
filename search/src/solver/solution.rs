//! What a solve answers: every move's value ([`MoveValue`], [`OpeningReplies`]), the whole
//! [`Solution`] and why there was none ([`SolveError`]), and how values read in words.

use super::{Solvable, SolveStats, SolverOptions};
use crate::score::{self, relative_to_root, Score};
use crate::{Player, StopReason};
use serde::Serialize;
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

/// The answer of [`solve`](super::solve).
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

/// Why [`solve`](super::solve) gave no answer.
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
        Some(1) if exact_distance => format!("{word} in 1 ply"),
        Some(n) if exact_distance => format!("{word} in {n} plies"),
        None if exact_distance && value != 0 => value.to_string(),
        _ => word.to_string(),
    }
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
