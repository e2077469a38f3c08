//! Notation: a turn is the piece's cell and the cell it ends on, in OpenSpiel's numbers (0 the
//! top point to 120 the bottom one), written as OpenSpiel writes its actions: `6->14` for a
//! step and `3=>14` for hops (one or a chain); `pass` when no piece can move. A position is the
//! 17 rows from the top point, `/` between them, each cell `.` or the seat (`0` to `5`) whose
//! piece stands on it, then the seat to move and the turns played:
//! `0/00/000/0000/............./…/1111/111/11/1 0 0`.

use crate::board::{bit, CELLS, NEIGHBOURS, ROW_LENGTHS};
use crate::state::{ChineseCheckers, Move, PASS};
use ply_search::{Game, NotationError};

/// The turn in OpenSpiel's words.
pub fn format_move(mv: Move) -> String {
    if mv == PASS {
        return "pass".into();
    }
    let step = NEIGHBOURS[mv.from as usize].contains(&mv.to);
    format!("{}{}{}", mv.from, if step { "->" } else { "=>" }, mv.to)
}

/// Reads a turn (`6->14`, `3=>26`, `3-26`, or a chain as `3=>14=>26`) and checks it is legal.
pub fn parse_move(state: &ChineseCheckers, text: &str) -> Result<Move, NotationError> {
    let form = "a piece's cell and where it ends, 0 to 120 (e.g. 6->14 for a step, 3=>14 for \
                hops), or pass";
    let word = text.trim().to_ascii_lowercase();
    let mv = if word == "pass" {
        PASS
    } else {
        let cells: Option<Vec<u8>> = word
            .split(['-', '=', '>'])
            .filter(|part| !part.is_empty())
            .map(|part| {
                part.trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|&c| (c as usize) < CELLS)
            })
            .collect();
        match cells.as_deref() {
            Some([from, .., to]) => Move {
                from: *from,
                to: *to,
            },
            _ => return Err(NotationError::new("move", text, form)),
        }
    };
    let legal_here = if mv == PASS {
        state.legal_moves().as_slice() == [PASS]
    } else {
        !state.is_terminal()
            && state.pieces_of(state.to_move()) & bit(mv.from) != 0
            && state.destinations(mv.from) & bit(mv.to) != 0
    };
    if legal_here {
        Ok(mv)
    } else {
        let legal = state.legal_moves();
        let shown: Vec<String> = legal.iter().take(12).map(|&m| format_move(m)).collect();
        let more = if legal.len() > shown.len() {
            format!(" ... ({} in all)", legal.len())
        } else {
            String::new()
        };
        Err(NotationError::new(
            "move",
            text,
            format!("a legal move: {}{more}", shown.join(", ")),
        ))
    }
}

/// The position in the notation above.
pub fn position(state: &ChineseCheckers) -> String {
    let mut rows = Vec::with_capacity(ROW_LENGTHS.len());
    let mut cell = 0u8;
    for &length in &ROW_LENGTHS {
        let row: String = (0..length)
            .map(|_| {
                let mark = (0..state.players)
                    .find(|&seat| state.pieces[seat as usize] & bit(cell) != 0)
                    .map_or('.', |seat| (b'0' + seat) as char);
                cell += 1;
                mark
            })
            .collect();
        rows.push(row);
    }
    format!("{} {} {}", rows.join("/"), state.seat, state.turns)
}

/// Reads a position for the players of `game`.
pub fn parse_position(
    game: &ChineseCheckers,
    text: &str,
) -> Result<ChineseCheckers, NotationError> {
    let players = game.players;
    let form = format!(
        "17 rows from the top point ({}), `/` between them, each cell `.` or a seat 0 to {}, \
         then the seat to move and the turns played",
        ROW_LENGTHS.map(|l| l.to_string()).join(", "),
        players - 1
    );
    let bad = |what: &str, part: &str| NotationError::new(what, part, &form);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, seat, turns] = fields[..] else {
        return Err(bad("position", text));
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ROW_LENGTHS.len() {
        return Err(bad("position rows", board));
    }
    let mut pieces = [0u128; 6];
    let mut cell = 0u8;
    for (row, &length) in rows.iter().zip(&ROW_LENGTHS) {
        if row.len() != length {
            return Err(bad("position row", row));
        }
        for mark in row.chars() {
            match mark {
                '.' => {}
                '0'..='5' if (mark as u8 - b'0') < players => {
                    pieces[(mark as u8 - b'0') as usize] |= bit(cell);
                }
                _ => return Err(bad("position cell", &mark.to_string())),
            }
            cell += 1;
        }
    }
    for (seat, p) in pieces.iter().enumerate().take(players as usize) {
        if p.count_ones() != 10 {
            return Err(NotationError::new(
                "position",
                board,
                format!(
                    "ten pieces for each seat (seat {seat} has {})",
                    p.count_ones()
                ),
            ));
        }
    }
    let seat = seat
        .parse::<u8>()
        .ok()
        .filter(|&s| s < players)
        .ok_or_else(|| bad("seat to move", seat))?;
    let turns = turns
        .parse::<u32>()
        .ok()
        .filter(|&t| t <= ply_search::game::MAX_POSITION_PLY)
        .filter(|&t| t <= game.max_turns)
        .ok_or_else(|| bad("turns played", turns))?;
    let mut state = ChineseCheckers {
        pieces,
        seat,
        turns,
        ..*game
    };
    let filled: Vec<u8> = (0..players).filter(|&s| state.has_filled(s)).collect();
    state.winner = match filled[..] {
        [] => crate::board::NONE,
        [winner] => winner,
        _ => {
            return Err(NotationError::new(
                "position",
                board,
                "at most one seat with its target triangle filled (the game ends at the first)",
            ))
        }
    };
    Ok(state)
}
