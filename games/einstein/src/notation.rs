//! The notation: moves as OpenSpiel writes them (`W5-up`, `B3-diag*`), setups as the six
//! numbers in the corner's cells, rolls as the face; positions as the board row by row and the
//! phase.

use crate::board::{setup_index, setup_order, step, Cell, CELLS, CUBES, DIRECTION_NAMES, SIDE};
use crate::rules::{Einstein, EwnMove, Phase};
use ply_search::{Game, NotationError, Player};

/// The side's letter in OpenSpiel's move strings.
fn side_letter(player: Player) -> char {
    ['B', 'W'][player.index()]
}

pub(crate) fn format_move(state: &Einstein, mv: EwnMove) -> String {
    match mv {
        EwnMove::Setup(index) => setup_order(index).iter().map(|v| v.to_string()).collect(),
        EwnMove::Roll(face) => face.to_string(),
        EwnMove::Step { from, dir } => {
            let (owner, value) = state.cube(from).unwrap_or((state.to_move(), 0));
            let capture = step(from, dir).is_some_and(|to| state.cube(to).is_some());
            format!(
                "{}{}-{}{}",
                side_letter(owner),
                value,
                DIRECTION_NAMES[dir as usize],
                if capture { "*" } else { "" }
            )
        }
    }
}

fn expected_move(state: &Einstein) -> String {
    if state.is_terminal() {
        return "no move: the game is over".into();
    }
    match state.phase() {
        Phase::Setup => format!(
            "the numbers 1 to 6 in the order they fill {}'s corner, row by row, e.g. 315264",
            ["black", "white"][state.to_move().index()]
        ),
        Phase::Roll => "the die's face, 1 to 6 (the die is rolling)".into(),
        Phase::Step => {
            let options: Vec<String> = state
                .legal_moves()
                .iter()
                .map(|&m| format_move(state, m).trim_end_matches('*').to_string())
                .collect();
            format!(
                "a cube and a direction, one of {} (a trailing * for a capture is optional)",
                options.join(", ")
            )
        }
    }
}

pub(crate) fn parse_move(state: &Einstein, text: &str) -> Result<EwnMove, NotationError> {
    let word = text.trim();
    let legal = state.legal_moves();
    let found = match state.phase() {
        _ if state.is_terminal() => None,
        Phase::Setup => {
            let digits: Vec<u8> = word
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| c.to_digit(10).map(|d| d as u8))
                .collect::<Option<_>>()
                .unwrap_or_default();
            <[u8; CUBES]>::try_from(digits)
                .ok()
                .and_then(setup_index)
                .map(EwnMove::Setup)
        }
        Phase::Roll => {
            let lower = word.to_ascii_lowercase();
            // OpenSpiel writes a roll `roll 5`; ply reads it too.
            let face = lower.strip_prefix("roll").unwrap_or(&lower).trim();
            face.parse::<u8>().ok().map(EwnMove::Roll)
        }
        Phase::Step => {
            let wanted = word.trim_end_matches('*').to_ascii_lowercase();
            legal.iter().copied().find(|&m| {
                format_move(state, m)
                    .trim_end_matches('*')
                    .eq_ignore_ascii_case(&wanted)
            })
        }
    };
    found
        .filter(|m| legal.contains(m))
        .ok_or_else(|| NotationError::new("move", text, expected_move(state)))
}

/// `BOARD PHASE PLAYER DIE PLY`: the board's five rows from the top, separated by `/`, each
/// cell `.` or a side's letter (`b`, `w`) and the cube's number; the phase `setup`, `roll` or
/// `step`; the player the phase is for; the die's face (`-` outside a step); the plies.
pub(crate) fn position(state: &Einstein) -> String {
    let rows: Vec<String> = (0..SIDE)
        .map(|r| {
            (0..SIDE)
                .map(|c| match state.cube((r * SIDE + c) as Cell) {
                    None => ".".to_string(),
                    Some((owner, value)) => format!("{}{value}", ['b', 'w'][owner.index()]),
                })
                .collect()
        })
        .collect();
    let phase = match state.phase() {
        Phase::Setup => "setup",
        Phase::Roll => "roll",
        Phase::Step => "step",
    };
    let die = state.die().map_or("-".to_string(), |d| d.to_string());
    format!(
        "{} {phase} {} {die} {}",
        rows.join("/"),
        state.to_move().index(),
        state.ply()
    )
}

const POSITION_FORM: &str = "BOARD PHASE PLAYER DIE PLY: five rows from the top split by /, \
     each cell . or b1-b6 or w1-w6, each cube once; phase setup, roll or step; player 0 or 1; \
     die 1-6 for a step, else -; e.g. `b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2`";

pub(crate) fn parse_position(text: &str) -> Result<Einstein, NotationError> {
    let bad = || NotationError::new("position", text, POSITION_FORM);
    let parts: Vec<&str> = text.split_whitespace().collect();
    let [board, phase, player, die, ply] = parts[..] else {
        return Err(bad());
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != SIDE {
        return Err(bad());
    }
    let mut cells = [0u8; CELLS];
    for (r, row) in rows.iter().enumerate() {
        let mut chars = row.chars();
        let mut c = 0;
        while let Some(ch) = chars.next() {
            if c >= SIDE {
                return Err(bad());
            }
            let code = match ch.to_ascii_lowercase() {
                '.' => 0,
                side @ ('b' | 'w') => {
                    let value = chars
                        .next()
                        .and_then(|d| d.to_digit(10))
                        .filter(|d| (1..=6).contains(d))
                        .ok_or_else(bad)? as u8;
                    value + if side == 'w' { 6 } else { 0 }
                }
                _ => return Err(bad()),
            };
            cells[r * SIDE + c] = code;
            c += 1;
        }
        if c != SIDE {
            return Err(bad());
        }
    }
    let phase = match phase {
        "setup" => Phase::Setup,
        "roll" => Phase::Roll,
        "step" => Phase::Step,
        _ => return Err(bad()),
    };
    let mover = match player {
        "0" => Player::P0,
        "1" => Player::P1,
        _ => return Err(bad()),
    };
    let die = match die {
        "-" => 0,
        d => d.parse::<u8>().map_err(|_| bad())?,
    };
    let ply = ply
        .parse::<u32>()
        .ok()
        .filter(|&p| p <= ply_search::game::MAX_POSITION_PLY)
        .ok_or_else(bad)?;
    Einstein::from_parts(cells, phase, mover, die, ply).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_back() {
        let start = Einstein::new();
        assert_eq!(
            start.position(),
            "...../...../...../...../..... setup 0 - 0"
        );
        let text = "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2";
        let state = parse_position(text).unwrap();
        assert_eq!(position(&state), text);
        for bad in [
            "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - ",
            "b1b1b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2",
            "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 step 1 - 2",
            "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 7 2",
            "b1b2b3.../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2",
            "b7b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2",
            "w1..../...../...../...../....b1 roll 0 - 9",
            "b1...../...../...../...../..... setup 0 - 0",
        ] {
            let err = parse_position(bad).unwrap_err().to_string();
            assert!(err.contains("BOARD PHASE PLAYER DIE PLY"), "{bad}: {err}");
        }
    }
}
