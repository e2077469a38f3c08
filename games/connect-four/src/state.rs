//! The game state: two `u64` bitboards, copy-make (its `Game` implementation is in `rules.rs`).

use crate::geometry::Geometry;
use ply_search::{Game, Player};
use std::hash::{Hash, Hasher};

/// A move: the column a stone is dropped into, from 0 on the left (written `1` to `9`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u8);

/// A Connect Four position: the stones of the player to move, every stone, the number of
/// stones, and the board size.
///
/// Player 0 (drawn `X`) moves first. Moves drop a stone into a column that is not full; four
/// of one player's stones in a row, column or diagonal win, and a full board without four is a
/// draw.
///
/// ```
/// use ply_connect_four::ConnectFour;
/// use ply_search::{Game, Outcome, Player};
/// let start = ConnectFour::standard();
/// assert_eq!(start.legal_moves().len(), 7);
/// let won = start.play_notation(["1", "2", "1", "2", "1", "2", "1"]).unwrap();
/// assert_eq!(won.outcome(), Some(Outcome::Win(Player::P0)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ConnectFour {
    /// The stones of the player to move.
    pub(crate) current: u64,
    /// Every stone on the board.
    pub(crate) mask: u64,
    /// Stones played.
    pub(crate) moves: u8,
    pub(crate) geometry: &'static Geometry,
}

impl PartialEq for ConnectFour {
    fn eq(&self, other: &Self) -> bool {
        self.current == other.current
            && self.mask == other.mask
            && std::ptr::eq(self.geometry, other.geometry)
    }
}

impl Eq for ConnectFour {}

impl Hash for ConnectFour {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.current.hash(state);
        self.mask.hash(state);
    }
}

/// Whether `stones` hold four in a line, on a board of `column_bits` bits per column.
#[inline]
pub(crate) fn has_four(stones: u64, column_bits: u32) -> bool {
    let line = |shift: u32| {
        let pairs = stones & (stones >> shift);
        pairs & (pairs >> (2 * shift)) != 0
    };
    line(1) || line(column_bits) || line(column_bits - 1) || line(column_bits + 1)
}

/// The cells (anywhere, occupied or not, sentinels included) that would give `stones` four in
/// a line: Pons' winning positions, before masking.
#[inline]
pub(crate) fn four_makers(stones: u64, column_bits: u32) -> u64 {
    let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
    for shift in [column_bits, column_bits - 1, column_bits + 1] {
        let left = (stones << shift) & (stones << (2 * shift));
        cells |= left & (stones << (3 * shift));
        cells |= left & (stones >> shift);
        let right = (stones >> shift) & (stones >> (2 * shift));
        cells |= right & (stones << shift);
        cells |= right & (stones >> (3 * shift));
    }
    cells
}

impl ConnectFour {
    /// The empty board of `geometry`, player 0 to move.
    pub fn new(geometry: &'static Geometry) -> Self {
        ConnectFour {
            current: 0,
            mask: 0,
            moves: 0,
            geometry,
        }
    }

    /// The empty 7x6 board.
    pub fn standard() -> Self {
        ConnectFour::new(Geometry::standard())
    }

    /// The board size.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The stones of `player`, as bits (see [`crate::geometry`]).
    pub fn stones(&self, player: Player) -> u64 {
        if player == self.to_move() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// Every stone on the board.
    pub fn occupied(&self) -> u64 {
        self.mask
    }

    /// The number of stones played.
    pub fn stones_played(&self) -> u32 {
        self.moves as u32
    }

    /// The cells a stone can be dropped into now: the lowest empty cell of each column.
    #[inline]
    pub fn playable(&self) -> u64 {
        (self.mask + self.geometry.bottom) & self.geometry.board
    }

    /// The empty cells that would complete four for `player` (Pons' "winning positions"):
    /// playable now or later.
    #[inline]
    pub fn threats(&self, player: Player) -> u64 {
        four_makers(self.stones(player), self.geometry.column_bits)
            & self.geometry.board
            & !self.mask
    }

    /// Whether the player to move can win with its next stone.
    #[inline]
    pub fn can_win_now(&self) -> bool {
        self.threats(self.to_move()) & self.playable() != 0
    }

    /// The column of a cell bit.
    #[inline]
    pub(crate) fn column_of(&self, cell: u64) -> u8 {
        self.geometry.column_of_bit[cell.trailing_zeros() as usize & 63]
    }

    /// The columns of `cells` (one cell a column), left to right, into `moves`.
    #[inline]
    pub(crate) fn push_columns(&self, mut cells: u64, moves: &mut ply_search::MoveList<Move>) {
        while cells != 0 {
            moves.push(Move(self.column_of(cells)));
            cells &= cells - 1;
        }
    }

    /// Whether the player who just moved has four.
    #[inline]
    pub(crate) fn last_mover_won(&self) -> bool {
        has_four(self.current ^ self.mask, self.geometry.column_bits)
    }

    #[inline]
    pub(crate) fn board_full(&self) -> bool {
        self.mask == self.geometry.board
    }
}
