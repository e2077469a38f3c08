//! The game state and the [`Game`] implementation: three `u128` bitboards, copy-make.

use crate::geometry::Geometry;
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, Rng, SearchHints};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};

/// A move, one action: an amazon's cell, the cell it moves to (a queen move), and the cell
/// it then shoots its arrow to (a queen move from the landing cell). Cells are bit indices
/// (see [`crate::geometry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The amazon's cell.
    pub from: u8,
    /// Where it lands.
    pub to: u8,
    /// Where its arrow burns a cell for good.
    pub arrow: u8,
}

/// An Amazons position: each player's amazons, the burnt cells, the player to move, the
/// plies played and the board size.
///
/// Player 0 (White, `w`) moves first. A move is an amazon's queen move to an empty cell, then
/// an arrow shot like a queen from where it landed, burning an empty cell (the cell it left is
/// empty again). Nothing passes over an amazon or a burnt cell. The player to move without a
/// move loses; there are no draws, and every move burns a cell, so every game ends.
///
/// ```
/// use ply_amazons::Amazons;
/// use ply_search::{Game, SearchHints};
/// let start = Amazons::standard();
/// assert_eq!(start.move_count(), 2_176); // the 10x10 opening
/// let after = start.play_notation(["d1-d7/g7"]).unwrap();
/// assert_eq!(after.move_count(), 1_214); // d7 and g7 cut the lines of three black amazons
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Amazons {
    /// The amazons of player 0 and of player 1.
    amazons: [u128; 2],
    /// The burnt cells.
    arrows: u128,
    /// The player to move, 0 or 1.
    side: u8,
    /// Plies played since the start (or since the position read from text).
    plies: u16,
    geometry: &'static Geometry,
}

impl PartialEq for Amazons {
    fn eq(&self, other: &Self) -> bool {
        self.amazons == other.amazons
            && self.arrows == other.arrows
            && self.side == other.side
            && std::ptr::eq(self.geometry, other.geometry)
    }
}

impl Eq for Amazons {}

impl Hash for Amazons {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.amazons.hash(state);
        self.arrows.hash(state);
        self.side.hash(state);
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

/// Folds a `u128` into a running hash.
#[inline]
fn absorb(hash: u64, cells: u128) -> u64 {
    mix(mix(hash ^ cells as u64) ^ (cells >> 64) as u64)
}

impl Amazons {
    /// The start of a game on `geometry`, player 0 to move.
    pub fn new(geometry: &'static Geometry) -> Self {
        Amazons {
            amazons: geometry.start,
            arrows: 0,
            side: 0,
            plies: 0,
            geometry,
        }
    }

    /// The start of the standard 10x10 game.
    pub fn standard() -> Self {
        Amazons::new(Geometry::standard())
    }

    /// A position from its parts; the caller has checked they make sense.
    pub(crate) fn from_parts(
        geometry: &'static Geometry,
        amazons: [u128; 2],
        arrows: u128,
        side: Player,
    ) -> Amazons {
        Amazons {
            amazons,
            arrows,
            side: side.index() as u8,
            plies: side.index() as u16,
            geometry,
        }
    }

    /// The board size.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The amazons of `player`, as bits (see [`crate::geometry`]).
    #[inline]
    pub fn amazons(&self, player: Player) -> u128 {
        self.amazons[player.index()]
    }

    /// The burnt cells.
    #[inline]
    pub fn arrows(&self) -> u128 {
        self.arrows
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> u128 {
        self.geometry.board & !(self.amazons[0] | self.amazons[1] | self.arrows)
    }

    /// The cells an amazon on `from` can shoot to after landing on `to`.
    #[inline]
    fn arrow_targets(&self, from: u128, to: u128) -> u128 {
        let open = (self.empty() | from) & !to;
        self.geometry.queen_reach(to, open)
    }

    /// Calls `visit(from, to, arrows)` for every amazon of the player to move and every cell
    /// it can land on, with the cells its arrow can reach from there: amazons in bit order,
    /// then landing cells (the order of the move list). Stops early when `visit` returns
    /// `false`. Listing, counting and drawing moves at random all walk these groups.
    #[inline]
    fn visit_landings(&self, mut visit: impl FnMut(u8, u8, u128) -> bool) {
        let g = self.geometry;
        let empty = self.empty();
        let mut queens = self.amazons[self.side as usize];
        while queens != 0 {
            let from = queens & queens.wrapping_neg();
            let mut landings = g.queen_reach(from, empty);
            while landings != 0 {
                let to = landings & landings.wrapping_neg();
                let arrows = self.arrow_targets(from, to);
                if !visit(
                    from.trailing_zeros() as u8,
                    to.trailing_zeros() as u8,
                    arrows,
                ) {
                    return;
                }
                landings &= landings - 1;
            }
            queens &= queens - 1;
        }
    }

    /// Calls `visit` with every move of the player to move, in the move list's order.
    #[inline]
    fn visit_moves(&self, mut visit: impl FnMut(Move)) {
        self.visit_landings(|from, to, mut arrows| {
            while arrows != 0 {
                visit(Move {
                    from,
                    to,
                    arrow: arrows.trailing_zeros() as u8,
                });
                arrows &= arrows - 1;
            }
            true
        });
    }

    /// How many moves the player to move has: the sum over its amazons' landing cells of the
    /// arrows from each.
    #[inline]
    fn count_moves(&self) -> u64 {
        let mut count = 0;
        self.visit_landings(|_, _, arrows| {
            count += arrows.count_ones() as u64;
            true
        });
        count
    }

    /// The cells the amazons of `player` reach in one queen move, each amazon counted apart:
    /// the mobility evaluator's measure, and the solver's order.
    pub(crate) fn queen_moves(&self, player: Player) -> u32 {
        let g = self.geometry;
        let empty = self.empty();
        let mut count = 0;
        let mut queens = self.amazons[player.index()];
        while queens != 0 {
            let queen = queens & queens.wrapping_neg();
            count += g.queen_reach(queen, empty).count_ones();
            queens &= queens - 1;
        }
        count
    }

    /// Whether the player to move has a move: an amazon with an empty neighbour (it can step
    /// there and shoot back into the cell it left).
    #[inline]
    fn can_move(&self) -> bool {
        let mine = self.amazons[self.side as usize];
        self.geometry.king_reach(mine, self.empty()) != 0
    }
}

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
    /// table pays down to 2 plies from the leaves (four 6x6 positions at depth 4: 1.39 M nodes,
    /// 1.83 s with the usual 3; 1.10 M nodes, 1.51 s with 2).
    const TABLE_MIN_DEPTH: u32 = 2;

    /// The landing cell and the arrow's cell.
    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.to as usize * 128 + mv.arrow as usize
    }
}
