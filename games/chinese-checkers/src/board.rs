//! The star: its 121 cells numbered as OpenSpiel numbers them (row by row from the top point,
//! each row from the left), their neighbours and hop landings in the six directions, the six
//! triangles, and the distances a piece has to go.
//!
//! Cells sit on rows 0 to 16 at doubled columns 0 to 24 (a cell's neighbours on its own row
//! are two columns away, those on the rows above and below one column away), as OpenSpiel
//! lays them out. Everything here is computed at compile time from the row lengths.

/// The number of cells.
pub const CELLS: usize = 121;

/// The six directions: up-left, up-right, left, right, down-left, down-right (OpenSpiel's
/// order, which its action numbers use).
pub const DIRECTIONS: [(i32, i32); 6] = [(-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1)];

/// No cell: the edge of the board.
pub const NONE: u8 = u8::MAX;

/// The cells of each row, and the doubled column of its first cell.
const ROWS: [(u8, u8); 17] = [
    (1, 12),
    (2, 11),
    (3, 10),
    (4, 9),
    (13, 0),
    (12, 1),
    (11, 2),
    (10, 3),
    (9, 4),
    (10, 3),
    (11, 2),
    (12, 1),
    (13, 0),
    (4, 9),
    (3, 10),
    (2, 11),
    (1, 12),
];

const fn row_lengths() -> [usize; 17] {
    let mut out = [0; 17];
    let mut row = 0;
    while row < ROWS.len() {
        out[row] = ROWS[row].0 as usize;
        row += 1;
    }
    out
}

/// The cells of each row, from the top point.
pub const ROW_LENGTHS: [usize; 17] = row_lengths();

/// A cell's row and doubled column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The row, 0 (the top point) to 16.
    pub row: u8,
    /// The doubled column, 0 to 24.
    pub column: u8,
}

const fn places() -> [Place; CELLS] {
    let mut out = [Place { row: 0, column: 0 }; CELLS];
    let (mut row, mut cell) = (0, 0);
    while row < ROWS.len() {
        let (count, first) = ROWS[row];
        let mut i = 0;
        while i < count {
            out[cell] = Place {
                row: row as u8,
                column: first + 2 * i,
            };
            cell += 1;
            i += 1;
        }
        row += 1;
    }
    out
}

/// Each cell's row and doubled column.
pub const PLACES: [Place; CELLS] = places();

/// The cell at `row` and doubled `column`, or [`NONE`].
pub const fn cell_at(row: i32, column: i32) -> u8 {
    if row < 0 || row >= ROWS.len() as i32 {
        return NONE;
    }
    let (count, first) = ROWS[row as usize];
    let offset = column - first as i32;
    if offset < 0 || offset % 2 != 0 || offset / 2 >= count as i32 {
        return NONE;
    }
    let mut start = 0;
    let mut r = 0;
    while r < row as usize {
        start += ROWS[r].0 as usize;
        r += 1;
    }
    (start + (offset / 2) as usize) as u8
}

const fn steps(distance: i32) -> [[u8; 6]; CELLS] {
    let mut out = [[NONE; 6]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let place = PLACES[cell];
        let mut d = 0;
        while d < 6 {
            let (dr, dc) = DIRECTIONS[d];
            out[cell][d] = cell_at(
                place.row as i32 + distance * dr,
                place.column as i32 + distance * dc,
            );
            d += 1;
        }
        cell += 1;
    }
    out
}

/// Each cell's neighbour in each direction, or [`NONE`].
pub const NEIGHBOURS: [[u8; 6]; CELLS] = steps(1);

/// Where a hop over each cell's neighbour in each direction lands, or [`NONE`].
pub const LANDINGS: [[u8; 6]; CELLS] = steps(2);

const fn neighbour_masks() -> [u128; CELLS] {
    let mut out = [0u128; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut d = 0;
        while d < 6 {
            if NEIGHBOURS[cell][d] != NONE {
                out[cell] |= 1u128 << NEIGHBOURS[cell][d];
            }
            d += 1;
        }
        cell += 1;
    }
    out
}

/// Each cell's neighbours, as a bitboard: where a step from it may go.
pub const NEIGHBOUR_MASKS: [u128; CELLS] = neighbour_masks();

const fn beyond_table() -> [[u8; CELLS]; CELLS] {
    let mut out = [[NONE; CELLS]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut d = 0;
        while d < 6 {
            let over = NEIGHBOURS[cell][d];
            if over != NONE {
                out[cell][over as usize] = LANDINGS[cell][d];
            }
            d += 1;
        }
        cell += 1;
    }
    out
}

/// Where a hop from a cell over a neighbouring cell lands: `BEYOND[from][over]`, or [`NONE`]
/// (off the board, or `over` is no neighbour): a hop one cell at a time, as the plain flood
/// fill (the tests' oracle for the bit-parallel one) makes it.
pub const BEYOND: [[u8; CELLS]; CELLS] = beyond_table();

/// The six triangles (points of the star), numbered as OpenSpiel numbers them: 0 the top,
/// then clockwise: 1 upper right, 2 lower right, 3 bottom, 4 lower left, 5 upper left.
pub const TRIANGLES: usize = 6;

/// The cell at the tip of each triangle.
pub const TIPS: [u8; TRIANGLES] = [
    cell_at(0, 12),
    cell_at(4, 24),
    cell_at(12, 24),
    cell_at(16, 12),
    cell_at(12, 0),
    cell_at(4, 0),
];

/// The number of steps between two cells on an empty board.
pub const fn distance(a: u8, b: u8) -> u8 {
    let (pa, pb) = (PLACES[a as usize], PLACES[b as usize]);
    let rows = pa.row.abs_diff(pb.row);
    let columns = pa.column.abs_diff(pb.column);
    if columns > rows {
        rows + (columns - rows) / 2
    } else {
        rows
    }
}

const fn triangle_masks() -> [u128; TRIANGLES] {
    let mut out = [0u128; TRIANGLES];
    let mut t = 0;
    while t < TRIANGLES {
        let mut cell = 0;
        while cell < CELLS {
            // A triangle's cells are the ten within three steps of its tip.
            if distance(cell as u8, TIPS[t]) <= 3 {
                out[t] |= 1u128 << cell;
            }
            cell += 1;
        }
        t += 1;
    }
    out
}

/// The ten cells of each triangle.
pub const TRIANGLE_CELLS: [u128; TRIANGLES] = triangle_masks();

/// The triangle opposite `triangle`: where its pieces must go.
pub const fn opposite(triangle: usize) -> usize {
    (triangle + 3) % TRIANGLES
}

const fn distances_to_tips() -> [[u8; CELLS]; TRIANGLES] {
    let mut out = [[0; CELLS]; TRIANGLES];
    let mut t = 0;
    while t < TRIANGLES {
        let mut cell = 0;
        while cell < CELLS {
            out[t][cell] = distance(cell as u8, TIPS[t]);
            cell += 1;
        }
        t += 1;
    }
    out
}

/// The steps from each cell to the tip of each triangle.
pub const TO_TIP: [[u8; CELLS]; TRIANGLES] = distances_to_tips();

/// The triangles the players start in, by the number of players (OpenSpiel's seats): two
/// face each other; three take every other point; four leave the lower-right and upper-left
/// points empty; six fill the star.
pub const fn home_triangles(players: usize) -> &'static [usize] {
    match players {
        2 => &[0, 3],
        3 => &[0, 2, 4],
        4 => &[0, 1, 3, 4],
        _ => &[0, 1, 2, 3, 4, 5],
    }
}

/// The bit of `cell`.
#[inline]
pub const fn bit(cell: u8) -> u128 {
    1u128 << cell
}

/// Every cell of the star.
pub const ALL: u128 = (1u128 << CELLS) - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_star_matches_openspiels_numbering() {
        // Spot checks against OpenSpiel's tables (chinese_checkers.cc): cell 0 is the top
        // point, 10 the left end of row 4, 60 the centre, 120 the bottom point.
        assert_eq!(PLACES[10], Place { row: 4, column: 0 });
        assert_eq!(PLACES[60], Place { row: 8, column: 12 });
        assert_eq!(
            PLACES[120],
            Place {
                row: 16,
                column: 12
            }
        );
        assert_eq!(NEIGHBOURS[0], [NONE, NONE, NONE, NONE, 1, 2]);
        assert_eq!(NEIGHBOURS[65], [NONE, 56, NONE, 66, 75, 76]);
        assert_eq!(LANDINGS[3], [NONE, 0, NONE, 5, 14, 16]);
        assert_eq!(LANDINGS[98], [NONE, 75, NONE, 100, NONE, NONE]);
    }

    #[test]
    fn neighbours_are_mutual_and_hops_cross_a_neighbour() {
        for cell in 0..CELLS {
            for d in 0..6 {
                let n = NEIGHBOURS[cell][d];
                if n != NONE {
                    assert_eq!(NEIGHBOURS[n as usize][5 - d], cell as u8);
                }
                if LANDINGS[cell][d] != NONE {
                    assert_ne!(n, NONE, "a hop from {cell} over nothing");
                }
            }
        }
    }

    #[test]
    fn triangles_are_openspiels() {
        let cells = |t: usize| -> Vec<u8> {
            (0..CELLS as u8)
                .filter(|&c| TRIANGLE_CELLS[t] & bit(c) != 0)
                .collect()
        };
        assert_eq!(cells(0), (0..10).collect::<Vec<u8>>());
        assert_eq!(cells(1), [19, 20, 21, 22, 32, 33, 34, 44, 45, 55]);
        assert_eq!(cells(2), [74, 84, 85, 95, 96, 97, 107, 108, 109, 110]);
        assert_eq!(cells(3), (111..121).collect::<Vec<u8>>());
        assert_eq!(cells(4), [65, 75, 76, 86, 87, 88, 98, 99, 100, 101]);
        assert_eq!(cells(5), [10, 11, 12, 13, 23, 24, 25, 35, 36, 46]);
    }
}
