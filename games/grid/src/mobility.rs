//! The mobility evaluator family: heuristics that only count moves (and, for two of them, a
//! distance from the centre), for any game that answers those two questions, such as knight and
//! queen Isolation.
//!
//! `p` and `o` are the evaluated player's and the opponent's numbers of legal moves. Fractional
//! formulas are scaled to integers, which keeps every comparison, and so every search decision,
//! the same as the float formula.

use ply_search::{Evaluator, Game, NotationError, Player, Score};

/// What the mobility heuristics need from a game.
pub trait MobilityGame: Game {
    /// The number of moves `player` would have if it were to move (all open cells while not
    /// placed).
    fn mobility(&self, player: Player) -> i32;

    /// AIND's centre distance of `player`, times 4 so that it is an integer:
    /// `4 * ((H/2 - row)^2 + (W/2 - col)^2)`, row 0 at the top, column 0 at the left; 0 while the
    /// player is not placed.
    fn centre_distance_x4(&self, player: Player) -> i32;
}

/// A named mobility heuristic.
///
/// | name | formula | scale | from |
/// |---|---|---|---|
/// | `null` | 0 | | AIND `null_score` |
/// | `open` | `p` | x1 | AIND `open_move_score`; Udacity's GreedyPlayer |
/// | `improved` | `p - o` | x1 | AIND `improved_score`; Udacity's MinimaxPlayer |
/// | `center` | centre distance | x4 | AIND `center_score` |
/// | `paper1` | `p^2 - o^2` | x1 | seed paper, heuristic 1 |
/// | `paper2` | `p - 2o` | x1 | heuristic 2 |
/// | `paper3` | `2p - o` | x1 | heuristic 3 (the paper's recommendation) |
/// | `paper4` | `0.3p - 0.7o` | x10 | heuristic 4 |
/// | `paper5` | `0.7p - 0.3o` | x10 | heuristic 5 |
/// | `paper6` | `0.7p - 0.3o + 0.01 * centre distance` | x400 | heuristic 6 |
/// | `paper7` | `0.3p - 0.7o + 0.01 * centre distance` | x400 | heuristic 7 |
///
/// The seed paper is F. Martini, "Heuristic analysis for an Isolation game on a 7x7 board with
/// L-shaped movements".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// 0.
    Null,
    /// `p`.
    Open,
    /// `p - o`.
    Improved,
    /// The centre distance, x4.
    Center,
    /// Heuristic `n` (1 to 7) of the seed paper.
    Paper(u8),
}

impl Heuristic {
    /// Every heuristic, in the order of [`Heuristic::NAMES`].
    pub const ALL: [Heuristic; 11] = [
        Heuristic::Null,
        Heuristic::Open,
        Heuristic::Improved,
        Heuristic::Center,
        Heuristic::Paper(1),
        Heuristic::Paper(2),
        Heuristic::Paper(3),
        Heuristic::Paper(4),
        Heuristic::Paper(5),
        Heuristic::Paper(6),
        Heuristic::Paper(7),
    ];

    /// The names used in agent specs (`eval=improved`).
    pub const NAMES: [&'static str; 11] = [
        "null", "open", "improved", "center", "paper1", "paper2", "paper3", "paper4", "paper5",
        "paper6", "paper7",
    ];

    /// The heuristic called `name` (see [`Heuristic::NAMES`]).
    pub fn from_name(name: &str) -> Result<Heuristic, NotationError> {
        ply_search::eval::by_name(name, &Heuristic::NAMES, &Heuristic::ALL)
    }
}

impl<G: MobilityGame> Evaluator<G> for Heuristic {
    #[inline]
    fn evaluate(&self, state: &G, player: Player) -> Score {
        let p = || state.mobility(player);
        let o = || state.mobility(player.other());
        match *self {
            Heuristic::Null => 0,
            Heuristic::Open => p(),
            Heuristic::Improved => p() - o(),
            Heuristic::Center => state.centre_distance_x4(player),
            Heuristic::Paper(n) => {
                let (p, o) = (p(), o());
                match n {
                    1 => p * p - o * o,
                    2 => p - 2 * o,
                    3 => 2 * p - o,
                    4 => 3 * p - 7 * o,
                    5 => 7 * p - 3 * o,
                    6 => 280 * p - 120 * o + state.centre_distance_x4(player),
                    _ => 120 * p - 280 * o + state.centre_distance_x4(player),
                }
            }
        }
    }

    fn name(&self) -> &str {
        let i = Heuristic::ALL.iter().position(|h| h == self).unwrap_or(0);
        Heuristic::NAMES[i]
    }
}
