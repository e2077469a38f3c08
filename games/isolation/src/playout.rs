//! Random playouts from the liberty masks alone: what MCTS spends most of its time in.
//!
//! A playout needs, ply after ply, only the open cells and each knight's liberties. Once both
//! knights are placed, the mover's liberties after a move are the opponent's liberties of the
//! ply before less the cell just taken, so each ply looks up one knight mask (the new cell's,
//! needed two plies later) instead of two, and builds no state until the end. The moves and
//! the numbers drawn are [`Game::random_move`]'s, so the games are the same
//! (the conformance kit checks it).

use crate::cells::Cells;
use crate::state::Isolation;
use crate::variant::{Rules, UNPLACED};
use ply_search::{Game, Rng};

/// [`Game::random_playout`] for knight Isolation.
pub(crate) fn random_playout(start: &Isolation, rng: &mut Rng, max_plies: u32) -> (Isolation, u32) {
    // The opening, while a knight is still to be placed anywhere: move by move.
    let mut state = *start;
    let mut plies = 0;
    while state.raw_loc(0) == UNPLACED || state.raw_loc(1) == UNPLACED {
        if plies == max_plies {
            return (state, plies);
        }
        match state.random_move(rng) {
            Some(mv) => state = state.play(mv),
            None => return (state, plies),
        }
        plies += 1;
    }
    let knight = &state.variant.knight;
    let mut open = state.board.0;
    let first_mover = (state.ply & 1) as usize;
    let (mut mover, mut other) = (state.raw_loc(first_mover), state.raw_loc(first_mover ^ 1));
    let mut mine = knight[mover as usize].0 & open;
    let mut theirs = knight[other as usize].0 & open;
    let udacity = state.variant.rules == Rules::Udacity;
    let placed_at = plies;
    while plies < max_plies {
        // The end test and the targets of `Isolation::mover_targets`.
        let stuck = if udacity {
            // A liberty on cell 0 does not count (the original's quirk).
            (mine & !1 == 0) | (theirs & !1 == 0)
        } else {
            mine == 0
        };
        if stuck {
            break;
        }
        let target = Cells(mine).nth(rng.below(mine.count_ones() as u64) as u32);
        let taken = 1u128 << target;
        open &= !taken;
        let landed = knight[target as usize].0 & open;
        (mover, other) = (other, target);
        (mine, theirs) = (theirs & !taken, landed);
        plies += 1;
    }
    // `mover` is the knight to move now; player `first_mover` moved first in the loop.
    let to_move = first_mover ^ ((plies - placed_at) & 1) as usize;
    let cells = if to_move == 0 {
        [mover, other]
    } else {
        [other, mover]
    };
    let end = Isolation {
        board: Cells(open),
        ply: state.ply + (plies - placed_at),
        locs: cells[0] as u16 | (cells[1] as u16) << 8,
        variant: state.variant,
    };
    (end, plies)
}
