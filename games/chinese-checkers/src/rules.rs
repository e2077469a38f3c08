//! The rules as ply's `Game`: the turns, their play, the end and its result.

use crate::board::{bit, NONE};
use crate::grid::Grid;
use crate::state::{ChineseCheckers, Move, PASS};
use ply_search::{Game, MoveList, NotationError, Outcome, Player, Rng, SearchHints};

impl Game for ChineseCheckers {
    type Move = Move;

    const MANY_PLAYERS: bool = true;

    #[inline]
    fn to_move(&self) -> Player {
        Player::ALL[self.seat as usize]
    }

    fn player_count(&self) -> usize {
        self.players as usize
    }

    /// Each piece's destinations, the pieces and their destinations by cell number; a pass
    /// when no piece can move.
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        if self.is_terminal() {
            return;
        }
        let mut pieces = [(0, Grid::default()); 10];
        let (count, _) = self.turns_by_piece(self.occupied_grid(), &mut pieces);
        for &(from, targets) in &pieces[..count] {
            for to in targets.cells() {
                moves.push(Move { from, to });
            }
        }
        if moves.is_empty() {
            moves.push(PASS);
        }
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        let mut next = *self;
        let seat = self.seat as usize;
        if mv != PASS {
            next.pieces[seat] = (self.pieces[seat] & !bit(mv.from)) | bit(mv.to);
            let target = crate::board::TRIANGLE_CELLS[self.target(self.to_move())];
            if next.pieces[seat] & target == target {
                next.winner = self.seat;
            }
        }
        next.seat = ((seat + 1) % self.players as usize) as u8;
        next.turns += 1;
        next
    }

    /// Won when a player's turn leaves its pieces filling its target triangle; drawn once
    /// the turns reach the limit.
    #[inline]
    fn is_terminal(&self) -> bool {
        self.winner != NONE || self.turns >= self.max_turns
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.winner != NONE {
            Some(Outcome::Win(Player::ALL[self.winner as usize]))
        } else if self.turns >= self.max_turns {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        const MIX: [u64; 6] = [
            0x9E37_79B9_7F4A_7C15,
            0xC2B2_AE3D_27D4_EB4F,
            0x1656_67B1_9E37_79F9,
            0x27D4_EB2F_1656_67C5,
            0x85EB_CA77_C2B2_AE63,
            0xFF51_AFD7_ED55_8CCD,
        ];
        let mut key = self.seat as u64;
        for (&p, m) in self.pieces[..self.players as usize].iter().zip(MIX) {
            for half in [p as u64, (p >> 64) as u64] {
                let x = half.wrapping_mul(m);
                key = (key ^ x ^ (x >> 29)).rotate_left(23);
            }
        }
        key
    }

    fn ply(&self) -> u32 {
        self.turns
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        crate::notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        crate::notation::position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        crate::notation::parse_position(self, text)
    }

    fn max_game_length(&self) -> Option<u32> {
        Some(self.max_turns.saturating_sub(self.turns))
    }
}

impl ChineseCheckers {
    /// A turn drawn uniformly among every turn open (a pass when there is none, drawing no
    /// number), `occupied` being every piece on the grid.
    #[inline(always)]
    fn random_turn(&self, occupied: Grid, rng: &mut Rng) -> Move {
        let mut pieces = [(0, Grid::default()); 10];
        let (count, total) = self.turns_by_piece(occupied, &mut pieces);
        if total == 0 {
            return PASS;
        }
        let mut pick = rng.below(total as u64) as u32;
        for &(from, targets) in &pieces[..count] {
            let here = targets.count();
            if pick < here {
                return Move {
                    from,
                    to: targets.nth(pick),
                };
            }
            pick -= here;
        }
        unreachable!("the pick is below the total")
    }
}

impl SearchHints for ChineseCheckers {
    /// A uniform pick among the turns, counted piece by piece without listing them.
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        (!self.is_terminal()).then(|| self.random_turn(self.occupied_grid(), rng))
    }

    /// The default's games, with the board's pieces kept on the hops' grid from turn to turn
    /// instead of laid out anew each turn.
    fn random_playout(&self, rng: &mut Rng, max_plies: u32) -> (Self, u32) {
        let mut state = *self;
        let mut occupied = self.occupied_grid();
        let mut plies = 0;
        while plies < max_plies && !state.is_terminal() {
            let mv = state.random_turn(occupied, rng);
            if mv != PASS {
                occupied = occupied.moved(mv.from, mv.to);
            }
            state = state.play(mv);
            plies += 1;
        }
        (state, plies)
    }

    /// The pieces do not say whose turn it is, so any player can be handed the turn.
    fn pass_to(&self, player: Player) -> Option<Self> {
        (player.index() < self.players as usize).then(|| ChineseCheckers {
            seat: player.index() as u8,
            ..*self
        })
    }
}
