//! Named evaluators for Breakthrough, each from the evaluated player's view and zero-sum.

use crate::Breakthrough;
use ply_search::{Evaluator, NotationError, Player, Score};

/// A Breakthrough heuristic.
///
/// ```
/// use ply_breakthrough::{Breakthrough, Heuristic};
/// use ply_search::{Evaluator, Game, Player};
/// let start = Breakthrough::standard();
/// let advanced = start.play_notation(["d2-d3"]).unwrap();
/// assert!(Heuristic::Advancement.evaluate(&advanced, Player::P0) > 0);
/// assert_eq!(Heuristic::Material.evaluate(&advanced, Player::P0), 0);
/// assert_eq!(Heuristic::Balanced.evaluate(&advanced, Player::P1),
///            -Heuristic::Balanced.evaluate(&advanced, Player::P0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Material: 100 for each of the player's pieces, minus the same for the opponent's.
    Material,
    /// Advancement: each piece is worth the square of the rows it has come from its home row
    /// (a runner near the goal weighs more than many steps spread out), minus the opponent's.
    Advancement,
    /// The default: material + advancement + 10 for each piece another of its own guards (could
    /// retake on its cell), - 10 for each piece attacked and unguarded, minus the same for the
    /// opponent.
    Balanced,
}

impl Heuristic {
    /// The names used in agent specs, in the order of [`Heuristic::ALL`].
    pub const NAMES: [&'static str; 3] = ["material", "advancement", "balanced"];
    /// Every heuristic.
    pub const ALL: [Heuristic; 3] = [
        Heuristic::Material,
        Heuristic::Advancement,
        Heuristic::Balanced,
    ];

    /// The heuristic called `name`.
    pub fn from_name(name: &str) -> Result<Heuristic, NotationError> {
        ply_search::eval::by_name(name, &Heuristic::NAMES, &Heuristic::ALL)
    }
}

fn material(state: &Breakthrough, player: Player) -> Score {
    let count = |p: Player| state.pieces(p).count_ones() as Score;
    100 * (count(player) - count(player.other()))
}

fn advancement(state: &Breakthrough, player: Player) -> Score {
    let g = state.geometry();
    let side = |p: Player| {
        let mut sum = 0;
        for row in 0..g.height {
            let here = (state.pieces(p) & g.rows[row as usize]).count_ones() as Score;
            // Rows from the home row: the rows to the goal, counted from the far side.
            let advanced = (g.height - 1 - g.rows_to_goal(p.index(), row)) as Score;
            sum += here * advanced * advanced;
        }
        sum
    };
    side(player) - side(player.other())
}

fn safety(state: &Breakthrough, player: Player) -> Score {
    let side = |p: Player| {
        let mine = state.pieces(p);
        let guarded = mine & state.attacked_by(p);
        let hanging = mine & state.attacked_by(p.other()) & !guarded;
        10 * (guarded.count_ones() as Score - hanging.count_ones() as Score)
    };
    side(player) - side(player.other())
}

impl Evaluator<Breakthrough> for Heuristic {
    fn evaluate(&self, state: &Breakthrough, player: Player) -> Score {
        match self {
            Heuristic::Material => material(state, player),
            Heuristic::Advancement => advancement(state, player),
            Heuristic::Balanced => {
                material(state, player) + advancement(state, player) + safety(state, player)
            }
        }
    }

    fn name(&self) -> &str {
        Heuristic::NAMES[*self as usize]
    }
}
