//! Separated Isolation-like positions, settled without search.
//!
//! In Isolation (knight or queen moves), once neither player can ever reach a cell the other
//! can reach, the two play independent one-player games: each walks its own region, and the
//! one that runs out of moves first loses. The player to move wins exactly when its longest
//! walk is longer than the opponent's. That turns an exponential two-player search into two
//! small longest-path problems, the shortcut the 5x5 lesson describes ("once the two players
//! are separated, the one with the longer path wins").
//!
//! Boards are bit sets, a `u64` or a `u128` ([`CellSet`]); a game describes how its piece moves
//! through a [`Walker`], on the narrowest set its board fits (the flood fills behind these
//! tests run at every node of a solve, and a `u64` takes half the work of a `u128`).

use ply_search::score::{loss_in, win_in, Score, INFINITY};
use std::ops::{BitAnd, BitOr, Not};

/// A set of cells as the bits of an unsigned integer, cell `i` the bit `1 << i`.
pub trait CellSet:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    /// No cell.
    const EMPTY: Self;
    /// The set of one cell.
    fn single(cell: u8) -> Self;
    /// How many cells.
    fn len(self) -> u32;
    /// The lowest cell of a non-empty set.
    fn first(self) -> u8;
    /// The set less its lowest cell.
    fn without_first(self) -> Self;
    /// Whether the set has no cell.
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
}

macro_rules! cell_set {
    ($bits:ty) => {
        impl CellSet for $bits {
            const EMPTY: Self = 0;
            #[inline]
            fn single(cell: u8) -> Self {
                1 << cell
            }
            #[inline]
            fn len(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn first(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline]
            fn without_first(self) -> Self {
                self & (self - 1)
            }
        }
    };
}
cell_set!(u64);
cell_set!(u128);

/// How a piece moves over a bit-set board, for [`separated_value`].
pub trait Walker {
    /// The board's cell sets.
    type Set: CellSet;

    /// The open cells one move from `cell`.
    fn moves_from(&self, cell: u8, open: Self::Set) -> Self::Set;

    /// The open cells one move from any cell of `cells`. The default asks
    /// [`Walker::moves_from`] cell by cell; a shift-based piece can do it in one go.
    fn spread(&self, cells: Self::Set, open: Self::Set) -> Self::Set {
        let mut reached = Self::Set::EMPTY;
        let mut rest = cells;
        while !rest.is_empty() {
            reached = reached | self.moves_from(rest.first(), open);
            rest = rest.without_first();
        }
        reached
    }

    /// An upper bound on the length of any walk from `from` through `region` (the open cells
    /// it can reach). The default is the region's size; a knight can do better, since its
    /// moves alternate the colours of the squares.
    fn path_bound(&self, from: u8, region: Self::Set) -> u32 {
        let _ = from;
        region.len()
    }
}

/// Which end-of-game rule the game plays by, for the distance of a separated ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// The player to move without a move loses.
    MoverStuckLoses,
    /// The game ends as soon as either player has no move; the player to move wins iff it
    /// still has one (Udacity's `isolation.py` and the GameState quiz).
    EitherStuckEnds,
}

/// The value for the side to move, counted from this position (`win_in(n)` / `loss_in(n)`),
/// of a position where the mover stands on `mover`, the opponent on `other`, and `open` are the
/// open cells; `None` while the players' regions still touch.
///
/// ```
/// use ply_search::score::{loss_in, win_in};
/// use ply_grid::separation::{separated_value, EndRule, Walker};
/// /// A rook-like piece on a 1-D strip of cells 0..n: one step left or right.
/// struct Step;
/// impl Walker for Step {
///     type Set = u128;
///     fn moves_from(&self, cell: u8, open: u128) -> u128 {
///         let near = (1u128 << cell << 1) | (1u128 << cell >> 1);
///         near & open
///     }
/// }
/// // Mover on 0 with cells 1..=3 open; opponent on 6 with 7 open (5 and 4 closed).
/// let open = 0b1000_1110;
/// // Three moves against one: the mover wins, the opponent stuck after 3 plies.
/// assert_eq!(separated_value(&Step, 0, 6, open, EndRule::MoverStuckLoses), Some(win_in(3)));
/// // The opponent's region touches the mover's once cell 4 and 5 are open.
/// assert_eq!(separated_value(&Step, 0, 6, open | 0b11_0000, EndRule::MoverStuckLoses), None);
/// // Seen from the other side, one move against three loses.
/// assert_eq!(separated_value(&Step, 6, 0, open, EndRule::MoverStuckLoses), Some(loss_in(2)));
/// ```
pub fn separated_value<W: Walker>(
    walker: &W,
    mover: u8,
    other: u8,
    open: W::Set,
    rule: EndRule,
) -> Option<Score> {
    let (mover_region, other_region) = regions(walker, mover, other, open)?;
    Some(race_of_regions(
        walker,
        mover,
        other,
        mover_region,
        other_region,
        rule,
    ))
}

/// The walk race of two separated regions: the mover's value.
fn race_of_regions<W: Walker>(
    walker: &W,
    mover: u8,
    other: u8,
    mover_region: W::Set,
    other_region: W::Set,
    rule: EndRule,
) -> Score {
    // Only one walk needs its exact length: the loser's (it sets the distance). The other only
    // needs to be known to reach it, so each search stops at the length that settles the race.
    let mine_bound = walker.path_bound(mover, mover_region);
    let theirs = longest_walk(walker, other, other_region, mine_bound);
    let mine = if theirs >= mine_bound {
        // The mover cannot outlast the opponent: its own walk sets the distance.
        longest_walk(walker, mover, mover_region, mine_bound)
    } else {
        // `theirs` is exact; the mover wins iff it can walk one step further.
        longest_walk(walker, mover, mover_region, theirs + 1)
    };
    walk_race_value(mine, theirs, rule)
}

/// What the walks say of a position without search, for the side to move, counted from here:
/// its exact value once the players are separated ([`separated_value`]), and while their
/// regions still touch, bounds `(lower, upper)` from a race neither can lose by more: the
/// mover can make at most `U` moves (the walker's bound on its region), and at least `L`
/// along a walk through cells the opponent can never reach (so no move of the opponent's
/// can shorten it). If the opponent's sure walk is as long as the mover's longest possible
/// one, the mover loses; if the mover's sure walk outlasts the opponent's longest, it wins.
/// `(loss, win)` bounds nothing and is `None`.
///
/// ```
/// use ply_search::score::{loss_in, win_in};
/// use ply_grid::separation::{race_bounds, EndRule, Walker};
/// struct Step; // one step left or right on a strip of cells 0..n
/// impl Walker for Step {
///     type Set = u128;
///     fn moves_from(&self, cell: u8, open: u128) -> u128 {
///         ((1u128 << cell << 1) | (1u128 << cell >> 1)) & open
///     }
/// }
/// // Mover on 0 (cell 1 open), opponent on 3 with cells 4..=7 its own: cell 2 is shared.
/// let open = 0b1111_0110;
/// // The mover can make at most 2 moves, the opponent surely 4: the mover loses.
/// let (lower, upper) = race_bounds(&Step, 0, 3, open, EndRule::MoverStuckLoses).unwrap();
/// assert!(upper < 0 && upper >= loss_in(4));
/// ```
pub fn race_bounds<W: Walker>(
    walker: &W,
    mover: u8,
    other: u8,
    open: W::Set,
    rule: EndRule,
) -> Option<(Score, Score)> {
    let (mine, theirs, touching) = whole_regions(walker, mover, other, open);
    if !touching {
        let value = race_of_regions(walker, mover, other, mine, theirs, rule);
        return Some((value, value));
    }
    let most_mine = walker.path_bound(mover, mine);
    let most_theirs = walker.path_bound(other, theirs);
    // A walk through the cells only one player can reach cannot be cut by the other.
    let (own_mine, own_theirs) = (mine & !theirs, theirs & !mine);
    if own_theirs.len() >= most_mine
        && longest_walk(walker, other, own_theirs, most_mine) >= most_mine
    {
        // The mover runs out first, at the latest after its longest possible walk.
        return Some((-INFINITY, walk_race_value(most_mine, most_mine, rule)));
    }
    if own_mine.len() > most_theirs
        && longest_walk(walker, mover, own_mine, most_theirs + 1) > most_theirs
    {
        // The opponent runs out first, at the latest after its longest possible walk.
        return Some((
            walk_race_value(most_theirs + 1, most_theirs, rule),
            INFINITY,
        ));
    }
    None
}

/// Both players' whole regions and whether they touch (grown together until neither grows).
fn whole_regions<W: Walker>(walker: &W, a: u8, b: u8, open: W::Set) -> (W::Set, W::Set, bool) {
    let (mut reach_a, mut reach_b) = (W::Set::EMPTY, W::Set::EMPTY);
    let (mut front_a, mut front_b) = (W::Set::single(a), W::Set::single(b));
    while !(front_a | front_b).is_empty() {
        front_a = walker.spread(front_a, open) & !reach_a;
        reach_a = reach_a | front_a;
        front_b = walker.spread(front_b, open) & !reach_b;
        reach_b = reach_b | front_b;
    }
    (reach_a, reach_b, !(reach_a & reach_b).is_empty())
}

/// The value for the side to move when it can make `mine` more moves and the opponent
/// `theirs`, each on its own: the mover wins iff `mine > theirs`. The loser makes every move it
/// has; the winner only needs to outlast it.
pub fn walk_race_value(mine: u32, theirs: u32, rule: EndRule) -> Score {
    match (mine > theirs, rule) {
        // The opponent is stuck on its turn after its last move: 2 * theirs + 1 plies.
        (true, EndRule::MoverStuckLoses) => win_in(2 * theirs + 1),
        // The game ends as the opponent makes its last move.
        (true, EndRule::EitherStuckEnds) => win_in(2 * theirs),
        (false, EndRule::MoverStuckLoses) => loss_in(2 * mine),
        (false, EndRule::EitherStuckEnds) => loss_in((2 * mine).saturating_sub(1)),
    }
}

/// Both players' regions (the open cells each can ever reach), grown together so that the
/// usual case, regions that touch, is found after a step or two; `None` if they touch.
fn regions<W: Walker>(walker: &W, a: u8, b: u8, open: W::Set) -> Option<(W::Set, W::Set)> {
    let (mut reach_a, mut reach_b) = (W::Set::EMPTY, W::Set::EMPTY);
    let (mut front_a, mut front_b) = (W::Set::single(a), W::Set::single(b));
    while !(front_a | front_b).is_empty() {
        front_a = walker.spread(front_a, open) & !reach_a;
        reach_a = reach_a | front_a;
        front_b = walker.spread(front_b, open) & !reach_b;
        reach_b = reach_b | front_b;
        if !(reach_a & reach_b).is_empty() {
            return None;
        }
    }
    Some((reach_a, reach_b))
}

/// The most moves a piece on `from` can make through `region`, or `cap` if it can make at
/// least that many: a depth-first search that stops as soon as a walk reaches the cap or the
/// walker's upper bound.
pub fn longest_walk<W: Walker>(walker: &W, from: u8, region: W::Set, cap: u32) -> u32 {
    let goal = walker.path_bound(from, region).min(cap);
    if goal == 0 {
        return 0;
    }
    let mut best = 0;
    let mut next = walker.moves_from(from, region);
    while !next.is_empty() {
        let cell = next.first();
        next = next.without_first();
        let rest = region & !W::Set::single(cell);
        let walk = 1 + longest_walk(walker, cell, rest, goal - 1);
        if walk > best {
            best = walk;
            if best >= goal {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A king on a 4-wide board (bits 8 * y + x), for walks with branching.
    struct King;
    impl Walker for King {
        type Set = u128;
        fn moves_from(&self, cell: u8, open: u128) -> u128 {
            let (x, y) = ((cell % 8) as i32, (cell / 8) as i32);
            let mut out = 0u128;
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let (nx, ny) = (x + dx, y + dy);
                    if (dx, dy) != (0, 0) && (0..4).contains(&nx) && (0..4).contains(&ny) {
                        out |= 1u128 << (8 * ny + nx);
                    }
                }
            }
            out & open
        }
    }

    #[test]
    fn race_values_follow_the_turn_order() {
        // 3 moves against 2, the mover to move: M O M O M, then the opponent is stuck.
        assert_eq!(walk_race_value(3, 2, EndRule::MoverStuckLoses), win_in(5));
        // Under "either stuck ends" the game ends as the opponent makes its 2nd move.
        assert_eq!(walk_race_value(3, 2, EndRule::EitherStuckEnds), win_in(4));
        // Equal walks: the mover runs out first.
        assert_eq!(walk_race_value(2, 2, EndRule::MoverStuckLoses), loss_in(4));
        assert_eq!(walk_race_value(2, 2, EndRule::EitherStuckEnds), loss_in(3));
        assert_eq!(walk_race_value(0, 5, EndRule::MoverStuckLoses), loss_in(0));
    }

    #[test]
    fn longest_walk_matches_hand_counts() {
        // A full 4x4 king board from a corner: a Hamiltonian walk covers the other 15 cells.
        let board: u128 = (0..4).map(|y| 0b1111u128 << (8 * y)).fold(0, |a, b| a | b);
        assert_eq!(longest_walk(&King, 0, board & !1, u32::MAX), 15);
        // Only the top row open: the corner walks along it (3 moves).
        assert_eq!(longest_walk(&King, 0, 0b1110, u32::MAX), 3);
        // From the middle of a row of 4 (cell 1), the longer side has 2 cells.
        assert_eq!(longest_walk(&King, 1, 0b1101, u32::MAX), 2);
        // A cap stops the search at that length.
        assert_eq!(longest_walk(&King, 0, board & !1, 4), 4);
    }
}
