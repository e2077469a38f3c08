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
    /// The packing's steps: at step `k`, the rows whose index has bit `k` set (where they
    /// stand after the earlier steps) move down by `2 << k` bits, closing the border gaps.
    steps: [u128; 6],
    /// How many steps the board's height needs (`height - 1` in bits).
    step_count: usize,
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
        debug_assert_eq!(
            stride,
            width + 2,
            "the packing closes two border bits a row"
        );
        if width * height > 64 || width > 31 {
            return None;
        }
        let mut index = [0u8; 128];
        for y in 0..height {
            for x in 0..width {
                index[(y * stride + x) as usize] = (y * width + x) as u8;
            }
        }
        let step_count = (u32::BITS - (height - 1).leading_zeros()) as usize;
        let mut steps = [0u128; 6];
        for (k, step) in steps.iter_mut().enumerate().take(step_count) {
            for y in (0..height).filter(|y| y >> k & 1 == 1) {
                // Row y stands 2 * (y mod 2^k) bits below its own layout's place.
                let start = y * stride - 2 * (y & ((1 << k) - 1));
                *step |= ((1u128 << width) - 1) << start;
            }
        }
        let mut packed = Packed {
            width,
            steps,
            step_count,
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

    /// A set of the board's own layout, packed: its rows close the two-bit gaps between them
    /// in `log2(height)` masked shifts (row `y` moves down `2 * y` bits in all), not a shift
    /// a row, since every node of a solve packs its position.
    #[inline]
    pub(crate) fn pack(&self, cells: u128) -> u64 {
        let mut set = cells;
        for (k, &moving) in self.steps[..self.step_count].iter().enumerate() {
            set = (set & !moving) | ((set & moving) >> (2 << k));
        }
        set as u64
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
