//! Geometry shared by games on rectangular boards.

/// How many symmetries a `width x height` rectangle has: 8 for a square, 4 otherwise.
pub fn symmetry_count(width: u8, height: u8) -> usize {
    if width == height {
        8
    } else {
        4
    }
}

/// Where symmetry number `s` (below [`symmetry_count`]) of a `width x height` board sends the
/// cell `(x, y)`: 0 identity, 1 and 2 the mirrors, 3 the half turn, 4 to 7 (squares only) the
/// diagonal mirrors and the quarter turns.
///
/// ```
/// use ply_grid::symmetry::map_cell;
/// assert_eq!(map_cell(1, 5, 3, 0, 0), (4, 0)); // left-right mirror of a 5x3 board
/// assert_eq!(map_cell(3, 5, 3, 0, 0), (4, 2)); // half turn
/// ```
pub fn map_cell(s: usize, width: u8, height: u8, x: u8, y: u8) -> (u8, u8) {
    let (w, h) = (width, height);
    match s {
        0 => (x, y),
        1 => (w - 1 - x, y),
        2 => (x, h - 1 - y),
        3 => (w - 1 - x, h - 1 - y),
        4 => (y, x),
        5 => (w - 1 - y, h - 1 - x),
        6 => (y, h - 1 - x),
        _ => (w - 1 - y, x),
    }
}
