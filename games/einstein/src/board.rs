//! The board's geometry: cells, the steps each side may take, the corners the cubes start in,
//! the 720 orders of a setup, which cubes a roll lets move, and the hashing keys.

use ply_search::Player;

/// Cells per side of the board.
pub const SIDE: usize = 5;
/// Cells on the board.
pub const CELLS: usize = SIDE * SIDE;
/// Cubes per side.
pub const CUBES: usize = 6;
/// The orders in which a side's six cubes can be set up: 6!.
pub const SETUPS: usize = 720;

/// A cell: `row * 5 + column`, rows from the top (black's side), columns from the left.
pub type Cell = u8;

/// The six step directions in OpenSpiel's order, as (row, column) offsets: black's diagonal,
/// down and right, then white's up, diagonal and left.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1)];

/// OpenSpiel's names of the directions, in [`DIRECTIONS`]' order.
pub const DIRECTION_NAMES: [&str; 6] = ["diag", "down", "right", "up", "diag", "left"];

/// The cells a side's cubes start on, in the order a setup fills them (row by row): black's
/// corner is the cells with `row + column <= 2`, white's those with `row + column >= 6`.
pub const START_CELLS: [[Cell; CUBES]; 2] = [[0, 1, 2, 5, 6, 10], [14, 18, 19, 22, 23, 24]];

/// The corner each side races to: black to the bottom right, white to the top left.
pub const TARGET: [Cell; 2] = [24, 0];

/// The row of a cell.
pub const fn row(cell: Cell) -> i8 {
    (cell as usize / SIDE) as i8
}

/// The column of a cell.
pub const fn column(cell: Cell) -> i8 {
    (cell as usize % SIDE) as i8
}

/// The cell one step from `cell` in direction `dir`, if it is on the board.
pub const fn step(cell: Cell, dir: u8) -> Option<Cell> {
    let (dr, dc) = DIRECTIONS[dir as usize];
    let (r, c) = (row(cell) + dr, column(cell) + dc);
    if r < 0 || c < 0 || r >= SIDE as i8 || c >= SIDE as i8 {
        None
    } else {
        Some((r as usize * SIDE + c as usize) as Cell)
    }
}

/// No cell: a step off the board in [`STEPS`], a captured cube's place.
pub const NO_CELL: Cell = u8::MAX;

/// [`step`] for every cell and direction, [`NO_CELL`] off the board: move generation reads it
/// instead of computing rows and columns.
pub static STEPS: [[Cell; 6]; CELLS] = steps_table();

const fn steps_table() -> [[Cell; 6]; CELLS] {
    let mut table = [[NO_CELL; 6]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut dir = 0;
        while dir < 6 {
            if let Some(to) = step(cell as Cell, dir as u8) {
                table[cell][dir] = to;
            }
            dir += 1;
        }
        cell += 1;
    }
    table
}

/// The first of the three directions `player` may step in.
pub fn first_direction(player: Player) -> u8 {
    3 * player.index() as u8
}

/// Steps a cube of `player` needs from `cell` to its target corner at the least (diagonal
/// steps count one).
pub fn distance(cell: Cell, player: Player) -> u8 {
    let target = TARGET[player.index()];
    let dr = (row(cell) - row(target)).unsigned_abs();
    let dc = (column(cell) - column(target)).unsigned_abs();
    if dr > dc {
        dr
    } else {
        dc
    }
}

/// The `index`-th order of the values 1 to 6 in lexicographic order (index 0 is 1 2 3 4 5 6,
/// index 719 is 6 5 4 3 2 1), OpenSpiel's numbering of setups. `index` must be below 720.
pub fn setup_order(index: u16) -> [u8; CUBES] {
    let mut left: Vec<u8> = (1..=CUBES as u8).collect();
    let mut rest = index as usize;
    let mut order = [0; CUBES];
    for (slot, value) in order.iter_mut().enumerate() {
        let block = factorial(CUBES - 1 - slot);
        *value = left.remove(rest / block);
        rest %= block;
    }
    order
}

/// The index of an order of the values 1 to 6 ([`setup_order`]'s inverse); `None` unless
/// `order` holds each value once.
pub fn setup_index(order: [u8; CUBES]) -> Option<u16> {
    let mut left: Vec<u8> = (1..=CUBES as u8).collect();
    let mut index = 0;
    for (slot, value) in order.iter().enumerate() {
        let at = left.iter().position(|v| v == value)?;
        left.remove(at);
        index += at * factorial(CUBES - 1 - slot);
    }
    Some(index as u16)
}

const fn factorial(n: usize) -> usize {
    if n <= 1 {
        1
    } else {
        n * factorial(n - 1)
    }
}

/// The values of the cubes a roll of `die` lets move, given the values a side still has (bit
/// `v - 1` for value `v`): the cube with the rolled number, or else the next lower and the
/// next higher ones the side has. As a mask of the same form.
pub const fn movable(present: u8, die: u8) -> u8 {
    let rolled = 1 << (die - 1);
    if present & rolled != 0 {
        return rolled;
    }
    let below = present & (rolled - 1);
    let above = present & !(rolled | (rolled - 1)) & 0x3F;
    let lower = if below == 0 {
        0
    } else {
        1 << (7 - below.leading_zeros())
    };
    let higher = above & above.wrapping_neg();
    lower | higher
}

/// How many of the six rolls let the cube of `value` move, given the values the side has.
pub fn rolls_moving(present: u8, value: u8) -> u32 {
    ROLLS_MOVING[present as usize & 0x3F][value as usize - 1] as u32
}

/// [`rolls_moving`] for every set of values and every value, for evaluators.
static ROLLS_MOVING: [[u8; CUBES]; 64] = rolls_moving_table();

const fn rolls_moving_table() -> [[u8; CUBES]; 64] {
    let mut table = [[0; CUBES]; 64];
    let mut present = 1;
    while present < 64 {
        let mut die = 1;
        while die <= CUBES as u8 {
            let moved = movable(present as u8, die);
            let mut value = 0;
            while value < CUBES {
                if moved & (1 << value) != 0 {
                    table[present][value] += 1;
                }
                value += 1;
            }
            die += 1;
        }
        present += 1;
    }
    table
}

/// Random keys for hashing: one for each side, value and cell.
pub(crate) static CUBE_KEYS: [[[u64; CELLS]; CUBES]; 2] = cube_keys();

const fn cube_keys() -> [[[u64; CELLS]; CUBES]; 2] {
    let mut keys = [[[0; CELLS]; CUBES]; 2];
    let mut state: u64 = 0x0E1A_57E1_4D15_C0DE;
    let mut side = 0;
    while side < 2 {
        let mut value = 0;
        while value < CUBES {
            let mut cell = 0;
            while cell < CELLS {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                keys[side][value][cell] = z ^ (z >> 31);
                cell += 1;
            }
            value += 1;
        }
        side += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_orders_are_numbered_as_openspiel_numbers_them() {
        assert_eq!(setup_order(0), [1, 2, 3, 4, 5, 6]);
        assert_eq!(setup_order(1), [1, 2, 3, 4, 6, 5]);
        assert_eq!(setup_order(719), [6, 5, 4, 3, 2, 1]);
        // OpenSpiel's action 243 placed black's cubes 3 1 2 5 6 4.
        assert_eq!(setup_order(243), [3, 1, 2, 5, 6, 4]);
        for index in 0..SETUPS as u16 {
            assert_eq!(setup_index(setup_order(index)), Some(index));
        }
        assert_eq!(setup_index([1, 1, 2, 3, 4, 5]), None);
    }

    #[test]
    fn a_missing_number_moves_the_nearest_cube_on_either_side() {
        let all = 0x3F;
        assert_eq!(movable(all, 4), 1 << 3);
        // Values 1, 3 and 6 left: a 4 or a 5 moves the 3 or the 6; a 2 the 1 or the 3.
        let some = 0b10_0101;
        assert_eq!(movable(some, 4), 0b10_0100);
        assert_eq!(movable(some, 5), 0b10_0100);
        assert_eq!(movable(some, 2), 0b00_0101);
        // Only the 2 left: every roll moves it.
        assert!((1..=6).all(|die| movable(0b10, die) == 0b10));
        assert_eq!(rolls_moving(some, 6), 3); // 4, 5 and 6
                                              // The table is the count over the six rolls, for every set of cubes.
        for present in 1..64u8 {
            for value in (1..=6).filter(|v| present & 1 << (v - 1) != 0) {
                let count = (1..=6)
                    .filter(|&die| movable(present, die) & 1 << (value - 1) != 0)
                    .count() as u32;
                assert_eq!(rolls_moving(present, value), count, "{present:06b} {value}");
            }
        }
    }

    #[test]
    fn steps_stay_on_the_board() {
        assert_eq!(step(24, 0), None);
        assert_eq!(step(0, 0), Some(6));
        assert_eq!(step(0, 3), None);
        assert_eq!(step(24, 4), Some(18));
        assert_eq!(distance(0, Player::P0), 4);
        assert_eq!(distance(24, Player::P1), 4);
        assert_eq!(distance(20, Player::P0), 4);
    }
}
