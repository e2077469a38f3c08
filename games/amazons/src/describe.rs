//! What front ends show of a position (the board drawing, the JSON fields of `ply replay
//! --json`, the grid of pictures), action numbers, and which evaluators agent specs may name.

use crate::{Amazons, Heuristic, Move};
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::{Game, NotationError, Outcome, Player};
use serde_json::{json, Map, Value};

/// Action numbers: `(from x N + to) x N + arrow` with cells numbered `row x width + column`
/// from the bottom left and `N = width x height` (a move is one action; OpenSpiel instead
/// splits it into three plies of `N` actions each).
impl Actions for Amazons {
    fn num_actions(&self) -> usize {
        let g = self.geometry();
        (g.width as usize * g.height as usize).pow(3)
    }

    fn action(&self, mv: Move) -> usize {
        let g = self.geometry();
        let n = g.width as usize * g.height as usize;
        let number = |cell: u8| {
            let (column, row) = g.coordinates(cell);
            row as usize * g.width as usize + column as usize
        };
        (number(mv.from) * n + number(mv.to)) * n + number(mv.arrow)
    }
}

impl NamedEvaluators for Amazons {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "balanced";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl Amazons {
    /// The mark of the cell in `column` and `row` (0 at the bottom): `w` (White, player 0),
    /// `b` (Black, player 1), `x` (burnt) or `.`.
    pub fn mark(&self, column: u8, row: u8) -> char {
        let cell = self.geometry().cell(column, row);
        if self.amazons(Player::P0) & cell != 0 {
            'w'
        } else if self.amazons(Player::P1) & cell != 0 {
            'b'
        } else if self.arrows() & cell != 0 {
            'x'
        } else {
            '.'
        }
    }

    /// The rows from the top, as strings of marks.
    pub fn rows(&self) -> Vec<String> {
        let g = self.geometry();
        (0..g.height)
            .rev()
            .map(|row| (0..g.width).map(|c| self.mark(c, row)).collect())
            .collect()
    }
}

impl Describe for Amazons {
    /// `board` (the rows from the top: `w`, `b`, `x` burnt, `.` empty) and `arrows` (cells
    /// burnt).
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("board".into(), json!(self.rows()));
        map.insert("arrows".into(), json!(self.arrows().count_ones()));
        map
    }

    /// The board with ranks and files.
    ///
    /// ```
    /// use ply_amazons::Amazons;
    /// use ply_search::describe::Describe;
    /// let board = Amazons::from_spec("amazons(width=4,height=4)").unwrap();
    /// assert_eq!(board.drawing(), "
    ///  4 . b b .
    ///  3 . . . .
    ///  2 . . . .
    ///  1 . w w .
    ///    a b c d
    /// w: White, player 0; b: Black, player 1; x: burnt; a move is e.g. b1-b3/d3
    /// ");
    /// ```
    fn drawing(&self) -> String {
        let g = self.geometry();
        let mut out = String::from("\n");
        for (i, row) in self.rows().iter().enumerate() {
            out.push_str(&format!("{:>2}", g.height as usize - i));
            for mark in row.chars() {
                out.push(' ');
                out.push(mark);
            }
            out.push('\n');
        }
        out.push_str("  ");
        for c in 0..g.width {
            out.push(' ');
            out.push((b'a' + c) as char);
        }
        out.push_str(
            "\nw: White, player 0; b: Black, player 1; x: burnt; a move is e.g. b1-b3/d3\n",
        );
        out
    }

    /// The arrow's cell: a move is clicked as the amazon, where it lands, then the arrow.
    fn then_cell(&self, mv: Move) -> Option<usize> {
        let g = self.geometry();
        let (column, row) = g.coordinates(mv.arrow);
        Some((g.height - 1 - row) as usize * g.width as usize + column as usize)
    }

    fn move_format(&self) -> String {
        "an amazon's cell, where it moves like a queen, and where it then shoots its arrow like \
         a queen: b1-b3/d3"
            .into()
    }

    fn end_reason(&self) -> Option<String> {
        let Outcome::Win(winner) = self.outcome()? else {
            unreachable!("Amazons has no draws")
        };
        Some(format!(
            "player {} cannot move, and player {} wins",
            winner.other().index(),
            winner.index()
        ))
    }

    /// The board as drawn, the top row first, with files and ranks; burnt cells are blocked.
    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let g = self.geometry();
        let cells = (0..g.height)
            .rev()
            .flat_map(|row| (0..g.width).map(move |c| (c, row)))
            .map(|(c, row)| match self.mark(c, row) {
                'w' => Mark::Piece {
                    owner: Player::P0,
                    kind: 0,
                },
                'b' => Mark::Piece {
                    owner: Player::P1,
                    kind: 0,
                },
                'x' => Mark::Blocked,
                _ => Mark::Empty,
            })
            .collect();
        let mut view = BoardView::new(g.width as usize, g.height as usize, cells);
        view.kind_names = vec!["amazon"];
        view.column_labels = (0..g.width)
            .map(|c| ((b'a' + c) as char).to_string())
            .collect();
        view.row_labels = (1..=g.height).rev().map(|r| r.to_string()).collect();
        Some(view)
    }
}
