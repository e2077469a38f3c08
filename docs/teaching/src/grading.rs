//! The graders: a submission against ply's course algorithms (`ply_search::course`), value for
//! value and leaf for leaf, on AIMA's figure 5.2 and 200 seeded random trees.

use crate::Node;
use ply_search::course::{alpha_beta_search, minimax_decision, Options};
use ply_search::tree::Tree;
use ply_search::Zero;
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The trees every submission is graded on.
pub fn trees() -> Vec<Tree> {
    let mut trees = vec![Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").expect("AIMA figure 5.2")];
    trees.extend((0..200).map(|seed| Tree::random(seed, 5, 4, 9)));
    trees
}

/// Runs `f` on the root of `tree`, catching a panic (`todo!()` included) as a failure.
fn run(tree: &Tree, f: &dyn Fn(&Node) -> i32) -> Result<(i32, u64), String> {
    let evaluations = Cell::new(0);
    let root = Node::root(tree, &evaluations);
    let value = catch_unwind(AssertUnwindSafe(|| f(&root))).map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".into())
    })?;
    Ok((value, evaluations.get()))
}

/// Grades a minimax: the value and the number of leaves evaluated (all of them) on every tree.
/// `Ok` says how many trees passed; `Err` names the first failure.
pub fn grade_minimax(f: &dyn Fn(&Node) -> i32) -> Result<usize, String> {
    let all = trees();
    for (i, tree) in all.iter().enumerate() {
        let want = minimax_decision(tree, None, &Zero, &Options::recording());
        let leaves = want.visits.iter().filter(|v| v.leaf).count() as u64;
        let (value, evaluated) = run(tree, f).map_err(|e| format!("tree {i} ({tree}): {e}"))?;
        if value != want.value || evaluated != leaves {
            return Err(format!(
                "tree {i} ({tree}): value {value} (expected {}), {evaluated} leaves evaluated (expected {leaves})",
                want.value
            ));
        }
    }
    Ok(all.len())
}

/// Grades an alpha-beta with AIMA's pruning on equality (`strict == false`) or the strict form:
/// the value and exactly the leaves the reference evaluates.
pub fn grade_alpha_beta(
    f: &dyn Fn(&Node, i32, i32, bool) -> i32,
    strict: bool,
) -> Result<usize, String> {
    let all = trees();
    for (i, tree) in all.iter().enumerate() {
        let options = Options {
            strict_pruning: strict,
            test_root: true,
            ..Options::recording()
        };
        let want = alpha_beta_search(tree, None, &Zero, &options);
        let leaves = want.visits.iter().filter(|v| v.leaf).count() as u64;
        let (value, evaluated) = run(tree, &|n| f(n, i32::MIN, i32::MAX, strict))
            .map_err(|e| format!("tree {i} ({tree}): {e}"))?;
        if value != want.value || evaluated != leaves {
            return Err(format!(
                "tree {i} ({tree}), strict {strict}: value {value} (expected {}), {evaluated} leaves evaluated (expected {leaves})",
                want.value
            ));
        }
    }
    Ok(all.len())
}
