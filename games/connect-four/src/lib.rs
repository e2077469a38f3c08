//! # ply-connect-four
//!
//! Connect Four for the [`ply_search::Game`] trait: the 7x6 board, or any board up to 9
//! columns with `width x (height + 1) <= 64`, on two `u64` bitboards with a sentinel row (John
//! Tromp's and Pascal Pons' layout). Moves and positions are written as in Pons' solver
//! (github.com/PascalPons/connect4): a move is a column digit, `1` on the left, and a position
//! is the moves from the empty board, `4453`; solved values convert to his score
//! ([`ConnectFour::pons_score`]), so results can be exchanged with his solver.
//!
//! ```
//! use ply_connect_four::ConnectFour;
//! use ply_search::solver::{Solver, SolverOptions};
//! use ply_search::{score, Game};
//! // Player 0 (X) has three in the first column and wins at once.
//! let position = ConnectFour::standard().parse_position("121212").unwrap();
//! let options = SolverOptions { distance: true, tt_bytes: 1 << 20, ..SolverOptions::default() };
//! let value = Solver::new(options).value(&position).unwrap();
//! assert_eq!(value, score::win_in(1));
//! assert_eq!(position.pons_score(value), Some(18)); // X's 4th stone wins: 17 left, plus one
//! ```

mod describe;
pub mod eval;
pub mod geometry;
pub mod notation;
mod rules;
mod solve;
mod spec;
pub mod state;

pub use eval::Heuristic;
pub use geometry::Geometry;
pub use state::{ConnectFour, Move};
