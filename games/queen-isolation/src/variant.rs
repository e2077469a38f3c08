//! Board variants: size, cells blocked from the start, rules.

use ply_search::NotationError;
use std::sync::Mutex;

/// The rules a board plays by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The GameState quiz's: the game ends as soon as either player has no liberty; the player
    /// to move wins iff it still has one (the knight game's rule, without its cell-0 quirk).
    Udacity,
    /// The player to move without a legal move loses.
    Standard,
}

impl Rules {
    /// The names used in specs.
    pub const NAMES: [&'static str; 2] = ["udacity", "standard"];
    /// Both rule sets, in the order of the names.
    pub const ALL: [Rules; 2] = [Rules::Udacity, Rules::Standard];
}

/// A board: its size, the cells blocked before play, and the rules. Obtain one with
/// [`Variant::get`]; equal variants are one shared value.
#[derive(Debug, PartialEq, Eq)]
pub struct Variant {
    /// Columns (1 to 8).
    pub width: u8,
    /// Rows (1 to 8).
    pub height: u8,
    /// Cells blocked from the start, as bits `8 * y + x`.
    pub blocked: u64,
    /// The rules.
    pub rules: Rules,
    /// Every cell of the board.
    pub cells: u64,
    /// The open cells at the start.
    pub start: u64,
    pub(crate) symmetries: Vec<[u8; 64]>,
}

static VARIANTS: Mutex<Vec<&'static Variant>> = Mutex::new(Vec::new());

impl Variant {
    /// The board of this size with these cells blocked (bits `8 * y + x`), or an error for a
    /// size outside 1 to 8 or a blocked cell off the board.
    pub fn get(
        width: u8,
        height: u8,
        blocked: u64,
        rules: Rules,
    ) -> Result<&'static Variant, NotationError> {
        if !(1..=8).contains(&width) || !(1..=8).contains(&height) {
            return Err(NotationError::new(
                "board size",
                format!("{width}x{height}"),
                "width and height from 1 to 8",
            )
            .with_kind(ply_search::ErrorKind::OutOfRange));
        }
        let mut cells = 0u64;
        for y in 0..height {
            for x in 0..width {
                cells |= 1 << (8 * y + x);
            }
        }
        if blocked & !cells != 0 {
            let bit = (blocked & !cells).trailing_zeros();
            return Err(NotationError::new(
                "blocked cell",
                format!("({},{})", bit % 8, bit / 8),
                format!("cells (x,y) with x below {width} and y below {height}"),
            ));
        }
        let mut cache = VARIANTS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = cache.iter().find(|v| {
            v.width == width && v.height == height && v.blocked == blocked && v.rules == rules
        }) {
            return Ok(v);
        }
        let symmetries = (0..ply_grid::symmetry::symmetry_count(width, height))
            .map(|s| {
                let mut map = [0u8; 64];
                for y in 0..height {
                    for x in 0..width {
                        let (nx, ny) = ply_grid::symmetry::map_cell(s, width, height, x, y);
                        map[(8 * y + x) as usize] = 8 * ny + nx;
                    }
                }
                map
            })
            .collect();
        let v: &'static Variant = Box::leak(Box::new(Variant {
            width,
            height,
            blocked,
            rules,
            cells,
            start: cells & !blocked,
            symmetries,
        }));
        cache.push(v);
        Ok(v)
    }

    /// The GameState quiz's board: 3 columns, 2 rows, the lower-right cell (2, 1) blocked.
    pub fn quiz() -> &'static Variant {
        Variant::get(3, 2, 1 << (8 + 2), Rules::Udacity).expect("the quiz board fits")
    }

    /// The lesson's 5x5 board.
    pub fn lesson() -> &'static Variant {
        Variant::get(5, 5, 0, Rules::Udacity).expect("5x5 fits")
    }
}
