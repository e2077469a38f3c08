//! A second Breakthrough, written from the rules alone (a grid of cells, each piece's three
//! steps tried one by one, as the rules are stated), to check the bitboard game against, and
//! a brute-force solver on it.

#![allow(dead_code)] // each test file uses its part

use std::collections::HashMap;

/// A position: `cells[row][column]` is `Some(player)` for a piece, row 0 (rank 1) at the
/// bottom; player 0 moves up, player 1 down.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Naive {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Vec<Option<usize>>>,
    pub to_move: usize,
}

/// Solved positions by their [`Naive::memo_key`].
pub type Memo<T> = HashMap<(u64, u64, usize), T>;

/// A step: from (row, column) to (row, column).
pub type Step = ((usize, usize), (usize, usize));

impl Naive {
    /// The start: two full rows each, or one when the board is under 6 rows high.
    pub fn new(width: usize, height: usize) -> Naive {
        let camp = if height >= 6 { 2 } else { 1 };
        let mut cells = vec![vec![None; width]; height];
        for r in 0..camp {
            cells[r] = vec![Some(0); width];
            cells[height - 1 - r] = vec![Some(1); width];
        }
        Naive {
            width,
            height,
            cells,
            to_move: 0,
        }
    }

    /// Reads the rows from the top (`w`, `b`, `.`) and the player to move.
    pub fn from_rows(rows: &[&str], to_move: usize) -> Naive {
        let height = rows.len();
        let width = rows[0].len();
        let mut cells = vec![vec![None; width]; height];
        for (i, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                cells[height - 1 - i][c] = match ch {
                    'w' => Some(0),
                    'b' => Some(1),
                    _ => None,
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

    /// The rows from the top, as `w`, `b` and `.`.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .rev()
            .map(|r| {
                self.cells[r]
                    .iter()
                    .map(|cell| match cell {
                        Some(0) => 'w',
                        Some(_) => 'b',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    fn goal_row(&self, player: usize) -> usize {
        if player == 0 {
            self.height - 1
        } else {
            0
        }
    }

    /// The winner: a piece on its far row, or the only side with pieces left.
    pub fn winner(&self) -> Option<usize> {
        for player in 0..2 {
            let goal = self.goal_row(player);
            if self.cells[goal].contains(&Some(player)) {
                return Some(player);
            }
            let other = 1 - player;
            if !self.cells.iter().flatten().any(|&cell| cell == Some(other)) {
                return Some(player);
            }
        }
        None
    }

    /// The legal steps of the player to move, none when the game is over.
    pub fn moves(&self) -> Vec<Step> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let me = self.to_move;
        let forward: i64 = if me == 0 { 1 } else { -1 };
        let mut steps = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                if self.cells[r][c] != Some(me) {
                    continue;
                }
                for dc in [-1i64, 0, 1] {
                    let (nr, nc) = (r as i64 + forward, c as i64 + dc);
                    if nr < 0 || nc < 0 || nr >= self.height as i64 || nc >= self.width as i64 {
                        continue;
                    }
                    let (nr, nc) = (nr as usize, nc as usize);
                    let legal = match self.cells[nr][nc] {
                        None => true,
                        Some(p) => p != me && dc != 0, // captures only diagonally
                    };
                    if legal {
                        steps.push(((r, c), (nr, nc)));
                    }
                }
            }
        }
        steps
    }

    pub fn play(&self, ((r, c), (nr, nc)): Step) -> Naive {
        let mut next = self.clone();
        next.cells[nr][nc] = next.cells[r][c].take();
        next.to_move = 1 - self.to_move;
        next
    }

    /// Perft: `strict` counts only lines of exactly `depth` plies; otherwise a game that
    /// ended earlier is one leaf.
    pub fn perft(&self, depth: u32, strict: bool) -> u64 {
        let (leaves, exact) = self.perft_both(depth);
        if strict {
            exact
        } else {
            leaves
        }
    }

    /// Perft in both conventions at once: (leaves, strict).
    pub fn perft_both(&self, depth: u32) -> (u64, u64) {
        if self.winner().is_some() {
            return (1, u64::from(depth == 0));
        }
        if depth == 0 {
            return (1, 1);
        }
        self.moves()
            .into_iter()
            .map(|m| self.play(m).perft_both(depth - 1))
            .fold((0, 0), |(a, b), (c, d)| (a + c, b + d))
    }

    /// A compact memo key: one bit per cell for each player, and the player to move.
    pub fn memo_key(&self) -> (u64, u64, usize) {
        let mut bits = [0u64; 2];
        for (i, cell) in self.cells.iter().flatten().enumerate() {
            if let Some(p) = cell {
                bits[*p] |= 1 << i;
            }
        }
        (bits[0], bits[1], self.to_move)
    }

    /// Whether the player to move wins with perfect play, by full search with a memo (there
    /// are no draws).
    pub fn wins(&self, memo: &mut Memo<bool>) -> bool {
        if let Some(winner) = self.winner() {
            return winner == self.to_move;
        }
        if let Some(&known) = memo.get(&self.memo_key()) {
            return known;
        }
        let wins = self.moves().into_iter().any(|m| !self.play(m).wins(memo));
        memo.insert(self.memo_key(), wins);
        wins
    }

    /// The exact distance value of an unfinished game: plies to the end with the winner
    /// hurrying and the loser delaying, positive when the player to move wins.
    pub fn distance(&self, memo: &mut Memo<i32>) -> i32 {
        assert!(self.winner().is_none(), "distance of a finished game");
        if let Some(&known) = memo.get(&self.memo_key()) {
            return known;
        }
        let mut best = i32::MIN;
        for m in self.moves() {
            let child = self.play(m);
            let value = if child.winner().is_some() {
                1 // wins in one ply
            } else {
                let v = child.distance(memo);
                if v > 0 {
                    -(v + 1) // the opponent wins: a loss one ply later
                } else {
                    -v + 1 // the opponent loses in -v plies: a win one ply later
                }
            };
            best = best.max(prefer(value));
        }
        let value = unprefer(best);
        memo.insert(self.memo_key(), value);
        value
    }
}

/// Orders distance values: any win beats any loss, shorter wins first, longer losses first.
fn prefer(value: i32) -> i32 {
    if value > 0 {
        1_000 - value
    } else {
        -1_000 - value
    }
}

fn unprefer(key: i32) -> i32 {
    if key > 0 {
        1_000 - key
    } else {
        -1_000 - key
    }
}
