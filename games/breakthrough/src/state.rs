//! The game state: two `u64` bitboards, copy-make (its `Game` implementation is in `rules.rs`).

use crate::geometry::Geometry;
use ply_search::Player;
use std::hash::{Hash, Hasher};

/// A move: a piece's cell and the cell it steps to (bits `row * 8 + column`, see
/// [`crate::geometry`]). Whether it captures follows from the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: u8,
    /// The cell it steps to.
    pub to: u8,
}

impl Move {
    /// The step's direction: 0 diagonally left, 1 straight on, 2 diagonally right (seen from
    /// above the board, for either player).
    #[inline]
    pub fn direction(self) -> usize {
        (self.to % 8 + 1 - self.from % 8) as usize
    }
}

/// A Breakthrough position: each player's pieces, the player to move, the plies played and
/// the board size.
///
/// Player 0 (White, `w`) starts on the bottom rows and moves first, up the board; player 1
/// (Black, `b`) starts on the top rows and moves down. A piece steps one row forward, straight
/// or diagonally, onto an empty cell, and captures only diagonally forward. The first player
/// to reach the far row, or to capture every opposing piece, wins; there are no draws.
///
/// ```
/// use ply_breakthrough::Breakthrough;
/// use ply_search::{Game, Outcome, Player};
/// let start = Breakthrough::standard();
/// assert_eq!(start.legal_moves().len(), 22);
/// let after = start.play_notation(["a2-a3", "b7-b6"]).unwrap();
/// assert_eq!(after.outcome(), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Breakthrough {
    /// The pieces of player 0 and of player 1.
    pub(crate) pieces: [u64; 2],
    /// The player to move, 0 or 1.
    pub(crate) side: u8,
    /// Plies played since the start (or since the position read from text).
    pub(crate) plies: u16,
    pub(crate) geometry: &'static Geometry,
}

impl PartialEq for Breakthrough {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces
            && self.side == other.side
            && std::ptr::eq(self.geometry, other.geometry)
    }
}

impl Eq for Breakthrough {}

impl Hash for Breakthrough {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pieces.hash(state);
        self.side.hash(state);
    }
}

/// Steps a set of cells `rows` rows towards `player`'s goal (up for player 0, down for 1),
/// then `columns` columns to the right (negative: to the left).
#[inline]
fn step(cells: u64, player: usize, columns: i32) -> u64 {
    if player == 0 {
        cells << (8 + columns) as u32
    } else {
        cells >> (8 - columns) as u32
    }
}

/// SplitMix64's finaliser: spreads every input bit over the whole key.
#[inline]
pub(crate) fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Breakthrough {
    /// The start of a game on `geometry`, player 0 to move.
    pub fn new(geometry: &'static Geometry) -> Self {
        Breakthrough {
            pieces: geometry.start,
            side: 0,
            plies: 0,
            geometry,
        }
    }

    /// The start of the standard 8x8 game.
    pub fn standard() -> Self {
        Breakthrough::new(Geometry::standard())
    }

    /// A position from its parts; the caller has checked they make sense (see
    /// [`crate::notation`]).
    pub(crate) fn from_parts(
        geometry: &'static Geometry,
        pieces: [u64; 2],
        side: Player,
    ) -> Breakthrough {
        Breakthrough {
            pieces,
            side: side.index() as u8,
            plies: side.index() as u16,
            geometry,
        }
    }

    /// The board size.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The pieces of `player`, as bits (see [`crate::geometry`]).
    #[inline]
    pub fn pieces(&self, player: Player) -> u64 {
        self.pieces[player.side()]
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> u64 {
        self.geometry.board & !(self.pieces[0] | self.pieces[1])
    }

    /// The cells the player to move can step to, by direction: diagonally left, straight on,
    /// diagonally right.
    #[inline]
    pub fn targets(&self) -> [u64; 3] {
        let s = self.side as usize;
        let g = self.geometry;
        let mine = self.pieces[s];
        let open = g.board & !mine;
        [
            step(mine & g.not_first_column, s, -1) & open,
            step(mine, s, 0) & self.empty(),
            step(mine & g.not_last_column, s, 1) & open,
        ]
    }

    /// The cells of `player`'s pieces that attack `cells` (could capture there next move).
    #[inline]
    pub fn attackers(&self, player: Player, cells: u64) -> u64 {
        let p = player.index();
        let g = self.geometry;
        let stepping_right = step_back(cells, p, 1) & g.not_last_column;
        let stepping_left = step_back(cells, p, -1) & g.not_first_column;
        (stepping_right | stepping_left) & self.pieces[p]
    }

    /// The cells `player`'s pieces attack: one row forward, diagonally, on the board.
    #[inline]
    pub fn attacked_by(&self, player: Player) -> u64 {
        let p = player.index();
        let g = self.geometry;
        let mine = self.pieces[p];
        (step(mine & g.not_first_column, p, -1) | step(mine & g.not_last_column, p, 1)) & g.board
    }

    /// The move to `to` in direction `direction` (as in [`Breakthrough::targets`]) for the
    /// player to move.
    #[inline]
    pub(crate) fn move_to(&self, direction: usize, to: u32) -> Move {
        let forward: i32 = if self.side == 0 { 8 } else { -8 };
        let from = to as i32 - forward - (direction as i32 - 1);
        Move {
            from: from as u8,
            to: to as u8,
        }
    }

    /// Whether `mv` takes an opposing piece.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.pieces[1 - self.side as usize] & (1 << mv.to) != 0
    }

    /// Whether the player who just moved has won: reached its goal row or taken the last
    /// opposing piece.
    #[inline]
    pub(crate) fn last_mover_won(&self) -> bool {
        let mover = 1 - self.side as usize;
        self.pieces[mover] & self.geometry.goal[mover] != 0 || self.pieces[self.side as usize] == 0
    }
}

/// The inverse of [`step`]: where pieces of `player` stepping `columns` columns right would
/// come from to land on `cells` (before masking off cells a shift wrapped round an edge).
#[inline]
fn step_back(cells: u64, player: usize, columns: i32) -> u64 {
    if player == 0 {
        cells >> (8 + columns) as u32
    } else {
        cells << (8 - columns) as u32
    }
}
