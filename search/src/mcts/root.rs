//! The root's children summed over the trees, and the move the search finally plays.

use super::*;

/// Root children's summed statistics (several trees under root parallelisation).
pub(super) struct RootStats<M> {
    pub(super) mv: M,
    pub(super) visits: u64,
    pub(super) reward_sum: f64,
    pub(super) proven: Proven,
}

pub(super) fn root_stats<M: Copy>(trees: &[SearchTree<M>]) -> Vec<RootStats<M>> {
    let mut out: Vec<RootStats<M>> = Vec::new();
    for tree in trees {
        if !tree.nodes[0].expanded {
            continue;
        }
        for (i, c) in tree.children(0).enumerate() {
            let n = &tree.nodes[c as usize];
            if out.len() <= i {
                out.push(RootStats {
                    mv: n.mv.expect("a child has a move"),
                    visits: 0,
                    reward_sum: 0.0,
                    proven: Proven::Unknown,
                });
            }
            out[i].visits += n.visits as u64;
            out[i].reward_sum += n.reward_sum;
            if n.proven != Proven::Unknown {
                out[i].proven = n.proven;
            }
        }
    }
    out
}

impl<M> RootStats<M> {
    pub(super) fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward_sum / self.visits as f64
        }
    }
}

/// The root child to play: a proven win first; never a proven loss if anything else remains;
/// then by the final-choice rule.
pub(super) fn choose<M: Copy>(children: &[RootStats<M>], rule: FinalChoice) -> Option<usize> {
    if let Some(i) = children.iter().position(|c| c.proven == Proven::Win) {
        return Some(i);
    }
    let candidates: Vec<usize> = {
        let open: Vec<usize> = (0..children.len())
            .filter(|&i| children[i].proven != Proven::Loss)
            .collect();
        if open.is_empty() {
            (0..children.len()).collect()
        } else {
            open
        }
    };
    let by_visits = |&i: &usize| (children[i].visits, ordered(children[i].mean()));
    let by_mean = |&i: &usize| (ordered(children[i].mean()), children[i].visits);
    let robust = candidates.iter().copied().max_by_key(by_visits);
    match rule {
        FinalChoice::Robust => robust,
        FinalChoice::Max => candidates
            .iter()
            .copied()
            .filter(|&i| children[i].visits > 0)
            .max_by_key(by_mean)
            .or(robust),
        FinalChoice::MaxRobust => {
            let best_mean = candidates.iter().copied().max_by_key(by_mean);
            match (robust, best_mean) {
                (Some(r), Some(m)) if children[r].mean() >= children[m].mean() => Some(r),
                _ => robust,
            }
        }
    }
}

/// A float as a totally ordered integer key (for `max_by_key`).
pub(super) fn ordered(x: f64) -> i64 {
    (x * 1e12) as i64
}
