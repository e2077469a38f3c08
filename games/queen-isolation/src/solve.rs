//! The exact solver's shortcut for queen Isolation: separated queens walk their own regions.

use crate::rays::{beyond, queen, queens};
use crate::state::{Move, QueenIsolation};
use crate::variant::Rules;
use ply_grid::separation::{race_bounds, separated_value, EndRule, Walker};
use ply_search::score::Score;
use ply_search::solver::Solvable;
use ply_search::{Game, Player};

/// Queen moves over the board's open cells.
struct QueenWalk;

impl Walker for QueenWalk {
    type Set = u64;

    #[inline]
    fn moves_from(&self, cell: u8, open: u64) -> u64 {
        queen(cell, open)
    }

    /// One or two queens by a lookup each (the first steps of growing two regions, where most
    /// positions are found to touch); more by the occluded fills, which move every queen at
    /// once.
    #[inline]
    fn spread(&self, cells: u64, open: u64) -> u64 {
        if cells.count_ones() > 2 {
            return queens(cells, open);
        }
        let mut reach = 0;
        let mut rest = cells;
        while rest != 0 {
            reach |= queen(rest.trailing_zeros() as u8, open);
            rest &= rest - 1;
        }
        reach
    }
}

impl Solvable for QueenIsolation {
    /// Positions with 16 plies or more to play use the table (12 is the solver's default): few
    /// probes hit, and below 16 plies left they cost more than the nodes they save
    /// (docs/solver.md has the measurements).
    const TABLE_MIN_PLIES_LEFT: u32 = 16;

    /// Once neither queen can reach a cell the other can, the longer walk wins.
    fn settled_value(&self) -> Option<Score> {
        let (me, them, rule) = self.race()?;
        separated_value(&QueenWalk, me, them, self.open_cells(), rule)
    }

    /// The settled value, or while the regions touch, the bounds of the walk race: a queen
    /// whose sure walk through cells the other cannot reach outlasts everything the other
    /// could walk wins.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        let (me, them, rule) = self.race()?;
        race_bounds(&QueenWalk, me, them, self.open_cells(), rule)
    }

    /// The opponent's replies after the move (fewest first), then the mover's own moves from
    /// its new cell (most first), then the cells both can reach (most first); no position is
    /// made.
    fn order_key(&self, mv: Move) -> u32 {
        let open = self.open_cells() & !(1u64 << mv.0);
        let theirs = self.liberty_cells_in(self.to_move().other(), open);
        reply_rank(theirs, queen(mv.0, open))
    }

    /// [`Solvable::order_key`] of every move, the opponent's reach found once: a move it does
    /// not reach leaves it unchanged, and one it does cuts off the cells beyond on that ray.
    fn order_keys(&self, moves: &[Move], keys: &mut Vec<u32>) {
        keys.clear();
        let Some(them) = self.cell_of(self.to_move().other()) else {
            keys.extend(moves.iter().map(|&mv| self.order_key(mv)));
            return;
        };
        let open = self.open_cells();
        let reach = queen(them, open);
        keys.extend(moves.iter().map(|&mv| {
            let cell = 1u64 << mv.0;
            let theirs = if reach & cell == 0 {
                reach
            } else {
                reach & !cell & !beyond(them, mv.0)
            };
            reply_rank(theirs, queen(mv.0, open & !cell))
        }));
    }
}

/// The order key of a move after which the opponent can reach the cells `theirs` and the
/// mover the cells `mine`: fewest replies first, then most moves of the mover's own (a third
/// as much: three own moves outweigh a reply), then most cells both can reach (a twelfth).
/// Each term takes nodes off the solve of queen 5x5 (docs/solver.md, "What each part is
/// worth").
#[inline]
fn reply_rank(theirs: u64, mine: u64) -> u32 {
    let shared = (theirs & mine).count_ones();
    12 * theirs.count_ones() + 4 * (63 - mine.count_ones()) + (63 - shared)
}

impl QueenIsolation {
    /// The mover's cell, the opponent's and how the game ends, once both are placed.
    fn race(&self) -> Option<(u8, u8, EndRule)> {
        let mover = self.to_move();
        let (me, them) = (self.cell_of(mover)?, self.cell_of(mover.other())?);
        let rule = match self.variant().rules {
            Rules::Udacity => EndRule::EitherStuckEnds,
            Rules::Standard => EndRule::MoverStuckLoses,
        };
        Some((me, them, rule))
    }

    /// A placed player's cell index (`8 * y + x`).
    fn cell_of(&self, player: Player) -> Option<u8> {
        self.loc(player).map(|(x, y)| 8 * y + x)
    }
}
