//! # ply-grid
//!
//! What games on a rectangular grid of cells share, kept out of the game-agnostic core
//! (`ply-search` knows no board): the symmetries of a rectangle, the mobility heuristics that
//! only count moves (AIND's and the seed paper's), and the separation shortcut that settles an
//! Isolation-like ending where the two players can no longer meet, and the cache that builds a
//! board size's tables once. Knight and queen Isolation, Amazons, Breakthrough and Connect Four
//! build on it.

pub mod mobility;
pub mod separation;
pub mod sizes;
pub mod symmetry;
