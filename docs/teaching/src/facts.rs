//! What the reference Kayles does, recorded as data (`kayles_facts.json`), so that exercise 4
//! is graded without a solution in the student's crate: perft counts, solved values, and
//! random games move by move. The instructor's copy checks the file against the reference game
//! (`tests/reference.rs`).

use serde::{Deserialize, Serialize};

/// Everything exercise 4 compares a submission with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KaylesFacts {
    /// Perft to the end of rows of 1 to 9 pins, both conventions.
    pub perft: Vec<PerftFact>,
    /// The solved value of rows of 1 to 14 pins.
    pub solved: Vec<SolvedFact>,
    /// Seeded random games, each position with its notation, outcome and legal moves.
    pub games: Vec<GameFact>,
}

/// One perft count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftFact {
    /// The row's length.
    pub len: u8,
    /// `leaves` or `strict` ([`ply_search::perft::Count`]).
    pub count: String,
    /// The depth.
    pub depth: u32,
    /// The count.
    pub nodes: u64,
}

/// One solved row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolvedFact {
    /// The row's length.
    pub len: u8,
    /// `win`, `loss` or `draw` for the player to move.
    pub value: String,
}

/// One random game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameFact {
    /// The row's length.
    pub len: u8,
    /// Every position from the start to the end.
    pub steps: Vec<StepFact>,
}

/// One position of a game, and the move played from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepFact {
    /// The position's notation.
    pub position: String,
    /// `None` while the game goes on, else `win 0`, `win 1` or `draw`.
    pub outcome: Option<String>,
    /// The legal moves in notation, sorted.
    pub legal: Vec<String>,
    /// The move played next, in notation; `None` at the end.
    pub next: Option<String>,
}

/// The recorded facts.
pub fn kayles() -> KaylesFacts {
    serde_json::from_str(include_str!("kayles_facts.json")).expect("kayles_facts.json is valid")
}

/// An outcome as the facts write it.
pub fn outcome_name(outcome: Option<ply_search::Outcome>) -> Option<String> {
    outcome.map(|o| match o {
        ply_search::Outcome::Win(p) => format!("win {}", p.index()),
        ply_search::Outcome::Draw => "draw".into(),
    })
}
