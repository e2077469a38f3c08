//! # ply-queen-isolation
//!
//! Queen-move Isolation for the [`ply_search::Game`] trait: any board up to 8x8 with chosen
//! blocked cells, on a `u64` bitboard whose queen rays are computed by bit operations. The
//! `preset=quiz` board is Udacity's GameState quiz (3x2, the lower-right cell blocked) with its
//! `(x, y)` moves, its order of blank cells and rays, its terminal test and utility; the default
//! board is the lesson's 5x5.
//!
//! ```
//! use ply_queen_isolation::QueenIsolation;
//! use ply_search::course::{minimax_decision, Options};
//! use ply_search::{Game, Player, Zero};
//! let quiz = QueenIsolation::quiz();
//! let full = minimax_decision(&quiz, None, &Zero, &Options::default());
//! assert!(full.value > 0, "player 0 wins the quiz board");
//! ```

mod describe;
pub mod notation;
pub mod rays;
mod rules;
mod solve;
pub mod spec;
pub mod state;
pub mod variant;

pub use ply_grid::mobility::Heuristic;
pub use state::{Move, QueenIsolation};
pub use variant::{Rules, Variant};

impl QueenIsolation {
    /// The ply count.
    pub fn ply_count(&self) -> u32 {
        ply_search::Game::ply(self)
    }
}
