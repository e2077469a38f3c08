//! The clock of a move: the time the agent had, which is the wall time less the time the
//! operating system kept the game's thread waiting for a core. On a loaded machine (two games
//! on two cores, and a compiler beside them) a search that stops at its deadline can be kept
//! off the core for a scheduler slice, 3 to 4 ms, just before it returns; that wait is the
//! machine's, not the agent's, and a move is not lost on time for it.
//!
//! The wait comes from `/proc/thread-self/schedstat` (Linux); elsewhere the clock is the wall
//! clock. Time the agent spends on purpose off the core (a program over a pipe computing in
//! its own process, a sleep) still counts.

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
        let waited_before = run_queue_wait_ns();
        MoveClock {
            started: Instant::now(),
            waited_before,
        }
    }

    /// The agent's time so far: the wall time less the thread's wait for a core.
    pub fn elapsed(&self) -> Duration {
        let wall = self.started.elapsed();
        let waited = match (self.waited_before, run_queue_wait_ns()) {
            (Some(before), Some(now)) => Duration::from_nanos(now.saturating_sub(before)),
            _ => Duration::ZERO,
        };
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

    #[test]
    fn a_thread_kept_waiting_is_not_charged_for_the_wait() {
        if run_queue_wait_ns().is_none() {
            return; // no schedstat here: the wall clock, checked below anyway
        }
        // Four busy threads per core: the measured one waits for a core most of the time.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let load: Vec<_> = (0..4 * cores)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            })
            .collect();
        let clock = MoveClock::start();
        let wall = Instant::now();
        while wall.elapsed() < Duration::from_millis(200) {
            std::hint::spin_loop();
        }
        let (charged, wall) = (clock.elapsed(), wall.elapsed());
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for thread in load {
            thread.join().unwrap();
        }
        assert!(charged < wall.mul_f64(0.8), "{charged:?} of {wall:?}");
        assert!(charged > Duration::ZERO);
    }

    #[test]
    fn a_sleep_is_charged() {
        let clock = MoveClock::start();
        std::thread::sleep(Duration::from_millis(30));
        assert!(clock.elapsed() >= Duration::from_millis(30));
    }
}
