//! Board sizes: the bit layout of a `width` x `height` board and what is derived from it once.
//!
//! Cells are bits `column * (height + 1) + row`, row 0 at the bottom: each column has one
//! empty bit above it (the sentinel row), so that a shift never carries a four from one
//! column's top into the next column's bottom. This is Pascal Pons' layout; it fits any board
//! with `width * (height + 1) <= 64`.

use ply_grid::sizes::Sizes;
use ply_search::{ErrorKind, NotationError};

/// Most columns: moves are single digits `1`-`9`.
pub const MAX_WIDTH: u8 = 9;
/// Most rows (so that every shift of the win test stays below 64).
pub const MAX_HEIGHT: u8 = 12;

/// One board size and its masks. Obtain one with [`Geometry::get`]; equal sizes share one value.
#[derive(Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Columns (1 to 9).
    pub width: u8,
    /// Rows (1 to 12).
    pub height: u8,
    /// Bits per column: `height + 1`.
    pub column_bits: u32,
    /// The bottom cell of every column.
    pub bottom: u64,
    /// Every cell of the board (sentinels excluded).
    pub board: u64,
    /// Every line of four cells on the board (horizontal, vertical, both diagonals).
    pub windows: Vec<u64>,
    /// For each bit, how many of [`Geometry::windows`] pass through it.
    pub windows_through: [u8; 64],
    /// The cells of the even-indexed rows (0, 2, 4... from the bottom: rows 1, 3, 5 counted
    /// from 1) and of the odd-indexed ones.
    pub rows_by_parity: [u64; 2],
    /// For each bit, its column: a lookup for every move listed, instead of a division by a
    /// column height known only at run time.
    pub column_of_bit: [u8; 64],
}

static GEOMETRIES: Sizes<Geometry> = Sizes::new();

impl Geometry {
    /// The board of this size, or an error naming the size and the accepted ones.
    pub fn get(width: u8, height: u8) -> Result<&'static Geometry, NotationError> {
        if !(1..=MAX_WIDTH).contains(&width)
            || !(1..=MAX_HEIGHT).contains(&height)
            || width as u32 * (height as u32 + 1) > 64
        {
            return Err(NotationError::new(
                "board size",
                format!("{width}x{height}"),
                format!(
                    "width 1 to {MAX_WIDTH} and height 1 to {MAX_HEIGHT} with width x (height + 1) at most 64"
                ),
            )
            .with_kind(ErrorKind::OutOfRange));
        }
        Ok(GEOMETRIES.get_or_build(width, height, || Geometry::build(width, height)))
    }

    /// The standard 7x6 board.
    pub fn standard() -> &'static Geometry {
        Geometry::get(7, 6).expect("7x6 fits")
    }

    fn build(width: u8, height: u8) -> Geometry {
        let column_bits = height as u32 + 1;
        let bit = |c: i32, r: i32| 1u64 << (c as u32 * column_bits + r as u32);
        let (w, h) = (width as i32, height as i32);
        let mut bottom = 0;
        let mut board = 0;
        for c in 0..w {
            bottom |= bit(c, 0);
            for r in 0..h {
                board |= bit(c, r);
            }
        }
        let mut windows = Vec::new();
        for c in 0..w {
            for r in 0..h {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if (0..w).contains(&ec) && (0..h).contains(&er) {
                        windows.push((0..4).fold(0, |m, i| m | bit(c + i * dc, r + i * dr)));
                    }
                }
            }
        }
        let mut windows_through = [0u8; 64];
        for window in &windows {
            let mut bits = *window;
            while bits != 0 {
                windows_through[bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
        }
        let mut rows_by_parity = [0u64; 2];
        for c in 0..w {
            for r in 0..h {
                rows_by_parity[(r & 1) as usize] |= bit(c, r);
            }
        }
        let column_of_bit = std::array::from_fn(|bit| (bit as u32 / column_bits) as u8);
        Geometry {
            column_of_bit,
            rows_by_parity,
            width,
            height,
            column_bits,
            bottom,
            board,
            windows,
            windows_through,
        }
    }

    /// The bit of the cell in `column` (from 0, left) and `row` (from 0, bottom).
    #[inline]
    pub fn cell(&self, column: u8, row: u8) -> u64 {
        1 << (column as u32 * self.column_bits + row as u32)
    }

    /// Every cell of `column`.
    #[inline]
    pub fn column_mask(&self, column: u8) -> u64 {
        ((1u64 << self.height) - 1) << (column as u32 * self.column_bits)
    }

    /// The cells of `stones` seen in a mirror (column `c` becomes `width - 1 - c`).
    pub fn mirror(&self, stones: u64) -> u64 {
        let column = (1u64 << self.column_bits) - 1;
        (0..self.width as u32).fold(0, |out, c| {
            let bits = stones >> (c * self.column_bits) & column;
            out | bits << ((self.width as u32 - 1 - c) * self.column_bits)
        })
    }
}
