//! # ply-isolation
//!
//! Knight Isolation on a `u128` bitboard, for the [`ply_search::Game`] trait.
//!
//! The default game is Udacity's `isolation.py` (AI Nanodegree), bit for bit: the same board
//! integers, cell indices, action integers and action order, the either-player-stuck terminal
//! test, the utility rule and the cell-0 quirk ([`Rules::Udacity`]). A standard-rules variant
//! ([`Rules::Standard`]), the older 7x7 AIND version ([`Rules::Aind`]) and every board size
//! whose `(width + 2) * height - 2 <= 127` are there too; see [`Variant`] for the cell layout.
//!
//! ```
//! use ply_isolation::Isolation;
//! use ply_search::{Game, Outcome, Player};
//! // Play the first legal action until the game ends, like the original's README example.
//! let mut state = Isolation::udacity();
//! while !state.terminal_test() {
//!     state = state.result(state.actions()[0]).unwrap();
//! }
//! assert_eq!(state.ply_count(), 34);
//! assert_eq!(state.outcome(), Some(Outcome::Win(Player::P0)));
//! ```

pub mod cells;
mod describe;
pub mod eval;
pub mod knights;
pub mod notation;
mod packed;
mod playout;
pub mod render;
mod rules;
mod solve;
pub mod spec;
pub mod state;
pub mod variant;

pub use cells::Cells;
pub use eval::Heuristic;
pub use knights::Knights;
pub use state::{Isolation, Move};
pub use variant::{Rules, Variant};
