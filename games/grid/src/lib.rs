//! # ply-grid
//!
//! What games on a rectangular grid of cells share, kept out of the game-agnostic core
//! (`ply-search` knows no board): the symmetries of a rectangle, the mobility heuristics that
//! only count moves (AIND's and the seed paper's), and the separation shortcut that settles an
//! Isolation-like ending where the two players can no longer meet. Knight and queen Isolation
//! build on it; a new grid game (Amazons, Breakthrough...) can too.

pub mod mobility;
pub mod separation;
pub mod symmetry;
