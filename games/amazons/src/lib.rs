//! # ply-amazons
//!
//! The Game of the Amazons (Walter Zamkauskas, 1988) for the [`ply_search::Game`] trait, on
//! `u128` bitboards: the standard 10x10 board, 8x8, 6x6, or any board from 4x4 to 10x10. Each
//! player has four amazons (two on boards under 6x6); a move is one action, a queen move of
//! one's amazon followed by an arrow shot like a queen from where it landed, burning a cell for
//! good. The player to move without a move loses. Cells are named as in chess and a move is
//! written `d1-d7/g7`.
//!
//! ```
//! use ply_amazons::Amazons;
//! use ply_search::perft::{perft, Count};
//! use ply_search::{Game, SearchHints};
//! let start = Amazons::from_spec("amazons(width=6,height=6)").unwrap();
//! assert_eq!(perft(&start, 1, Count::Leaves), start.move_count() as u64);
//! let game = start.play_notation(["b1-b4/e4", "e6-e5/e6"]).unwrap();
//! assert_eq!(game.ply(), 2);
//! ```

mod describe;
pub mod eval;
pub mod geometry;
pub mod notation;
mod rules;
pub mod solve;
mod spec;
pub mod state;

pub use eval::Heuristic;
pub use geometry::Geometry;
pub use state::{Amazons, Move};
