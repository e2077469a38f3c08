//! Players and game outcomes.

use serde::Serialize;
use std::fmt;

/// A player: one of up to [`Player::MAX`] seats. `P0` moves first (the seeds' "player 1",
/// `player_id` 0). Two-player games use `P0` and `P1` only; games for more declare their count
/// with [`crate::Game::player_count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Player {
    /// The first player (`player_id` 0 in the Python originals).
    P0 = 0,
    /// The second player (`player_id` 1).
    P1 = 1,
    /// The third player, in games for three or more.
    P2 = 2,
    /// The fourth player.
    P3 = 3,
    /// The fifth player.
    P4 = 4,
    /// The sixth player (Chinese Checkers' largest table).
    P5 = 5,
}

impl Player {
    /// The most players a game may have: Chinese Checkers' six seats.
    pub const MAX: usize = 6;

    /// Both players of a two-player game, in turn order.
    pub const BOTH: [Player; 2] = [Player::P0, Player::P1];

    /// Every seat, in turn order; a game for `n` players uses the first `n`.
    pub const ALL: [Player; Player::MAX] = [
        Player::P0,
        Player::P1,
        Player::P2,
        Player::P3,
        Player::P4,
        Player::P5,
    ];

    /// The player of a two-player game whose turn comes at ply `index`: `P0` for even numbers,
    /// `P1` for odd ones (what a game computes from its ply count).
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

    /// The player in seat `seat` (0 to 5), or `None` past the last seat.
    ///
    /// ```
    /// use ply_search::Player;
    /// assert_eq!(Player::seat(2), Some(Player::P2));
    /// assert_eq!(Player::seat(6), None);
    /// ```
    #[inline]
    pub fn seat(seat: usize) -> Option<Player> {
        Player::ALL.get(seat).copied()
    }

    /// The first `count` players, in turn order (all six past six).
    pub fn first(count: usize) -> &'static [Player] {
        &Player::ALL[..count.min(Player::MAX)]
    }

    /// The seat number, 0 for `P0`: handy to index per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side of a two-player game, 0 or 1, to index a pair (`[T; 2]`): the compiler knows
    /// it is below 2, so the hot paths of two-player games pay no bounds check for it. The
    /// seats past `P1` fold onto the pair, as with [`Player::other`].
    ///
    /// ```
    /// use ply_search::Player;
    /// assert_eq!([10, 20][Player::P1.side()], 20);
    /// ```
    #[inline]
    pub fn side(self) -> usize {
        debug_assert!(self.index() < 2, "Player::side is for two-player games");
        self as usize & 1
    }

    /// The opponent in a two-player game. A game for more players has no single opponent: its
    /// code uses [`Player::next`]. Asking a player past `P1` for its opponent is a bug, caught
    /// in debug builds; release builds keep the two-player case a single bit flip (the seats
    /// pair up, P2 with P3, P4 with P5), since the engines ask it at every node.
    ///
    /// ```
    /// use ply_search::Player;
    /// assert_eq!(Player::P0.other(), Player::P1);
    /// ```
    #[inline]
    pub fn other(self) -> Player {
        debug_assert!(
            self.index() < 2,
            "Player::other is for two-player games; {self} has no single opponent"
        );
        match self {
            Player::P0 => Player::P1,
            Player::P1 => Player::P0,
            Player::P2 => Player::P3,
            Player::P3 => Player::P2,
            Player::P4 => Player::P5,
            Player::P5 => Player::P4,
        }
    }

    /// The player seated after this one at a table of `count` players (back to `P0` after the
    /// last).
    ///
    /// ```
    /// use ply_search::Player;
    /// assert_eq!(Player::P1.next(3), Player::P2);
    /// assert_eq!(Player::P2.next(3), Player::P0);
    /// ```
    #[inline]
    pub fn next(self, count: usize) -> Player {
        let seat = self.index() + 1;
        if seat >= count {
            Player::P0
        } else {
            Player::ALL[seat]
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
