//! What front ends show of a position, the action numbers, and the evaluators agent specs may
//! name.

use crate::board::{bit, Place, CELLS, PLACES};
use crate::state::{ChineseCheckers, Move, PASS};
use crate::Heuristic;
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::solver::Solvable;
use ply_search::{Game, NotationError, Outcome, Player};
use serde_json::{json, Map, Value};

/// The star's rows and doubled columns, as a grid for pictures.
const GRID_ROWS: usize = 17;
const GRID_COLUMNS: usize = 25;

/// A turn's number is `from * 121 + to`, and a pass is 14641. (OpenSpiel numbers each hop of a
/// turn as an action of its own, `cell * 6 + direction`, with 726 to end a chain; a turn here
/// is one move, so it needs a number of its own.)
impl Actions for ChineseCheckers {
    fn num_actions(&self) -> usize {
        CELLS * CELLS + 1
    }

    fn action(&self, mv: Move) -> usize {
        if mv == PASS {
            CELLS * CELLS
        } else {
            mv.from as usize * CELLS + mv.to as usize
        }
    }
}

impl NamedEvaluators for ChineseCheckers {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "distance";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl Solvable for ChineseCheckers {}

impl ChineseCheckers {
    /// The seat whose piece stands on `cell`, if any.
    pub fn owner(&self, cell: u8) -> Option<Player> {
        (0..self.players())
            .find(|&seat| self.pieces[seat] & bit(cell) != 0)
            .map(|seat| Player::ALL[seat])
    }
}

impl Describe for ChineseCheckers {
    /// `board` (the rows from the top point, as in positions) and `arrived` (each player's
    /// pieces in its target triangle).
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
        let arrived: Vec<u32> = Player::first(self.players())
            .iter()
            .map(|&p| self.arrived(p))
            .collect();
        map.insert("arrived".into(), json!(arrived));
        map
    }

    /// The star as OpenSpiel draws it, each piece its seat's digit, and each player's count of
    /// pieces home.
    ///
    /// ```
    /// use ply_chinese_checkers::ChineseCheckers;
    /// use ply_search::describe::Describe;
    /// let start = ChineseCheckers::from_spec("chinese-checkers(players=3)").unwrap();
    /// assert_eq!(start.drawing(), "
    ///             0
    ///            0 0
    ///           0 0 0
    ///          0 0 0 0
    /// . . . . . . . . . . . . .
    ///  . . . . . . . . . . . .
    ///   . . . . . . . . . . .
    ///    . . . . . . . . . .
    ///     . . . . . . . . .
    ///    2 . . . . . . . . 1
    ///   2 2 . . . . . . . 1 1
    ///  2 2 2 . . . . . . 1 1 1
    /// 2 2 2 2 . . . . . 1 1 1 1
    ///          . . . .
    ///           . . .
    ///            . .
    ///             .
    /// pieces home: player 0 0, player 1 0, player 2 0; player 0 to move (turn 1 of 1000)
    /// ");
    /// ```
    fn drawing(&self) -> String {
        let mut lines = vec![vec![' '; GRID_COLUMNS]; GRID_ROWS];
        for (cell, &Place { row, column }) in PLACES.iter().enumerate() {
            lines[row as usize][column as usize] = self
                .owner(cell as u8)
                .map_or('.', |p| (b'0' + p.index() as u8) as char);
        }
        let mut out = String::from("\n");
        for line in lines {
            let text: String = line.into_iter().collect();
            out.push_str(text.trim_end());
            out.push('\n');
        }
        let home: Vec<String> = Player::first(self.players())
            .iter()
            .map(|&p| format!("player {} {}", p.index(), self.arrived(p)))
            .collect();
        out.push_str(&format!("pieces home: {}", home.join(", ")));
        if self.is_terminal() {
            out.push('\n');
        } else {
            out.push_str(&format!(
                "; player {} to move (turn {} of {})\n",
                self.seat,
                self.turns + 1,
                self.max_turns
            ));
        }
        out
    }

    fn move_format(&self) -> String {
        "a piece's cell and where it ends, as OpenSpiel numbers the cells (0 the top point to \
         120 the bottom one): 6->14 for a step, 3=>14 for hops"
            .into()
    }

    fn end_reason(&self) -> Option<String> {
        Some(match self.outcome()? {
            Outcome::Win(p) => format!(
                "player {} has filled the triangle opposite its home",
                p.index()
            ),
            Outcome::Draw => format!("no one finished within {} turns", self.max_turns),
        })
    }

    /// The star on a grid of 17 rows and 25 half-cells: the cells no piece can stand on (the
    /// gaps between a row's cells, the corners outside the star) are blocked.
    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let mut cells = vec![Mark::Blocked; GRID_ROWS * GRID_COLUMNS];
        for (cell, &Place { row, column }) in PLACES.iter().enumerate() {
            cells[row as usize * GRID_COLUMNS + column as usize] = match self.owner(cell as u8) {
                Some(owner) => Mark::Piece { owner, kind: 0 },
                None => Mark::Empty,
            };
        }
        let mut view = BoardView::new(GRID_COLUMNS, GRID_ROWS, cells);
        view.kind_names = vec!["piece"];
        Some(view)
    }
}
