//! The state: one bitboard a colour, the seat to move, the plies played; and the two rule sets,
//! Othello and Rolit, as the marker types of one generic state.

use crate::board::{self, bit, squares};
use ply_search::Player;
use std::fmt::Debug;
use std::hash::Hash;

/// A square (`row * 8 + column`, row 0 at the top), or [`PASS`].
pub type Move = u8;

/// Othello's pass: legal only when the player to move has no capture and the opponent has one.
pub const PASS: Move = 64;

/// The colours: Othello's black and white are colours 0 and 1; Rolit's red, yellow, green and
/// blue are 0 to 3, in the order the turn goes round the table.
pub const COLOURS: usize = 4;

/// What sets Othello and Rolit apart.
pub trait Rules:
    Clone + Copy + Debug + PartialEq + Eq + Hash + Send + Sync + Default + 'static
{
    /// The game's name in specs.
    const NAME: &'static str;
    /// Whether the game has variants for more than two players.
    const MANY_PLAYERS: bool;
    /// The letter of each colour in positions.
    const LETTERS: [char; COLOURS];
    /// The colours of the four centre squares at the start: top-left, top-right, bottom-left,
    /// bottom-right.
    const START: [usize; 4];
}

/// Othello, with OpenSpiel's rules: black (player 0) moves first, a move must turn discs over,
/// a player without one passes, and the game ends when neither player can move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Classic;

impl Rules for Classic {
    const NAME: &'static str = "othello";
    const MANY_PLAYERS: bool = false;
    const LETTERS: [char; COLOURS] = ['x', 'o', '?', '?'];
    // d4 white, e4 black, d5 black, e5 white.
    const START: [usize; 4] = [1, 0, 0, 1];
}

/// Rolit, Othello for two to four players: the four centre squares start with one disc of each
/// colour, a player must turn discs over if it can and otherwise places a disc next to any
/// disc, and the game ends when the board is full.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Multi;

impl Rules for Multi {
    const NAME: &'static str = "rolit";
    const MANY_PLAYERS: bool = true;
    const LETTERS: [char; COLOURS] = ['r', 'y', 'g', 'b'];
    // d4 red, e4 yellow, d5 blue, e5 green: the turn goes round the square clockwise.
    const START: [usize; 4] = [0, 1, 3, 2];
}

/// A position of Othello ([`crate::Othello`]) or Rolit ([`crate::Rolit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reversi<R: Rules> {
    /// The discs of each colour.
    pub(crate) discs: [u64; COLOURS],
    /// The seat to move.
    pub(crate) seat: u8,
    /// The number of players (2 in Othello; 2 to 4 in Rolit).
    pub(crate) players: u8,
    /// The board's side: 4, 6 or 8.
    pub(crate) size: u8,
    pub(crate) ply: u32,
    pub(crate) rules: R,
}

impl<R: Rules> Reversi<R> {
    /// The starting position on a `size` x `size` board (4, 6 or 8) for `players` players.
    pub(crate) fn start(size: u8, players: u8) -> Reversi<R> {
        let (low, high) = (size / 2 - 1, size / 2);
        let centre = [
            bit(low, low),
            bit(low, high),
            bit(high, low),
            bit(high, high),
        ];
        let mut discs = [0; COLOURS];
        for (square, &colour) in centre.iter().zip(R::START.iter()) {
            discs[colour] |= square;
        }
        Reversi {
            discs,
            seat: 0,
            players,
            size,
            ply: 0,
            rules: R::default(),
        }
    }

    /// The colour of `seat`: Othello's black and white; in Rolit red and green (the colours
    /// diagonally opposite, as Othello's are) for two players, red, yellow and green for
    /// three, all four for four.
    #[inline]
    pub fn colour_of(&self, seat: usize) -> usize {
        match (R::MANY_PLAYERS, self.players) {
            (true, 2) => [0, 2][seat],
            _ => seat,
        }
    }

    /// The seat playing `colour`, if any (in Rolit for two or three, some colours are no one's).
    pub fn seat_of(&self, colour: usize) -> Option<Player> {
        (0..self.players as usize)
            .find(|&seat| self.colour_of(seat) == colour)
            .map(|seat| Player::ALL[seat])
    }

    /// The board's side.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The squares of the board.
    #[inline]
    pub fn board(&self) -> u64 {
        squares(self.size)
    }

    /// Every disc on the board.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.discs[0] | self.discs[1] | self.discs[2] | self.discs[3]
    }

    /// The discs of `player`'s colour.
    #[inline]
    pub fn discs_of(&self, player: Player) -> u64 {
        self.discs[self.colour_of(player.index())]
    }

    /// How many discs `player` has.
    pub fn count(&self, player: Player) -> u32 {
        self.discs_of(player).count_ones()
    }

    /// The squares where `player` would turn discs over.
    #[inline]
    pub fn captures_of(&self, player: Player) -> u64 {
        let own = self.discs_of(player);
        let occupied = self.occupied();
        board::captures(own, occupied & !own, self.board() & !occupied)
    }

    /// The squares `player` may play (ignoring whose turn it is): its captures; in Rolit,
    /// when it has none, every empty square next to a disc.
    #[inline]
    pub fn targets_of(&self, player: Player) -> u64 {
        let captures = self.captures_of(player);
        if R::MANY_PLAYERS && captures == 0 {
            let occupied = self.occupied();
            board::neighbours(occupied, self.board()) & !occupied
        } else {
            captures
        }
    }

    /// The position after `player` places a disc on `square` (a bit), turning over what it
    /// flanks.
    #[inline]
    pub(crate) fn place(&self, player: Player, square: u64) -> [u64; COLOURS] {
        let colour = self.colour_of(player.index());
        let own = self.discs[colour];
        let turned = board::flips(square, own, self.occupied() & !own);
        let mut discs = self.discs;
        for (c, d) in discs.iter_mut().enumerate() {
            if c == colour {
                *d |= square | turned;
            } else {
                *d &= !turned;
            }
        }
        discs
    }
}
