//! The student's grading: `cargo test -p ply-teaching --test student -- --ignored`. Ignored in
//! the workspace's own run, since the skeletons fail until solved.

use ply_teaching::grading::{grade_alpha_beta, grade_improved, grade_kayles, grade_minimax};
use ply_teaching::student;

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_1_minimax() {
    grade_minimax(&student::minimax).unwrap();
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_2_alpha_beta_pruning_on_equality() {
    grade_alpha_beta(&student::alpha_beta, false).unwrap();
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_2_alpha_beta_strict_pruning() {
    grade_alpha_beta(&student::alpha_beta, true).unwrap();
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_3_improved_score() {
    grade_improved(&student::improved_score).unwrap();
}

#[test]
#[ignore = "the student's exercise: run with --ignored"]
fn exercise_4_kayles() {
    grade_kayles(&student::Kayles::new).unwrap();
}
