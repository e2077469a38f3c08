//! The engine on several threads: Lazy SMP with deferred moves and staggered depths.
//!
//! Every thread runs the same iterative deepening from the root, and the threads share one
//! transposition table ([`crate::tt::SharedTable`]), nothing else. What one thread proves,
//! the others find in the table and skip. To make them split the tree rather than walk it in
//! step, a thread that reaches a move (not a node's first) that another thread is searching
//! at that moment leaves it for last (the "deferred" moves of simplified ABDADA, after Tom
//! Kerrigan): by the time it comes back, the answer is usually in the table.
//!
//! Every second thread searches one depth beyond the others (`EngineOptions::stagger`): while
//! the first thread completes depth d, the second is already at d + 1, so that when the first
//! starts d + 1 the table holds that depth's best moves and bounds for much of the tree (two
//! threads gain more over one than at a single depth: `thread-speedup`, BENCHMARKS.md). When any thread
//! completes an iteration, its value is the iteration's value, and every thread searching
//! that depth or a shallower one abandons it for the next. An iteration may use table entries
//! of the next depth, a deeper search's bounds; the last one cannot (no thread searches
//! beyond the depth asked for), so a search to a fixed depth returns the value one thread
//! would, only sooner; the move may be another of equal value, and node counts vary from run
//! to run.

use super::table::Counters;
use super::{branching_factor, Engine, INFINITY};
use crate::progress::{Observer, Progress};
use crate::score::{self, Score};
use crate::{
    CutoffStats, Evaluator, IterationRow, Limits, Player, SearchHints, SearchResult, Stats,
    StopReason,
};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Slots of the table of moves being searched (a power of two).
const BUSY_SLOTS: usize = 1 << 14;

/// What the threads of one parallel search share besides the table.
pub(crate) struct Lazy<M> {
    /// The deepest iteration a thread has completed (0: none yet).
    completed: AtomicU32,
    /// Raised when the search is over: the depth reached, a result proven, or the caller's
    /// thread out of budget.
    stop: AtomicBool,
    /// Each thread's node count, posted as often as it checks the clock.
    nodes: Box<[PaddedCounter]>,
    /// The positions (after a move) that some thread is searching now, by key.
    busy: Box<[AtomicU64]>,
    /// The completed iterations.
    record: Mutex<Record<M>>,
    started: Instant,
    observer: Option<Observer>,
}

impl<M> Default for Record<M> {
    fn default() -> Self {
        Record {
            depth: 0,
            score: 0,
            pv: Vec::new(),
            proven: false,
            rows: Vec::new(),
            nodes_at_last_row: 0,
        }
    }
}

/// A counter on a cache line of its own, so that threads posting counts do not slow each other.
#[repr(align(64))]
#[derive(Default)]
struct PaddedCounter(AtomicU64);

/// The deepest completed iteration and the report of each (`score` and `pv` mean something
/// only once `depth` is above 0).
struct Record<M> {
    depth: u32,
    score: Score,
    pv: Vec<M>,
    proven: bool,
    rows: Vec<IterationRow>,
    /// All threads' nodes when the last row was written.
    nodes_at_last_row: u64,
}

impl<M: Copy> Lazy<M> {
    fn new(threads: usize, started: Instant, observer: Option<Observer>) -> Self {
        Lazy {
            completed: AtomicU32::new(0),
            stop: AtomicBool::new(false),
            nodes: (0..threads).map(|_| PaddedCounter::default()).collect(),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            record: Mutex::new(Record::default()),
            started,
            observer,
        }
    }

    /// Posts `thread`'s node count and says whether its iteration at `depth` is no longer
    /// needed: another thread completed it, or the search is over.
    #[inline]
    pub fn iteration_over(&self, depth: u32, thread: usize, nodes: u64) -> bool {
        self.post_nodes(thread, nodes);
        self.stop.load(Ordering::Relaxed) || self.completed.load(Ordering::Relaxed) >= depth
    }

    fn post_nodes(&self, thread: usize, nodes: u64) {
        self.nodes[thread].0.store(nodes, Ordering::Relaxed);
    }

    fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.0.load(Ordering::Relaxed)).sum()
    }

    /// Whether another thread is searching the position with this key now.
    #[inline]
    pub fn is_busy(&self, key: u64) -> bool {
        self.busy[key as usize & (BUSY_SLOTS - 1)].load(Ordering::Relaxed) == key
    }

    /// Marks the position with this key as being searched (by this thread).
    #[inline]
    pub fn claim(&self, key: u64) {
        self.busy[key as usize & (BUSY_SLOTS - 1)].store(key, Ordering::Relaxed);
    }

    /// Unmarks the position, unless another thread has marked its slot since.
    #[inline]
    pub fn release(&self, key: u64) {
        let _ = self.busy[key as usize & (BUSY_SLOTS - 1)].compare_exchange(
            key,
            0,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    /// The value of the deepest completed iteration, the next one's aspiration guess.
    fn guess(&self) -> Option<Score> {
        let record = self
            .record
            .lock()
            .expect("no thread panics holding the record");
        (record.depth > 0).then_some(record.score)
    }

    /// Records a completed iteration, unless another thread completed it first, and reports
    /// it to the observer. `line` names the principal variation's moves.
    fn complete(&self, depth: u32, value: Score, pv: &[M], proven: bool, line: Vec<String>) {
        let mut record = self
            .record
            .lock()
            .expect("no thread panics holding the record");
        if depth <= record.depth {
            return;
        }
        let nodes = self.total_nodes();
        let row = IterationRow {
            depth,
            score: value,
            nodes: nodes - record.nodes_at_last_row.min(nodes),
            time_us: self.started.elapsed().as_micros() as u64,
            pv: line,
        };
        record.depth = depth;
        record.score = value;
        record.pv = pv.to_vec();
        record.proven = proven;
        record.nodes_at_last_row = nodes;
        if let Some(observer) = &self.observer {
            observer.report(&Progress::Iteration(row.clone()));
        }
        record.rows.push(row);
        self.completed.store(depth, Ordering::Relaxed);
    }
}

/// The caller's evaluator, lent to the threads of one search.
struct Lend<'a, E>(&'a E);

impl<G: SearchHints, E: Evaluator<G>> Evaluator<G> for Lend<'_, E> {
    #[inline]
    fn evaluate(&self, state: &G, player: Player) -> Score {
        self.0.evaluate(state, player)
    }

    fn name(&self) -> &str {
        self.0.name()
    }
}

/// Thread `thread`'s share of `limits`: the same clock and stop flag, its part of a node limit.
fn share_of(limits: &Limits, thread: usize, threads: usize) -> Limits {
    let mut share = Limits {
        observer: None,
        ..limits.clone()
    };
    if let Some(nodes) = limits.nodes {
        let part = nodes / threads as u64;
        share.nodes = Some(if thread == 0 {
            part + nodes % threads as u64
        } else {
            part
        });
    }
    share
}

impl<G: SearchHints, E: Evaluator<G>> Engine<G, E> {
    /// A search on `options.threads` threads: the caller's and `threads - 1` helpers, each
    /// with its own killers and history (copied from this engine's), sharing the table.
    pub(super) fn search_parallel(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = Instant::now();
        let threads = self.options.threads;
        self.history.age();
        self.table_for_search();
        if let Some(tt) = self.tt.as_mut() {
            tt.new_search();
        }
        let (first_depth, max_depth) = self.depth_range(limits);
        let lazy = Arc::new(Lazy::new(threads, started, limits.observer.clone()));
        let evaluator = &self.evaluator;
        let mut workers: Vec<Engine<G, Lend<'_, E>>> = (0..threads)
            .map(|thread| {
                let mut worker = Engine::new(Lend(evaluator), self.options.clone());
                worker.tt = self.tt.as_ref().and_then(|tt| tt.share());
                worker.history = self.history.clone();
                worker.lazy = Some(Arc::clone(&lazy));
                worker.thread = thread;
                worker.begin(root, &share_of(limits, thread, threads), started);
                worker
            })
            .collect();
        std::thread::scope(|scope| {
            let (caller, helpers) = workers.split_first_mut().expect("at least one thread");
            for helper in helpers {
                scope.spawn(|| helper.deepen_together(root, first_depth, max_depth));
            }
            caller.deepen_together(root, first_depth, max_depth);
            // The caller's thread is done (its depth, its budget): so is the search.
            lazy.stop.store(true, Ordering::Relaxed);
        });

        let record = std::mem::take(&mut *lazy.record.lock().expect("no thread panicked"));
        let mut cutoffs = CutoffStats::default();
        let mut counters = Counters::default();
        let (mut nodes, mut tt_cutoffs) = (0, 0);
        for worker in &workers {
            nodes += worker.nodes;
            tt_cutoffs += worker.tt_cutoffs;
            cutoffs.beta_cutoffs += worker.cutoffs.beta_cutoffs;
            cutoffs.first_move_cutoffs += worker.cutoffs.first_move_cutoffs;
            if let Some(tt) = &worker.tt {
                counters += tt.counters();
            }
        }
        let stopped_by = if record.proven {
            StopReason::Solved
        } else if limits.depth.is_some() && record.depth >= max_depth {
            StopReason::Depth
        } else {
            workers
                .iter()
                .find_map(|w| w.budget.stopped())
                .unwrap_or(if limits.depth.is_some() {
                    StopReason::Depth
                } else {
                    StopReason::None
                })
        };
        let (best_move, score, pv) = if record.depth > 0 {
            (record.pv.first().copied(), record.score, record.pv)
        } else {
            // No iteration completed: what the caller's thread found so far, as on one thread.
            let partial = workers[0].frames[0].pv.clone();
            let first = partial
                .first()
                .copied()
                .or_else(|| root.legal_moves().first().copied());
            (first, -INFINITY, partial)
        };
        self.history = workers[0].history.clone();
        drop(workers);

        let tt = self.tt.as_ref().map(|t| t.stats(counters, tt_cutoffs));
        let mut stats = Stats {
            algorithm: "alphabeta".into(),
            nodes,
            depth: record.depth,
            stopped_by,
            branching_factor: branching_factor(&record.rows),
            iterations: record.rows,
            tt,
            cutoffs: Some(cutoffs),
            ..Stats::default()
        };
        stats.finish_timing(started.elapsed());
        SearchResult {
            best_move,
            score,
            pv,
            stats,
        }
    }

    /// One thread's iterative deepening in a parallel search: each iteration at the next depth
    /// no thread has completed, until the last depth, a proof, the budget or the stop.
    fn deepen_together(&mut self, root: &G, first_depth: u32, max_depth: u32) {
        let lazy = Arc::clone(self.lazy.as_ref().expect("a parallel search"));
        // How far beyond the deepest completed iteration this thread starts its next.
        let ahead = if self.options.stagger && self.thread % 2 == 1 {
            2
        } else {
            1
        };
        let mut depth = (first_depth + ahead - 1).min(max_depth);
        loop {
            let completed = lazy.completed.load(Ordering::Relaxed);
            if completed >= max_depth || lazy.stop.load(Ordering::Relaxed) {
                break;
            }
            depth = depth.max((completed + ahead).min(max_depth));
            self.iteration_depth = depth;
            self.aborted = false;
            let value = self.search_depth::<true>(root, depth, lazy.guess());
            lazy.post_nodes(self.thread, self.nodes);
            if self.aborted {
                if self.budget.stopped().is_some() {
                    break;
                }
                // Another thread completed this depth (or ended the search: checked above).
                continue;
            }
            let proven = score::plies_to_result(value).is_some_and(|n| n <= depth);
            let pv = &self.frames[0].pv;
            lazy.complete(depth, value, pv, proven, root.format_line(pv));
            if proven || depth >= max_depth {
                lazy.stop.store(true, Ordering::Relaxed);
                break;
            }
            depth += 1;
        }
    }
}
