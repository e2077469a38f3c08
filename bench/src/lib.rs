//! # ply-bench
//!
//! The `ply` command and what it is made of: the registry of games (chosen by spec string) and
//! one module per subcommand. See the README for the command's contract.

pub mod cli;
pub mod commands;
pub mod error;
pub mod games;

pub use error::CliError;
pub use games::AnyGame;
