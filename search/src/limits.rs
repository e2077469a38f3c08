//! Limits: when a search must stop.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A flag shared with a running search; raising it makes the search stop soon and return the
/// best move found so far. Clones share the same flag.
///
/// ```
/// use ply_search::StopFlag;
/// let flag = StopFlag::new();
/// let seen_by_search = flag.clone();
/// flag.stop();
/// assert!(seen_by_search.is_raised());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    own: Arc<AtomicBool>,
    /// The flag this one was linked to ([`StopFlag::linked`]), if any.
    parent: Option<Box<StopFlag>>,
}

impl StopFlag {
    /// A lowered flag.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// A new flag that reads raised when it is stopped itself or when `self` is: a part of a
    /// job (one reply of a solve) that can be called off alone, and still stops with the
    /// whole.
    ///
    /// ```
    /// use ply_search::StopFlag;
    /// let whole = StopFlag::new();
    /// let part = whole.linked();
    /// part.stop();
    /// assert!(part.is_raised() && !whole.is_raised());
    /// let other = whole.linked();
    /// whole.stop();
    /// assert!(other.is_raised());
    /// ```
    pub fn linked(&self) -> StopFlag {
        StopFlag {
            own: Arc::new(AtomicBool::new(false)),
            parent: Some(Box::new(self.clone())),
        }
    }

    /// Asks every search holding this flag to stop.
    pub fn stop(&self) {
        self.own.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopFlag::stop`] was called (on this flag, or on the one it is linked to).
    #[inline]
    pub fn is_raised(&self) -> bool {
        self.own.load(Ordering::Relaxed)
            || self
                .parent
                .as_ref()
                .is_some_and(|parent| parent.is_raised())
    }
}

/// The budget of one search. Every limit is optional; the first one reached ends the search.
/// A search with no limit at all runs to its natural end (a full solve, for a small game).
///
/// ```
/// use ply_search::Limits;
/// use std::time::Duration;
/// let limits = Limits::depth(6).with_time(Duration::from_millis(150));
/// assert_eq!(limits.depth, Some(6));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum search depth in plies (alpha-beta: the last iteration's depth).
    pub depth: Option<u32>,
    /// Maximum nodes visited; exact for single-threaded searches.
    pub nodes: Option<u64>,
    /// Wall-clock budget.
    pub time: Option<Duration>,
    /// Maximum MCTS iterations.
    pub iterations: Option<u64>,
    /// An external stop request.
    pub stop: Option<StopFlag>,
    /// A listener for live reports of the search (not a limit: it never stops a search).
    pub observer: Option<crate::progress::Observer>,
}

impl Limits {
    /// No limits.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// A depth limit only.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Whether any limit is set (a node, time or iteration limit, or a stop flag); the depth
    /// is not a budget, and an observer never stops a search.
    pub fn is_limited(&self) -> bool {
        self.nodes.is_some()
            || self.time.is_some()
            || self.iterations.is_some()
            || self.stop.is_some()
    }

    /// Adds a listener for live reports (see [`crate::progress`]).
    pub fn with_observer(mut self, observer: crate::progress::Observer) -> Limits {
        self.observer = Some(observer);
        self
    }

    /// Adds a depth limit.
    pub fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    /// Adds a node limit.
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// Adds a time limit.
    pub fn with_time(mut self, time: Duration) -> Limits {
        self.time = Some(time);
        self
    }

    /// Adds an MCTS iteration limit.
    pub fn with_iterations(mut self, iterations: u64) -> Limits {
        self.iterations = Some(iterations);
        self
    }

    /// Adds an external stop flag.
    pub fn with_stop(mut self, stop: StopFlag) -> Limits {
        self.stop = Some(stop);
        self
    }
}
