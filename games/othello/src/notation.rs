//! Notation: a move is a square as OpenSpiel writes it (column letter, row number from the top:
//! `d3`) or `pass`; a position is the rows from the top, `/` between them, each square a
//! colour's letter or `-`, then the letter of the colour to move:
//! `--------/--------/--------/---ox---/---xo---/--------/--------/-------- x`, and after
//! Othello's passes the plies played (which are otherwise the discs less the four of the
//! start).

use crate::state::{Move, Reversi, Rules, COLOURS, PASS};
use ply_search::{NotationError, Player};

/// The move in OpenSpiel's words.
pub fn format_move(mv: Move) -> String {
    if mv == PASS {
        return "pass".into();
    }
    let (row, column) = (mv / 8, mv % 8);
    format!("{}{}", (b'a' + column) as char, row + 1)
}

/// Reads a move and checks it is legal in `state`.
pub fn parse_move<R: Rules>(state: &Reversi<R>, text: &str) -> Result<Move, NotationError> {
    let last = (b'a' + state.size() - 1) as char;
    let form = || {
        format!(
            "a square a1 to {last}{} (column, row from the top){}",
            state.size(),
            if R::MANY_PLAYERS { "" } else { ", or pass" }
        )
    };
    let word = text.trim().to_ascii_lowercase();
    let mv = if word == "pass" && !R::MANY_PLAYERS {
        PASS
    } else {
        let bytes = word.as_bytes();
        let square = match (
            bytes.first(),
            std::str::from_utf8(&bytes[1.min(bytes.len())..]).ok(),
        ) {
            (Some(&c), Some(row)) if (b'a'..b'a' + state.size()).contains(&c) => row
                .parse::<u8>()
                .ok()
                .filter(|r| (1..=state.size()).contains(r))
                .map(|r| (r - 1) * 8 + (c - b'a')),
            _ => None,
        };
        square.ok_or_else(|| NotationError::new("move", text, form()))?
    };
    let mut legal = ply_search::MoveList::new();
    ply_search::Game::generate_moves(state, &mut legal);
    if legal.contains(&mv) {
        Ok(mv)
    } else {
        let legal: Vec<String> = legal.iter().map(|&m| format_move(m)).collect();
        Err(NotationError::new(
            "move",
            text,
            format!("a legal move: {}", legal.join(", ")),
        ))
    }
}

/// The position in the notation above.
pub fn position<R: Rules>(state: &Reversi<R>) -> String {
    let size = state.size();
    let rows: Vec<String> = (0..size)
        .map(|row| {
            (0..size)
                .map(|column| {
                    let square = crate::board::bit(row, column);
                    (0..COLOURS)
                        .find(|&c| state.discs[c] & square != 0)
                        .map_or('-', |c| R::LETTERS[c])
                })
                .collect()
        })
        .collect();
    let mover = R::LETTERS[state.colour_of(state.seat as usize)];
    if state.ply == placed(state) {
        format!("{} {mover}", rows.join("/"))
    } else {
        format!("{} {mover} {}", rows.join("/"), state.ply)
    }
}

/// The plies a position takes without passes: its discs less the four of the start.
fn placed<R: Rules>(state: &Reversi<R>) -> u32 {
    state.occupied().count_ones().saturating_sub(4)
}

/// Reads a position of the same size and number of players as `like`.
pub fn parse_position<R: Rules>(
    like: &Reversi<R>,
    text: &str,
) -> Result<Reversi<R>, NotationError> {
    let size = like.size() as usize;
    let letters: String = (0..like.player_count_colours())
        .map(|c| R::LETTERS[c])
        .collect();
    let form = || {
        format!("{size} rows of {size} squares from the top, `/` between them, each one of `{letters}` or `-`, then the letter of the colour to move, then (after passes) the plies played")
    };
    let bad = || NotationError::new("position", text.trim(), form());
    let mut parts = text.split_whitespace();
    let (Some(board), Some(mover), ply, None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != size || rows.iter().any(|r| r.chars().count() != size) {
        return Err(bad());
    }
    let mut state = Reversi::<R>::start(like.size(), like.players);
    state.discs = [0; COLOURS];
    for (row, text) in rows.iter().enumerate() {
        for (column, mark) in text.chars().enumerate() {
            if mark == '-' {
                continue;
            }
            let colour = letters.find(mark).ok_or_else(bad)?;
            state.discs[colour] |= crate::board::bit(row as u8, column as u8);
        }
    }
    let colour = letters
        .find(mover)
        .filter(|_| mover.chars().count() == 1)
        .ok_or_else(bad)?;
    let seat = state.seat_of(colour).ok_or_else(|| {
        NotationError::new(
            "position",
            text.trim(),
            format!(
                "a colour to move that a player has ({})",
                seat_letters(&state)
            ),
        )
    })?;
    state.seat = seat.index() as u8;
    state.ply = match ply {
        None => placed(&state),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|&p| p >= placed(&state) && p <= ply_search::game::MAX_POSITION_PLY)
            .ok_or_else(bad)?,
    };
    Ok(state)
}

/// The letters of the colours the players have, in seat order.
fn seat_letters<R: Rules>(state: &Reversi<R>) -> String {
    let letters: Vec<String> = (0..state.players as usize)
        .map(|seat| R::LETTERS[state.colour_of(seat)].to_string())
        .collect();
    letters.join(", ")
}

impl<R: Rules> Reversi<R> {
    /// How many colours the game uses: two in Othello, four in Rolit.
    fn player_count_colours(&self) -> usize {
        if R::MANY_PLAYERS {
            COLOURS
        } else {
            2
        }
    }

    /// The player whose colour's letter is `letter`, if a player has it.
    pub fn player_of_letter(&self, letter: char) -> Option<Player> {
        let colour = R::LETTERS.iter().position(|&l| l == letter)?;
        self.seat_of(colour)
    }
}
