//! The search tree: nodes in one growing array, each node's children side by side.

use smallvec::SmallVec;

/// What is proven about a node, for the player who made the move into it (MCTS-Solver).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Proven {
    /// Not proven.
    Unknown,
    /// A win for the player who moved into the node.
    Win,
    /// A loss for that player.
    Loss,
    /// A draw.
    Draw,
}

impl Proven {
    /// The same fact seen by the other player.
    pub fn flipped(self) -> Proven {
        match self {
            Proven::Win => Proven::Loss,
            Proven::Loss => Proven::Win,
            other => other,
        }
    }

    /// The reward it stands for (1, 0 or 0.5), if proven.
    pub fn reward(self) -> Option<f64> {
        match self {
            Proven::Unknown => None,
            Proven::Win => Some(1.0),
            Proven::Loss => Some(0.0),
            Proven::Draw => Some(0.5),
        }
    }

    /// The name used in statistics: `win`, `loss`, `draw`.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Proven::Unknown => None,
            Proven::Win => Some("win"),
            Proven::Loss => Some("loss"),
            Proven::Draw => Some("draw"),
        }
    }
}

/// One node: 40 bytes for a one-byte move (the budget is 48). Rewards are for the player
/// who made the move into the node.
#[derive(Clone, Debug)]
pub struct Node<M> {
    /// Sum of the rewards backed up through the node.
    pub reward_sum: f64,
    /// Sum of their squares (for UCB1-Tuned's variance).
    pub reward_sq_sum: f64,
    /// Completed visits.
    pub visits: u32,
    /// Index of the first child (children are contiguous); meaningful once expanded.
    pub first_child: u32,
    /// The implicit minimax value in `[0, 1]` (evaluator backed up by minimax).
    pub implicit: f32,
    /// Number of children.
    pub child_count: u16,
    /// Threads currently inside the node (virtual loss, tree parallelisation).
    pub virtual_visits: u16,
    /// What is proven about the node.
    pub proven: Proven,
    /// Whether the children have been created.
    pub expanded: bool,
    /// The move into the node (`None` for the root).
    pub mv: Option<M>,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, implicit: f32) -> Self {
        Node {
            reward_sum: 0.0,
            reward_sq_sum: 0.0,
            visits: 0,
            first_child: 0,
            implicit,
            child_count: 0,
            virtual_visits: 0,
            proven: Proven::Unknown,
            expanded: false,
            mv,
        }
    }

    /// Mean reward (0.5 before the first visit).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.reward_sum / self.visits as f64
        }
    }
}

/// The tree: node 0 is the root.
#[derive(Clone, Debug)]
pub struct SearchTree<M> {
    /// Every node.
    pub nodes: Vec<Node<M>>,
    /// The most nodes the tree may hold (the memory cap).
    pub max_nodes: usize,
}

impl<M: Copy> SearchTree<M> {
    /// A tree holding only a root, limited to `max_nodes`.
    pub fn new(max_nodes: usize) -> Self {
        let mut nodes = Vec::with_capacity(max_nodes.min(1 << 16));
        nodes.push(Node::new(None, 0.5));
        SearchTree {
            nodes,
            max_nodes: max_nodes.max(1),
        }
    }

    /// The children's indices of `node`.
    #[inline]
    pub fn children(&self, node: u32) -> std::ops::Range<u32> {
        let n = &self.nodes[node as usize];
        n.first_child..n.first_child + n.child_count as u32
    }

    /// Whether `count` more nodes fit under the cap.
    pub fn has_room(&self, count: usize) -> bool {
        self.nodes.len() + count <= self.max_nodes
    }

    /// Creates the children of `node` for `moves`, with their implicit values.
    pub fn expand(&mut self, node: u32, moves: &[M], implicit: &[f32]) {
        let first = self.nodes.len() as u32;
        for (i, &mv) in moves.iter().enumerate() {
            self.nodes
                .push(Node::new(Some(mv), implicit.get(i).copied().unwrap_or(0.5)));
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.child_count = moves.len() as u16;
        n.expanded = true;
    }

    /// Adds children for `moves` to the expanded `node` (open-loop MCTS, where a roll can
    /// bring moves its earlier walks did not have): its children are copied, with their
    /// statistics and subtrees, to a new block at the end followed by the new ones; the old
    /// block is left unused.
    pub fn add_children(&mut self, node: u32, moves: &[M]) {
        let first = self.nodes.len() as u32;
        for child in self.children(node) {
            let copy = self.nodes[child as usize].clone();
            self.nodes.push(copy);
        }
        for &mv in moves {
            self.nodes.push(Node::new(Some(mv), 0.5));
        }
        let n = &mut self.nodes[node as usize];
        n.child_count += moves.len() as u16;
        n.first_child = first;
    }

    /// A new tree made of the subtree under `node` (tree reuse): the statistics are kept, the
    /// rest is dropped.
    pub fn subtree(&self, node: u32) -> SearchTree<M> {
        let mut nodes = Vec::with_capacity(self.nodes.len());
        let mut root = self.nodes[node as usize].clone();
        root.mv = None;
        nodes.push(root);
        // Breadth-first copy: each copied node's children are appended together.
        let mut queue: SmallVec<[(u32, u32); 64]> = SmallVec::new();
        queue.push((node, 0));
        let mut head = 0;
        while head < queue.len() {
            let (old, new) = queue[head];
            head += 1;
            if !self.nodes[old as usize].expanded {
                continue;
            }
            let first = nodes.len() as u32;
            for child in self.children(old) {
                let copy = self.nodes[child as usize].clone();
                queue.push((child, nodes.len() as u32));
                nodes.push(copy);
            }
            nodes[new as usize].first_child = first;
        }
        SearchTree {
            nodes,
            max_nodes: self.max_nodes,
        }
    }

    /// The depth of the deepest node and the mean depth over all nodes.
    pub fn depths(&self) -> (u32, f64) {
        let mut depth = vec![0u32; self.nodes.len()];
        let (mut max, mut sum) = (0u32, 0u64);
        for i in 0..self.nodes.len() as u32 {
            if self.nodes[i as usize].expanded {
                for c in self.children(i) {
                    depth[c as usize] = depth[i as usize] + 1;
                }
            }
            max = max.max(depth[i as usize]);
            sum += depth[i as usize] as u64;
        }
        (max, sum as f64 / self.nodes.len() as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_fits_the_budget() {
        assert!(std::mem::size_of::<Node<u8>>() <= 48);
        assert_eq!(std::mem::size_of::<Node<u8>>(), 40);
    }

    #[test]
    fn added_children_follow_the_kept_ones_with_their_statistics() {
        let mut t = SearchTree::new(100);
        t.expand(0, &[1u8, 2], &[]);
        t.expand(2, &[5u8], &[]);
        t.nodes[2].visits = 4;
        t.add_children(0, &[3]);
        let kids: Vec<_> = t.children(0).map(|c| t.nodes[c as usize].mv).collect();
        assert_eq!(kids, [Some(1), Some(2), Some(3)]);
        let two = t.children(0).start + 1;
        assert_eq!(t.nodes[two as usize].visits, 4);
        let grandchild = t.children(two).start;
        assert_eq!(t.nodes[grandchild as usize].mv, Some(5));
    }

    #[test]
    fn a_subtree_keeps_its_statistics_and_shape() {
        let mut t = SearchTree::new(100);
        t.expand(0, &[1u8, 2], &[]);
        t.expand(2, &[3, 4, 5], &[]);
        t.nodes[2].visits = 7;
        t.nodes[4].visits = 3;
        let s = t.subtree(2);
        assert_eq!(s.nodes.len(), 4);
        assert_eq!(s.nodes[0].visits, 7);
        assert_eq!(s.nodes[0].mv, None);
        let kids: Vec<_> = s.children(0).map(|c| s.nodes[c as usize].mv).collect();
        assert_eq!(kids, [Some(3), Some(4), Some(5)]);
        assert_eq!(s.nodes[s.children(0).start as usize + 1].visits, 3);
    }
}
