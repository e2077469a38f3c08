//! # ply-bench
//!
//! The `ply` command and what it is made of: the registry of games (chosen by spec string) and
//! one module per subcommand. See the README for the command's contract.

pub mod agents;
pub mod arena;
pub mod cli;
pub mod commands;
pub mod error;
pub mod games;

pub use error::CliError;
pub use games::AnyGame;

// The guide's Rust blocks are compiled and run as doctests, so the guide cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../../docs/framework.md")]
pub struct FrameworkGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/games/isolation.md")]
pub struct IsolationGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/search.md")]
pub struct SearchGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/games/queen-isolation.md")]
pub struct QueenIsolationGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/games/onitama.md")]
pub struct OnitamaGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/tutorial.md")]
pub struct TutorialGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/arena.md")]
pub struct ArenaGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/mcts.md")]
pub struct MctsGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/solver.md")]
pub struct SolverGuide;

#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct Readme;

#[cfg(doctest)]
#[doc = include_str!("../../docs/engine.md")]
pub struct EngineGuide;

#[cfg(doctest)]
#[doc = include_str!("../../docs/cookbook.md")]
pub struct Cookbook;

#[cfg(doctest)]
#[doc = include_str!("../../docs/teaching.md")]
pub struct TeachingGuide;
