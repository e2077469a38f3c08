//! The reference Kayles, whose behaviour exercise 4 is graded against: recorded once as data
//! ([`facts`], written to `src/kayles_facts.json`), so the student's crate needs no copy of it.
//! It is also a solution of the exercise: the handout leaves it out, with `reference.rs`.

use ply_search::SearchHints;
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

/// No speed-ups: every search takes the defaults, computed from the rules.
impl ply_search::SearchHints for Kayles {}

/// The facts exercise 4 grades against, computed from this reference game: perft to the end of
/// rows of 1 to 9 pins in both conventions, the solved value of rows of 1 to 14 pins, and
/// `games` seeded random games on rows of 1 to 20 pins, move by move.
pub fn facts(games: usize) -> crate::facts::KaylesFacts {
    use crate::facts::{outcome_name, GameFact, KaylesFacts, PerftFact, SolvedFact, StepFact};
    use ply_search::perft::{perft, Count};
    use ply_search::solver::{solve, SolverOptions};
    let mut perft_facts = Vec::new();
    for len in 1..=9u8 {
        for count in [Count::Leaves, Count::Strict] {
            for depth in 1..=len as u32 {
                perft_facts.push(PerftFact {
                    len,
                    count: count.name().into(),
                    depth,
                    nodes: perft(&Kayles::new(len), depth, count),
                });
            }
        }
    }
    let solved = (1..=14u8)
        .map(|len| {
            let value = solve(&Kayles::new(len), &SolverOptions::default(), false)
                .expect("no limit")
                .value;
            let value = match value.signum() {
                1 => "win",
                -1 => "loss",
                _ => "draw",
            };
            SolvedFact {
                len,
                value: value.into(),
            }
        })
        .collect();
    let mut rng = ply_search::Rng::new(5);
    let mut game_facts = Vec::new();
    for _ in 0..games {
        let len = 1 + rng.below(20) as u8;
        let mut state = Kayles::new(len);
        let mut steps = Vec::new();
        loop {
            let mut legal: Vec<String> = state
                .legal_moves()
                .iter()
                .map(|&m| state.format_move(m))
                .collect();
            legal.sort();
            let next = state.random_move(&mut rng);
            steps.push(StepFact {
                position: state.position(),
                outcome: outcome_name(state.outcome()),
                legal,
                next: next.map(|m| state.format_move(m)),
            });
            match next {
                Some(mv) => state = state.play(mv),
                None => break,
            }
        }
        game_facts.push(GameFact { len, steps });
    }
    KaylesFacts {
        perft: perft_facts,
        solved,
        games: game_facts,
    }
}
