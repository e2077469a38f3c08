//! The game state: three `u128` bitboards, copy-make (its `Game` implementation is in `rules.rs`).

use crate::geometry::Geometry;
use ply_search::Player;
use std::hash::{Hash, Hasher};

/// A move, one action: an amazon's cell, the cell it moves to (a queen move), and the cell
/// it then shoots its arrow to (a queen move from the landing cell). Cells are bit indices
/// (see [`crate::geometry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The amazon's cell.
    pub from: u8,
    /// Where it lands.
    pub to: u8,
    /// Where its arrow burns a cell for good.
    pub arrow: u8,
}

/// An Amazons position: each player's amazons, the burnt cells, the player to move, the
/// plies played and the board size.
///
/// Player 0 (White, `w`) moves first. A move is an amazon's queen move to an empty cell, then
/// an arrow shot like a queen from where it landed, burning an empty cell (the cell it left is
/// empty again). Nothing passes over an amazon or a burnt cell. The player to move without a
/// move loses; there are no draws, and every move burns a cell, so every game ends.
///
/// ```
/// use ply_amazons::Amazons;
/// use ply_search::{Game, SearchHints};
/// let start = Amazons::standard();
/// assert_eq!(start.move_count(), 2_176); // the 10x10 opening
/// let after = start.play_notation(["d1-d7/g7"]).unwrap();
/// assert_eq!(after.move_count(), 1_214); // d7 and g7 cut the lines of three black amazons
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Amazons {
    /// The amazons of player 0 and of player 1.
    pub(crate) amazons: [u128; 2],
    /// The burnt cells.
    pub(crate) arrows: u128,
    /// The player to move, 0 or 1.
    pub(crate) side: u8,
    /// Plies played since the start (or since the position read from text).
    pub(crate) plies: u16,
    pub(crate) geometry: &'static Geometry,
}

impl PartialEq for Amazons {
    fn eq(&self, other: &Self) -> bool {
        self.amazons == other.amazons
            && self.arrows == other.arrows
            && self.side == other.side
            && std::ptr::eq(self.geometry, other.geometry)
    }
}

impl Eq for Amazons {}

impl Hash for Amazons {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.amazons.hash(state);
        self.arrows.hash(state);
        self.side.hash(state);
    }
}

/// SplitMix64's finaliser: spreads every input bit over the whole key.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Folds a `u128` into a running hash.
#[inline]
pub(crate) fn absorb(hash: u64, cells: u128) -> u64 {
    mix(mix(hash ^ cells as u64) ^ (cells >> 64) as u64)
}

impl Amazons {
    /// The start of a game on `geometry`, player 0 to move.
    pub fn new(geometry: &'static Geometry) -> Self {
        Amazons {
            amazons: geometry.start,
            arrows: 0,
            side: 0,
            plies: 0,
            geometry,
        }
    }

    /// The start of the standard 10x10 game.
    pub fn standard() -> Self {
        Amazons::new(Geometry::standard())
    }

    /// A position from its parts; the caller has checked they make sense.
    pub(crate) fn from_parts(
        geometry: &'static Geometry,
        amazons: [u128; 2],
        arrows: u128,
        side: Player,
    ) -> Amazons {
        Amazons {
            amazons,
            arrows,
            side: side.index() as u8,
            plies: side.index() as u16,
            geometry,
        }
    }

    /// The board size.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The amazons of `player`, as bits (see [`crate::geometry`]).
    #[inline]
    pub fn amazons(&self, player: Player) -> u128 {
        self.amazons[player.side()]
    }

    /// The burnt cells.
    #[inline]
    pub fn arrows(&self) -> u128 {
        self.arrows
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> u128 {
        self.geometry.board & !(self.amazons[0] | self.amazons[1] | self.arrows)
    }

    /// The cells an amazon on `from` can shoot to after landing on `to`.
    #[inline]
    fn arrow_targets(&self, from: u128, to: u128) -> u128 {
        let open = (self.empty() | from) & !to;
        self.geometry.queen_reach(to, open)
    }

    /// Calls `visit(from, to, arrows)` for every amazon of the player to move and every cell
    /// it can land on, with the cells its arrow can reach from there: amazons in bit order,
    /// then landing cells (the order of the move list). Stops early when `visit` returns
    /// `false`. Listing, counting and drawing moves at random all walk these groups.
    #[inline]
    pub(crate) fn visit_landings(&self, mut visit: impl FnMut(u8, u8, u128) -> bool) {
        let g = self.geometry;
        let empty = self.empty();
        let mut queens = self.amazons[self.side as usize];
        while queens != 0 {
            let from = queens & queens.wrapping_neg();
            let mut landings = g.queen_reach(from, empty);
            while landings != 0 {
                let to = landings & landings.wrapping_neg();
                let arrows = self.arrow_targets(from, to);
                if !visit(
                    from.trailing_zeros() as u8,
                    to.trailing_zeros() as u8,
                    arrows,
                ) {
                    return;
                }
                landings &= landings - 1;
            }
            queens &= queens - 1;
        }
    }

    /// Calls `visit` with every move of the player to move, in the move list's order.
    #[inline]
    pub(crate) fn visit_moves(&self, mut visit: impl FnMut(Move)) {
        self.visit_landings(|from, to, mut arrows| {
            while arrows != 0 {
                visit(Move {
                    from,
                    to,
                    arrow: arrows.trailing_zeros() as u8,
                });
                arrows &= arrows - 1;
            }
            true
        });
    }

    /// How many moves the player to move has: the sum over its amazons' landing cells of the
    /// arrows from each.
    #[inline]
    pub(crate) fn count_moves(&self) -> u64 {
        let mut count = 0;
        self.visit_landings(|_, _, arrows| {
            count += arrows.count_ones() as u64;
            true
        });
        count
    }

    /// The cells the amazons of `player` reach in one queen move, each amazon counted apart:
    /// the mobility evaluator's measure, and the solver's order.
    pub(crate) fn queen_moves(&self, player: Player) -> u32 {
        let g = self.geometry;
        let empty = self.empty();
        let mut count = 0;
        let mut queens = self.amazons[player.side()];
        while queens != 0 {
            let queen = queens & queens.wrapping_neg();
            count += g.queen_reach(queen, empty).count_ones();
            queens &= queens - 1;
        }
        count
    }

    /// Whether the player to move has a move: an amazon with an empty neighbour (it can step
    /// there and shoot back into the cell it left).
    #[inline]
    pub(crate) fn can_move(&self) -> bool {
        let mine = self.amazons[self.side as usize];
        self.geometry.king_reach(mine, self.empty()) != 0
    }
}
