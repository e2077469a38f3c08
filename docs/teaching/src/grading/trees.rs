//! Exercises 1 and 2: minimax and alpha-beta on explicit trees, graded on the value and on
//! exactly which leaves are evaluated, in order. A failing tree is shrunk to the smallest tree
//! that still fails and drawn, with the first leaf where the orders part marked.

use super::panicked;
use crate::caught::caught;
use crate::draw::evaluation_tree;
use crate::node::{path_name, EvaluationLog, Node};
use crate::report::Check;
use crate::shape::Shape;
use ply_search::course::{alpha_beta_search, minimax_decision, CourseResult, Options};
use ply_search::tree::Tree;
use ply_search::Zero;

/// AIMA's figure 5.2, the first tree every submission is graded on.
const AIMA_FIGURE_5_2: &str = "[[3,12,8],[2,4,6],[14,5,2]]";

/// How many trees shrinking may try before it settles for the smallest found so far.
const SHRINK_BUDGET: usize = 5_000;

/// The trees every submission is graded on: AIMA's figure 5.2, then 200 seeded random trees.
pub fn trees() -> Vec<Tree> {
    let mut trees = vec![Tree::parse(AIMA_FIGURE_5_2).expect("AIMA figure 5.2")];
    trees.extend((0..200).map(|seed| Tree::random(seed, 5, 4, 9)));
    trees
}

/// A search's answer on a tree: the root's value and the leaves evaluated, in order.
type Answer = (i32, Vec<String>);

/// What the submission `f` answers on `tree`, or its panic message.
fn submitted(tree: &Tree, f: &dyn Fn(&Node) -> i32) -> Result<Answer, String> {
    let log = EvaluationLog::default();
    let value = caught(|| f(&Node::root(tree, &log)))?;
    Ok((value, log.into_inner()))
}

/// The leaves a course search evaluated, in order, and its value.
fn answer(result: CourseResult<u32>) -> Answer {
    let leaves = result
        .visits
        .iter()
        .filter(|v| v.leaf)
        .map(|v| {
            let path: Vec<usize> = v
                .path
                .split('.')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().expect("a child index"))
                .collect();
            path_name(&path)
        })
        .collect();
    (result.value, leaves)
}

/// The course minimax's answer.
fn minimax_answer(tree: &Tree) -> Answer {
    answer(minimax_decision(tree, None, &Zero, &Options::recording()))
}

/// The course alpha-beta's answer, with AIMA's pruning on equality or the strict rule.
fn alpha_beta_answer(tree: &Tree, strict: bool) -> Answer {
    let options = Options {
        strict_pruning: strict,
        test_root: true,
        ..Options::recording()
    };
    answer(alpha_beta_search(tree, None, &Zero, &options))
}

/// Grades `f` on `trees` against `reference`: passes when every value and leaf order matches;
/// otherwise fails with the first failing tree shrunk and drawn. `replay` is the agent spec
/// that replays a tree with `ply search`.
fn grade_on(
    trees: &[(usize, Tree)],
    f: &dyn Fn(&Node) -> i32,
    reference: &dyn Fn(&Tree) -> Answer,
    replay: &str,
) -> Result<String, String> {
    for (number, tree) in trees {
        let want = reference(tree);
        let got = submitted(tree, f);
        if got.as_ref() == Ok(&want) {
            continue;
        }
        if let Err(message) = &got {
            if message.starts_with("not yet implemented") {
                return Err(panicked(message));
            }
        }
        let fails = |shape: &Shape| {
            let tree = shape.tree();
            submitted(&tree, f) != Ok(reference(&tree))
        };
        let small = Shape::of(tree).shrink(&fails, SHRINK_BUDGET);
        let small_tree = small.tree();
        let want = reference(&small_tree);
        let mut text = format!(
            "tree {number} fails ({} nodes); shrunk to the smallest tree that still fails ({} nodes):\n  {small}\n",
            Shape::of(tree).size(),
            small.size()
        );
        match submitted(&small_tree, f) {
            Err(message) => {
                text.push_str(&format!("on it, {}\n", panicked(&message)));
                text.push_str(&evaluation_tree(&small, &[], &want.1));
            }
            Ok((value, leaves)) => {
                text.push_str(&format!(
                    "your value {value} (expected {}); you evaluated {} leaves (expected {})\n",
                    want.0,
                    leaves.len(),
                    want.1.len()
                ));
                text.push_str(&evaluation_tree(&small, &leaves, &want.1));
            }
        }
        text.push_str(&format!(
            "replay it: ply search \"tree(shape={small})\" \"{replay}\" --tree tree.svg\n"
        ));
        return Err(text);
    }
    Ok(format!(
        "{} trees: every value and every leaf, in order",
        trees.len()
    ))
}

/// Trees with their numbers in [`trees`].
type Numbered = Vec<(usize, Tree)>;

/// Splits the graded trees into AIMA's figure and the random ones, numbered as in [`trees`].
fn figure_and_random() -> (Numbered, Numbered) {
    let mut all: Vec<(usize, Tree)> = trees().into_iter().enumerate().collect();
    let random = all.split_off(1);
    (all, random)
}

/// Exercise 1, minimax: the value and every leaf, left to right, on AIMA's figure 5.2 (5
/// points) and on 200 random trees (15 points).
pub fn exercise_1(f: &dyn Fn(&Node) -> i32) -> Vec<Check> {
    let (figure, random) = figure_and_random();
    let replay = "minimax(depth=99,eval=null)";
    vec![
        Check::from_result(
            "exercise 1, minimax: AIMA's figure 5.2",
            5.0,
            grade_on(&figure, f, &minimax_answer, replay),
        ),
        Check::from_result(
            "exercise 1, minimax: 200 random trees",
            15.0,
            grade_on(&random, f, &minimax_answer, replay),
        ),
    ]
}

/// Exercise 2, alpha-beta: the value and exactly the leaves the reference evaluates, in order,
/// with AIMA's pruning on equality on figure 5.2 (5 points) and 200 random trees (10 points),
/// and with the strict rule on all 201 trees (10 points).
pub fn exercise_2(f: &dyn Fn(&Node, i32, i32, bool) -> i32) -> Vec<Check> {
    let (figure, random) = figure_and_random();
    let aima = |n: &Node| f(n, i32::MIN, i32::MAX, false);
    let strict = |n: &Node| f(n, i32::MIN, i32::MAX, true);
    let aima_reference = |t: &Tree| alpha_beta_answer(t, false);
    let strict_reference = |t: &Tree| alpha_beta_answer(t, true);
    let all: Vec<(usize, Tree)> = trees().into_iter().enumerate().collect();
    vec![
        Check::from_result(
            "exercise 2, alpha-beta with AIMA's pruning (v >= beta): AIMA's figure 5.2",
            5.0,
            grade_on(
                &figure,
                &aima,
                &aima_reference,
                "plain-alphabeta(depth=99,eval=null)",
            ),
        ),
        Check::from_result(
            "exercise 2, alpha-beta with AIMA's pruning (v >= beta): 200 random trees",
            10.0,
            grade_on(
                &random,
                &aima,
                &aima_reference,
                "plain-alphabeta(depth=99,eval=null)",
            ),
        ),
        Check::from_result(
            "exercise 2, alpha-beta with strict pruning (v > beta): 201 trees",
            10.0,
            grade_on(
                &all,
                &strict,
                &strict_reference,
                "plain-alphabeta(depth=99,eval=null,strict=on)",
            ),
        ),
    ]
}
