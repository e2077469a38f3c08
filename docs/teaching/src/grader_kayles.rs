//! The reference Kayles that exercise 4 is graded against. It is also a solution of the
//! exercise: for graded work, keep it (with `reference.rs`) in the instructor's copy.

use ply_search::{Game, MoveList, NotationError, Outcome, Player};

/// Kayles (see the skeleton, `student::Kayles`, for the rules and the notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kayles {
    pins: u32,
    len: u8,
    ply: u32,
}

impl Kayles {
    /// The full row of `len` pins (1 to 20), player 0 to move.
    pub fn new(len: u8) -> Kayles {
        assert!((1..=20).contains(&len), "Kayles rows have 1 to 20 pins");
        Kayles {
            pins: (1 << len) - 1,
            len,
            ply: 0,
        }
    }
}

impl Game for Kayles {
    type Move = (u8, u8);

    fn to_move(&self) -> Player {
        Player::from_index(self.ply as usize % 2)
    }
    fn generate_moves(&self, moves: &mut MoveList<(u8, u8)>) {
        for pin in 0..self.len {
            if self.pins >> pin & 1 == 1 {
                moves.push((pin, 1));
                if self.pins >> pin & 0b11 == 0b11 {
                    moves.push((pin, 2));
                }
            }
        }
    }
    fn play(&self, (pin, count): (u8, u8)) -> Kayles {
        let knocked = ((1u32 << count) - 1) << pin;
        Kayles {
            pins: self.pins & !knocked,
            ply: self.ply + 1,
            ..*self
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.pins == 0).then(|| Outcome::Win(self.to_move().other()))
    }
    fn key(&self) -> u64 {
        (self.pins as u64) << 1 | self.ply as u64 & 1
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn format_move(&self, (pin, count): (u8, u8)) -> String {
        match count {
            1 => format!("{}", pin + 1),
            _ => format!("{}-{}", pin + 1, pin + 2),
        }
    }
    fn parse_move(&self, text: &str) -> Result<(u8, u8), NotationError> {
        self.legal_moves()
            .into_iter()
            .find(|&mv| self.format_move(mv) == text.trim())
            .ok_or_else(|| {
                NotationError::new("move", text, "a standing pin `3` or two side by side `3-4`")
            })
    }
    fn position(&self) -> String {
        let row: String = (0..self.len)
            .map(|pin| if self.pins >> pin & 1 == 1 { 'I' } else { '.' })
            .collect();
        format!("{row} {}", self.ply)
    }
    fn parse_position(&self, text: &str) -> Result<Kayles, NotationError> {
        let bad = || {
            NotationError::new(
                "position",
                text,
                "pins as I or ., a space, the plies: `II.II 1`",
            )
        };
        let (row, ply) = text.trim().split_once(' ').ok_or_else(bad)?;
        if row.is_empty() || row.len() > 20 || row.chars().any(|c| c != 'I' && c != '.') {
            return Err(bad());
        }
        let pins = row
            .chars()
            .enumerate()
            .fold(0, |pins, (i, c)| pins | ((c == 'I') as u32) << i);
        Ok(Kayles {
            pins,
            len: row.len() as u8,
            ply: ply.parse().map_err(|_| bad())?,
        })
    }
    fn max_game_length(&self) -> Option<u32> {
        Some(self.pins.count_ones())
    }
}

impl ply_search::solver::Solvable for Kayles {}
