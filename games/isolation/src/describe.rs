//! What front ends show of a position (the board drawing and the JSON fields of `ply replay
//! --json`), and which evaluators agent specs may name.

use crate::{Heuristic, Isolation, Rules};
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::{Game, NotationError, Player};
use serde_json::{json, Map, Value};

/// Action numbers are the game's dense move index.
impl Actions for Isolation {}

impl NamedEvaluators for Isolation {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "improved";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl Describe for Isolation {
    /// The original's fields: `board` (decimal string of the Python integer), `locs` (null
    /// while unplaced), `ply_count`, plus `actions` (the original's `actions()`, which lists
    /// the mover's actions even in a terminal state), `has_liberties` (quirk-aware) and
    /// `liberties` (each player's `liberties(loc)`, null while unplaced).
    fn fields(&self) -> Map<String, Value> {
        let locs = self.locs();
        let liberties: Vec<Value> = locs
            .iter()
            .map(|l| match l {
                Some(cell) => json!(self.liberties(Some(*cell))),
                None => Value::Null,
            })
            .collect();
        let mut map = Map::new();
        map.insert("board".into(), json!(self.board().to_string()));
        map.insert("locs".into(), json!(locs));
        map.insert("ply_count".into(), json!(self.ply_count()));
        map.insert("actions".into(), json!(self.actions()));
        map.insert(
            "has_liberties".into(),
            json!([self.has_liberties(0), self.has_liberties(1)]),
        );
        map.insert("liberties".into(), Value::Array(liberties));
        map
    }

    /// The board with its `(row,col)` coordinates ([`Isolation::labelled_drawing`]); the
    /// original's exact `DebugState` printout is [`Isolation::debug_string`].
    fn drawing(&self) -> String {
        self.labelled_drawing()
    }

    fn move_format(&self) -> String {
        let example = self
            .legal_moves()
            .first()
            .map(|&mv| (self.move_for_people(mv), self.format_move(mv)));
        let (cell, action) = example.unwrap_or_else(|| ("(0,0)".into(), "0".into()));
        match (self.variant().rules, self.loc(self.to_move())) {
            (Rules::Aind, _) => format!("the target cell as (row,col), e.g. {cell}"),
            (_, None) => format!(
                "the cell as (row,col), e.g. {cell}, or the original's cell index, e.g. {action}"
            ),
            (_, Some(_)) => format!(
                "the target cell as (row,col), e.g. {cell}, or the original's action number, e.g. {action} (or its name, NNE...)"
            ),
        }
    }

    fn move_for_people(&self, mv: crate::Move) -> String {
        let (row, col) = self.variant().row_col(mv.cell());
        format!("({row},{col})")
    }

    fn end_reason(&self) -> Option<String> {
        self.outcome()?;
        let mover = self.to_move().index();
        let stuck = |p: usize| !self.has_liberties(p);
        // Udacity's quirk: a knight whose only liberty is cell 0 counts as stuck.
        let why = |p: usize| {
            if self.variant().rules == Rules::Udacity && !self.player_liberties(p).is_empty() {
                format!("player {p} can only reach cell 0, which the original never counts as a liberty")
            } else {
                format!("player {p} cannot move")
            }
        };
        if self.variant().rules != Rules::Udacity {
            return Some(why(mover));
        }
        Some(match (stuck(mover), stuck(1 - mover)) {
            (true, true) => format!(
                "both players are stuck ({}; {}): under Udacity's rule the player to move, player {mover}, loses",
                why(mover),
                why(1 - mover)
            ),
            (true, false) => why(mover),
            _ => format!(
                "{}: under Udacity's rule the game ends when either player is stuck, and player {mover}, to move, wins",
                why(1 - mover)
            ),
        })
    }

    /// The board as drawn (north up, west left): the knights, blocked cells and open cells,
    /// rows and columns labelled as the `(row,col)` moves people type name them (on every
    /// variant: Udacity's also reads `(row,col)` beside its cell and action numbers).
    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let v = self.variant();
        let (width, height) = (v.width as usize, v.height as usize);
        let locs = self.locs();
        let mut cells = Vec::with_capacity(width * height);
        for row in 0..v.height {
            for col in 0..v.width {
                let cell = v.cell_at_row_col(row, col)?;
                cells.push(if locs[0] == Some(cell) {
                    Mark::Piece {
                        owner: Player::P0,
                        kind: 0,
                    }
                } else if locs[1] == Some(cell) {
                    Mark::Piece {
                        owner: Player::P1,
                        kind: 0,
                    }
                } else if self.open_cells().contains(cell) {
                    Mark::Empty
                } else {
                    Mark::Blocked
                });
            }
        }
        let mut view = BoardView::new(width, height, cells);
        view.kind_names = vec!["knight"];
        view.column_labels = (0..width).map(|c| c.to_string()).collect();
        view.row_labels = (0..height).map(|r| r.to_string()).collect();
        Some(view)
    }
}
