//! # ply-bench
//!
//! The criterion benches of ply (`cargo bench -p ply-bench`), and the peers measured beside it
//! in the same run (the `minimax` crate's alpha-beta, the `treant` crate's MCTS). The figures
//! and the commands that reproduce them are in BENCHMARKS.md. The command `ply` is the crate
//! `ply-cli` (bench/cli), the tournament library `ply-arena` (bench/arena).

pub mod connect_four_classes;
pub mod paired;
pub mod peers;
pub mod positions;
pub mod treant_peer;
