//! The star laid out for bit-parallel hops: cell (row, doubled column) at bit
//! `(25 * row + column) / 2` of a 256-bit set, so that each of the six directions is one
//! fixed shift (-13, -12, -1, +1, +12, +13) and a chain of hops spreads from every cell of its
//! frontier at once, with no branch on what each neighbour holds. The map keeps the order of
//! OpenSpiel's numbering (row by row, each row from the left), so a set read in bit order
//! lists its cells in cell order.

use crate::board::{Place, CELLS, LANDINGS, NEIGHBOURS, NONE, PLACES, ROW_LENGTHS};

/// A set of cells in the grid layout: bits 0..128 in `lo`, 128..256 in `hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Grid {
    lo: u128,
    hi: u128,
}

/// The bits the star takes: the highest is the bottom point's, (25 * 16 + 12) / 2 = 206.
const fn index(place: Place) -> usize {
    (25 * place.row as usize + place.column as usize) / 2
}

impl Grid {
    const EMPTY: Grid = Grid { lo: 0, hi: 0 };

    const fn with(self, bit: usize) -> Grid {
        if bit < 128 {
            Grid {
                lo: self.lo | 1 << bit,
                hi: self.hi,
            }
        } else {
            Grid {
                lo: self.lo,
                hi: self.hi | 1 << (bit - 128),
            }
        }
    }

    /// The set of one cell.
    #[inline]
    pub(crate) fn of(cell: u8) -> Grid {
        SINGLE[cell as usize]
    }

    #[inline(always)]
    fn and(self, other: Grid) -> Grid {
        Grid {
            lo: self.lo & other.lo,
            hi: self.hi & other.hi,
        }
    }

    #[inline(always)]
    fn or(self, other: Grid) -> Grid {
        Grid {
            lo: self.lo | other.lo,
            hi: self.hi | other.hi,
        }
    }

    #[inline(always)]
    fn and_not(self, other: Grid) -> Grid {
        Grid {
            lo: self.lo & !other.lo,
            hi: self.hi & !other.hi,
        }
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.lo | self.hi == 0
    }

    /// Every bit moved `K` places up (towards higher cells); `0 < K < 64`.
    #[inline(always)]
    fn up<const K: u32>(self) -> Grid {
        Grid {
            lo: self.lo << K,
            hi: (self.hi << K) | (self.lo >> (128 - K)),
        }
    }

    /// Every bit moved `K` places down; `0 < K < 64`.
    #[inline(always)]
    fn down<const K: u32>(self) -> Grid {
        Grid {
            lo: (self.lo >> K) | (self.hi << (128 - K)),
            hi: self.hi >> K,
        }
    }

    /// This set with a piece moved from `from` to `to` (`from` in it, `to` not).
    #[inline]
    pub(crate) fn moved(self, from: u8, to: u8) -> Grid {
        let (a, b) = (SINGLE[from as usize], SINGLE[to as usize]);
        Grid {
            lo: self.lo ^ a.lo ^ b.lo,
            hi: self.hi ^ a.hi ^ b.hi,
        }
    }

    /// The number of cells.
    #[inline]
    pub(crate) fn count(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// The cells in cell order (OpenSpiel's numbers).
    #[inline]
    pub(crate) fn cells(self) -> impl Iterator<Item = u8> {
        let (mut lo, mut hi) = (self.lo, self.hi);
        std::iter::from_fn(move || {
            let bit = if lo != 0 {
                let b = lo.trailing_zeros();
                lo &= lo - 1;
                b
            } else if hi != 0 {
                let b = hi.trailing_zeros();
                hi &= hi - 1;
                128 + b
            } else {
                return None;
            };
            Some(CELL_OF_BIT[bit as usize])
        })
    }

    /// The `n`th cell in cell order (`n` below [`Grid::count`]).
    #[inline]
    pub(crate) fn nth(self, n: u32) -> u8 {
        let below = self.lo.count_ones();
        let (mut word, mut n, base) = if n < below {
            (self.lo, n, 0)
        } else {
            (self.hi, n - below, 128)
        };
        while n > 0 {
            word &= word - 1;
            n -= 1;
        }
        CELL_OF_BIT[base + word.trailing_zeros() as usize]
    }

    /// The set as a bitboard in OpenSpiel's numbering.
    pub(crate) fn to_cells(self) -> u128 {
        self.cells().fold(0, |set, cell| set | 1 << cell)
    }

    /// A bitboard in OpenSpiel's numbering, laid out on the grid: each row's cells are
    /// consecutive in both layouts, so a row moves as one block (the rows written out, so
    /// that every shift is a constant).
    #[inline]
    pub(crate) fn from_cells(cells: u128) -> Grid {
        let mut grid = Grid::EMPTY;
        macro_rules! rows {
            ($($row:literal)*) => {$(
                grid = grid.with_row::<
                    { ROW_BLOCKS[$row].0 },
                    { ROW_BLOCKS[$row].1 },
                    { ROW_BLOCKS[$row].2 },
                >(cells);
            )*};
        }
        rows!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
        grid
    }

    /// This set with the row of `LENGTH` cells from cell `CELL` of `cells` put at bit `BIT`.
    #[inline(always)]
    fn with_row<const CELL: usize, const BIT: usize, const LENGTH: usize>(
        self,
        cells: u128,
    ) -> Grid {
        let block = (cells >> CELL) & ((1 << LENGTH) - 1);
        let mut grid = self;
        if BIT < 128 {
            grid.lo |= block << BIT;
            if BIT + LENGTH > 128 {
                grid.hi |= block >> (128 - BIT);
            }
        } else {
            grid.hi |= block << (BIT - 128);
        }
        grid
    }
}

/// Each row's first cell number, first bit and length.
const ROW_BLOCKS: [(usize, usize, usize); 17] = row_blocks();

const fn row_blocks() -> [(usize, usize, usize); 17] {
    let mut out = [(0, 0, 0); 17];
    let (mut row, mut cell) = (0, 0);
    while row < ROW_LENGTHS.len() {
        out[row] = (cell, index(PLACES[cell]), ROW_LENGTHS[row]);
        cell += ROW_LENGTHS[row];
        row += 1;
    }
    out
}

const fn single() -> [Grid; CELLS] {
    let mut out = [Grid::EMPTY; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        out[cell] = Grid::EMPTY.with(index(PLACES[cell]));
        cell += 1;
    }
    out
}

/// Each cell alone.
const SINGLE: [Grid; CELLS] = single();

const fn cell_of_bit() -> [u8; 256] {
    let mut out = [NONE; 256];
    let mut cell = 0;
    while cell < CELLS {
        out[index(PLACES[cell])] = cell as u8;
        cell += 1;
    }
    out
}

/// The cell at each bit, or [`NONE`].
const CELL_OF_BIT: [u8; 256] = cell_of_bit();

const fn star() -> Grid {
    let mut out = Grid::EMPTY;
    let mut cell = 0;
    while cell < CELLS {
        out = out.with(index(PLACES[cell]));
        cell += 1;
    }
    out
}

/// Every cell of the star.
const STAR: Grid = star();

const fn neighbour_sets() -> [Grid; CELLS] {
    let mut out = [Grid::EMPTY; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut d = 0;
        while d < 6 {
            let n = NEIGHBOURS[cell][d];
            if n != NONE {
                out[cell] = out[cell].with(index(PLACES[n as usize]));
            }
            d += 1;
        }
        cell += 1;
    }
    out
}

/// Each cell's neighbours.
const NEIGHBOUR_SETS: [Grid; CELLS] = neighbour_sets();

const fn hop_origins() -> [Grid; 6] {
    let mut out = [Grid::EMPTY; 6];
    let mut d = 0;
    while d < 6 {
        let mut cell = 0;
        while cell < CELLS {
            if LANDINGS[cell][d] != NONE {
                out[d] = out[d].with(index(PLACES[cell]));
            }
            cell += 1;
        }
        d += 1;
    }
    out
}

/// The cells a hop in each direction (board::DIRECTIONS' order) can start from: the cell two
/// places on is on the star. Only these are shifted, so no shift wraps round a row's end.
const HOP_ORIGINS: [Grid; 6] = hop_origins();

/// One position's pieces, read for the destinations of each piece in turn: what does not
/// depend on which piece moves is worked out once.
pub(crate) struct Hops {
    /// The empty cells.
    empty: Grid,
    /// For each direction, the cells from which a hop that way is open: a piece next to
    /// them that way, and an empty cell on the star just beyond it.
    over: [Grid; 6],
    /// The cells from which some hop is open: a piece elsewhere has only steps.
    can_hop: Grid,
}

impl Hops {
    /// The hops among `occupied`, every piece on the board.
    #[inline]
    pub(crate) fn new(occupied: Grid) -> Hops {
        let empty = STAR.and_not(occupied);
        let over = [
            HOP_ORIGINS[0]
                .and(occupied.up::<13>())
                .and(empty.up::<26>()),
            HOP_ORIGINS[1]
                .and(occupied.up::<12>())
                .and(empty.up::<24>()),
            HOP_ORIGINS[2].and(occupied.up::<1>()).and(empty.up::<2>()),
            HOP_ORIGINS[3]
                .and(occupied.down::<1>())
                .and(empty.down::<2>()),
            HOP_ORIGINS[4]
                .and(occupied.down::<12>())
                .and(empty.down::<24>()),
            HOP_ORIGINS[5]
                .and(occupied.down::<13>())
                .and(empty.down::<26>()),
        ];
        let can_hop = over.iter().fold(Grid::EMPTY, |all, &o| all.or(o));
        Hops {
            empty,
            over,
            can_hop,
        }
    }

    /// The cells the piece on `from` can end its turn on: its empty neighbours, and every
    /// cell a chain of hops reaches. The hops spread breadth first, a whole frontier at a
    /// time; a cell reached once is not landed on again.
    #[inline(always)]
    pub(crate) fn destinations(&self, from: u8) -> Grid {
        let me = Grid::of(from);
        let steps = NEIGHBOUR_SETS[from as usize].and(self.empty);
        if me.and(self.can_hop).is_empty() {
            return steps;
        }
        // The position's masks count the piece's own cell as a piece to hop over, and once it
        // has left, that cell is empty; but no chain ever comes next to it. A hop moves a piece
        // by twice a step, so a chain only lands on cells two times a sum of steps away from
        // where it started, and a neighbour is one step away: the masks serve as they are.
        let mut chain = Chain {
            frontier: landings(me, &self.over),
            free: self.empty,
            reached: Grid::EMPTY,
        };
        while chain.spread(&self.over) {}
        steps.or(chain.reached)
    }
}

/// A chain of hops spreading breadth first.
struct Chain {
    /// The cells just landed on, not yet hopped from.
    frontier: Grid,
    /// The empty cells not yet landed on.
    free: Grid,
    /// Every cell landed on before the frontier.
    reached: Grid,
}

impl Chain {
    /// Takes in the frontier's new cells and hops on from them; false when none was new.
    #[inline(always)]
    fn spread(&mut self, over: &[Grid; 6]) -> bool {
        let new = self.frontier.and(self.free);
        if new.is_empty() {
            return false;
        }
        self.reached = self.reached.or(new);
        self.free = self.free.and_not(new);
        self.frontier = landings(new, over);
        true
    }
}

/// Where hops from the cells of `frontier` land (on cells empty in the position, not yet asked
/// whether this chain has landed there): each direction's hop is a shift by twice its step.
#[inline(always)]
fn landings(frontier: Grid, over: &[Grid; 6]) -> Grid {
    frontier
        .and(over[0])
        .down::<26>()
        .or(frontier.and(over[1]).down::<24>())
        .or(frontier.and(over[2]).down::<2>())
        .or(frontier.and(over[3]).up::<2>())
        .or(frontier.and(over[4]).up::<24>())
        .or(frontier.and(over[5]).up::<26>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{bit, ALL, BEYOND, NEIGHBOUR_MASKS};
    use proptest::prelude::*;

    /// The plain flood fill, one cell of the frontier and one neighbouring piece at a time:
    /// the oracle for the bit-parallel one.
    fn destinations_cell_by_cell(from: u8, occupied: u128) -> u128 {
        let others = occupied & !bit(from);
        let empty = ALL & !others;
        let steps = NEIGHBOUR_MASKS[from as usize] & empty;
        let mut free = empty & !bit(from);
        let (mut reached, mut frontier) = (0, bit(from));
        while frontier != 0 {
            let at = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let mut pieces = NEIGHBOUR_MASKS[at] & others;
            while pieces != 0 {
                let over = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let landing = BEYOND[at][over];
                if landing != NONE && free & bit(landing) != 0 {
                    free &= !bit(landing);
                    reached |= bit(landing);
                    frontier |= bit(landing);
                }
            }
        }
        steps | reached
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// From every cell of boards from nearly empty to nearly full, the two flood fills
        /// reach the same cells.
        #[test]
        fn the_bit_parallel_hops_reach_what_the_plain_flood_fill_reaches(
            a in any::<u128>(), b in any::<u128>(), c in any::<u128>(), density in 0..4u8,
        ) {
            let occupied = ALL & match density {
                0 => a & b & c,
                1 => a & b,
                2 => a,
                _ => a | b,
            };
            for from in 0..CELLS as u8 {
                let grid = Grid::from_cells(occupied | bit(from));
                prop_assert_eq!(
                    Hops::new(grid).destinations(from).to_cells(),
                    destinations_cell_by_cell(from, occupied),
                    "from {}", from
                );
            }
        }
    }

    #[test]
    fn the_layout_keeps_cell_order_and_round_trips() {
        let bits: Vec<usize> = PLACES.iter().map(|&p| index(p)).collect();
        assert!(
            bits.windows(2).all(|w| w[0] < w[1]),
            "bits rise with cell numbers"
        );
        assert_eq!(*bits.last().unwrap(), 206);
        let all: u128 = (1 << CELLS) - 1;
        assert_eq!(Grid::from_cells(all), STAR);
        assert_eq!(STAR.to_cells(), all);
        let some: u128 = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321 & all;
        assert_eq!(Grid::from_cells(some).to_cells(), some);
        let cells: Vec<u8> = Grid::from_cells(some).cells().collect();
        for (n, &cell) in cells.iter().enumerate() {
            assert_eq!(Grid::from_cells(some).nth(n as u32), cell);
        }
    }

    #[test]
    fn each_direction_is_one_shift() {
        const SHIFT: [isize; 6] = [-13, -12, -1, 1, 12, 13];
        for (cell, place) in PLACES.iter().enumerate() {
            for d in 0..6 {
                let n = NEIGHBOURS[cell][d];
                if n != NONE {
                    let expected = index(*place) as isize + SHIFT[d];
                    assert_eq!(index(PLACES[n as usize]) as isize, expected);
                }
            }
        }
    }
}
