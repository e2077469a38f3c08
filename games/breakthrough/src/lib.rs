//! # ply-breakthrough
//!
//! Breakthrough (Dan Troyka, 2000) for the [`ply_search::Game`] trait, on two `u64`
//! bitboards: the 8x8 board, 6x6, or any board from 2x3 to 8x8. Each side starts with two rows
//! of pieces (one on boards under 6 rows high); a piece steps one row forward, straight or
//! diagonally, onto an empty cell, and captures only diagonally; reaching the far row, or
//! taking every opposing piece, wins. Cells and moves are written as in chess (`a2-a3`,
//! `b2xc3`); OpenSpiel's move text (`a2a3`, `b2c3*`) is read too.
//!
//! ```
//! use ply_breakthrough::Breakthrough;
//! use ply_search::perft::{perft, Count};
//! use ply_search::Game;
//! let start = Breakthrough::standard();
//! assert_eq!(perft(&start, 1, Count::Leaves), 22); // 8 straight steps, 14 diagonal ones
//! let contact = start.play_notation(["e2-e3", "d7-d6", "e3-e4", "d6-d5"]).unwrap();
//! let moves: Vec<String> = contact.legal_moves().iter().map(|&m| contact.format_move(m)).collect();
//! assert!(moves.contains(&"e4xd5".to_string())); // a diagonal capture
//! assert!(contact.parse_move("e4-e5").is_ok()); // straight on, to an empty cell
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
pub use state::{Breakthrough, Move};
