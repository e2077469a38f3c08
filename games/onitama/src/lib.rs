//! # ply-onitama
//!
//! Onitama on bitboards for the [`ply_search::Game`] trait: 5x5, masters and students, five
//! cards with the card exchange and the forced pass, both ways to win (capturing the master,
//! the master reaching the enemy temple), the side card's stamp deciding who starts, and the
//! seed notebook's 200-ply draw as a parameter. All 16 base cards and the 16 of Sensei's Path.
//!
//! ```
//! use ply_onitama::Onitama;
//! use ply_search::perft::{perft, Count};
//! use ply_search::Game;
//! let pos = Onitama::from_spec("onitama").unwrap()
//!     .parse_position("bbBbb...............wwWww ox,boar horse,elephant crab 0").unwrap();
//! assert_eq!(perft(&pos, 4, Count::Leaves), 28509);
//! ```

pub mod cards;
mod describe;
pub mod eval;
pub mod notation;
mod rules;
pub mod seed;
pub mod spec;
pub mod square;
pub mod state;

pub use cards::{Card, CARDS};
pub use eval::Heuristic;
pub use state::{Move, Onitama};
