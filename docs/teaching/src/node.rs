//! A game-tree node as the exercises see it: children, leaf test, and a leaf's value (from
//! MAX's point of view). Every leaf evaluation is logged, in order, for the grader.

use ply_search::tree::Tree;
use ply_search::{Game, Player};
use std::cell::RefCell;

/// The leaves a submission evaluated, in order, each named by its path from the root (`0.2`:
/// the root's first child's third child).
pub type EvaluationLog = RefCell<Vec<String>>;

/// A node of an explicit game tree; MAX moves at the root.
#[derive(Clone)]
pub struct Node<'a> {
    tree: Tree,
    path: Vec<usize>,
    log: &'a EvaluationLog,
}

impl<'a> Node<'a> {
    /// The root of `tree`, logging leaf evaluations in `log`.
    pub fn root(tree: &Tree, log: &'a EvaluationLog) -> Node<'a> {
        Node {
            tree: tree.clone(),
            path: Vec::new(),
            log,
        }
    }

    /// Whether MAX moves here (the root and every second level below it).
    pub fn is_max(&self) -> bool {
        self.path.len().is_multiple_of(2)
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
            .enumerate()
            .map(|(i, m)| {
                let mut path = self.path.clone();
                path.push(i);
                Node {
                    tree: self.tree.play(m),
                    path,
                    log: self.log,
                }
            })
            .collect()
    }

    /// A leaf's value for MAX (logged as one evaluation).
    pub fn value(&self) -> i32 {
        self.log.borrow_mut().push(path_name(&self.path));
        self.tree.terminal_value(Player::P0)
    }
}

/// A path's name: child indices joined by `.`, `root` for the empty path.
pub fn path_name(path: &[usize]) -> String {
    if path.is_empty() {
        return "root".into();
    }
    path.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(".")
}
