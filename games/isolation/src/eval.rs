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
use ply_grid::mobility::MobilityGame;
use ply_search::Player;

/// The mobility heuristics (AIND's and the seed paper's), shared with queen Isolation: see
/// [`ply_grid::mobility::Heuristic`] for every formula.
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
pub use ply_grid::mobility::Heuristic;

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

impl MobilityGame for Isolation {
    #[inline]
    fn mobility(&self, player: Player) -> i32 {
        mobility(self, player)
    }

    #[inline]
    fn centre_distance_x4(&self, player: Player) -> i32 {
        centre_distance_x4(self, player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, Variant};
    use ply_search::Evaluator;

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
