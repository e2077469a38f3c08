//! Players and game outcomes.

use serde::Serialize;
use std::fmt;

/// One of the two players. `P0` moves first (the seeds' "player 1", `player_id` 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Player {
    /// The first player (`player_id` 0 in the Python originals).
    P0 = 0,
    /// The second player (`player_id` 1).
    P1 = 1,
}

impl Player {
    /// Both players, in turn order.
    pub const BOTH: [Player; 2] = [Player::P0, Player::P1];

    /// The player with the given index (0 or 1); any odd number is `P1`.
    ///
    /// ```
    /// use ply_search::Player;
    /// assert_eq!(Player::from_index(0), Player::P0);
    /// assert_eq!(Player::from_index(3), Player::P1);
    /// ```
    #[inline]
    pub fn from_index(index: usize) -> Player {
        if index.is_multiple_of(2) {
            Player::P0
        } else {
            Player::P1
        }
    }

    /// 0 for `P0`, 1 for `P1`: handy to index per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    ///
    /// ```
    /// use ply_search::Player;
    /// assert_eq!(Player::P0.other(), Player::P1);
    /// ```
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::P0 => Player::P1,
            Player::P1 => Player::P0,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The given player won.
    Win(Player),
    /// Neither player won.
    Draw,
}

impl Outcome {
    /// The result for `player` as -1 (loss), 0 (draw) or 1 (win): the sign of the Python
    /// originals' `utility(player)`.
    ///
    /// ```
    /// use ply_search::{Outcome, Player};
    /// assert_eq!(Outcome::Win(Player::P1).utility(Player::P0), -1);
    /// assert_eq!(Outcome::Draw.utility(Player::P1), 0);
    /// ```
    pub fn utility(self, player: Player) -> i32 {
        match self {
            Outcome::Win(winner) if winner == player => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}
