//! Your solutions go here. Each function is graded by `cargo test -p ply-teaching --test student
//! -- --ignored` against the reference algorithms: the values, and how many leaves you
//! evaluate (`Node::value` counts them), must match.

use crate::Node;

/// Exercise 1: the minimax value of `node` for MAX. Visit the children left to right.
pub fn minimax(node: &Node) -> i32 {
    let _ = node;
    todo!("exercise 1: minimax")
}

/// Exercise 2: alpha-beta, returning the minimax value when it lies inside `(alpha, beta)`.
/// Children left to right. With `strict == false` prune as AIMA does, as soon as a value
/// reaches the bound (`v >= beta` at MAX, `v <= alpha` at MIN); with `strict == true` only
/// when it passes it (`v > beta`, `v < alpha`).
pub fn alpha_beta(node: &Node, alpha: i32, beta: i32, strict: bool) -> i32 {
    let _ = (node, alpha, beta, strict);
    todo!("exercise 2: alpha-beta")
}
