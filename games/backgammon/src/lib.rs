//! # ply-backgammon
//!
//! Backgammon with OpenSpiel's rules (its `backgammon` game), so that the two agree move for
//! move and action for action. Each side races fifteen checkers around the 24 points to its
//! home board and bears them off; x (player 0) and o (player 1) move in opposite directions.
//! Two dice are rolled each turn: a checker moves by each die to a point not held by two or
//! more opponents, a lone opponent there (a blot) is hit and sent to the bar, and a side with
//! a checker on the bar must enter it first. Both dice must be played where that is possible,
//! else the larger; a double is played as two plays of two steps each. Checkers are borne off
//! once all fifteen are home, with the exact number or, from the rearmost point, a larger one.
//! The first to bear off all fifteen wins one point, or with `scoring=gammons` two for a
//! gammon (the loser bore off none), and with `scoring=full` three for a backgammon.
//!
//! The opening roll is chance: one die each, never a double, the higher die starts and plays
//! both. Like OpenSpiel, a game of more than 500 turns (`max_turns`) is a draw.
//!
//! ```
//! use ply_backgammon::{Backgammon, BgMove};
//! use ply_search::Game;
//! let start = Backgammon::default();
//! assert!(start.is_chance_node());
//! let opened = start.play(start.parse_move("x 3-1").unwrap());
//! let plays: Vec<String> = opened.legal_moves().iter().map(|&m| opened.format_move(m)).collect();
//! assert!(plays.contains(&"8/5+6/5".to_string())); // making the 5 point
//! let made = opened.play(opened.parse_move("8/5 6/5").unwrap()); // a blank reads as +
//! assert!(made.is_chance_node()); // the dice roll for o
//! ```

mod board;
mod game;
mod notation;
mod rules;
mod spec;

pub use board::{CHECKERS, NUM_ACTIONS, PASS_ACTION, POINTS};
pub use rules::{Backgammon, BgMove, Phase, Scoring, DEFAULT_MAX_TURNS};
pub use spec::BgEval;
