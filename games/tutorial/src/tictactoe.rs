use ply_search::{Game, MoveList, NotationError, Outcome, Player};

/// Tic-tac-toe: X (player 0) moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    marks: [u16; 2],
    ply: u32,
}

const LINES: [u16; 8] = [
    0o007, 0o070, 0o700, // rows
    0o111, 0o222, 0o444, // columns
    0o421, 0o124, // diagonals
];

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> Self {
        TicTacToe {
            marks: [0, 0],
            ply: 0,
        }
    }
    fn winner(&self) -> Option<Player> {
        (0..2)
            .find(|&p| LINES.iter().any(|&line| self.marks[p] & line == line))
            .map(Player::from_index)
    }
    fn empty(&self) -> u16 {
        !(self.marks[0] | self.marks[1]) & 0o777
    }
}

impl Game for TicTacToe {
    type Move = u8;

    fn to_move(&self) -> Player {
        Player::from_index(self.ply as usize)
    }
    fn generate_moves(&self, moves: &mut MoveList<u8>) {
        // The contract: a finished game has no legal move.
        if self.outcome().is_none() {
            moves.extend((0..9).filter(|&c| self.empty() >> c & 1 == 1));
        }
    }
    fn play(&self, cell: u8) -> Self {
        let mut next = *self;
        next.marks[self.ply as usize % 2] |= 1 << cell;
        next.ply += 1;
        next
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(p) => Some(Outcome::Win(p)),
            None if self.empty() == 0 => Some(Outcome::Draw),
            None => None,
        }
    }
    fn key(&self) -> u64 {
        (self.marks[0] as u64) << 9 | self.marks[1] as u64
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn format_move(&self, cell: u8) -> String {
        cell.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        let bad = || NotationError::new("move", text, "an empty cell from 0 to 8");
        let cell: u8 = text.trim().parse().map_err(|_| bad())?;
        if cell < 9 && self.legal_moves().contains(&cell) {
            Ok(cell)
        } else {
            Err(bad())
        }
    }
    fn position(&self) -> String {
        (0..9)
            .map(|c| match (self.marks[0] >> c & 1, self.marks[1] >> c & 1) {
                (1, _) => 'x',
                (_, 1) => 'o',
                _ => '.',
            })
            .collect()
    }
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let bad = || NotationError::new("position", text, "9 cells of x, o or ., e.g. `x...o....`");
        let cells: Vec<char> = text.trim().chars().collect();
        if cells.len() != 9 {
            return Err(bad());
        }
        let mut marks = [0u16; 2];
        for (i, c) in cells.iter().enumerate() {
            match c {
                'x' => marks[0] |= 1 << i,
                'o' => marks[1] |= 1 << i,
                '.' => {}
                _ => return Err(bad()),
            }
        }
        let (x, o) = (marks[0].count_ones(), marks[1].count_ones());
        if x != o && x != o + 1 {
            return Err(bad());
        }
        Ok(TicTacToe { marks, ply: x + o })
    }
    fn max_game_length(&self) -> Option<u32> {
        Some(self.empty().count_ones())
    }
}

// The searches and the solver need nothing more: their hints keep their defaults, computed
// from the rules above. A game with a shortcut would override their methods.
impl ply_search::SearchHints for TicTacToe {}
impl ply_search::solver::Solvable for TicTacToe {}
