//! A position as a grid of marks: what front ends draw (the Python package's SVG in Jupyter,
//! the web page) and what learners read (observation planes, OpenSpiel's
//! `observation_tensor`). A game gives its [`BoardView`] through
//! [`crate::describe::Describe::board_view`]; everything else is generic.
//!
//! ```
//! use ply_search::picture::{BoardView, Mark};
//! use ply_search::Player;
//! // A 2x1 board: player 0's piece on the left, the right cell blocked.
//! let view = BoardView::new(2, 1, vec![Mark::Piece { owner: Player::P0, kind: 0 }, Mark::Blocked]);
//! let planes = view.planes(Player::P1);
//! assert_eq!(view.plane_names(), ["own piece", "opponent piece", "blocked", "empty"]);
//! assert_eq!(planes, vec![0.0, 0.0, /* opponent */ 1.0, 0.0, /* blocked */ 0.0, 1.0, /* empty */ 0.0, 0.0]);
//! ```

use crate::Player;

/// What stands on one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// An open, empty cell.
    Empty,
    /// A cell no piece may enter (a blocked Isolation square).
    Blocked,
    /// A player's piece of kind `kind` (0 plain, 1 for a second kind such as Onitama's master).
    Piece {
        /// Whose piece.
        owner: Player,
        /// Its kind, below [`BoardView::kinds`].
        kind: u8,
    },
    /// A piece of nobody (a stone of Nim).
    Token,
}

/// A position as a grid: `height` rows from the top, `width` cells from the left, and planes
/// of the game's own (Onitama's cards) on the same grid.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The marks, row by row from the top, each row from the left.
    pub cells: Vec<Mark>,
    /// How many kinds of piece the game has (the same in every position).
    pub kinds: u8,
    /// Names of the pieces' kinds, for pictures and plane names (`["pawn", "master"]`).
    pub kind_names: Vec<&'static str>,
    /// Whether the game has tokens (the same in every position).
    pub tokens: bool,
    /// More planes of `width * height` values each, named, from the point of view of the
    /// player the view was made for.
    pub extra: Vec<(String, Vec<f32>)>,
    /// Labels of the columns (left to right) and rows (top to bottom), as the game's notation
    /// names them; empty when it names cells otherwise.
    pub column_labels: Vec<String>,
    /// See [`BoardView::column_labels`].
    pub row_labels: Vec<String>,
    /// Lines of text shown with the picture (Onitama's hands).
    pub caption: Vec<String>,
    /// Small pictures shown beside the board (Onitama's cards, each with its moves drawn
    /// around the piece), for front ends that draw them.
    pub diagrams: Vec<Diagram>,
}

/// A small picture shown beside a board: a grid of marked cells around a centre (an Onitama
/// card: the squares its piece may move to, drawn as its holder sees the board).
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    /// What it shows (`frog`).
    pub title: String,
    /// Whose it is (a card in a player's hand), or `None` (the side card).
    pub owner: Option<Player>,
    /// A line under the title (`player 0 takes it next`), or empty.
    pub note: String,
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The cell the moves start from (its index in `marked`).
    pub centre: usize,
    /// Whether each cell, row by row from the top, is marked.
    pub marked: Vec<bool>,
}

impl BoardView {
    /// A view of one piece kind, no tokens, no extra planes and no labels.
    pub fn new(width: usize, height: usize, cells: Vec<Mark>) -> BoardView {
        debug_assert_eq!(cells.len(), width * height);
        BoardView {
            width,
            height,
            cells,
            kinds: 1,
            kind_names: vec!["piece"],
            tokens: false,
            extra: Vec::new(),
            column_labels: Vec::new(),
            row_labels: Vec::new(),
            caption: Vec::new(),
            diagrams: Vec::new(),
        }
    }

    /// The names of [`BoardView::planes`], in order: the own kinds, the opponent's, tokens
    /// (if the game has them), blocked, empty, then the extra planes.
    pub fn plane_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for side in ["own", "opponent"] {
            for kind in 0..self.kinds as usize {
                let name = self.kind_names.get(kind).copied().unwrap_or("piece");
                names.push(format!("{side} {name}"));
            }
        }
        if self.tokens {
            names.push("token".into());
        }
        names.push("blocked".into());
        names.push("empty".into());
        names.extend(self.extra.iter().map(|(name, _)| name.clone()));
        names
    }

    /// The observation planes from `player`'s point of view, one after the other, each
    /// `height` rows of `width` values (1.0 where the plane's mark stands).
    pub fn planes(&self, player: Player) -> Vec<f32> {
        let area = self.width * self.height;
        let count = 2 * self.kinds as usize + usize::from(self.tokens) + 2;
        let mut out = vec![0.0; count * area];
        let token_plane = 2 * self.kinds as usize;
        let blocked_plane = token_plane + usize::from(self.tokens);
        for (i, mark) in self.cells.iter().enumerate() {
            let plane = match *mark {
                Mark::Piece { owner, kind } => {
                    let side = if owner == player {
                        0
                    } else {
                        self.kinds as usize
                    };
                    side + kind as usize
                }
                Mark::Token => token_plane,
                Mark::Blocked => blocked_plane,
                Mark::Empty => blocked_plane + 1,
            };
            out[plane * area + i] = 1.0;
        }
        for (_, plane) in &self.extra {
            out.extend_from_slice(plane);
        }
        out
    }

    /// The planes' shape: `[planes, height, width]`.
    pub fn shape(&self) -> [usize; 3] {
        [self.plane_names().len(), self.height, self.width]
    }

    /// The cells of every straight line (along a row, a column or a diagonal) of at least
    /// `length` of `owner`'s pieces, in cell order: the line a game of "n in a row" is won by,
    /// for a front end to show.
    ///
    /// ```
    /// use ply_search::picture::{BoardView, Mark};
    /// use ply_search::Player;
    /// let x = Mark::Piece { owner: Player::P0, kind: 0 };
    /// let o = Mark::Piece { owner: Player::P1, kind: 0 };
    /// let e = Mark::Empty;
    /// let view = BoardView::new(3, 3, vec![x, o, e, o, x, e, e, o, x]);
    /// assert_eq!(view.lines_of(Player::P0, 3), [0, 4, 8]);
    /// assert!(view.lines_of(Player::P1, 3).is_empty());
    /// ```
    pub fn lines_of(&self, owner: Player, length: usize) -> Vec<usize> {
        let (width, height) = (self.width as isize, self.height as isize);
        let owns = |column: isize, row: isize| {
            (0..width).contains(&column)
                && (0..height).contains(&row)
                && matches!(self.cells[(row * width + column) as usize], Mark::Piece { owner: o, .. } if o == owner)
        };
        let mut on_a_line = vec![false; self.cells.len()];
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for row in 0..height {
                for column in 0..width {
                    // Start only where the line starts, and walk it to its end.
                    if !owns(column, row) || owns(column - dc, row - dr) {
                        continue;
                    }
                    let mut run = 0;
                    while owns(column + run * dc, row + run * dr) {
                        run += 1;
                    }
                    if run as usize >= length {
                        for k in 0..run {
                            on_a_line[((row + k * dr) * width + column + k * dc) as usize] = true;
                        }
                    }
                }
            }
        }
        (0..self.cells.len()).filter(|&i| on_a_line[i]).collect()
    }
}
