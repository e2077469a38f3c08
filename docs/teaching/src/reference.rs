//! Reference solutions, kept apart from the skeletons; they pass the graders.

use crate::quiz::{Move, QuizState};
use crate::{ChanceNode, Node};
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
    let [own, other] = [player.index(), player.other().index()];
    let locs = state.locs();
    state.liberties(locs[own]).len() as i32 - state.liberties(locs[other]).len() as i32
}

/// Kayles: the grader's reference game (see [`crate::grader_kayles`]).
pub use crate::grader_kayles::Kayles;

/// The GameState quiz's depth-limited minimax, as the quiz writes it.
pub fn minimax_decision(state: &QuizState, depth: u32) -> Option<Move> {
    let mut best: Option<(f64, Move)> = None;
    for mv in state.get_legal_moves() {
        let v = quiz_min_value(&state.forecast_move(mv), depth.saturating_sub(1));
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

fn quiz_min_value(state: &QuizState, depth: u32) -> f64 {
    if state.terminal_test() {
        return state.utility();
    }
    if depth == 0 {
        return state.my_moves();
    }
    state
        .get_legal_moves()
        .into_iter()
        .map(|mv| quiz_max_value(&state.forecast_move(mv), depth - 1))
        .fold(f64::INFINITY, f64::min)
}

fn quiz_max_value(state: &QuizState, depth: u32) -> f64 {
    if state.terminal_test() {
        return state.utility();
    }
    if depth == 0 {
        return state.my_moves();
    }
    state
        .get_legal_moves()
        .into_iter()
        .map(|mv| quiz_min_value(&state.forecast_move(mv), depth - 1))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// AIMA's `ALPHA-BETA-SEARCH` on the quiz's board, to the end of the game.
pub fn alpha_beta_search(state: &QuizState) -> Option<Move> {
    if state.terminal_test() {
        return None;
    }
    let (mut alpha, beta) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut best: Option<(f64, Move)> = None;
    for mv in state.get_legal_moves() {
        let v = ab_min_value(&state.forecast_move(mv), alpha, beta);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, mv));
        }
        alpha = alpha.max(v);
    }
    best.map(|(_, mv)| mv)
}

fn ab_max_value(state: &QuizState, mut alpha: f64, beta: f64) -> f64 {
    if state.terminal_test() {
        return state.utility();
    }
    let mut v = f64::NEG_INFINITY;
    for mv in state.get_legal_moves() {
        v = v.max(ab_min_value(&state.forecast_move(mv), alpha, beta));
        if v >= beta {
            return v;
        }
        alpha = alpha.max(v);
    }
    v
}

fn ab_min_value(state: &QuizState, alpha: f64, mut beta: f64) -> f64 {
    if state.terminal_test() {
        return state.utility();
    }
    let mut v = f64::INFINITY;
    for mv in state.get_legal_moves() {
        v = v.min(ab_max_value(&state.forecast_move(mv), alpha, beta));
        if v <= alpha {
            return v;
        }
        beta = beta.min(v);
    }
    v
}

/// Expectimax, as AIMA writes EXPECTIMINIMAX: the best child for the player who chooses, the
/// probability-weighted average at a chance node.
pub fn expectimax(node: &ChanceNode) -> f64 {
    if node.is_leaf() {
        return node.value();
    }
    let children = node.children();
    let values: Vec<f64> = children.iter().map(expectimax).collect();
    if node.is_chance() {
        node.probabilities()
            .iter()
            .zip(&values)
            .map(|(p, v)| p * v)
            .sum()
    } else if node.is_max() {
        values.into_iter().fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.into_iter().fold(f64::INFINITY, f64::min)
    }
}
