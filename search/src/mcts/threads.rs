//! The iteration loop each thread runs, on a tree of its own or on one shared under a lock.

use super::*;

/// What one thread reports.
pub(super) struct ThreadReport {
    pub(super) iterations: u64,
    pub(super) nodes: u64,
    pub(super) stopped_by: StopReason,
}

impl<G: SearchHints, E: Evaluator<G>> Mcts<G, E> {
    /// Runs iterations until the budget says stop, on a tree of its own or on one shared
    /// under a lock (then with virtual loss, and the playout outside the lock).
    pub(super) fn run_thread<A: TreeAccess<G::Move>>(
        &self,
        mut tree: A,
        root: &G,
        budget: &SharedBudget,
        seed: u64,
    ) -> ThreadReport {
        let mut walker: Walker<G, E> = Walker::new(&self.options, &self.evaluator, seed);
        let vl = if A::SHARED {
            self.options.virtual_loss
        } else {
            0
        };
        let mut iterations = 0u64;
        let stopped_by = loop {
            if let Err(why) = budget.claim() {
                break why;
            }
            let nodes_before = walker.nodes;
            let walked = tree.with(|t| {
                if t.nodes[0].proven != Proven::Unknown && self.options.solver {
                    None
                } else {
                    Some(walker.descend(t, root, vl))
                }
            });
            let Some((leaf, kind)) = walked else {
                break budget.halt(StopReason::Solved);
            };
            let reward = match kind {
                Leaf::Known(r) => r,
                Leaf::Evaluate => walker.evaluate(&leaf),
            };
            tree.with(|t| walker.back_up(t, reward, vl));
            iterations += 1;
            if iterations.is_multiple_of(64) && budget.report_due() {
                let children = tree.with(|t| self.live_root(t, root));
                self.report_root(budget, children);
            }
            budget
                .done_nodes
                .fetch_add(walker.nodes - nodes_before + 1, Ordering::Relaxed);
        };
        ThreadReport {
            iterations,
            nodes: walker.nodes + iterations,
            stopped_by,
        }
    }
}

/// How a search thread reaches its tree: its own, or one shared under a lock.
pub(super) trait TreeAccess<M> {
    /// Whether other threads share the tree (virtual loss is then applied).
    const SHARED: bool;
    /// Runs `f` on the tree (holding the lock while it runs, if shared).
    fn with<R>(&mut self, f: impl FnOnce(&mut SearchTree<M>) -> R) -> R;
}

impl<M> TreeAccess<M> for &mut SearchTree<M> {
    const SHARED: bool = false;
    fn with<R>(&mut self, f: impl FnOnce(&mut SearchTree<M>) -> R) -> R {
        f(self)
    }
}

impl<M> TreeAccess<M> for &Mutex<SearchTree<M>> {
    const SHARED: bool = true;
    fn with<R>(&mut self, f: impl FnOnce(&mut SearchTree<M>) -> R) -> R {
        f(&mut self.lock().expect("no thread panicked"))
    }
}
