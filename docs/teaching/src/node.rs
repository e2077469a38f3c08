//! A game-tree node as the exercises see it: children, leaf test, and a leaf's value (from
//! MAX's point of view). Every leaf evaluation is logged, in order, for the grader.

use ply_search::chance::{probabilities, ChanceList};
use ply_search::tree::{ChanceTree, Tree};
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

/// A node of an explicit game tree with chance nodes (exercise 6): MAX moves at the root, a
/// chance node's children come with their probabilities, and after a roll the other player
/// chooses (AIMA's backgammon tree). Every expansion (`children()`) and every leaf evaluation
/// (`value()`) is logged, in order, for the grader.
#[derive(Clone)]
pub struct ChanceNode<'a> {
    tree: ChanceTree,
    path: Vec<usize>,
    expansions: &'a EvaluationLog,
    log: &'a EvaluationLog,
}

impl<'a> ChanceNode<'a> {
    /// The root of `tree`, logging expansions in `expansions` and leaf evaluations in `log`.
    pub fn root(
        tree: &ChanceTree,
        expansions: &'a EvaluationLog,
        log: &'a EvaluationLog,
    ) -> ChanceNode<'a> {
        ChanceNode {
            tree: tree.clone(),
            path: Vec::new(),
            expansions,
            log,
        }
    }

    /// Whether this is a leaf (the game is over).
    pub fn is_leaf(&self) -> bool {
        self.tree.is_terminal()
    }

    /// Whether the dice decide here: the value is the children's average, weighted by
    /// [`ChanceNode::probabilities`].
    pub fn is_chance(&self) -> bool {
        self.tree.is_chance_node()
    }

    /// Whether MAX chooses here (at a player's node; MIN chooses at the others).
    pub fn is_max(&self) -> bool {
        !self.is_chance() && self.tree.to_move() == Player::P0
    }

    /// The children, left to right (logged as one expansion of this node).
    pub fn children(&self) -> Vec<ChanceNode<'a>> {
        self.expansions.borrow_mut().push(path_name(&self.path));
        self.tree
            .legal_moves()
            .into_iter()
            .enumerate()
            .map(|(i, m)| {
                let mut path = self.path.clone();
                path.push(i);
                ChanceNode {
                    tree: self.tree.play(m),
                    path,
                    expansions: self.expansions,
                    log: self.log,
                }
            })
            .collect()
    }

    /// At a chance node, each child's probability, left to right (they sum to 1); empty at a
    /// player's node.
    pub fn probabilities(&self) -> Vec<f64> {
        let mut outcomes = ChanceList::new();
        self.tree.chance_outcomes(&mut outcomes);
        probabilities(&outcomes)
    }

    /// A leaf's value for MAX (logged as one evaluation).
    pub fn value(&self) -> f64 {
        self.log.borrow_mut().push(path_name(&self.path));
        self.tree.terminal_value(Player::P0) as f64
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
