//! Exercise 5: the GameState quiz's depth-limited minimax and alpha-beta, graded by the quiz's
//! own node counts (calls of `terminal_test()`: 5 for `minimax_decision` at depth 1, 30 for
//! iterative deepening to depth 2, 55 for alpha-beta to the end) and the moves chosen, on the
//! quiz's empty board and on every position of its game tree with player 0 to move.

use super::panicked;
use crate::caught::caught;
use crate::quiz::{Move, QuizState};
use crate::report::Check;
use ply_queen_isolation::{Heuristic, QueenIsolation};
use ply_search::course::{alpha_beta_search, minimax_decision, CourseResult, Options};
use ply_search::describe::Describe;
use ply_search::{score, Game, Player, Zero};
use std::cell::Cell;

/// The student's depth-limited `minimax_decision(state, depth)`.
type Decision<'f> = &'f dyn Fn(&QuizState, u32) -> Option<Move>;
/// The student's `alpha_beta_search(state)`, to the end of the game.
type Search<'f> = &'f dyn Fn(&QuizState) -> Option<Move>;

/// A position's two runs: the student's (or its panic) and the reference's, with whether the
/// move matters there.
type Runs = (Result<Run, String>, (Run, bool));

/// Every position of the quiz's game with player 0 to move and the game not over, the empty
/// board first.
fn positions() -> Vec<QueenIsolation> {
    fn walk(state: &QueenIsolation, out: &mut Vec<QueenIsolation>) {
        if state.is_terminal() {
            return;
        }
        if state.to_move() == Player::P0 {
            out.push(*state);
        }
        for mv in state.legal_moves() {
            walk(&state.play(mv), out);
        }
    }
    let mut out = Vec::new();
    walk(&QueenIsolation::quiz(), &mut out);
    out
}

/// What a search did: its move and its `terminal_test()` calls.
#[derive(Clone, Debug, PartialEq)]
struct Run {
    best_move: Option<Move>,
    terminal_tests: u64,
}

/// The course algorithm's run, and whether some move avoids a loss (else any move is right).
fn reference(result: CourseResult<ply_queen_isolation::Move>) -> (Run, bool) {
    (
        Run {
            best_move: result.best_move.map(|m| m.xy()),
            terminal_tests: result.counters.terminal_tests,
        },
        result.value > -score::WIN,
    )
}

/// The student's run of `search` on `state`.
fn student(
    state: &QueenIsolation,
    search: &dyn Fn(&QuizState) -> Option<Move>,
) -> Result<Run, String> {
    let tests = Cell::new(0);
    let best_move = caught(|| search(&QuizState::at(*state, &tests)))?;
    Ok(Run {
        best_move,
        terminal_tests: tests.get(),
    })
}

/// Compares the student's runs with the reference's on every position (each run a sequence
/// of searches, counted together), reporting the failure nearest the end of the game (the
/// smallest tree) with its board.
fn grade(runs: &dyn Fn(&QueenIsolation) -> Runs, what: &str) -> Result<String, String> {
    let all = positions();
    let mut smallest: Option<(u32, String)> = None;
    for (i, state) in all.iter().enumerate() {
        let (got, (want, move_matters)) = runs(state);
        let problem = match got {
            Err(message) if message.starts_with("not yet implemented") => {
                return Err(panicked(&message))
            }
            Err(message) => panicked(&message),
            Ok(got) => {
                let mut problems = Vec::new();
                if got.terminal_tests != want.terminal_tests {
                    problems.push(format!(
                        "{} calls of terminal_test() (expected {})",
                        got.terminal_tests, want.terminal_tests
                    ));
                }
                if move_matters && got.best_move != want.best_move {
                    problems.push(format!(
                        "the move {} (expected {})",
                        show(got.best_move),
                        show(want.best_move)
                    ));
                }
                if problems.is_empty() {
                    continue;
                }
                problems.join(" and ")
            }
        };
        let open = state.open_cells().count_ones();
        let board = if i == 0 {
            "the quiz's empty board".to_string()
        } else {
            "this position".to_string()
        };
        let text = format!(
            "{what} on {board} (position `{}`): {problem}\n{}",
            state.position(),
            state.drawing()
        );
        // The empty board is the quiz's own count: report it first; else the smallest tree.
        let rank = if i == 0 { u32::MAX } else { 64 - open };
        if smallest.as_ref().is_none_or(|(r, _)| rank > *r) {
            smallest = Some((rank, text));
        }
    }
    match smallest {
        Some((_, text)) => Err(text),
        None => Ok(format!(
            "the empty board and {} more positions with player 0 to move",
            all.len() - 1
        )),
    }
}

fn show(mv: Option<Move>) -> String {
    mv.map_or("None".into(), |(x, y)| format!("({x},{y})"))
}

/// Exercise 5 (15 points): `minimax_decision(state, depth)` at depth 1 (the quiz's 5
/// `terminal_test()` calls), iterative deepening to depth 2 (depth 1, then 2: 30 calls), and
/// `alpha_beta_search(state)` to the end of the game in AIMA's form (55 calls, the root tested
/// first), each with the quiz's move, on the empty board and every position of the quiz's game
/// with player 0 to move. At the depth limit the quiz scores `my_moves()`; ties go to the first
/// move; where every move loses, any move is accepted.
pub fn exercise_5(decision: Decision<'_>, search: Search<'_>) -> Vec<Check> {
    let depth_1 = |state: &QueenIsolation| {
        let got = student(state, &|s| decision(s, 1));
        let want = minimax_decision(state, Some(1), &Heuristic::Open, &Options::default());
        (got, reference(want))
    };
    let deepening = |state: &QueenIsolation| {
        let got = student(state, &|s| {
            let _ = decision(s, 1);
            decision(s, 2)
        });
        let first = minimax_decision(state, Some(1), &Heuristic::Open, &Options::default());
        let (mut want, matters) = reference(minimax_decision(
            state,
            Some(2),
            &Heuristic::Open,
            &Options::default(),
        ));
        want.terminal_tests += first.counters.terminal_tests;
        (got, (want, matters))
    };
    let to_the_end = |state: &QueenIsolation| {
        let got = student(state, search);
        let aima = Options {
            test_root: true,
            ..Options::default()
        };
        (got, reference(alpha_beta_search(state, None, &Zero, &aima)))
    };
    vec![
        Check::from_result(
            "exercise 5, the GameState quiz: minimax_decision at depth 1 (5 terminal tests)",
            5.0,
            grade(&depth_1, "minimax_decision(state, 1)"),
        ),
        Check::from_result(
            "exercise 5, the GameState quiz: iterative deepening to depth 2 (30 terminal tests)",
            5.0,
            grade(&deepening, "minimax_decision(state, 1) then (state, 2)"),
        ),
        Check::from_result(
            "exercise 5, the GameState quiz: alpha_beta_search to the end (55 terminal tests)",
            5.0,
            grade(&to_the_end, "alpha_beta_search(state)"),
        ),
    ]
}
