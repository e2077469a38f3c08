//! Expectimax: minimax with chance nodes (AIMA's expectiminimax, CS188's expectimax), and
//! Ballard's Star1 and Star2 pruning of its chance nodes.
//!
//! A player's node takes the best of its children for the player to move; a chance node takes
//! their average, weighted by the outcomes' probabilities. Values are seen from the player to
//! move, as in negamax, and a child's value is turned round only when the player to move
//! changes (in Pig a player rolls again and again), so any order of turns works.
//!
//! Pruning ([`Pruning`]):
//!
//! - **none**: plain expectimax as AIMA writes it, every node visited: the reference.
//! - **star1** (Ballard 1983): alpha-beta at the players' nodes, and at a chance node a cut as
//!   soon as the outcomes still unseen, even all at the largest (or smallest) value the game
//!   allows ([`crate::SearchHints::value_bound`]), cannot bring the average back inside the
//!   window; each outcome is searched with the narrowest window that decides that.
//! - **star2**: Star1 after a probing pass: each outcome whose next event is a player's choice
//!   is searched on its first move only, which bounds its value from one side (at least that
//!   move, for the player who chooses), and the bounds alone often settle the chance node
//!   without any full search. The bounds then narrow Star1's windows too.
//!
//! Every pruning returns plain expectimax's value (the tests check it on random trees with
//! chance nodes, where non-alternating turns are mixed in) in fewer nodes. Depth counts the
//! players' moves: a roll passes its depth on. Terminal values are the game's own, not
//! shortened by the distance to the end as in the alpha-beta engine: an average of wins at
//! different distances would mean nothing, and with the default values the expected value of a
//! game that is played to its end is the winning chance scaled to `±score::WIN`. The score a
//! search reports is that value, except that where the bound is a win's score, a sure result
//! reads as `win` or `loss` and an expectation short of one is scaled into the heuristic range
//! (`±score::MAX_EVAL`): no score claims a win the dice may still take away.
//!
//! ```
//! use ply_search::expectimax::{Expectimax, ExpectimaxOptions, Pruning};
//! use ply_search::tree::ChanceTree;
//! use ply_search::{Limits, Searcher, Zero};
//! // MAX chooses between a sure 3 and a fair coin between 0 and 10 (`~` marks a chance node).
//! let tree = ChanceTree::parse("[3,~[0,10]]").unwrap();
//! let mut search = Expectimax::new(Zero, ExpectimaxOptions::DEFAULT);
//! let result = search.search(&tree, &Limits::depth(2));
//! assert_eq!(result.best_move, Some(1));
//! assert_eq!(result.score, 5);
//! ```

mod table;
#[cfg(test)]
mod tests;

use crate::chance::{total_weight, ChanceList};
use crate::stats::{CutoffStats, IterationRow, TtStats};
use crate::{
    Budget, Evaluator, Limits, MoveList, Player, Score, SearchHints, SearchResult, Searcher, Stats,
    StopReason,
};
use std::time::Instant;
use table::{Bound, ValueTable};

/// How an expectimax search prunes (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pruning {
    /// Plain expectimax: every node.
    None,
    /// Ballard's Star1.
    Star1,
    /// Ballard's Star2: Star1 after probing each outcome's first move.
    Star2,
}

impl Pruning {
    /// The name in agent specs.
    pub fn name(self) -> &'static str {
        match self {
            Pruning::None => "none",
            Pruning::Star1 => "star1",
            Pruning::Star2 => "star2",
        }
    }
}

/// The options of an expectimax search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpectimaxOptions {
    /// How chance nodes are pruned.
    pub pruning: Pruning,
    /// The transposition table's size in bytes; 0 for none.
    pub tt_bytes: usize,
}

impl ExpectimaxOptions {
    /// Star1 and a 16 MiB table: the fewest nodes on Pig (docs/chance.md has the figures;
    /// Star2's probes pay only where a table keeps what they found).
    pub const DEFAULT: ExpectimaxOptions = ExpectimaxOptions {
        pruning: Pruning::Star1,
        tt_bytes: 16 << 20,
    };
}

impl Default for ExpectimaxOptions {
    fn default() -> Self {
        ExpectimaxOptions::DEFAULT
    }
}

/// An expectimax searcher: iterative deepening to the depth limit (or until time, nodes or a
/// stop request end it), the last finished iteration's move played.
pub struct Expectimax<E> {
    evaluator: E,
    options: ExpectimaxOptions,
    table: Option<ValueTable>,
}

impl<E> Expectimax<E> {
    /// A search with `evaluator` at its depth limit and `options`.
    pub fn new(evaluator: E, options: ExpectimaxOptions) -> Expectimax<E> {
        let table = (options.tt_bytes > 0).then(|| ValueTable::with_bytes(options.tt_bytes));
        Expectimax {
            evaluator,
            options,
            table,
        }
    }
}

/// The depth an expectimax search without a depth limit stops at: past it a dice game's tree
/// (every roll times every move) outgrows any clock the arena gives, and the search would
/// otherwise deepen forever in a game whose positions recur.
pub const MAX_DEPTH: u32 = 64;

impl<G: SearchHints, E: Evaluator<G>> Searcher<G> for Expectimax<E> {
    fn search(&mut self, state: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = Instant::now();
        if let Some(table) = self.table.as_mut() {
            table.reset_counters(); // the statistics are this search's; the entries stay
        }
        let mut walk = Walk {
            evaluator: &self.evaluator,
            pruning: self.options.pruning,
            bound: state.value_bound().max(1) as f64,
            root_player: state.to_move(),
            budget: Budget::new(limits, started),
            table: self.table.as_mut(),
            nodes: 0,
            aborted: false,
            cutoffs: 0,
            table_cutoffs: 0,
            buffers: Vec::new(),
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).max(1);
        let mut best: Option<(Option<G::Move>, f64)> = None;
        let mut iterations = Vec::new();
        let mut stopped = StopReason::Depth;
        for depth in 1..=max_depth {
            let before = walk.nodes;
            let (mv, value) = walk.root(state, depth, best.and_then(|b| b.0));
            if walk.aborted {
                stopped = walk.budget.stopped().unwrap_or(StopReason::Stop);
                break;
            }
            best = Some((mv, value));
            iterations.push(IterationRow {
                depth,
                score: to_score(value, walk.bound),
                nodes: walk.nodes - before,
                time_us: started.elapsed().as_micros() as u64,
                pv: mv.map(|m| state.format_move(m)).into_iter().collect(),
            });
            if state.is_terminal() {
                break;
            }
        }
        // A search stopped in its first iteration plays the first move, as the engine does.
        let (best_move, value) =
            best.unwrap_or_else(|| (state.legal_moves().first().copied(), 0.0));
        let mut stats = Stats {
            algorithm: "expectimax".into(),
            nodes: walk.nodes,
            depth: iterations.last().map_or(0, |row| row.depth),
            stopped_by: stopped,
            cutoffs: Some(CutoffStats {
                beta_cutoffs: walk.cutoffs,
                ..CutoffStats::default()
            }),
            ..Stats::default()
        };
        if let Some(table) = walk.table.as_ref() {
            stats.tt = Some(TtStats {
                probes: table.probes,
                hits: table.hits,
                cutoffs: walk.table_cutoffs,
                stores: table.stores,
                fill: table.fill(),
            });
        }
        stats.iterations = iterations;
        stats.finish_timing(started.elapsed());
        SearchResult {
            best_move,
            score: to_score(value, walk.bound),
            pv: best_move.into_iter().collect(),
            stats,
        }
    }

    fn clear(&mut self) {
        if let Some(table) = self.table.as_mut() {
            table.clear();
        }
    }
}

/// The score reported for an expected value: the value itself where the game's values are
/// heuristic-sized numbers (a textbook tree's leaves); otherwise a sure win or loss (the whole
/// bound) as a win or loss of unknown distance, and any expectation short of it scaled into the
/// heuristic range, so that no score claims a win the dice may still take away.
fn to_score(value: f64, bound: f64) -> Score {
    use crate::score::{MAX_EVAL, WIN_UNKNOWN_DISTANCE};
    if bound <= MAX_EVAL as f64 {
        value.round() as Score
    } else if value >= bound {
        WIN_UNKNOWN_DISTANCE
    } else if value <= -bound {
        -WIN_UNKNOWN_DISTANCE
    } else {
        (value / bound * MAX_EVAL as f64).round() as Score
    }
}

/// One search's walk of the tree.
struct Walk<'a, G: SearchHints, E> {
    evaluator: &'a E,
    pruning: Pruning,
    /// [`SearchHints::value_bound`]: no value lies outside `-bound..=bound`.
    bound: f64,
    /// The player whose view the evaluator is asked for, as the engine does.
    root_player: Player,
    budget: Budget,
    table: Option<&'a mut ValueTable>,
    nodes: u64,
    /// Set when a limit stopped the walk: its values are then meaningless.
    aborted: bool,
    cutoffs: u64,
    table_cutoffs: u64,
    /// One move list a ply, reused so the walk allocates nothing once they have grown.
    buffers: Vec<MoveList<G::Move>>,
}

impl<G: SearchHints, E: Evaluator<G>> Walk<'_, G, E> {
    /// The best root move and its value to `depth` (the root's own value at a chance node,
    /// with its first outcome, which front ends never play: they roll).
    fn root(&mut self, state: &G, depth: u32, first: Option<G::Move>) -> (Option<G::Move>, f64) {
        if state.is_terminal() {
            self.nodes += 1;
            return (None, self.terminal(state, state.to_move()));
        }
        if G::HAS_CHANCE && state.is_chance_node() {
            let value = self.node(state, depth, 0, f64::NEG_INFINITY, f64::INFINITY);
            return (state.legal_moves().first().copied(), value);
        }
        self.nodes += 1;
        let me = state.to_move();
        let mut moves = state.legal_moves();
        if let Some(index) = first.and_then(|f| moves.iter().position(|&m| m == f)) {
            moves[..=index].rotate_right(1);
        }
        let mut best = (moves[0], f64::NEG_INFINITY);
        for &mv in moves.iter() {
            let alpha = match self.pruning {
                Pruning::None => f64::NEG_INFINITY,
                _ => best.1,
            };
            let value = self.child(me, &state.play(mv), depth - 1, 1, alpha, f64::INFINITY);
            if self.aborted {
                break;
            }
            if value > best.1 {
                best = (mv, value);
            }
        }
        (Some(best.0), best.1)
    }

    /// The value of `child` for `me`, searched in the window `alpha..beta` seen by `me`.
    #[inline]
    fn child(
        &mut self,
        me: Player,
        child: &G,
        depth: u32,
        ply: usize,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        if child.to_move() == me {
            self.node(child, depth, ply, alpha, beta)
        } else {
            -self.node(child, depth, ply, -beta, -alpha)
        }
    }

    fn terminal(&self, state: &G, me: Player) -> f64 {
        (state.terminal_value(me) as f64).clamp(-self.bound, self.bound)
    }

    /// The value of `state` for its player to move, `depth` moves deep; fail-soft: a value at
    /// or below `alpha` is an upper bound, one at or above `beta` a lower bound.
    fn node(&mut self, state: &G, depth: u32, ply: usize, alpha: f64, beta: f64) -> f64 {
        self.nodes += 1;
        if self.budget.exhausted(self.nodes) {
            self.aborted = true;
            return 0.0;
        }
        let me = state.to_move();
        if state.is_terminal() {
            return self.terminal(state, me);
        }
        if depth == 0 {
            let view = self.evaluator.evaluate(state, self.root_player) as f64;
            let value = if me == self.root_player { view } else { -view };
            return value.clamp(-self.bound, self.bound);
        }
        let key = state.key();
        let mut first = u16::MAX;
        if let Some(entry) = self.table.as_mut().and_then(|t| t.probe(key)) {
            first = entry.best;
            if entry.depth >= depth {
                let settled = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.value >= beta,
                    Bound::Upper => entry.value <= alpha,
                };
                if settled {
                    self.table_cutoffs += 1;
                    return entry.value;
                }
            }
        }
        let (value, best) = if G::HAS_CHANCE && state.is_chance_node() {
            (self.chance(state, depth, ply, alpha, beta), u16::MAX)
        } else {
            self.choice(state, depth, ply, alpha, beta, first)
        };
        if !self.aborted {
            if let Some(table) = self.table.as_mut() {
                let bound = if value <= alpha {
                    Bound::Upper
                } else if value >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                table.store(key, value, depth, bound, best);
            }
        }
        value
    }

    /// A player's node: the best child, with alpha-beta unless the pruning is none. Returns
    /// the value and the best move's index in the move list.
    fn choice(
        &mut self,
        state: &G,
        depth: u32,
        ply: usize,
        alpha: f64,
        beta: f64,
        first: u16,
    ) -> (f64, u16) {
        let me = state.to_move();
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, MoveList::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        state.generate_moves(&mut moves);
        let order = |i: usize| -> usize {
            // The table's best move first, the rest in the game's order.
            let first = first as usize;
            if first >= moves.len() || i > first {
                i
            } else if i == 0 {
                first
            } else {
                i - 1
            }
        };
        let (mut best, mut best_index) = (f64::NEG_INFINITY, 0u16);
        for i in 0..moves.len() {
            let index = order(i);
            let (low, high) = match self.pruning {
                Pruning::None => (f64::NEG_INFINITY, f64::INFINITY),
                _ => (alpha.max(best), beta),
            };
            let value = self.child(me, &state.play(moves[index]), depth - 1, ply + 1, low, high);
            if self.aborted {
                break;
            }
            if value > best {
                (best, best_index) = (value, index as u16);
            }
            if self.pruning != Pruning::None && best >= beta {
                self.cutoffs += 1;
                break;
            }
        }
        self.buffers[ply] = moves;
        (best, best_index)
    }

    /// A chance node: the probability-weighted average of its outcomes, or with Star1 and
    /// Star2 a bound on it once the bound settles the window.
    fn chance(&mut self, state: &G, depth: u32, ply: usize, alpha: f64, beta: f64) -> f64 {
        let me = state.to_move();
        let mut outcomes = ChanceList::new();
        state.chance_outcomes(&mut outcomes);
        let total = total_weight(&outcomes) as f64;
        let p = |i: usize| outcomes[i].weight as f64 / total;
        let n = outcomes.len();
        if self.pruning == Pruning::None {
            let mut sum = 0.0;
            for i in 0..n {
                sum += p(i)
                    * self.child(
                        me,
                        &state.play(outcomes[i].outcome),
                        depth,
                        ply + 1,
                        f64::NEG_INFINITY,
                        f64::INFINITY,
                    );
                if self.aborted {
                    return 0.0;
                }
            }
            return sum;
        }
        // What is known of each outcome's value: at least `low[i]`, at most `high[i]`.
        let mut low: smallvec::SmallVec<[f64; 32]> = smallvec::smallvec![-self.bound; n];
        let mut high: smallvec::SmallVec<[f64; 32]> = smallvec::smallvec![self.bound; n];
        if self.pruning == Pruning::Star2 {
            for i in 0..n {
                let child = state.play(outcomes[i].outcome);
                if child.is_terminal() || (G::HAS_CHANCE && child.is_chance_node()) {
                    continue;
                }
                let others = |bounds: &[f64]| -> f64 {
                    (0..n).filter(|&j| j != i).map(|j| p(j) * bounds[j]).sum()
                };
                let (window_low, window_high) =
                    outcome_window(p(i), alpha, beta, 0.0, others(&low), others(&high));
                if let Some(probed) =
                    self.probe(me, &child, depth, ply + 1, window_low, window_high)
                {
                    if child.to_move() == me {
                        low[i] = low[i].max(probed);
                    } else {
                        high[i] = high[i].min(probed);
                    }
                }
                if self.aborted {
                    return 0.0;
                }
                let floor: f64 = (0..n).map(|j| p(j) * low[j]).sum();
                if floor >= beta {
                    self.cutoffs += 1;
                    return floor;
                }
                let ceiling: f64 = (0..n).map(|j| p(j) * high[j]).sum();
                if ceiling <= alpha {
                    self.cutoffs += 1;
                    return ceiling;
                }
            }
        }
        let mut known = 0.0; // the weighted values of the outcomes searched so far
                             // The weighted bounds of the outcomes not yet searched, kept as running sums.
        let mut rest_low: f64 = (0..n).map(|j| p(j) * low[j]).sum();
        let mut rest_high: f64 = (0..n).map(|j| p(j) * high[j]).sum();
        for i in 0..n {
            rest_low -= p(i) * low[i];
            rest_high -= p(i) * high[i];
            let (window_low, window_high) =
                outcome_window(p(i), alpha, beta, known, rest_low, rest_high);
            let value = if low[i] >= high[i] || window_low >= high[i] {
                high[i] // already at or below the window: no search tells more
            } else if window_high <= low[i] {
                low[i]
            } else {
                let child = state.play(outcomes[i].outcome);
                let lo = window_low.max(low[i]);
                let hi = window_high.min(high[i]);
                self.child(me, &child, depth, ply + 1, lo, hi)
            };
            if self.aborted {
                return 0.0;
            }
            if value >= window_high {
                self.cutoffs += 1;
                return known + p(i) * value + rest_low;
            }
            if value <= window_low {
                self.cutoffs += 1;
                return known + p(i) * value + rest_high;
            }
            known += p(i) * value;
        }
        known
    }

    /// A bound on `child`'s value for `me` from its first move alone (the table's best move
    /// where it has one): at least that move's value when `me` chooses there, at most when the
    /// opponent does. `None` when the first move's search failed on the side that bounds
    /// nothing. `low..high` is the window the child's value is wanted in, seen by `me`.
    fn probe(
        &mut self,
        me: Player,
        child: &G,
        depth: u32,
        ply: usize,
        low: f64,
        high: f64,
    ) -> Option<f64> {
        self.nodes += 1;
        if self.budget.exhausted(self.nodes) {
            self.aborted = true;
            return None;
        }
        let mut moves = child.legal_moves();
        let remembered = self.table.as_mut().and_then(|t| t.probe(child.key()));
        if let Some(best) = remembered
            .map(|e| e.best as usize)
            .filter(|&b| b < moves.len())
        {
            moves.swap(0, best);
        }
        let first = child.play(moves[0]);
        let chooser = child.to_move();
        if chooser == me {
            let value = self.child(me, &first, depth - 1, ply + 1, low, high);
            (value > low).then_some(value)
        } else {
            let value = self.child(chooser, &first, depth - 1, ply + 1, -high, -low);
            (value > -high).then_some(-value)
        }
    }
}

/// The window an outcome of probability `p` must be searched in for its chance node to be
/// decided, given the weighted sum `known` of the outcomes already searched and the weighted
/// bounds of the others (`others_low`, `others_high`): at or above the window's top the node
/// fails high whatever the others turn out to be, at or below its bottom it fails low.
fn outcome_window(
    p: f64,
    alpha: f64,
    beta: f64,
    known: f64,
    others_low: f64,
    others_high: f64,
) -> (f64, f64) {
    (
        (alpha - known - others_high) / p,
        (beta - known - others_low) / p,
    )
}
