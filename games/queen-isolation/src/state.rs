//! The game state, with the quiz's `GameState` API (its `Game` implementation is in `rules.rs`).

use crate::rays::{ascending, queen, ray};
use crate::{Rules, Variant};
use ply_search::{Game, MoveList, NotationError, Outcome, Player};
use std::hash::{Hash, Hasher};

const UNPLACED: u8 = 255;

/// Two cells in one `u16`, player 0's in the low byte.
#[inline]
fn pack(cells: [u8; 2]) -> u16 {
    cells[0] as u16 | (cells[1] as u16) << 8
}

/// A move: the cell the mover's queen goes to, as bit `8 * y + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u8);

impl Move {
    /// The quiz's `(x, y)`.
    pub fn xy(self) -> (u8, u8) {
        (self.0 % 8, self.0 / 8)
    }
}

/// A queen Isolation position: the open cells, both queens (255 while unplaced), the ply count.
///
/// ```
/// use ply_queen_isolation::QueenIsolation;
/// use ply_search::Game;
/// let quiz = QueenIsolation::quiz();
/// assert_eq!(quiz.get_legal_moves(), vec![(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)]);
/// let next = quiz.forecast_move((0, 0)).unwrap();
/// assert_eq!(next.get_legal_moves().len(), 4);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct QueenIsolation {
    pub(crate) open: u64,
    /// Both queens' cells (255 while unplaced), player 0's in the low byte: one `u16`, so
    /// that a move writes, and the key reads, both at once (two byte writes read back as a
    /// pair stall the store buffer; measured: a tenth of the solver's time).
    pub(crate) locs: u16,
    pub(crate) ply: u32,
    pub(crate) variant: &'static Variant,
}

impl PartialEq for QueenIsolation {
    fn eq(&self, other: &Self) -> bool {
        self.open == other.open
            && self.locs == other.locs
            && self.ply == other.ply
            && std::ptr::eq(self.variant, other.variant)
    }
}

impl Eq for QueenIsolation {}

impl Hash for QueenIsolation {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.open.hash(state);
        self.locs.hash(state);
        self.ply.hash(state);
    }
}

impl QueenIsolation {
    /// The empty board of `variant`, player 0 to move.
    pub fn new(variant: &'static Variant) -> Self {
        QueenIsolation {
            open: variant.start,
            locs: pack([UNPLACED; 2]),
            ply: 0,
            variant,
        }
    }

    /// The GameState quiz's start (3x2, lower-right blocked).
    pub fn quiz() -> Self {
        QueenIsolation::new(Variant::quiz())
    }

    /// The variant.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The open cells (bits `8 * y + x`).
    pub fn open_cells(&self) -> u64 {
        self.open
    }

    /// A player's cell as `(x, y)`, `None` while not placed.
    pub fn loc(&self, player: Player) -> Option<(u8, u8)> {
        let l = self.cell_of_index(player.index());
        (l != UNPLACED).then(|| Move(l).xy())
    }

    /// The cells `player` could move to (all open cells while not placed).
    #[inline]
    pub fn liberty_cells(&self, player: Player) -> u64 {
        match self.cell_of_index(player.index()) {
            UNPLACED => self.open,
            from => queen(from, self.open),
        }
    }

    /// The cells `player` could move to if `open` were the open cells.
    #[inline]
    pub(crate) fn liberty_cells_in(&self, player: Player, open: u64) -> u64 {
        match self.cell_of_index(player.index()) {
            UNPLACED => open,
            from => queen(from, open),
        }
    }

    /// `player`'s moves in the quiz's order: blank cells row by row while not placed, then the
    /// rays (1,0), (1,-1), (0,-1), (-1,-1), (-1,0), (-1,1), (0,1), (1,1), each nearest first.
    fn moves_of(&self, player: Player, out: &mut MoveList<Move>) {
        self.moves_in_order(player, self.liberty_cells(player), out);
    }

    /// [`QueenIsolation::moves_of`] given the player's liberty cells `reach`.
    #[inline]
    pub(crate) fn moves_in_order(&self, player: Player, reach: u64, out: &mut MoveList<Move>) {
        match self.cell_of_index(player.index()) {
            UNPLACED => {
                let mut bits = reach;
                while bits != 0 {
                    out.push(Move(bits.trailing_zeros() as u8));
                    bits &= bits - 1;
                }
            }
            from => {
                // Gathered in a plain array and appended at once: a push per move would check
                // the list's capacity each time.
                let mut found = [Move(0); 64];
                let mut n = 0;
                for d in 0..8 {
                    let mut bits = ray(reach, from, d);
                    while bits != 0 {
                        let cell = if ascending(d) {
                            bits.trailing_zeros()
                        } else {
                            63 - bits.leading_zeros()
                        };
                        found[n & 63] = Move(cell as u8);
                        n += 1;
                        bits &= !(1u64 << cell);
                    }
                }
                out.extend_from_slice(&found[..n.min(64)]);
            }
        }
    }

    /// The quiz's `get_legal_moves()`: the mover's moves as `(x, y)`, in the quiz's order.
    /// Like the quiz, it lists them even when the game is over.
    pub fn get_legal_moves(&self) -> Vec<(u8, u8)> {
        let mut moves = MoveList::new();
        self.moves_of(self.to_move(), &mut moves);
        moves.into_iter().map(Move::xy).collect()
    }

    /// The quiz's `forecast_move(move)`: the state after `(x, y)`, or an error if it is not one
    /// of the legal moves. The state itself is unchanged.
    pub fn forecast_move(&self, (x, y): (u8, u8)) -> Result<QueenIsolation, NotationError> {
        let cell = 8 * y as u32 + x as u32;
        if x >= 8 || y >= 8 || self.liberty_cells(self.to_move()) >> cell & 1 == 0 {
            return Err(NotationError::new(
                "move",
                format!("({x}, {y})"),
                format!("one of {:?}", self.get_legal_moves()),
            ));
        }
        Ok(self.move_to(cell as u8))
    }

    /// The quiz's `terminal_test()`.
    pub fn terminal_test(&self) -> bool {
        let mine = self.liberty_cells(self.to_move()) != 0;
        match self.variant.rules {
            Rules::Udacity => !(mine && self.liberty_cells(self.to_move().other()) != 0),
            Rules::Standard => !mine,
        }
    }

    /// The quiz's `utility(player)`: `+inf` if `player` won, `-inf` if it lost, else 0.
    pub fn utility(&self, player: Player) -> f64 {
        match self.outcome() {
            Some(Outcome::Win(w)) if w == player => f64::INFINITY,
            Some(Outcome::Win(_)) => f64::NEG_INFINITY,
            _ => 0.0,
        }
    }

    #[inline]
    pub(crate) fn move_to(&self, cell: u8) -> QueenIsolation {
        let shift = (self.ply & 1) * 8;
        let locs = (self.locs & !(0xFF << shift)) | (cell as u16) << shift;
        QueenIsolation {
            open: self.open & !(1u64 << cell),
            locs,
            ply: self.ply + 1,
            variant: self.variant,
        }
    }

    /// A position from its parts, checked (used by the position notation).
    pub(crate) fn from_parts(
        variant: &'static Variant,
        open: u64,
        locs: [Option<u8>; 2],
        ply: u32,
    ) -> Result<Self, String> {
        if open & !variant.cells != 0 {
            return Err("open cells only on the board".into());
        }
        for l in locs.into_iter().flatten() {
            if variant.cells >> l & 1 == 0 || open >> l & 1 == 1 {
                return Err("players on blocked cells of the board".into());
            }
        }
        let ok = match locs {
            [None, None] => ply == 0,
            [Some(_), None] => ply == 1,
            [Some(a), Some(b)] => ply >= 2 && a != b,
            [None, Some(_)] => false,
        };
        if !ok {
            return Err("nobody placed at ply 0, only player 1 at ply 1, both from ply 2".into());
        }
        Ok(QueenIsolation {
            open,
            locs: pack(locs.map(|l| l.unwrap_or(UNPLACED))),
            ply,
            variant,
        })
    }

    /// Player `p`'s cell (255 while unplaced).
    #[inline]
    fn cell_of_index(&self, p: usize) -> u8 {
        (self.locs >> (8 * (p & 1))) as u8
    }

    pub(crate) fn raw_locs(&self) -> [Option<u8>; 2] {
        [0, 1].map(|p| {
            let l = self.cell_of_index(p);
            (l != UNPLACED).then_some(l)
        })
    }

    pub(crate) fn mapped(&self, map: &[u8; 64]) -> QueenIsolation {
        let mut open = 0u64;
        let mut bits = self.open;
        while bits != 0 {
            let c = bits.trailing_zeros();
            open |= 1 << map[c as usize];
            bits &= bits - 1;
        }
        QueenIsolation {
            open,
            locs: pack([0, 1].map(|p| match self.cell_of_index(p) {
                UNPLACED => UNPLACED,
                l => map[l as usize],
            })),
            ply: self.ply,
            variant: self.variant,
        }
    }
}

impl ply_grid::mobility::MobilityGame for QueenIsolation {
    fn mobility(&self, player: Player) -> i32 {
        self.liberty_cells(player).count_ones() as i32
    }

    /// AIND's centre distance (x4) with row = y and column = x.
    fn centre_distance_x4(&self, player: Player) -> i32 {
        match self.loc(player) {
            None => 0,
            Some((x, y)) => {
                let dy = self.variant.height as i32 - 2 * y as i32;
                let dx = self.variant.width as i32 - 2 * x as i32;
                dy * dy + dx * dx
            }
        }
    }
}
