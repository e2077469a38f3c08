//! A state as the page draws it: the `ply replay --json` fields, the board as a grid of
//! marks, every legal move with the cells it touches, and the result and why the game ended in
//! words. Written once for every game, from [`ply_search::describe::Describe`] and [`ply_search::picture`].

use ply_search::cells::{move_cells, move_cells_from, MoveCells};
use ply_search::describe::Describe;
use ply_search::picture::{BoardView, Mark};
use ply_search::{Game, Outcome, Player};
use ply_view::state_json;
use serde_json::{json, Value};

/// The whole view of `state` in game `spec`.
pub fn state_view<G: Describe>(spec: &str, state: &G) -> Value {
    let mut view = state_json(state);
    let board = state.board_view(Player::P0);
    let moves: Vec<Value> = state
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let cells = board.as_ref().and_then(|b| move_cells_from(b, state, mv));
            cells_json(state.format_move(mv), state.move_for_people(mv), cells)
        })
        .collect();
    view["game"] = json!(spec);
    view["moves"] = json!(moves);
    view["grid"] = board.as_ref().map_or(Value::Null, board_json);
    view["drawing"] = json!(state.drawing());
    view["result"] = json!(result_text(state));
    view["end_reason"] = json!(state.end_reason());
    view["winning_cells"] = json!(state.winning_cells());
    view
}

/// A move and its cells: `{"move": "57", "label": "(4,5)", "from": null, "to": 12, "then":
/// null}` (`label`: the move as people read it on the board's coordinates; `then`: the third
/// cell clicked, Amazons' arrow).
pub fn move_json<G: Describe>(state: &G, mv: G::Move) -> Value {
    cells_json(
        state.format_move(mv),
        state.move_for_people(mv),
        move_cells(state, mv),
    )
}

/// Each move of a list played from `start`, as people read it (`Describe::move_for_people`):
/// the page's list of moves played.
pub fn played_labels<G: Describe>(start: &G, moves: &[String]) -> Vec<String> {
    let mut at = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for text in moves {
        let Ok(mv) = at.parse_move(text) else { break };
        out.push(at.move_for_people(mv));
        at = at.play(mv);
    }
    out
}

fn cells_json(notation: String, label: String, cells: Option<MoveCells>) -> Value {
    json!({
        "move": notation,
        "label": label,
        "from": cells.and_then(|c| c.from),
        "to": cells.map(|c| c.to),
        "then": cells.and_then(|c| c.then),
    })
}

/// The cells of each move of a line played from `state` (a principal variation in
/// notation), as far as the moves are legal.
pub fn line_cells<G: Describe>(state: &G, line: &[String]) -> Vec<Value> {
    let mut at = state.clone();
    let mut out = Vec::new();
    for text in line {
        let Ok(mv) = at.parse_move(text) else { break };
        out.push(move_json(&at, mv));
        at = at.play(mv);
    }
    out
}

/// The board as JSON: its size, labels, caption, and each cell's mark.
pub fn board_json(board: &BoardView) -> Value {
    let cells: Vec<Value> = board
        .cells
        .iter()
        .map(|mark| match *mark {
            Mark::Empty => json!({"mark": "empty"}),
            Mark::Blocked => json!({"mark": "blocked"}),
            Mark::Token => json!({"mark": "token"}),
            Mark::Piece { owner, kind } => json!({
                "mark": "piece",
                "owner": owner.index(),
                "kind": kind,
                "kind_name": board.kind_names.get(kind as usize).copied().unwrap_or("piece"),
            }),
        })
        .collect();
    json!({
        "width": board.width,
        "height": board.height,
        "cells": cells,
        "column_labels": board.column_labels,
        "row_labels": board.row_labels,
        "caption": board.caption,
        "diagrams": board.diagrams.iter().map(|d| json!({
            "title": d.title,
            "owner": d.owner.map(|p| p.index()),
            "note": d.note,
            "width": d.width,
            "height": d.height,
            "centre": d.centre,
            "marked": d.marked,
        })).collect::<Vec<_>>(),
    })
}

/// The result in words (`player 0 wins`, `a draw`), or none while the game goes on.
pub fn result_text<G: Game>(state: &G) -> Option<String> {
    state.outcome().map(|outcome| match outcome {
        Outcome::Win(p) => format!("player {} wins", p.index()),
        Outcome::Draw => "a draw".to_string(),
    })
}
