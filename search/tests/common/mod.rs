//! Test games shared by the search crate's integration tests.

use ply_search::{Game, MoveList, NotationError, Outcome, Player};

/// A game that never ends: three moves everywhere, every position distinct.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Endless {
    pub hash: u64,
    pub ply: u32,
}

impl Game for Endless {
    type Move = u8;
    fn to_move(&self) -> Player {
        Player::from_index(self.ply as usize)
    }
    fn generate_moves(&self, moves: &mut MoveList<u8>) {
        moves.extend([0, 1, 2]);
    }
    fn play(&self, mv: u8) -> Endless {
        let hash = (self.hash ^ mv as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
        Endless {
            hash,
            ply: self.ply + 1,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn key(&self) -> u64 {
        self.hash
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        text.parse()
            .ok()
            .filter(|&m| m < 3)
            .ok_or_else(|| NotationError::new("move", text, "0, 1 or 2"))
    }
    fn position(&self) -> String {
        format!("{} {}", self.hash, self.ply)
    }
    fn parse_position(&self, _: &str) -> Result<Endless, NotationError> {
        Ok(self.clone())
    }
}

impl ply_search::SearchHints for Endless {}

/// An evaluator with some variety, so that the search has work to do.
pub fn noisy(state: &Endless, _: Player) -> i32 {
    (state.hash % 201) as i32 - 100
}
