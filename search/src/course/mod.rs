//! The course algorithms: plain minimax and plain alpha-beta, written the way AIMA and the
//! Udacity lessons write them, and instrumented with the courses' counters.
//!
//! They are slow on purpose (no move ordering, no tables) and exact: they are the references
//! every fast search in ply is tested against, and they reproduce the node counts that course
//! material quotes. All values are from the root player's point of view, as in the courses:
//! MAX is the player to move at the root.
//!
//! ```
//! use ply_search::course::{minimax_decision, alpha_beta_search, Options};
//! use ply_search::tree::Tree;
//! use ply_search::Zero;
//! // AIMA figure 5.2: MAX chooses among three MIN nodes.
//! let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! let mm = minimax_decision(&tree, None, &Zero, &Options::default());
//! assert_eq!(mm.value, 3);
//! assert_eq!(mm.root_values, vec![3, 2, 2]);
//! let ab = alpha_beta_search(&tree, None, &Zero, &Options::recording());
//! assert_eq!(ab.value, 3);
//! // Alpha-beta never looks at the leaves 4 and 6.
//! let leaves: Vec<String> = ab.visits.iter().filter(|v| v.leaf).map(|v| v.path.clone()).collect();
//! assert_eq!(leaves, ["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"]);
//! ```

mod alphabeta;
mod expectimax;
mod maxn;
mod minimax;

pub use alphabeta::alpha_beta_search;
pub use expectimax::{expectiminimax_decision, ChanceVisit, ExpectimaxResult, NodeKind};
pub use maxn::{maxn_decision, MaxnResult, MaxnVisit};
pub use minimax::minimax_decision;

use crate::{Game, Player, Score};
use serde::Serialize;

/// How terminal states are scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Utility {
    /// As the courses do: every win is `+inf` (`score::WIN`), every loss `-inf`, whatever its
    /// distance; ties go to the first move. Reproduces the course agents' choices.
    #[default]
    Infinite,
    /// A win `n` plies from the root scores `WIN - n`: the convention of ply's engine, so that
    /// the course algorithms can check it value for value.
    ByDistance,
}

impl Utility {
    /// A course value as a front end should report it: under [`Utility::Infinite`] a win is the
    /// courses' `+inf`, which knows no distance (so it prints as `win`, not `+W0`).
    pub fn reported(self, value: Score) -> Score {
        match self {
            Utility::Infinite => crate::score::without_distance(value),
            Utility::ByDistance => value,
        }
    }
}

/// Options of the course algorithms.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// How terminal states are scored.
    pub utility: Utility,
    /// Alpha-beta only: prune when a value equals the bound (`v >= beta`, AIMA's test; the
    /// default) or only when it passes it (`v > beta`). Courses disagree; both give the minimax
    /// value at the root.
    pub strict_pruning: bool,
    /// Record every visited node in [`CourseResult::visits`].
    pub record_visits: bool,
    /// Test the root for the end of the game first, counting one more `terminal_test()` call,
    /// as AIMA's pseudocode does (`ALPHA-BETA-SEARCH` calls `MAX-VALUE` on the root). Udacity's
    /// sample players and `minimax_decision` of the GameState quiz loop over the root's moves
    /// directly (the default); the quiz's full alpha-beta count (55) includes the root test.
    pub test_root: bool,
    /// Limits on the search: nodes (`result()` calls), time and a stop flag. The course
    /// algorithms have no best move so far, so a search that reaches a limit is abandoned and
    /// says so in [`CourseResult::stopped`]. None by default.
    pub limits: crate::Limits,
}

impl Options {
    /// Default options that also record the visited nodes.
    pub fn recording() -> Options {
        Options {
            record_visits: true,
            ..Options::default()
        }
    }
}

/// What the course algorithms count, in the courses' own terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counters {
    /// Calls of `result()` (ply's `play`): the node count of Udacity's sample players.
    pub result_calls: u64,
    /// Calls of `terminal_test()`: the node count of the GameState quiz.
    pub terminal_tests: u64,
    /// Calls of the evaluator at the depth limit.
    pub evaluations: u64,
}

/// One visited node, in visit order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Visit {
    /// The path from the root: child indices joined by `.` (`""` is the root).
    pub path: String,
    /// The moves of the path, in the game's notation.
    pub moves: Vec<String>,
    /// The node's value, from the root player's view, as returned to its parent.
    pub value: Score,
    /// Alpha and beta when the node was entered (alpha-beta only; the full range for minimax).
    pub window: (Score, Score),
    /// Whether the node was scored without expanding it (terminal or at the depth limit).
    pub leaf: bool,
    /// Whether the node returned early, leaving some children unvisited (a cutoff).
    pub cut: bool,
}

/// The answer of a course algorithm.
#[derive(Clone, Debug)]
pub struct CourseResult<M> {
    /// The chosen move (the first best one); `None` when the root has no move.
    pub best_move: Option<M>,
    /// The root's value.
    pub value: Score,
    /// Minimax: the value of each root move, in move order. Alpha-beta: each root move's
    /// returned value, which is exact for improving moves and a bound for the others.
    pub root_values: Vec<Score>,
    /// The courses' counters.
    pub counters: Counters,
    /// The visited nodes in visit order, with [`Options::record_visits`].
    pub visits: Vec<Visit>,
    /// Why the search was abandoned, if a limit of [`Options::limits`] was reached: then only
    /// the counters are meaningful.
    pub stopped: Option<crate::StopReason>,
}

/// The payload that unwinds an abandoned course search (see [`within_limits`]).
struct OutOfBudget {
    reason: crate::StopReason,
    counters: Counters,
}

/// Runs a course search, which [`Common::result`] abandons by unwinding when its budget is
/// spent: the recursion stays as the courses write it, with no early-exit paths.
pub(crate) fn within_limits<M>(search: impl FnOnce() -> CourseResult<M>) -> CourseResult<M> {
    abandoned_as(search, |reason, counters| CourseResult {
        best_move: None,
        value: 0,
        root_values: Vec::new(),
        counters,
        visits: Vec::new(),
        stopped: Some(reason),
    })
}

/// Runs `search`; if a limit abandons it, answers `stopped(reason, counters so far)` instead.
pub(crate) fn abandoned_as<R>(
    search: impl FnOnce() -> R,
    stopped: impl FnOnce(crate::StopReason, Counters) -> R,
) -> R {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(search)) {
        Ok(result) => result,
        Err(payload) => match payload.downcast::<OutOfBudget>() {
            Ok(out) => stopped(out.reason, out.counters),
            Err(other) => std::panic::resume_unwind(other),
        },
    }
}

/// What the course algorithms share: the root player, the counters, the scoring of leaves, and
/// the visit log.
pub(crate) struct Common<'a, G: Game, E> {
    pub root_player: Player,
    pub root_ply: u32,
    pub evaluator: &'a E,
    pub options: &'a Options,
    pub counters: Counters,
    pub visits: Vec<Visit>,
    /// The path to the current node: (child index, move in notation), kept when recording.
    pub path: Vec<(usize, String)>,
    /// The budget of [`Options::limits`], checked at each `result()`; none without limits.
    pub budget: Option<crate::Budget>,
    _game: std::marker::PhantomData<G>,
}

impl<'a, G: Game, E: crate::Evaluator<G>> Common<'a, G, E> {
    pub fn new(root: &G, evaluator: &'a E, options: &'a Options) -> Self {
        Common {
            root_player: root.to_move(),
            root_ply: root.ply(),
            evaluator,
            options,
            counters: Counters::default(),
            visits: Vec::new(),
            path: Vec::new(),
            budget: options
                .limits
                .is_limited()
                .then(|| crate::Budget::new(&options.limits, std::time::Instant::now())),
            _game: std::marker::PhantomData,
        }
    }

    /// `terminal_test()`, counted.
    pub fn terminal_test(&mut self, state: &G) -> bool {
        self.counters.terminal_tests += 1;
        state.is_terminal()
    }

    /// `result()`, counted. Abandons the search (see [`within_limits`]) when a limit is
    /// reached.
    pub fn result(&mut self, state: &G, mv: G::Move) -> G {
        let calls = self.counters.result_calls;
        let spent = self.budget.as_mut().is_some_and(|b| b.exhausted(calls));
        if let Some(budget) = self.budget.as_ref().filter(|_| spent) {
            let reason = budget.stopped().unwrap_or(crate::StopReason::Stop);
            std::panic::resume_unwind(Box::new(OutOfBudget {
                reason,
                counters: self.counters,
            }));
        }
        self.counters.result_calls += 1;
        state.play(mv)
    }

    /// `utility()` of a terminal state, from the root player's view.
    pub fn utility(&self, state: &G) -> Score {
        let value = state.terminal_value(self.root_player);
        match self.options.utility {
            Utility::Infinite => value,
            Utility::ByDistance => {
                let distance = state.ply().saturating_sub(self.root_ply);
                if value >= crate::score::WIN {
                    crate::score::win_in(distance)
                } else if value <= -crate::score::WIN {
                    crate::score::loss_in(distance)
                } else {
                    value
                }
            }
        }
    }

    /// The evaluator at the depth limit, from the root player's view, counted.
    pub fn score(&mut self, state: &G) -> Score {
        self.counters.evaluations += 1;
        self.evaluator.evaluate(state, self.root_player)
    }

    /// Steps down to child `index` (reached by `mv` from `parent`) in the visit log.
    pub fn enter(&mut self, index: usize, parent: &G, mv: G::Move) {
        if self.options.record_visits {
            self.path.push((index, parent.format_move(mv)));
        }
    }

    /// Steps back up in the visit log.
    pub fn leave(&mut self) {
        if self.options.record_visits {
            self.path.pop();
        }
    }

    /// The current node's path (child indices joined by `.`) and the moves along it.
    pub fn current_path(&self) -> (String, Vec<String>) {
        let path = self
            .path
            .iter()
            .map(|(i, _)| i.to_string())
            .collect::<Vec<_>>()
            .join(".");
        (path, self.path.iter().map(|(_, m)| m.clone()).collect())
    }

    /// Logs a visit of the current node (when recording).
    pub fn visit(&mut self, value: Score, window: (Score, Score), leaf: bool, cut: bool) {
        if !self.options.record_visits {
            return;
        }
        let (path, moves) = self.current_path();
        self.visits.push(Visit {
            path,
            moves,
            value,
            window,
            leaf,
            cut,
        });
    }
}

/// Which course algorithm a [`CourseSearcher`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// [`minimax_decision`].
    Minimax,
    /// [`alpha_beta_search`].
    AlphaBeta,
}

/// A course algorithm as a [`crate::Searcher`], so it can play as an agent (`minimax(depth=3)`).
/// The depth comes from the limits (default 3, the Udacity sample player's); the node count in
/// its statistics is the number of `result()` calls.
pub struct CourseSearcher<E> {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The evaluator at the depth limit.
    pub evaluator: E,
    /// The algorithm's options.
    pub options: Options,
}

impl<G: Game, E: crate::Evaluator<G>> crate::Searcher<G> for CourseSearcher<E> {
    fn search(&mut self, state: &G, limits: &crate::Limits) -> crate::SearchResult<G::Move> {
        let started = std::time::Instant::now();
        let depth = limits.depth.unwrap_or(3);
        let options = Options {
            limits: limits.clone(),
            ..self.options.clone()
        };
        let result = match self.algorithm {
            Algorithm::Minimax => minimax_decision(state, Some(depth), &self.evaluator, &options),
            Algorithm::AlphaBeta => {
                alpha_beta_search(state, Some(depth), &self.evaluator, &options)
            }
        };
        let name = match self.algorithm {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "plain-alphabeta",
        };
        let mut stats = crate::Stats {
            algorithm: name.into(),
            nodes: result.counters.result_calls,
            depth,
            stopped_by: result.stopped.unwrap_or(crate::StopReason::Depth),
            ..crate::Stats::default()
        };
        stats.finish_timing(started.elapsed());
        if result.stopped.is_some() {
            // Abandoned: the course algorithms know no best move so far; play the first one.
            stats.depth = 0;
            return crate::SearchResult {
                best_move: state.legal_moves().first().copied(),
                score: 0,
                pv: Vec::new(),
                stats,
            };
        }
        let pv: Vec<G::Move> = result.best_move.into_iter().collect();
        let score = self.options.utility.reported(result.value);
        let row = crate::IterationRow {
            depth,
            score,
            nodes: result.counters.result_calls,
            time_us: stats.time_us,
            pv: state.format_line(&pv),
        };
        if let Some(observer) = &limits.observer {
            observer.report(&crate::progress::Progress::Iteration(row.clone()));
        }
        stats.iterations.push(row);
        crate::SearchResult {
            best_move: result.best_move,
            score,
            pv,
            stats,
        }
    }
}
