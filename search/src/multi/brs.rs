//! Best-reply search (Schadd and Winands 2011): the root player's moves alternate with one
//! layer of replies, in which every opponent's moves are tried but only the strongest one is
//! played, the other opponents passing; alpha-beta on the root player's value.

use super::deepen::{deepen, root_iteration, Iteration, Tally};
use super::terminal_value;
use crate::score::INFINITY;
use crate::{Evaluator, Limits, Player, Score, SearchHints, SearchResult, Searcher};
use std::time::Instant;

/// A best-reply searcher; see [the module](super). The game hands the turn to each opponent
/// through [`SearchHints::pass_to`]; an opponent it cannot hand the turn to does not reply.
pub struct BestReply<E> {
    evaluator: E,
}

impl<E> BestReply<E> {
    /// A search with `evaluator` asked for the root player's value at the depth limit.
    pub fn new(evaluator: E) -> BestReply<E> {
        BestReply { evaluator }
    }
}

impl<G: SearchHints, E: Evaluator<G>> Searcher<G> for BestReply<E> {
    fn search(&mut self, state: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = Instant::now();
        let mut walk = Walk {
            evaluator: &self.evaluator,
            root: state.to_move(),
            players: state.player_count(),
            tally: Tally::new(limits, started),
        };
        deepen(&mut walk, state, limits, started, "brs", true)
    }
}

/// One search's walk of the tree.
struct Walk<'a, G: SearchHints, E> {
    evaluator: &'a E,
    /// The player the search is for; every other player is an opponent.
    root: Player,
    players: usize,
    tally: Tally<G::Move>,
}

impl<G: SearchHints, E: Evaluator<G>> Walk<'_, G, E> {
    /// The root player's value of `state`, `depth` layers deep and `ply` below the root, in the
    /// window `alpha..beta` (fail-hard); `None` when the budget ran out. The root player's turn
    /// is a layer of its moves; anyone else's turn is a layer of every opponent's replies.
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
        if state.to_move() == self.root {
            let mut moves = self.tally.take_moves(ply);
            state.generate_moves(&mut moves);
            for &mv in moves.iter() {
                let value = self.node(&state.play(mv), depth - 1, ply + 1, alpha, beta);
                let Some(value) = value else {
                    self.tally.put_moves(ply, moves);
                    return None;
                };
                alpha = alpha.max(value);
                if alpha >= beta {
                    self.tally.cutoffs += 1;
                    break;
                }
            }
            self.tally.put_moves(ply, moves);
            return Some(alpha);
        }
        let mut replied = false;
        let mut opponent = self.root;
        for _ in 1..self.players {
            opponent = opponent.next(self.players);
            let Some(turn) = state.pass_to(opponent) else {
                continue;
            };
            let mut moves = self.tally.take_moves(ply);
            turn.generate_moves(&mut moves);
            for &mv in moves.iter() {
                replied = true;
                let reply = turn.play(mv);
                let back = match reply.to_move() == self.root || reply.is_terminal() {
                    true => None,
                    false => reply.pass_to(self.root),
                };
                let next = back.as_ref().unwrap_or(&reply);
                let Some(value) = self.node(next, depth - 1, ply + 1, alpha, beta) else {
                    self.tally.put_moves(ply, moves);
                    return None;
                };
                beta = beta.min(value);
                if alpha >= beta {
                    self.tally.cutoffs += 1;
                    self.tally.put_moves(ply, moves);
                    return Some(beta);
                }
            }
            self.tally.put_moves(ply, moves);
        }
        if replied {
            return Some(beta);
        }
        // No opponent can reply here: the layer passes, or, where the game cannot hand the
        // turn back, the position is judged as it stands.
        match state.pass_to(self.root) {
            Some(mine) => self.node(&mine, depth - 1, ply + 1, alpha, beta),
            None => Some(self.evaluator.evaluate(state, self.root).clamp(alpha, beta)),
        }
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
