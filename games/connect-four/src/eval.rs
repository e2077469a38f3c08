//! Named evaluators for Connect Four, each from the evaluated player's view and zero-sum.

use crate::ConnectFour;
use ply_search::{Evaluator, NotationError, Player, Score};

/// A Connect Four heuristic.
///
/// ```
/// use ply_connect_four::{ConnectFour, Heuristic};
/// use ply_search::{Evaluator, Game, Player};
/// let centre = ConnectFour::standard().play_notation(["4"]).unwrap();
/// assert!(Heuristic::Center.evaluate(&centre, Player::P0) > 0);
/// assert_eq!(Heuristic::Windows.evaluate(&centre, Player::P1),
///            -Heuristic::Windows.evaluate(&centre, Player::P0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Threats: 10 for each empty cell that would complete a four of the player's, and 5 more
    /// when it lies on a row that favours the player (Allis' zugzwang rule: odd rows, counted
    /// from 1 at the bottom, for the first player; even rows for the second), minus the same
    /// for the opponent.
    Threats,
    /// Open lines: every line of four cells that holds stones of one player only scores 1, 5
    /// or 25 for 1, 2 or 3 of them, for that player.
    Windows,
    /// Centre control: each stone is worth the number of lines of four through its cell (3 to
    /// 13 on 7x6, the classic evaluation table), minus the opponent's.
    Center,
    /// The default: threats + windows + centre.
    Balanced,
}

impl Heuristic {
    /// The names used in agent specs, in the order of [`Heuristic::ALL`].
    pub const NAMES: [&'static str; 4] = ["threats", "windows", "center", "balanced"];
    /// Every heuristic.
    pub const ALL: [Heuristic; 4] = [
        Heuristic::Threats,
        Heuristic::Windows,
        Heuristic::Center,
        Heuristic::Balanced,
    ];

    /// The heuristic called `name`.
    pub fn from_name(name: &str) -> Result<Heuristic, NotationError> {
        ply_search::eval::by_name(name, &Heuristic::NAMES, &Heuristic::ALL)
    }
}

fn threats(state: &ConnectFour, player: Player) -> Score {
    let side = |p: Player| {
        let cells = state.threats(p);
        // Rows 1, 3, 5... (from 1) favour player 0; rows 2, 4, 6... player 1.
        let good_rows = state.geometry().rows_by_parity[p.side()];
        10 * cells.count_ones() as Score + 5 * (cells & good_rows).count_ones() as Score
    };
    side(player) - side(player.other())
}

fn windows(state: &ConnectFour, player: Player) -> Score {
    const WORTH: [Score; 5] = [0, 1, 5, 25, 0];
    let (mine, theirs) = (state.stones(player), state.stones(player.other()));
    let mut total = 0;
    for &window in &state.geometry().windows {
        let (m, t) = (mine & window, theirs & window);
        if t == 0 {
            total += WORTH[m.count_ones() as usize];
        } else if m == 0 {
            total -= WORTH[t.count_ones() as usize];
        }
    }
    total
}

fn center(state: &ConnectFour, player: Player) -> Score {
    let through = &state.geometry().windows_through;
    let worth = |mut stones: u64| {
        let mut sum = 0;
        while stones != 0 {
            sum += through[stones.trailing_zeros() as usize] as Score;
            stones &= stones - 1;
        }
        sum
    };
    worth(state.stones(player)) - worth(state.stones(player.other()))
}

impl Evaluator<ConnectFour> for Heuristic {
    fn evaluate(&self, state: &ConnectFour, player: Player) -> Score {
        match self {
            Heuristic::Threats => threats(state, player),
            Heuristic::Windows => windows(state, player),
            Heuristic::Center => center(state, player),
            Heuristic::Balanced => {
                threats(state, player) + windows(state, player) + center(state, player)
            }
        }
    }

    fn name(&self) -> &str {
        Heuristic::NAMES[*self as usize]
    }
}
