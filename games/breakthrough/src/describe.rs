//! What front ends show of a position (the board drawing, the JSON fields of `ply replay
//! --json`, the grid of pictures), action numbers, and which evaluators agent specs may name.

use crate::notation::colour;
use crate::{Breakthrough, Heuristic, Move};
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::{Game, NotationError, Outcome, Player};
use serde_json::{json, Map, Value};

/// Action numbers: `(row * width + column) * 3 + direction` of the piece that moves, rows
/// from the bottom and directions left, straight, right, as OpenSpiel numbers from-cell and
/// direction (without its capture flag, which the position decides).
impl Actions for Breakthrough {
    fn num_actions(&self) -> usize {
        let g = self.geometry();
        g.width as usize * g.height as usize * 3
    }

    fn action(&self, mv: Move) -> usize {
        let width = self.geometry().width as usize;
        let (row, column) = (mv.from as usize / 8, mv.from as usize % 8);
        (row * width + column) * 3 + mv.direction()
    }

    /// OpenSpiel's number: the cell left (OpenSpiel's rows run down from its player 0's back
    /// row, which is ply's row 0 seen from the other side), one of six directions (three for
    /// each player) and whether the step captures.
    fn openspiel_action(&self, mv: Move) -> usize {
        let width = self.geometry().width as usize;
        let (row, column) = (mv.from as usize / 8, mv.from as usize % 8);
        let direction = mv.direction() + 3 * self.side as usize;
        let captures = self.pieces[1 - self.side as usize] >> mv.to & 1;
        ((row * width + column) * 6 + direction) * 2 + captures as usize
    }

    fn openspiel_num_actions(&self) -> usize {
        self.num_actions() * 4
    }
}

impl NamedEvaluators for Breakthrough {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "balanced";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl Breakthrough {
    /// The mark of the cell in `column` and `row` (0 at the bottom): `w` (White, player 0),
    /// `b` (Black, player 1) or `.`.
    pub fn mark(&self, column: u8, row: u8) -> char {
        let cell = self.geometry().cell(column, row);
        if self.pieces(Player::P0) & cell != 0 {
            'w'
        } else if self.pieces(Player::P1) & cell != 0 {
            'b'
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

impl Describe for Breakthrough {
    /// `board` (the rows from the top, `w`, `b` and `.`) and `pieces` (White's and Black's
    /// counts).
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("board".into(), json!(self.rows()));
        map.insert(
            "pieces".into(),
            json!([
                self.pieces(Player::P0).count_ones(),
                self.pieces(Player::P1).count_ones()
            ]),
        );
        map
    }

    /// The board with ranks and files.
    ///
    /// ```
    /// use ply_breakthrough::Breakthrough;
    /// use ply_search::describe::Describe;
    /// let board = Breakthrough::from_spec("breakthrough(width=4,height=4)").unwrap();
    /// assert_eq!(board.drawing(), "
    /// 4 b b b b
    /// 3 . . . .
    /// 2 . . . .
    /// 1 w w w w
    ///   a b c d
    /// w: White, player 0, moving up; b: Black, player 1; a move is e.g. a1-a2 or a1xb2
    /// ");
    /// ```
    fn drawing(&self) -> String {
        let g = self.geometry();
        let mut out = String::from("\n");
        for (i, row) in self.rows().iter().enumerate() {
            out.push_str(&(g.height as usize - i).to_string());
            for mark in row.chars() {
                out.push(' ');
                out.push(mark);
            }
            out.push('\n');
        }
        out.push(' ');
        for c in 0..g.width {
            out.push(' ');
            out.push((b'a' + c) as char);
        }
        out.push_str(
            "\nw: White, player 0, moving up; b: Black, player 1; a move is e.g. a1-a2 or a1xb2\n",
        );
        out
    }

    fn move_format(&self) -> String {
        "a piece's cell and the cell one row forward it steps to, straight or diagonal: \
         a2-a3, or b2xc3 to capture (diagonally only)"
            .into()
    }

    fn end_reason(&self) -> Option<String> {
        let Outcome::Win(winner) = self.outcome()? else {
            unreachable!("Breakthrough has no draws")
        };
        let loser = winner.other();
        Some(if self.pieces(loser) == 0 {
            format!(
                "{} (player {}) took {}'s last piece",
                colour(winner),
                winner.index(),
                colour(loser)
            )
        } else {
            format!(
                "{} (player {}) reached the far row",
                colour(winner),
                winner.index()
            )
        })
    }

    /// The board as drawn, the top row first, with files and ranks.
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
                _ => Mark::Empty,
            })
            .collect();
        let mut view = BoardView::new(g.width as usize, g.height as usize, cells);
        view.kind_names = vec!["piece"];
        view.column_labels = (0..g.width)
            .map(|c| ((b'a' + c) as char).to_string())
            .collect();
        view.row_labels = (1..=g.height).rev().map(|r| r.to_string()).collect();
        Some(view)
    }
}
