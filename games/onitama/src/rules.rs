//! Onitama under the `Game` trait: the rules of the state in [`crate::state`], and the
//! notation of [`crate::notation`].

use crate::cards::{Card, TARGETS};
use crate::square::{TEMPLE_P0, TEMPLE_P1};
use crate::state::*;
use crate::{Move, Onitama};
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, SearchHints};

impl Game for Onitama {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        Player::from_index(self.to_move as usize)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.for_each_move(|mv| moves.push(mv));
    }

    /// Copy-make. Every field is computed first and the new state built in one expression, so
    /// that it can stay in registers (writing a copy field by field and reading it back whole
    /// stalls the CPU's store forwarding).
    #[inline(always)]
    fn play(&self, mv: Move) -> Onitama {
        let p = self.to_move as usize;
        let o = p ^ 1;
        // The mover's and the opponent's fields as plain values: an array written at a
        // run-time index goes through memory, and reading it back whole stalls.
        let (mut own, mut opp) = (self.pieces[p], self.pieces[o]);
        let (mut own_master, mut opp_master) = (self.masters[p], self.masters[o]);
        if !mv.is_pass() {
            // Branch-free: whether the master moves or a piece is captured is data, not
            // control flow (both are too irregular for a branch predictor).
            let (from, to) = (mv.from as u32, mv.to as u32);
            own ^= 1 << from | 1 << to;
            opp &= !(1 << to);
            own_master = if own_master == mv.from {
                mv.to
            } else {
                own_master
            };
            opp_master = if opp_master == mv.to {
                NO_MASTER
            } else {
                opp_master
            };
        }
        // The used card goes to the side; the side card joins the hand (kept sorted). The hand's
        // two ids XOR the used one leaves the kept one.
        let used = mv.card;
        let [a, b] = self.hands[p];
        let keep = Card(a.0 ^ b.0 ^ used.0);
        let own_hand = [keep.min(self.side), keep.max(self.side)];
        let opp_hand = self.hands[o];
        let mover_first = p == 0;
        Onitama {
            pieces: if mover_first { [own, opp] } else { [opp, own] },
            masters: if mover_first {
                [own_master, opp_master]
            } else {
                [opp_master, own_master]
            },
            hands: if mover_first {
                [own_hand, opp_hand]
            } else {
                [opp_hand, own_hand]
            },
            side: used,
            to_move: self.to_move ^ 1,
            ply: self.ply + 1,
            max_plies: self.max_plies,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(p) => Some(Outcome::Win(p)),
            None if self.drawn() => Some(Outcome::Draw),
            None => None,
        }
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.winner().is_some() || self.drawn()
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key_from_scratch() ^ self.ply_key()
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        crate::notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        crate::notation::format_position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Onitama, NotationError> {
        crate::notation::parse_position(text, self.max_plies)
    }

    /// The position and its mirror image (board mirrored left-right, every card mirrored).
    fn symmetric_images(&self) -> Images<Onitama> {
        let mut images = Images::new();
        images.push(*self);
        images.push(self.mirrored());
        images
    }

    fn max_game_length(&self) -> Option<u32> {
        (self.max_plies > 0).then(|| self.max_plies.saturating_sub(self.ply))
    }
}

impl SearchHints for Onitama {
    /// Card by card, piece by piece, target by target; the two passes when no card moves any
    /// piece.
    #[inline]
    fn for_each_move(&self, mut visit: impl FnMut(Move)) {
        if self.is_terminal() {
            return;
        }
        let p = self.to_move as usize;
        let own = self.pieces[p];
        let mut visited = 0u32;
        for card in self.hands[p] {
            let table = &TARGETS[card.0 as usize][p];
            let mut bits = own;
            while bits != 0 {
                let from = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let mut targets = table[from as usize] & !own;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    visit(Move { card, from, to });
                    visited += 1;
                }
            }
        }
        if visited == 0 {
            visit(Move::pass(self.hands[p][0]));
            visit(Move::pass(self.hands[p][1]));
        }
    }

    #[inline]
    fn move_count(&self) -> usize {
        if self.is_terminal() {
            return 0;
        }
        match self.piece_moves(self.to_move()) {
            0 => 2,
            n => n as usize,
        }
    }

    /// The Zobrist update: a handful of table reads instead of a walk over the pieces.
    #[inline]
    fn key_after(&self, key: u64, mv: Move, child: &Onitama) -> u64 {
        key ^ self.key_delta(mv) ^ self.ply_key() ^ child.ply_key()
    }

    const MOVE_INDEX_SPACE: usize = 32 * 25 * 25 + 32;

    /// Onitama's positions recur by other move orders everywhere: the table pays down to the
    /// last ply (docs/engine.md, "The table's threshold", has the nodes and times).
    const TABLE_MIN_DEPTH: u32 = 1;

    const HAS_MOVE_PRIORITY: bool = true;

    /// A win first (taking the master, or the master onto the enemy temple), then captures by
    /// a student, then captures by the master (it risks more): ranked so, they take the most
    /// nodes off `ply ablate`'s Onitama positions (docs/engine.md, "The game's move priority").
    #[inline]
    fn move_priority(&self, mv: Move) -> u32 {
        if mv.is_pass() {
            return 0;
        }
        let p = self.to_move as usize;
        let o = p ^ 1;
        let temple = if p == 0 { TEMPLE_P1 } else { TEMPLE_P0 };
        if mv.to == self.masters[o] || (mv.from == self.masters[p] && mv.to == temple) {
            3
        } else if self.pieces[o] >> mv.to & 1 == 0 {
            0
        } else if mv.from == self.masters[p] {
            1
        } else {
            2
        }
    }

    #[inline]
    fn move_index(mv: Move) -> usize {
        if mv.is_pass() {
            32 * 625 + mv.card.0 as usize
        } else {
            (mv.card.0 as usize * 25 + mv.from as usize) * 25 + mv.to as usize
        }
    }
}
