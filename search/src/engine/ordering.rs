//! Move ordering: the transposition-table move first, then the moves the game prioritises
//! (wins, captures), then killer moves, then by history.

use crate::{Player, SearchHints};

/// The deepest ply a search can reach.
pub const MAX_PLY: usize = 128;

/// Two killer moves per ply: quiet moves that recently caused a cutoff at that ply.
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + PartialEq> Killers<M> {
    /// Empty killer slots for every ply.
    pub fn new() -> Self {
        Killers {
            slots: vec![[None, None]; MAX_PLY + 1],
        }
    }

    /// Forgets all killers.
    pub fn clear(&mut self) {
        self.slots.fill([None, None]);
    }

    /// Records a move that caused a cutoff at `ply`.
    #[inline(always)]
    pub fn record(&mut self, ply: usize, mv: M) {
        let slot = &mut self.slots[ply.min(MAX_PLY)];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// The killers of `ply`.
    #[inline]
    pub fn at(&self, ply: usize) -> [Option<M>; 2] {
        self.slots[ply.min(MAX_PLY)]
    }
}

impl<M: Copy + PartialEq> Default for Killers<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// The history heuristic: per player and move index, how much cutoff work each move did.
#[derive(Clone)]
pub struct History {
    table: Vec<u32>,
    space: usize,
}

impl History {
    /// A zeroed table for a game with `space` move indices.
    pub fn new(space: usize) -> History {
        History {
            table: vec![0; 2 * space],
            space,
        }
    }

    /// Whether the game offers move indices (otherwise history is inert).
    pub fn is_active(&self) -> bool {
        self.space > 0
    }

    /// The table cell of `player`'s move with index `index`; none for an index outside the
    /// game's space (the conformance kit holds games to their space, so that is a game's bug,
    /// and the move just has no history). A comparison, not a modulo: this runs for every
    /// move of every node, and a division there was a measured tenth of Onitama's search.
    #[inline]
    fn cell(&self, player: Player, index: usize) -> Option<usize> {
        (index < self.space).then(|| player.index() * self.space + index)
    }

    /// Credits a cutoff by the move with index `index` at remaining `depth`.
    #[inline(always)]
    pub fn reward(&mut self, player: Player, index: usize, depth: u32) {
        if let Some(cell) = self.cell(player, index) {
            self.table[cell] = self.table[cell].saturating_add(depth * depth);
        }
    }

    /// The move's history score.
    #[inline]
    pub fn score(&self, player: Player, index: usize) -> u32 {
        self.cell(player, index).map_or(0, |cell| self.table[cell])
    }

    /// Halves every score, so that old searches weigh less than the current one.
    pub fn age(&mut self) {
        for v in &mut self.table {
            *v /= 2;
        }
    }

    /// Zeroes the table.
    pub fn clear(&mut self) {
        self.table.fill(0);
    }
}

/// The tiers of [`SearchHints::move_priority`] the ordering tells apart (higher hints count as this).
const PRIORITY_TIERS: u32 = 15;

/// The first killer's key: below every prioritised move, above every history score.
const KILLER: u32 = u32::MAX - 1 - PRIORITY_TIERS;

/// Fills `keys` with the ordering key of each move: `tt_move` first, then the moves the
/// game prioritises (`priority`: the state the moves are of, or none), then the killers, then
/// history (the game's order breaks ties). `keys` is a reused buffer: no allocation once grown.
#[inline(always)]
pub fn order_keys<G: SearchHints>(
    moves: &[G::Move],
    keys: &mut Vec<u32>,
    tt_move: Option<G::Move>,
    priority: Option<&G>,
    killers: [Option<G::Move>; 2],
    history: Option<(&History, Player)>,
) {
    // Sized first and then written in place: a loop the compiler keeps inline in the search
    // (an `extend` from an iterator was left out of line, a measured 8% of the search's time).
    keys.resize(moves.len(), 0);
    for (key, &mv) in keys.iter_mut().zip(moves.iter()) {
        let priority = priority.map_or(0, |state| state.move_priority(mv).min(PRIORITY_TIERS));
        *key = if Some(mv) == tt_move {
            u32::MAX
        } else if priority > 0 {
            u32::MAX - 1 - PRIORITY_TIERS + priority
        } else if Some(mv) == killers[0] {
            KILLER
        } else if Some(mv) == killers[1] {
            KILLER - 1
        } else if let Some((h, player)) = history {
            h.score(player, G::move_index(mv)).min(KILLER - 2)
        } else {
            0
        };
    }
}

/// Moves `wanted` to the front of `moves`, the moves before it one place back (their order
/// kept); `false` if it is not in the list.
#[inline(always)]
pub fn bring_to_front<M: Copy + PartialEq>(moves: &mut [M], wanted: M) -> bool {
    match moves.iter().position(|&mv| mv == wanted) {
        Some(at) => {
            for i in (0..at).rev() {
                moves[i + 1] = moves[i];
            }
            moves[0] = wanted;
            true
        }
        None => false,
    }
}

/// Brings the best remaining move to position `next` and returns it (selection: the list is
/// short, and a cutoff usually comes after the first picks, so sorting it all would waste work).
/// Equal keys keep their order.
#[inline(always)]
pub fn pick_next<M: Copy>(moves: &mut [M], keys: &mut [u32], next: usize) -> Option<M> {
    if next >= moves.len() {
        return None;
    }
    // The best key so far kept in hand, over a slice cut to the moves' length (no bounds
    // checks, no reload of the best key each step: this loop is the ordering's whole cost).
    let keys = &mut keys[..moves.len()];
    let (mut best, mut best_key) = (next, keys[next]);
    for (i, &key) in keys.iter().enumerate().skip(next + 1) {
        if key > best_key {
            best = i;
            best_key = key;
        }
    }
    if best != next {
        // Shift the skipped moves up one place, so that they keep their relative order (a
        // `rotate_right(1)` of `next..=best`, written as a loop the compiler keeps inline).
        let (mv, key) = (moves[best], keys[best]);
        for i in (next..best).rev() {
            moves[i + 1] = moves[i];
            keys[i + 1] = keys[i];
        }
        moves[next] = mv;
        keys[next] = key;
    }
    Some(moves[next])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_by_key_and_keeps_the_game_order_on_ties() {
        let mut moves = [1u8, 2, 3, 4, 5];
        let mut keys = vec![0, 9, 0, u32::MAX - 1, u32::MAX];
        let mut order = Vec::new();
        while let Some(mv) = pick_next(&mut moves, &mut keys, order.len()) {
            order.push(mv);
        }
        assert_eq!(order, [5, 4, 2, 1, 3]);
    }

    #[test]
    fn bringing_a_move_forward_keeps_the_others_in_order() {
        let mut moves = [1u8, 2, 3, 4, 5];
        assert!(bring_to_front(&mut moves, 4));
        assert_eq!(moves, [4, 1, 2, 3, 5]);
        assert!(!bring_to_front(&mut moves, 9));
        assert_eq!(moves, [4, 1, 2, 3, 5]);
    }

    #[test]
    fn history_rewards_by_depth_squared_and_ages() {
        let mut history = History::new(8);
        history.reward(Player::P0, 5, 3);
        assert_eq!(history.score(Player::P0, 5), 9);
        assert_eq!(history.score(Player::P1, 5), 0);
        history.age();
        assert_eq!(history.score(Player::P0, 5), 4);
        assert!(!History::new(0).is_active());
    }

    #[test]
    fn killers_keep_the_two_latest_distinct_moves() {
        let mut killers = Killers::new();
        killers.record(3, 7u8);
        killers.record(3, 7u8);
        killers.record(3, 9u8);
        assert_eq!(killers.at(3), [Some(9), Some(7)]);
        assert_eq!(killers.at(4), [None, None]);
    }
}
