//! Named evaluators, each from the evaluated player's view.

use crate::board::corners;
use crate::state::{Reversi, Rules};
use ply_search::{Evaluator, NotationError, Player, Score};

/// An Othello or Rolit heuristic.
///
/// ```
/// use ply_othello::{Heuristic, Othello};
/// use ply_search::{Evaluator, Game, Player};
/// let after = Othello::standard().play_notation(["d3"]).unwrap();
/// assert_eq!(Heuristic::Discs.evaluate(&after, Player::P0), 3); // 4 black discs, 1 white
/// assert_eq!(Heuristic::Discs.evaluate(&after, Player::P1), -3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// The player's discs less the others' mean, scaled by the number of other players so it
    /// stays whole: with two players, the disc difference.
    Discs,
    /// Mobility and corners: 10 a square the player could play less the others' mean, 25 a
    /// corner held less the others' mean, plus the discs: the classic Othello trio.
    Mobility,
}

impl Heuristic {
    /// The names used in agent specs, in the order of [`Heuristic::ALL`].
    pub const NAMES: [&'static str; 2] = ["discs", "mobility"];
    /// Every heuristic.
    pub const ALL: [Heuristic; 2] = [Heuristic::Discs, Heuristic::Mobility];

    /// The heuristic called `name`.
    pub fn from_name(name: &str) -> Result<Heuristic, NotationError> {
        ply_search::eval::by_name(name, &Heuristic::NAMES, &Heuristic::ALL)
    }
}

/// `worth(player)` less the mean of the other players' worth, times their number.
fn against_the_rest<R: Rules>(
    state: &Reversi<R>,
    player: Player,
    worth: impl Fn(Player) -> Score,
) -> Score {
    let players = Player::first(state.players as usize);
    let others: Score = players
        .iter()
        .filter(|&&p| p != player)
        .map(|&p| worth(p))
        .sum();
    (players.len() as Score - 1) * worth(player) - others
}

impl<R: Rules> Evaluator<Reversi<R>> for Heuristic {
    fn evaluate(&self, state: &Reversi<R>, player: Player) -> Score {
        let discs = against_the_rest(state, player, |p| state.count(p) as Score);
        match self {
            Heuristic::Discs => discs,
            Heuristic::Mobility => {
                let corners = corners(state.size());
                let mobility =
                    against_the_rest(state, player, |p| state.targets_of(p).count_ones() as Score);
                let held = against_the_rest(state, player, |p| {
                    (state.discs_of(p) & corners).count_ones() as Score
                });
                10 * mobility + 25 * held + discs
            }
        }
    }

    fn name(&self) -> &str {
        Heuristic::NAMES[*self as usize]
    }
}
