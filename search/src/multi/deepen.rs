//! Iterative deepening, shared by the N-player searches: one iteration a depth, the last
//! finished one's move played, and the statistics every search reports.

use crate::stats::{CutoffStats, IterationRow};
use crate::{Budget, Game, Limits, Score, SearchResult, Stats, StopReason};
use std::time::Instant;

/// One N-player search's walk, as iterative deepening drives it.
pub(super) trait Iteration<G: Game> {
    /// The best root move and its value for the root player at `depth`, trying `first` first;
    /// `None` when the budget ran out part way (the iteration's answer is then meaningless).
    fn iterate(
        &mut self,
        state: &G,
        depth: u32,
        first: Option<G::Move>,
    ) -> Option<(G::Move, Score)>;

    /// Nodes visited so far.
    fn nodes(&self) -> u64;

    /// Cutoffs made so far.
    fn cutoffs(&self) -> u64;

    /// The budget, which says what stopped the search.
    fn budget(&self) -> &Budget;
}

/// Runs `walk` one depth after another up to the limit (or [`super::MAX_DEPTH`]) and reports
/// as `algorithm`. `settles` says that a decisive value ends the deepening: true for the
/// searches that minimise the root player's value (a proof stays a proof deeper down), false
/// for max^n, where the other players' choices, and with them a win or a loss, can change with
/// the depth.
pub(super) fn deepen<G: Game, W: Iteration<G>>(
    walk: &mut W,
    state: &G,
    limits: &Limits,
    started: Instant,
    algorithm: &str,
    settles: bool,
) -> SearchResult<G::Move> {
    let mut best: Option<(G::Move, Score)> = None;
    let mut iterations = Vec::new();
    let mut stopped = StopReason::Depth;
    if !state.is_terminal() {
        for depth in 1..=limits.depth.unwrap_or(super::MAX_DEPTH).max(1) {
            let before = walk.nodes();
            let Some((mv, score)) = walk.iterate(state, depth, best.map(|b| b.0)) else {
                stopped = walk.budget().stopped().unwrap_or(StopReason::Stop);
                break;
            };
            best = Some((mv, score));
            iterations.push(IterationRow {
                depth,
                score,
                nodes: walk.nodes() - before,
                time_us: started.elapsed().as_micros() as u64,
                pv: vec![state.format_move(mv)],
            });
            if settles && crate::score::is_decisive(score) {
                break; // deeper iterations only find the proof again
            }
        }
    }
    // A search stopped in its first iteration plays the first move, as the engine does.
    let best_move = best
        .map(|b| b.0)
        .or_else(|| state.legal_moves().first().copied());
    let mut stats = Stats {
        algorithm: algorithm.into(),
        nodes: walk.nodes(),
        depth: iterations.last().map_or(0, |row| row.depth),
        stopped_by: stopped,
        cutoffs: Some(CutoffStats {
            beta_cutoffs: walk.cutoffs(),
            ..CutoffStats::default()
        }),
        ..Stats::default()
    };
    stats.iterations = iterations;
    stats.finish_timing(started.elapsed());
    SearchResult {
        best_move,
        score: best.map_or(0, |b| b.1),
        pv: best_move.into_iter().collect(),
        stats,
    }
}
