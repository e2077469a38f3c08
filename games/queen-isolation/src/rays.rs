//! Queen rays by bit operations: occluded fills on a board stored 8 bits per row.
//!
//! Cell `(x, y)` is bit `8 * y + x`, `y = 0` the top row, `x = 0` the left column, as in the
//! GameState quiz (`_board[x][y]`, (0, 0) top-left). A board narrower or shorter than 8x8 uses a
//! corner of the 64 bits; the other bits are never open, so rays stop there by themselves.

/// The eight directions `(dx, dy)` in the quiz's scanning order.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

const FILE_0: u64 = 0x0101_0101_0101_0101;
const FILE_7: u64 = FILE_0 << 7;

#[inline]
fn shift(bits: u64, by: i32) -> u64 {
    if by >= 0 {
        bits << by
    } else {
        bits >> -by
    }
}

/// The open cells a queen on `from` reaches in direction `d` (an index into [`DIRECTIONS`]),
/// stopping before the first closed cell: a Kogge-Stone occluded fill, no loop over cells.
#[inline]
pub fn ray(from: u8, open: u64, d: usize) -> u64 {
    let (dx, dy) = DIRECTIONS[d];
    let step = dy as i32 * 8 + dx as i32;
    // A step east must not land in column 0 (it wrapped from column 7), and west not in 7.
    let landing = match dx {
        1 => !FILE_0,
        -1 => !FILE_7,
        _ => !0,
    };
    let mut gen = 1u64 << from;
    let mut pro = open & landing;
    gen |= pro & shift(gen, step);
    pro &= shift(pro, step);
    gen |= pro & shift(gen, 2 * step);
    pro &= shift(pro, 2 * step);
    gen |= pro & shift(gen, 4 * step);
    shift(gen, step) & open & landing
}

/// Every open cell a queen on `from` reaches.
#[inline]
pub fn queen(from: u8, open: u64) -> u64 {
    (0..8).fold(0, |acc, d| acc | ray(from, open, d))
}

/// Whether direction `d` runs towards higher bits (so its nearest cell is its lowest bit).
#[inline]
pub fn ascending(d: usize) -> bool {
    let (dx, dy) = DIRECTIONS[d];
    dy as i32 * 8 + dx as i32 > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain walk, cell by cell, as the quiz's Python does it.
    fn walk(from: u8, open: u64, d: usize) -> u64 {
        let (dx, dy) = DIRECTIONS[d];
        let (mut x, mut y) = ((from % 8) as i32, (from / 8) as i32);
        let mut out = 0;
        loop {
            x += dx as i32;
            y += dy as i32;
            if !(0..8).contains(&x) || !(0..8).contains(&y) {
                return out;
            }
            let bit = 1u64 << (y * 8 + x);
            if open & bit == 0 {
                return out;
            }
            out |= bit;
        }
    }

    #[test]
    fn rays_match_a_cell_by_cell_walk() {
        let mut rng = ply_search::Rng::new(3);
        for _ in 0..20_000 {
            let open = rng.next_u64() | rng.next_u64();
            let from = rng.below(64) as u8;
            for d in 0..8 {
                assert_eq!(
                    ray(from, open, d),
                    walk(from, open, d),
                    "from {from} dir {d} open {open:#x}"
                );
            }
        }
    }
}
