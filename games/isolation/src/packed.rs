//! The solver's packed layout of a knight board of at most 64 cells: `width` bits a row and no
//! border bits, so a set of cells fits a `u64`. The board's own layout keeps two border bits a
//! row (7x9 then needs 79 bits, 8x8 needs 78), which makes every set a `u128`; the separation
//! test floods regions at every node of a solve, and on a `u64` each step is half the work.
//! Column masks do the border bits' job of stopping moves that would wrap around a row.

use crate::cells::Cells;

/// A board's packed layout: where each cell goes, and the knight's tables in it.
#[derive(Debug)]
pub(crate) struct Packed {
    /// Cells a row.
    pub(crate) width: u32,
    /// Bits a row in the board's own layout (`width + 2`).
    stride: u32,
    /// Rows.
    height: u32,
    /// The board's own cells of one row (`width` low bits).
    row: u64,
    /// The packed index of each cell of the board's own layout.
    index: [u8; 128],
    /// For each packed cell, the packed cells a knight's move away.
    pub(crate) knight: [u64; 64],
    /// The packed cells with `x + y` even.
    pub(crate) light: u64,
    /// Where a shift by one column east or west may land without wrapping around a row
    /// (every column but the first, every column but the last).
    pub(crate) one_column: [u64; 2],
    /// The same for a shift by two columns.
    pub(crate) two_columns: [u64; 2],
}

impl Packed {
    /// The packed layout of a `width x height` board whose own layout has `stride` bits a row,
    /// or `None` when it has more than 64 cells (or rows too wide to shift by two in a `u64`).
    pub(crate) fn new(
        width: u8,
        height: u8,
        stride: u8,
        knight: &[Cells; 128],
        light: Cells,
    ) -> Option<Packed> {
        let (width, height, stride) = (width as u32, height as u32, stride as u32);
        if width * height > 64 || width > 31 {
            return None;
        }
        let mut index = [0u8; 128];
        for y in 0..height {
            for x in 0..width {
                index[(y * stride + x) as usize] = (y * width + x) as u8;
            }
        }
        let mut packed = Packed {
            width,
            stride,
            height,
            row: (1u64 << width) - 1,
            index,
            knight: [0; 64],
            light: 0,
            one_column: [
                columns(width, |x| x != 0),
                columns(width, |x| x + 1 != width),
            ],
            two_columns: [
                columns(width, |x| x >= 2),
                columns(width, |x| x + 2 < width),
            ],
        };
        packed.light = packed.pack(light.0);
        for y in 0..height {
            for x in 0..width {
                let cell = (y * stride + x) as usize;
                packed.knight[index[cell] as usize] = packed.pack(knight[cell].0);
            }
        }
        Some(packed)
    }

    /// A set of the board's own layout, packed.
    #[inline]
    pub(crate) fn pack(&self, cells: u128) -> u64 {
        let mut packed = 0;
        for y in 0..self.height {
            let row = (cells >> (y * self.stride)) as u64 & self.row;
            packed |= row << (y * self.width);
        }
        packed
    }

    /// A cell of the board's own layout, packed.
    #[inline]
    pub(crate) fn cell(&self, cell: u8) -> u8 {
        self.index[cell as usize & 127]
    }
}

/// The bits of a `u64` in the columns `keep` accepts, rows `width` bits wide.
fn columns(width: u32, keep: impl Fn(u32) -> bool) -> u64 {
    (0..64)
        .filter(|&i| keep(i % width))
        .map(|i| 1u64 << i)
        .sum()
}
