//! The greedy baseline: the move whose resulting state the evaluator likes best.

use crate::score::INFINITY;
use crate::{Evaluator, Game, Limits, SearchResult, Searcher, Stats};
use std::time::Instant;

/// Looks one ply ahead and plays the move whose child the evaluator scores highest for the
/// player to move; ties go to the first move. This is Udacity's `GreedyPlayer` (with the
/// `open` heuristic: the mover's liberties after the move).
///
/// Like the original, it scores every child with the evaluator, even a finished game; with
/// [`Greedy::exact_endings`] it scores finished games by their result instead, so it never
/// misses a win in one.
#[derive(Clone, Debug)]
pub struct Greedy<E> {
    evaluator: E,
    exact_endings: bool,
}

impl<E> Greedy<E> {
    /// A greedy player with this evaluator, scoring every child with it (Udacity's way).
    pub fn new(evaluator: E) -> Greedy<E> {
        Greedy {
            evaluator,
            exact_endings: false,
        }
    }

    /// Scores finished games by their result (a win beats any heuristic value).
    pub fn exact_endings(mut self, on: bool) -> Greedy<E> {
        self.exact_endings = on;
        self
    }

    /// The score of every legal move, in the game's order: what the choice is made from.
    pub fn move_scores<G: Game>(&self, state: &G) -> Vec<(G::Move, crate::Score)>
    where
        E: Evaluator<G>,
    {
        let me = state.to_move();
        state
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let child = state.play(mv);
                let score = if self.exact_endings && child.is_terminal() {
                    child.terminal_value(me)
                } else {
                    self.evaluator.evaluate(&child, me)
                };
                (mv, score)
            })
            .collect()
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G> for Greedy<E> {
    fn search(&mut self, state: &G, _limits: &Limits) -> SearchResult<G::Move> {
        let started = Instant::now();
        let scores = self.move_scores(state);
        let mut best: Option<(G::Move, crate::Score)> = None;
        for &(mv, score) in &scores {
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((mv, score));
            }
        }
        let mut stats = Stats {
            algorithm: "greedy".into(),
            nodes: scores.len() as u64 + 1,
            depth: 1,
            stopped_by: crate::StopReason::Depth,
            ..Stats::default()
        };
        stats.finish_timing(started.elapsed());
        SearchResult {
            best_move: best.map(|b| b.0),
            // A finished game scores the courses' infinite utility, which knows no distance.
            score: best.map_or(-INFINITY, |b| crate::score::without_distance(b.1)),
            pv: best.map(|b| b.0).into_iter().collect(),
            stats,
        }
    }
}
