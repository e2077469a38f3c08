//! Pictures for a failing case: a tree drawn indented, one node a line, each leaf with the turn
//! at which the submission and the reference evaluated it, and the first leaf where the
//! submission's order left the reference's marked with an arrow.

use crate::node::path_name;
use crate::shape::Shape;

/// The tree `shape` drawn one node a line, MAX and MIN nodes named, each leaf with its path and
/// its turn in `yours` and in `reference` (the leaves evaluated, in order, by path).
///
/// ```
/// use ply_teaching::draw::evaluation_tree;
/// use ply_teaching::shape::Shape;
/// use ply_search::tree::Tree;
/// let shape = Shape::of(&Tree::parse("[[3,12],[2,4]]").unwrap());
/// let yours = ["0.0", "0.1", "1.0", "1.1"].map(String::from);
/// let reference = ["0.0", "0.1", "1.0"].map(String::from);
/// let text = evaluation_tree(&shape, &yours, &reference);
/// assert!(text.contains("4  [1.1]  you: 4th, reference: never  <- first difference"), "{text}");
/// ```
pub fn evaluation_tree(shape: &Shape, yours: &[String], reference: &[String]) -> String {
    let first_difference = (0..yours.len().max(reference.len()))
        .find(|&k| yours.get(k) != reference.get(k))
        .map(|k| (k, yours.get(k).cloned(), reference.get(k).cloned()));
    let mut out = String::new();
    let mut path = Vec::new();
    draw(
        shape,
        &mut path,
        yours,
        reference,
        &first_difference,
        &mut out,
    );
    if let Some((k, mine, theirs)) = &first_difference {
        let turn = ordinal(k + 1);
        out.push_str(&match (mine, theirs) {
            (Some(mine), Some(theirs)) => format!(
                "first difference: your {turn} evaluation is leaf {mine}; the reference's {turn} is leaf {theirs}\n"
            ),
            (Some(mine), None) => format!(
                "first difference: you evaluated leaf {mine} {turn}, after the reference had finished\n"
            ),
            (None, Some(theirs)) => format!(
                "first difference: you stopped after {k} evaluations; the reference's {turn} is leaf {theirs}\n"
            ),
            (None, None) => String::new(),
        });
    }
    out
}

fn draw(
    shape: &Shape,
    path: &mut Vec<usize>,
    yours: &[String],
    reference: &[String],
    first_difference: &Option<(usize, Option<String>, Option<String>)>,
    out: &mut String,
) {
    let indent = "  ".repeat(path.len());
    let name = path_name(path);
    match shape {
        Shape::Leaf(value) => {
            let turn = |order: &[String]| {
                order
                    .iter()
                    .position(|p| *p == name)
                    .map_or("never".to_string(), |i| ordinal(i + 1))
            };
            let marked = first_difference.as_ref().is_some_and(|(_, mine, theirs)| {
                mine.as_deref() == Some(name.as_str()) || theirs.as_deref() == Some(name.as_str())
            });
            out.push_str(&format!(
                "{indent}{value}  [{name}]  you: {}, reference: {}{}\n",
                turn(yours),
                turn(reference),
                if marked { "  <- first difference" } else { "" }
            ));
        }
        Shape::Inner(children) => {
            let player = if path.len().is_multiple_of(2) {
                "MAX"
            } else {
                "MIN"
            };
            out.push_str(&format!("{indent}{player} [{name}]\n"));
            for (i, child) in children.iter().enumerate() {
                path.push(i);
                draw(child, path, yours, reference, first_difference, out);
                path.pop();
            }
        }
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `21st`.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
