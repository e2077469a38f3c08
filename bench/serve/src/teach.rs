//! Solves and course traces, the server's two other kinds of job.

use crate::error::ApiError;
use crate::jobs::Job;
use axum::http::StatusCode;
use ply_registry::Prebuilt;
use ply_search::course::{
    alpha_beta_search, expectiminimax_decision, maxn_decision, minimax_decision, Options,
};
use ply_search::describe::FrontEndGame;
use ply_search::solver::SolverOptions;
use ply_search::Limits;
use ply_view::course::{explain, trace, Rule, TraceStep};
use serde::Deserialize;
use serde_json::json;

/// What a solve request asks beyond the position.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SolveAsk {
    /// Find the exact distance to the end, not only win, draw or loss.
    #[serde(default)]
    pub distance: bool,
    /// Also solve every reply to every move.
    #[serde(default)]
    pub all_replies: bool,
}

/// A bounded exact solve: `ply solve --json`'s object, or `{"solved": false, "stopped_by",
/// "nodes"}` when the server's node or time cap ends it first.
pub fn solve_job<G: Prebuilt>(
    state: G,
    ask: SolveAsk,
    max_nodes: u64,
    max_tt: usize,
) -> Result<Job, ApiError> {
    if state.is_terminal() {
        return Err(ApiError::game_over(&state.position()));
    }
    Ok(Box::new(move |stop, _events| {
        let defaults = SolverOptions::default();
        let options = SolverOptions {
            distance: ask.distance,
            max_nodes: Some(max_nodes),
            tt_bytes: defaults.tt_bytes.min(max_tt),
            ..defaults
        };
        Ok(match state.solve_until(&options, ask.all_replies, &stop) {
            Ok(solution) => {
                let mut json = serde_json::to_value(&solution)
                    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
                json["solved"] = json!(true);
                json
            }
            Err(stopped) => json!({
                "solved": false,
                "stopped_by": stopped.stopped_by,
                "nodes": stopped.nodes,
            }),
        })
    }))
}

/// What a trace request asks: the course algorithm and how deep.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceAsk {
    /// `minimax` or `alphabeta` (the course's plain alpha-beta); `expectimax` (AIMA's
    /// expectiminimax) for a game with dice; `maxn` (Luckhardt and Irani's max^n) for three
    /// players and more.
    pub algorithm: String,
    /// The depth limit; none searches to the end of the game.
    #[serde(default)]
    pub depth: Option<u32>,
    /// Iterative deepening: one run per depth from 1 to `depth`, as the GameState quiz counts.
    #[serde(default)]
    pub iterative: bool,
    /// Prune only on a strict inequality (AIMA prunes on equality).
    #[serde(default)]
    pub strict: bool,
    /// Test the root for the end of the game first, as AIMA's pseudocode does.
    #[serde(default)]
    pub test_root: bool,
    /// The evaluator at the depth limit; the game's default when absent.
    #[serde(default)]
    pub eval: Option<String>,
}

/// The course search's trace, run by run: every node entered with its window and backed-up
/// value, the pruned branches, the steps in order with the counters after each, and the
/// algorithm's own counters (which the steps' last counters equal).
pub fn trace_job<G: FrontEndGame>(
    state: G,
    ask: TraceAsk,
    max_nodes: u64,
) -> Result<Job, ApiError> {
    let algorithm = match ask.algorithm.as_str() {
        "minimax" => Course::Minimax,
        "alphabeta" => Course::AlphaBeta,
        "expectimax" => Course::Expectimax,
        "maxn" => Course::MaxN,
        other => {
            return Err(ApiError::bad_request(format!(
                "bad algorithm `{other}`: expected minimax, alphabeta, expectimax or maxn"
            )))
        }
    };
    let players = state.player_count();
    if players > 2 && algorithm != Course::MaxN {
        return Err(ApiError::bad_request(format!(
            "bad algorithm `{}` for {} players: expected maxn, which takes a value a player",
            ask.algorithm, players
        )));
    }
    if G::HAS_CHANCE != (algorithm == Course::Expectimax) {
        return Err(ApiError::bad_request(format!(
            "bad algorithm `{}` for {}: expected {}",
            ask.algorithm,
            G::NAME,
            if G::HAS_CHANCE {
                "expectimax, for a game with dice"
            } else {
                "minimax or alphabeta, for a game without dice"
            }
        )));
    }
    // Expectiminimax tests every node for the end, the root included, as AIMA writes it.
    let test_root = ask.test_root || algorithm == Course::Expectimax;
    let depths: Vec<Option<u32>> = match (ask.iterative, ask.depth) {
        (true, None) => {
            return Err(ApiError::bad_request(
                "bad trace: iterative deepening needs depth, the last depth to search",
            ))
        }
        (true, Some(d)) => (1..=d).map(Some).collect(),
        (false, d) => vec![d],
    };
    if let Some(d) = ask.depth.filter(|&d| d == 0 || d > 100) {
        return Err(ApiError::bad_request(format!(
            "bad depth {d}: expected 1 to 100, or none for the whole game"
        )));
    }
    let evaluator = G::evaluator(ask.eval.as_deref().unwrap_or(G::DEFAULT_EVAL))?;
    Ok(Box::new(move |stop, _events| {
        let mut runs = Vec::new();
        let mut spent = 0;
        for depth in depths {
            let options = Options {
                strict_pruning: ask.strict,
                record_visits: true,
                test_root: ask.test_root,
                limits: Limits {
                    nodes: Some(max_nodes.saturating_sub(spent).max(1)),
                    stop: Some(stop.clone()),
                    ..Limits::none()
                },
                ..Options::default()
            };
            // Each algorithm's run, in the terms the trace shares.
            let (stopped, counters, (nodes, steps), value, best) = if algorithm == Course::MaxN {
                let r = maxn_decision(&state, depth, &evaluator, &options);
                (
                    r.stopped,
                    r.counters,
                    trace(&state, &r.visits),
                    ply_view::course::vector_text(&r.values),
                    r.best_move,
                )
            } else if algorithm == Course::Expectimax {
                let r = expectiminimax_decision(&state, depth, &evaluator, &options);
                let value = ply_view::course::show_expectation(r.value);
                (
                    r.stopped,
                    r.counters,
                    trace(&state, &r.visits),
                    value,
                    r.best_move,
                )
            } else {
                let r = if algorithm == Course::Minimax {
                    minimax_decision(&state, depth, &evaluator, &options)
                } else {
                    alpha_beta_search(&state, depth, &evaluator, &options)
                };
                let value = ply_search::score::describe(options.utility.reported(r.value));
                (
                    r.stopped,
                    r.counters,
                    trace(&state, &r.visits),
                    value,
                    r.best_move,
                )
            };
            if let Some(reason) = stopped {
                return Err(too_big(reason, spent + counters.result_calls, max_nodes));
            }
            spent += counters.result_calls;
            let best = best.map(|m| state.format_move(m));
            let rule = match algorithm {
                Course::Minimax => Rule::Minimax,
                Course::AlphaBeta => Rule::AlphaBeta { strict: ask.strict },
                Course::Expectimax => Rule::Expectimax,
                Course::MaxN => Rule::MaxN,
            };
            let notes = explain(&nodes, &steps, rule);
            runs.push(run_json(
                depth, value, best, counters, nodes, &steps, &notes, test_root,
            ));
        }
        Ok(json!({ "position": state.position(), "runs": runs }))
    }))
}

/// Which course algorithm a trace runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Course {
    Minimax,
    AlphaBeta,
    Expectimax,
    MaxN,
}

/// The answer when a trace would pass the server's node cap.
fn too_big(reason: ply_search::StopReason, calls: u64, max_nodes: u64) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        format!(
            "the search is too big to step through: stopped by {reason} after {calls} result() calls; expected at most {max_nodes} (a smaller depth or tree)"
        ),
    )
}

/// One run of a trace as JSON: its depth, value, best move, counters, nodes, and steps with the
/// counters after each and what each does in words ([`explain`]'s note).
#[allow(clippy::too_many_arguments)]
fn run_json(
    depth: Option<u32>,
    value: String,
    best_move: Option<String>,
    counters: ply_search::course::Counters,
    nodes: Vec<ply_view::course::TraceNode>,
    steps: &[TraceStep],
    notes: &[ply_view::course::StepNote],
    test_root: bool,
) -> serde_json::Value {
    let running = running_counters(&nodes, steps, test_root);
    json!({
        "depth": depth,
        "value": value,
        "best_move": best_move,
        "counters": counters,
        "nodes": nodes,
        "steps": steps.iter().zip(&running).zip(notes).map(|((step, c), note)| {
            let (kind, node) = match step {
                TraceStep::Enter(n) => ("enter", n),
                TraceStep::Leave(n) => ("leave", n),
            };
            json!({"kind": kind, "node": node, "counters": c, "note": note})
        }).collect::<Vec<_>>(),
    })
}

/// The course counters a step-by-step view can show as it goes.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
struct Running {
    terminal_tests: u64,
    result_calls: u64,
}

/// The counters after each step, as the courses count them: each node entered below the
/// root is one `result()` and one `terminal_test()` (the root's test only with `test_root`).
fn running_counters(
    nodes: &[ply_view::course::TraceNode],
    steps: &[TraceStep],
    test_root: bool,
) -> Vec<Running> {
    let mut c = Running::default();
    steps
        .iter()
        .map(|step| {
            match *step {
                TraceStep::Enter(i) if nodes[i].parent.is_none() => {
                    c.terminal_tests += u64::from(test_root)
                }
                TraceStep::Enter(_) => {
                    c.result_calls += 1;
                    c.terminal_tests += 1;
                }
                TraceStep::Leave(_) => {}
            }
            c
        })
        .collect()
}
