//! What front ends show of a position, OpenSpiel's action numbers, and the evaluators agent
//! specs may name.

use crate::board::bit;
use crate::state::{Move, Reversi, Rules, COLOURS, PASS};
use crate::Heuristic;
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::solver::Solvable;
use ply_search::{Game, NotationError, Outcome, Player};
use serde_json::{json, Map, Value};

/// OpenSpiel's numbers: a square is `row * size + column` from the top left, and Othello's
/// pass comes after the squares (64 on 8x8).
impl<R: Rules> Actions for Reversi<R> {
    fn num_actions(&self) -> usize {
        let squares = self.size() as usize * self.size() as usize;
        if R::MANY_PLAYERS {
            squares
        } else {
            squares + 1
        }
    }

    fn action(&self, mv: Move) -> usize {
        let size = self.size() as usize;
        if mv == PASS {
            size * size
        } else {
            (mv / 8) as usize * size + (mv % 8) as usize
        }
    }
}

impl<R: Rules> NamedEvaluators for Reversi<R> {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "mobility";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl<R: Rules> Solvable for Reversi<R> {}

impl<R: Rules> Reversi<R> {
    /// The colour's letter on each square, the rows from the top (`-` for an empty square).
    pub fn rows(&self) -> Vec<String> {
        let position = self.position();
        let board = position.split(' ').next().unwrap_or_default();
        board.split('/').map(String::from).collect()
    }

    /// The colour on `row` and `column`, if any.
    fn colour_at(&self, row: u8, column: u8) -> Option<usize> {
        (0..COLOURS).find(|&c| self.discs[c] & bit(row, column) != 0)
    }
}

impl<R: Rules> Describe for Reversi<R> {
    /// `board` (the rows from the top, a colour's letter or `-`) and `discs` (each player's).
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("board".into(), json!(self.rows()));
        let discs: Vec<u32> = Player::first(self.players as usize)
            .iter()
            .map(|&p| self.count(p))
            .collect();
        map.insert("discs".into(), json!(discs));
        map
    }

    /// The board with its coordinates, and who plays which colour.
    ///
    /// ```
    /// use ply_othello::Othello;
    /// use ply_search::describe::Describe;
    /// let board = Othello::from_spec("othello(size=4)").unwrap();
    /// assert_eq!(board.drawing(), "
    ///   a b c d
    /// 1 - - - -
    /// 2 - o x -
    /// 3 - x o -
    /// 4 - - - -
    /// x: player 0 (2 discs), o: player 1 (2 discs); x to move
    /// ");
    /// ```
    fn drawing(&self) -> String {
        let size = self.size();
        let mut out = String::from("\n  ");
        let columns: Vec<String> = (0..size)
            .map(|c| ((b'a' + c) as char).to_string())
            .collect();
        out.push_str(&columns.join(" "));
        out.push('\n');
        for (row, marks) in self.rows().iter().enumerate() {
            let marks: Vec<String> = marks.chars().map(String::from).collect();
            out.push_str(&format!("{} {}\n", row + 1, marks.join(" ")));
        }
        let seats: Vec<String> = Player::first(self.players as usize)
            .iter()
            .map(|&p| {
                let letter = R::LETTERS[self.colour_of(p.index())];
                format!("{letter}: player {} ({} discs)", p.index(), self.count(p))
            })
            .collect();
        let mover = R::LETTERS[self.colour_of(self.seat as usize)];
        out.push_str(&seats.join(", "));
        if self.is_terminal() {
            out.push('\n');
        } else {
            out.push_str(&format!("; {mover} to move\n"));
        }
        out
    }

    fn move_format(&self) -> String {
        let last = (b'a' + self.size() - 1) as char;
        format!(
            "a square a1 to {last}{}, column letter then row from the top, e.g. {}{}",
            self.size(),
            self.legal_moves()
                .first()
                .map_or("d3".into(), |&m| self.format_move(m)),
            if R::MANY_PLAYERS {
                ""
            } else {
                " (pass when no capture is left)"
            }
        )
    }

    /// Each player's share of the points, as [`Describe::returns`] says.
    fn end_reason(&self) -> Option<String> {
        let outcome = self.outcome()?;
        let counts: Vec<String> = Player::first(self.players as usize)
            .iter()
            .map(|&p| self.count(p).to_string())
            .collect();
        let how = if R::MANY_PLAYERS {
            "the board is full"
        } else {
            "neither player can move"
        };
        Some(match outcome {
            Outcome::Win(p) => format!(
                "{how}: player {} has the most discs ({})",
                p.index(),
                counts.join("-")
            ),
            Outcome::Draw => format!("{how}: a draw at the top ({})", counts.join("-")),
        })
    }

    /// The board, each disc its player's (in Rolit for two or three, the colours no one plays
    /// are drawn as tokens).
    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let size = self.size();
        let cells = (0..size)
            .flat_map(|row| (0..size).map(move |column| (row, column)))
            .map(|(row, column)| match self.colour_at(row, column) {
                None => Mark::Empty,
                Some(colour) => match self.seat_of(colour) {
                    Some(owner) => Mark::Piece { owner, kind: 0 },
                    None => Mark::Token,
                },
            })
            .collect();
        let mut view = BoardView::new(size as usize, size as usize, cells);
        view.kind_names = vec!["disc"];
        view.column_labels = (0..size)
            .map(|c| ((b'a' + c) as char).to_string())
            .collect();
        view.row_labels = (1..=size).map(|r| r.to_string()).collect();
        Some(view)
    }
}
