//! Squares and their names.
//!
//! A square is `row * 5 + col`: row 0 is the top (rank 5, player 1's home row), row 4 the bottom
//! (rank 1, player 0's), column 0 is file A (player 0's left). Names are file then rank: `C1`
//! is player 0's temple (its master's start), `C5` player 1's.
//!
//! ```text
//!   rank 5 |  0  1  2  3  4
//!   rank 4 |  5  6  7  8  9
//!   rank 3 | 10 11 12 13 14
//!   rank 2 | 15 16 17 18 19
//!   rank 1 | 20 21 22 23 24
//!            A  B  C  D  E
//! ```

/// Player 0's temple arch, C1: player 1 wins by moving its master here.
pub const TEMPLE_P0: u8 = 22;
/// Player 1's temple arch, C5: player 0 wins by moving its master here.
pub const TEMPLE_P1: u8 = 2;

/// The name of a square (`A1` ... `E5`).
///
/// ```
/// use ply_onitama::square::{name, parse};
/// assert_eq!(name(22), "C1");
/// assert_eq!(parse("b1"), Some(21));
/// assert_eq!(parse("F1"), None);
/// ```
pub fn name(sq: u8) -> String {
    let (row, col) = (sq / 5, sq % 5);
    format!("{}{}", (b'A' + col) as char, 5 - row)
}

/// The square called `text` (`A1` ... `E5`, either case).
pub fn parse(text: &str) -> Option<u8> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let col = bytes[0].to_ascii_uppercase().checked_sub(b'A')?;
    let rank = bytes[1].checked_sub(b'0')?;
    (col < 5 && (1..=5).contains(&rank)).then(|| (5 - rank) * 5 + col)
}

/// The square mirrored left-right.
pub fn mirror(sq: u8) -> u8 {
    (sq / 5) * 5 + (4 - sq % 5)
}

/// A set of squares mirrored left-right.
pub fn mirror_set(set: u32) -> u32 {
    (0..25u8)
        .filter(|&s| set >> s & 1 == 1)
        .fold(0, |acc, s| acc | 1 << mirror(s))
}
