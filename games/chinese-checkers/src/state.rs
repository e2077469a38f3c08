//! The state: one bitboard of pieces a seat, the seat to move, the turns played and the
//! winner; and the moves of one piece in a turn (a step, or a chain of hops).

use crate::board::{bit, home_triangles, opposite, NONE, TRIANGLE_CELLS};
use crate::grid::{Grid, Hops};
use ply_search::Player;

/// A turn: the piece on `from` ends on `to`, by a step to a neighbouring cell or by hops
/// (however many, by whichever path). Cells are OpenSpiel's numbers. [`PASS`] when the
/// player has no move at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: u8,
    /// The cell it ends on.
    pub to: u8,
}

/// The turn of a player none of whose pieces can move (OpenSpiel's pass; very rare).
pub const PASS: Move = Move {
    from: NONE,
    to: NONE,
};

/// OpenSpiel's limit on turns by default: a game still going after 1,000 turns is a draw.
pub const DEFAULT_MAX_TURNS: u32 = 1000;

/// A position of Chinese Checkers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChineseCheckers {
    /// The pieces of each seat.
    pub(crate) pieces: [u128; 6],
    /// The seat to move.
    pub(crate) seat: u8,
    /// The number of players: 2, 3, 4 or 6.
    pub(crate) players: u8,
    /// Turns played.
    pub(crate) turns: u32,
    /// The turn at which the game ends in a draw.
    pub(crate) max_turns: u32,
    /// The seat that has filled its target triangle, or [`NONE`].
    pub(crate) winner: u8,
}

impl ChineseCheckers {
    /// The start for `players` players (2, 3, 4 or 6), drawn after `max_turns` turns.
    pub(crate) fn start(players: u8, max_turns: u32) -> ChineseCheckers {
        let mut pieces = [0; 6];
        for (seat, &home) in home_triangles(players as usize).iter().enumerate() {
            pieces[seat] = TRIANGLE_CELLS[home];
        }
        ChineseCheckers {
            pieces,
            seat: 0,
            players,
            turns: 0,
            max_turns,
            winner: NONE,
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Turns played.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The turn at which an unfinished game is drawn.
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }

    /// `player`'s pieces.
    #[inline]
    pub fn pieces_of(&self, player: Player) -> u128 {
        self.pieces[player.index()]
    }

    /// Every piece on the board.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.pieces.iter().fold(0, |all, &p| all | p)
    }

    /// The triangle `player` starts in.
    pub fn home(&self, player: Player) -> usize {
        home_triangles(self.players as usize)[player.index()]
    }

    /// The triangle `player` must fill: the one opposite its home.
    pub fn target(&self, player: Player) -> usize {
        opposite(self.home(player))
    }

    /// How many of `player`'s pieces stand in its target triangle.
    pub fn arrived(&self, player: Player) -> u32 {
        (self.pieces_of(player) & TRIANGLE_CELLS[self.target(player)]).count_ones()
    }

    /// Whether `seat`'s pieces fill its target triangle (having done so, it has won).
    pub(crate) fn has_filled(&self, seat: u8) -> bool {
        let target = TRIANGLE_CELLS[self.target(Player::ALL[seat as usize])];
        self.pieces[seat as usize] & target == target
    }

    /// The cells the piece on `from` (or a piece put there) can end its turn on: the empty neighbours, and every
    /// cell a chain of hops reaches (a hop jumps over one neighbouring piece, anyone's, to the
    /// empty cell just beyond; a chain never lands twice on one cell).
    #[inline]
    pub fn destinations(&self, from: u8) -> u128 {
        Hops::new(Grid::from_cells(self.occupied() | bit(from)))
            .destinations(from)
            .to_cells()
    }

    /// Every piece on the board, laid out on the grid the hops are found on.
    #[inline]
    pub(crate) fn occupied_grid(&self) -> Grid {
        Grid::from_cells(self.occupied())
    }

    /// Each of the mover's pieces with its destinations, in cell order, written to `out`; the
    /// number of pieces and the number of turns in all. `occupied` is every piece on the
    /// board, laid out on the grid ([`ChineseCheckers::occupied_grid`], or kept up to date
    /// move by move). Inlined, so the pieces' list stays in the caller's frame.
    #[inline(always)]
    pub(crate) fn turns_by_piece(
        &self,
        occupied: Grid,
        out: &mut [(u8, Grid); 10],
    ) -> (usize, u32) {
        let hops = Hops::new(occupied);
        let (mut count, mut total) = (0, 0);
        let mut pieces = self.pieces[self.seat as usize];
        while pieces != 0 && count < out.len() {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let targets = hops.destinations(from);
            total += targets.count();
            out[count] = (from, targets);
            count += 1;
        }
        (count, total)
    }
}
