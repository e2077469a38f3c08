//! The board: an n x n square (n = 4, 6 or 8) in the top-left corner of an 8x8 `u64`, bit
//! `row * 8 + column`, row 0 at the top (OpenSpiel's rank 1); discs flank along the eight
//! directions by shifts (Kogge-Stone style fills), so move generation makes no list of squares.

/// The sizes a board may have: even, so that the four centre squares exist.
pub const SIZES: [u8; 3] = [4, 6, 8];

/// Every bit but column 0 (a shift east must not wrap into it).
const NOT_COLUMN_0: u64 = !0x0101_0101_0101_0101;
/// Every bit but column 7 (a shift west must not wrap into it).
const NOT_COLUMN_7: u64 = !0x8080_8080_8080_8080;

/// The eight directions, as a shift of the whole board.
#[derive(Clone, Copy, Debug)]
enum Direction {
    East,
    West,
    South,
    North,
    SouthEast,
    SouthWest,
    NorthEast,
    NorthWest,
}

const DIRECTIONS: [Direction; 8] = [
    Direction::East,
    Direction::West,
    Direction::South,
    Direction::North,
    Direction::SouthEast,
    Direction::SouthWest,
    Direction::NorthEast,
    Direction::NorthWest,
];

impl Direction {
    /// Every disc of `x` moved one square this way (those that would leave the 8x8 dropped).
    #[inline(always)]
    fn shift(self, x: u64) -> u64 {
        match self {
            Direction::East => (x << 1) & NOT_COLUMN_0,
            Direction::West => (x >> 1) & NOT_COLUMN_7,
            Direction::South => x << 8,
            Direction::North => x >> 8,
            Direction::SouthEast => (x << 9) & NOT_COLUMN_0,
            Direction::SouthWest => (x << 7) & NOT_COLUMN_7,
            Direction::NorthEast => (x >> 7) & NOT_COLUMN_0,
            Direction::NorthWest => (x >> 9) & NOT_COLUMN_7,
        }
    }
}

/// The squares of an n x n board.
#[inline]
pub fn squares(size: u8) -> u64 {
    let row = (1u64 << size) - 1;
    (0..size as u64).fold(0, |acc, r| acc | row << (8 * r))
}

/// The bit of the square in `row` and `column`.
#[inline]
pub fn bit(row: u8, column: u8) -> u64 {
    1 << (row as u32 * 8 + column as u32)
}

/// The squares where a disc of `own` would flank at least one disc of `others` in a line
/// ending on one of `own`'s: the capturing moves. `empty` is the board's empty squares.
#[inline]
pub fn captures(own: u64, others: u64, empty: u64) -> u64 {
    let mut moves = 0;
    for direction in DIRECTIONS {
        let mut run = direction.shift(own) & others;
        // A line holds at most six discs between two squares of an 8x8 board.
        for _ in 0..5 {
            run |= direction.shift(run) & others;
        }
        moves |= direction.shift(run) & empty;
    }
    moves
}

/// The discs of `others` a disc placed on `square` flanks with `own`: what it turns over.
#[inline]
pub fn flips(square: u64, own: u64, others: u64) -> u64 {
    let mut turned = 0;
    for direction in DIRECTIONS {
        let mut run = 0;
        let mut at = direction.shift(square);
        while at & others != 0 {
            run |= at;
            at = direction.shift(at);
        }
        if at & own != 0 {
            turned |= run;
        }
    }
    turned
}

/// The squares next to a disc of `discs` (in any of the eight directions) within `board`.
#[inline]
pub fn neighbours(discs: u64, board: u64) -> u64 {
    DIRECTIONS.iter().fold(0, |acc, d| acc | d.shift(discs)) & board
}

/// The four corners of an n x n board.
pub fn corners(size: u8) -> u64 {
    let last = size - 1;
    bit(0, 0) | bit(0, last) | bit(last, 0) | bit(last, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_stay_on_the_board() {
        let board = squares(8);
        assert_eq!(board, u64::MAX);
        assert_eq!(squares(4).count_ones(), 16);
        // A disc in the corner has three neighbours, one in the middle eight.
        assert_eq!(neighbours(bit(0, 0), board).count_ones(), 3);
        assert_eq!(neighbours(bit(3, 3), board).count_ones(), 8);
        assert_eq!(neighbours(bit(3, 3), squares(4)).count_ones(), 3);
    }

    #[test]
    fn flanking_lines_turn_over() {
        // Row 0: own at column 0, others at 1 and 2, the new disc at 3.
        let (own, others) = (bit(0, 0), bit(0, 1) | bit(0, 2));
        let empty = squares(8) & !(own | others);
        assert_eq!(captures(own, others, empty), bit(0, 3));
        assert_eq!(flips(bit(0, 3), own, others), others);
        assert_eq!(flips(bit(1, 3), own, others), 0);
    }
}
