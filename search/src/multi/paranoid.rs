//! Paranoid search (Sturtevant and Korf 2000): the other players are taken for one coalition
//! that minimises the root player's value, which makes the game a two-player one and lets
//! alpha-beta prune as deep as it does there.

use super::deepen::{deepen, Iteration};
use super::terminal_value;
use crate::score::INFINITY;
use crate::{
    Budget, Evaluator, Limits, MoveList, Player, Score, SearchHints, SearchResult, Searcher,
};
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
            budget: Budget::new(limits, started),
            nodes: 0,
            cutoffs: 0,
            buffers: Vec::new(),
        };
        deepen(&mut walk, state, limits, started, "paranoid", true)
    }
}

/// One search's walk of the tree.
struct Walk<'a, G: SearchHints, E> {
    evaluator: &'a E,
    /// The player the search is for; everyone else is against it.
    root: Player,
    budget: Budget,
    nodes: u64,
    cutoffs: u64,
    /// One move list a ply, reused so the walk allocates nothing once they have grown.
    buffers: Vec<MoveList<G::Move>>,
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
        self.nodes += 1;
        if self.budget.exhausted(self.nodes) {
            return None;
        }
        if state.is_terminal() {
            return Some(terminal_value(state, self.root, ply));
        }
        if depth == 0 {
            return Some(self.evaluator.evaluate(state, self.root));
        }
        let maximising = state.to_move() == self.root;
        let mut moves = take_buffer(&mut self.buffers, ply);
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
                self.cutoffs += 1;
                break;
            }
        }
        self.buffers[ply as usize] = moves;
        answer
    }
}

/// The cleared move list of `ply` from `buffers`, made on first use; the caller puts it back.
pub(super) fn take_buffer<M>(buffers: &mut Vec<MoveList<M>>, ply: u32) -> MoveList<M> {
    let ply = ply as usize;
    if buffers.len() <= ply {
        buffers.resize_with(ply + 1, MoveList::new);
    }
    let mut moves = std::mem::take(&mut buffers[ply]);
    moves.clear();
    moves
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

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn cutoffs(&self) -> u64 {
        self.cutoffs
    }

    fn budget(&self) -> &Budget {
        &self.budget
    }
}

/// The root of a search on the root player's value: each move's child searched by `search`
/// with the best value so far as its alpha, `first` tried first, the first best move kept.
pub(super) fn root_iteration<G: SearchHints>(
    state: &G,
    first: Option<G::Move>,
    mut search: impl FnMut(&G, Score) -> Option<Score>,
) -> Option<(G::Move, Score)> {
    let mut moves = state.legal_moves();
    if let Some(index) = first.and_then(|f| moves.iter().position(|&m| m == f)) {
        moves[..=index].rotate_right(1);
    }
    let mut best: Option<(G::Move, Score)> = None;
    for &mv in moves.iter() {
        let alpha = best.map_or(-INFINITY, |b| b.1);
        let value = search(&state.play(mv), alpha)?;
        if best.is_none_or(|b| value > b.1) {
            best = Some((mv, value));
        }
    }
    best
}
