//! Trees as values the grader can take apart: read from a [`Tree`], made smaller one step at a
//! time, and turned back into a `Tree`. A failing random tree is shrunk this way to the
//! smallest tree that still fails, as proptest shrinks its cases.

use ply_search::tree::Tree;
use ply_search::{Game, Player};
use std::fmt;

/// An explicit game tree: a leaf with MAX's payoff, or an inner node with its children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A leaf: the game is over, worth this much to MAX.
    Leaf(i32),
    /// An inner node and its children, left to right.
    Inner(Vec<Shape>),
}

impl Shape {
    /// The shape of the whole tree `tree` belongs to (from its root).
    pub fn of(tree: &Tree) -> Shape {
        fn walk(node: &Tree) -> Shape {
            if node.is_terminal() {
                return Shape::Leaf(node.terminal_value(Player::P0));
            }
            Shape::Inner(
                node.legal_moves()
                    .into_iter()
                    .map(|m| walk(&node.play(m)))
                    .collect(),
            )
        }
        walk(&tree.root())
    }

    /// The tree with this shape.
    pub fn tree(&self) -> Tree {
        Tree::parse(&self.to_string()).expect("a shape prints as a tree")
    }

    /// Nodes, leaves included.
    pub fn size(&self) -> usize {
        match self {
            Shape::Leaf(_) => 1,
            Shape::Inner(children) => 1 + children.iter().map(Shape::size).sum::<usize>(),
        }
    }

    /// The sum of the leaves' magnitudes: among trees of one size, the smaller is simpler.
    fn weight(&self) -> u64 {
        match self {
            Shape::Leaf(v) => v.unsigned_abs() as u64,
            Shape::Inner(children) => children.iter().map(Shape::weight).sum(),
        }
    }

    /// Every tree one step simpler than this one: a child removed, a subtree replaced by a leaf
    /// or by one of its children or grandchildren, a leaf's value moved toward 0. The root
    /// stays an inner node. Biggest steps first.
    pub fn simpler(&self) -> Vec<Shape> {
        let mut out = Vec::new();
        if let Shape::Inner(children) = self {
            self.simpler_inner(children, true, &mut out);
        }
        out.retain(|s| (s.size(), s.weight()) < (self.size(), self.weight()));
        out
    }

    fn simpler_inner(&self, children: &[Shape], is_root: bool, out: &mut Vec<Shape>) {
        if !is_root {
            out.push(Shape::Leaf(0));
            for child in children {
                out.push(child.clone());
                if let Shape::Inner(grandchildren) = child {
                    out.extend(grandchildren.iter().cloned());
                }
            }
        }
        if children.len() > 1 {
            for i in 0..children.len() {
                let mut fewer = children.to_vec();
                fewer.remove(i);
                out.push(Shape::Inner(fewer));
            }
        }
        for (i, child) in children.iter().enumerate() {
            let replacements = match child {
                Shape::Leaf(v) => [0, v / 2]
                    .into_iter()
                    .filter(|w| w != v)
                    .map(Shape::Leaf)
                    .collect(),
                Shape::Inner(grandchildren) => {
                    let mut inner = Vec::new();
                    child.simpler_inner(grandchildren, false, &mut inner);
                    inner
                }
            };
            for replacement in replacements {
                let mut changed = children.to_vec();
                changed[i] = replacement;
                out.push(Shape::Inner(changed));
            }
        }
    }

    /// The smallest tree, reached one simpler step at a time, on which `fails` still holds
    /// (starting from this one, which must fail). At most `budget` trees are tried.
    pub fn shrink(&self, fails: &dyn Fn(&Shape) -> bool, budget: usize) -> Shape {
        let mut current = self.clone();
        let mut tried = 0;
        'smaller: loop {
            for candidate in current.simpler() {
                if tried == budget {
                    break 'smaller;
                }
                tried += 1;
                if fails(&candidate) {
                    current = candidate;
                    continue 'smaller;
                }
            }
            break;
        }
        current
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Leaf(v) => write!(f, "{v}"),
            Shape::Inner(children) => {
                f.write_str("[")?;
                for (i, child) in children.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{child}")?;
                }
                f.write_str("]")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shape_reads_and_prints_as_its_tree() {
        let tree = Tree::parse("[[3,12,8],[2,[4,-6]],[14]]").unwrap();
        let shape = Shape::of(&tree);
        assert_eq!(shape.to_string(), "[[3,12,8],[2,[4,-6]],[14]]");
        assert_eq!(shape.tree().to_string(), tree.to_string());
        assert_eq!(shape.size(), 12);
    }

    #[test]
    fn shrinking_finds_the_smallest_tree_that_still_fails() {
        // Fails while some leaf is worth more than 10: the smallest such tree is one leaf of
        // the least value above 10 that halving toward 0 can reach.
        let tree = Shape::of(&Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap());
        let fails = |s: &Shape| {
            s.to_string()
                .split(['[', ']', ','])
                .filter_map(|t| t.parse::<i32>().ok())
                .any(|v| v > 10)
        };
        let small = tree.shrink(&fails, 10_000);
        assert!(fails(&small));
        assert_eq!(small.size(), 2, "{small}");
        assert!(small.simpler().iter().all(|s| !fails(s)), "{small}");
    }
}
