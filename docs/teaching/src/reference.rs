//! Reference solutions, kept apart from the skeletons; they pass the graders.

use crate::Node;
use ply_isolation::Isolation;
use ply_search::{Game, MoveList, NotationError, Outcome, Player};

/// Minimax, as AIMA writes it (one function for both players).
pub fn minimax(node: &Node) -> i32 {
    if node.is_leaf() {
        return node.value();
    }
    let values = node.children().into_iter().map(|c| minimax(&c));
    if node.is_max() {
        values.max().expect("an inner node has children")
    } else {
        values.min().expect("an inner node has children")
    }
}

/// Alpha-beta, as AIMA writes it, with the choice of pruning on equality.
pub fn alpha_beta(node: &Node, mut alpha: i32, mut beta: i32, strict: bool) -> i32 {
    if node.is_leaf() {
        return node.value();
    }
    let cut = |v: i32, bound: i32, max: bool| match (max, strict) {
        (true, false) => v >= bound,
        (true, true) => v > bound,
        (false, false) => v <= bound,
        (false, true) => v < bound,
    };
    if node.is_max() {
        let mut v = i32::MIN;
        for child in node.children() {
            v = v.max(alpha_beta(&child, alpha, beta, strict));
            if cut(v, beta, true) {
                return v;
            }
            alpha = alpha.max(v);
        }
        v
    } else {
        let mut v = i32::MAX;
        for child in node.children() {
            v = v.min(alpha_beta(&child, alpha, beta, strict));
            if cut(v, alpha, false) {
                return v;
            }
            beta = beta.min(v);
        }
        v
    }
}

/// AIND's improved evaluator, from the original's own functions.
pub fn improved_score(state: &Isolation, player: Player) -> i32 {
    let [own, other] = match player {
        Player::P0 => [0, 1],
        Player::P1 => [1, 0],
    };
    let locs = state.locs();
    state.liberties(locs[own]).len() as i32 - state.liberties(locs[other]).len() as i32
}

/// Kayles (see the skeleton for the rules and the notation).
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
