//! Queen rays by bit operations: occluded fills on a board stored 8 bits per row.
//!
//! Cell `(x, y)` is bit `8 * y + x`, `y = 0` the top row, `x = 0` the left column, as in the
//! GameState quiz (`_board[x][y]`, (0, 0) top-left). A board narrower or shorter than 8x8 uses a
//! corner of the 64 bits; the other bits are never open, so rays stop there by themselves.

/// The eight directions `(dx, dy)` in the quiz's scanning order.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

const FILE_0: u64 = 0x0101_0101_0101_0101;
const FILE_7: u64 = FILE_0 << 7;

#[inline(always)]
fn shift(bits: u64, by: i32) -> u64 {
    if by >= 0 {
        bits << by
    } else {
        bits >> -by
    }
}

/// The open cells a queen on `from` reaches in direction `d` (an index into [`DIRECTIONS`]),
/// stopping before the first closed cell, out of its whole reach ([`queen`]): a move
/// generator takes the reach once and splits it by direction.
#[inline]
pub fn ray(reach: u64, from: u8, d: usize) -> u64 {
    reach & RAYS[from as usize][d]
}

/// The cells a queen on `from` stops reaching when `through`, a cell it reaches, is closed:
/// those beyond `through` on the same ray (nothing if the two are not on one line).
#[inline]
pub fn beyond(from: u8, through: u8) -> u64 {
    match DIRECTION_TO[from as usize][through as usize] {
        NO_LINE => 0,
        d => RAYS[through as usize][d as usize],
    }
}

/// Marks two cells on no common line in [`DIRECTION_TO`].
const NO_LINE: u8 = 8;

/// `DIRECTION_TO[from][to]`: the direction (an index into [`DIRECTIONS`]) from `from` to `to`
/// when they share a row, column or diagonal; [`NO_LINE`] otherwise.
static DIRECTION_TO: [[u8; 64]; 64] = {
    let mut table = [[NO_LINE; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let mut rest = RAYS[from][d];
            while rest != 0 {
                table[from][rest.trailing_zeros() as usize] = d as u8;
                rest &= rest - 1;
            }
            d += 1;
        }
        from += 1;
    }
    table
};

/// `RAYS[cell][d]`: every cell of the board from `cell` in direction `d`, open or not.
static RAYS: [[u64; 8]; 64] = {
    let mut table = [[0u64; 8]; 64];
    let mut cell = 0;
    while cell < 64 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            let (mut x, mut y) = ((cell % 8) as i32, (cell / 8) as i32);
            loop {
                x += dx as i32;
                y += dy as i32;
                if x < 0 || x >= 8 || y < 0 || y >= 8 {
                    break;
                }
                table[cell][d] |= 1 << (8 * y + x);
            }
            d += 1;
        }
        cell += 1;
    }
    table
};

/// The open cells that queens on all of `cells` reach in direction `d`, at once: the fill
/// works on any number of sliders.
#[inline(always)]
fn slide(cells: u64, open: u64, d: usize) -> u64 {
    let (dx, dy) = DIRECTIONS[d];
    let step = dy as i32 * 8 + dx as i32;
    // A step east must not land in column 0 (it wrapped from column 7), and west not in 7.
    let landing = match dx {
        1 => !FILE_0,
        -1 => !FILE_7,
        _ => !0,
    };
    let mut gen = cells;
    let mut pro = open & landing;
    gen |= pro & shift(gen, step);
    pro &= shift(pro, step);
    gen |= pro & shift(gen, 2 * step);
    pro &= shift(pro, 2 * step);
    gen |= pro & shift(gen, 4 * step);
    shift(gen, step) & open & landing
}

/// Every open cell a queen on `from` reaches: the four lines through `from` (row, column and
/// both diagonals), each gathered into one byte by a multiplication and looked up in a 2 KiB
/// table of one-dimensional slides ("kindergarten bitboards"). About three times faster than
/// eight occluded fills, which matters to the solver's move ordering.
#[inline]
pub fn queen(from: u8, open: u64) -> u64 {
    let (x, y) = ((from & 7) as usize, (from >> 3) as u32);
    let slide = &SLIDES[x];
    // Row, diagonal and anti-diagonal hold one cell per column: multiplying by FILE_0 sums
    // them into the top byte, indexed by column; multiplying back spreads the result.
    let mut reach = 0;
    for mask in [
        0xFFu64 << (8 * y),
        DIAGONALS[from as usize],
        ANTI_DIAGONALS[from as usize],
    ] {
        let line = (((open & mask).wrapping_mul(FILE_0)) >> 56) as usize;
        reach |= (slide[line] as u64).wrapping_mul(FILE_0) & mask;
    }
    // The column holds one cell per row: a different multiplier gathers it by row.
    let column = (((open >> x) & FILE_0).wrapping_mul(COLUMN_GATHER) >> 56) as usize;
    reach | (COLUMN_SPREAD[SLIDES[y as usize][column] as usize] << x)
}

/// Gathers bit `8 * y` of a column into bit `56 + y` (the partial products never collide).
const COLUMN_GATHER: u64 = 0x0102_0408_1020_4080;

/// `SLIDES[i][open]`: the cells of a line of 8 reachable from cell `i`, given the line's open
/// cells as a byte, stopping before the first closed one each way.
static SLIDES: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut open = 0;
        while open < 256 {
            let mut reach = 0u8;
            let mut j = i + 1;
            while j < 8 && open >> j & 1 == 1 {
                reach |= 1 << j;
                j += 1;
            }
            let mut j = i as i32 - 1;
            while j >= 0 && open >> j & 1 == 1 {
                reach |= 1 << j;
                j -= 1;
            }
            table[i][open] = reach;
            open += 1;
        }
        i += 1;
    }
    table
};

/// `COLUMN_SPREAD[b]`: bit `y` of `b` moved to bit `8 * y` (column 0).
static COLUMN_SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut y = 0;
        while y < 8 {
            if b >> y & 1 == 1 {
                table[b] |= 1 << (8 * y);
            }
            y += 1;
        }
        b += 1;
    }
    table
};

/// The cells on a line through each cell, both ways, in steps of `(1, dy)`.
const fn lines(dy: i32) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut cell = 0;
    while cell < 64 {
        let (x, y) = ((cell % 8) as i32, (cell / 8) as i32);
        let mut k = -7;
        while k <= 7 {
            let (nx, ny) = (x + k, y + k * dy);
            if nx >= 0 && nx < 8 && ny >= 0 && ny < 8 {
                table[cell] |= 1 << (8 * ny + nx);
            }
            k += 1;
        }
        cell += 1;
    }
    table
}

/// The diagonal (down-right) through each cell.
static DIAGONALS: [u64; 64] = lines(1);
/// The anti-diagonal (up-right) through each cell.
static ANTI_DIAGONALS: [u64; 64] = lines(-1);

/// Every open cell a queen on any of `cells` reaches.
#[inline]
pub fn queens(cells: u64, open: u64) -> u64 {
    // Spelled out so that every direction's shifts are constants.
    slide(cells, open, 0)
        | slide(cells, open, 1)
        | slide(cells, open, 2)
        | slide(cells, open, 3)
        | slide(cells, open, 4)
        | slide(cells, open, 5)
        | slide(cells, open, 6)
        | slide(cells, open, 7)
}

/// Whether direction `d` runs towards higher bits (so its nearest cell is its lowest bit).
#[inline]
pub fn ascending(d: usize) -> bool {
    ASCENDING[d & 7]
}

/// [`ascending`] of each direction, worked out once.
const ASCENDING: [bool; 8] = {
    let mut table = [false; 8];
    let mut d = 0;
    while d < 8 {
        let (dx, dy) = DIRECTIONS[d];
        table[d] = dy as i32 * 8 + dx as i32 > 0;
        d += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain walk, cell by cell, as the quiz's Python does it.
    fn walk(from: u8, open: u64, d: usize) -> u64 {
        let (dx, dy) = DIRECTIONS[d];
        let (mut x, mut y) = ((from % 8) as i32, (from / 8) as i32);
        let mut out = 0;
        loop {
            x += dx as i32;
            y += dy as i32;
            if !(0..8).contains(&x) || !(0..8).contains(&y) {
                return out;
            }
            let bit = 1u64 << (y * 8 + x);
            if open & bit == 0 {
                return out;
            }
            out |= bit;
        }
    }

    #[test]
    fn rays_match_a_cell_by_cell_walk() {
        // Each direction's part of the reach, and each direction's occluded fill.
        let mut rng = ply_search::Rng::new(3);
        for _ in 0..20_000 {
            let open = rng.next_u64() | rng.next_u64();
            let from = rng.below(64) as u8;
            for d in 0..8 {
                assert_eq!(
                    ray(queen(from, open), from, d),
                    walk(from, open, d),
                    "from {from} dir {d} open {open:#x}"
                );
                assert_eq!(
                    slide(1u64 << from, open, d),
                    walk(from, open, d),
                    "fill from {from} dir {d} open {open:#x}"
                );
            }
        }
    }

    #[test]
    fn the_table_queen_matches_eight_walks() {
        let mut rng = ply_search::Rng::new(4);
        for _ in 0..20_000 {
            let open = rng.next_u64() | rng.next_u64();
            let from = rng.below(64) as u8;
            let walked = (0..8).fold(0, |acc, d| acc | walk(from, open, d));
            assert_eq!(queen(from, open), walked, "from {from} open {open:#x}");
        }
    }

    #[test]
    fn many_queens_at_once_reach_what_each_reaches() {
        let mut rng = ply_search::Rng::new(5);
        for _ in 0..5_000 {
            let open = rng.next_u64() | rng.next_u64();
            let cells = rng.next_u64() & rng.next_u64() & rng.next_u64();
            let one_by_one = (0..64)
                .filter(|&c| cells >> c & 1 == 1)
                .fold(0, |acc, c| acc | queen(c, open));
            assert_eq!(
                queens(cells, open),
                one_by_one,
                "cells {cells:#x} open {open:#x}"
            );
        }
    }
}
