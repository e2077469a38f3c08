//! Board sizes: the bit layout of a `width` x `height` board and what is derived from it once.
//!
//! Cell `(column, row)` is bit `row * (width + 1) + column`, row 0 (rank 1) at the bottom: each
//! row has one spare bit after its last cell (a sentinel column, never open), so that a queen
//! ray shifted off one edge lands on a sentinel and stops instead of wrapping round into the
//! next row. A 10x10 board takes 110 of a `u128`'s bits.

use ply_grid::sizes::Sizes;
use ply_grid::symmetry::{map_cell, symmetry_count};
use ply_search::{ErrorKind, NotationError};

/// Most columns (files `a` to `j`).
pub const MAX_WIDTH: u8 = 10;
/// Most rows (ranks `1` to `10`).
pub const MAX_HEIGHT: u8 = 10;
/// Fewest columns and rows.
pub const MIN_SIDE: u8 = 4;

/// One board size and its masks. Obtain one with [`Geometry::get`]; equal sizes share one
/// value.
#[derive(Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Columns (4 to 10).
    pub width: u8,
    /// Rows (4 to 10).
    pub height: u8,
    /// Bits per row: `width + 1`.
    pub stride: u32,
    /// Every cell of the board (sentinels excluded).
    pub board: u128,
    /// The bit shifts of the eight queen directions (positive: up the bits).
    pub directions: [i32; 8],
    /// Each player's amazons at the start.
    pub start: [u128; 2],
}

static GEOMETRIES: Sizes<Geometry> = Sizes::new();

/// `cells` moved by `shift` bits (up for positive, down for negative).
#[inline]
pub fn shift(cells: u128, shift: i32) -> u128 {
    if shift >= 0 {
        cells << shift as u32
    } else {
        cells >> (-shift) as u32
    }
}

impl Geometry {
    /// The board of this size, or an error naming the size and the accepted ones.
    pub fn get(width: u8, height: u8) -> Result<&'static Geometry, NotationError> {
        if !(MIN_SIDE..=MAX_WIDTH).contains(&width) || !(MIN_SIDE..=MAX_HEIGHT).contains(&height) {
            return Err(NotationError::new(
                "board size",
                format!("{width}x{height}"),
                format!("width {MIN_SIDE} to {MAX_WIDTH} and height {MIN_SIDE} to {MAX_HEIGHT}"),
            )
            .with_kind(ErrorKind::OutOfRange));
        }
        Ok(GEOMETRIES.get_or_build(width, height, || Geometry::build(width, height)))
    }

    /// The standard 10x10 board.
    pub fn standard() -> &'static Geometry {
        Geometry::get(10, 10).expect("10x10 fits")
    }

    fn build(width: u8, height: u8) -> Geometry {
        let stride = width as u32 + 1;
        let bit = |c: u8, r: u8| 1u128 << (r as u32 * stride + c as u32);
        let mut board = 0;
        for r in 0..height {
            for c in 0..width {
                board |= bit(c, r);
            }
        }
        let s = stride as i32;
        let (w, h) = (width, height);
        // The standard 10x10 start (a4 d1 g1 j4 against a7 d10 g10 j7), scaled to the board:
        // from 6x6 up, four amazons each on the two ranks nearest the player; below, two.
        let white: Vec<(u8, u8)> = if w >= 6 && h >= 6 {
            let (c, r) = ((w - 4) / 2, (h - 4) / 2);
            vec![(0, r), (c, 0), (w - 1 - c, 0), (w - 1, r)]
        } else {
            vec![(1, 0), (w - 2, 0)]
        };
        let white_start = white.iter().fold(0, |all, &(c, r)| all | bit(c, r));
        let black_start = white.iter().fold(0, |all, &(c, r)| all | bit(c, h - 1 - r));
        Geometry {
            width,
            height,
            stride,
            board,
            directions: [1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1],
            start: [white_start, black_start],
        }
    }

    /// The bit of the cell in `column` and `row` (0 at the bottom).
    #[inline]
    pub fn cell(&self, column: u8, row: u8) -> u128 {
        1 << (row as u32 * self.stride + column as u32)
    }

    /// The column and row of a cell's bit index.
    #[inline]
    pub fn coordinates(&self, index: u8) -> (u8, u8) {
        (
            (index as u32 % self.stride) as u8,
            (index as u32 / self.stride) as u8,
        )
    }

    /// The open cells a queen on any of `from` reaches in one move through `open` cells (the
    /// cells of `from` themselves excluded unless another of them reaches them).
    #[inline]
    pub fn queen_reach(&self, from: u128, open: u128) -> u128 {
        let mut reached = 0;
        for &d in &self.directions {
            let mut ray = shift(from, d) & open;
            while ray != 0 {
                reached |= ray;
                ray = shift(ray, d) & open;
            }
        }
        reached
    }

    /// The open cells one king step from any of `from`.
    #[inline]
    pub fn king_reach(&self, from: u128, open: u128) -> u128 {
        self.directions
            .iter()
            .fold(0, |all, &d| all | shift(from, d))
            & open
    }

    /// `cells` under symmetry `s` of the board, numbered as [`ply_grid::symmetry::map_cell`]
    /// numbers them (below [`Geometry::symmetry_count`]).
    pub fn transform(&self, s: usize, cells: u128) -> u128 {
        let mut out = 0;
        let mut rest = cells;
        while rest != 0 {
            let (x, y) = self.coordinates(rest.trailing_zeros() as u8);
            let (nx, ny) = map_cell(s, self.width, self.height, x, y);
            out |= self.cell(nx, ny);
            rest &= rest - 1;
        }
        out
    }

    /// How many symmetries the board has: 8 for a square, 4 otherwise.
    pub fn symmetry_count(&self) -> usize {
        symmetry_count(self.width, self.height)
    }
}
