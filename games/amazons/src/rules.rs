//! The Game of the Amazons under the `Game` trait: the rules of the state in [`crate::state`], written in the
//! notation of [`crate::notation`]. Apart from both, so that neither imports the other.

use crate::state::absorb;
use crate::state::{Amazons, Move};
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, Rng, SearchHints};
use smallvec::SmallVec;

impl Game for Amazons {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        Player::from_index(self.side as usize)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.visit_moves(|mv| moves.push(mv));
    }

    #[inline]
    fn play(&self, mv: Move) -> Amazons {
        let s = self.side as usize;
        let mut amazons = self.amazons;
        amazons[s] ^= (1u128 << mv.from) | (1u128 << mv.to);
        Amazons {
            amazons,
            arrows: self.arrows | (1u128 << mv.arrow),
            side: self.side ^ 1,
            plies: self.plies + 1,
            geometry: self.geometry,
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        (!self.can_move()).then(|| Outcome::Win(self.to_move().other()))
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        !self.can_move()
    }

    /// A 64-bit hash of the amazons, the arrows and the player to move.
    #[inline]
    fn key(&self) -> u64 {
        let hash = absorb(self.side as u64 + 1, self.amazons[0]);
        absorb(absorb(hash, self.amazons[1]), self.arrows)
    }

    fn ply(&self) -> u32 {
        self.plies as u32
    }

    /// The position under every symmetry of the board (4, or 8 on a square) that gives a
    /// different position: queen moves and arrows know no direction, so each keeps the value.
    fn symmetric_images(&self) -> Images<Self> {
        let g = self.geometry;
        let mut images = Images::new();
        images.push(*self);
        for s in 1..g.symmetry_count() {
            let image = Amazons {
                amazons: self.amazons.map(|a| g.transform(s, a)),
                arrows: g.transform(s, self.arrows),
                ..*self
            };
            if !images.contains(&image) {
                images.push(image);
            }
        }
        images
    }

    /// Every move burns an empty cell.
    fn max_game_length(&self) -> Option<u32> {
        Some(self.empty().count_ones())
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::format_move(self.geometry, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        crate::notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        crate::notation::format_position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Amazons, NotationError> {
        crate::notation::parse_position(self.geometry, text)
    }
}

impl SearchHints for Amazons {
    #[inline]
    fn move_count(&self) -> usize {
        self.count_moves() as usize
    }

    #[inline]
    fn for_each_move(&self, visit: impl FnMut(Move)) {
        self.visit_moves(visit);
    }

    /// Uniform over every move, without a move list: the arrows are counted per amazon and
    /// landing cell, and the pick is found among those groups (taken in the move list's order,
    /// so the choice is the one a list would give).
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        // 64 groups on the stack; a position with more (10x10's open middle game: up to
        // 4 x 35 landings) spills to the heap. Measured on 6x6 MCTS playouts: a buffer for
        // all 140 was 3% slower (a larger frame), a second walk instead of a buffer 35%.
        let mut groups: SmallVec<[(u8, u8, u128); 64]> = SmallVec::new();
        let mut total = 0u64;
        self.visit_landings(|from, to, arrows| {
            total += arrows.count_ones() as u64;
            groups.push((from, to, arrows));
            true
        });
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(total);
        for &(from, to, mut arrows) in &groups {
            let count = arrows.count_ones() as u64;
            if pick < count {
                for _ in 0..pick {
                    arrows &= arrows - 1;
                }
                return Some(Move {
                    from,
                    to,
                    arrow: arrows.trailing_zeros() as u8,
                });
            }
            pick -= count;
        }
        unreachable!("the pick is below the total")
    }

    const MOVE_INDEX_SPACE: usize = 128 * 128;

    /// Amazons' positions recur by other move orders (the arrows of two moves can swap): the
    /// table pays down to 2 plies from the leaves (docs/engine.md, "The table's threshold").
    const TABLE_MIN_DEPTH: u32 = 2;

    /// The landing cell and the arrow's cell.
    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.to as usize * 128 + mv.arrow as usize
    }
}
