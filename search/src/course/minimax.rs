//! Plain depth-limited minimax, as AIMA and Udacity's sample `MinimaxPlayer` write it.

use super::{Common, CourseResult, Options};
use crate::score::INFINITY;
use crate::{Evaluator, Game, Score};

/// Chooses the move with the highest minimax value for the player to move, looking `depth`
/// plies ahead (`None`: to the end of the game). At the depth limit non-terminal states are
/// scored by `evaluator` from the root player's view; terminal states by their utility. Ties go
/// to the first move in the game's order, as Python's `max` does.
///
/// This is Udacity's `MinimaxPlayer.minimax` (depth-limited; `depth` 3 in the sample player),
/// and with `depth = None` AIMA's `MINIMAX-DECISION`.
pub fn minimax_decision<G: Game, E: Evaluator<G>>(
    state: &G,
    depth: Option<u32>,
    evaluator: &E,
    options: &Options,
) -> CourseResult<G::Move> {
    super::within_limits(|| search_minimax(state, depth, evaluator, options))
}

/// The search itself, which [`Common::result`] abandons when a limit is reached.
fn search_minimax<G: Game, E: Evaluator<G>>(
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
    let mut best_move = None;
    let mut best_value = -INFINITY;
    let mut root_values = Vec::new();
    for (i, action) in state.legal_moves().into_iter().enumerate() {
        let child = search.result(state, action);
        search.enter(i, state, action);
        let value = min_value(&mut search, &child, depth.saturating_sub(1));
        search.leave();
        root_values.push(value);
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

/// The value of a state where MIN (the root player's opponent) is to move.
fn min_value<G: Game, E: Evaluator<G>>(search: &mut Common<G, E>, state: &G, depth: u32) -> Score {
    if search.terminal_test(state) {
        let value = search.utility(state);
        search.visit(value, (-INFINITY, INFINITY), true, false);
        return value;
    }
    if depth == 0 {
        let value = search.score(state);
        search.visit(value, (-INFINITY, INFINITY), true, false);
        return value;
    }
    let mut value = INFINITY;
    for (i, action) in state.legal_moves().into_iter().enumerate() {
        let child = search.result(state, action);
        search.enter(i, state, action);
        value = value.min(max_value(search, &child, depth - 1));
        search.leave();
    }
    search.visit(value, (-INFINITY, INFINITY), false, false);
    value
}

/// The value of a state where MAX (the root player) is to move.
fn max_value<G: Game, E: Evaluator<G>>(search: &mut Common<G, E>, state: &G, depth: u32) -> Score {
    if search.terminal_test(state) {
        let value = search.utility(state);
        search.visit(value, (-INFINITY, INFINITY), true, false);
        return value;
    }
    if depth == 0 {
        let value = search.score(state);
        search.visit(value, (-INFINITY, INFINITY), true, false);
        return value;
    }
    let mut value = -INFINITY;
    for (i, action) in state.legal_moves().into_iter().enumerate() {
        let child = search.result(state, action);
        search.enter(i, state, action);
        value = value.max(min_value(search, &child, depth - 1));
        search.leave();
    }
    search.visit(value, (-INFINITY, INFINITY), false, false);
    value
}
