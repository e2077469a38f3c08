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

    /// The board with its `(x,y)` coordinates along the edges (column `x` across the top, row
    /// `y` down the side, as moves name cells), the players marked `0` and `1`, and a key.
    ///
    /// ```
    /// use ply_queen_isolation::QueenIsolation;
    /// use ply_search::describe::Describe;
    /// assert_eq!(QueenIsolation::quiz().drawing(), "
    ///   y\\x  0 1 2
    ///     0  . . .
    ///     1  . . #
    /// 0: player 0, 1: player 1, #: blocked; cells are (x,y): column x, then row y
    /// ");
    /// ```
    fn drawing(&self) -> String {
        let v = self.variant();
        let open = self.open_cells();
        let locs = [self.loc(Player::P0), self.loc(Player::P1)];
        let mut out = String::from("\n  y\\x ");
        for x in 0..v.width {
            out.push_str(&format!("{x:>2}"));
        }
        out.push('\n');
        for y in 0..v.height {
            out.push_str(&format!("  {y:>3} "));
            for x in 0..v.width {
                let mark = if locs[0] == Some((x, y)) {
                    '0'
                } else if locs[1] == Some((x, y)) {
                    '1'
                } else if open >> (8 * y + x) & 1 == 1 {
                    '.'
                } else {
                    '#'
                };
                out.push(' ');
                out.push(mark);
            }
            out.push('\n');
        }
        out.push_str(
            "0: player 0, 1: player 1, #: blocked; cells are (x,y): column x, then row y\n",
        );
        out
    }

    fn move_format(&self) -> String {
        let example = self.legal_moves().first().map(|&mv| self.format_move(mv));
        format!(
            "the target cell as (x,y): column x, then row y from the top, e.g. {}",
            example.as_deref().unwrap_or("(0,0)")
        )
    }

    fn end_reason(&self) -> Option<String> {
        self.outcome()?;
        let mover = self.to_move();
        let stuck = |p: Player| self.liberty_cells(p) == 0;
        let (m, o) = (mover.index(), mover.other().index());
        Some(match (stuck(mover), stuck(mover.other())) {
            (true, true) => format!(
                "both players are stuck: under the quiz's rule the player to move, player {m}, loses"
            ),
            (true, false) => format!("player {m} cannot move"),
            _ => format!(
                "player {o} cannot move: under the quiz's rule the game ends when either player is stuck, and player {m}, to move, wins"
            ),
        })
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
