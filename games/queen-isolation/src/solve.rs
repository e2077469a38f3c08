//! The exact solver's shortcut for queen Isolation: separated queens walk their own regions.

use crate::rays::{queen, queens};
use crate::state::{Move, QueenIsolation};
use crate::variant::Rules;
use ply_grid::separation::{separated_value, EndRule, Walker};
use ply_search::score::Score;
use ply_search::solver::Solvable;
use ply_search::{Game, Player};

/// Queen moves over the board's open cells (a `u64` board widened to the walker's `u128`).
struct QueenWalk;

impl Walker for QueenWalk {
    #[inline]
    fn moves_from(&self, cell: u8, open: u128) -> u128 {
        queen(cell, open as u64) as u128
    }

    #[inline]
    fn spread(&self, cells: u128, open: u128) -> u128 {
        queens(cells as u64, open as u64) as u128
    }
}

impl Solvable for QueenIsolation {
    /// Once neither queen can reach a cell the other can, the longer walk wins.
    fn settled_value(&self) -> Option<Score> {
        let mover = self.to_move();
        let (me, them) = (self.cell_of(mover)?, self.cell_of(mover.other())?);
        let rule = match self.variant().rules {
            Rules::Udacity => EndRule::EitherStuckEnds,
            Rules::Standard => EndRule::MoverStuckLoses,
        };
        separated_value(&QueenWalk, me, them, self.open_cells() as u128, rule)
    }

    /// The opponent's replies after the move (fewest first), ties broken by the mover's own
    /// moves from its new cell (most first); no position is made.
    fn order_key(&self, mv: Move) -> u32 {
        let open = self.open_cells() & !(1u64 << mv.0);
        let theirs = self
            .liberty_cells_in(self.to_move().other(), open)
            .count_ones();
        let mine = queen(mv.0, open).count_ones();
        theirs * 3 + (63 - mine)
    }
}

impl QueenIsolation {
    /// A placed player's cell index (`8 * y + x`).
    fn cell_of(&self, player: Player) -> Option<u8> {
        self.loc(player).map(|(x, y)| 8 * y + x)
    }
}
