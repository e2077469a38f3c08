//! What the `ply` command, the Python package and the web server need of the tutorial's games
//! beyond their rules: a start from a spec string, the evaluators agent specs may name, and a
//! drawing of the board.

use crate::{Nim, Take, TicTacToe};
use ply_search::describe::{
    null_only, Actions, Describe, FromSpec, NamedEvaluators, Preset, Showcase, SpecKey,
};
use ply_search::picture::{BoardView, Mark};
use ply_search::{Game, NotationError, Outcome, Player, Spec, Zero};
use serde_json::{json, Map, Value};

impl FromSpec for TicTacToe {
    const NAME: &'static str = "tictactoe";
    const ABOUT: &'static str = "tic-tac-toe, the tutorial's first game";
    const RULES: &'static str = "Players mark an empty cell in turn, player 0 first. Three marks of yours in a row, across, down or diagonally, win; a full board without one is a draw.";
    const KEYS: &'static [SpecKey] = &[];
    const EXAMPLE: &'static str = "tictactoe";
    const SHOWCASE: Showcase = Showcase {
        presets: &[Preset {
            label: "Tic-tac-toe",
            spec: "tictactoe",
        }],
        ..Showcase::NONE
    };

    fn from_parsed_spec(spec: Spec) -> Result<TicTacToe, NotationError> {
        spec.finish_keys(Self::KEYS)?;
        Ok(TicTacToe::new())
    }
}

/// Action `c` is a mark on cell `c`.
impl Actions for TicTacToe {
    fn num_actions(&self) -> usize {
        9
    }

    fn action(&self, cell: u8) -> usize {
        cell as usize
    }
}

impl NamedEvaluators for TicTacToe {
    type Eval = Zero;
    const DEFAULT_EVAL: &'static str = "null";
    const EVALUATORS: &'static [&'static str] = &["null"];
    fn evaluator(name: &str) -> Result<Zero, NotationError> {
        null_only(name, "the tutorial's games have no heuristic")
    }
}

impl Describe for TicTacToe {
    fn fields(&self) -> Map<String, Value> {
        Map::new()
    }

    /// The board beside the cell numbers that moves name.
    fn drawing(&self) -> String {
        let cells: Vec<char> = self.position().chars().collect();
        let rows: Vec<String> = cells
            .chunks(3)
            .enumerate()
            .map(|(r, row)| {
                let n = 3 * r;
                let key = format!("{} {} {}", n, n + 1, n + 2);
                format!("  {} {} {}    {key}", row[0], row[1], row[2])
            })
            .collect();
        format!("\n{}\n", rows.join("\n"))
    }

    fn move_format(&self) -> String {
        "a cell number 0-8, as in the key beside the board".into()
    }

    /// The winner's three in a row (two lines when the last mark made both).
    fn winning_cells(&self) -> Vec<usize> {
        match (self.outcome(), self.board_view(Player::P0)) {
            (Some(Outcome::Win(winner)), Some(view)) => view.lines_of(winner, 3),
            _ => Vec::new(),
        }
    }

    fn end_reason(&self) -> Option<String> {
        match self.outcome()? {
            Outcome::Win(p) => Some(format!("player {} has three in a row", p.index())),
            Outcome::Draw => Some("a draw: the board is full".into()),
        }
    }

    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let marks = self
            .position()
            .chars()
            .map(|c| match c {
                'x' => Mark::Piece {
                    owner: Player::P0,
                    kind: 0,
                },
                'o' => Mark::Piece {
                    owner: Player::P1,
                    kind: 0,
                },
                _ => Mark::Empty,
            })
            .collect();
        Some(BoardView::new(3, 3, marks))
    }
}

impl FromSpec for Nim {
    const NAME: &'static str = "nim";
    const ABOUT: &'static str = "Nim with up to 8 heaps, the tutorial's second game";
    const RULES: &'static str = "A turn takes one or more stones from one heap. The player who takes the last stone wins (with misere=on, loses).";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "heaps",
            default: "[3,4,5]",
            accepted: "[A,B,...]: at most 8 heaps of 0 to 15 stones",
        },
        SpecKey {
            key: "misere",
            default: "off",
            accepted: "on (whoever takes the last stone loses) or off",
        },
    ];
    const EXAMPLE: &'static str = "nim(heaps=[3,4,5])";
    const SHOWCASE: Showcase = Showcase {
        presets: &[Preset {
            label: "Nim 3-4-5",
            spec: "nim(heaps=[3,4,5])",
        }],
        ..Showcase::NONE
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<Nim, NotationError> {
        const FORM: &str =
            "heaps=[A,B,...] with at most 8 heaps of 0 to 15 stones, e.g. nim(heaps=[3,4,5])";
        let heaps = match spec.take("heaps") {
            None => vec![3, 4, 5],
            Some(text) => text
                .trim()
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .and_then(|t| {
                    t.split(',')
                        .map(|h| h.trim().parse::<u8>().ok())
                        .collect::<Option<Vec<u8>>>()
                })
                .ok_or_else(|| NotationError::new("nim heaps", text, FORM))?,
        };
        let misere = spec.take_switch("misere", false)?;
        spec.finish_keys(Self::KEYS)?;
        let start = Nim::new(&heaps)
            .ok_or_else(|| NotationError::new("nim heaps", format!("{heaps:?}"), FORM))?;
        Ok(if misere { start.misere() } else { start })
    }
}

/// Action `16 * heap + (stones - 1)`: taking 1 to 15 stones from heap 0 to 7.
impl Actions for Nim {
    fn num_actions(&self) -> usize {
        8 * 16
    }

    fn action(&self, mv: Take) -> usize {
        16 * mv.heap as usize + (mv.take as usize - 1)
    }
}

impl NamedEvaluators for Nim {
    type Eval = Zero;
    const DEFAULT_EVAL: &'static str = "null";
    const EVALUATORS: &'static [&'static str] = &["null"];
    fn evaluator(name: &str) -> Result<Zero, NotationError> {
        null_only(name, "the tutorial's games have no heuristic")
    }
}

impl Describe for Nim {
    /// `heaps`: the heap sizes.
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("heaps".into(), json!(self.heaps()));
        map
    }

    fn drawing(&self) -> String {
        let rows: Vec<String> = self
            .heaps()
            .iter()
            .enumerate()
            .map(|(i, &h)| format!("  heap {}: {}", i + 1, "o ".repeat(h as usize).trim_end()))
            .collect();
        format!("\n{}\n", rows.join("\n"))
    }

    fn move_format(&self) -> String {
        "HEAP:STONES, e.g. 2:3 takes three stones from heap 2".into()
    }

    fn end_reason(&self) -> Option<String> {
        self.outcome()?;
        let last = self.to_move().other().index();
        Some(format!("player {last} took the last stone"))
    }

    /// A row per heap, 15 cells wide (the most a heap holds), a token per stone.
    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let heaps = self.heaps();
        let marks = heaps
            .iter()
            .flat_map(|&h| (0..15).map(move |i| if i < h { Mark::Token } else { Mark::Empty }));
        let mut view = BoardView::new(15, heaps.len(), marks.collect());
        view.tokens = true;
        Some(view)
    }
}
