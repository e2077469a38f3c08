//! Board variants: size, rules, and the tables computed once per variant.
//!
//! ## The cell layout (the original's bitboard)
//!
//! A `W x H` board is stored row by row, each row `W + 2` bits wide: `W` cells and two zero
//! border bits that absorb knight moves falling off the east or west edge. Cell index
//! `i = (W + 2) * y + x`, with `x = 0` at the east (right) edge growing west and `y = 0` at the
//! bottom row growing north. The trailing border bits of the top row are dropped, so the board
//! needs `(W + 2) * H - 2` bits; every variant whose count is at most 128 fits a `u128`.
//! For Udacity's 11x9 board (115 bits), row by row from the top, cell 114 is the top-left:
//!
//! ```text
//!  y=8  114 113 112 111 110 109 108 107 106 105 104   (bits 115, 116 don't exist)
//!  y=7  101 100  99  98  97  96  95  94  93  92  91   (bits 102, 103: border)
//!  ...
//!  y=1   23  22  21  20  19  18  17  16  15  14  13   (bits 24, 25: border)
//!  y=0   10   9   8   7   6   5   4   3   2   1   0   (bits 11, 12: border)
//!       x=10                                    x=0
//! ```
//!
//! The AIND 7x7 version names cells `(row, col)` with row 0 at the top and column 0 at the
//! left, so `(row, col)` is the cell `x = W - 1 - col`, `y = H - 1 - row`.

use crate::packed::Packed;
use crate::Cells;
use ply_search::NotationError;
use std::sync::Mutex;

/// The rules a variant plays by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Udacity's `isolation.py`, bit for bit: the game ends as soon as EITHER player has no
    /// liberty; the player to move wins iff it still has one. Kept quirk: a liberty on cell 0
    /// does not count for that test (Python's `any()` over cell indices treats index 0 as
    /// false), although the move to cell 0 is still offered.
    Udacity,
    /// The usual rules: the player to move with no legal move loses; cell 0 is an ordinary cell.
    Standard,
    /// The older AIND version (udacity/AIND-Isolation): the standard rules, moves written as
    /// `(row, col)` and listed in AIND's order.
    Aind,
}

impl Rules {
    /// The names used in game specs, in the order of [`Rules::ALL`].
    pub const NAMES: [&'static str; 3] = ["udacity", "standard", "aind"];
    /// Every rule set.
    pub const ALL: [Rules; 3] = [Rules::Udacity, Rules::Standard, Rules::Aind];

    /// The name used in game specs.
    pub fn name(self) -> &'static str {
        Rules::NAMES[self as usize]
    }
}

/// The knight offsets in the original's action order, with their `Action` names:
/// NNE, ENE, ESE, SSE, SSW, WSW, WNW, NNW. The value depends on the row stride `W + 2`.
pub const ACTION_NAMES: [&str; 8] = ["NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW"];

/// A board size and rule set, with its precomputed tables. Obtain one with [`Variant::get`];
/// there is one shared instance per size and rule set.
#[derive(Debug)]
pub struct Variant {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// The rule set.
    pub rules: Rules,
    /// Bits per row: `width + 2`.
    pub stride: u8,
    /// Every cell of the board: the blank board (`Isolation()`'s `board`).
    pub blank: Cells,
    /// The knight offsets in action order (NNE = `2 * stride - 1`, ...).
    pub offsets: [i8; 8],
    /// For each cell, the cells a knight's move away, on the board; for the "unplaced" index,
    /// every cell.
    pub(crate) knight: [Cells; 128],
    /// For each cell, its knight targets in action order (NNE first); off-board targets are
    /// the never-open bit 127, so a generator can test all eight without a branch.
    pub(crate) knight_ordered: [[u8; 8]; 128],
    /// Cell maps of the board's symmetries (identity first): 4 for rectangles, 8 for squares.
    pub(crate) symmetries: Vec<[u8; 128]>,
    /// The cells with `x + y` even: a knight's move always changes colour, which bounds the
    /// length of a knight's walk (used by the solver).
    pub(crate) light: Cells,
    /// The solver's packed layout, on boards of at most 64 cells.
    pub(crate) packed: Option<Packed>,
}

/// The bit index that is never a cell of any board (boards use at most bits 0 to 126). It
/// stands for "not placed yet" in a state's `locs`, with a knight-move mask of every cell (an
/// unplaced player may open anywhere, so liberties need no branch), and pads the move tables.
pub(crate) const UNPLACED: u8 = 127;

static VARIANTS: Mutex<Vec<&'static Variant>> = Mutex::new(Vec::new());

impl Variant {
    /// The variant of the given size and rules, or an error when the board does not fit a
    /// `u128` with bit 127 to spare (`(width + 2) * height - 2 <= 127`, both at least 1):
    /// that bit marks an unplaced knight.
    ///
    /// ```
    /// use ply_isolation::{Rules, Variant};
    /// let v = Variant::get(11, 9, Rules::Udacity).unwrap();
    /// assert_eq!(v.blank.0, 41523161203939122082683632224299007);
    /// assert_eq!(v.offsets, [25, 11, -15, -27, -25, -11, 15, 27]);
    /// assert!(Variant::get(12, 10, Rules::Udacity).is_err()); // 138 bits
    /// assert!(Variant::get(11, 10, Rules::Udacity).is_err()); // its last cell would be bit 127
    /// ```
    pub fn get(width: u8, height: u8, rules: Rules) -> Result<&'static Variant, NotationError> {
        let bits = (width as u32 + 2) * height as u32;
        if width == 0 || height == 0 || bits > 129 {
            return Err(NotationError::new(
                "board size",
                format!("{width}x{height}"),
                "width and height >= 1 with (width + 2) * height - 2 <= 127 (e.g. 11x9, 7x7, 8x8, 14x8)",
            )
            .with_kind(ply_search::ErrorKind::OutOfRange));
        }
        let mut cache = VARIANTS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = cache
            .iter()
            .find(|v| v.width == width && v.height == height && v.rules == rules)
        {
            return Ok(v);
        }
        let v: &'static Variant = Box::leak(Box::new(Variant::build(width, height, rules)));
        cache.push(v);
        Ok(v)
    }

    /// Udacity's 11x9 board with its rules: the default game.
    pub fn udacity() -> &'static Variant {
        Variant::get(11, 9, Rules::Udacity).expect("11x9 fits")
    }

    fn build(width: u8, height: u8, rules: Rules) -> Variant {
        let stride = width + 2;
        let s = stride as i32;
        let offsets = [
            2 * s - 1,
            s - 2,
            -s - 2,
            -2 * s - 1,
            -2 * s + 1,
            -s + 2,
            s + 2,
            2 * s + 1,
        ];
        let mut blank = Cells::EMPTY;
        let mut light = Cells::EMPTY;
        for y in 0..height {
            for x in 0..width {
                blank |= Cells::single(y * stride + x);
                if (x + y) % 2 == 0 {
                    light |= Cells::single(y * stride + x);
                }
            }
        }
        let mut knight = [Cells::EMPTY; 128];
        for cell in blank.iter() {
            for off in offsets {
                let target = cell as i32 + off;
                if (0..128).contains(&target) && blank.contains(target as u8) {
                    knight[cell as usize] |= Cells::single(target as u8);
                }
            }
        }
        knight[UNPLACED as usize] = Cells(u128::MAX);
        let mut knight_ordered = [[UNPLACED; 8]; 128];
        for cell in blank.iter() {
            for (slot, off) in offsets.iter().enumerate() {
                let target = cell as i32 + off;
                if (0..128).contains(&target) && blank.contains(target as u8) {
                    knight_ordered[cell as usize][slot] = target as u8;
                }
            }
        }
        let mut v = Variant {
            width,
            height,
            rules,
            stride,
            blank,
            offsets: offsets.map(|o| o as i8),
            knight,
            knight_ordered,
            symmetries: Vec::new(),
            light,
            packed: Packed::new(width, height, stride, &knight, light),
        };
        v.symmetries = v.build_symmetries();
        v
    }

    fn build_symmetries(&self) -> Vec<[u8; 128]> {
        let (w, h) = (self.width, self.height);
        (0..ply_grid::symmetry::symmetry_count(w, h))
            .map(|symmetry| {
                let mut table = [0u8; 128];
                for cell in self.blank.iter() {
                    let (x, y) = self.xy(cell);
                    let (nx, ny) = ply_grid::symmetry::map_cell(symmetry, w, h, x, y);
                    table[cell as usize] = self.cell(nx, ny);
                }
                table
            })
            .collect()
    }

    /// Cell index of column `x` (0 = east edge) and row `y` (0 = bottom).
    #[inline]
    pub fn cell(&self, x: u8, y: u8) -> u8 {
        y * self.stride + x
    }

    /// `(x, y)` of a cell index: the original's `DebugState.ind2xy` (which uses the row stride,
    /// so it also answers for border bits).
    #[inline]
    pub fn xy(&self, cell: u8) -> (u8, u8) {
        (cell % self.stride, cell / self.stride)
    }

    /// AIND's `(row, col)` of a cell: row 0 at the top, column 0 at the left.
    #[inline]
    pub fn row_col(&self, cell: u8) -> (u8, u8) {
        let (x, y) = self.xy(cell);
        (self.height - 1 - y, self.width - 1 - x)
    }

    /// The cell at AIND's `(row, col)`, if on the board.
    pub fn cell_at_row_col(&self, row: u8, col: u8) -> Option<u8> {
        (row < self.height && col < self.width)
            .then(|| self.cell(self.width - 1 - col, self.height - 1 - row))
    }

    /// The cells a knight's move from `cell` (on the board, open or not).
    #[inline]
    pub fn knight_moves(&self, cell: u8) -> Cells {
        self.knight[cell as usize & 127]
    }

    /// Whether `cell` is a cell of this board (not a border bit, not beyond the top).
    #[inline]
    pub fn is_cell(&self, cell: u8) -> bool {
        self.blank.contains(cell)
    }

    /// The number of cells, `width * height`.
    pub fn cell_count(&self) -> u32 {
        self.blank.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`UNPLACED`] marks an unplaced knight and pads the move tables, so no board may have it
    /// as a cell: every size accepted leaves it free, and the first sizes that would not (their
    /// last cell at bit 127) are refused.
    #[test]
    fn no_accepted_board_has_the_unplaced_mark_as_a_cell() {
        let mut accepted = 0;
        for width in 1..=127u8 {
            for height in 1..=127u8 {
                let v = Variant::get(width, height, Rules::Standard);
                let last_cell = (u32::from(width) + 2) * u32::from(height) - 3;
                assert_eq!(
                    v.is_ok(),
                    last_cell < u32::from(UNPLACED),
                    "{width}x{height}"
                );
                if let Ok(v) = v {
                    assert!(!v.is_cell(UNPLACED), "{width}x{height}");
                    accepted += 1;
                }
            }
        }
        assert!(accepted > 100);
        for (width, height) in [(11, 10), (8, 13), (24, 5), (3, 26), (63, 2)] {
            assert!(Variant::get(width, height, Rules::Standard).is_err());
        }
    }
}
