//! A game-tree node as the exercises see it: children, leaf test, and a leaf's value (from
//! MAX's point of view), each leaf evaluation counted for the grader.

use ply_search::tree::Tree;
use ply_search::{Game, Player};
use std::cell::Cell;

/// A node of an explicit game tree; MAX moves at the root.
#[derive(Clone)]
pub struct Node<'a> {
    tree: Tree,
    depth: u32,
    evaluations: &'a Cell<u64>,
}

impl<'a> Node<'a> {
    /// The root of `tree`, counting leaf evaluations in `evaluations`.
    pub fn root(tree: &Tree, evaluations: &'a Cell<u64>) -> Node<'a> {
        Node {
            tree: tree.clone(),
            depth: 0,
            evaluations,
        }
    }

    /// Whether MAX moves here (the root and every second level below it).
    pub fn is_max(&self) -> bool {
        self.depth.is_multiple_of(2)
    }

    /// Whether this is a leaf (the game is over).
    pub fn is_leaf(&self) -> bool {
        self.tree.is_terminal()
    }

    /// The children, left to right.
    pub fn children(&self) -> Vec<Node<'a>> {
        self.tree
            .legal_moves()
            .into_iter()
            .map(|m| Node {
                tree: self.tree.play(m),
                depth: self.depth + 1,
                evaluations: self.evaluations,
            })
            .collect()
    }

    /// A leaf's value for MAX (counted as one evaluation).
    pub fn value(&self) -> i32 {
        self.evaluations.set(self.evaluations.get() + 1);
        self.tree.terminal_value(Player::P0)
    }
}
