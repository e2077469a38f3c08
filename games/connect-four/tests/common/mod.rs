//! A second Connect Four, written from the rules alone (a grid of cells, lines of four found by
//! walking the grid), to check the bitboard game against, and a brute-force solver on it.

#![allow(dead_code)] // each test file uses its part

use std::collections::HashMap;

/// A position: `cells[column][row]` is `Some(player)` for a stone, row 0 at the bottom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Naive {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Vec<Option<usize>>>,
    pub stones: usize,
}

impl Naive {
    pub fn new(width: usize, height: usize) -> Naive {
        Naive {
            width,
            height,
            cells: vec![vec![None; height]; width],
            stones: 0,
        }
    }

    pub fn to_move(&self) -> usize {
        self.stones % 2
    }

    fn stone(&self, column: i64, row: i64) -> Option<usize> {
        if column < 0 || row < 0 || column >= self.width as i64 || row >= self.height as i64 {
            return None;
        }
        self.cells[column as usize][row as usize]
    }

    /// The player with four in a line, if any.
    pub fn winner(&self) -> Option<usize> {
        for c in 0..self.width as i64 {
            for r in 0..self.height as i64 {
                let Some(p) = self.stone(c, r) else { continue };
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (1..4).all(|i| self.stone(c + i * dc, r + i * dr) == Some(p)) {
                        return Some(p);
                    }
                }
            }
        }
        None
    }

    pub fn over(&self) -> bool {
        self.winner().is_some() || self.stones == self.width * self.height
    }

    /// The columns not full, left to right; none once the game is over.
    pub fn moves(&self) -> Vec<usize> {
        if self.over() {
            return Vec::new();
        }
        (0..self.width)
            .filter(|&c| self.cells[c][self.height - 1].is_none())
            .collect()
    }

    pub fn play(&self, column: usize) -> Naive {
        let mut next = self.clone();
        let row = (0..self.height)
            .find(|&r| self.cells[column][r].is_none())
            .expect("a column with room");
        next.cells[column][row] = Some(self.to_move());
        next.stones += 1;
        next
    }

    pub fn play_sequence(&self, sequence: &str) -> Naive {
        sequence
            .bytes()
            .fold(self.clone(), |s, b| s.play((b - b'1') as usize))
    }

    /// Leaves `depth` plies down; an ended game counts as a leaf (`leaves`) or not at all
    /// before the depth (`strict`).
    pub fn perft(&self, depth: u32, strict: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            return u64::from(!strict);
        }
        moves
            .iter()
            .map(|&c| self.play(c).perft(depth - 1, strict))
            .sum()
    }

    /// Pons' score for the side to move, by full minimax (memoised, no pruning): a win with
    /// the mover's own last stone scores the stones it had left, plus one.
    pub fn pons_score(&self, memo: &mut HashMap<Naive, i32>) -> i32 {
        if let Some(&known) = memo.get(self) {
            return known;
        }
        let cells = (self.width * self.height) as i32;
        let value = if self.winner().is_some() {
            // The player who just moved won with its stone number (stones + 1) / 2.
            -((cells + 1 - (self.stones as i32 - 1)) / 2)
        } else if self.stones == self.width * self.height {
            0
        } else {
            self.moves()
                .iter()
                .map(|&c| -self.play(c).pons_score(memo))
                .max()
                .expect("moves")
        };
        memo.insert(self.clone(), value);
        value
    }
}
