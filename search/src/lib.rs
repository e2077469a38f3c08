//! # ply-search
//!
//! The framework of ply: one [`Game`] trait for perfect-information games (two-player and
//! zero-sum by default, with dice or more players where a game declares them), and everything
//! written once against it: scores, evaluators, limits, statistics, the
//! searcher and agent interfaces, perft, spec strings and a conformance kit that every game
//! crate runs on itself. It knows no game; games live in their own crates (`ply-isolation`...).
//!
//! Start with [`Game`] (its example implements Nim in a few lines), then [`perft`] and
//! [`conformance`].

pub mod agent;
pub mod agents;
pub mod budget;
pub mod cells;
pub mod chance;
pub mod conformance;
pub mod course;
pub mod describe;
pub mod engine;
pub mod error;
pub mod eval;
pub mod expectimax;
pub mod game;
pub mod greedy;
pub mod hints;
pub mod limits;
pub mod mcts;
pub mod multi;
pub mod perft;
pub mod picture;
pub mod player;
pub mod progress;
pub mod random_player;
pub mod rng;
pub mod score;
pub mod solver;
pub mod spec;
pub mod stats;
pub mod stop;
pub mod tree;
pub mod tt;

pub use agent::{Agent, SearchAgent, Searcher};
pub use budget::Budget;
pub use engine::{Engine, EngineOptions};
pub use error::{ErrorKind, NotationError};
pub use eval::{Evaluator, Zero};
pub use game::{Game, Images, MoveList};
pub use greedy::Greedy;
pub use hints::SearchHints;
pub use limits::{Limits, StopFlag};
pub use player::{Outcome, Player};
pub use random_player::RandomPlayer;
pub use rng::Rng;
pub use score::Score;
pub use spec::Spec;
pub use stats::{CutoffStats, IterationRow, SearchResult, Stats, TtStats};
pub use stop::StopReason;
