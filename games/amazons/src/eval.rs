//! Named evaluators for Amazons, each from the evaluated player's view and zero-sum.

use crate::Amazons;
use ply_search::{Evaluator, NotationError, Player, Score};

/// An Amazons heuristic.
///
/// ```
/// use ply_amazons::{Amazons, Heuristic};
/// use ply_search::{Evaluator, Game, Player};
/// let start = Amazons::from_spec("amazons(width=6,height=6)").unwrap();
/// // The start is symmetric, so every heuristic gives 0 for either player.
/// assert_eq!(Heuristic::Territory.evaluate(&start, Player::P0), 0);
/// let after = start.play_notation(["b1-b4/b5"]).unwrap();
/// assert_eq!(Heuristic::Mobility.evaluate(&after, Player::P1),
///            -Heuristic::Mobility.evaluate(&after, Player::P0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Mobility: the cells the player's amazons reach in one queen move, minus the
    /// opponent's.
    Mobility,
    /// Territory by queen distance: the empty cells the player's amazons reach in fewer queen
    /// moves than the opponent's, minus the cells the opponent reaches first (ties count for
    /// neither): the classic Amazons evaluator, best in the middle game.
    Territory,
    /// Territory by king distance (one step at a time): the same count with king moves, which
    /// judges the endgame's fights for single cells better.
    KingTerritory,
    /// The default: 4 x territory + 2 x king territory + mobility.
    Balanced,
}

impl Heuristic {
    /// The names used in agent specs, in the order of [`Heuristic::ALL`].
    pub const NAMES: [&'static str; 4] = ["mobility", "territory", "king-territory", "balanced"];
    /// Every heuristic.
    pub const ALL: [Heuristic; 4] = [
        Heuristic::Mobility,
        Heuristic::Territory,
        Heuristic::KingTerritory,
        Heuristic::Balanced,
    ];

    /// The heuristic called `name`.
    pub fn from_name(name: &str) -> Result<Heuristic, NotationError> {
        ply_search::eval::by_name(name, &Heuristic::NAMES, &Heuristic::ALL)
    }
}

fn mobility(state: &Amazons, player: Player) -> Score {
    state.queen_moves(player) as Score - state.queen_moves(player.other()) as Score
}

/// The empty cells `player` reaches first, minus those the opponent reaches first, spreading
/// one distance at a time from each side's amazons with `spread`.
fn territory(state: &Amazons, player: Player, spread: impl Fn(u128, u128) -> u128) -> Score {
    let empty = state.empty();
    let (mut mine, mut theirs) = (state.amazons(player), state.amazons(player.other()));
    let (mut my_reached, mut their_reached) = (0u128, 0u128);
    let mut balance = 0;
    loop {
        let my_next = spread(mine, empty) & !my_reached;
        let their_next = spread(theirs, empty) & !their_reached;
        if my_next == 0 && their_next == 0 {
            return balance;
        }
        // A cell first reached at this distance by one side only, and not earlier by the
        // other, is that side's.
        balance += (my_next & !their_reached & !their_next).count_ones() as Score;
        balance -= (their_next & !my_reached & !my_next).count_ones() as Score;
        my_reached |= my_next;
        their_reached |= their_next;
        mine = my_next;
        theirs = their_next;
    }
}

impl Evaluator<Amazons> for Heuristic {
    fn evaluate(&self, state: &Amazons, player: Player) -> Score {
        let g = state.geometry();
        let queen = |s: &Amazons, p| territory(s, p, |from, open| g.queen_reach(from, open));
        let king = |s: &Amazons, p| territory(s, p, |from, open| g.king_reach(from, open));
        match self {
            Heuristic::Mobility => mobility(state, player),
            Heuristic::Territory => queen(state, player),
            Heuristic::KingTerritory => king(state, player),
            Heuristic::Balanced => {
                4 * queen(state, player) + 2 * king(state, player) + mobility(state, player)
            }
        }
    }

    fn name(&self) -> &str {
        Heuristic::NAMES[*self as usize]
    }
}
