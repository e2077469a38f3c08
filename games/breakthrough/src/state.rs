//! The game state and the [`Game`] implementation: two `u64` bitboards, copy-make.

use crate::geometry::Geometry;
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, Rng, SearchHints};
use std::hash::{Hash, Hasher};

/// A move: a piece's cell and the cell it steps to (bits `row * 8 + column`, see
/// [`crate::geometry`]). Whether it captures follows from the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: u8,
    /// The cell it steps to.
    pub to: u8,
}

impl Move {
    /// The step's direction: 0 diagonally left, 1 straight on, 2 diagonally right (seen from
    /// above the board, for either player).
    #[inline]
    pub fn direction(self) -> usize {
        (self.to % 8 + 1 - self.from % 8) as usize
    }
}

/// A Breakthrough position: each player's pieces, the player to move, the plies played and
/// the board size.
///
/// Player 0 (White, `w`) starts on the bottom rows and moves first, up the board; player 1
/// (Black, `b`) starts on the top rows and moves down. A piece steps one row forward, straight
/// or diagonally, onto an empty cell, and captures only diagonally forward. The first player
/// to reach the far row, or to capture every opposing piece, wins; there are no draws.
///
/// ```
/// use ply_breakthrough::Breakthrough;
/// use ply_search::{Game, Outcome, Player};
/// let start = Breakthrough::standard();
/// assert_eq!(start.legal_moves().len(), 22);
/// let after = start.play_notation(["a2-a3", "b7-b6"]).unwrap();
/// assert_eq!(after.outcome(), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Breakthrough {
    /// The pieces of player 0 and of player 1.
    pieces: [u64; 2],
    /// The player to move, 0 or 1.
    side: u8,
    /// Plies played since the start (or since the position read from text).
    plies: u16,
    geometry: &'static Geometry,
}

impl PartialEq for Breakthrough {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces
            && self.side == other.side
            && std::ptr::eq(self.geometry, other.geometry)
    }
}

impl Eq for Breakthrough {}

impl Hash for Breakthrough {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pieces.hash(state);
        self.side.hash(state);
    }
}

/// Steps a set of cells `rows` rows towards `player`'s goal (up for player 0, down for 1),
/// then `columns` columns to the right (negative: to the left).
#[inline]
fn step(cells: u64, player: usize, columns: i32) -> u64 {
    if player == 0 {
        cells << (8 + columns) as u32
    } else {
        cells >> (8 - columns) as u32
    }
}

/// SplitMix64's finaliser: spreads every input bit over the whole key.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Breakthrough {
    /// The start of a game on `geometry`, player 0 to move.
    pub fn new(geometry: &'static Geometry) -> Self {
        Breakthrough {
            pieces: geometry.start,
            side: 0,
            plies: 0,
            geometry,
        }
    }

    /// The start of the standard 8x8 game.
    pub fn standard() -> Self {
        Breakthrough::new(Geometry::standard())
    }

    /// A position from its parts; the caller has checked they make sense (see
    /// [`crate::notation`]).
    pub(crate) fn from_parts(
        geometry: &'static Geometry,
        pieces: [u64; 2],
        side: Player,
    ) -> Breakthrough {
        Breakthrough {
            pieces,
            side: side.index() as u8,
            plies: side.index() as u16,
            geometry,
        }
    }

    /// The board size.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The pieces of `player`, as bits (see [`crate::geometry`]).
    #[inline]
    pub fn pieces(&self, player: Player) -> u64 {
        self.pieces[player.index()]
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> u64 {
        self.geometry.board & !(self.pieces[0] | self.pieces[1])
    }

    /// The cells the player to move can step to, by direction: diagonally left, straight on,
    /// diagonally right.
    #[inline]
    pub fn targets(&self) -> [u64; 3] {
        let s = self.side as usize;
        let g = self.geometry;
        let mine = self.pieces[s];
        let open = g.board & !mine;
        [
            step(mine & g.not_first_column, s, -1) & open,
            step(mine, s, 0) & self.empty(),
            step(mine & g.not_last_column, s, 1) & open,
        ]
    }

    /// The cells of `player`'s pieces that attack `cells` (could capture there next move).
    #[inline]
    pub fn attackers(&self, player: Player, cells: u64) -> u64 {
        let p = player.index();
        let g = self.geometry;
        let stepping_right = step_back(cells, p, 1) & g.not_last_column;
        let stepping_left = step_back(cells, p, -1) & g.not_first_column;
        (stepping_right | stepping_left) & self.pieces[p]
    }

    /// The cells `player`'s pieces attack: one row forward, diagonally, on the board.
    #[inline]
    pub fn attacked_by(&self, player: Player) -> u64 {
        let p = player.index();
        let g = self.geometry;
        let mine = self.pieces[p];
        (step(mine & g.not_first_column, p, -1) | step(mine & g.not_last_column, p, 1)) & g.board
    }

    /// The move to `to` in direction `direction` (as in [`Breakthrough::targets`]) for the
    /// player to move.
    #[inline]
    fn move_to(&self, direction: usize, to: u32) -> Move {
        let forward: i32 = if self.side == 0 { 8 } else { -8 };
        let from = to as i32 - forward - (direction as i32 - 1);
        Move {
            from: from as u8,
            to: to as u8,
        }
    }

    /// Whether `mv` takes an opposing piece.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.pieces[1 - self.side as usize] & (1 << mv.to) != 0
    }

    /// Whether the player who just moved has won: reached its goal row or taken the last
    /// opposing piece.
    #[inline]
    fn last_mover_won(&self) -> bool {
        let mover = 1 - self.side as usize;
        self.pieces[mover] & self.geometry.goal[mover] != 0 || self.pieces[self.side as usize] == 0
    }
}

/// The inverse of [`step`]: where pieces of `player` stepping `columns` columns right would
/// come from to land on `cells` (before masking off cells a shift wrapped round an edge).
#[inline]
fn step_back(cells: u64, player: usize, columns: i32) -> u64 {
    if player == 0 {
        cells >> (8 + columns) as u32
    } else {
        cells << (8 - columns) as u32
    }
}

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
    /// the last ply (four 8x8 positions at depth 8: 4.42 M nodes, 0.70 s with the usual 3;
    /// 2.82 M nodes, 0.54 s with 1).
    const TABLE_MIN_DEPTH: u32 = 1;

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.from as usize * 3 + mv.direction()
    }
}
