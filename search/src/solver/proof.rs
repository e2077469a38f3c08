//! Proof-number search near the root ([`SolverOptions::proof_numbers`]): the outcome of a
//! position by a best-first proof-number tree (Allis 1994) over the top of the game, whose new
//! positions are each given a short alpha-beta solve, as PN² (Breuker 1998) gives them a
//! second, bounded proof-number search.
//!
//! The tree always grows at its most-proving position: the one whose outcome would most
//! cheaply prove or disprove the root, by proof and disproof numbers (how many positions at
//! least must still be settled to prove, or to disprove, the goal). A position the short
//! solve settles is settled for good; one it does not is a frontier position, counted by its
//! number of moves ("mobility"), and is expanded when it becomes the most-proving one.
//!
//! The goal is first "the player to move wins"; if that is disproved and the tree does not
//! already know the exact outcome, the same tree is asked "the player to move does not lose",
//! which tells a draw from a loss.
//!
//! [`SolverOptions::proof_numbers`]: super::SolverOptions::proof_numbers

use super::{Solvable, Solver};
use crate::score::{self, Score};
use crate::{MoveList, StopReason};

/// A proof or disproof number standing for "cannot be done": larger than any sum of real ones.
const UNREACHABLE: u64 = u64::MAX / 4;

/// A position of the proof-number tree.
struct Node<G> {
    state: G,
    key: u64,
    /// Plies below the root: even plies are the root player's to move.
    ply: u32,
    /// Its outcome for the root player (1 a win, 0 a draw, -1 a loss), once known.
    outcome: Option<i8>,
    /// Whether its short solve was tried.
    evaluated: bool,
    /// Its number of moves, once evaluated.
    moves: u64,
    /// Its children, `first_child..first_child + children`, once expanded.
    first_child: usize,
    children: usize,
    /// Proof and disproof numbers of the current goal.
    proof: u64,
    disproof: u64,
}

impl<G> Node<G> {
    fn new(state: G, key: u64, ply: u32) -> Self {
        Node {
            state,
            key,
            ply,
            outcome: None,
            evaluated: false,
            moves: 0,
            first_child: 0,
            children: 0,
            proof: 1,
            disproof: 1,
        }
    }

    /// Whether the root player chooses here (an OR node).
    fn root_to_move(&self) -> bool {
        self.ply.is_multiple_of(2)
    }
}

/// A proof-number tree over `state`, whose positions get short solves of `leaf_nodes` nodes
/// from `solver`.
struct ProofTree<'s, G: Solvable> {
    solver: &'s mut Solver<G>,
    leaf_nodes: u64,
    nodes: Vec<Node<G>>,
    /// The current goal: the root player's outcome is at least this.
    goal: i8,
    /// Whether a short solve ended on a value that is not a win or a loss at a distance (an
    /// explicit tree's leaf value): then the root's outcome is only a sign, not a decisive
    /// bound.
    leaf_values: bool,
}

impl<G: Solvable> Solver<G> {
    /// The outcome of `state` for the side to move (positive a win, zero a draw, negative a
    /// loss; exact in sign only, a game's win or loss at an unknown distance) by proof-number
    /// search, each new position of the tree given an alpha-beta solve of at most
    /// `leaf_nodes` nodes. `None` when a limit of the solver's stopped it.
    pub(super) fn proof_number_outcome(
        &mut self,
        state: &G,
        key: u64,
        leaf_nodes: u64,
    ) -> Option<Score> {
        let mut tree = ProofTree {
            solver: self,
            leaf_nodes: leaf_nodes.max(1),
            nodes: vec![Node::new(state.clone(), key, 0)],
            goal: 1,
            leaf_values: false,
        };
        tree.prove()?;
        if tree.nodes[0].outcome.is_none() && tree.nodes[0].proof != 0 {
            // Not a win: a draw or a loss, on the same tree.
            tree.goal = 0;
            tree.renumber();
            tree.prove()?;
        }
        let root = &tree.nodes[0];
        let sign = Score::from(root.outcome.unwrap_or(match (tree.goal, root.proof) {
            (1, 0) => 1,
            (0, 0) => 0,
            _ => -1,
        }));
        // A game's win is a decisive bound (its distance unknown), from which the distance
        // search starts, as it does from alpha-beta's.
        Some(if tree.leaf_values {
            sign
        } else {
            sign * score::WIN_UNKNOWN_DISTANCE
        })
    }
}

impl<G: Solvable> ProofTree<'_, G> {
    /// Grows the tree at its most-proving position until the goal is proved or disproved at
    /// the root. `None` when a limit of the solver's stopped it.
    fn prove(&mut self) -> Option<()> {
        let mut path = Vec::new();
        while self.nodes[0].proof != 0 && self.nodes[0].disproof != 0 {
            path.clear();
            let mut at = 0;
            while self.nodes[at].children > 0 {
                path.push(at);
                at = self.most_proving_child(at);
            }
            if self.nodes[at].evaluated {
                self.expand(at)?;
            } else {
                self.evaluate(at)?;
            }
            self.update(at);
            for &ancestor in path.iter().rev() {
                self.update(ancestor);
            }
        }
        Some(())
    }

    /// The child to follow from `at`: the one with the smallest proof number where the root
    /// player chooses, the smallest disproof number where the opponent does (the first of
    /// equals, the solver's move order).
    fn most_proving_child(&self, at: usize) -> usize {
        let node = &self.nodes[at];
        let children = node.first_child..node.first_child + node.children;
        if node.root_to_move() {
            children.min_by_key(|&c| self.nodes[c].proof)
        } else {
            children.min_by_key(|&c| self.nodes[c].disproof)
        }
        .expect("an expanded position has children")
    }

    /// The short solve of a new position: its outcome if it ends within the leaf budget.
    fn evaluate(&mut self, at: usize) -> Option<()> {
        let node = &self.nodes[at];
        let (state, key, ply) = (node.state.clone(), node.key, node.ply);
        let mut moves = MoveList::new();
        state.solver_moves(&mut moves);
        let value = self
            .solver
            .bounded_outcome(&state, key, ply, self.leaf_nodes)?;
        self.leaf_values |= value.is_some_and(|v| v != 0 && !score::is_decisive(v));
        let own = value.map(|v| v.signum() as i8);
        let node = &mut self.nodes[at];
        node.evaluated = true;
        node.moves = moves.len() as u64;
        node.outcome = own.map(|o| if node.root_to_move() { o } else { -o });
        Some(())
    }

    /// Adds the children of an evaluated, unsettled position, in the solver's move order, and
    /// evaluates them in turn until one decides the goal here (the rest wait unevaluated).
    fn expand(&mut self, at: usize) -> Option<()> {
        let (state, key, ply) = {
            let node = &self.nodes[at];
            (node.state.clone(), node.key, node.ply)
        };
        let mut moves = MoveList::new();
        state.solver_moves(&mut moves);
        let mut keys = Vec::new();
        self.solver.rank(&state, &moves, None, &mut keys);
        let mut ordered: Vec<(u32, G::Move)> = keys.into_iter().zip(moves).collect();
        // Highest rank first, ties in the game's order.
        ordered.sort_by_key(|&(rank, _)| std::cmp::Reverse(rank));
        let first_child = self.nodes.len();
        for &(_, mv) in &ordered {
            let child = state.play(mv);
            let child_key = state.key_after(key, mv, &child);
            self.nodes.push(Node::new(child, child_key, ply + 1));
        }
        self.nodes[at].first_child = first_child;
        self.nodes[at].children = ordered.len();
        for c in first_child..first_child + ordered.len() {
            self.evaluate(c)?;
            self.update(c);
            self.update(at);
            if self.nodes[at].proof == 0 || self.nodes[at].disproof == 0 {
                break;
            }
        }
        Some(())
    }

    /// Recomputes the outcome (when the children fix it) and the proof and disproof numbers
    /// of `at` from its children, or from its own state at the frontier.
    fn update(&mut self, at: usize) {
        let node = &self.nodes[at];
        let children = node.first_child..node.first_child + node.children;
        let mut outcome = node.outcome;
        if outcome.is_none() && node.children > 0 {
            let outcomes = children.clone().map(|c| self.nodes[c].outcome);
            let unknown = outcomes.clone().any(|o| o.is_none());
            let known = outcomes.flatten();
            outcome = if node.root_to_move() {
                let best = known.max();
                if best == Some(1) || !unknown {
                    best
                } else {
                    None
                }
            } else {
                let worst = known.min();
                if worst == Some(-1) || !unknown {
                    worst
                } else {
                    None
                }
            };
        }
        let (proof, disproof) = match outcome {
            Some(o) if o >= self.goal => (0, UNREACHABLE),
            Some(_) => (UNREACHABLE, 0),
            None if node.children > 0 => {
                let proofs = children.clone().map(|c| self.nodes[c].proof);
                let disproofs = children.map(|c| self.nodes[c].disproof);
                if node.root_to_move() {
                    (proofs.min().unwrap_or(UNREACHABLE), capped_sum(disproofs))
                } else {
                    (capped_sum(proofs), disproofs.min().unwrap_or(UNREACHABLE))
                }
            }
            // The frontier: the root player needs one good move but must answer every reply.
            None if node.evaluated && node.root_to_move() => (1, node.moves.max(1)),
            None if node.evaluated => (node.moves.max(1), 1),
            None => (1, 1),
        };
        let node = &mut self.nodes[at];
        node.outcome = outcome;
        node.proof = proof;
        node.disproof = disproof;
    }

    /// Every position's numbers for a new goal (children come after their parents in the
    /// tree, so a backward sweep sees every child before its parent).
    fn renumber(&mut self) {
        for at in (0..self.nodes.len()).rev() {
            self.update(at);
        }
    }
}

/// The sum of proof (or disproof) numbers, at most [`UNREACHABLE`].
fn capped_sum(numbers: impl Iterator<Item = u64>) -> u64 {
    numbers
        .fold(0u64, |sum, n| sum.saturating_add(n))
        .min(UNREACHABLE)
}

impl<G: Solvable> Solver<G> {
    /// The outcome of `state`, `ply` plies below the root, for its side to move (a value
    /// exact in sign), by alpha-beta within `leaf_nodes` more nodes: `Some(None)` when that
    /// budget runs out, `None` when one of the solver's own limits stopped it.
    fn bounded_outcome(
        &mut self,
        state: &G,
        key: u64,
        ply: u32,
        leaf_nodes: u64,
    ) -> Option<Option<Score>> {
        let own_limit = self.options.max_nodes.unwrap_or(u64::MAX);
        let leaf_limit = self.nodes.saturating_add(leaf_nodes);
        self.budget.set_node_limit(Some(own_limit.min(leaf_limit)));
        let value = self.negamax(state, key, -1, 1, ply);
        self.budget.set_node_limit(Some(own_limit));
        match self.budget.stopped() {
            None => Some(Some(value)),
            Some(StopReason::Nodes) if self.nodes < own_limit => {
                self.budget.rearm();
                Some(None)
            }
            Some(_) => None,
        }
    }
}
