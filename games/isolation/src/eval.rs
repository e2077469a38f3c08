//! Named evaluators: the AIND sample heuristics and the seven of the seed paper.
//!
//! All take the evaluated player's view. `p` is that player's number of legal moves, `o` the
//! opponent's (a player not yet placed may move to any open cell). Each is returned as an
//! integer: where the formula has fractions the value is scaled (stated per heuristic), which
//! keeps every comparison, and so every search decision, the same as the float formula.
//!
//! "Centre distance" is AIND's `center_score`: `(H/2 - row)^2 + (W/2 - col)^2` with row 0 at
//! the top and column 0 at the left; note AIND's centre `(W/2, H/2)` is half a cell off the
//! middle cell of an odd board, and that agents maximising it drift to the edges. Both quirks are
//! kept so that values match AIND's.

use crate::Isolation;
use ply_search::{Evaluator, NotationError, Player, Score};

/// A named heuristic for knight Isolation.
///
/// ```
/// use ply_isolation::{Heuristic, Isolation};
/// use ply_search::{Evaluator, Player};
/// let state = Isolation::udacity().result(57).unwrap().result(0).unwrap();
/// // Player 0 in the centre has 8 moves, player 1 in the corner 2.
/// assert_eq!(Heuristic::Open.evaluate(&state, Player::P0), 8);
/// assert_eq!(Heuristic::Improved.evaluate(&state, Player::P0), 6);
/// assert_eq!(Heuristic::Improved.evaluate(&state, Player::P1), -6);
/// assert_eq!(Heuristic::Paper(1).evaluate(&state, Player::P0), 64 - 4);
/// assert_eq!(Heuristic::from_name("paper3").unwrap(), Heuristic::Paper(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// AIND `null_score`: 0.
    Null,
    /// AIND `open_move_score`: `p`. Udacity's GreedyPlayer maximises it one ply ahead.
    Open,
    /// AIND `improved_score`: `p - o`. Udacity's MinimaxPlayer score (own liberties minus
    /// opponent liberties).
    Improved,
    /// AIND `center_score`: the centre distance of the evaluated player, in quarter units
    /// (4 x AIND's float, an integer). 0 while the player is not placed.
    Center,
    /// Heuristic `n` (1 to 7) of the seed paper "Heuristic analysis for an Isolation game on a
    /// 7x7 board with L-shaped movements" (F. Martini):
    ///
    /// | n | formula | integer scale |
    /// |---|---|---|
    /// | 1 | `p^2 - o^2` | x1 |
    /// | 2 | `p - 2o` | x1 |
    /// | 3 | `2p - o` (the paper's recommendation) | x1 |
    /// | 4 | `0.3p - 0.7o` | x10 |
    /// | 5 | `0.7p - 0.3o` | x10 |
    /// | 6 | `0.7p - 0.3o + 0.01 * centre distance` | x400 |
    /// | 7 | `0.3p - 0.7o + 0.01 * centre distance` | x400 |
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
        Heuristic::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name.trim()))
            .map(|i| Heuristic::ALL[i])
            .ok_or_else(|| {
                NotationError::new(
                    "evaluator",
                    name,
                    format!("one of {}", Heuristic::NAMES.join(", ")),
                )
            })
    }
}

/// The number of legal moves `player` would have (all open cells while not placed).
#[inline]
pub fn mobility(state: &Isolation, player: Player) -> i32 {
    state.liberty_cells(state.loc(player)).len() as i32
}

/// AIND's centre distance of `player`, times 4 (an integer); 0 while not placed.
///
/// ```
/// use ply_isolation::{eval::centre_distance_x4, Isolation, Rules, Variant};
/// use ply_search::Player;
/// let v = Variant::get(7, 7, Rules::Aind).unwrap();
/// let state = Isolation::new(v).result(v.cell_at_row_col(5, 1).unwrap() as i32).unwrap();
/// assert_eq!(centre_distance_x4(&state, Player::P0), 34); // AIND: (3.5-5)^2 + (3.5-1)^2 = 8.5
/// ```
#[inline]
pub fn centre_distance_x4(state: &Isolation, player: Player) -> i32 {
    match state.loc(player) {
        None => 0,
        Some(cell) => {
            let v = state.variant();
            let (row, col) = v.row_col(cell);
            let dy = v.height as i32 - 2 * row as i32;
            let dx = v.width as i32 - 2 * col as i32;
            dy * dy + dx * dx
        }
    }
}

impl Evaluator<Isolation> for Heuristic {
    #[inline]
    fn evaluate(&self, state: &Isolation, player: Player) -> Score {
        let p = || mobility(state, player);
        let o = || mobility(state, player.other());
        match *self {
            Heuristic::Null => 0,
            Heuristic::Open => p(),
            Heuristic::Improved => p() - o(),
            Heuristic::Center => centre_distance_x4(state, player),
            Heuristic::Paper(n) => {
                let (p, o) = (p(), o());
                match n {
                    1 => p * p - o * o,
                    2 => p - 2 * o,
                    3 => 2 * p - o,
                    4 => 3 * p - 7 * o,
                    5 => 7 * p - 3 * o,
                    6 => 280 * p - 120 * o + centre_distance_x4(state, player),
                    _ => 120 * p - 280 * o + centre_distance_x4(state, player),
                }
            }
        }
    }

    fn name(&self) -> &str {
        let i = Heuristic::ALL.iter().position(|h| h == self).unwrap_or(0);
        Heuristic::NAMES[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, Variant};

    /// Every heuristic on one 7x7 position, against values worked out by hand.
    #[test]
    fn each_formula_gives_its_hand_computed_value() {
        let v = Variant::get(7, 7, Rules::Aind).unwrap();
        let cell = |r, c| v.cell_at_row_col(r, c).unwrap() as i32;
        // P0 opens at (5,1), P1 at (0,0).
        let state = Isolation::new(v)
            .result(cell(5, 1))
            .unwrap()
            .result(cell(0, 0))
            .unwrap();
        // P0 at (5,1): knight moves (3,0) (3,2) (4,3) (6,3): p = 4.
        // P1 at (0,0): (1,2) (2,1): o = 2.
        assert_eq!(mobility(&state, Player::P0), 4);
        assert_eq!(mobility(&state, Player::P1), 2);
        // Centre distance of (5,1): (3.5-5)^2 + (3.5-1)^2 = 8.5, x4 = 34.
        assert_eq!(centre_distance_x4(&state, Player::P0), 34);
        let value = |h: Heuristic| h.evaluate(&state, Player::P0);
        assert_eq!(value(Heuristic::Null), 0);
        assert_eq!(value(Heuristic::Open), 4);
        assert_eq!(value(Heuristic::Improved), 2);
        assert_eq!(value(Heuristic::Center), 34);
        assert_eq!(value(Heuristic::Paper(1)), 16 - 4);
        assert_eq!(value(Heuristic::Paper(2)), 4 - 4);
        assert_eq!(value(Heuristic::Paper(3)), 8 - 2);
        assert_eq!(value(Heuristic::Paper(4)), 12 - 14); // 10 x (1.2 - 1.4)
        assert_eq!(value(Heuristic::Paper(5)), 28 - 6); // 10 x (2.8 - 0.6)
        assert_eq!(value(Heuristic::Paper(6)), 1120 - 240 + 34); // 400 x (2.8 - 0.6 + 0.085)
        assert_eq!(value(Heuristic::Paper(7)), 480 - 560 + 34); // 400 x (1.2 - 1.4 + 0.085)
                                                                // From P1's view the zero-sum ones flip; `open` does not.
        assert_eq!(Heuristic::Improved.evaluate(&state, Player::P1), -2);
        assert_eq!(Heuristic::Open.evaluate(&state, Player::P1), 2);
    }

    #[test]
    fn names_round_trip_and_bad_names_list_the_choices() {
        for h in Heuristic::ALL {
            assert_eq!(
                Heuristic::from_name(Evaluator::<Isolation>::name(&h)).unwrap(),
                h
            );
        }
        let err = Heuristic::from_name("clever").unwrap_err().to_string();
        assert!(err.starts_with("bad evaluator `clever`: expected one of null, open, improved"));
    }
}
