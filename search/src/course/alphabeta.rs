//! Plain alpha-beta, as AIMA (`ALPHA-BETA-SEARCH`) and the Udacity lessons write it.

use super::{Common, CourseResult, Options};
use crate::score::INFINITY;
use crate::{Evaluator, Game, Score};

/// Chooses a move with alpha-beta pruning, looking `depth` plies ahead (`None`: to the end).
/// It returns the minimax value and the same first best move as [`super::minimax_decision`],
/// while skipping the subtrees that cannot change the decision. No move ordering, no tables.
///
/// The root loop raises alpha as it goes, like Udacity's `alpha_beta_search`; a child's value
/// is exact when it improves on the best so far, otherwise only a bound.
pub fn alpha_beta_search<G: Game, E: Evaluator<G>>(
    state: &G,
    depth: Option<u32>,
    evaluator: &E,
    options: &Options,
) -> CourseResult<G::Move> {
    super::within_limits(|| search_alpha_beta(state, depth, evaluator, options))
}

/// The search itself, which [`Common::result`] abandons when a limit is reached.
fn search_alpha_beta<G: Game, E: Evaluator<G>>(
    state: &G,
    depth: Option<u32>,
    evaluator: &E,
    options: &Options,
) -> CourseResult<G::Move> {
    let mut search = Common::new(state, evaluator, options);
    let depth = depth.unwrap_or(u32::MAX);
    if options.test_root && search.terminal_test(state) {
        let value = search.utility(state);
        return CourseResult {
            best_move: None,
            value,
            root_values: Vec::new(),
            counters: search.counters,
            visits: search.visits,
            stopped: None,
        };
    }
    let (mut alpha, beta) = (-INFINITY, INFINITY);
    let mut best_move = None;
    let mut best_value = -INFINITY;
    let mut root_values = Vec::new();
    for (i, action) in state.legal_moves().into_iter().enumerate() {
        let child = search.result(state, action);
        search.enter(i, state, action);
        let value = min_value(&mut search, &child, alpha, beta, depth.saturating_sub(1));
        search.leave();
        root_values.push(value);
        alpha = alpha.max(value);
        if value > best_value {
            best_value = value;
            best_move = Some(action);
        }
    }
    if best_move.is_none() {
        best_value = search.utility(state);
    }
    search.visit(best_value, (-INFINITY, INFINITY), false, false);
    CourseResult {
        best_move,
        value: best_value,
        root_values,
        counters: search.counters,
        visits: search.visits,
        stopped: None,
    }
}

/// Whether `value` is good enough for the player to move to stop looking (a cutoff).
/// AIMA prunes on equality (`v >= beta`); with strict pruning only a better value cuts.
fn cuts(value: Score, bound: Score, options: &Options, for_max: bool) -> bool {
    match (for_max, options.strict_pruning) {
        (true, false) => value >= bound,
        (true, true) => value > bound,
        (false, false) => value <= bound,
        (false, true) => value < bound,
    }
}

/// The value of a state where MIN is to move, within the window (alpha, beta).
fn min_value<G: Game, E: Evaluator<G>>(
    search: &mut Common<G, E>,
    state: &G,
    alpha: Score,
    mut beta: Score,
    depth: u32,
) -> Score {
    let window = (alpha, beta);
    if search.terminal_test(state) {
        let value = search.utility(state);
        search.visit(value, window, true, false);
        return value;
    }
    if depth == 0 {
        let value = search.score(state);
        search.visit(value, window, true, false);
        return value;
    }
    let mut value = INFINITY;
    for (i, action) in state.legal_moves().into_iter().enumerate() {
        let child = search.result(state, action);
        search.enter(i, state, action);
        value = value.min(max_value(search, &child, alpha, beta, depth - 1));
        search.leave();
        if cuts(value, alpha, search.options, false) {
            search.visit(value, window, false, true);
            return value;
        }
        beta = beta.min(value);
    }
    search.visit(value, window, false, false);
    value
}

/// The value of a state where MAX is to move, within the window (alpha, beta).
fn max_value<G: Game, E: Evaluator<G>>(
    search: &mut Common<G, E>,
    state: &G,
    mut alpha: Score,
    beta: Score,
    depth: u32,
) -> Score {
    let window = (alpha, beta);
    if search.terminal_test(state) {
        let value = search.utility(state);
        search.visit(value, window, true, false);
        return value;
    }
    if depth == 0 {
        let value = search.score(state);
        search.visit(value, window, true, false);
        return value;
    }
    let mut value = -INFINITY;
    for (i, action) in state.legal_moves().into_iter().enumerate() {
        let child = search.result(state, action);
        search.enter(i, state, action);
        value = value.max(min_value(search, &child, alpha, beta, depth - 1));
        search.leave();
        if cuts(value, beta, search.options, true) {
            search.visit(value, window, false, true);
            return value;
        }
        alpha = alpha.max(value);
    }
    search.visit(value, window, false, false);
    value
}
