//! [`Cells`]: a set of board cells as a 128-bit bitboard.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub};

/// A set of cells: bit `i` stands for cell `i` (see [`crate::Variant`] for the cell layout).
///
/// The operators are set operations: `|` union, `&` intersection, `-` difference.
///
/// ```
/// use ply_isolation::Cells;
/// let a = Cells::single(0) | Cells::single(57);
/// let b = Cells::single(57) | Cells::single(114);
/// assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![57]);
/// assert_eq!((a - b).iter().collect::<Vec<_>>(), vec![0]);
/// assert_eq!((a | b).len(), 3);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cells(pub u128);

impl Cells {
    /// No cells.
    pub const EMPTY: Cells = Cells(0);

    /// The set holding only `cell` (0..128).
    #[inline]
    pub const fn single(cell: u8) -> Cells {
        Cells(1u128 << cell)
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn contains(self, cell: u8) -> bool {
        cell < 128 && self.0 >> cell & 1 == 1
    }

    /// The number of cells.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest cell, if any.
    #[inline]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// The `n`-th lowest cell (0-based) of a set of at most eight cells, such as a knight's
    /// targets; `n` must be below [`Cells::len`]. It clears the lowest cell a fixed seven times,
    /// so a random `n` leaves no data-dependent loop for the CPU to mispredict.
    ///
    /// ```
    /// use ply_isolation::Cells;
    /// let cells = Cells::single(3) | Cells::single(70) | Cells::single(100);
    /// assert_eq!((cells.nth(0), cells.nth(1), cells.nth(2)), (3, 70, 100));
    /// ```
    #[inline]
    pub fn nth(self, n: u32) -> u8 {
        debug_assert!(n < self.len() && self.len() <= 8);
        let low = self.0 as u64;
        let below = low.count_ones();
        let (mut bits, n, base) = if n < below {
            (low, n, 0)
        } else {
            ((self.0 >> 64) as u64, n - below, 64)
        };
        for i in 0..7 {
            let cleared = bits & bits.wrapping_sub(1);
            bits = if i < n { cleared } else { bits };
        }
        (base + bits.trailing_zeros()) as u8
    }

    /// The cells in ascending order.
    #[inline]
    pub fn iter(self) -> CellIter {
        CellIter(self.0)
    }
}

/// Iterator over the cells of a [`Cells`], lowest first.
#[derive(Clone, Debug)]
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let cell = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(cell)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for CellIter {
    #[inline]
    fn next_back(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let cell = 127 - self.0.leading_zeros() as u8;
            self.0 &= !(1u128 << cell);
            Some(cell)
        }
    }
}

impl ExactSizeIterator for CellIter {}

impl BitOr for Cells {
    type Output = Cells;
    #[inline]
    fn bitor(self, rhs: Cells) -> Cells {
        Cells(self.0 | rhs.0)
    }
}

impl BitOrAssign for Cells {
    #[inline]
    fn bitor_assign(&mut self, rhs: Cells) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Cells {
    type Output = Cells;
    #[inline]
    fn bitand(self, rhs: Cells) -> Cells {
        Cells(self.0 & rhs.0)
    }
}

impl BitAndAssign for Cells {
    #[inline]
    fn bitand_assign(&mut self, rhs: Cells) {
        self.0 &= rhs.0;
    }
}

impl Sub for Cells {
    type Output = Cells;
    #[inline]
    fn sub(self, rhs: Cells) -> Cells {
        Cells(self.0 & !rhs.0)
    }
}

impl fmt::Debug for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
