//! What front ends show of a position, the action numbers, and the evaluator agent specs may
//! name.

use super::Knights;
use crate::Move;
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::solver::Solvable;
use ply_search::{Evaluator, Game, NotationError, Player, Score};
use serde_json::{json, Map, Value};

/// Mobility: the open jumps each player has (a player out has none), the player's own less
/// the others' mean, times the number of others so that it stays whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mobility;

impl Evaluator<Knights> for Mobility {
    fn evaluate(&self, state: &Knights, player: Player) -> Score {
        let players = Player::first(state.players as usize);
        let moves = |p: Player| state.jumps(p).len() as Score;
        let others: Score = players
            .iter()
            .filter(|&&p| p != player)
            .map(|&p| moves(p))
            .sum();
        (players.len() as Score - 1) * moves(player) - others
    }

    fn name(&self) -> &str {
        "mobility"
    }
}

impl NamedEvaluators for Knights {
    type Eval = Mobility;
    const DEFAULT_EVAL: &'static str = "mobility";
    const EVALUATORS: &'static [&'static str] = &["mobility"];
    fn evaluator(name: &str) -> Result<Mobility, NotationError> {
        ply_search::eval::by_name(name, &["mobility"], &[Mobility])
    }
}

/// A move's number is its target cell's bit index (the two-player game's cell numbers).
impl Actions for Knights {
    fn num_actions(&self) -> usize {
        128
    }

    fn action(&self, mv: Move) -> usize {
        mv.cell() as usize
    }
}

impl Solvable for Knights {}

impl Describe for Knights {
    /// `board` (the rows, as in positions) and `out` (whether each player is out).
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        let position = self.position();
        let board: Vec<&str> = position
            .split(' ')
            .next()
            .unwrap_or_default()
            .split('/')
            .collect();
        map.insert("board".into(), json!(board));
        let out: Vec<bool> = Player::first(self.players as usize)
            .iter()
            .map(|&p| self.is_out(p))
            .collect();
        map.insert("out".into(), json!(out));
        map
    }

    /// The board with its rows and columns numbered, and who is out.
    ///
    /// ```
    /// use ply_isolation::Knights;
    /// use ply_search::describe::Describe;
    /// use ply_search::Game;
    /// let game = Knights::from_spec("isolation(players=3,width=5,height=4)").unwrap();
    /// let state = game.play_notation(["(0,0)", "(3,4)", "(1,2)"]).unwrap();
    /// assert_eq!(state.drawing(), "
    ///   0 1 2 3 4
    /// 0 0 . . . .
    /// 1 . . 2 . .
    /// 2 . . . . .
    /// 3 . . . . 1
    /// player 0 to move
    /// ");
    /// ```
    fn drawing(&self) -> String {
        let v = self.variant;
        let mut out = String::from("\n  ");
        let columns: Vec<String> = (0..v.width).map(|c| (c % 10).to_string()).collect();
        out.push_str(&columns.join(" "));
        out.push('\n');
        let position = self.position();
        let rows = position.split(' ').next().unwrap_or_default().split('/');
        for (row, marks) in rows.enumerate() {
            let marks: Vec<String> = marks.chars().map(String::from).collect();
            out.push_str(&format!("{} {}\n", row % 10, marks.join(" ")));
        }
        let gone: Vec<String> = Player::first(self.players as usize)
            .iter()
            .filter(|&&p| self.is_out(p) && p != self.to_move())
            .map(|p| p.index().to_string())
            .collect();
        if !gone.is_empty() {
            out.push_str(&format!("out: player {}; ", gone.join(", player ")));
        }
        if self.is_terminal() {
            out.push_str(&format!("player {} wins\n", self.seat));
        } else {
            out.push_str(&format!("player {} to move\n", self.seat));
        }
        out
    }

    fn move_format(&self) -> String {
        "the target cell as (row,col), row 0 at the top, column 0 at the left, e.g. (4,5)".into()
    }

    fn end_reason(&self) -> Option<String> {
        self.is_terminal().then(|| {
            format!(
                "player {} is the last knight that can move: every other is stuck",
                self.seat
            )
        })
    }

    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let v = self.variant;
        let mut cells = Vec::with_capacity(v.width as usize * v.height as usize);
        for row in 0..v.height {
            for col in 0..v.width {
                let cell = v.cell_at_row_col(row, col)?;
                let knight = self.locs[..self.players as usize]
                    .iter()
                    .position(|&l| l == cell);
                cells.push(match knight {
                    Some(seat) => Mark::Piece {
                        owner: Player::ALL[seat],
                        kind: 0,
                    },
                    None if self.open.contains(cell) => Mark::Empty,
                    None => Mark::Blocked,
                });
            }
        }
        let mut view = BoardView::new(v.width as usize, v.height as usize, cells);
        view.kind_names = vec!["knight"];
        view.column_labels = (0..v.width).map(|c| c.to_string()).collect();
        view.row_labels = (0..v.height).map(|r| r.to_string()).collect();
        Some(view)
    }
}
