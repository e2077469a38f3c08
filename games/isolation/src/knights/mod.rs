//! Knight Isolation for three or four players (`isolation(players=3)`): the knights move in
//! turn on one board, each closing the cells it visits, and a player whose turn comes with no
//! open jump is out. The last knight still moving wins.
//!
//! The stuck rule, written down: a player whose turn comes with no open cell a knight's move
//! away is out of the game; its knight stays where it stands (its cell stays closed), and the
//! turn passes to the next player still in. Cells only ever close, so a player stuck once is
//! stuck for good, and the game ends as soon as every player but one is stuck: that player
//! wins (all the others lose), even the mover stuck by its own move, whose rivals' turns come
//! first. With two players this is the standard rule (the mover without a move loses).
//! Each player's first move places its knight on any open cell, in seat order.
//!
//! ```
//! use ply_isolation::Knights;
//! use ply_search::Game;
//! let start = Knights::from_spec("isolation(players=3)").unwrap();
//! assert_eq!((start.player_count(), start.legal_moves().len()), (3, 99)); // any of 11x9
//! let after = start.play_notation(["(4,5)", "(0,0)", "(8,10)"]).unwrap();
//! assert_eq!(after.legal_moves().len(), 8); // the centre knight's eight jumps
//! ```

mod describe;
mod notation;
mod spec;

use crate::variant::UNPLACED;
use crate::{Cells, Move, Variant};
use ply_search::{Game, MoveList, NotationError, Outcome, Player, SearchHints};

/// A position of knight Isolation for three or four players.
#[derive(Clone, Copy, Debug)]
pub struct Knights {
    /// The open cells (no knight on them, never visited).
    pub(crate) open: Cells,
    /// Each seat's knight, or [`UNPLACED`].
    pub(crate) locs: [u8; 4],
    /// The number of players: 3 or 4.
    pub(crate) players: u8,
    /// The seat to move; once the game is over, the winner.
    pub(crate) seat: u8,
    pub(crate) ply: u32,
    pub(crate) variant: &'static Variant,
}

impl PartialEq for Knights {
    fn eq(&self, other: &Knights) -> bool {
        (self.open, self.locs, self.players, self.seat, self.ply)
            == (other.open, other.locs, other.players, other.seat, other.ply)
            && std::ptr::eq(self.variant, other.variant)
    }
}

impl Eq for Knights {}

impl std::hash::Hash for Knights {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.open, self.locs, self.seat, self.ply).hash(state);
    }
}

impl Knights {
    /// The empty board of `variant` for `players` knights.
    pub(crate) fn start(variant: &'static Variant, players: u8) -> Knights {
        Knights {
            open: variant.blank,
            locs: [UNPLACED; 4],
            players,
            seat: 0,
            ply: 0,
            variant,
        }
    }

    /// The board and its tables.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The cells no knight stands on and none has visited.
    pub fn open_cells(&self) -> Cells {
        self.open
    }

    /// Where `player`'s knight stands, if placed.
    pub fn loc(&self, player: Player) -> Option<u8> {
        let cell = self.locs[player.index()];
        (cell != UNPLACED).then_some(cell)
    }

    /// The open cells `player` could move to: any open cell before its knight is placed,
    /// else the open cells a knight's move away.
    #[inline]
    pub fn jumps(&self, player: Player) -> Cells {
        Cells(self.variant.knight_moves(self.locs[player.index()]).0 & self.open.0)
    }

    /// Whether `player` is out: placed and without an open jump (so it never moves again).
    #[inline]
    pub fn is_out(&self, player: Player) -> bool {
        self.locs[player.index()] != UNPLACED && self.jumps(player).is_empty()
    }

    /// The players still in.
    pub fn players_in(&self) -> impl Iterator<Item = Player> + '_ {
        Player::first(self.players as usize)
            .iter()
            .copied()
            .filter(|&p| !self.is_out(p))
    }
}

impl Game for Knights {
    type Move = Move;

    const MANY_PLAYERS: bool = true;

    #[inline]
    fn to_move(&self) -> Player {
        Player::ALL[self.seat as usize]
    }

    fn player_count(&self) -> usize {
        self.players as usize
    }

    /// The mover's open jumps (or, to place, every open cell) in cell order.
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        if self.is_terminal() {
            return;
        }
        moves.extend(self.jumps(self.to_move()).iter().map(Move));
    }

    /// Moves the knight (the cell it leaves stays closed), then hands the turn to the next
    /// player still in; when none is, the mover has won and stays "to move".
    fn play(&self, mv: Move) -> Knights {
        let mut next = *self;
        next.open = Cells(self.open.0 & !(1u128 << mv.cell()));
        next.locs[self.seat as usize] = mv.cell();
        next.ply += 1;
        let count = self.players as usize;
        next.seat = (1..count)
            .map(|step| Player::ALL[(self.seat as usize + step) % count])
            .find(|&p| !next.is_out(p))
            .map_or(self.seat, |p| p.index() as u8);
        next
    }

    /// Over when every player but the one to move is out.
    #[inline]
    fn is_terminal(&self) -> bool {
        self.players_in().all(|p| p == self.to_move())
    }

    /// The last player in wins.
    fn outcome(&self) -> Option<Outcome> {
        self.is_terminal().then(|| Outcome::Win(self.to_move()))
    }

    fn key(&self) -> u64 {
        let open = self.open.0;
        let mut key = (open as u64) ^ ((open >> 64) as u64).rotate_left(17);
        key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for (i, &loc) in self.locs.iter().enumerate() {
            key ^= (loc as u64) << (8 * i + 32);
        }
        (key ^ self.seat as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        notation::position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Knights, NotationError> {
        notation::parse_position(self, text)
    }

    /// Every move closes an open cell.
    fn max_game_length(&self) -> Option<u32> {
        Some(self.open.len())
    }
}

impl SearchHints for Knights {
    /// Any player still in can be handed the turn (the board does not say whose it is).
    fn pass_to(&self, player: Player) -> Option<Knights> {
        let can =
            player.index() < self.players as usize && !self.is_terminal() && !self.is_out(player);
        can.then(|| Knights {
            seat: player.index() as u8,
            ..*self
        })
    }
}
