//! Board sizes: the bit layout of a `width` x `height` board and the masks derived from it
//! once.
//!
//! Cell `(column, row)` is bit `row * 8 + column`, row 0 (rank 1) at the bottom, whatever the
//! width: a row is one byte, so a step forward is a shift by 8 and a diagonal step a shift by
//! 7 or 9, on every board up to 8x8.

use ply_grid::sizes::Sizes;
use ply_search::{ErrorKind, NotationError};

/// Most columns (files `a` to `h`).
pub const MAX_WIDTH: u8 = 8;
/// Most rows (ranks `1` to `8`).
pub const MAX_HEIGHT: u8 = 8;
/// Fewest columns: with one, a piece could be stuck for good.
pub const MIN_WIDTH: u8 = 2;
/// Fewest rows: the two camps and a row between them.
pub const MIN_HEIGHT: u8 = 3;

/// One board size and its masks. Obtain one with [`Geometry::get`]; equal sizes share one
/// value.
#[derive(Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Columns (2 to 8).
    pub width: u8,
    /// Rows (3 to 8).
    pub height: u8,
    /// Every cell of the board.
    pub board: u64,
    /// Every cell but the leftmost column's (the cells a piece can step left from).
    pub not_first_column: u64,
    /// Every cell but the rightmost column's.
    pub not_last_column: u64,
    /// The row each player wins by reaching: the top row for player 0 (White), the bottom
    /// row for player 1 (Black).
    pub goal: [u64; 2],
    /// The row before each player's goal: a piece there wins on its next move.
    pub last_step: [u64; 2],
    /// Each player's pieces at the start: two rows each (one on boards under 6 rows high).
    pub start: [u64; 2],
    /// Each row's cells, from the bottom.
    pub rows: [u64; MAX_HEIGHT as usize],
}

static GEOMETRIES: Sizes<Geometry> = Sizes::new();

impl Geometry {
    /// The board of this size, or an error naming the size and the accepted ones.
    pub fn get(width: u8, height: u8) -> Result<&'static Geometry, NotationError> {
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) || !(MIN_HEIGHT..=MAX_HEIGHT).contains(&height)
        {
            return Err(NotationError::new(
                "board size",
                format!("{width}x{height}"),
                format!("width {MIN_WIDTH} to {MAX_WIDTH} and height {MIN_HEIGHT} to {MAX_HEIGHT}"),
            )
            .with_kind(ErrorKind::OutOfRange));
        }
        Ok(GEOMETRIES.get_or_build(width, height, || Geometry::build(width, height)))
    }

    /// The standard 8x8 board.
    pub fn standard() -> &'static Geometry {
        Geometry::get(8, 8).expect("8x8 fits")
    }

    fn build(width: u8, height: u8) -> Geometry {
        let row_cells = (1u64 << width) - 1;
        let mut rows = [0u64; MAX_HEIGHT as usize];
        for (r, row) in rows.iter_mut().enumerate().take(height as usize) {
            *row = row_cells << (8 * r);
        }
        let board = rows.iter().fold(0, |all, row| all | row);
        let column = |c: u8| (0..height).fold(0u64, |all, r| all | 1 << (8 * r + c));
        let top = rows[height as usize - 1];
        let second = rows[height as usize - 2];
        // OpenSpiel's rule: two rows of pieces from 6 rows up, one below.
        let camp_rows = if height >= 6 { 2 } else { 1 };
        let white_start = rows[0] | if camp_rows == 2 { rows[1] } else { 0 };
        let black_start = top | if camp_rows == 2 { second } else { 0 };
        Geometry {
            width,
            height,
            board,
            not_first_column: board & !column(0),
            not_last_column: board & !column(width - 1),
            goal: [top, rows[0]],
            last_step: [second, rows[1]],
            start: [white_start, black_start],
            rows,
        }
    }

    /// The bit of the cell in `column` and `row` (0 at the bottom).
    #[inline]
    pub fn cell(&self, column: u8, row: u8) -> u64 {
        1 << (8 * row as u32 + column as u32)
    }

    /// The same cells seen in a mirror between the left and right edges.
    #[inline]
    pub fn mirror(&self, cells: u64) -> u64 {
        // Reversing the bits of every byte maps column c to 7 - c; the shift brings 7 - c to
        // width - 1 - c. Off-board columns are empty, so nothing crosses into a wrong row.
        cells.reverse_bits().swap_bytes() >> (MAX_WIDTH - self.width)
    }

    /// How many rows `row` lies from `player`'s goal row.
    #[inline]
    pub fn rows_to_goal(&self, player: usize, row: u8) -> u8 {
        if player == 0 {
            self.height - 1 - row
        } else {
            row
        }
    }
}
