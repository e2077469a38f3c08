//! What front ends show of a position (the board drawing and the JSON fields of `ply replay
//! --json`), and which evaluators agent specs may name.

use crate::{Heuristic, QueenIsolation};
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::{Game, NotationError, Player};
use serde_json::{json, Map, Value};

/// Action numbers are the game's dense move index.
impl Actions for QueenIsolation {}

impl NamedEvaluators for QueenIsolation {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "improved";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl Describe for QueenIsolation {
    /// `board` (the rows of the position notation) and `locs` (each player's `[x, y]`, null
    /// while unplaced).
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        let position = self.position();
        map.insert(
            "board".into(),
            json!(position.split(' ').next().unwrap_or("")),
        );
        map.insert(
            "locs".into(),
            json!([self.loc(Player::P0), self.loc(Player::P1)]),
        );
        map
    }

    fn drawing(&self) -> String {
        let position = self.position();
        let rows = position.split(' ').next().unwrap_or("");
        let mut out = String::from("\n");
        for row in rows.split('/') {
            out.push_str("  ");
            for c in row.chars() {
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }

    /// The board as drawn (row 0 at the top): the queens, blocked cells and open cells,
    /// labelled as the `(x,y)` moves name them.
    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let v = self.variant();
        let (width, height) = (v.width as usize, v.height as usize);
        let open = self.open_cells();
        let locs = [self.loc(Player::P0), self.loc(Player::P1)];
        let mut cells = Vec::with_capacity(width * height);
        for y in 0..v.height {
            for x in 0..v.width {
                let at = Some((x, y));
                cells.push(if locs[0] == at {
                    Mark::Piece {
                        owner: Player::P0,
                        kind: 0,
                    }
                } else if locs[1] == at {
                    Mark::Piece {
                        owner: Player::P1,
                        kind: 0,
                    }
                } else if open >> (8 * y + x) & 1 == 1 {
                    Mark::Empty
                } else {
                    Mark::Blocked
                });
            }
        }
        let mut view = BoardView::new(width, height, cells);
        view.kind_names = vec!["queen"];
        view.column_labels = (0..width).map(|x| x.to_string()).collect();
        view.row_labels = (0..height).map(|y| y.to_string()).collect();
        Some(view)
    }
}
