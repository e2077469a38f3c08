//! The subcommands of `ply`, one module each.

pub mod ablate;
pub mod arena;
pub mod bench;
pub mod engine;
pub mod listing;
pub mod perft;
pub mod play;
pub mod replay;
pub mod search;
pub mod serve;
pub mod solution;
pub mod solve;
pub mod solve_batch;
pub mod split_solve;
