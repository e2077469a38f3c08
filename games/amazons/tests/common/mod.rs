//! A second Amazons, written from the rules alone (a grid of cells, each queen line walked
//! cell by cell), to check the bitboard game against, and a brute-force solver on it.

#![allow(dead_code)] // each test file uses its part

use std::collections::HashMap;

/// A cell's content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Amazon(usize),
    Burnt,
}

/// A position: `cells[row][column]`, row 0 (rank 1) at the bottom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Naive {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Vec<Cell>>,
    pub to_move: usize,
}

/// A move: the amazon's cell, its landing cell and its arrow's cell, as (row, column).
pub type Step = ((usize, usize), (usize, usize), (usize, usize));

const DIRECTIONS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Naive {
    /// Reads the rows from the top (`w`, `b`, `x`, `.`) and the player to move.
    pub fn from_rows(rows: &[String], to_move: usize) -> Naive {
        let height = rows.len();
        let width = rows[0].len();
        let mut cells = vec![vec![Cell::Empty; width]; height];
        for (i, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                cells[height - 1 - i][c] = match ch {
                    'w' => Cell::Amazon(0),
                    'b' => Cell::Amazon(1),
                    'x' => Cell::Burnt,
                    _ => Cell::Empty,
                };
            }
        }
        Naive {
            width,
            height,
            cells,
            to_move,
        }
    }

    /// The rows from the top, as `w`, `b`, `x` and `.`.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .rev()
            .map(|r| {
                self.cells[r]
                    .iter()
                    .map(|cell| match cell {
                        Cell::Amazon(0) => 'w',
                        Cell::Amazon(_) => 'b',
                        Cell::Burnt => 'x',
                        Cell::Empty => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// The empty cells a queen on `(row, column)` reaches, walking each line until a cell is
    /// not empty.
    fn queen_lines(&self, (row, column): (usize, usize)) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for (dr, dc) in DIRECTIONS {
            let (mut r, mut c) = (row as i64 + dr, column as i64 + dc);
            while r >= 0 && c >= 0 && r < self.height as i64 && c < self.width as i64 {
                if self.cells[r as usize][c as usize] != Cell::Empty {
                    break;
                }
                cells.push((r as usize, c as usize));
                r += dr;
                c += dc;
            }
        }
        cells
    }

    /// Every legal move of the player to move.
    pub fn moves(&self) -> Vec<Step> {
        let mut moves = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                if self.cells[r][c] != Cell::Amazon(self.to_move) {
                    continue;
                }
                for to in self.queen_lines((r, c)) {
                    let mut moved = self.clone();
                    moved.cells[r][c] = Cell::Empty;
                    moved.cells[to.0][to.1] = Cell::Amazon(self.to_move);
                    for arrow in moved.queen_lines(to) {
                        moves.push(((r, c), to, arrow));
                    }
                }
            }
        }
        moves
    }

    pub fn play(&self, (from, to, arrow): Step) -> Naive {
        let mut next = self.clone();
        next.cells[from.0][from.1] = Cell::Empty;
        next.cells[to.0][to.1] = Cell::Amazon(self.to_move);
        next.cells[arrow.0][arrow.1] = Cell::Burnt;
        next.to_move = 1 - self.to_move;
        next
    }

    /// Perft in both conventions at once: (leaves, strict). A position without moves is
    /// over.
    pub fn perft_both(&self, depth: u32) -> (u64, u64) {
        if depth == 0 {
            return (1, 1);
        }
        let moves = self.moves();
        if moves.is_empty() {
            return (1, 0);
        }
        moves
            .into_iter()
            .map(|m| self.play(m).perft_both(depth - 1))
            .fold((0, 0), |(a, b), (c, d)| (a + c, b + d))
    }

    /// The exact distance value: plies to the end with the winner hurrying and the loser
    /// delaying, positive when the player to move wins, 0 for a mover already stuck (a loss
    /// now).
    pub fn distance(&self, memo: &mut HashMap<Naive, i32>) -> i32 {
        if let Some(&known) = memo.get(self) {
            return known;
        }
        let moves = self.moves();
        let value = if moves.is_empty() {
            0
        } else {
            moves
                .into_iter()
                .map(|m| {
                    let v = self.play(m).distance(memo);
                    if v > 0 {
                        -(v + 1)
                    } else {
                        -v + 1
                    }
                })
                .max_by_key(|&v| if v > 0 { 1_000 - v } else { -1_000 - v })
                .expect("moves")
        };
        memo.insert(self.clone(), value);
        value
    }
}
