//! Exercise 6: expectimax on trees with chance nodes, graded on the value and on exactly which
//! nodes are expanded and which leaves evaluated, in order, against the course
//! expectiminimax (`ply_search::course::expectiminimax_decision`).

use super::panicked;
use crate::caught::caught;
use crate::node::{ChanceNode, EvaluationLog};
use crate::report::Check;
use ply_search::course::{expectiminimax_decision, Options};
use ply_search::tree::ChanceTree;
use ply_search::Zero;

/// The textbook trees: CS188's expectimax example (MAX over three chance nodes of equally
/// likely outcomes: 8, 4 and 7), and a tree in the shape of AIMA's figure 5.11 (MAX, a roll,
/// MIN, a roll), its rolls weighted as backgammon weighs a double (1) against another roll (2).
pub const TEXTBOOK: [&str; 2] = [
    "[~[3,12,9],~[2,4,6],~[15,6,0]]",
    "[~[1:[~[2,4],~[7,-1]],2:[~[1:6,2:0],~[3,3]]],~[1:[~[-2,8]],2:[~[5,1],~[0,4]]]]",
];

/// How far a value may be from the reference's (sums of products of probabilities).
const TOLERANCE: f64 = 1e-9;

/// The random trees: 200 seeded trees with about a third of their inner nodes chance nodes,
/// outcomes weighted 1 to 4.
pub fn chance_trees() -> Vec<ChanceTree> {
    (0..200)
        .map(|seed| ChanceTree::random(seed, 5, 4, 9))
        .collect()
}

/// An answer on a tree: the value, the nodes expanded in order, the leaves evaluated in order
/// (each named by its path, `root` for the root).
pub type Answer = (f64, Vec<String>, Vec<String>);

/// What the submission `f` answers on `tree`, or its panic message.
fn submitted(tree: &ChanceTree, f: &dyn Fn(&ChanceNode) -> f64) -> Result<Answer, String> {
    let expansions = EvaluationLog::default();
    let log = EvaluationLog::default();
    let value = caught(|| f(&ChanceNode::root(tree, &expansions, &log)))?;
    Ok((value, expansions.into_inner(), log.into_inner()))
}

/// The course expectiminimax's answer on `tree`: its value, every inner node expanded (parents
/// before children, children left to right), every leaf evaluated left to right, each named by
/// its path (`root`, `0.2`).
pub fn expectimax_answer(tree: &ChanceTree) -> Answer {
    let result = expectiminimax_decision(tree, None, &Zero, &Options::recording());
    let key = |path: &str| -> Vec<usize> {
        path.split('.')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().expect("a child index"))
            .collect()
    };
    let name = |path: &str| {
        if path.is_empty() {
            "root".to_string()
        } else {
            path.to_string()
        }
    };
    let mut inner: Vec<&str> = result
        .visits
        .iter()
        .filter(|v| !v.leaf)
        .map(|v| v.path.as_str())
        .collect();
    inner.sort_by_key(|p| key(p));
    let leaves = result
        .visits
        .iter()
        .filter(|v| v.leaf)
        .map(|v| name(&v.path))
        .collect();
    (result.value, inner.into_iter().map(name).collect(), leaves)
}

/// The first place two lists part, in words.
fn first_difference(what: &str, got: &[String], want: &[String]) -> Option<String> {
    let at = (0..got.len().max(want.len())).find(|&i| got.get(i) != want.get(i))?;
    Some(match (got.get(at), want.get(at)) {
        (Some(g), Some(w)) => format!("your {} {what} was {g}, the reference's {w}", ordinal(at)),
        (Some(g), None) => format!("you went on to {g} after the reference had finished"),
        (None, Some(w)) => format!("you stopped before {w}"),
        (None, None) => unreachable!("the lists part at `at`"),
    })
}

fn ordinal(index: usize) -> String {
    let n = index + 1;
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Grades `f` on `trees`: passes when every value is the reference's (within 1e-9) and the
/// expansions and evaluations are the reference's, in order; otherwise names the first
/// failing tree, written out, and what went wrong on it.
fn grade_on(
    trees: &[(String, ChanceTree)],
    f: &dyn Fn(&ChanceNode) -> f64,
) -> Result<String, String> {
    for (name, tree) in trees {
        let want = expectimax_answer(tree);
        let (value, expanded, evaluated) = match submitted(tree, f) {
            Ok(answer) => answer,
            Err(message) if message.starts_with("not yet implemented") => {
                return Err(panicked(&message))
            }
            Err(message) => return Err(format!("{name}: {tree}\non it, {}", panicked(&message))),
        };
        let mut problems = Vec::new();
        if (value - want.0).abs() > TOLERANCE || value.is_nan() {
            problems.push(format!("your value {value} (expected {})", want.0));
        }
        if let Some(d) = first_difference("expansion", &expanded, &want.1) {
            problems.push(format!(
                "you expanded {} nodes (expected {}): {d}",
                expanded.len(),
                want.1.len()
            ));
        }
        if let Some(d) = first_difference("leaf evaluation", &evaluated, &want.2) {
            problems.push(format!(
                "you evaluated {} leaves (expected {}): {d}",
                evaluated.len(),
                want.2.len()
            ));
        }
        if !problems.is_empty() {
            // Deep enough for the whole tree: the longest path's moves.
            let depth = want
                .1
                .iter()
                .chain(&want.2)
                .map(|p| p.split('.').count())
                .max()
                .unwrap_or(1);
            return Err(format!(
                "{name}: {tree}\n{}\nreplay it: ply search \"chance-tree(shape={tree})\" \"expectimax(depth={depth},eval=null,pruning=none)\", or step through it on the Teach screen of ply serve (algorithm expectimax)",
                problems.join("\n")
            ));
        }
    }
    Ok(format!(
        "{} trees: every value, every expansion and every leaf, in order",
        trees.len()
    ))
}

/// The graded trees with their names: the two textbook trees, then the 200 random ones.
pub type NamedTrees = Vec<(String, ChanceTree)>;

/// The two textbook trees and the 200 random ones, each with its name in reports.
pub fn named_chance_trees() -> (NamedTrees, NamedTrees) {
    let textbook = TEXTBOOK
        .iter()
        .zip(["CS188's example", "AIMA's backgammon shape"])
        .map(|(text, name)| {
            (
                name.to_string(),
                ChanceTree::parse(text).expect("a textbook tree"),
            )
        })
        .collect();
    let random = chance_trees()
        .into_iter()
        .enumerate()
        .map(|(i, t)| (format!("random tree {i}"), t))
        .collect();
    (textbook, random)
}

/// Exercise 6, expectimax: the value, every expansion and every leaf, in order, on the two
/// textbook trees (5 points) and on 200 random trees with chance nodes (15 points).
pub fn exercise_6(f: &dyn Fn(&ChanceNode) -> f64) -> Vec<Check> {
    let (textbook, random) = named_chance_trees();
    vec![
        Check::from_result(
            "exercise 6, expectimax: CS188's example and AIMA's backgammon shape",
            5.0,
            grade_on(&textbook, f),
        ),
        Check::from_result(
            "exercise 6, expectimax: 200 random trees with chance nodes",
            15.0,
            grade_on(&random, f),
        ),
    ]
}
