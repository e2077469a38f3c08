//! # ply-einstein
//!
//! EinStein würfelt nicht (Ingo Althöfer, 2004; a Computer Olympiad game since 2011), with
//! OpenSpiel's rules so that the two agree move for move. Each side has six cubes numbered 1
//! to 6 in its corner of a 5x5 board: black (player 0) in the top left, white (player 1) in the
//! bottom right. A die picks the cube to move: the cube with the rolled number if the side
//! still has it, otherwise the next lower or the next higher one it has (the player chooses).
//! A cube steps one square towards the opposite corner (black right, down or diagonally down
//! right; white left, up or diagonally up left) and captures whatever stands there, its own
//! side's cubes included. Reaching the opposite corner, or capturing the opponent's last cube,
//! wins.
//!
//! The setup is chance, as in OpenSpiel and at the Olympiad's random starts: black's six
//! cubes are placed by one of the 720 orders, then white's, each with equal probability. Then
//! a die is rolled before every move; white moves first.
//!
//! ```
//! use ply_einstein::{Einstein, EwnMove};
//! use ply_search::Game;
//! let start = Einstein::new();
//! assert!(start.is_chance_node());
//! let set = start.parse_move("123456").and_then(|m| Ok(start.play(m))).unwrap();
//! let both = set.play(set.parse_move("123456").unwrap());
//! let rolled = both.play(EwnMove::Roll(3)); // white moves first; its 3 can take its 1 or 2
//! assert_eq!(rolled.die(), Some(3));
//! assert_eq!(rolled.legal_moves().iter().map(|&m| rolled.format_move(m)).collect::<Vec<_>>(), ["W3-up*", "W3-diag", "W3-left*"]);
//! ```

mod board;
mod game;
mod notation;
mod rules;
mod spec;

pub use board::{Cell, SIDE};
pub use rules::{Einstein, EwnMove, Phase};
pub use spec::EwnEval;
