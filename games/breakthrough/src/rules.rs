//! Breakthrough under the `Game` trait: the rules of the state in [`crate::state`], written in the
//! notation of [`crate::notation`]. Apart from both, so that neither imports the other.

use crate::state::mix;
use crate::state::{Breakthrough, Move};
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, Rng, SearchHints};

impl Game for Breakthrough {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        Player::from_index(self.side as usize)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.for_each_move(|mv| moves.push(mv));
    }

    #[inline]
    fn play(&self, mv: Move) -> Breakthrough {
        let s = self.side as usize;
        let mut pieces = self.pieces;
        pieces[s] ^= (1 << mv.from) | (1 << mv.to);
        pieces[1 - s] &= !(1 << mv.to);
        Breakthrough {
            pieces,
            side: self.side ^ 1,
            plies: self.plies + 1,
            geometry: self.geometry,
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.last_mover_won()
            .then(|| Outcome::Win(self.to_move().other()))
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.last_mover_won()
    }

    /// A 64-bit hash of the pieces and the player to move (a position needs up to 129 bits).
    #[inline]
    fn key(&self) -> u64 {
        mix(self.pieces[0] ^ mix(self.pieces[1] ^ (self.side as u64 + 1)))
    }

    fn ply(&self) -> u32 {
        self.plies as u32
    }

    /// The position and its mirror image (when they differ): the rules are symmetric left to
    /// right.
    fn symmetric_images(&self) -> Images<Self> {
        let mut images = Images::new();
        images.push(*self);
        let mirror = Breakthrough {
            pieces: self.pieces.map(|p| self.geometry.mirror(p)),
            ..*self
        };
        if mirror != *self {
            images.push(mirror);
        }
        images
    }

    /// Every move takes a piece one row nearer its goal, so the rows left to go, summed over
    /// every piece, bound the plies left.
    fn max_game_length(&self) -> Option<u32> {
        let g = self.geometry;
        let mut rows_left = 0;
        for row in 0..g.height {
            for player in 0..2 {
                let here = (self.pieces[player] & g.rows[row as usize]).count_ones();
                rows_left += here * g.rows_to_goal(player, row) as u32;
            }
        }
        Some(rows_left)
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        crate::notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        crate::notation::format_position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Breakthrough, NotationError> {
        crate::notation::parse_position(self.geometry, text)
    }
}

impl SearchHints for Breakthrough {
    #[inline]
    fn move_count(&self) -> usize {
        if self.is_terminal() {
            return 0;
        }
        self.targets().iter().map(|t| t.count_ones() as usize).sum()
    }

    #[inline]
    fn for_each_move(&self, mut visit: impl FnMut(Move)) {
        if self.is_terminal() {
            return;
        }
        for (direction, mut cells) in self.targets().into_iter().enumerate() {
            while cells != 0 {
                visit(self.move_to(direction, cells.trailing_zeros()));
                cells &= cells - 1;
            }
        }
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.is_terminal() {
            return None;
        }
        let targets = self.targets();
        let total: u64 = targets.iter().map(|t| t.count_ones() as u64).sum();
        let mut pick = rng.below(total);
        for (direction, mut cells) in targets.into_iter().enumerate() {
            let n = cells.count_ones() as u64;
            if pick < n {
                for _ in 0..pick {
                    cells &= cells - 1;
                }
                return Some(self.move_to(direction, cells.trailing_zeros()));
            }
            pick -= n;
        }
        unreachable!("a non-terminal Breakthrough position has a move")
    }

    const MOVE_INDEX_SPACE: usize = 64 * 3;

    /// Breakthrough's pieces reach the same squares by many orders: the table pays down to
    /// the last ply (docs/engine.md, "The table's threshold").
    const TABLE_MIN_DEPTH: u32 = 1;

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.from as usize * 3 + mv.direction()
    }
}
