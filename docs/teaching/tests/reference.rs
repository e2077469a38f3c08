//! The kit itself: the reference solutions pass every grader; the untouched skeletons fail.

use ply_teaching::grading::{grade_alpha_beta, grade_improved, grade_kayles, grade_minimax};
use ply_teaching::{reference, student};

#[test]
fn the_reference_solutions_pass() {
    assert_eq!(grade_minimax(&reference::minimax), Ok(201));
    for strict in [false, true] {
        assert_eq!(grade_alpha_beta(&reference::alpha_beta, strict), Ok(201));
    }
}

#[test]
fn the_skeletons_fail_until_solved() {
    let err = grade_minimax(&student::minimax).unwrap_err();
    assert!(err.contains("exercise 1"), "{err}");
    let err = grade_alpha_beta(&student::alpha_beta, false).unwrap_err();
    assert!(err.contains("exercise 2"), "{err}");
}

#[test]
fn a_wrong_pruning_rule_is_caught() {
    // The strict solution graded as AIMA's: same values, more leaves on some tree.
    let strict_as_aima = |n: &ply_teaching::Node, a: i32, b: i32, _strict: bool| {
        reference::alpha_beta(n, a, b, true)
    };
    let err = grade_alpha_beta(&strict_as_aima, false).unwrap_err();
    assert!(err.contains("leaves evaluated"), "{err}");
}

#[test]
fn the_evaluator_and_game_exercises_grade_the_reference_and_fail_the_skeletons() {
    assert!(grade_improved(&reference::improved_score).unwrap() > 1_000);
    let err = grade_improved(&student::improved_score).unwrap_err();
    assert!(err.contains("exercise 3"), "{err}");
    // A plausible mistake: the mover's moves minus the opponent's, whoever `player` is.
    let err = grade_improved(&|s: &ply_isolation::Isolation, _p| {
        reference::improved_score(s, ply_search::Game::to_move(s))
    })
    .unwrap_err();
    assert!(err.contains("expected"), "{err}");

    assert!(grade_kayles(&reference::Kayles::new).is_ok());
    let err = grade_kayles(&student::Kayles::new).unwrap_err();
    assert!(err.contains("exercise 4"), "{err}");
}

/// The reference game is right about the one fact everyone knows about Kayles: the first
/// player wins every row (knock down the middle one or two pins, then mirror).
#[test]
fn the_first_player_wins_every_row_of_kayles() {
    use ply_search::solver::{solve, SolverOptions};
    for len in 1..=14 {
        let solution = solve(
            &reference::Kayles::new(len),
            &SolverOptions::default(),
            false,
        )
        .unwrap();
        assert!(solution.value > 0, "row of {len}");
    }
}
