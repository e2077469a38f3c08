//! The boards the exact solver has settled, as data: one JSON record a board in `docs/solved/`
//! (written by `bench/measure/scripts/record-solved-board.py`), built into the crate so that
//! every front end (the Python package's `solved_boards()`) serves the same records a reader can
//! cite and a test re-solves.
//!
//! ```
//! let boards = ply_registry::solved::boards();
//! let seven = boards.iter().find(|b| b.game == "isolation(width=7,height=7,rules=standard)").unwrap();
//! assert_eq!(seven.result, "second player wins");
//! // Every opening loses, so each has at least one winning reply for the second player.
//! assert!(seven.openings.iter().all(|o| o.value == -1 && !o.winning_replies.is_empty()));
//! ```

use serde::{Deserialize, Serialize};

/// One file of `docs/solved/` by name, as `(name, text)`.
macro_rules! record {
    ($name:literal) => {
        ($name, include_str!(concat!("../../../docs/solved/", $name)))
    };
}

/// The records' files: name and text, in the order docs/solved/README.md lists them.
pub const FILES: &[(&str, &str)] = &[
    record!("queen-isolation-3x3.json"),
    record!("queen-isolation-4x4.json"),
    record!("queen-isolation-5x5.json"),
    record!("queen-isolation-4x6.json"),
    record!("queen-isolation-5x6.json"),
    record!("queen-isolation-5x7.json"),
    record!("isolation-5x5-standard.json"),
    record!("isolation-5x5-udacity.json"),
    record!("isolation-6x6-standard.json"),
    record!("isolation-6x7-standard.json"),
    record!("isolation-7x7-standard.json"),
    record!("isolation-7x8-standard.json"),
    record!("isolation-7x9-standard.json"),
];

/// A solved board: who wins, every opening with the second player's winning replies, and how
/// it was found (the fields of docs/solved/README.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolvedBoard {
    /// The game's spec, as `ply solve` takes it.
    pub game: String,
    /// `first player wins`, `second player wins` or `draw`.
    pub result: String,
    /// The result for the first player: 1 a win, -1 a loss, 0 a draw.
    pub value: i8,
    /// Every legal opening, in the game's move order.
    pub openings: Vec<SolvedOpening>,
    /// The solver's nodes for the whole record (every reply included).
    pub nodes: u64,
    /// Its wall time, in seconds, on the threads below (a split solve's: its jobs' times
    /// summed, on 1 thread).
    pub seconds: f64,
    /// The solver's threads.
    pub threads: u32,
    /// The command that wrote it, with the `--json` the record script reads (a split solve's:
    /// the combine of its results).
    pub command: String,
    /// The commit the solver was built from (`git rev-parse --short=12`).
    pub commit: String,
    /// The day it was solved (YYYY-MM-DD).
    pub date: String,
}

/// One opening of a [`SolvedBoard`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolvedOpening {
    /// The opening move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the first player: 1 wins, -1 loses, 0 draws.
    pub value: i8,
    /// How many replies the second player has.
    pub replies: u32,
    /// The replies that win for the second player, in the game's move order (none after a
    /// winning opening).
    pub winning_replies: Vec<String>,
}

/// Every record of `docs/solved/`, parsed. The files are part of the build, and a test parses
/// each, so a bad one cannot ship.
pub fn boards() -> Vec<SolvedBoard> {
    FILES
        .iter()
        .map(|(name, text)| {
            serde_json::from_str(text).unwrap_or_else(|e| panic!("docs/solved/{name}: {e}"))
        })
        .collect()
}
