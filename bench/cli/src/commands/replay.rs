//! `ply replay`: every position of a game, the start included, as JSON lines or drawn.

use crate::error::CliError;
use ply_search::describe::{split_moves, Describe};
use ply_search::Player;
use serde_json::{json, Value};
use std::io::Write;

/// One JSON object for `state` (see DESIGN's contract): `ply`, `to_move`, `legal` (in the
/// game's order and notation), `terminal`, `utility` (`[u0, u1]`, each -1, 0 or 1), `position`,
/// then the game's own fields.
pub fn record<G: Describe>(state: &G) -> Value {
    let legal: Vec<String> = state
        .legal_moves()
        .iter()
        .map(|&m| state.format_move(m))
        .collect();
    let utility: Vec<i32> = match state.outcome() {
        Some(outcome) => Player::BOTH.iter().map(|&p| outcome.utility(p)).collect(),
        None => vec![0, 0],
    };
    let mut map = serde_json::Map::new();
    map.insert("ply".into(), json!(state.ply()));
    map.insert("to_move".into(), json!(state.to_move().index()));
    map.insert("legal".into(), json!(legal));
    map.insert("terminal".into(), json!(state.is_terminal()));
    map.insert("utility".into(), json!(utility));
    map.insert("position".into(), json!(state.position()));
    map.extend(state.fields());
    Value::Object(map)
}

/// Replays `moves` (checked one by one) from `start`, printing each position.
pub fn run<G: Describe>(
    start: &G,
    moves: &str,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    // Check the whole line first, so that a bad move prints nothing but the error.
    let texts = split_moves(moves)?;
    start.play_notation(texts.iter().map(String::as_str))?;
    let mut state = start.clone();
    let mut emit = |state: &G, played: Option<&str>| -> Result<(), CliError> {
        if as_json {
            writeln!(out, "{}", record(state)).map_err(io)
        } else {
            let title = match played {
                None => format!("ply {}: start", state.ply()),
                Some(m) => format!("ply {}: after {m}", state.ply()),
            };
            let status = match state.outcome() {
                Some(outcome) => format!("game over: {outcome:?}"),
                None => format!("player {} to move", state.to_move()),
            };
            writeln!(out, "{title}{}{status}\n", state.drawing()).map_err(io)
        }
    };
    emit(&state, None)?;
    for text in &texts {
        let mv = state.parse_move(text)?;
        state = state.play(mv);
        emit(&state, Some(text))?;
    }
    Ok(())
}
