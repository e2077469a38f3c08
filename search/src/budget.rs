//! One budget for every search: the node limit, the clock and the stop flag, checked the same
//! way by the alpha-beta engine, the exact solver and MCTS; the [`StopReason`] it gives says
//! which of them ended a search.

use crate::stop::StopReason;
use crate::{Limits, StopFlag};
use std::time::Instant;

/// The node, time and stop-flag budget of one search. The node limit is exact; the clock and
/// the flag cost a system call and an atomic load, so they are looked at every
/// [`Budget::CLOCK_EVERY`] nodes.
///
/// ```
/// use ply_search::{Budget, Limits, StopReason};
/// let mut budget = Budget::new(&Limits::none().with_nodes(3), std::time::Instant::now());
/// assert!(!budget.exhausted(2));
/// assert!(budget.exhausted(3));
/// assert_eq!(budget.stopped(), Some(StopReason::Nodes));
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    node_limit: u64,
    /// The node count at which [`Budget::exhausted`] next looks at anything: the next clock
    /// reading or the node limit, whichever comes first; 0 once stopped (or re-armed), so
    /// that every call looks. One comparison a node, the common case.
    next_check: u64,
    deadline: Option<Instant>,
    stop: Option<StopFlag>,
    stopped: Option<StopReason>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::unlimited()
    }
}

impl Budget {
    /// How often, in nodes, the clock and the stop flag are read (a power of two).
    pub const CLOCK_EVERY: u64 = 1024;

    /// The budget of `limits` for a search started at `start` (depth and iterations are the
    /// algorithms' own business).
    pub fn new(limits: &Limits, start: Instant) -> Budget {
        Budget {
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            next_check: 0,
            deadline: limits.time.map(|t| start + t),
            stop: limits.stop.clone(),
            stopped: None,
        }
    }

    /// No limit at all.
    pub fn unlimited() -> Budget {
        Budget {
            node_limit: u64::MAX,
            next_check: 0,
            deadline: None,
            stop: None,
            stopped: None,
        }
    }

    /// Replaces the deadline (a solve made of many calls shares one).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.next_check = 0;
    }

    /// Replaces the stop flag.
    pub fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
        self.next_check = 0;
    }

    /// Replaces the node limit (`None`: none), seen from the next node on: a search that
    /// gives part of its work a budget of its own (the solver's proof-number leaves).
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes.unwrap_or(u64::MAX);
        self.next_check = 0;
    }

    /// Forgets why the last search stopped, for the next one.
    pub fn rearm(&mut self) {
        self.stopped = None;
        self.next_check = 0;
    }

    /// Whether the search must stop now, after `nodes` nodes: exactly at the node limit, and
    /// at the next clock reading after the deadline or the flag. Once it says yes it keeps
    /// saying yes until [`Budget::rearm`].
    #[inline]
    pub fn exhausted(&mut self, nodes: u64) -> bool {
        nodes >= self.next_check && self.check(nodes)
    }

    /// [`Budget::exhausted`] when something is due: the limit, the clock and the flag.
    #[cold]
    #[inline(never)]
    fn check(&mut self, nodes: u64) -> bool {
        if self.stopped.is_none() {
            if nodes >= self.node_limit {
                self.stopped = Some(StopReason::Nodes);
            } else {
                self.stopped = self.clock_or_flag();
            }
        }
        self.next_check = if self.stopped.is_some() {
            0
        } else {
            // The next multiple of `CLOCK_EVERY`, or the limit if it comes first.
            (nodes | (Self::CLOCK_EVERY - 1))
                .saturating_add(1)
                .min(self.node_limit)
        };
        self.stopped.is_some()
    }

    /// `Time` past the deadline, else `Stop` if the flag is raised, else `None`: the check
    /// behind [`Budget::exhausted`], for searches that count their work in other units (MCTS
    /// iterations).
    pub fn clock_or_flag(&self) -> Option<StopReason> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::Time)
        } else if self.stop.as_ref().is_some_and(StopFlag::is_raised) {
            Some(StopReason::Stop)
        } else {
            None
        }
    }

    /// Why the search stopped, if the budget stopped it.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_node_limit_is_exact_between_clock_readings_and_sticks_until_rearmed() {
        let mut budget = Budget::new(&Limits::none().with_nodes(1500), Instant::now());
        assert!((0..1500).all(|nodes| !budget.exhausted(nodes)));
        assert!(budget.exhausted(1500));
        assert_eq!(budget.stopped(), Some(StopReason::Nodes));
        assert!(budget.exhausted(3), "a stopped budget stays stopped");
        budget.rearm();
        assert!(!budget.exhausted(0));
        assert_eq!(budget.stopped(), None);
    }

    #[test]
    fn the_stop_flag_is_seen_at_the_next_clock_reading() {
        let flag = StopFlag::new();
        let mut limits = Limits::none();
        limits.stop = Some(flag.clone());
        let mut budget = Budget::new(&limits, Instant::now());
        assert!(!budget.exhausted(0));
        flag.stop();
        assert!((1..Budget::CLOCK_EVERY).all(|nodes| !budget.exhausted(nodes)));
        assert!(budget.exhausted(Budget::CLOCK_EVERY));
        assert_eq!(budget.stopped(), Some(StopReason::Stop));
    }

    #[test]
    fn a_deadline_already_past_stops_the_first_node_and_a_new_one_is_read_at_once() {
        let start = Instant::now();
        let mut budget = Budget::new(&Limits::none().with_time(Duration::ZERO), start);
        assert!(budget.exhausted(0));
        assert_eq!(budget.stopped(), Some(StopReason::Time));
        budget.rearm();
        budget.set_deadline(Some(start + Duration::from_secs(3600)));
        assert!(!budget.exhausted(5));
        budget.set_deadline(Some(start));
        assert!(
            budget.exhausted(6),
            "a deadline set mid-count is read at the next node"
        );
    }
}
