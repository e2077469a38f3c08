//! Notation: a move is the target cell as `(row,col)`, row 0 at the top and column 0 at the
//! left, as the drawings label it; a position is the rows from the top, `/` between them,
//! each cell `.` (open), `#` (closed: visited) or the seat (`0` to `3`) whose knight stands
//! there, then the seat to move and the plies played:
//! `.........../...../.........../ 0 0`.

use super::Knights;
use crate::variant::UNPLACED;
use crate::{Cells, Move};
use ply_search::{ErrorKind, Game, NotationError};

/// The move's target as `(row,col)`.
pub fn format_move(state: &Knights, mv: Move) -> String {
    let (row, col) = state.variant.row_col(mv.cell());
    format!("({row},{col})")
}

/// Reads `(row,col)` and checks it is a legal target.
pub fn parse_move(state: &Knights, text: &str) -> Result<Move, NotationError> {
    let legal = state.legal_moves();
    let form = || {
        let list: Vec<String> = legal
            .iter()
            .take(10)
            .map(|&m| format_move(state, m))
            .collect();
        let more = if legal.len() > list.len() {
            format!(", ... ({} in all)", legal.len())
        } else {
            String::new()
        };
        format!(
            "a legal target (row,col), row 0 at the top: {}{more}",
            list.join(", ")
        )
    };
    let bad = || NotationError::new("move", text.trim(), form());
    let inner = text
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'));
    let (row, col) = inner.and_then(|t| t.split_once(',')).ok_or_else(bad)?;
    let (row, col) = (
        row.trim().parse().map_err(|_| bad())?,
        col.trim().parse().map_err(|_| bad())?,
    );
    let cell = state.variant.cell_at_row_col(row, col).ok_or_else(bad)?;
    if legal.contains(&Move(cell)) {
        Ok(Move(cell))
    } else {
        Err(bad().with_kind(ErrorKind::IllegalMove))
    }
}

/// The position in the notation above.
pub fn position(state: &Knights) -> String {
    let v = state.variant;
    let rows: Vec<String> = (0..v.height)
        .map(|row| {
            (0..v.width)
                .map(|col| {
                    let cell = v.cell_at_row_col(row, col).expect("on the board");
                    match state.locs[..state.players as usize]
                        .iter()
                        .position(|&l| l == cell)
                    {
                        Some(seat) => (b'0' + seat as u8) as char,
                        None if state.open.contains(cell) => '.',
                        None => '#',
                    }
                })
                .collect()
        })
        .collect();
    format!("{} {} {}", rows.join("/"), state.seat, state.ply)
}

/// Reads a position for the board and players of `game`.
pub fn parse_position(game: &Knights, text: &str) -> Result<Knights, NotationError> {
    let v = game.variant;
    let form = format!(
        "{} rows of {} cells from the top, `/` between them, each `.` (open), `#` (closed) or \
         a seat 0 to {} (its knight), then the seat to move and the plies played",
        v.height,
        v.width,
        game.players - 1
    );
    let bad = |part: &str, text: &str| NotationError::new(part, text, &form);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, seat, ply] = fields[..] else {
        return Err(bad("position", text.trim()));
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != v.height as usize {
        return Err(bad("position rows", board));
    }
    let mut state = Knights {
        open: Cells::EMPTY,
        locs: [UNPLACED; 4],
        ..*game
    };
    for (row, text) in rows.iter().enumerate() {
        if text.len() != v.width as usize {
            return Err(bad("position row", text));
        }
        for (col, mark) in text.chars().enumerate() {
            let cell = v
                .cell_at_row_col(row as u8, col as u8)
                .expect("on the board");
            match mark {
                '.' => state.open = Cells(state.open.0 | 1u128 << cell),
                '#' => {}
                '0'..='3' if (mark as u8 - b'0') < game.players => {
                    let seat = (mark as u8 - b'0') as usize;
                    if state.locs[seat] != UNPLACED {
                        return Err(bad("position", &format!("two knights of seat {seat}")));
                    }
                    state.locs[seat] = cell;
                }
                _ => return Err(bad("position cell", &mark.to_string())),
            }
        }
    }
    state.seat = seat
        .parse::<u8>()
        .ok()
        .filter(|&s| s < game.players)
        .ok_or_else(|| bad("seat to move", seat))?;
    state.ply = ply
        .parse::<u32>()
        .ok()
        .filter(|&p| p <= ply_search::game::MAX_POSITION_PLY)
        .ok_or_else(|| bad("plies played", ply))?;
    let mover = state.to_move();
    if state.is_out(mover) && !state.is_terminal() {
        return Err(NotationError::new(
            "position",
            text.trim(),
            format!(
                "a seat to move that can move (seat {} is stuck)",
                mover.index()
            ),
        ));
    }
    Ok(state)
}
