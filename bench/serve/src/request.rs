//! What requests name: a game spec, a position in it (a start, a position text, a move list),
//! and the state they lead to, on whichever registered game the spec names.

use crate::error::ApiError;
use ply_search::describe::split_moves;
use ply_search::Game;
use serde::Deserialize;

/// A move list: a JSON list of moves, or one string of moves separated by commas (AIND's
/// `(row,col)` moves keep their commas inside parentheses).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Moves {
    /// `["57", "0"]`.
    List(Vec<String>),
    /// `"57,0"`.
    Text(String),
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::List(Vec::new())
    }
}

impl Moves {
    /// The moves, one per entry.
    pub fn list(&self) -> Result<Vec<String>, ApiError> {
        match self {
            Moves::List(list) => Ok(list.clone()),
            Moves::Text(text) => Ok(split_moves(text)?),
        }
    }
}

/// A position: the game's spec, an optional position text to start from (the start of the
/// game otherwise), and the moves played from there.
#[derive(Clone, Debug, Deserialize)]
pub struct At {
    /// The game spec, as `ply games` lists them: `isolation`, `onitama(deal=random,seed=7)`.
    pub game: String,
    /// A position in the game's notation; the spec's start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from there.
    #[serde(default)]
    pub moves: Moves,
}

/// The most moves a request may replay (no game in ply is longer; Onitama draws at 200 plies
/// by default, Nim and the grids end sooner).
pub const MAX_MOVES: usize = 10_000;

impl At {
    /// The state this position names, from the game's start `start`.
    pub fn state_of<G: Game>(&self, start: &G) -> Result<G, ApiError> {
        let state = match &self.position {
            Some(text) => start.parse_position(text)?,
            None => start.clone(),
        };
        let moves = self.moves.list()?;
        if moves.len() > MAX_MOVES {
            return Err(ApiError::bad_request(format!(
                "bad moves: {} moves; expected at most {MAX_MOVES}",
                moves.len()
            )));
        }
        Ok(state.play_notation(moves.iter().map(String::as_str))?)
    }

    /// The state the move list starts from: the position text's, or `start`.
    pub fn first_state<G: Game>(&self, start: &G) -> Result<G, ApiError> {
        At {
            moves: Moves::default(),
            ..self.clone()
        }
        .state_of(start)
    }

    /// The state before the last move of the list, with that move, for the page's marker
    /// of the last move; `None` when no move was played.
    pub fn before_last_move<G: Game>(&self, start: &G) -> Result<Option<(G, G::Move)>, ApiError> {
        let mut moves = self.moves.list()?;
        let Some(last) = moves.pop() else {
            return Ok(None);
        };
        let before = At {
            moves: Moves::List(moves),
            ..self.clone()
        }
        .state_of(start)?;
        let mv = before.parse_move(&last)?;
        Ok(Some((before, mv)))
    }
}
