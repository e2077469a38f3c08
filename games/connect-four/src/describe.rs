//! What front ends show of a position (the board drawing, the JSON fields of `ply replay
//! --json`, the grid of pictures), and which evaluators agent specs may name.

use crate::{ConnectFour, Heuristic, Move};
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::{Game, NotationError, Outcome, Player};
use serde_json::{json, Map, Value};

/// Action numbers are columns, 0 on the left.
impl Actions for ConnectFour {
    fn num_actions(&self) -> usize {
        self.geometry().width as usize
    }

    fn action(&self, mv: Move) -> usize {
        mv.0 as usize
    }
}

impl NamedEvaluators for ConnectFour {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "balanced";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl ConnectFour {
    /// The mark of the cell in `column` and `row` (0 at the bottom): `X` (player 0), `O`
    /// (player 1) or `.`.
    pub fn mark(&self, column: u8, row: u8) -> char {
        let cell = self.geometry().cell(column, row);
        if self.stones(Player::P0) & cell != 0 {
            'X'
        } else if self.stones(Player::P1) & cell != 0 {
            'O'
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

impl Describe for ConnectFour {
    /// `board` (the rows from the top, `X`, `O` and `.`) and `stones` (stones played).
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("board".into(), json!(self.rows()));
        map.insert("stones".into(), json!(self.stones_played()));
        map
    }

    /// The board with the column digits under it.
    ///
    /// ```
    /// use ply_connect_four::ConnectFour;
    /// use ply_search::describe::Describe;
    /// let board = ConnectFour::from_spec("connect-four(width=4,height=3)").unwrap();
    /// let board = ply_search::Game::parse_position(&board, "1223").unwrap();
    /// assert_eq!(board.drawing(), "
    ///  . . . .
    ///  . X . .
    ///  X O O .
    ///  1 2 3 4
    /// X: player 0, O: player 1; a move is a column's digit
    /// ");
    /// ```
    fn drawing(&self) -> String {
        let mut out = String::from("\n");
        for row in self.rows() {
            for mark in row.chars() {
                out.push(' ');
                out.push(mark);
            }
            out.push('\n');
        }
        for c in 1..=self.geometry().width {
            out.push_str(&format!(" {c}"));
        }
        out.push_str("\nX: player 0, O: player 1; a move is a column's digit\n");
        out
    }

    fn move_format(&self) -> String {
        format!(
            "a column's digit, 1 to {} from the left, e.g. {}",
            self.geometry().width,
            self.geometry().width.div_ceil(2)
        )
    }

    /// Every four in a row of the winner's (a last stone may make more than one).
    fn winning_cells(&self) -> Vec<usize> {
        match (self.outcome(), self.board_view(Player::P0)) {
            (Some(Outcome::Win(winner)), Some(view)) => view.lines_of(winner, 4),
            _ => Vec::new(),
        }
    }

    fn end_reason(&self) -> Option<String> {
        Some(match self.outcome()? {
            Outcome::Win(p) => format!("player {} connects four", p.index()),
            Outcome::Draw => "the board is full without four in a row: a draw".into(),
        })
    }

    /// The board as drawn, the top row first, columns labelled by their digits.
    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let g = self.geometry();
        let cells = (0..g.height)
            .rev()
            .flat_map(|row| (0..g.width).map(move |c| (c, row)))
            .map(|(c, row)| match self.mark(c, row) {
                'X' => Mark::Piece {
                    owner: Player::P0,
                    kind: 0,
                },
                'O' => Mark::Piece {
                    owner: Player::P1,
                    kind: 0,
                },
                _ => Mark::Empty,
            })
            .collect();
        let mut view = BoardView::new(g.width as usize, g.height as usize, cells);
        view.kind_names = vec!["stone"];
        view.column_labels = (1..=g.width).map(|c| c.to_string()).collect();
        view.row_labels = (1..=g.height).rev().map(|r| r.to_string()).collect();
        Some(view)
    }
}
