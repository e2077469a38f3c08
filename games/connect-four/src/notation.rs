//! Notation, Pascal Pons' (github.com/PascalPons/connect4): a move is its column's digit, `1`
//! on the left; a position is the moves that reach it from the empty board, `4453`.
//!
//! A state keeps no history, so [`sequence_of`] finds a sequence that reaches the position:
//! stepping back, it takes the last mover's stone off the leftmost column where that leaves a
//! position nobody had won. Every position reached by legal play has one.
//!
//! ```
//! use ply_connect_four::ConnectFour;
//! use ply_search::Game;
//! let start = ConnectFour::standard();
//! let position = start.parse_position("4453").unwrap();
//! assert_eq!(position.position(), "4453");
//! assert_eq!(start.parse_position("4354").unwrap().position(), "4453");
//! assert_eq!(start.parse_position("448").unwrap_err().to_string(),
//!     "bad position `448`: expected the columns played from the empty board, each 1 to 7, \
//!      e.g. `4453` (move 3, `8`, is not a column 1 to 7)");
//! ```

use crate::geometry::Geometry;
use crate::state::{has_four, ConnectFour, Move};
use ply_search::{ErrorKind, Game, NotationError, Player};
use std::collections::HashSet;

/// A move's digit.
pub fn format_move(mv: Move) -> String {
    ((b'1' + mv.0) as char).to_string()
}

/// Why the one-character move `text` cannot be played in `state`, or the move.
fn read_move(state: &ConnectFour, text: &str) -> Result<Move, (ErrorKind, String)> {
    let width = state.geometry().width;
    let column = match text.as_bytes() {
        [digit @ b'1'..=b'9'] if digit - b'1' < width => digit - b'1',
        _ => {
            return Err((
                ErrorKind::Malformed,
                format!("is not a column 1 to {width}"),
            ))
        }
    };
    if state.is_terminal() {
        return Err((ErrorKind::GameOver, "comes after the game ended".into()));
    }
    let mv = Move(column);
    if state.playable() & state.geometry().column_mask(column) == 0 {
        return Err((ErrorKind::IllegalMove, "is a full column".into()));
    }
    Ok(mv)
}

/// Reads a column digit and checks it can be played.
pub fn parse_move(state: &ConnectFour, text: &str) -> Result<Move, NotationError> {
    let width = state.geometry().width;
    read_move(state, text.trim()).map_err(|(kind, why)| {
        NotationError::new(
            "move",
            text,
            format!("a column 1 to {width} that is not full and a game not over (this {why})"),
        )
        .with_kind(kind)
    })
}

/// Reads a move sequence from the empty board of `geometry`.
pub fn parse_sequence(
    geometry: &'static Geometry,
    text: &str,
) -> Result<ConnectFour, NotationError> {
    let mut state = ConnectFour::new(geometry);
    let moves = text.trim();
    for (index, ch) in moves.char_indices() {
        let one = &moves[index..index + ch.len_utf8()];
        match read_move(&state, one) {
            Ok(mv) => state = state.play(mv),
            Err((kind, why)) => {
                return Err(NotationError::new(
                    "position",
                    text,
                    format!(
                        "the columns played from the empty board, each 1 to {}, e.g. `4453` \
                         (move {}, `{one}`, {why})",
                        geometry.width,
                        state.ply() + 1
                    ),
                )
                .with_kind(kind))
            }
        }
    }
    Ok(state)
}

/// A move sequence that reaches `state` from the empty board.
pub fn sequence_of(state: &ConnectFour) -> String {
    let geometry = state.geometry();
    let stones = [state.stones(Player::P0), state.stones(Player::P1)];
    let mut columns = Vec::with_capacity(state.stones_played() as usize);
    let mut dead_ends = HashSet::new();
    let found = unplay(geometry, stones, &mut columns, &mut dead_ends);
    debug_assert!(found, "a position reached by play can be unplayed");
    columns
        .iter()
        .rev()
        .map(|&c| format_move(Move(c)))
        .collect()
}

/// Takes the stones off one by one (the last mover's, from a column's top), never through a
/// position with four; `columns` gets the columns taken, last move first.
fn unplay(
    geometry: &Geometry,
    stones: [u64; 2],
    columns: &mut Vec<u8>,
    dead_ends: &mut HashSet<[u64; 2]>,
) -> bool {
    let count = (stones[0] | stones[1]).count_ones();
    if count == 0 {
        return true;
    }
    if dead_ends.contains(&stones) {
        return false;
    }
    let mover = (count as usize - 1) & 1;
    let all = stones[0] | stones[1];
    for column in 0..geometry.width {
        let in_column = all & geometry.column_mask(column);
        if in_column == 0 {
            continue;
        }
        let top = 1u64 << (63 - in_column.leading_zeros());
        if stones[mover] & top == 0 {
            continue;
        }
        let mut before = stones;
        before[mover] ^= top;
        if has_four(before[0], geometry.column_bits) || has_four(before[1], geometry.column_bits) {
            continue;
        }
        columns.push(column);
        if unplay(geometry, before, columns, dead_ends) {
            return true;
        }
        columns.pop();
    }
    dead_ends.insert(stones);
    false
}
