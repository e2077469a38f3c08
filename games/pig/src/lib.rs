//! # ply-pig
//!
//! Pig, the dice game of Neller and Presser's "Optimal Play of the Dice Game Pig" (The UMAP
//! Journal 25(1), 2004), with OpenSpiel's rules so that the two agree move for move: on
//! their turn players roll a die as often as they like, adding each face to the turn's
//! total, until they roll a 1, which loses the turn's total and passes the turn, or they stop
//! (hold), which banks the total and passes the turn. The first to bank `goal` points wins. A
//! player whose bank and turn total reach the goal may only stop. After `horizon` decisions
//! (rolls and stops, not the dice) the game is a draw, OpenSpiel's guard against endless play.
//!
//! A roll is a chance node ([`ply_search::chance`]): the die's faces are its outcomes, each
//! with weight 1.
//!
//! ```
//! use ply_pig::{Pig, PigMove};
//! use ply_search::Game;
//! let start = Pig::new(100, 6, Some(1000)).unwrap();
//! let rolling = start.play(PigMove::Roll);
//! assert!(rolling.is_chance_node());
//! let after = rolling.play(PigMove::Face(5));
//! assert_eq!(after.turn_total(), 5);
//! let banked = after.play(PigMove::Stop);
//! assert_eq!(banked.scores(), [5, 0]);
//! ```

mod rules;
mod spec;
pub mod value_iteration;

pub use rules::{Pig, PigMove};
pub use spec::PigEval;
