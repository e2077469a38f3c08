//! Monte Carlo tree search, generic over every [`Game`](crate::Game), behind the same [`Searcher`] interface,
//! [`Limits`] and [`Stats`] as alpha-beta.
//!
//! One iteration walks down the tree choosing children by UCT or UCB1-Tuned (optionally mixed
//! with implicit minimax values), expands one node, evaluates the new leaf (a random playout,
//! an evaluator-guided playout, or the evaluator alone) and backs the reward up. MCTS-Solver
//! marks proven wins and losses and never searches them again; a proven root ends the search.
//! The tree of the move actually played is kept for the next move (tree reuse). Root and tree
//! parallelisation (with virtual loss) run on `threads` threads; with one thread and an
//! iteration limit a seed gives the same tree on every run.
//!
//! ```
//! use ply_search::mcts::{Mcts, MctsOptions};
//! use ply_search::tree::Tree;
//! use ply_search::{Limits, Searcher, Zero};
//! // Leaves count by sign: only MAX's first move wins against every reply of MIN.
//! let tree = Tree::parse("[[3,12,8],[2,-4,6],[-14,5,2]]").unwrap();
//! let mut mcts = Mcts::new(Zero, MctsOptions::default());
//! let result = mcts.search(&tree, &Limits { iterations: Some(2_000), ..Limits::none() });
//! assert_eq!(result.best_move, Some(0));
//! ```
//!
//! Rewards are 1 (win), 0.5 (draw) and 0 (loss), stored for the player who made the move into
//! a node. Explicit trees' numeric leaves count by sign.

mod budget;
pub mod formulas;
mod options;
mod report;
mod root;
#[cfg(test)]
mod tests;
mod threads;
pub mod tree;
mod walker;

use crate::score::{self, Score};
pub use crate::stats::{MctsStats, RootChild};
use crate::{
    Evaluator, Limits, MoveList, Outcome, Player, Rng, SearchHints, SearchResult, Searcher,
};
use crate::{Stats, StopReason};
use budget::*;
use formulas::{flip, implicit_mix, score_to_probability, ucb1_tuned_from_log};
pub use options::*;
use root::*;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
use threads::*;
pub use tree::{Node, Proven, SearchTree};
use walker::*;

/// The MCTS searcher over game `G`, with evaluator `E` (for `playout=eval|none`, capped
/// playouts and implicit minimax; [`crate::Zero`] otherwise).
pub struct Mcts<G: SearchHints, E> {
    evaluator: E,
    options: MctsOptions,
    /// One tree per thread (one in all for tree parallelisation), kept for reuse.
    trees: Vec<SearchTree<G::Move>>,
    /// The position the kept trees were searched from.
    root: Option<G>,
    /// Searches so far (varies the seed from search to search).
    searches: u64,
    /// The statistics of the last search.
    pub last_stats: Option<MctsStats>,
}

impl<G: SearchHints, E: Evaluator<G>> Mcts<G, E> {
    /// A searcher with `evaluator` and `options`.
    pub fn new(evaluator: E, options: MctsOptions) -> Self {
        Mcts {
            evaluator,
            options,
            trees: Vec::new(),
            root: None,
            searches: 0,
            last_stats: None,
        }
    }

    /// The options.
    pub fn options(&self) -> &MctsOptions {
        &self.options
    }

    /// The kept trees (one per thread), for inspection.
    pub fn trees(&self) -> &[SearchTree<G::Move>] {
        &self.trees
    }

    fn max_nodes(&self) -> usize {
        let per_tree = match self.options.parallel {
            Parallel::Root => self.options.memory_bytes / self.options.threads.max(1),
            Parallel::Tree => self.options.memory_bytes,
        };
        (per_tree / std::mem::size_of::<Node<G::Move>>()).max(2)
    }

    /// The trees to start from: the kept subtrees of `state` if reuse finds it among the old
    /// root's children or grandchildren, fresh ones otherwise.
    fn take_trees(&mut self, state: &G, count: usize) -> Vec<SearchTree<G::Move>> {
        let max_nodes = self.max_nodes();
        let kept = std::mem::take(&mut self.trees);
        let old_root = self.root.take();
        let mut trees = Vec::with_capacity(count);
        for (i, tree) in kept.into_iter().enumerate() {
            // An open-loop tree's nodes stand for moves after any roll, not for positions:
            // no position can be found in it.
            if i >= count || !self.options.reuse || (G::HAS_CHANCE && self.options.open_loop) {
                break;
            }
            match old_root.as_ref().and_then(|r| find_node(&tree, r, state)) {
                Some(node) => trees.push(tree.subtree(node)),
                None => break,
            }
        }
        while trees.len() < count {
            trees.push(SearchTree::new(max_nodes));
        }
        for t in &mut trees {
            t.max_nodes = max_nodes;
        }
        trees
    }
}

/// The node of `tree` (rooted at `root`) whose position is `state`: the root, a child or a
/// grandchild (our move and the opponent's reply).
fn find_node<G: SearchHints>(tree: &SearchTree<G::Move>, root: &G, state: &G) -> Option<u32> {
    if root == state {
        return Some(0);
    }
    let root_node = &tree.nodes[0];
    if !root_node.expanded {
        return None;
    }
    for child in tree.children(0) {
        let after = root.play(tree.nodes[child as usize].mv?);
        if &after == state {
            return Some(child);
        }
        if after.ply() + 1 == state.ply() && tree.nodes[child as usize].expanded {
            for grandchild in tree.children(child) {
                if &after.play(tree.nodes[grandchild as usize].mv?) == state {
                    return Some(grandchild);
                }
            }
        }
    }
    None
}

impl<G: SearchHints, E: Evaluator<G>> Searcher<G> for Mcts<G, E> {
    fn search(&mut self, state: &G, limits: &Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        let threads = self.options.threads.max(1);
        let tree_count = match self.options.parallel {
            Parallel::Root => threads,
            Parallel::Tree => 1,
        };
        let mut trees = self.take_trees(state, tree_count);
        let reused_visits: u64 = trees.iter().map(|t| t.nodes[0].visits as u64).sum();
        let budget = SharedBudget::new(limits, start);
        let seed = self
            .options
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.searches += 1;
        let this = &*self;
        let reports: Vec<ThreadReport> = if threads == 1 {
            vec![this.run_thread(&mut trees[0], state, &budget, seed)]
        } else {
            match this.options.parallel {
                Parallel::Root => std::thread::scope(|scope| {
                    let handles: Vec<_> = trees
                        .iter_mut()
                        .enumerate()
                        .map(|(i, tree)| {
                            let budget = &budget;
                            scope.spawn(move || {
                                this.run_thread(tree, state, budget, seed ^ (i as u64 + 1))
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("no thread panicked"))
                        .collect()
                }),
                Parallel::Tree => {
                    let shared = Mutex::new(trees.pop().expect("one tree"));
                    let reports = std::thread::scope(|scope| {
                        let handles: Vec<_> = (0..threads)
                            .map(|i| {
                                let (budget, shared) = (&budget, &shared);
                                scope.spawn(move || {
                                    this.run_thread(shared, state, budget, seed ^ (i as u64 + 1))
                                })
                            })
                            .collect();
                        handles
                            .into_iter()
                            .map(|h| h.join().expect("no thread panicked"))
                            .collect()
                    });
                    trees.push(shared.into_inner().expect("no thread panicked"));
                    reports
                }
            }
        };
        let elapsed = start.elapsed();
        let result = self.result(state, &trees, &reports, reused_visits, elapsed);
        self.trees = trees;
        self.root = Some(state.clone());
        result
    }

    fn clear(&mut self) {
        self.trees.clear();
        self.root = None;
        self.searches = 0;
    }
}
