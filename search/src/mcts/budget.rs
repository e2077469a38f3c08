//! The budget the threads of one search share.

use super::*;

/// The budget shared by the threads of one search: the iteration and node totals over all
/// threads (exact), and the common [`crate::Budget`]'s clock and stop flag, read every 64
/// iterations (an iteration is a walk and a playout: tens of nodes).
pub(super) struct SharedBudget {
    pub(super) iterations: Option<u64>,
    pub(super) nodes: Option<u64>,
    pub(super) clock: crate::Budget,
    pub(super) done_iterations: AtomicU64,
    pub(super) done_nodes: AtomicU64,
    /// Set by the thread that found a reason for all to stop (time, stop flag, proven root).
    pub(super) halted: OnceLock<StopReason>,
    /// The listener for live reports, and when the last one went out (microseconds since
    /// `start`): one thread reports per [`crate::progress::MCTS_REPORT_EVERY`].
    pub(super) observer: Option<crate::progress::Observer>,
    pub(super) last_report_us: AtomicU64,
    pub(super) start: Instant,
}

impl SharedBudget {
    pub(super) fn new(limits: &Limits, start: Instant) -> SharedBudget {
        let mut iterations = limits.iterations;
        if iterations.is_none()
            && limits.time.is_none()
            && limits.nodes.is_none()
            && limits.stop.is_none()
        {
            iterations = Some(DEFAULT_ITERATIONS);
        }
        SharedBudget {
            iterations,
            nodes: limits.nodes,
            clock: crate::Budget::new(limits, start),
            done_iterations: AtomicU64::new(0),
            done_nodes: AtomicU64::new(0),
            halted: OnceLock::new(),
            observer: limits.observer.clone(),
            last_report_us: AtomicU64::new(0),
            start,
        }
    }

    /// Whether the calling thread should report now (an observer listens, and the interval
    /// since the last report has passed); claims the report so that no other thread does.
    pub(super) fn report_due(&self) -> bool {
        if self.observer.is_none() {
            return false;
        }
        let now = self.start.elapsed().as_micros() as u64;
        let last = self.last_report_us.load(Ordering::Relaxed);
        now >= last + crate::progress::MCTS_REPORT_EVERY.as_micros() as u64
            && self
                .last_report_us
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }

    /// Stops every thread for `reason` (the first reason given wins).
    pub(super) fn halt(&self, reason: StopReason) -> StopReason {
        *self.halted.get_or_init(|| reason)
    }

    /// Claims the next iteration for a thread, or says why to stop.
    pub(super) fn claim(&self) -> Result<(), StopReason> {
        if let Some(&reason) = self.halted.get() {
            return Err(reason);
        }
        let iteration = self.done_iterations.fetch_add(1, Ordering::Relaxed);
        if self.iterations.is_some_and(|n| iteration >= n) {
            return Err(StopReason::Iterations);
        }
        if self
            .nodes
            .is_some_and(|n| self.done_nodes.load(Ordering::Relaxed) >= n)
        {
            return Err(StopReason::Nodes);
        }
        if iteration.is_multiple_of(64) {
            if let Some(reason) = self.clock.clock_or_flag() {
                return Err(self.halt(reason));
            }
        }
        Ok(())
    }
}
