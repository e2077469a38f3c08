//! Reference solutions, kept apart from the skeletons; they pass the graders.

use crate::Node;
use ply_isolation::Isolation;
use ply_search::Player;

/// Minimax, as AIMA writes it (one function for both players).
pub fn minimax(node: &Node) -> i32 {
    if node.is_leaf() {
        return node.value();
    }
    let values = node.children().into_iter().map(|c| minimax(&c));
    if node.is_max() {
        values.max().expect("an inner node has children")
    } else {
        values.min().expect("an inner node has children")
    }
}

/// Alpha-beta, as AIMA writes it, with the choice of pruning on equality.
pub fn alpha_beta(node: &Node, mut alpha: i32, mut beta: i32, strict: bool) -> i32 {
    if node.is_leaf() {
        return node.value();
    }
    let cut = |v: i32, bound: i32, max: bool| match (max, strict) {
        (true, false) => v >= bound,
        (true, true) => v > bound,
        (false, false) => v <= bound,
        (false, true) => v < bound,
    };
    if node.is_max() {
        let mut v = i32::MIN;
        for child in node.children() {
            v = v.max(alpha_beta(&child, alpha, beta, strict));
            if cut(v, beta, true) {
                return v;
            }
            alpha = alpha.max(v);
        }
        v
    } else {
        let mut v = i32::MAX;
        for child in node.children() {
            v = v.min(alpha_beta(&child, alpha, beta, strict));
            if cut(v, alpha, false) {
                return v;
            }
            beta = beta.min(v);
        }
        v
    }
}

/// AIND's improved evaluator, from the original's own functions.
pub fn improved_score(state: &Isolation, player: Player) -> i32 {
    let [own, other] = match player {
        Player::P0 => [0, 1],
        Player::P1 => [1, 0],
    };
    let locs = state.locs();
    state.liberties(locs[own]).len() as i32 - state.liberties(locs[other]).len() as i32
}

/// Kayles: the grader's reference game (see [`crate::grader_kayles`]).
pub use crate::grader_kayles::Kayles;
