//! The rules as ply's `Game`: moves, play, the end and its result.

use crate::state::{Move, Reversi, Rules, PASS};
use ply_search::{Game, MoveList, NotationError, Outcome, Player, SearchHints};

impl<R: Rules> Reversi<R> {
    /// The player seated after `player`.
    #[inline]
    fn after(&self, player: Player) -> Player {
        player.next(self.players as usize)
    }
}

impl<R: Rules> Game for Reversi<R> {
    type Move = Move;

    const MANY_PLAYERS: bool = R::MANY_PLAYERS;

    #[inline]
    fn to_move(&self) -> Player {
        Player::ALL[self.seat as usize]
    }

    fn player_count(&self) -> usize {
        self.players as usize
    }

    /// The squares in OpenSpiel's order (row by row from the top), or Othello's pass alone.
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        let mut targets = self.targets_of(self.to_move());
        if targets == 0 {
            if !self.is_terminal() {
                moves.push(PASS);
            }
            return;
        }
        while targets != 0 {
            moves.push(targets.trailing_zeros() as Move);
            targets &= targets - 1;
        }
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        let mover = self.to_move();
        let discs = if mv == PASS {
            self.discs
        } else {
            self.place(mover, 1 << mv)
        };
        Reversi {
            discs,
            seat: self.after(mover).index() as u8,
            ply: self.ply + 1,
            ..*self
        }
    }

    /// Othello ends when neither player can move; Rolit when the board is full.
    #[inline]
    fn is_terminal(&self) -> bool {
        if R::MANY_PLAYERS {
            self.occupied() == self.board()
        } else {
            let mover = self.to_move();
            self.captures_of(mover) == 0 && self.captures_of(mover.other()) == 0
        }
    }

    /// The player with the most discs wins; a tie at the top is a draw.
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_terminal() {
            return None;
        }
        let players = Player::first(self.players as usize);
        let most = players.iter().map(|&p| self.count(p)).max()?;
        let mut top = players.iter().filter(|&&p| self.count(p) == most);
        Some(match (top.next(), top.next()) {
            (Some(&winner), None) => Outcome::Win(winner),
            _ => Outcome::Draw,
        })
    }

    #[inline]
    fn key(&self) -> u64 {
        const MIX: [u64; 4] = [
            0x9E37_79B9_7F4A_7C15,
            0xC2B2_AE3D_27D4_EB4F,
            0x1656_67B1_9E37_79F9,
            0x27D4_EB2F_1656_67C5,
        ];
        let mut key = self.seat as u64;
        for (d, m) in self.discs.iter().zip(MIX) {
            let x = d.wrapping_mul(m);
            key = (key ^ x ^ (x >> 29)).rotate_left(23);
        }
        key
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
        crate::notation::position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        crate::notation::parse_position(self, text)
    }

    /// A disc a move, and in Othello a pass at most between two of them.
    fn max_game_length(&self) -> Option<u32> {
        let empty = (self.board() & !self.occupied()).count_ones();
        Some(if R::MANY_PLAYERS {
            empty
        } else {
            2 * empty + 1
        })
    }
}

impl<R: Rules> SearchHints for Reversi<R> {
    /// Rolit hands the turn to anyone (the discs do not say whose turn it is); Othello only
    /// keeps its own.
    fn pass_to(&self, player: Player) -> Option<Self> {
        if player == self.to_move() {
            return Some(*self);
        }
        (R::MANY_PLAYERS && player.index() < self.players as usize).then(|| Reversi {
            seat: player.index() as u8,
            ..*self
        })
    }
}
