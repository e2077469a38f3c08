//! # ply-cli
//!
//! The `ply` command: the subcommands and their dispatch in [`cli`], one module per subcommand
//! in [`commands`] with its arguments, their validation and its work, thin
//! over the libraries every front end shares (the game registry `ply-registry`, the agent
//! specs of `ply_search::agents`, the tournaments of `ply-arena`). See the README for the
//! command's contract.

pub mod cli;
pub mod commands;
pub mod error;
pub mod interrupt;

pub use error::CliError;

// The guide's Rust blocks are compiled and run as doctests, so the guide cannot rot. Every
// game's page (docs/games/*.md) is hooked in by build.rs; the other pages are listed here.
#[cfg(doctest)]
include!(concat!(env!("OUT_DIR"), "/game_pages.rs"));

#[cfg(doctest)]
#[doc = include_str!("../../../docs/framework.md")]
pub struct FrameworkGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/search.md")]
pub struct SearchGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/tutorial.md")]
pub struct TutorialGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/arena.md")]
pub struct ArenaGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/mcts.md")]
pub struct MctsGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/solver.md")]
pub struct SolverGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct Readme;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/engine.md")]
pub struct EngineGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/cookbook.md")]
pub struct Cookbook;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/teaching.md")]
pub struct TeachingGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/chance.md")]
pub struct ChanceGuide;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/multiplayer.md")]
pub struct MultiplayerGuide;
