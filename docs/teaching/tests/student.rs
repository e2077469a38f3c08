//! The student's grading, one test per exercise: `cargo test -p ply-teaching --test student --
//! --ignored` (ignored in the workspace's own run, since the skeletons fail until solved). A
//! failing test prints the grader's report: the smallest failing case, drawn. The same report
//! with points: `cargo run -p ply-teaching --bin grade`.

use ply_teaching::grading::student_report;

/// Fails with the exercise's report unless every check passed.
fn graded(exercise: u32) {
    let report = student_report(&[exercise]);
    if !report.passed() {
        panic!("\n{}", report.text());
    }
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_1_minimax() {
    graded(1);
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_2_alpha_beta() {
    graded(2);
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_3_improved_score() {
    graded(3);
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_4_kayles() {
    graded(4);
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_5_the_gamestate_quiz() {
    graded(5);
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_6_expectimax() {
    graded(6);
}
