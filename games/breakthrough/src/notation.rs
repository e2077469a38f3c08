//! Notation: cells are written as in chess, files `a` to `h` from the left and ranks `1` to
//! `8` from White's side; a move is `a2-a3`, or `b2xc3` when it captures. OpenSpiel's move
//! text (`a2a3`, `b2c3*`) is read too, as are moves without the sign.
//!
//! A position is written FEN-style: the rows from the top, separated by `/`, each a string of
//! `w` (White, player 0), `b` (Black, player 1) and digits counting empty cells, then the
//! player to move, `w` or `b`.
//!
//! ```
//! use ply_breakthrough::Breakthrough;
//! use ply_search::Game;
//! let start = Breakthrough::from_spec("breakthrough(width=6,height=6)").unwrap();
//! assert_eq!(start.position(), "bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w");
//! let after = start.play_notation(["c2-c3", "d5-d4", "c3xd4"]).unwrap();
//! assert_eq!(after.position(), "bbbbbb/bbb1bb/3w2/6/ww1www/wwwwww b");
//! assert_eq!(start.parse_position(&after.position()).unwrap(), after);
//! assert_eq!(start.parse_move("c2-d4").unwrap_err().to_string(),
//!     "bad move `c2-d4`: expected a step of one row forward, straight or diagonal, of a \
//!      piece of the player to move, e.g. `a2-a3` or `b2xc3` (this is not a legal step for White)");
//! ```

use crate::geometry::Geometry;
use crate::state::{Breakthrough, Move};
use ply_search::SearchHints;
use ply_search::{ErrorKind, Game, NotationError, Player};

/// A cell's name, e.g. `c2`.
pub fn cell_name(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % 8) as char, cell / 8 + 1)
}

/// A move in the notation: `a2-a3`, or `b2xc3` for a capture.
pub fn format_move(state: &Breakthrough, mv: Move) -> String {
    let sign = if state.is_capture(mv) { 'x' } else { '-' };
    format!("{}{sign}{}", cell_name(mv.from), cell_name(mv.to))
}

/// The cell named at the start of `text` (two characters), on `geometry`'s board.
fn read_cell(geometry: &Geometry, text: &[u8]) -> Option<u8> {
    match text {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8', ..]
            if file - b'a' < geometry.width && rank - b'1' < geometry.height =>
        {
            Some((rank - b'1') * 8 + (file - b'a'))
        }
        _ => None,
    }
}

/// The colour's name of a player.
pub fn colour(player: Player) -> &'static str {
    ["White", "Black"][player.index()]
}

/// Why `text` is not a legal move in `state`, or the move.
fn read_move(state: &Breakthrough, text: &str) -> Result<Move, (ErrorKind, String)> {
    let g = state.geometry();
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let malformed = || {
        (
            ErrorKind::Malformed,
            format!(
                "is not two cells of a {}x{} board, files a to {} and ranks 1 to {}",
                g.width,
                g.height,
                (b'a' + g.width - 1) as char,
                g.height
            ),
        )
    };
    let from = read_cell(g, bytes).ok_or_else(malformed)?;
    let (sign, rest) = match bytes.get(2) {
        Some(b'-') => (Some(false), &bytes[3..]),
        Some(b'x') => (Some(true), &bytes[3..]),
        _ => (None, &bytes[2..]),
    };
    let to = read_cell(g, rest).ok_or_else(malformed)?;
    let sign = match &rest[2..] {
        [] => sign,
        [b'*'] if sign.is_none() => Some(true),
        _ => return Err(malformed()),
    };
    if state.is_terminal() {
        return Err((ErrorKind::GameOver, "comes after the game ended".into()));
    }
    let mv = Move { from, to };
    let mut legal = false;
    state.for_each_move(|m| legal |= m == mv);
    if !legal {
        return Err((
            ErrorKind::IllegalMove,
            format!("is not a legal step for {}", colour(state.to_move())),
        ));
    }
    match sign {
        Some(true) if !state.is_capture(mv) => Err((
            ErrorKind::IllegalMove,
            format!("captures nothing: write {}", format_move(state, mv)),
        )),
        Some(false) if state.is_capture(mv) => Err((
            ErrorKind::IllegalMove,
            format!("is a capture: write {}", format_move(state, mv)),
        )),
        _ => Ok(mv),
    }
}

/// Reads a move and checks it is legal.
pub fn parse_move(state: &Breakthrough, text: &str) -> Result<Move, NotationError> {
    read_move(state, text.trim()).map_err(|(kind, why)| {
        NotationError::new(
            "move",
            text,
            format!(
                "a step of one row forward, straight or diagonal, of a piece of the player \
                 to move, e.g. `a2-a3` or `b2xc3` (this {why})"
            ),
        )
        .with_kind(kind)
    })
}

/// The position FEN-style: rows from the top, then the player to move.
pub fn format_position(state: &Breakthrough) -> String {
    let g = state.geometry();
    let mut rows = Vec::with_capacity(g.height as usize);
    for row in (0..g.height).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for column in 0..g.width {
            let cell = g.cell(column, row);
            let mark = if state.pieces(Player::P0) & cell != 0 {
                'w'
            } else if state.pieces(Player::P1) & cell != 0 {
                'b'
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
pub fn parse_position(
    geometry: &'static Geometry,
    text: &str,
) -> Result<Breakthrough, NotationError> {
    read_position(geometry, text.trim()).map_err(|(kind, why)| {
        NotationError::new(
            "position",
            text,
            format!(
                "{} rows of {} cells from the top, separated by `/`, of `w`, `b` and digits \
                 for empty cells, then `w` or `b` to move, e.g. `{}` ({why})",
                geometry.height,
                geometry.width,
                format_position(&Breakthrough::new(geometry))
            ),
        )
        .with_kind(kind)
    })
}

fn read_position(g: &'static Geometry, text: &str) -> Result<Breakthrough, (ErrorKind, String)> {
    let malformed = |why: String| (ErrorKind::Malformed, why);
    let (board, side) = text
        .split_once(' ')
        .ok_or_else(|| malformed("the player to move is missing".into()))?;
    let side = match side.trim() {
        "w" | "W" => Player::P0,
        "b" | "B" => Player::P1,
        other => return Err(malformed(format!("`{other}` is not `w` or `b`"))),
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != g.height as usize {
        return Err(malformed(format!("{} rows, not {}", rows.len(), g.height)));
    }
    let mut pieces = [0u64; 2];
    for (i, row_text) in rows.iter().enumerate() {
        let row = g.height - 1 - i as u8;
        let mut column = 0u32;
        for ch in row_text.chars() {
            let run = match ch {
                'w' | 'W' | 'b' | 'B' => 1,
                '1'..='8' => ch as u32 - '0' as u32,
                _ => {
                    return Err(malformed(format!(
                        "`{ch}` is not `w`, `b` or a digit 1 to 8"
                    )))
                }
            };
            if column + run > g.width as u32 {
                return Err(malformed(format!(
                    "row {} is longer than {} cells",
                    i + 1,
                    g.width
                )));
            }
            if let Some(player) = match ch {
                'w' | 'W' => Some(0),
                'b' | 'B' => Some(1),
                _ => None,
            } {
                pieces[player] |= g.cell(column as u8, row);
            }
            column += run;
        }
        if column != g.width as u32 {
            return Err(malformed(format!(
                "row {} has {column} cells, not {}",
                i + 1,
                g.width
            )));
        }
    }
    let unreachable = |why: &str| (ErrorKind::Malformed, why.to_string());
    let (mover, last) = (side.index(), 1 - side.index());
    if pieces[mover] & g.goal[mover] != 0 {
        return Err(unreachable(
            "the player to move is on its goal row: the game ended before its turn",
        ));
    }
    if pieces[last] == 0 {
        return Err(unreachable(
            "the player who just moved has no pieces: a move never loses its own last piece",
        ));
    }
    Ok(Breakthrough::from_parts(g, pieces, side))
}
