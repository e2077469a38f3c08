//! The search's answer and statistics, from the finished trees.

use super::*;

impl<G: SearchHints, E: Evaluator<G>> Mcts<G, E> {
    /// The root moves' visits and means in one tree, for a live report.
    pub(super) fn live_root(&self, tree: &SearchTree<G::Move>, state: &G) -> Vec<RootChild> {
        root_children(state, &root_stats(std::slice::from_ref(tree)))
    }

    /// Sends a live report of the root to the search's observer.
    pub(super) fn report_root(&self, budget: &SharedBudget, children: Vec<RootChild>) {
        if let Some(observer) = &budget.observer {
            observer.report(&crate::progress::Progress::Root {
                iterations: budget.done_iterations.load(Ordering::Relaxed),
                time_us: budget.start.elapsed().as_micros() as u64,
                children,
            });
        }
    }

    /// The move, score and statistics from the finished trees.
    pub(super) fn result(
        &mut self,
        state: &G,
        trees: &[SearchTree<G::Move>],
        reports: &[ThreadReport],
        reused_visits: u64,
        elapsed: Duration,
    ) -> SearchResult<G::Move> {
        let children = root_stats(trees);
        let chosen = choose(&children, self.options.final_choice);
        let root_proven = trees
            .iter()
            .map(|t| t.nodes[0].proven)
            .find(|p| *p != Proven::Unknown)
            .unwrap_or(Proven::Unknown)
            // The root's status is for the player who moved into it: flip for the mover.
            .flipped();
        let score = match (root_proven, chosen) {
            // Proven, at a distance MCTS does not track.
            (Proven::Win, _) => score::WIN_UNKNOWN_DISTANCE,
            (Proven::Loss, _) => -score::WIN_UNKNOWN_DISTANCE,
            (Proven::Draw, _) => 0,
            (_, Some(i)) => ((children[i].mean() * 2.0 - 1.0) * 1000.0).round() as Score,
            _ => 0,
        };
        let iterations: u64 = reports.iter().map(|r| r.iterations).sum();
        let nodes: u64 = reports.iter().map(|r| r.nodes).sum();
        let secs = elapsed.as_secs_f64().max(1e-9);
        let (max_depth, mean_depth) = trees
            .iter()
            .map(SearchTree::depths)
            .fold((0, 0.0), |(m, s), (d, md)| {
                (m.max(d), s + md / trees.len() as f64)
            });
        let stopped_by = if root_proven != Proven::Unknown {
            StopReason::Solved
        } else {
            reports.first().map_or(StopReason::None, |r| r.stopped_by)
        };
        let mcts = MctsStats {
            iterations,
            playouts_per_second: iterations as f64 / secs,
            tree_nodes: trees.iter().map(|t| t.nodes.len() as u64).sum(),
            bytes_per_node: std::mem::size_of::<Node<G::Move>>(),
            max_depth,
            mean_depth,
            reused_visits,
            threads: self.options.threads.max(1),
            parallel: match self.options.parallel {
                Parallel::Root => "root".into(),
                Parallel::Tree => "tree".into(),
            },
            root_children: root_children(state, &children),
            proven_root: root_proven.name().map(String::from),
        };
        let best_move = chosen.map(|i| children[i].mv).or_else(|| {
            // No tree (a limit of zero): any legal move.
            state.legal_moves().first().copied()
        });
        let mut stats = Stats {
            algorithm: "mcts".into(),
            nodes,
            depth: max_depth,
            stopped_by,
            mcts: Some(mcts.clone()),
            ..Stats::default()
        };
        stats.finish_timing(elapsed);
        self.last_stats = Some(mcts);
        SearchResult {
            best_move,
            score,
            pv: best_move.into_iter().collect(),
            stats,
        }
    }
}

/// The root moves' statistics as reported, moves in the game's notation.
fn root_children<G: SearchHints>(state: &G, children: &[RootStats<G::Move>]) -> Vec<RootChild> {
    children
        .iter()
        .map(|c| RootChild {
            mv: state.format_move(c.mv),
            visits: c.visits as u32,
            mean: c.mean(),
            proven: c.proven.name().map(String::from),
        })
        .collect()
}
