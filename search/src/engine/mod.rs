//! The alpha-beta engine: negamax with iterative deepening, principal variation search,
//! aspiration windows, a transposition table and move ordering by TT move, the game's
//! priority (wins, captures), killers and history. Every enhancement is an option, so an
//! ablation is one line:
//!
//! ```
//! use ply_search::engine::{Engine, EngineOptions};
//! use ply_search::tree::Tree;
//! use ply_search::{Limits, Searcher, Zero};
//! let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! let plain = EngineOptions::none();                       // no enhancement at all
//! let full = EngineOptions::default().tt_mib(1);          // every enhancement
//! for options in [plain, full] {
//!     let mut engine = Engine::new(Zero, options);
//!     let result = engine.search(&tree, &Limits::depth(2));
//!     assert_eq!(result.score, 3);
//!     assert_eq!(result.best_move, Some(0));
//! }
//! ```
//!
//! Scores are from the side to move (negamax). Leaves are scored by the evaluator from the root
//! player's view, negated for the opponent, which gives textbook minimax values for any
//! heuristic. Wins and losses count their distance, so the engine takes the quickest win and
//! the slowest loss. With the same options and a node or depth limit the search is
//! deterministic: the same move, score and node count on every run.

pub mod ordering;
mod parallel;
mod table;

use crate::score::{self, Score, INFINITY, MAX_EVAL};
pub use crate::tt::{Bound, Replacement, SharedTable, TranspositionTable};
use crate::{
    Budget, CutoffStats, Evaluator, IterationRow, Limits, MoveList, Player, SearchHints,
    SearchResult, Searcher, Stats, StopReason,
};
use ordering::{bring_to_front, order_keys, pick_next, History, Killers, MAX_PLY};
use parallel::Lazy;
use std::sync::Arc;
use std::time::Instant;
use table::Table;

/// Nodes with fewer plies to go than this neither probe nor fill the transposition table,
/// unless the game ([`SearchHints::TABLE_MIN_DEPTH`]) or the options
/// ([`EngineOptions::tt_min_depth`]) say otherwise.
pub const TT_MIN_DEPTH: u32 = crate::hints::DEFAULT_TABLE_MIN_DEPTH;

/// The engine's switches. `EngineOptions::default()` turns everything on; `none()` turns
/// everything off (plain negamax alpha-beta at the final depth).
#[derive(Clone, Debug, PartialEq)]
pub struct EngineOptions {
    /// Transposition-table size in bytes; 0 switches the table off.
    pub tt_bytes: usize,
    /// The table's replacement scheme.
    pub replacement: Replacement,
    /// Try the table's best move first.
    pub tt_move: bool,
    /// Iterative deepening: search depth 1, 2, ... up to the limit (otherwise only the limit).
    pub iterative_deepening: bool,
    /// Principal variation search: null windows for all but the first move.
    pub pvs: bool,
    /// Aspiration windows around the previous iteration's score, widened on failure.
    pub aspiration: bool,
    /// The first aspiration window's half-width, in evaluator units.
    pub aspiration_window: Score,
    /// Killer moves (two per ply).
    pub killers: bool,
    /// The history heuristic (needs the game's `move_index`).
    pub history: bool,
    /// The game's static move priority ([`SearchHints::move_priority`]: wins and captures) before
    /// the killers and the history; no effect where the game gives none.
    pub priority: bool,
    /// Threads searching at once (Lazy SMP: every thread searches the root, sharing the
    /// table; see the `parallel` module). 1 searches on the caller's thread alone, and only
    /// then is the search deterministic. Without a table (`tt_bytes` 0) the search runs on
    /// one thread whatever this says (the spec language refuses the combination).
    pub threads: usize,
    /// With several threads, leave for last the moves another thread is searching at that
    /// moment (simplified ABDADA); off, the threads are plain Lazy SMP. No effect on one.
    pub defer: bool,
    /// With several threads, every second thread searches one depth beyond the others, so
    /// that the table holds the next depth's moves and bounds when they start it; off, every
    /// thread searches the same depth. No effect on one; a search to a fixed depth returns
    /// that depth's value either way.
    pub stagger: bool,
    /// Nodes with fewer plies to go than this skip the table; `None` (the default) takes the
    /// game's [`SearchHints::TABLE_MIN_DEPTH`].
    pub tt_min_depth: Option<u32>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions::DEFAULT
    }
}

impl EngineOptions {
    /// Every enhancement on, a 16 MiB table, one thread: what `EngineOptions::default()` and
    /// an `alphabeta` spec without keys give (a constant, so the agent table's key listing can
    /// show these very defaults).
    pub const DEFAULT: EngineOptions = EngineOptions {
        tt_bytes: 16 << 20,
        replacement: Replacement::Bucket,
        tt_move: true,
        iterative_deepening: true,
        pvs: true,
        aspiration: true,
        aspiration_window: 16,
        killers: true,
        history: true,
        priority: true,
        threads: 1,
        defer: true,
        stagger: true,
        tt_min_depth: None,
    };

    /// Every combination of the switches (5 table settings x 2^7 switches = 640), with a
    /// table of `tt_bytes` where one is on: for ablations and differential tests.
    pub fn all_combinations(tt_bytes: usize) -> Vec<EngineOptions> {
        let mut all = Vec::new();
        let tables = std::iter::once(None).chain(Replacement::ALL.into_iter().map(Some));
        for table in tables {
            for bits in 0..128u32 {
                let on = |i: u32| bits >> i & 1 == 1;
                all.push(EngineOptions {
                    tt_bytes: if table.is_some() { tt_bytes } else { 0 },
                    replacement: table.unwrap_or(Replacement::Bucket),
                    tt_move: on(0),
                    iterative_deepening: on(1),
                    pvs: on(2),
                    aspiration: on(3),
                    aspiration_window: 2,
                    killers: on(4),
                    history: on(5),
                    priority: on(6),
                    threads: 1,
                    defer: true,
                    stagger: true,
                    tt_min_depth: None,
                });
            }
        }
        all
    }

    /// Every enhancement off: plain fail-soft negamax alpha-beta at the final depth.
    pub fn none() -> EngineOptions {
        EngineOptions {
            tt_bytes: 0,
            replacement: Replacement::Bucket,
            tt_move: false,
            iterative_deepening: false,
            pvs: false,
            aspiration: false,
            aspiration_window: 16,
            killers: false,
            history: false,
            priority: false,
            threads: 1,
            defer: true,
            stagger: true,
            tt_min_depth: None,
        }
    }

    /// Sets the table size in MiB (0 = no table).
    pub fn tt_mib(mut self, mib: usize) -> Self {
        self.tt_bytes = mib << 20;
        self
    }

    /// Sets the number of threads (at least 1).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }
}

/// The alpha-beta engine over game `G` with evaluator `E`. It keeps its transposition table
/// and history between searches (aged, not cleared), as a game player does; call
/// [`Searcher::clear`] to start afresh.
pub struct Engine<G: SearchHints, E> {
    evaluator: E,
    options: EngineOptions,
    tt: Option<Table<G::Move>>,
    killers: Killers<G::Move>,
    history: History,
    /// Per-ply buffers, reused: no allocation inside the search. Lent to the search as a
    /// slice, each node taking the first and passing the rest to its children.
    frames: Vec<Frame<G::Move>>,
    // The current search.
    root_player: Player,
    nodes: u64,
    budget: Budget,
    aborted: bool,
    stopped_by: StopReason,
    cutoffs: CutoffStats,
    tt_cutoffs: u64,
    // A parallel search: what the threads share, this thread's number (0 is the caller's),
    // and the depth of this thread's current iteration.
    lazy: Option<Arc<Lazy<G::Move>>>,
    thread: usize,
    iteration_depth: u32,
    /// The table's depth threshold in force: the options', or the game's.
    tt_min_depth: u32,
}

impl<G: SearchHints, E: Evaluator<G>> Engine<G, E> {
    /// Allocates the transposition table now and writes it once, if the options ask for one
    /// and it is not there yet, so that no search pays for its memory. Otherwise the first
    /// search takes the table zeroed from the system, at no cost up front, and its pages are
    /// paid for as it touches them, inside its time limit. A caller that times searches apart
    /// from set-up (a benchmark) calls this first; a new game (`new_game`) does it too.
    pub fn allocate_table(&mut self) {
        if self.tt.is_none() && self.options.tt_bytes > 0 {
            let mut tt = self.new_table();
            tt.clear();
            self.tt = Some(tt);
        }
    }

    /// The table for a search that is about to start: taken zeroed if there is none yet,
    /// without touching its memory (the search's clock is running).
    fn table_for_search(&mut self) {
        if self.tt.is_none() && self.options.tt_bytes > 0 {
            self.tt = Some(self.new_table());
        }
    }

    /// A table as the options ask: shared by threads when there are several.
    fn new_table(&self) -> Table<G::Move> {
        Table::new(
            self.options.tt_bytes,
            self.options.replacement,
            self.options.threads > 1,
        )
    }

    /// An engine with this evaluator and these options. Its table is allocated by
    /// [`Engine::allocate_table`] or the first search, so an engine costs nothing to build.
    pub fn new(evaluator: E, options: EngineOptions) -> Self {
        Engine {
            evaluator,
            // Allocated when a game starts (`clear`) or by the first search, inside its time
            // limit; never by a caller that only builds an agent to check its spec.
            tt: None,
            killers: Killers::new(),
            history: History::new(G::MOVE_INDEX_SPACE),
            frames: (0..=MAX_PLY).map(|_| Frame::default()).collect(),
            root_player: Player::P0,
            nodes: 0,
            budget: Budget::unlimited(),
            aborted: false,
            stopped_by: StopReason::Depth,
            cutoffs: CutoffStats::default(),
            tt_cutoffs: 0,
            lazy: None,
            thread: 0,
            iteration_depth: 0,
            tt_min_depth: options.tt_min_depth.unwrap_or(G::TABLE_MIN_DEPTH),
            options,
        }
    }

    /// The options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// The value of a leaf for the side to move.
    #[inline]
    fn evaluate(&self, state: &G) -> Score {
        let value = self.evaluator.evaluate(state, self.root_player);
        if state.to_move() == self.root_player {
            value
        } else {
            -value
        }
    }

    /// Negamax alpha-beta (fail-soft) at `ply` plies from the root with `depth` plies to go.
    /// `key` is the state's key wherever the table is used (a table and `depth` at least
    /// [`EngineOptions::tt_min_depth`]); each node passes its children theirs through
    /// [`SearchHints::key_after`]. `frames` lends the per-ply buffers, this node's first and its
    /// descendants' after: passed down, not taken from the engine and put back at every node
    /// (which cost about 5% of the instructions on knight Isolation, valgrind).
    ///
    /// `PARALLEL` compiles the parallel search's extras in (checking whether another thread
    /// finished the iteration, deferring moves another thread is searching) or, for a search
    /// on one thread, out: a one-thread search costs not a branch more for them.
    // Eight arguments, the recursion's state: deriving the ply from the frames left instead
    // cost 5 instructions a node on knight Isolation (valgrind).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn negamax<const PARALLEL: bool>(
        &mut self,
        state: &G,
        key: u64,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        frames: &mut [Frame<G::Move>],
    ) -> Score {
        // In a parallel search, moves after the first that another thread is searching wait
        // at the end of the list. Not near the leaves, where a game's table may reach: there
        // the bookkeeping outweighs the subtree. The nodes that defer are compiled apart from
        // the others: written into every node's move loop, the deferral's bookkeeping made
        // the compiler keep values ready for it at every node (about 40 instructions a node
        // on knight Isolation, valgrind), for a step taken only a few plies from the root.
        if PARALLEL && self.options.defer && depth > self.tt_min_depth.max(TT_MIN_DEPTH) {
            self.node::<PARALLEL, true>(state, key, depth, ply, alpha, beta, frames)
        } else {
            self.node::<PARALLEL, false>(state, key, depth, ply, alpha, beta, frames)
        }
    }

    /// [`Self::negamax`] at one node; `DEFERRING` (parallel searches only) compiles the
    /// deferral of moves another thread is searching in.
    #[allow(clippy::too_many_arguments)]
    fn node<const PARALLEL: bool, const DEFERRING: bool>(
        &mut self,
        state: &G,
        key: u64,
        depth: u32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        frames: &mut [Frame<G::Move>],
    ) -> Score {
        // On one thread only the budget stops a search, and once it has it says so at every
        // node; on several, another thread's completing the iteration stops it too, seen every
        // `CLOCK_EVERY` nodes and remembered in `aborted`.
        if (PARALLEL && self.aborted)
            || self.budget.exhausted(self.nodes)
            || (PARALLEL && self.iteration_over())
        {
            self.aborted = true;
            return 0;
        }
        self.nodes += 1;
        // This node's buffers, and its children's (none past the last ply).
        let Some((frame, deeper)) = frames.split_first_mut() else {
            return self.evaluate(state);
        };
        let Frame { moves, keys, pv } = frame;
        pv.clear();

        if state.is_terminal() {
            return terminal_score(state, ply);
        }
        if depth == 0 || ply >= MAX_PLY {
            return self.evaluate(state);
        }

        // The transposition table is used from `tt_min_depth` plies to go: nearer the leaves
        // the subtrees are too small to repay a cache miss (measured on Isolation: probing
        // from 2 plies to go cost a quarter of the speed).
        let use_tt = depth >= self.tt_min_depth;
        let killers = if self.options.killers {
            self.killers.at(ply)
        } else {
            [None, None]
        };
        // Staged move generation: at a node without a table move, in a game that tells a
        // move's legality without generating its moves and gives no move a priority, a legal
        // killer is tried before the others are generated (they come first in the order
        // anyway); most such nodes are cut off by it and never generate the rest.
        let early_killer =
            if (use_tt && self.tt.is_some()) || (G::HAS_MOVE_PRIORITY && self.options.priority) {
                None
            } else {
                // Written out: an iterator over the two was left out of line, a call per node.
                let legal = |killer: Option<G::Move>| {
                    killer.filter(|&killer| state.quick_legality(killer) == Some(true))
                };
                legal(killers[0]).or_else(|| legal(killers[1]))
            };

        // Otherwise the moves first: the parent prefetched this node's table entry, and
        // generating them gives the load time to arrive before the probe (wasted only on a
        // cutoff).
        moves.clear();
        let mut generated = early_killer.is_none();
        if generated {
            state.generate_moves(moves);
        }

        // The table: a cutoff, or at least a move to try first.
        let mut tt_move = None;
        if let Some(tt) = self.tt.as_mut().filter(|_| use_tt) {
            if let Some(entry) = tt.probe(key) {
                if self.options.tt_move {
                    tt_move = entry.best_move();
                }
                if ply > 0 && entry.depth as u32 >= depth {
                    let (value, bound) = entry.score_at(ply as u32);
                    let usable = match bound {
                        Bound::Exact => true,
                        Bound::Lower => value >= beta,
                        Bound::Upper => value <= alpha,
                    };
                    if usable {
                        self.tt_cutoffs += 1;
                        return value;
                    }
                }
            }
        }

        let mover = state.to_move();
        let priority = self.options.priority.then_some(state);
        // The moves ranked now, unless the early killer goes first: then only if it does not
        // cut off (with the history as its subtree left it).
        let mut ranked = early_killer.is_none();
        if ranked {
            self.rank(moves, keys, tt_move, priority, killers, mover);
        }

        if depth == 1 {
            if let Some(child) = deeper.first_mut() {
                child.pv.clear();
            }
        }
        let alpha_at_entry = alpha;
        // A null window (PVS's probes) only asks whether the value is above alpha: its line
        // is never the principal variation, so it is not recorded.
        let keeps_line = beta > alpha + 1;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0;
        // Deferred moves wait at the end of the list; those from `fresh_end` on have waited
        // once.
        let mut fresh_end = moves.len();
        loop {
            let mv = match early_killer {
                Some(killer) if searched == 0 => killer,
                _ => {
                    if !generated {
                        // The early killer did not cut off: now the others, behind it.
                        state.generate_moves(moves);
                        let found =
                            early_killer.is_some_and(|killer| bring_to_front(moves, killer));
                        debug_assert!(found, "quick_legality called an illegal killer legal");
                        fresh_end = moves.len();
                        generated = true;
                    }
                    if !ranked {
                        self.rank(moves, keys, tt_move, priority, killers, mover);
                        ranked = true;
                    }
                    // A plain slice: a `MoveList` checks where its items live at every index.
                    match pick_next(moves.as_mut_slice(), keys, searched) {
                        Some(mv) => mv,
                        None => break,
                    }
                }
            };
            let child = state.play(mv);
            let mut child_key = 0;
            if depth > self.tt_min_depth {
                if let Some(tt) = self.tt.as_ref() {
                    child_key = state.key_after(key, mv, &child);
                    tt.prefetch(child_key);
                }
            }
            let claimed = DEFERRING && searched > 0;
            if claimed {
                let lazy = self
                    .lazy
                    .as_ref()
                    .expect("deferring only in a parallel search");
                if searched < fresh_end && lazy.is_busy(child_key) {
                    moves[searched..].rotate_left(1);
                    keys[searched..].rotate_left(1);
                    if let Some(last) = keys.last_mut() {
                        *last = 0;
                    }
                    fresh_end -= 1;
                    continue;
                }
                lazy.claim(child_key);
            }
            let value = if depth == 1 {
                // The children are leaves: scored here, without a call per child. A leaf's
                // value does not depend on the window, so PVS's second look below repeats the
                // first; it is kept (it happens only in open-window nodes, on the principal
                // variation) so that node counts stay those of the recursive search, which
                // the published figures record.
                let value = -self.leaf::<PARALLEL>(&child, ply + 1);
                if searched > 0
                    && self.options.pvs
                    && value > alpha
                    && value < beta
                    && !self.aborted
                {
                    -self.leaf::<PARALLEL>(&child, ply + 1)
                } else {
                    value
                }
            } else if searched == 0 || !self.options.pvs {
                -self.negamax::<PARALLEL>(
                    &child,
                    child_key,
                    depth - 1,
                    ply + 1,
                    -beta,
                    -alpha,
                    deeper,
                )
            } else {
                // A null window proves the move is no better than alpha; if it is, search again.
                let probe = -self.negamax::<PARALLEL>(
                    &child,
                    child_key,
                    depth - 1,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    deeper,
                );
                if probe > alpha && probe < beta && !self.aborted {
                    -self.negamax::<PARALLEL>(
                        &child,
                        child_key,
                        depth - 1,
                        ply + 1,
                        -beta,
                        -alpha,
                        deeper,
                    )
                } else {
                    probe
                }
            };
            if claimed {
                self.lazy
                    .as_ref()
                    .expect("claimed only in a parallel search")
                    .release(child_key);
            }
            searched += 1;
            if self.aborted {
                break;
            }
            if value > best {
                best = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    if keeps_line {
                        pv.clear();
                        pv.push(mv);
                        if let Some(child) = deeper.first() {
                            pv.extend_from_slice(&child.pv);
                        }
                    }
                }
                if value >= beta {
                    self.cutoffs.beta_cutoffs += 1;
                    if searched == 1 {
                        self.cutoffs.first_move_cutoffs += 1;
                    }
                    if self.options.killers {
                        self.killers.record(ply, mv);
                    }
                    if self.options.history {
                        self.history.reward(mover, G::move_index(mv), depth);
                    }
                    break;
                }
            }
        }
        if self.aborted {
            return 0;
        }

        if let Some(tt) = self.tt.as_mut().filter(|_| use_tt) {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_at_entry {
                Bound::Exact
            } else {
                Bound::Upper
            };
            tt.store(key, best_move, best, bound, depth, ply as u32);
        }
        best
    }

    /// Each move's ordering key into `keys` ([`order_keys`]), with this engine's history.
    #[inline(always)]
    fn rank(
        &self,
        moves: &[G::Move],
        keys: &mut Vec<u32>,
        tt_move: Option<G::Move>,
        priority: Option<&G>,
        killers: [Option<G::Move>; 2],
        mover: Player,
    ) {
        let history =
            (self.options.history && self.history.is_active()).then_some((&self.history, mover));
        order_keys::<G>(moves, keys, tt_move, priority, killers, history);
    }

    /// A leaf's value for the side to move, counted as a node: what `negamax` returns with no
    /// plies to go, for a child of a node one ply from the horizon.
    #[inline(always)]
    fn leaf<const PARALLEL: bool>(&mut self, state: &G, ply: usize) -> Score {
        // As in `node`.
        if (PARALLEL && self.aborted)
            || self.budget.exhausted(self.nodes)
            || (PARALLEL && self.iteration_over())
        {
            self.aborted = true;
            return 0;
        }
        self.nodes += 1;
        if state.is_terminal() {
            terminal_score(state, ply)
        } else {
            self.evaluate(state)
        }
    }

    /// Resets what one search counts and remembers, for a search of `root` under `limits`
    /// that started at `started`.
    fn begin(&mut self, root: &G, limits: &Limits, started: Instant) {
        self.root_player = root.to_move();
        self.nodes = 0;
        self.budget = Budget::new(limits, started);
        self.aborted = false;
        self.stopped_by = if limits.depth.is_some() {
            StopReason::Depth
        } else {
            StopReason::None
        };
        self.cutoffs = CutoffStats::default();
        self.tt_cutoffs = 0;
        self.killers.clear();
    }

    /// The first and last depth of the iterations `limits` ask for.
    fn depth_range(&self, limits: &Limits) -> (u32, u32) {
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let first_depth = if self.options.iterative_deepening {
            1
        } else {
            max_depth
        };
        (first_depth, max_depth)
    }

    /// Whether another thread of a parallel search has finished this thread's iteration (or
    /// the whole search), checked as often as the clock. Never true on one thread.
    #[inline]
    fn iteration_over(&self) -> bool {
        match &self.lazy {
            None => false,
            Some(lazy) => {
                self.nodes & (Budget::CLOCK_EVERY - 1) == 0
                    && lazy.iteration_over(self.iteration_depth, self.thread, self.nodes)
            }
        }
    }

    /// One iteration at `depth`, with an aspiration window around `guess` when asked.
    fn search_depth<const PARALLEL: bool>(
        &mut self,
        root: &G,
        depth: u32,
        guess: Option<Score>,
    ) -> Score {
        let window = self.options.aspiration_window.max(1);
        // The buffers, lent to the search and returned after it.
        let mut frames = std::mem::take(&mut self.frames);
        let value = match guess {
            Some(guess) if self.options.aspiration && !score::is_decisive(guess) => {
                // Widen only the side that failed, by four times each time; past the heuristic
                // range the side opens fully (a win or loss lies beyond any window).
                let widen = |delta: Score| delta.saturating_mul(4);
                let bound = |value: Score| {
                    if value.abs() > MAX_EVAL {
                        value.signum() * INFINITY
                    } else {
                        value
                    }
                };
                let (mut low, mut high) = (window, window);
                loop {
                    let alpha = bound(guess.saturating_sub(low));
                    let beta = bound(guess.saturating_add(high));
                    let value = self.negamax::<PARALLEL>(
                        root,
                        root.key(),
                        depth,
                        0,
                        alpha,
                        beta,
                        &mut frames,
                    );
                    if self.aborted || (value > alpha && value < beta) {
                        break value;
                    }
                    if value <= alpha {
                        if alpha == -INFINITY {
                            break value;
                        }
                        low = widen(low);
                    } else {
                        if beta == INFINITY {
                            break value;
                        }
                        high = widen(high);
                    }
                }
            }
            _ => self.negamax::<PARALLEL>(
                root,
                root.key(),
                depth,
                0,
                -INFINITY,
                INFINITY,
                &mut frames,
            ),
        };
        self.frames = frames;
        value
    }
}

/// One ply's buffers: the moves of the node searched there, their ordering keys, and the
/// principal variation found from it.
struct Frame<M> {
    moves: MoveList<M>,
    keys: Vec<u32>,
    pv: Vec<M>,
}

impl<M> Default for Frame<M> {
    fn default() -> Self {
        Frame {
            moves: MoveList::new(),
            keys: Vec::with_capacity(32),
            pv: Vec::with_capacity(MAX_PLY),
        }
    }
}

/// The effective branching factor: the last iteration's nodes over the one before's.
fn branching_factor(rows: &[IterationRow]) -> Option<f64> {
    match rows {
        [.., a, b] if a.nodes > 0 => Some(b.nodes as f64 / a.nodes as f64),
        _ => None,
    }
}

/// A terminal state's value for the side to move, a win or loss counted from the root.
#[inline]
fn terminal_score<G: SearchHints>(state: &G, ply: usize) -> Score {
    let value = state.terminal_value(state.to_move());
    if value >= score::WIN {
        score::win_in(ply as u32)
    } else if value <= -score::WIN {
        score::loss_in(ply as u32)
    } else {
        value.clamp(-MAX_EVAL, MAX_EVAL)
    }
}

impl<G: SearchHints, E: Evaluator<G>> Searcher<G> for Engine<G, E> {
    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        // The threads share their work through the table: without one, one thread searches.
        if self.options.threads > 1 && self.options.tt_bytes > 0 && !root.is_terminal() {
            return self.search_parallel(root, limits);
        }
        let started = Instant::now();
        self.begin(root, limits, started);
        self.history.age();
        self.table_for_search();
        if let Some(tt) = self.tt.as_mut() {
            tt.new_search();
        }

        let (first_depth, max_depth) = self.depth_range(limits);
        let legal = root.legal_moves();
        let mut best_move = legal.first().copied();
        let mut best_score = if legal.is_empty() {
            terminal_score(root, 0)
        } else {
            -INFINITY
        };
        let mut pv: Vec<G::Move> = best_move.into_iter().collect();
        let mut rows: Vec<IterationRow> = Vec::new();
        let mut completed = 0;
        let mut guess = None;

        if !legal.is_empty() {
            for depth in first_depth..=max_depth {
                let nodes_before = self.nodes;
                let value = self.search_depth::<false>(root, depth, guess);
                if self.aborted {
                    // Keep the deepest completed iteration's answer; with none, take what the
                    // partial one found.
                    if completed == 0 && !self.frames[0].pv.is_empty() {
                        best_move = self.frames[0].pv.first().copied();
                        pv = self.frames[0].pv.clone();
                    }
                    break;
                }
                completed = depth;
                guess = Some(value);
                best_score = value;
                if !self.frames[0].pv.is_empty() {
                    pv = self.frames[0].pv.clone();
                    best_move = pv.first().copied();
                }
                let row = IterationRow {
                    depth,
                    score: value,
                    nodes: self.nodes - nodes_before,
                    time_us: started.elapsed().as_micros() as u64,
                    pv: root.format_line(&pv),
                };
                if let Some(observer) = &limits.observer {
                    observer.report(&crate::progress::Progress::Iteration(row.clone()));
                }
                rows.push(row);
                // A proven result within the searched depth cannot change with more depth.
                if score::plies_to_result(value).is_some_and(|n| n <= depth) {
                    self.stopped_by = StopReason::Solved;
                    break;
                }
            }
        }

        let branching_factor = branching_factor(&rows);
        let tt = self
            .tt
            .as_ref()
            .map(|t| t.stats(t.counters(), self.tt_cutoffs));
        let mut stats = Stats {
            algorithm: "alphabeta".into(),
            nodes: self.nodes,
            depth: completed,
            stopped_by: self.budget.stopped().unwrap_or(self.stopped_by),
            iterations: rows,
            tt,
            cutoffs: Some(self.cutoffs.clone()),
            branching_factor,
            ..Stats::default()
        };
        stats.finish_timing(started.elapsed());
        SearchResult {
            best_move,
            score: best_score,
            pv,
            stats,
        }
    }

    /// Starts afresh, with an empty table (allocated here if no search has made it yet, so
    /// that a game's first move does not pay for it).
    fn clear(&mut self) {
        match self.tt.as_mut() {
            Some(tt) => tt.clear(),
            None => self.allocate_table(),
        }
        self.history.clear();
        self.killers.clear();
    }
}
