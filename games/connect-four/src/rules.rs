//! Connect Four under the `Game` trait: the rules of the state in [`crate::state`], written in the
//! notation of [`crate::notation`]. Apart from both, so that neither imports the other.

use crate::state::{ConnectFour, Move};
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, Rng, SearchHints};

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
        self.push_columns(self.playable(), moves);
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
    /// from the leaves, and no lower (docs/engine.md, "The table's threshold").
    const TABLE_MIN_DEPTH: u32 = 2;

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.0 as usize
    }
}
