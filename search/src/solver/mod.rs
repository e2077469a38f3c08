//! The exact solver: who wins a position with perfect play, and how.
//!
//! A negamax alpha-beta search over exact values (a win or a loss at a distance, a draw, or a
//! leaf value for explicit trees) with no depth limit and no evaluator. What makes it fast:
//!
//! - a transposition table of proven values and bounds ([`TranspositionTable`], keyed by the
//!   game's [`Game::key`]), whose replacement keeps the results of the largest subtrees;
//! - move ordering: the table's best move first, then the moves that leave the opponent the
//!   fewest replies (the strongest cheap rule for Isolation-like games);
//! - symmetry reduction at the root ([`analysis`]), so that symmetric openings are solved once;
//! - an optional game hook, [`Solvable::settled_value`], that settles a position without search
//!   (Isolation: once the players are separated, longest walks decide; see `ply_grid::separation`).
//!
//! By default it answers the outcome only (a null window around a draw: win, draw or loss, the
//! fastest question); with [`SolverOptions::distance`] it finds the exact distance as well, the
//! winner hurrying and the loser delaying, as the by-distance textbook utility does.
//!
//! ```
//! use ply_search::solver::{Solver, SolverOptions};
//! use ply_search::tree::Tree;
//! // AIMA's figure 5.2: MAX's value is 3.
//! let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! let options = SolverOptions { distance: true, ..SolverOptions::default() };
//! let mut solver = Solver::new(options);
//! assert_eq!(solver.value(&tree), Some(3));
//! ```

pub mod analysis;
pub mod batch;
pub mod chance;
mod classes;
pub mod exhaustive;
mod proof;
mod replies;
mod solution;
pub mod split;

use crate::engine::ordering::pick_next;
use crate::score::{self, relative_to_root, Score, INFINITY};
use crate::tt::{Bound, Replacement, TranspositionTable};
use crate::{Budget, Game, Limits, MoveList, SearchHints, StopFlag, StopReason};
use serde::Serialize;
use std::time::Instant;

pub use analysis::{solve, solve_until, MoveValue, OpeningReplies, Solution, SolveError};

/// A game the solver can solve, with an optional shortcut. Every game can implement it with an
/// empty body (`impl Solvable for MyGame {}`); a game whose positions can fall apart into
/// independent parts overrides [`Solvable::settled_value`].
pub trait Solvable: SearchHints {
    /// For a game with dice, solved by value iteration ([`chance::value_iteration`]): what to
    /// print of the optimal policy beyond the values (Pig: the turn totals to stop at); `None`
    /// (the default) for nothing.
    fn policy_shape(&self, solution: &chance::ChanceSolution<Self>) -> Option<String> {
        let _ = solution;
        None
    }

    /// The exact value of this non-terminal position for the side to move, counted from here
    /// (`win_in(n)`, `loss_in(n)`, a draw or a leaf value), when a computation cheaper than a
    /// search settles it; `None` otherwise (the default).
    fn settled_value(&self) -> Option<Score> {
        None
    }

    /// Bounds `(lower, upper)` on this non-terminal position's value for the side to move,
    /// counted from here, when a computation cheaper than a search gives them (equal bounds
    /// are its exact value); `None` when nothing is known. By default the settled value
    /// ([`Solvable::settled_value`]) as both bounds. A bound that settles the search's window
    /// ends the search of the position; otherwise it narrows the window.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        self.settled_value().map(|value| (value, value))
    }

    /// Bounds `(lower, upper)` on this non-terminal position's value for the side to move,
    /// counted from here, that a strategy argument proves without a search (knight Isolation:
    /// a mover facing its own mirror image loses, as the opponent answers every move with its
    /// image); `None` (the default) when none applies. Unlike [`Solvable::settled_value`] they
    /// need not be equal: a theorem may give the outcome and not the distance. The solver asks
    /// for them when the game's shortcut settled nothing, and uses them as it uses
    /// [`Solvable::value_bounds`].
    fn strategy_bounds(&self) -> Option<(Score, Score)> {
        None
    }

    /// How promising `mv` looks for the side to move, lower first: by default the number of
    /// replies it leaves the opponent ("fewest replies first"). A game can compute it without
    /// making the move, or break ties.
    fn order_key(&self, mv: Self::Move) -> u32 {
        self.play(mv).move_count() as u32
    }

    /// [`Solvable::order_key`] of every move of `moves` into `keys` (one each, in order): a
    /// game that can share work between the moves' keys (the opponent's replies before any
    /// move) overrides this instead.
    fn order_keys(&self, moves: &[Self::Move], keys: &mut Vec<u32>) {
        keys.clear();
        keys.extend(moves.iter().map(|&mv| self.order_key(mv)));
    }

    /// The moves the solver searches in this non-terminal position, in the game's order: by
    /// default every legal move. A game may leave out moves that cannot be better than one it
    /// keeps (Connect Four: a move that lets the opponent connect four at once, when another
    /// does not), so long as it keeps at least one: none exactly when the game is over. The
    /// position's value is unchanged, in sign and in distance.
    fn solver_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.generate_moves(moves);
    }

    /// Positions that can last fewer plies than this (by [`Game::max_game_length`]) skip the
    /// table unless [`SolverOptions::tt_min_plies_left`] says otherwise: 12 by default. A game
    /// whose positions seldom recur by other move orders raises it (knight Isolation: a
    /// fifth of a percent of probes hit, so the table serves only the top of the tree).
    const TABLE_MIN_PLIES_LEFT: u32 = 12;

    /// Whether [`Solvable::settled_value`] is asked before the table is probed: for a game
    /// whose shortcut costs less than a probe that misses the cache (Connect Four: a few
    /// bitboard operations), so that a settled position neither waits on memory nor fills a
    /// slot. Off by default: Isolation's shortcut is a search of its own, which the table
    /// should spare. The solver then asks [`Solvable::settled_value_or_moves`].
    const SETTLE_BEFORE_TABLE: bool = false;

    /// Whether a strong solve ([`SolverOptions::distance`]) bisects over every value the
    /// position can have at once, its first questions halfway between the draw and either
    /// end (Pons' order), instead of finding the outcome first and then the distance. Only
    /// for a game whose every end is a win, a loss or a draw (no graded result) and which
    /// knows its longest game ([`Game::max_game_length`]). A question about a quick result is
    /// cheap, so a position with a quick result is solved without the dear outcome search
    /// (Connect Four). Off by default: on knight Isolation the outcome first visits fewer
    /// positions (docs/solver.md).
    const DISTANCE_FROM_BOTH_ENDS: bool = false;

    /// Whether a node asks for every child's table entry before its own probe, so that the
    /// memory loads overlap: for a game with few moves that are cheap to make (Connect
    /// Four). Off by default: each child's entry is asked for as it is searched.
    const PREFETCH_CHILDREN: bool = false;

    /// With [`Solvable::SETTLE_BEFORE_TABLE`]: the fewest plies from a position its shortcut
    /// left unsettled to a win of its mover's, and to a loss. `(1, 1)` by default (a game may
    /// end on any move); Connect Four `(3, 4)`, as its shortcut settles every win in one and
    /// the solver then plays no move that hands the opponent four. The solver's window is
    /// narrowed to these at every node (Pons' bounds), which cuts off much of a search for a
    /// distance.
    const EARLIEST_RESULTS_UNSETTLED: (u32, u32) = (1, 1);

    /// With [`Solvable::SETTLE_BEFORE_TABLE`]: the settled value of this position, or else
    /// its moves into `moves` ([`Solvable::solver_moves`]; none when the game is over, then
    /// `None`). By default one after the other; a game whose shortcut and move list share
    /// their work (Connect Four: the opponent's threats) computes both at once.
    fn settled_value_or_moves(&self, moves: &mut MoveList<Self::Move>) -> Option<Score> {
        self.solver_moves(moves);
        if moves.is_empty() {
            None
        } else {
            self.settled_value()
        }
    }

    /// The name of the game's own published score convention, printed beside its scores
    /// (Connect Four: `Pons score`); empty (the default) for games without one.
    const SCORE_CONVENTION: &'static str = "";

    /// The game's own score for `value`, a solved value of a move or of this position for the
    /// side to move here, counted from here: how the game's users exchange results (Connect
    /// Four: Pascal Pons' score). `exact_distance` says whether `value` carries its distance
    /// (a strong solve) or only its sign (a weak one). `None` (the default) for games without
    /// a convention.
    fn conventional_score(&self, value: Score, exact_distance: bool) -> Option<i32> {
        let _ = (value, exact_distance);
        None
    }
}

/// The solver's switches. `SolverOptions::default()` is the fast outcome-only solve with every
/// speed-up on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolverOptions {
    /// Transposition-table size in bytes (shared out among the threads); 0 switches it off.
    pub tt_bytes: usize,
    /// Positions that can last fewer plies than this (by [`Game::max_game_length`]) are
    /// searched without the table: near the end a probe costs more than the search it saves.
    /// `None` (the default) takes the game's [`Solvable::TABLE_MIN_PLIES_LEFT`].
    pub tt_min_plies_left: Option<u32>,
    /// Find the exact distance to the end too, not just the outcome.
    pub distance: bool,
    /// Order moves by the opponent's number of replies, fewest first.
    pub fewest_replies: bool,
    /// Use the game's [`Solvable::settled_value`] shortcut.
    pub settle: bool,
    /// With `settle`, ask the game for bounds as well ([`Solvable::value_bounds`]): fewer
    /// nodes, but on the Isolation games each costs more than it saves (docs/solver.md), so
    /// off by default.
    pub race_bounds: bool,
    /// Enhanced transposition cutoffs: before searching a node's moves, look each child up in
    /// the table, and stop at once when one is already proven good enough. Fewer nodes, a
    /// probe per child; off by default (docs/solver.md measures it).
    pub etc: bool,
    /// Proof-number search near the root: the outcome by a best-first proof-number tree whose
    /// new positions each get an alpha-beta solve of at most this many nodes (PN²), instead
    /// of one alpha-beta search. `None` (the default): alpha-beta alone. The distance, when
    /// asked for, is still found by alpha-beta.
    pub proof_numbers: Option<u64>,
    /// Solve one of each set of symmetric root moves (and replies) only.
    pub symmetry: bool,
    /// Threads for the root analysis (each solves whole root moves with its own table).
    pub threads: usize,
    /// Share the work of [`solve`] among the threads one ply finer: each root move's (or,
    /// for every reply, each reply's) own replies, with a move's remaining replies passed
    /// over once one decides it, instead of whole moves. Off by default (docs/solver.md
    /// measures it).
    pub finer_split: bool,
    /// Give up after this many nodes (per thread).
    pub max_nodes: Option<u64>,
    /// Give up after this long (for [`solve`], the whole solve; for [`Solver::value`], each
    /// call).
    pub max_time: Option<std::time::Duration>,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            tt_bytes: 64 << 20,
            tt_min_plies_left: None,
            distance: false,
            fewest_replies: true,
            settle: true,
            race_bounds: false,
            etc: false,
            proof_numbers: None,
            symmetry: true,
            threads: 1,
            finer_split: false,
            max_nodes: None,
            max_time: None,
        }
    }
}

/// What a solve cost.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SolveStats {
    /// Positions visited.
    pub nodes: u64,
    /// Positions settled by the game's shortcut.
    pub settled: u64,
    /// Positions whose search the game's bounds cut off ([`Solvable::value_bounds`]).
    pub bounded: u64,
    /// Table probes, hits and stores.
    pub tt_probes: u64,
    /// Probes that found the position.
    pub tt_hits: u64,
    /// Results stored.
    pub tt_stores: u64,
    /// Wall-clock time in microseconds.
    pub time_us: u64,
    /// Threads used.
    pub threads: usize,
}

impl SolveStats {
    /// Adds another thread's counts (the time is not added: threads run at once).
    pub fn absorb(&mut self, other: &SolveStats) {
        self.nodes += other.nodes;
        self.settled += other.settled;
        self.bounded += other.bounded;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_stores += other.tt_stores;
    }
}

/// A solver for game `G`, keeping its table between calls (a later position of the same game
/// profits from everything proven before).
pub struct Solver<G: Solvable> {
    options: SolverOptions,
    tt: Option<TranspositionTable<G::Move>>,
    /// Per-ply buffers of move ranks, grown as the search goes deeper and then reused: no
    /// allocation inside the search.
    keys: Vec<Vec<u32>>,
    nodes: u64,
    settled: u64,
    bounded: u64,
    /// The table's threshold in force: the options', or the game's.
    table_min_plies_left: u32,
    budget: Budget,
    shared_deadline: Option<Instant>,
}

impl<G: Solvable> Solver<G> {
    /// A solver with `options` (its table takes `options.tt_bytes`).
    pub fn new(options: SolverOptions) -> Self {
        let tt = (options.tt_bytes > 0)
            .then(|| TranspositionTable::new(options.tt_bytes, Replacement::Bucket));
        Solver {
            tt,
            keys: Vec::new(),
            nodes: 0,
            settled: 0,
            bounded: 0,
            table_min_plies_left: options.tt_min_plies_left.unwrap_or(G::TABLE_MIN_PLIES_LEFT),
            budget: Budget::new(
                &Limits {
                    nodes: options.max_nodes,
                    ..Limits::none()
                },
                Instant::now(),
            ),
            shared_deadline: None,
            options,
        }
    }

    /// Lets another thread (or a Ctrl-C handler) stop the solver: `value` then returns `None`.
    pub fn set_stop(&mut self, stop: StopFlag) {
        self.budget.set_stop(Some(stop));
    }

    /// Makes every later call stop at `deadline` (instead of [`SolverOptions::max_time`] from
    /// the start of each call): for a solve made of many calls, such as [`solve`].
    pub fn set_deadline(&mut self, deadline: Instant) {
        self.shared_deadline = Some(deadline);
    }

    /// The value of `state` for the side to move, counted from `state`: exact with
    /// [`SolverOptions::distance`], otherwise exact in sign (positive: the mover wins, zero: a
    /// draw, negative: it loses). `None` if a node or time limit stopped the solve.
    pub fn value(&mut self, state: &G) -> Option<Score> {
        self.budget.rearm();
        self.budget.set_deadline(
            self.shared_deadline
                .or_else(|| self.options.max_time.map(|t| Instant::now() + t)),
        );
        let key = state.key();
        if self.options.distance
            && self.options.proof_numbers.is_none()
            && G::DISTANCE_FROM_BOTH_ENDS
        {
            if let Some(longest) = state.max_game_length() {
                let value = self.value_by_bisection(state, key, longest);
                return self.budget.stopped().is_none().then_some(value);
            }
        }
        // The outcome first (all a weak solve asks).
        let outcome = match self.options.proof_numbers {
            Some(leaf_nodes) => self.proof_number_outcome(state, key, leaf_nodes)?,
            None => self.outcome_by_null_windows(state, key),
        };
        let value = if !self.options.distance || outcome == 0 {
            outcome
        } else if score::is_decisive(outcome) {
            self.distance_by_null_windows(state, key, outcome)
        } else {
            // Leaf values (explicit trees), not wins: one search with the whole window.
            self.negamax(state, key, -INFINITY, INFINITY, 0)
        };
        self.budget.stopped().is_none().then_some(value)
    }

    /// The outcome of `state` (a value exact in sign) by null-window searches, as Pascal Pons'
    /// weak Connect Four solver finds it: "does the mover win?", and only when the answer is
    /// "at most a draw", "does it at least draw?". Two null windows visit fewer positions than
    /// one window around the draw, as each cuts off at the first move good enough for it.
    fn outcome_by_null_windows(&mut self, state: &G, key: u64) -> Score {
        let win_test = self.negamax(state, key, 0, 1, 0);
        // Above 0, a lower bound: a win; below 0, an upper bound: a loss; at 0, a draw at best.
        if win_test != 0 {
            return win_test;
        }
        self.negamax(state, key, -1, 0, 0)
    }

    /// The exact value of `state`, which lasts at most `longest` more plies, by bisection over
    /// every value it can have (a loss at each distance, a draw, a win at each distance) with
    /// null-window searches, as Pascal Pons' strong Connect Four solver finds his scores: each
    /// answers "is it better than this?" from the table the previous ones filled. Like his,
    /// the first questions lie halfway between the draw and either end: a question about a
    /// quick result is cheap, as the window cuts off every line too slow for it, and its
    /// answer narrows the range before the dear questions near the draw.
    fn value_by_bisection(&mut self, state: &G, key: u64, longest: u32) -> Score {
        let candidates: Vec<Score> = (0..=longest)
            .map(score::loss_in)
            .chain([0])
            .chain((0..=longest).rev().map(score::win_in))
            .collect();
        let draw = longest as usize + 1;
        let (mut low, mut high) = (0, candidates.len() - 1);
        while low < high && self.budget.stopped().is_none() {
            let mut middle = low + (high - low) / 2;
            if middle <= draw && (low + draw) / 2 < middle {
                middle = (low + draw) / 2;
            } else if middle >= draw && (high + draw) / 2 > middle {
                middle = (high + draw) / 2;
            }
            let question = candidates[middle];
            let found = self.negamax(state, key, question, question + 1, 0);
            if found > question {
                // At least `found`: the first candidate not below it.
                low = candidates.partition_point(|&c| c < found).max(middle + 1);
            } else {
                // At most `found`: the last candidate not above it.
                high = candidates
                    .partition_point(|&c| c <= found)
                    .saturating_sub(1)
                    .min(middle);
            }
        }
        candidates[low]
    }

    /// The exact value of a position whose outcome search returned the decisive bound
    /// `outcome`: bisection over the distances left by null-window searches, each answering
    /// "is it at least this good?" from the table the previous ones filled (as Pascal Pons'
    /// Connect Four solver finds its scores). Fewer nodes than one search with the whole window.
    fn distance_by_null_windows(&mut self, state: &G, key: u64, outcome: Score) -> Score {
        let longest = state
            .max_game_length()
            .map_or(score::MAX_DISTANCE as u32, |n| n.max(1));
        // The value lies in [low, high] (distance 0: a finished game); the outcome search's
        // bound narrows one end.
        let (mut low, mut high) = if outcome > 0 {
            (outcome.max(score::win_in(longest)), score::win_in(0))
        } else {
            (score::loss_in(0), outcome.min(score::loss_in(longest)))
        };
        while low < high && self.budget.stopped().is_none() {
            let middle = low + (high - low) / 2;
            let found = self.negamax(state, key, middle, middle + 1, 0);
            if found > middle {
                low = found;
            } else {
                high = found;
            }
        }
        low
    }
    /// The counts so far (time not included).
    pub fn stats(&self) -> SolveStats {
        let (tt_probes, tt_hits, tt_stores) = self
            .tt
            .as_ref()
            .map_or((0, 0, 0), |t| (t.probes, t.hits, t.stores));
        SolveStats {
            nodes: self.nodes,
            settled: self.settled,
            bounded: self.bounded,
            tt_probes,
            tt_hits,
            tt_stores,
            time_us: 0,
            threads: 1,
        }
    }

    /// Forgets every proven result and touches the whole table now: a fresh table's memory is
    /// handed out by the system as the search first writes to it, which a timed run would
    /// otherwise pay inside its clock (a benchmark calls this before starting it).
    pub fn clear_table(&mut self) {
        if let Some(tt) = self.tt.as_mut() {
            tt.clear();
        }
    }

    /// The reason the last call stopped early, if it did.
    pub fn stopped_by(&self) -> Option<StopReason> {
        self.budget.stopped()
    }

    /// Fail-soft negamax over root-relative scores (a win `ply` plies below the root is
    /// `win_in(ply)`), `ply` plies below the root. `key` is the state's key; each node passes
    /// its children theirs through [`SearchHints::key_after`].
    fn negamax(
        &mut self,
        state: &G,
        key: u64,
        mut alpha: Score,
        mut beta: Score,
        ply: u32,
    ) -> Score {
        self.nodes += 1;
        if self.budget.exhausted(self.nodes) {
            return 0;
        }
        let mut moves = MoveList::new();
        let settle_first =
            G::SETTLE_BEFORE_TABLE && self.options.settle && !self.options.race_bounds;
        if settle_first {
            if let Some(value) = state.settled_value_or_moves(&mut moves) {
                self.settled += 1;
                return relative_to_root(value, ply);
            }
        } else {
            state.solver_moves(&mut moves);
        }
        if moves.is_empty() {
            return terminal_score(state, ply);
        }

        // The table: a proven value, a bound that settles this window, or a move to try first.
        let mut tt_move = None;
        let use_tt = self.uses_table(state);
        if G::PREFETCH_CHILDREN {
            if let Some(tt) = self.tt.as_ref() {
                for &mv in moves.iter() {
                    let child = state.play(mv);
                    if self.uses_table(&child) {
                        tt.prefetch(state.key_after(key, mv, &child));
                    }
                }
            }
        }
        if let Some(entry) = self
            .tt
            .as_mut()
            .filter(|_| use_tt)
            .and_then(|t| t.probe(key))
        {
            let (stored, bound) = entry.score_at(ply);
            match bound {
                Bound::Exact => return stored,
                Bound::Lower if stored >= beta => return stored,
                Bound::Upper if stored <= alpha => return stored,
                _ => {}
            }
            tt_move = entry.best_move();
        }

        if self.options.settle && !settle_first {
            let known = if self.options.race_bounds {
                state.value_bounds()
            } else {
                state.settled_value().map(|value| (value, value))
            }
            .or_else(|| state.strategy_bounds());
            if let Some((lower, upper)) = known {
                if lower == upper {
                    self.settled += 1;
                    let value = relative_to_root(lower, ply);
                    if use_tt {
                        self.store(key, None, value, Bound::Exact, 0, ply);
                    }
                    return value;
                }
                let bound = |value: Score| {
                    if value.abs() >= INFINITY {
                        value
                    } else {
                        relative_to_root(value, ply)
                    }
                };
                let (lower, upper) = (bound(lower), bound(upper));
                if lower >= beta {
                    self.bounded += 1;
                    return lower;
                }
                if upper <= alpha {
                    self.bounded += 1;
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
        }

        // Nothing is better than winning as soon as the game allows, or worse than losing so.
        let (win_plies, loss_plies) = if settle_first {
            G::EARLIEST_RESULTS_UNSETTLED
        } else {
            (1, 1)
        };
        alpha = alpha.max(score::loss_in(ply + loss_plies));
        beta = beta.min(score::win_in(ply + win_plies));
        if alpha >= beta {
            return alpha;
        }

        if self.keys.len() <= ply as usize {
            self.keys.resize_with(ply as usize + 1, Vec::new);
        }
        if self.options.etc && use_tt {
            if let Some(cutoff) = self.transposition_cutoff(state, key, &moves, beta, ply) {
                return cutoff;
            }
        }

        let mut keys = std::mem::take(&mut self.keys[ply as usize]);
        self.rank(state, &moves, tt_move, &mut keys);
        let nodes_before = self.nodes;
        let alpha_in = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut tried = 0;
        while let Some(mv) = pick_next(&mut moves, &mut keys, tried) {
            tried += 1;
            let child = state.play(mv);
            let child_key = state.key_after(key, mv, &child);
            // The child's entry starts on its way now; the child generates its moves before
            // probing, which gives the load time to arrive.
            if let Some(tt) = self.tt.as_ref().filter(|_| self.uses_table(&child)) {
                tt.prefetch(child_key);
            }
            let value = -self.negamax(&child, child_key, -beta, -alpha, ply + 1);
            if self.budget.stopped().is_some() {
                self.keys[ply as usize] = keys;
                return 0;
            }
            if value > best {
                best = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.keys[ply as usize] = keys;
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // The subtree's size (as a power of two) ranks the entry for replacement.
        if use_tt {
            let work = (self.nodes - nodes_before).ilog2();
            self.store(key, best_move, best, bound, work, ply);
        }
        best
    }

    /// Enhanced transposition cutoff: a value of at least `beta` for the mover of `state`
    /// proven by a child's table entry alone (the child's upper bound, negated, is the
    /// mover's lower bound), before any child is searched; `None` when no entry proves it.
    fn transposition_cutoff(
        &mut self,
        state: &G,
        key: u64,
        moves: &MoveList<G::Move>,
        beta: Score,
        ply: u32,
    ) -> Option<Score> {
        for &mv in moves.iter() {
            let child = state.play(mv);
            if !self.uses_table(&child) {
                continue;
            }
            let child_key = state.key_after(key, mv, &child);
            let Some(entry) = self.tt.as_mut()?.probe(child_key) else {
                continue;
            };
            let (stored, bound) = entry.score_at(ply + 1);
            if matches!(bound, Bound::Exact | Bound::Upper) && -stored >= beta {
                return Some(-stored);
            }
        }
        None
    }

    /// Whether `state` probes and fills the table: a position that can last fewer plies than
    /// [`SolverOptions::tt_min_plies_left`] (or the game's own threshold) costs less to search
    /// than a cache miss.
    #[inline]
    fn uses_table(&self, state: &G) -> bool {
        state
            .max_game_length()
            .is_none_or(|left| left >= self.table_min_plies_left)
    }

    /// Each move's rank into `keys`, highest first ([`pick_next`]'s order): the table's move,
    /// then by [`Solvable::order_keys`], fewest replies first (or all equal: the game's order).
    fn rank(
        &self,
        state: &G,
        moves: &MoveList<G::Move>,
        tt_move: Option<G::Move>,
        keys: &mut Vec<u32>,
    ) {
        if self.options.fewest_replies {
            state.order_keys(moves, keys);
            for key in keys.iter_mut() {
                *key = u32::MAX - 1 - (*key).min(u32::MAX - 1);
            }
        } else {
            keys.clear();
            keys.resize(moves.len(), 0);
        }
        if let Some(first) = tt_move.and_then(|tt| moves.iter().position(|&mv| mv == tt)) {
            keys[first] = u32::MAX;
        }
    }

    fn store(
        &mut self,
        key: u64,
        best_move: Option<G::Move>,
        value: Score,
        bound: Bound,
        work: u32,
        ply: u32,
    ) {
        if let Some(tt) = self.tt.as_mut() {
            tt.store(key, best_move, value, bound, work, ply);
        }
    }
}

/// A terminal position's value for the side to move, counted from the root.
fn terminal_score<G: Game>(state: &G, ply: u32) -> Score {
    relative_to_root(state.terminal_value(state.to_move()), ply)
}
