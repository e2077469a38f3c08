//! Notation: cells are named as in chess, files `a` to `j` from the left and ranks `1` to `10`
//! from White's side. A move is written `d1-d7/g7`: the amazon's cell, where it lands, and
//! after the slash where its arrow burns; `d1d7g7`, `d1-d7-g7` and `d1-d7(g7)` are read too.
//!
//! A position is written FEN-style: the rows from the top, separated by `/`, each a string of
//! `w` (White, player 0), `b` (Black, player 1), `x` (a burnt cell) and numbers counting empty
//! cells, then the player to move, `w` or `b`.
//!
//! ```
//! use ply_amazons::Amazons;
//! use ply_search::Game;
//! let start = Amazons::from_spec("amazons(width=6,height=6)").unwrap();
//! assert_eq!(start.position(), "1b2b1/b4b/6/6/w4w/1w2w1 w");
//! let after = start.play_notation(["b1-b4/e4"]).unwrap();
//! assert_eq!(after.position(), "1b2b1/b4b/1w2x1/6/w4w/4w1 b");
//! assert_eq!(start.parse_position(&after.position()).unwrap(), after);
//! assert_eq!(start.parse_move("b1-b4/b1").unwrap().arrow, start.parse_move("b1-b4/b1").unwrap().from);
//! assert_eq!(start.parse_move("b1-c3/c4").unwrap_err().to_string(),
//!     "bad move `b1-c3/c4`: expected an amazon of the player to move, the empty cell it moves \
//!      to like a queen, and the empty cell its arrow flies to like a queen from there, \
//!      e.g. `b1-b4/e4` (this amazon cannot move from b1 to c3)");
//! ```

use crate::geometry::Geometry;
use crate::state::{Amazons, Move};
use ply_search::{ErrorKind, Game, NotationError, Player};

/// A cell's name, e.g. `d10`.
pub fn cell_name(geometry: &Geometry, cell: u8) -> String {
    let (column, row) = geometry.coordinates(cell);
    format!("{}{}", (b'a' + column) as char, row + 1)
}

/// A move in the notation: `d1-d7/g7`.
pub fn format_move(geometry: &Geometry, mv: Move) -> String {
    format!(
        "{}-{}/{}",
        cell_name(geometry, mv.from),
        cell_name(geometry, mv.to),
        cell_name(geometry, mv.arrow)
    )
}

/// The cell named at the start of `text`, on `geometry`'s board, and the rest of the text.
fn read_cell<'a>(geometry: &Geometry, text: &'a [u8]) -> Option<(u8, &'a [u8])> {
    let (&file, rest) = text.split_first()?;
    let column = file.checked_sub(b'a').filter(|&c| c < geometry.width)?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || rest[0] == b'0' {
        return None;
    }
    let rank: u8 = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
    if rank == 0 || rank > geometry.height {
        return None;
    }
    let index = (rank as u32 - 1) * geometry.stride + column as u32;
    Some((index as u8, &rest[digits..]))
}

/// The three cells of a move's text, with any of the accepted separators.
fn read_cells(geometry: &Geometry, text: &str) -> Option<[u8; 3]> {
    let lower = text.to_ascii_lowercase();
    let (from, rest) = read_cell(geometry, lower.as_bytes())?;
    let rest = rest.strip_prefix(b"-").unwrap_or(rest);
    let (to, rest) = read_cell(geometry, rest)?;
    let (rest, closing) = match rest {
        [b'/' | b'-', rest @ ..] => (rest, false),
        [b'(', rest @ ..] => (rest, true),
        _ => (rest, false),
    };
    let (arrow, rest) = read_cell(geometry, rest)?;
    match (rest, closing) {
        ([], false) | ([b')'], true) => Some([from, to, arrow]),
        _ => None,
    }
}

/// Why `text` is not a legal move in `state`, or the move.
fn read_move(state: &Amazons, text: &str) -> Result<Move, (ErrorKind, String)> {
    let g = state.geometry();
    let [from, to, arrow] = read_cells(g, text).ok_or_else(|| {
        (
            ErrorKind::Malformed,
            format!(
                "is not three cells of a {}x{} board, files a to {} and ranks 1 to {}",
                g.width,
                g.height,
                (b'a' + g.width - 1) as char,
                g.height
            ),
        )
    })?;
    if state.is_terminal() {
        return Err((ErrorKind::GameOver, "comes after the game ended".into()));
    }
    let name = |cell| cell_name(g, cell);
    let illegal = |why: String| Err((ErrorKind::IllegalMove, why));
    if state.amazons(state.to_move()) & (1u128 << from) == 0 {
        return illegal(format!(
            "has no amazon of the player to move on {}",
            name(from)
        ));
    }
    let from_bit = 1u128 << from;
    if g.queen_reach(from_bit, state.empty()) & (1u128 << to) == 0 {
        return illegal(format!(
            "amazon cannot move from {} to {}",
            name(from),
            name(to)
        ));
    }
    let open = (state.empty() | from_bit) & !(1u128 << to);
    if g.queen_reach(1u128 << to, open) & (1u128 << arrow) == 0 {
        return illegal(format!(
            "arrow cannot fly from {} to {}",
            name(to),
            name(arrow)
        ));
    }
    Ok(Move { from, to, arrow })
}

/// Reads a move and checks it is legal.
pub fn parse_move(state: &Amazons, text: &str) -> Result<Move, NotationError> {
    read_move(state, text.trim()).map_err(|(kind, why)| {
        NotationError::new(
            "move",
            text,
            format!(
                "an amazon of the player to move, the empty cell it moves to like a queen, \
                 and the empty cell its arrow flies to like a queen from there, e.g. \
                 `b1-b4/e4` (this {why})"
            ),
        )
        .with_kind(kind)
    })
}

/// The position FEN-style: rows from the top, then the player to move.
pub fn format_position(state: &Amazons) -> String {
    let g = state.geometry();
    let mut rows = Vec::with_capacity(g.height as usize);
    for row in (0..g.height).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for column in 0..g.width {
            let cell = g.cell(column, row);
            let mark = if state.amazons(Player::P0) & cell != 0 {
                'w'
            } else if state.amazons(Player::P1) & cell != 0 {
                'b'
            } else if state.arrows() & cell != 0 {
                'x'
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(mark);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        rows.push(text);
    }
    let side = if state.to_move() == Player::P0 {
        'w'
    } else {
        'b'
    };
    format!("{} {side}", rows.join("/"))
}

/// Reads a position written by [`format_position`], on `geometry`'s board.
pub fn parse_position(geometry: &'static Geometry, text: &str) -> Result<Amazons, NotationError> {
    read_position(geometry, text.trim()).map_err(|why| {
        NotationError::new(
            "position",
            text,
            format!(
                "{} rows of {} cells from the top, separated by `/`, of `w`, `b`, `x` and \
                 numbers for empty cells, then `w` or `b` to move, e.g. `{}` ({why})",
                geometry.height,
                geometry.width,
                format_position(&Amazons::new(geometry))
            ),
        )
    })
}

fn read_position(g: &'static Geometry, text: &str) -> Result<Amazons, String> {
    let (board, side) = text
        .split_once(' ')
        .ok_or("the player to move is missing")?;
    let side = match side.trim() {
        "w" | "W" => Player::P0,
        "b" | "B" => Player::P1,
        other => return Err(format!("`{other}` is not `w` or `b`")),
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != g.height as usize {
        return Err(format!("{} rows, not {}", rows.len(), g.height));
    }
    let (mut amazons, mut arrows) = ([0u128; 2], 0u128);
    for (i, row_text) in rows.iter().enumerate() {
        let row = g.height - 1 - i as u8;
        let mut column = 0u32;
        let mut chars = row_text.chars().peekable();
        while let Some(ch) = chars.next() {
            let run = match ch {
                'w' | 'W' | 'b' | 'B' | 'x' | 'X' => 1,
                '1'..='9' => {
                    let mut n = ch as u32 - '0' as u32;
                    if n == 1 && chars.peek() == Some(&'0') {
                        chars.next();
                        n = 10;
                    }
                    n
                }
                _ => return Err(format!("`{ch}` is not `w`, `b`, `x` or a number")),
            };
            if column + run > g.width as u32 {
                return Err(format!("row {} is longer than {} cells", i + 1, g.width));
            }
            if run == 1 && !ch.is_ascii_digit() {
                let cell = g.cell(column as u8, row);
                match ch.to_ascii_lowercase() {
                    'w' => amazons[0] |= cell,
                    'b' => amazons[1] |= cell,
                    _ => arrows |= cell,
                }
            }
            column += run;
        }
        if column != g.width as u32 {
            return Err(format!("row {} has {column} cells, not {}", i + 1, g.width));
        }
    }
    if amazons[0] == 0 || amazons[1] == 0 {
        return Err("each player needs an amazon".into());
    }
    Ok(Amazons::from_parts(g, amazons, arrows, side))
}
