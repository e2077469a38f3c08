//! # ply-chinese-checkers
//!
//! Chinese Checkers on the six-pointed star of 121 cells, for 2, 3, 4 or 6 players, with
//! OpenSpiel's rules, seats and cell numbers, on one `u128` bitboard a player.
//!
//! Each player starts with ten pieces in a point of the star and races them to the point
//! opposite. A turn moves one piece: a step to an empty neighbouring cell, or a chain of hops,
//! each over one neighbouring piece (anyone's) to the empty cell just beyond, stopping where
//! the player likes. The first player whose turn leaves its ten pieces filling its target
//! triangle wins (OpenSpiel's returns: the winner `players - 1`, every other player -1); a
//! game still going after `max_turns` turns (1,000 by default) is a draw. Two players face
//! each other (points 0 and 3), three take every other point, four leave one facing pair of
//! points empty, six fill the star.
//!
//! A move here is a whole turn (the piece's cell and where it ends), where OpenSpiel makes
//! each hop an action and ends a chain with a pass: the turns possible are the same (the
//! tests check them against OpenSpiel's, move for move), and a search sees a turn as one
//! ply, as the multi-player search literature counts it (Sturtevant; Schadd and Winands).
//!
//! ```
//! use ply_chinese_checkers::ChineseCheckers;
//! use ply_search::Game;
//! let start = ChineseCheckers::from_spec("chinese-checkers").unwrap();
//! let moves: Vec<String> = start.legal_moves().iter().map(|&m| start.format_move(m)).collect();
//! assert_eq!(moves.len(), 14); // the eight steps and six hops of OpenSpiel's first turn
//! assert_eq!(moves[..3], ["3=>14", "3=>16", "4=>15"]);
//! let three = ChineseCheckers::from_spec("chinese-checkers(players=3)").unwrap();
//! assert_eq!(three.player_count(), 3);
//! ```

pub mod board;
mod describe;
pub mod eval;
mod grid;
pub mod notation;
mod rules;
mod spec;
pub mod state;

pub use eval::Heuristic;
pub use state::{ChineseCheckers, Move, PASS};

impl ChineseCheckers {
    /// The game named by a spec: `chinese-checkers`, `chinese-checkers(players=3)`,
    /// `chinese-checkers(players=6,max_turns=300)`.
    pub fn from_spec(text: &str) -> Result<Self, ply_search::NotationError> {
        <Self as ply_search::describe::FromSpec>::from_spec_text(text)
    }
}
