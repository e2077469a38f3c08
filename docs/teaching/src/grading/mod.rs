//! The graders: a submission against ply's reference implementations, check by check, each
//! worth points. Search exercises are graded value for value and leaf for leaf, in order,
//! against the course algorithms (`ply_search::course`) on AIMA's figure 5.2 and 200 seeded
//! random trees, a failing tree shrunk to the smallest that still fails; the evaluator against
//! ply's own on every position of 60 games; the new game by the conformance kit and by facts
//! recorded from a reference game; the GameState quiz by its `terminal_test()` counts;
//! expectimax expansion for expansion and leaf for leaf against the course expectiminimax.

mod chance;
mod evaluator;
mod kayles;
mod quiz;
mod trees;

pub use chance::{chance_trees, exercise_6, expectimax_answer, named_chance_trees, TEXTBOOK};
pub use evaluator::{exercise_3, isolation_positions};
pub use kayles::exercise_4;
pub use quiz::exercise_5;
pub use trees::{exercise_1, exercise_2, trees};

use crate::report::Report;
use crate::student;

/// The exercises, by number, with their names.
pub const EXERCISES: [(u32, &str); 6] = [
    (1, "minimax"),
    (2, "alpha-beta"),
    (3, "an evaluator"),
    (4, "a new game: Kayles"),
    (5, "the GameState quiz"),
    (6, "expectimax"),
];

/// Grades the student's solutions (`src/student.rs`) of the exercises numbered in `which` (all
/// of them when it is empty).
pub fn student_report(which: &[u32]) -> Report {
    let wanted = |n: u32| which.is_empty() || which.contains(&n);
    let mut report = Report::default();
    if wanted(1) {
        report.checks.extend(exercise_1(&student::minimax));
    }
    if wanted(2) {
        report.checks.extend(exercise_2(&student::alpha_beta));
    }
    if wanted(3) {
        report.checks.extend(exercise_3(&student::improved_score));
    }
    if wanted(4) {
        report.checks.extend(exercise_4(&student::Kayles::new));
    }
    if wanted(5) {
        report.checks.extend(exercise_5(
            &student::minimax_decision,
            &student::alpha_beta_search,
        ));
    }
    if wanted(6) {
        report.checks.extend(exercise_6(&student::expectimax));
    }
    report
}

/// How a panic reads in a report: `todo!()` says the exercise is not done yet.
fn panicked(message: &str) -> String {
    if message.starts_with("not yet implemented") {
        format!("{message} (replace the todo!() in src/student.rs)")
    } else {
        format!("your code panicked: {message}")
    }
}
