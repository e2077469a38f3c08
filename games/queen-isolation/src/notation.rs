//! Position notation: `ROWS PLY`, the rows from the top, separated by `/`: `.` an open cell, `#`
//! a blocked one, `1` and `2` the players (whose cells are blocked too). The quiz's start is
//! `.../..# 0`; after (0,0) and (1,1) it is `1../.2# 2`.
//!
//! Moves are the quiz's `(x,y)`: column, then row from the top (blanks allowed).

use crate::{QueenIsolation, Variant};
use ply_search::NotationError;

/// The position as `ROWS PLY`.
pub fn format_position(state: &QueenIsolation) -> String {
    let v = state.variant();
    let locs = state.raw_locs();
    let rows: Vec<String> = (0..v.height)
        .map(|y| {
            (0..v.width)
                .map(|x| {
                    let cell = 8 * y + x;
                    if locs[0] == Some(cell) {
                        '1'
                    } else if locs[1] == Some(cell) {
                        '2'
                    } else if state.open_cells() >> cell & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect();
    format!("{} {}", rows.join("/"), state.ply_count())
}

/// Reads a position of `variant`'s size.
pub fn parse_position(
    variant: &'static Variant,
    text: &str,
) -> Result<QueenIsolation, NotationError> {
    let form = format!(
        "ROWS PLY: {} rows of {} cells from the top, separated by /, each . (open) # (blocked) 1 or 2 (a player), then the ply count, e.g. `1../.2# 2`",
        variant.height, variant.width
    );
    let bad = |why: &str| NotationError::new("position", text.trim(), format!("{form}{why}"));
    let mut fields = text.split_whitespace();
    let (Some(board), Some(ply), None) = (fields.next(), fields.next(), fields.next()) else {
        return Err(bad(""));
    };
    let ply: u32 = ply
        .parse()
        .map_err(|_| bad(" (the ply count is a whole number)"))?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != variant.height as usize
        || rows
            .iter()
            .any(|r| r.chars().count() != variant.width as usize)
    {
        return Err(bad(""));
    }
    let (mut open, mut locs) = (0u64, [None, None]);
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let cell = (8 * y + x) as u8;
            match c {
                '.' => open |= 1 << cell,
                '#' => {}
                '1' | '2' => {
                    let p = (c == '2') as usize;
                    if locs[p].replace(cell).is_some() {
                        return Err(bad(" (each player once)"));
                    }
                }
                _ => return Err(bad("")),
            }
        }
    }
    QueenIsolation::from_parts(variant, open, locs, ply).map_err(|why| bad(&format!(" ({why})")))
}
