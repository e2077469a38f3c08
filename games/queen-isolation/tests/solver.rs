//! The exact solver on queen Isolation: checked against full minimax position by position on
//! the small boards, and the results the issue and the 5x5 lesson state.

use ply_queen_isolation::{QueenIsolation, Rules, Variant};
use ply_search::solver::exhaustive::{check_solver, check_solver_hooks};
use ply_search::solver::{solve, Solution, SolverOptions};

fn board(width: u8, height: u8) -> QueenIsolation {
    QueenIsolation::new(Variant::get(width, height, 0, Rules::Udacity).unwrap())
}

fn solved(start: &QueenIsolation, all_replies: bool) -> Solution<ply_queen_isolation::Move> {
    let options = SolverOptions {
        threads: 2,
        ..SolverOptions::default()
    };
    solve(start, &options, all_replies).unwrap()
}

/// The winning moves, as `(x,y)` notation.
fn winning(s: &Solution<ply_queen_isolation::Move>) -> Vec<String> {
    s.winning_moves().map(|m| m.notation.clone()).collect()
}

/// Checks the solver against full minimax on every `stride`-th position of the board.
fn agrees_with_full_minimax(w: u8, h: u8, rules: Rules, stride: usize) {
    let start = QueenIsolation::new(Variant::get(w, h, 0, rules).unwrap());
    let checked = check_solver(&start, stride).unwrap_or_else(|e| panic!("{w}x{h} {rules:?}: {e}"));
    assert!(checked > 1000, "{w}x{h}: only {checked} positions");
}

#[test]
fn solver_agrees_with_full_minimax_on_every_position_of_boards_to_4x3() {
    for (w, h) in [(3, 3), (3, 4), (4, 3)] {
        for rules in [Rules::Udacity, Rules::Standard] {
            agrees_with_full_minimax(w, h, rules, 1);
        }
    }
    // The quiz board, blocked cell and all.
    assert!(check_solver(&QueenIsolation::quiz(), 1).unwrap() > 50);
}

/// Checks the race bounds and the batched order keys on every `stride`-th position.
fn race_bounds_hold(w: u8, h: u8, stride: usize) {
    for rules in [Rules::Udacity, Rules::Standard] {
        let start = QueenIsolation::new(Variant::get(w, h, 0, rules).unwrap());
        let bounded =
            check_solver_hooks(&start, stride).unwrap_or_else(|e| panic!("{w}x{h} {rules:?}: {e}"));
        assert!(bounded > 20, "{w}x{h} {rules:?}: only {bounded} bounded");
    }
}

#[test]
fn the_race_bounds_and_the_batched_order_keys_hold_on_boards_to_4x3() {
    for (w, h) in [(3, 3), (3, 4), (4, 3)] {
        race_bounds_hold(w, h, 1);
    }
}

/// The 4x4 board, too long for the README's test command: full minimax values every reachable
/// position (about 10 s per rule set), and the solver is checked on every 16th of them
/// (thousands).
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn solver_agrees_with_full_minimax_on_4x4_udacity() {
        agrees_with_full_minimax(4, 4, Rules::Udacity, 16);
    }

    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn solver_agrees_with_full_minimax_on_4x4_standard() {
        agrees_with_full_minimax(4, 4, Rules::Standard, 16);
    }

    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn the_race_bounds_and_the_batched_order_keys_hold_on_4x4() {
        race_bounds_hold(4, 4, 7);
    }
}

#[test]
fn the_quiz_openings_solve_as_the_reference_says() {
    let s = solved(&QueenIsolation::quiz(), false);
    assert!(s.value > 0, "player 0 wins the quiz board");
    assert_eq!(winning(&s), ["(0,0)", "(2,0)", "(0,1)"]);
}

#[test]
fn small_boards_have_the_published_winners() {
    // 3x3: the first player wins, by the centre only.
    let s = solved(&board(3, 3), false);
    assert!(s.value > 0);
    assert_eq!(winning(&s), ["(1,1)"]);
    // 3x4, 4x4, 4x5: the second player wins.
    for (w, h) in [(3, 4), (4, 4), (4, 5)] {
        let s = solved(&board(w, h), false);
        assert!(s.value < 0, "{w}x{h}");
        assert!(winning(&s).is_empty());
    }
    // 3x5: the first player wins by (0,1) (and its images) or the centre (1,2).
    let s = solved(&board(3, 5), false);
    assert!(s.value > 0);
    assert_eq!(winning(&s), ["(0,1)", "(2,1)", "(1,2)", "(0,3)", "(2,3)"]);
}

#[test]
fn five_by_five_is_a_second_player_win_with_the_lessons_replies() {
    let s = solved(&QueenIsolation::new(Variant::lesson()), true);
    assert!(s.value < 0, "player 1 wins 5x5");
    assert_eq!(s.replies.len(), 25);
    let winning_replies = |opening: &str| -> Vec<String> {
        let o = s
            .replies
            .iter()
            .find(|r| r.opening.notation == opening)
            .unwrap();
        assert!(o.opening.value < 0, "{opening} loses for player 0");
        o.replies
            .iter()
            .filter(|r| r.value > 0)
            .map(|r| r.notation.clone())
            .collect()
    };
    // After the centre: exactly the 8 cells a knight's move away.
    assert_eq!(
        winning_replies("(2,2)"),
        ["(1,0)", "(3,0)", "(0,1)", "(4,1)", "(0,3)", "(4,3)", "(1,4)", "(3,4)"]
    );
    // After a corner: only the diagonal neighbour.
    assert_eq!(winning_replies("(0,0)"), ["(1,1)"]);
    assert_eq!(winning_replies("(4,4)"), ["(3,3)"]);
    // Every opening has at least one winning reply.
    for o in &s.replies {
        assert!(
            o.replies.iter().any(|r| r.value > 0),
            "{}",
            o.opening.notation
        );
    }
}

#[test]
fn two_threads_answer_like_one() {
    let start = board(4, 5);
    let one = solve(&start, &SolverOptions::default(), true).unwrap();
    let two = solved(&start, true);
    assert_eq!(one.moves, two.moves);
    assert_eq!(one.replies, two.replies);
}

#[test]
fn the_separation_shortcut_is_taken_and_changes_no_answer() {
    let start = board(4, 4);
    let with = solve(&start, &SolverOptions::default(), true).unwrap();
    let without = SolverOptions {
        settle: false,
        ..SolverOptions::default()
    };
    let without = solve(&start, &without, true).unwrap();
    assert!(with.stats.settled > 0);
    assert_eq!(without.stats.settled, 0);
    assert!(with.stats.nodes < without.stats.nodes);
    assert_eq!(with.replies, without.replies);
}
