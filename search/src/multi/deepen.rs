//! Iterative deepening, shared by the N-player searches: one iteration a depth, the last
//! finished one's move played, and the statistics every search reports.

use crate::stats::{CutoffStats, IterationRow};
use crate::{Budget, Game, Limits, MoveList, Score, SearchResult, Stats, StopReason};
use std::time::Instant;

/// What every N-player walk keeps besides its own rules: the budget, the nodes and cutoffs
/// counted, and one move list a ply, reused so that a walk allocates nothing once they have
/// grown.
pub(super) struct Tally<M> {
    pub budget: Budget,
    pub nodes: u64,
    pub cutoffs: u64,
    buffers: Vec<MoveList<M>>,
}

impl<M> Tally<M> {
    /// A fresh tally for a search under `limits` started at `started`.
    pub fn new(limits: &Limits, started: Instant) -> Tally<M> {
        Tally {
            budget: Budget::new(limits, started),
            nodes: 0,
            cutoffs: 0,
            buffers: Vec::new(),
        }
    }

    /// Counts a node; true when the budget has run out.
    #[inline]
    pub fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.budget.exhausted(self.nodes)
    }

    /// The cleared move list of `ply`, made on first use; give it back with
    /// [`Tally::put_moves`].
    #[inline]
    pub fn take_moves(&mut self, ply: u32) -> MoveList<M> {
        let ply = ply as usize;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, MoveList::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        moves
    }

    /// Gives back the move list of `ply`, for the next node at that ply.
    #[inline]
    pub fn put_moves(&mut self, ply: u32, moves: MoveList<M>) {
        self.buffers[ply as usize] = moves;
    }
}

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

    /// The walk's counts and budget (which says what stopped the search).
    fn tally(&self) -> &Tally<G::Move>;
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
            let before = walk.tally().nodes;
            let Some((mv, score)) = walk.iterate(state, depth, best.map(|b| b.0)) else {
                stopped = walk.tally().budget.stopped().unwrap_or(StopReason::Stop);
                break;
            };
            best = Some((mv, score));
            iterations.push(IterationRow {
                depth,
                score,
                nodes: walk.tally().nodes - before,
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
        nodes: walk.tally().nodes,
        depth: iterations.last().map_or(0, |row| row.depth),
        stopped_by: stopped,
        cutoffs: Some(CutoffStats {
            beta_cutoffs: walk.tally().cutoffs,
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

/// The root of a search on the root player's value: each move's child searched by `search`
/// with the best value so far as its alpha, `first` tried first, the first best move kept.
pub(super) fn root_iteration<G: Game>(
    state: &G,
    first: Option<G::Move>,
    mut search: impl FnMut(&G, Score) -> Option<Score>,
) -> Option<(G::Move, Score)> {
    let mut moves = state.legal_moves();
    if let Some(index) = first.and_then(|f| moves.iter().position(|&m| m == f)) {
        moves[..=index].rotate_right(1);
    }
    let mut best: Option<(G::Move, Score)> = None;
    for &mv in moves.iter() {
        let alpha = best.map_or(-crate::score::INFINITY, |b| b.1);
        let value = search(&state.play(mv), alpha)?;
        if best.is_none_or(|b| value > b.1) {
            best = Some((mv, value));
        }
    }
    best
}
