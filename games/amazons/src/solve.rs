//! The solver's hooks: separated positions settled without search, and a move order for
//! proofs (the moves that leave the opponent's amazons the fewest queen moves first).
//!
//! Once no path of king steps through empty cells and amazons joins the two players' amazons
//! (an amazon's cell is empty again once it moves, so amazons do not wall anybody in), the
//! two play independent one-player games,
//! each filling its own region, and the one that runs out of moves first loses: Isolation's
//! separated ending, settled by `ply_grid::separation::walk_race_value` from the two move
//! counts. A move burns one empty cell of the mover's region (it lands on one, frees the one
//! it left and burns one), so a region of `n` cells gives at most `n` moves; the exact count
//! comes from a small depth-first search that stops as soon as it fills the region.

use crate::geometry::Geometry;
use crate::{Amazons, Move};
use ply_grid::separation::{walk_race_value, EndRule};
use ply_search::solver::Solvable;
use ply_search::{Game, Score};

/// Separated regions are settled only when both hold at most this many empty cells together
/// (above it, the one-player searches can cost more than the search they replace).
pub const SETTLE_MAX_CELLS: u32 = 18;
/// The most moves one one-player search may try before giving up.
const FILL_BUDGET: u32 = 20_000;

/// The cells king steps from `from` reach through `open` cells.
fn region(g: &Geometry, from: u128, open: u128) -> u128 {
    let mut reached = 0;
    let mut front = from;
    loop {
        front = g.king_reach(front, open) & !reached;
        if front == 0 {
            return reached;
        }
        reached |= front;
    }
}

/// The most moves amazons `amazons` can make alone in `empty` (capped at `cap`), or `None`
/// if the search needed more than `budget` tries.
fn most_moves(g: &Geometry, amazons: u128, empty: u128, cap: u32, budget: &mut u32) -> Option<u32> {
    let cap = cap.min(empty.count_ones());
    if cap == 0 {
        return Some(0);
    }
    let mut best = 0;
    let mut queens = amazons;
    while queens != 0 {
        let from = queens & queens.wrapping_neg();
        let mut landings = g.queen_reach(from, empty);
        while landings != 0 {
            let to = landings & landings.wrapping_neg();
            let open = (empty | from) & !to;
            let mut arrows = g.queen_reach(to, open);
            while arrows != 0 {
                let arrow = arrows & arrows.wrapping_neg();
                *budget = budget.checked_sub(1)?;
                let after = most_moves(g, amazons ^ from ^ to, open & !arrow, cap - 1, budget)?;
                best = best.max(1 + after);
                if best >= cap {
                    return Some(cap);
                }
                arrows &= arrows - 1;
            }
            landings &= landings - 1;
        }
        queens &= queens - 1;
    }
    Some(best)
}

impl Amazons {
    /// The exact value for the side to move of a separated position with small regions
    /// (see the module docs), counted from here; `None` while the players can still meet, or
    /// when the regions are too big to count cheaply.
    pub fn separated_value(&self) -> Option<Score> {
        let g = self.geometry();
        let empty = self.empty();
        let me = self.to_move();
        // A cell an amazon leaves is empty again, so the fill passes through amazons: the
        // players are apart only if no path of empty and amazon cells joins them.
        let everyone = self.amazons(me) | self.amazons(me.other());
        let reach = region(g, self.amazons(me), empty | everyone);
        if reach & self.amazons(me.other()) != 0 {
            return None;
        }
        let mine = reach & empty;
        let theirs = region(g, self.amazons(me.other()), empty | everyone) & empty;
        if (mine | theirs).count_ones() > SETTLE_MAX_CELLS {
            return None;
        }
        let mut budget = FILL_BUDGET;
        let their_moves = most_moves(g, self.amazons(me.other()), theirs, u32::MAX, &mut budget)?;
        let mut budget = FILL_BUDGET;
        let my_moves = most_moves(g, self.amazons(me), mine, their_moves + 1, &mut budget)?;
        Some(walk_race_value(
            my_moves,
            their_moves,
            EndRule::MoverStuckLoses,
        ))
    }
}

impl Solvable for Amazons {
    fn settled_value(&self) -> Option<Score> {
        self.separated_value()
    }

    /// The moves that leave the opponent's amazons the fewest queen moves first (a cheap
    /// stand-in for "fewest replies": counting an Amazons position's replies means listing
    /// every arrow of every landing).
    fn order_key(&self, mv: Move) -> u32 {
        self.play(mv).queen_moves(self.to_move().other())
    }
}
