//! The kit itself: the reference solutions pass every grader; the untouched skeletons fail.

use ply_teaching::grading::{grade_alpha_beta, grade_minimax};
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
