//! # ply-teaching: exercises graded against ply's reference algorithms
//!
//! A student implements minimax and alpha-beta (with AIMA's pruning on equality, or the strict
//! form some courses teach) on explicit game trees seen through [`Node`], which logs every
//! leaf evaluation; AIND's "improved" evaluator; Kayles behind the `Game` trait; the
//! GameState quiz's depth-limited minimax and alpha-beta ([`quiz::QuizState`] counts
//! `terminal_test()` calls); and expectimax on trees with chance nodes ([`ChanceNode`] logs
//! every expansion and every leaf). The graders in [`grading`] compare every answer with ply's
//! reference algorithms, check by check with points ([`report`]), and shrink a failing random
//! tree to the smallest one that still fails. The skeletons (`src/student.rs`) compile and fail
//! until solved; `reference` holds solutions that pass, and the handout (`cargo run -p
//! ply-teaching --bin handout -- DIR`) leaves them out. See the instructor's
//! page, `docs/teaching.md`.

pub mod caught;
pub mod draw;
pub mod facts;
pub mod grading;
pub mod node;
pub mod quiz;
pub mod report;
pub mod shape;
pub mod student;

// The instructor's part: left out of the handout.
pub mod grader_kayles;
pub mod reference;

pub use node::{ChanceNode, Node};
