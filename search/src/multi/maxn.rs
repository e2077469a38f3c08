//! Max^n (Luckhardt and Irani 1986): each node is worth one value a player, and the player to
//! move takes the child best for itself; with a [`SumBound`], Korf's shallow pruning.

use super::deepen::{deepen, Iteration};
use super::table::VectorTable;
use super::{terminal_values, MultiOptions, SumBound, Values};
use crate::stats::TtStats;
use crate::{
    Budget, Evaluator, Limits, MoveList, Player, Score, SearchHints, SearchResult, Searcher,
};
use std::time::Instant;

/// A max^n searcher; see [the module](super).
pub struct MaxN<E> {
    evaluator: E,
    options: MultiOptions,
    table: Option<VectorTable>,
}

impl<E> MaxN<E> {
    /// A search with `evaluator` asked for every player's value at the depth limit.
    pub fn new(evaluator: E, options: MultiOptions) -> MaxN<E> {
        let table = (options.tt_bytes > 0).then(|| VectorTable::with_bytes(options.tt_bytes));
        MaxN {
            evaluator,
            options,
            table,
        }
    }
}

impl<G: SearchHints, E: Evaluator<G>> Searcher<G> for MaxN<E> {
    fn search(&mut self, state: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = Instant::now();
        if let Some(table) = self.table.as_mut() {
            (table.probes, table.hits, table.stores) = (0, 0, 0);
        }
        let mut walk = Walk {
            evaluator: &self.evaluator,
            players: state.player_count(),
            bound: state.sum_bound().filter(|_| self.options.shallow_pruning),
            budget: Budget::new(limits, started),
            table: self.table.as_mut(),
            nodes: 0,
            cutoffs: 0,
            buffers: Vec::new(),
        };
        let mut result = deepen(&mut walk, state, limits, started, "maxn", false);
        if let Some(table) = walk.table {
            result.stats.tt = Some(TtStats {
                probes: table.probes,
                hits: table.hits,
                cutoffs: table.hits,
                stores: table.stores,
                fill: table.fill(),
            });
        }
        result
    }

    fn clear(&mut self) {
        if let Some(table) = self.table.as_mut() {
            table.clear();
        }
    }
}

/// One search's walk of the tree.
struct Walk<'a, G: SearchHints, E> {
    evaluator: &'a E,
    players: usize,
    /// The bound that allows shallow pruning, if the game gives one and it is on.
    bound: Option<SumBound>,
    budget: Budget,
    table: Option<&'a mut VectorTable>,
    nodes: u64,
    cutoffs: u64,
    /// One move list a ply, reused so the walk allocates nothing once they have grown.
    buffers: Vec<MoveList<G::Move>>,
}

/// What a node's search found: its values, and whether they are exact (a shallow cut leaves
/// values that only bound what its parent could get there).
struct Found {
    values: Values,
    exact: bool,
}

impl<G: SearchHints, E: Evaluator<G>> Walk<'_, G, E> {
    /// The values of `state`, `depth` plies deep and `ply` plies below the root. `parent` is
    /// the player who moved into it and the value it already has elsewhere, for shallow
    /// pruning: once this node's mover has so much that the parent's mover cannot get more
    /// here than it has, the rest of the node is left. `None` when the budget ran out.
    fn node(
        &mut self,
        state: &G,
        depth: u32,
        ply: u32,
        parent: Option<(Player, Score)>,
    ) -> Option<Found> {
        self.nodes += 1;
        if self.budget.exhausted(self.nodes) {
            return None;
        }
        if state.is_terminal() {
            return Some(Found {
                values: terminal_values(state, ply),
                exact: true,
            });
        }
        if depth == 0 {
            let mut values = [0; Player::MAX];
            for &player in Player::first(self.players) {
                values[player.index()] = self.evaluator.evaluate(state, player);
            }
            return Some(Found {
                values,
                exact: true,
            });
        }
        let key = state.key();
        if let Some(values) = self.table.as_mut().and_then(|t| t.probe(key, depth, ply)) {
            return Some(Found {
                values,
                exact: true,
            });
        }
        let me = state.to_move();
        let mut moves = self.take_buffer(ply);
        state.generate_moves(&mut moves);
        let mut best: Option<Values> = None;
        let mut exact = true;
        for &mv in moves.iter() {
            let mine = best.map(|b| (me, b[me.index()]));
            let Some(child) = self.node(&state.play(mv), depth - 1, ply + 1, mine) else {
                self.buffers[ply as usize] = moves;
                return None;
            };
            if best.is_none_or(|b| child.values[me.index()] > b[me.index()]) {
                best = Some(child.values);
                exact = child.exact;
            }
            let have = best.map_or(0, |b| b[me.index()]);
            if let (Some(bound), Some((above, theirs))) = (self.bound, parent) {
                if above != me && bound.most_left(have, self.players) <= theirs {
                    self.cutoffs += 1;
                    exact = false;
                    break;
                }
            }
        }
        self.buffers[ply as usize] = moves;
        let values = best.expect("a state that is not terminal has a move");
        if exact {
            if let Some(table) = self.table.as_mut() {
                table.store(key, depth, ply, &values);
            }
        }
        Some(Found { values, exact })
    }

    /// The cleared move list of `ply`, made on first use.
    fn take_buffer(&mut self, ply: u32) -> MoveList<G::Move> {
        let ply = ply as usize;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, MoveList::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        moves
    }
}

impl<G: SearchHints, E: Evaluator<G>> Iteration<G> for Walk<'_, G, E> {
    fn iterate(
        &mut self,
        state: &G,
        depth: u32,
        first: Option<G::Move>,
    ) -> Option<(G::Move, Score)> {
        self.nodes += 1;
        let me = state.to_move().index();
        let mut moves = state.legal_moves();
        if let Some(index) = first.and_then(|f| moves.iter().position(|&m| m == f)) {
            moves[..=index].rotate_right(1);
        }
        let mut best: Option<(G::Move, Score)> = None;
        for &mv in moves.iter() {
            let mine = best.map(|b| (state.to_move(), b.1));
            let child = self.node(&state.play(mv), depth - 1, 1, mine)?;
            if best.is_none_or(|b| child.values[me] > b.1) {
                best = Some((mv, child.values[me]));
            }
        }
        best
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
