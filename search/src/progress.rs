//! Live reports from a running search, for front ends that show the engine thinking (the web
//! page's live view): alpha-beta reports each finished iteration, MCTS its root every
//! [`MCTS_REPORT_EVERY`]. Reports cost nothing when no one listens, and one call per iteration
//! (or per interval) when someone does: never a call per node.
//!
//! ```
//! use ply_search::progress::{Observer, Progress};
//! use ply_search::{tree::Tree, Limits, Searcher, engine::{Engine, EngineOptions}, Zero};
//! use std::sync::{Arc, Mutex};
//! let seen = Arc::new(Mutex::new(Vec::new()));
//! let log = seen.clone();
//! let observer = Observer::new(move |p: &Progress| {
//!     if let Progress::Iteration(row) = p { log.lock().unwrap().push(row.depth) }
//! });
//! let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! let mut engine = Engine::new(Zero, EngineOptions::default());
//! engine.search(&tree, &Limits::depth(2).with_observer(observer));
//! assert_eq!(*seen.lock().unwrap(), vec![1, 2]);
//! ```

use crate::stats::{IterationRow, RootChild};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// How often MCTS reports its root while it searches.
pub const MCTS_REPORT_EVERY: Duration = Duration::from_millis(100);

/// One report of a running search.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// An iteration of an iterative-deepening search finished (alpha-beta, and the course
    /// searches' single iteration).
    Iteration(IterationRow),
    /// MCTS's root statistics so far (of the reporting thread's tree, when each thread has
    /// its own).
    Root {
        /// Iterations of all threads so far.
        iterations: u64,
        /// Time since the search started, in microseconds.
        time_us: u64,
        /// Each root move's visits and mean reward, in move order.
        children: Vec<RootChild>,
    },
}

/// A listener for [`Progress`] reports, shared by a search's threads. Set it with
/// [`crate::Limits::with_observer`] or [`crate::Agent::set_observer`].
#[derive(Clone)]
pub struct Observer(Arc<dyn Fn(&Progress) + Send + Sync>);

impl Observer {
    /// An observer that calls `f` with each report, on the searching thread.
    pub fn new(f: impl Fn(&Progress) + Send + Sync + 'static) -> Observer {
        Observer(Arc::new(f))
    }

    /// Hands `progress` to the listener.
    pub fn report(&self, progress: &Progress) {
        (self.0)(progress)
    }
}

impl fmt::Debug for Observer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Observer")
    }
}
