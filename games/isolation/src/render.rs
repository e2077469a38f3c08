//! Drawings of the board, as the original's `DebugState` prints them.

use crate::Isolation;

impl Isolation {
    /// The original's `DebugState.__str__`: the board drawn with `1` and `2` for the players,
    /// `X` for blocked cells, north at the top and west on the left, with the original's
    /// leading newline.
    ///
    /// ```
    /// use ply_isolation::{Isolation, Rules, Variant};
    /// let state = Isolation::new(Variant::get(3, 2, Rules::Standard).unwrap());
    /// let state = state.result(0).unwrap().result(5).unwrap();
    /// assert_eq!(state.debug_string(), "
    /// + - + - + - +
    /// |   |   | 2 |
    /// + - + - + - +
    /// |   |   | 1 |
    /// + - + - + - +
    /// ");
    /// ```
    pub fn debug_string(&self) -> String {
        self.grid(['1', '2'], false)
    }

    /// The board for people: drawn as [`Isolation::debug_string`] does (north at the top), with
    /// the `(row,col)` coordinates that moves may be typed in along its edges, the players
    /// marked `0` and `1` as every page of ply names them, and a key.
    ///
    /// ```
    /// use ply_isolation::{Isolation, Rules, Variant};
    /// let state = Isolation::new(Variant::get(3, 2, Rules::Standard).unwrap());
    /// let state = state.result(0).unwrap().result(5).unwrap();
    /// assert_eq!(state.labelled_drawing(), "
    ///       0   1   2
    ///     + - + - + - +
    ///   0 |   |   | 1 |
    ///     + - + - + - +
    ///   1 |   |   | 0 |
    ///     + - + - + - +
    /// 0: player 0, 1: player 1, X: blocked; cells are (row,col)
    /// ");
    /// ```
    pub fn labelled_drawing(&self) -> String {
        let mut out = self.grid(['0', '1'], true);
        out.push_str("0: player 0, 1: player 1, X: blocked; cells are (row,col)\n");
        out
    }

    /// The board as `DebugState` draws it, north at the top (row 0), the players marked with
    /// `players`, blocked cells `X`; with `labelled`, the `(row,col)` coordinates on its edges.
    fn grid(&self, players: [char; 2], labelled: bool) -> String {
        let v = self.variant();
        let margin = if labelled { "    " } else { "" };
        let rowsep = format!("{margin}{}+\n", "+ - ".repeat(v.width as usize));
        let mut out = String::with_capacity((v.height as usize * 2 + 3) * (rowsep.len() + 4));
        out.push('\n');
        if labelled {
            out.push_str(margin);
            for col in 0..v.width {
                out.push_str(&format!("  {col:<2}"));
            }
            let trimmed = out.trim_end().len();
            out.truncate(trimmed);
            out.push('\n');
        }
        out.push_str(&rowsep);
        let locs = self.locs();
        for row in 0..v.height {
            if labelled {
                out.push_str(&format!("{row:>3} "));
            }
            out.push('|');
            for col in 0..v.width {
                let cell = v.cell_at_row_col(row, col).expect("a cell of the board");
                let symbol = if locs[0] == Some(cell) {
                    players[0]
                } else if locs[1] == Some(cell) {
                    players[1]
                } else if self.open_cells().contains(cell) {
                    ' '
                } else {
                    'X'
                };
                out.push(' ');
                out.push(symbol);
                out.push_str(" |");
            }
            out.push('\n');
            out.push_str(&rowsep);
        }
        out
    }

    /// The original's `DebugState.bitboard_string`: the board integer in binary, highest bit
    /// first, without leading zeros.
    pub fn bitboard_string(&self) -> String {
        format!("{:b}", self.board())
    }

    /// The original's `DebugState.ind2xy(ind)`: `(ind % (W + 2), ind // (W + 2))`.
    ///
    /// ```
    /// use ply_isolation::Isolation;
    /// assert_eq!(Isolation::udacity().ind2xy(57), (5, 4));
    /// assert_eq!(Isolation::udacity().ind2xy(25), (12, 1)); // a border bit, as in the original
    /// ```
    pub fn ind2xy(&self, ind: u8) -> (u8, u8) {
        self.variant().xy(ind)
    }
}

impl std::fmt::Display for Isolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.debug_string())
    }
}
