//! # ply-othello
//!
//! Othello with OpenSpiel's rules and action numbers, and Rolit, its form for two to four
//! players (as Schadd and Winands played it for best-reply search), on one `u64` bitboard a
//! colour. Both on the 8x8 board, or 6x6 and 4x4 for small experiments and exact solves.
//!
//! - **Othello** (`othello`): black (player 0, `x`) moves first from d4 white, e4 black,
//!   d5 black, e5 white; a move must turn over at least one disc, a player with none passes,
//!   and the game ends when neither player can move. The most discs win.
//! - **Rolit** (`rolit(players=N)`): the centre starts with one disc of each colour (d4 red,
//!   e4 yellow, e5 green, d5 blue) whatever the number of players, and the turn goes red,
//!   yellow, green, blue; with two players they play red and green (diagonally opposite, as in
//!   Othello), with three red, yellow and green, and the colours no one plays stay on the board
//!   as discs anyone may turn. A player must turn discs over if it can; otherwise it places a
//!   disc on any empty square next to a disc. The game ends when the board is full, and the
//!   most discs win (a tie at the top is a draw).
//!
//! ```
//! use ply_othello::{Othello, Rolit};
//! use ply_search::Game;
//! let start = Othello::standard();
//! let moves: Vec<String> = start.legal_moves().iter().map(|&m| start.format_move(m)).collect();
//! assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
//! let rolit = Rolit::from_spec("rolit(players=3)").unwrap();
//! assert_eq!(rolit.player_count(), 3);
//! // Red can turn over blue (d6), yellow (f4) or green (f6): it must capture.
//! let moves: Vec<String> = rolit.legal_moves().iter().map(|&m| rolit.format_move(m)).collect();
//! assert_eq!(moves, ["f4", "d6", "f6"]);
//! ```

pub mod board;
mod describe;
pub mod eval;
pub mod notation;
mod rules;
mod spec;
pub mod state;

pub use eval::Heuristic;
pub use state::{Classic, Move, Multi, Reversi, Rules, PASS};

/// Othello ([`Classic`] rules).
pub type Othello = Reversi<Classic>;

/// Rolit ([`Multi`] rules), for two to four players.
pub type Rolit = Reversi<Multi>;

impl<R: Rules> Reversi<R> {
    /// The game named by a spec: `othello`, `othello(size=6)`, `rolit(players=3,size=8)`.
    pub fn from_spec(text: &str) -> Result<Self, ply_search::NotationError>
    where
        Self: ply_search::describe::FromSpec,
    {
        <Self as ply_search::describe::FromSpec>::from_spec_text(text)
    }
}

impl Othello {
    /// The 8x8 starting position.
    pub fn standard() -> Othello {
        Reversi::start(8, 2)
    }
}
