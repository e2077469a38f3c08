//! The JSON records every front end gives: a position (`ply replay --json`, the server's
//! states) and a search's answer (`ply search --json`, the Python package, the server).

use ply_search::describe::Describe;
use ply_search::{score, Game, Player, SearchResult};
use serde_json::Value;

/// One JSON object for `state`, as `ply replay --json` prints it and the server answers it (see
/// DESIGN's contract): `ply`, `to_move`, `legal` (in the
/// game's order and notation), `terminal`, `utility` (`[u0, u1]`, each -1, 0 or 1; one a player), `position`,
/// in a game with dice `chance_node` and `chance_outcomes` (each outcome's notation and
/// probability), then the game's own fields.
pub fn state_json<G: Describe>(state: &G) -> Value {
    let legal: Vec<String> = state
        .legal_moves()
        .iter()
        .map(|&m| state.format_move(m))
        .collect();
    let utility: Vec<i32> = match state.outcome() {
        Some(outcome) => Player::first(state.player_count())
            .iter()
            .map(|&p| outcome.utility(p))
            .collect(),
        None => vec![0; state.player_count()],
    };
    let mut map = serde_json::Map::new();
    map.insert("ply".into(), serde_json::json!(state.ply()));
    map.insert("to_move".into(), serde_json::json!(state.to_move().index()));
    map.insert("legal".into(), serde_json::json!(legal));
    map.insert("terminal".into(), serde_json::json!(state.is_terminal()));
    map.insert("utility".into(), serde_json::json!(utility));
    map.insert("position".into(), serde_json::json!(state.position()));
    if G::HAS_CHANCE {
        // Games with dice say whether the dice are to be rolled, and with what odds.
        let mut outcomes = ply_search::chance::ChanceList::new();
        state.chance_outcomes(&mut outcomes);
        let odds = ply_search::chance::probabilities(&outcomes);
        let listed: Vec<Value> = outcomes
            .iter()
            .zip(odds)
            .map(|(c, p)| serde_json::json!({"outcome": state.format_move(c.outcome), "probability": p}))
            .collect();
        map.insert(
            "chance_node".into(),
            serde_json::json!(state.is_chance_node()),
        );
        map.insert("chance_outcomes".into(), Value::Array(listed));
    }
    map.extend(state.fields());
    Value::Object(map)
}

/// A search's answer as `ply search --json` prints it (and the Python package and the server
/// return it): the agent, the position, the best move, the score (number and text, and whether a
/// win's or loss's distance is known: `distance_exact`), the PV and the full statistics.
pub fn search_json<G: Game>(
    state: &G,
    agent: &str,
    result: &SearchResult<G::Move>,
) -> serde_json::Value {
    serde_json::json!({
        "agent": agent,
        "position": state.position(),
        "best_move": result.best_move.map(|m| state.format_move(m)),
        "score": result.score,
        "score_text": score::describe(result.score),
        "distance_exact": score::distance_exact(result.score),
        "pv": state.format_line(&result.pv),
        "stats": result.stats,
    })
}

/// A game with dice solved by value iteration, as `ply solve --json` prints it (and the Python
/// package returns it): player 0's `value` of `state` (a fraction of the game's largest value),
/// each player's `win_chance` in a game of wins and losses only, an optimal `best_move`, the
/// `positions`, `sweeps`, `residual` and `exact` of the iteration and its `seconds`.
pub fn chance_solution_json<G: ply_search::SearchHints>(
    state: &G,
    solution: &ply_search::solver::chance::ChanceSolution<G>,
) -> Value {
    let chances = solution
        .win_chance(state, Player::P0)
        .map(|p0| [p0, 1.0 - p0]);
    serde_json::json!({
        "value": solution.value_of(state),
        "win_chance": chances,
        "best_move": solution.best_move(state).map(|mv| state.format_move(mv)),
        "positions": solution.positions(),
        "sweeps": solution.sweeps,
        "residual": solution.residual,
        "exact": solution.exact,
        "seconds": solution.seconds,
    })
}
