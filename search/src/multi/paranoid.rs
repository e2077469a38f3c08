//! Paranoid search (Sturtevant and Korf 2000): the other players are taken for one coalition
//! that minimises the root player's value, which makes the game a two-player one and lets
//! alpha-beta prune as deep as it does there.

use super::deepen::{deepen, root_iteration, Iteration, Tally};
use super::terminal_value;
use crate::score::INFINITY;
use crate::{Evaluator, Limits, Player, Score, SearchHints, SearchResult, Searcher};
use std::time::Instant;

/// A paranoid searcher; see [the module](super).
pub struct Paranoid<E> {
    evaluator: E,
}

impl<E> Paranoid<E> {
    /// A search with `evaluator` asked for the root player's value at the depth limit.
    pub fn new(evaluator: E) -> Paranoid<E> {
        Paranoid { evaluator }
    }
}

impl<G: SearchHints, E: Evaluator<G>> Searcher<G> for Paranoid<E> {
    fn search(&mut self, state: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = Instant::now();
        let mut walk = Walk {
            evaluator: &self.evaluator,
            root: state.to_move(),
            tally: Tally::new(limits, started),
        };
        deepen(&mut walk, state, limits, started, "paranoid", true)
    }
}

/// One search's walk of the tree.
struct Walk<'a, G: SearchHints, E> {
    evaluator: &'a E,
    /// The player the search is for; everyone else is against it.
    root: Player,
    tally: Tally<G::Move>,
}

impl<G: SearchHints, E: Evaluator<G>> Walk<'_, G, E> {
    /// The root player's value of `state`, `depth` plies deep and `ply` below the root, in
    /// the window `alpha..beta` (fail-hard); `None` when the budget ran out.
    fn node(
        &mut self,
        state: &G,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        mut beta: Score,
    ) -> Option<Score> {
        if self.tally.visit() {
            return None;
        }
        if state.is_terminal() {
            return Some(terminal_value(state, self.root, ply));
        }
        if depth == 0 {
            return Some(self.evaluator.evaluate(state, self.root));
        }
        let maximising = state.to_move() == self.root;
        let mut moves = self.tally.take_moves(ply);
        state.generate_moves(&mut moves);
        let mut answer = Some(if maximising { alpha } else { beta });
        for &mv in moves.iter() {
            let Some(value) = self.node(&state.play(mv), depth - 1, ply + 1, alpha, beta) else {
                answer = None;
                break;
            };
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            answer = Some(if maximising { alpha } else { beta });
            if alpha >= beta {
                self.tally.cutoffs += 1;
                break;
            }
        }
        self.tally.put_moves(ply, moves);
        answer
    }
}

impl<G: SearchHints, E: Evaluator<G>> Iteration<G> for Walk<'_, G, E> {
    fn iterate(
        &mut self,
        state: &G,
        depth: u32,
        first: Option<G::Move>,
    ) -> Option<(G::Move, Score)> {
        root_iteration(state, first, |child, alpha| {
            self.node(child, depth - 1, 1, alpha, INFINITY)
        })
    }

    fn tally(&self) -> &Tally<G::Move> {
        &self.tally
    }
}
