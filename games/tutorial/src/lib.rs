//! # ply-tutorial
//!
//! The two games of the tutorial ([docs/tutorial.md](../../docs/tutorial.md)), kept as a crate so
//! that the `ply` command plays them: `ply perft tictactoe --depth 9`, `ply solve "nim(heaps=[3,4,5])"`.
//! The tutorial shows these files verbatim; a test checks that they stay identical.

/// Tic-tac-toe on two 9-bit sets (the tutorial's first game).
pub mod tictactoe;

/// Nim with up to eight heaps (the tutorial's second game).
pub mod nim;

/// What front ends need of both games: specs, evaluator names, drawings.
mod front;

pub use nim::{Nim, Take};
pub use tictactoe::TicTacToe;
