//! Move and position notation.
//!
//! - Moves (Udacity and standard rules): the original's action integer: the cell index while
//!   the mover is not placed (`57`), afterwards the knight offset (`25`, `-11`...). The
//!   offsets' names (`NNE`, `ENE`, `ESE`, `SSE`, `SSW`, `WSW`, `WNW`, `NNW`) are accepted too,
//!   and so is the target cell as `(row,col)`, as the drawings label it.
//! - Moves (AIND rules): `(row,col)`, row 0 at the top, column 0 at the left, as in
//!   udacity/AIND-Isolation; blanks inside are allowed.
//! - Positions: `BOARD PLY LOC0 LOC1`: the board integer in decimal, the ply count and the two
//!   locations (`-` while not placed), e.g. `41523161203939121938568444148443134 2 57 0`. The
//!   Python repr is read too: `Isolation(board=41523161203939121938568444148443134,
//!   ply_count=2, locs=(57, 0))`.

use crate::variant::ACTION_NAMES;
use crate::{Isolation, Move, Rules, Variant};
use ply_search::spec::split_top_level;
use ply_search::{ErrorKind, Game, NotationError};

/// The move in the variant's notation.
pub fn format_move(state: &Isolation, mv: Move) -> String {
    let v = state.variant();
    if v.rules == Rules::Aind {
        let (row, col) = v.row_col(mv.cell());
        return format!("({row},{col})");
    }
    match state.loc(state.to_move()) {
        None => mv.cell().to_string(),
        Some(from) => (mv.cell() as i32 - from as i32).to_string(),
    }
}

/// Reads a move in the variant's notation and checks it is legal in `state`.
pub fn parse_move(state: &Isolation, text: &str) -> Result<Move, NotationError> {
    let legal = state.legal_moves();
    let expected = || {
        let list: Vec<String> = legal.iter().map(|&m| format_move(state, m)).collect();
        if list.is_empty() {
            "no move: the game is over".to_string()
        } else if state.variant().rules == Rules::Aind {
            format!("a legal (row,col): {}", abbreviate(&list))
        } else if state.loc(state.to_move()).is_none() {
            format!(
                "an open cell index for the opening move: {} (or its (row,col))",
                abbreviate(&list)
            )
        } else {
            format!(
                "a legal action: {} (offsets, NNE, ENE, ..., or the target's (row,col))",
                abbreviate(&list)
            )
        }
    };
    let bad = || NotationError::new("move", text.trim(), expected());
    let target = if state.variant().rules == Rules::Aind || text.trim_start().starts_with('(') {
        let (row, col) = parse_row_col(text).ok_or_else(bad)?;
        state.variant().cell_at_row_col(row, col).ok_or_else(bad)?
    } else {
        let word = text.trim();
        let number = match ACTION_NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(word))
        {
            Some(i) if state.loc(state.to_move()).is_some() => state.variant().offsets[i] as i64,
            _ => word.parse::<i64>().map_err(|_| bad())?,
        };
        let target = match state.loc(state.to_move()) {
            None => number,
            Some(from) if state.variant().offsets.iter().any(|&o| o as i64 == number) => {
                from as i64 + number
            }
            Some(_) => return Err(bad()),
        };
        u8::try_from(target).map_err(|_| bad())?
    };
    let mv = Move(target);
    if legal.contains(&mv) {
        Ok(mv)
    } else {
        Err(bad().with_kind(ErrorKind::IllegalMove))
    }
}

fn abbreviate(items: &[String]) -> String {
    if items.len() <= 12 {
        items.join(", ")
    } else {
        format!(
            "{}, ... {} ({} moves)",
            items[..6].join(", "),
            items[items.len() - 1],
            items.len()
        )
    }
}

fn parse_row_col(text: &str) -> Option<(u8, u8)> {
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?;
    let (row, col) = inner.split_once(',')?;
    Some((row.trim().parse().ok()?, col.trim().parse().ok()?))
}

/// The state as `BOARD PLY LOC0 LOC1`.
pub fn format_position(state: &Isolation) -> String {
    let show = |l: Option<u8>| l.map_or("-".to_string(), |c| c.to_string());
    let [a, b] = state.locs();
    format!(
        "{} {} {} {}",
        state.board(),
        state.ply_count(),
        show(a),
        show(b)
    )
}

const POSITION_FORM: &str = "BOARD PLY LOC0 LOC1 (`-` for unplaced), e.g. `41523161203939121938568444148443134 2 57 0`, or the Python repr `Isolation(board=..., ply_count=..., locs=(57, 0))`";

/// Reads a position of `variant` in either form (see the module docs).
pub fn parse_position(variant: &'static Variant, text: &str) -> Result<Isolation, NotationError> {
    let bad = || NotationError::new("position", text.trim(), POSITION_FORM);
    let trimmed = text.trim();
    let (board, ply, locs) = if let Some(open) = trimmed.find('(') {
        let name = trimmed[..open].trim();
        if !matches!(name, "Isolation" | "DebugState" | "") || !trimmed.ends_with(')') {
            return Err(bad());
        }
        let inner = &trimmed[open + 1..trimmed.len() - 1];
        let (mut board, mut ply, mut locs) = (None, None, None);
        for item in split_top_level(inner).ok_or_else(bad)? {
            let (key, value) = item.split_once('=').ok_or_else(bad)?;
            let value = value.trim();
            match key.trim() {
                "board" => board = Some(value.parse::<u128>().map_err(|_| bad())?),
                "ply_count" => ply = Some(value.parse::<u32>().map_err(|_| bad())?),
                "locs" => {
                    let pair = value.strip_prefix('(').and_then(|v| v.strip_suffix(')'));
                    let (a, b) = pair.and_then(|p| p.split_once(',')).ok_or_else(bad)?;
                    locs = Some([parse_loc(a).ok_or_else(bad)?, parse_loc(b).ok_or_else(bad)?]);
                }
                _ => return Err(bad()),
            }
        }
        (
            board.unwrap_or(variant.blank.0),
            ply.unwrap_or(0),
            locs.unwrap_or([None, None]),
        )
    } else {
        let parts: Vec<&str> = trimmed.split_whitespace().collect();
        let [board, ply, a, b] = parts[..] else {
            return Err(bad());
        };
        (
            board.parse::<u128>().map_err(|_| bad())?,
            ply.parse::<u32>().map_err(|_| bad())?,
            [parse_loc(a).ok_or_else(bad)?, parse_loc(b).ok_or_else(bad)?],
        )
    };
    Isolation::from_parts(variant, board, ply, locs)
}

/// A location: a cell index, or `-` / `None` for unplaced. `Some(None)` means unplaced.
fn parse_loc(text: &str) -> Option<Option<u8>> {
    match text.trim() {
        "-" | "None" | "null" => Some(None),
        t => t.parse::<u8>().ok().map(Some),
    }
}
