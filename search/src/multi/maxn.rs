//! Max^n (Luckhardt and Irani 1986): each node is worth one value a player, and the player to
//! move takes the child best for itself; with a [`SumBound`], Korf's shallow pruning.

use super::deepen::{deepen, root_iteration, Iteration, Tally};
use super::table::VectorTable;
use super::{terminal_values, MultiOptions, SumBound, Values};
use crate::score::INFINITY;
use crate::stats::TtStats;
use crate::{Evaluator, Limits, Player, Score, SearchHints, SearchResult, Searcher};
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
            tally: Tally::new(limits, started),
            table: self.table.as_mut(),
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
    table: Option<&'a mut VectorTable>,
    tally: Tally<G::Move>,
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
        if self.tally.visit() {
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
        let mut moves = self.tally.take_moves(ply);
        state.generate_moves(&mut moves);
        let mut best: Option<Values> = None;
        let mut exact = true;
        for &mv in moves.iter() {
            let mine = best.map(|b| (me, b[me.index()]));
            let Some(child) = self.node(&state.play(mv), depth - 1, ply + 1, mine) else {
                self.tally.put_moves(ply, moves);
                return None;
            };
            if best.is_none_or(|b| child.values[me.index()] > b[me.index()]) {
                best = Some(child.values);
                exact = child.exact;
            }
            let have = best.map_or(0, |b| b[me.index()]);
            if let (Some(bound), Some((above, theirs))) = (self.bound, parent) {
                if above != me && bound.most_left(have, self.players) <= theirs {
                    self.tally.cutoffs += 1;
                    exact = false;
                    break;
                }
            }
        }
        self.tally.put_moves(ply, moves);
        let values = best.expect("a state that is not terminal has a move");
        if exact {
            if let Some(table) = self.table.as_mut() {
                table.store(key, depth, ply, &values);
            }
        }
        Some(Found { values, exact })
    }
}

impl<G: SearchHints, E: Evaluator<G>> Iteration<G> for Walk<'_, G, E> {
    fn iterate(
        &mut self,
        state: &G,
        depth: u32,
        first: Option<G::Move>,
    ) -> Option<(G::Move, Score)> {
        let me = state.to_move();
        root_iteration(state, first, |child, best| {
            // The best so far is the root mover's, for the children's shallow pruning.
            let mine = (best > -INFINITY).then_some((me, best));
            self.node(child, depth - 1, 1, mine)
                .map(|found| found.values[me.index()])
        })
    }

    fn tally(&self) -> &Tally<G::Move> {
        &self.tally
    }
}
