//! Which cells a move touches, found from a game's [`BoardView`] before and after it: what the
//! web page highlights, draws as an arrow and lets a user click, with no code of the game's own.

use crate::describe::Describe;
use crate::picture::{BoardView, Mark};
use crate::Player;

/// The cells a move touches, as indices into [`BoardView::cells`]: what a front end
/// highlights, draws as an arrow, and lets a user click.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveCells {
    /// The cell the moving piece leaves (none for a placement, a stone taken, a first move).
    pub from: Option<usize>,
    /// The cell the move is clicked on: where the piece lands, or the first cell it changes.
    pub to: usize,
    /// A third cell, clicked after `to`, for games whose moves go on after the piece lands
    /// (Amazons' arrow): [`Describe::then_cell`]; none for most games.
    pub then: Option<usize>,
}

/// The cells `mv` touches in `state`, found by comparing the board before and after it: the
/// mover's piece leaves `from` and appears at `to` (the empty cell it fills, where a placement
/// also turns pieces over); a move that moves no piece (Nim's take) is clicked on the first
/// cell it changes. So every game with a [`BoardView`] is clickable with
/// no code of its own. `None` for a game with no board, or a move that changes no cell.
pub fn move_cells<G: Describe>(state: &G, mv: G::Move) -> Option<MoveCells> {
    move_cells_from(&state.board_view(Player::P0)?, state, mv)
}

/// [`move_cells`] given the board before the move (`state.board_view(Player::P0)`), for a
/// front end that asks about every legal move of one position.
pub fn move_cells_from<G: Describe>(
    before: &BoardView,
    state: &G,
    mv: G::Move,
) -> Option<MoveCells> {
    let mover = state.to_move();
    let after = state.play(mv).board_view(Player::P0)?;
    if before.cells.len() != after.cells.len() {
        return None;
    }
    let is_mover = |m: &Mark| matches!(m, Mark::Piece { owner, .. } if *owner == mover);
    let changed: Vec<usize> = (0..before.cells.len())
        .filter(|&i| before.cells[i] != after.cells[i])
        .collect();
    let from = changed
        .iter()
        .copied()
        .find(|&i| is_mover(&before.cells[i]) && !is_mover(&after.cells[i]));
    // Where the piece lands: the empty cell it fills (a placement that also turns discs over
    // is clicked where it is placed), else the first cell that becomes the mover's (a capture).
    let landed = |i: &usize| before.cells[*i] == Mark::Empty && is_mover(&after.cells[*i]);
    let to = changed
        .iter()
        .copied()
        .find(landed)
        .or_else(|| changed.iter().copied().find(|&i| is_mover(&after.cells[i])))
        .or_else(|| changed.first().copied())?;
    let then = state.then_cell(mv);
    Some(MoveCells { from, to, then })
}
