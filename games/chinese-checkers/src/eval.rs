//! The evaluator: how far each player's pieces still have to go.

use crate::board::TO_TIP;
use crate::state::ChineseCheckers;
use ply_search::{Evaluator, NotationError, Player, Score};

/// A Chinese Checkers heuristic, from the evaluated player's view.
///
/// ```
/// use ply_chinese_checkers::{ChineseCheckers, Heuristic};
/// use ply_search::{Evaluator, Game, Player};
/// let start = ChineseCheckers::from_spec("chinese-checkers").unwrap();
/// assert_eq!(Heuristic::Distance.evaluate(&start, Player::P0), 0);
/// let after = start.play_notation(["6->14"]).unwrap(); // one step towards the far point
/// assert_eq!(Heuristic::Distance.evaluate(&after, Player::P0), 1);
/// assert_eq!(Heuristic::Distance.evaluate(&after, Player::P1), -1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// The steps the other players' pieces still have to go (to the far tip of their target
    /// triangles), on average, less the player's own, times the number of other players so
    /// that it stays whole: the race as it stands. With two players, the difference.
    Distance,
}

impl Heuristic {
    /// The names used in agent specs, in the order of [`Heuristic::ALL`].
    pub const NAMES: [&'static str; 1] = ["distance"];
    /// Every heuristic.
    pub const ALL: [Heuristic; 1] = [Heuristic::Distance];

    /// The heuristic called `name`.
    pub fn from_name(name: &str) -> Result<Heuristic, NotationError> {
        ply_search::eval::by_name(name, &Heuristic::NAMES, &Heuristic::ALL)
    }
}

/// The steps `player`'s pieces have to go, summed.
pub fn to_go(state: &ChineseCheckers, player: Player) -> Score {
    let table = &TO_TIP[state.target(player)];
    let mut pieces = state.pieces_of(player);
    let mut sum = 0;
    while pieces != 0 {
        sum += table[pieces.trailing_zeros() as usize] as Score;
        pieces &= pieces - 1;
    }
    sum
}

impl Evaluator<ChineseCheckers> for Heuristic {
    fn evaluate(&self, state: &ChineseCheckers, player: Player) -> Score {
        let players = Player::first(state.players());
        let others: Score = players
            .iter()
            .filter(|&&p| p != player)
            .map(|&p| to_go(state, p))
            .sum();
        others - (players.len() as Score - 1) * to_go(state, player)
    }

    fn name(&self) -> &str {
        Heuristic::NAMES[*self as usize]
    }
}
