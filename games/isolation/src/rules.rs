//! Knight Isolation under the `Game` trait: the rules of the state in [`crate::state`], and
//! the notation of [`crate::notation`].

use crate::state::mix;
use crate::variant::UNPLACED;
use crate::{Cells, Isolation, Move, Rules};
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, Rng, SearchHints};

impl Game for Isolation {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        Player::from_index(self.player())
    }

    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        let targets = self.mover_targets();
        if targets.is_empty() {
            return;
        }
        match (self.variant.rules, self.loc(self.to_move())) {
            // AIND lists (row, col) in lexicographic order: descending cell index.
            (Rules::Aind, _) => moves.extend(targets.iter().rev().map(Move)),
            (_, None) => moves.extend(targets.iter().map(Move)),
            (_, Some(from)) => {
                let (targets, n) = self.knight_targets_in_order(from);
                moves.extend_from_slice(&targets[..n]);
            }
        }
    }

    #[inline]
    fn play(&self, mv: Move) -> Isolation {
        debug_assert!(self.board.contains(mv.0), "move to a blocked cell");
        self.move_to(mv.0)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.terminal_test() {
            return None;
        }
        let mover = self.to_move();
        // The player to move wins iff it still has a liberty (rules' view).
        Some(if self.has_liberties(mover.index()) {
            Outcome::Win(mover)
        } else {
            Outcome::Win(mover.other())
        })
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.terminal_test()
    }

    /// A strong 64-bit mix of the board, both locations and the side to move (the ply count
    /// beyond its parity is left out, so transpositions share a key). Computed on demand, so
    /// perft and playouts never pay for it.
    #[inline]
    fn key(&self) -> u64 {
        let extra = self.locs as u64 | ((self.ply & 1) as u64) << 16;
        let lo = self.board.0 as u64;
        let hi = (self.board.0 >> 64) as u64;
        let x = mix(lo ^ 0xA076_1D64_78BD_642F, hi ^ 0xE703_7ED1_A0B4_28DB);
        mix(x ^ 0x8EBC_6AF0_9C88_C6E3, extra ^ 0x5899_65CC_7537_4CC3)
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.ply
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

    fn parse_position(&self, text: &str) -> Result<Isolation, NotationError> {
        crate::notation::parse_position(self.variant, text)
    }

    /// Rotations and reflections of the board. None under [`Rules::Udacity`], whose cell-0
    /// quirk makes one corner special (the images could have other values).
    fn symmetric_images(&self) -> Images<Isolation> {
        let mut images = Images::new();
        images.push(*self);
        if self.variant.rules != Rules::Udacity {
            for map in &self.variant.symmetries[1..] {
                images.push(self.mapped(map));
            }
        }
        images
    }

    fn max_game_length(&self) -> Option<u32> {
        Some(self.board.len())
    }
}

impl SearchHints for Isolation {
    #[inline]
    fn move_count(&self) -> usize {
        self.mover_targets().len() as usize
    }

    /// Each reply count from masks, without making the positions: after the mover lands on
    /// `t`, the other player's targets are its liberties less `t`, and under Udacity's rules
    /// the game is over if either knight is left without a liberty off cell 0.
    fn count_two_plies(&self, at_end: u64) -> u64 {
        let targets = self.mover_targets();
        if targets.is_empty() {
            return at_end;
        }
        let p = (self.ply & 1) as usize;
        if self.raw_loc(p ^ 1) == UNPLACED {
            // The opening: the other player may land on any open cell.
            return targets
                .iter()
                .map(|t| {
                    let after = self.move_to(t).move_count() as u64;
                    if after == 0 {
                        at_end
                    } else {
                        after
                    }
                })
                .sum();
        }
        let theirs = self.player_liberties(p ^ 1);
        let udacity = self.variant.rules == Rules::Udacity;
        let not_zero = !1u128;
        let mut total = 0;
        for t in targets.iter() {
            let replies = theirs - Cells::single(t);
            let stuck = if udacity {
                let mine = self.variant.knight[t as usize] & self.board;
                (replies.0 & not_zero == 0) | (mine.0 & not_zero == 0)
            } else {
                replies.is_empty()
            };
            total += if stuck { at_end } else { replies.len() as u64 };
        }
        total
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let targets = self.mover_targets();
        let n = targets.len();
        if n == 0 {
            return None;
        }
        match self.loc(self.to_move()) {
            Some(_) => Some(Move(targets.nth(rng.below(n as u64) as u32))),
            None => {
                // Opening: rejection sampling over the cell indices is uniform and fast.
                let span = 128 - targets.0.leading_zeros() as u64;
                loop {
                    let cell = rng.below(span) as u8;
                    if targets.contains(cell) {
                        return Some(Move(cell));
                    }
                }
            }
        }
    }

    /// From the liberty masks, without a state per ply (`playout.rs`): the same games.
    #[inline]
    fn random_playout(&self, rng: &mut Rng, max_plies: u32) -> (Isolation, u32) {
        crate::playout::random_playout(self, rng, max_plies)
    }

    const MOVE_INDEX_SPACE: usize = 128;

    /// A knight's path fixes the cells it closed, so positions seldom recur by another order
    /// of moves: the engine's table serves mostly to order moves across iterations, and a
    /// probe pays only with 6 plies or more to go (measured on 11x9 and 7x7 mid-games:
    /// docs/engine.md, "The table's threshold").
    const TABLE_MIN_DEPTH: u32 = 6;

    /// A bit test of the mover's liberties (the game goes on, so they are its moves).
    #[inline]
    fn quick_legality(&self, mv: Move) -> Option<bool> {
        Some(
            self.player_liberties((self.ply & 1) as usize)
                .contains(mv.0),
        )
    }

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.0 as usize & 127
    }
}
