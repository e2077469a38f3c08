//! # ply-teaching: exercises graded against ply's reference algorithms
//!
//! A student implements minimax and alpha-beta (with AIMA's pruning on equality, or the strict
//! form some courses teach) in `src/student.rs`, on explicit game trees seen through [`Node`],
//! which counts every leaf evaluation. The graders in [`grading`] compare the student's values
//! and leaf counts with ply's course algorithms on AIMA's figure 5.2 and on 200 random trees.
//! The skeletons compile and fail their grading until solved; [`reference`](mod@reference) holds solutions
//! that pass. See the instructor's page, `docs/teaching.md`.

pub mod grader_kayles;
pub mod grading;
pub mod node;
pub mod reference;
pub mod student;

pub use node::Node;
