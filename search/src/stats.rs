//! What a search reports: its result and its statistics, as plain serialisable data.

use crate::{Score, StopReason};
use serde::Serialize;

/// The answer of one search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the position has no legal move.
    pub best_move: Option<M>,
    /// The score of `best_move` for the player to move (see [`crate::score`]).
    pub score: Score,
    /// The principal variation: the expected line of play, `best_move` first.
    pub pv: Vec<M>,
    /// How the search went.
    pub stats: Stats,
}

/// Statistics of one search: plain data (serialise with serde), never text on stderr.
///
/// Counters an algorithm does not have stay zero or `None` and are left out of the JSON.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Stats {
    /// The algorithm, as named in agent specs (`minimax`, `alphabeta`, `random`...).
    pub algorithm: String,
    /// Nodes visited (states whose moves were generated or that were evaluated).
    pub nodes: u64,
    /// Wall-clock time in microseconds.
    pub time_us: u64,
    /// Nodes per second.
    pub nodes_per_second: f64,
    /// The deepest completed iteration (alpha-beta), or the search depth.
    pub depth: u32,
    /// Which limit ended the search: `depth`, `nodes`, `time`, `stop`, `solved`, or `none`.
    pub stopped_by: StopReason,
    /// One row per completed iteration of an iterative-deepening search.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub iterations: Vec<IterationRow>,
    /// Transposition-table use, when the search has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tt: Option<TtStats>,
    /// Beta cutoffs, when the search prunes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cutoffs: Option<CutoffStats>,
    /// Effective branching factor: nodes of the last iteration over nodes of the one before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branching_factor: Option<f64>,
    /// Monte Carlo tree search's own figures, when the search is MCTS.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mcts: Option<MctsStats>,
}

/// One completed iteration of an iterative-deepening search.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct IterationRow {
    /// The iteration's depth.
    pub depth: u32,
    /// The root score found.
    pub score: Score,
    /// Nodes visited by this iteration alone.
    pub nodes: u64,
    /// Time since the search started, in microseconds.
    pub time_us: u64,
    /// The principal variation, in the game's move notation.
    pub pv: Vec<String>,
}

/// Transposition-table counters.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct TtStats {
    /// Lookups.
    pub probes: u64,
    /// Lookups that found an entry for the position.
    pub hits: u64,
    /// Hits whose bound ended the node's search at once.
    pub cutoffs: u64,
    /// Stores.
    pub stores: u64,
    /// Fraction of slots in use at the end, 0 to 1.
    pub fill: f64,
}

/// Beta-cutoff counters: how well the move ordering works.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct CutoffStats {
    /// Nodes where a move failed high.
    pub beta_cutoffs: u64,
    /// Of those, how many failed high on the first move searched.
    pub first_move_cutoffs: u64,
}

impl CutoffStats {
    /// The share of cutoffs made by the first move (good ordering: above 0.9).
    pub fn first_move_rate(&self) -> f64 {
        if self.beta_cutoffs == 0 {
            0.0
        } else {
            self.first_move_cutoffs as f64 / self.beta_cutoffs as f64
        }
    }
}

impl Stats {
    /// Fills in the time and the speed from the elapsed time.
    pub fn finish_timing(&mut self, elapsed: std::time::Duration) {
        self.time_us = elapsed.as_micros() as u64;
        let secs = elapsed.as_secs_f64();
        self.nodes_per_second = if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        };
    }
}

/// One root child in the statistics.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RootChild {
    /// The move, in the game's notation.
    pub mv: String,
    /// Visits.
    pub visits: u32,
    /// Mean reward for the player to move at the root.
    pub mean: f64,
    /// `win`, `loss` or `draw` if proven (for the player to move at the root).
    pub proven: Option<String>,
}

/// What an MCTS search did, beyond the common [`Stats`] (plain data, kept here so
/// that the statistics depend on no algorithm).
#[derive(Clone, Debug, PartialEq, Serialize, Default)]
pub struct MctsStats {
    /// Completed iterations.
    pub iterations: u64,
    /// Playouts (leaf evaluations) per second.
    pub playouts_per_second: f64,
    /// Nodes in the tree (all threads' trees together under root parallelisation).
    pub tree_nodes: u64,
    /// Bytes per tree node.
    pub bytes_per_node: usize,
    /// The deepest node's depth.
    pub max_depth: u32,
    /// The mean depth of the tree's nodes.
    pub mean_depth: f64,
    /// Root visits kept from the previous search by tree reuse.
    pub reused_visits: u64,
    /// Threads and how they shared the work.
    pub threads: usize,
    /// `root` or `tree`.
    pub parallel: String,
    /// The root's children, in the game's move order.
    pub root_children: Vec<RootChild>,
    /// `win`, `loss` or `draw` if the root is proven (for the player to move there).
    pub proven_root: Option<String>,
}
