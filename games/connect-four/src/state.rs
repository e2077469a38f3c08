//! The game state and the [`Game`] implementation: two `u64` bitboards, copy-make.

use crate::geometry::Geometry;
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, Rng, SearchHints};
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
    current: u64,
    /// Every stone on the board.
    mask: u64,
    /// Stones played.
    moves: u8,
    geometry: &'static Geometry,
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
        (cell.trailing_zeros() / self.geometry.column_bits) as u8
    }

    /// Whether the player who just moved has four.
    #[inline]
    fn last_mover_won(&self) -> bool {
        has_four(self.current ^ self.mask, self.geometry.column_bits)
    }

    #[inline]
    fn board_full(&self) -> bool {
        self.mask == self.geometry.board
    }
}

impl Game for ConnectFour {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        Player::from_index(self.moves as usize & 1)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        if self.is_terminal() {
            return;
        }
        let mut playable = self.playable();
        while playable != 0 {
            moves.push(Move(self.column_of(playable)));
            playable &= playable - 1;
        }
    }

    #[inline]
    fn play(&self, mv: Move) -> ConnectFour {
        let column_bottom = 1u64 << (mv.0 as u32 * self.geometry.column_bits);
        ConnectFour {
            current: self.current ^ self.mask,
            mask: self.mask | (self.mask + column_bottom),
            moves: self.moves + 1,
            geometry: self.geometry,
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.last_mover_won() {
            Some(Outcome::Win(self.to_move().other()))
        } else if self.board_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.last_mover_won() || self.board_full()
    }

    /// Unique on a board size: the mover's stones plus one marker bit above each column's
    /// stones (Pons' key).
    #[inline]
    fn key(&self) -> u64 {
        self.current | (self.mask + self.geometry.bottom)
    }

    fn ply(&self) -> u32 {
        self.moves as u32
    }

    /// The position and its mirror image (when they differ): the rules are symmetric left to
    /// right.
    fn symmetric_images(&self) -> Images<Self> {
        let mut images = Images::new();
        images.push(*self);
        let mirror = ConnectFour {
            current: self.geometry.mirror(self.current),
            mask: self.geometry.mirror(self.mask),
            ..*self
        };
        if mirror != *self {
            images.push(mirror);
        }
        images
    }

    fn max_game_length(&self) -> Option<u32> {
        Some(self.geometry.board.count_ones() - self.moves as u32)
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        crate::notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        crate::notation::sequence_of(self)
    }

    fn parse_position(&self, text: &str) -> Result<ConnectFour, NotationError> {
        crate::notation::parse_sequence(self.geometry, text)
    }
}

impl SearchHints for ConnectFour {
    #[inline]
    fn move_count(&self) -> usize {
        if self.is_terminal() {
            0
        } else {
            self.playable().count_ones() as usize
        }
    }

    #[inline]
    fn for_each_move(&self, mut visit: impl FnMut(Move)) {
        if self.is_terminal() {
            return;
        }
        let mut playable = self.playable();
        while playable != 0 {
            visit(Move(self.column_of(playable)));
            playable &= playable - 1;
        }
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.is_terminal() {
            return None;
        }
        let mut playable = self.playable();
        for _ in 0..rng.below(playable.count_ones() as u64) {
            playable &= playable - 1;
        }
        Some(Move(self.column_of(playable)))
    }

    const MOVE_INDEX_SPACE: usize = crate::geometry::MAX_WIDTH as usize;

    /// Connect Four's positions recur by other move orders: the table pays down to 2 plies
    /// from the leaves (four 7x6 positions at depth 14: 3.87 M nodes, 0.49 s with the usual 3;
    /// 3.33 M nodes, 0.44 s with 2; at 1, more time again).
    const TABLE_MIN_DEPTH: u32 = 2;

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.0 as usize
    }
}
