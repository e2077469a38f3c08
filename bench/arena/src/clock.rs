//! The clock of a move: the time the agent had, which is the wall time less the time the
//! operating system kept the game's thread waiting for a core. On a loaded machine (two games
//! on two cores, and a compiler beside them) a search that stops at its deadline can be kept
//! off the core for a scheduler slice, 3 to 4 ms, just before it returns; that wait is the
//! machine's, not the agent's, and a move is not lost on time for it.
//!
//! The wait comes from `/proc/thread-self/schedstat` (Linux); elsewhere the clock is the wall
//! clock. Time the agent spends on purpose off the core (a program over a pipe computing in
//! its own process, a sleep) still counts, though on a loaded machine a sleep was seen charged
//! a little less than its length (the likely cause: a thread preempted after arming its
//! sleep's timer waits on the run queue while the sleep runs down, and that wait is forgiven).

use std::time::{Duration, Instant};

/// A running clock of one move.
#[derive(Clone, Copy, Debug)]
pub struct MoveClock {
    started: Instant,
    waited_before: Option<u64>,
}

impl MoveClock {
    /// Starts the clock on the calling thread (the thread the move is chosen on).
    pub fn start() -> MoveClock {
        // The wall clock starts before the wait is read, and `elapsed` reads the wait before
        // the wall clock: a wait that falls between the two reads is then inside the wall
        // interval, so the clock can charge a little more than the agent's time, never less.
        let started = Instant::now();
        MoveClock {
            started,
            waited_before: run_queue_wait_ns(),
        }
    }

    /// The agent's time so far: the wall time less the thread's wait for a core.
    pub fn elapsed(&self) -> Duration {
        let waited = match (self.waited_before, run_queue_wait_ns()) {
            (Some(before), Some(now)) => Duration::from_nanos(now.saturating_sub(before)),
            _ => Duration::ZERO,
        };
        let wall = self.started.elapsed();
        wall.saturating_sub(waited)
    }
}

/// Nanoseconds the calling thread has spent runnable but waiting for a core (the second field
/// of `/proc/thread-self/schedstat`), if the system says.
fn run_queue_wait_ns() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        text.split_whitespace().nth(1)?.parse().ok()
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};

    /// The busy threads of one test would keep the other test's thread off the cores too.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

    /// Runs `work` while four busy threads per core compete with it for the cores.
    fn under_load<T>(work: impl FnOnce() -> T) -> T {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let stop = Arc::new(AtomicBool::new(false));
        let load: Vec<_> = (0..4 * cores)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            })
            .collect();
        let result = work();
        stop.store(true, Ordering::Relaxed);
        for thread in load {
            thread.join().unwrap();
        }
        result
    }

    #[test]
    fn a_thread_kept_waiting_is_not_charged_for_the_wait() {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        if run_queue_wait_ns().is_none() {
            return; // no schedstat here: the wall clock, checked below anyway
        }
        let (charged, wall) = under_load(|| {
            let clock = MoveClock::start();
            let wall = Instant::now();
            while wall.elapsed() < Duration::from_millis(200) {
                std::hint::spin_loop();
            }
            (clock.elapsed(), wall.elapsed())
        });
        assert!(charged < wall.mul_f64(0.8), "{charged:?} of {wall:?}");
        assert!(charged > Duration::ZERO);
    }

    #[test]
    fn a_sleep_on_a_quiet_machine_is_charged() {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let nap = Duration::from_millis(30);
        let clock = MoveClock::start();
        std::thread::sleep(nap);
        let charged = clock.elapsed();
        assert!(charged >= nap, "a {nap:?} sleep charged {charged:?}");
    }
}
