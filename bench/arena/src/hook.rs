//! Agents' panics are forfeits, not messages on stderr in the middle of a results table. While
//! a [`QuietAgentPanics`] guard lives, the panic hook stays silent for panics raised inside an
//! agent's move and passes every other panic to the hook that was there before; dropping the
//! guard puts that hook back, whatever it was (the caller's own included).

use std::cell::Cell;
use std::panic::PanicHookInfo;
use std::sync::{Arc, Mutex};

type Hook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

thread_local! {
    /// Whether this thread is inside an agent's move.
    static IN_AGENT: Cell<bool> = const { Cell::new(false) };
}

/// Serialises installing and restoring, so that two tournaments at once restore in order.
static INSTALL: Mutex<()> = Mutex::new(());

/// Runs `f` (an agent's move) marked as inside an agent, so that its panic is quiet.
pub fn in_agent<R>(f: impl FnOnce() -> R) -> R {
    /// Lowers the flag when the move ends, by returning or by unwinding (after the hook ran).
    struct Lower;
    impl Drop for Lower {
        fn drop(&mut self) {
            IN_AGENT.with(|flag| flag.set(false));
        }
    }
    IN_AGENT.with(|flag| flag.set(true));
    let _lower = Lower;
    f()
}

/// The guard: silences agents' panics until dropped.
pub struct QuietAgentPanics {
    previous: Option<Arc<Hook>>,
}

impl QuietAgentPanics {
    /// Installs the quiet hook over the current one.
    pub fn install() -> QuietAgentPanics {
        let _lock = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
        let previous: Arc<Hook> = Arc::new(std::panic::take_hook());
        let forward = Arc::clone(&previous);
        std::panic::set_hook(Box::new(move |info| {
            if !IN_AGENT.with(Cell::get) {
                forward(info);
            }
        }));
        QuietAgentPanics {
            previous: Some(previous),
        }
    }
}

impl Drop for QuietAgentPanics {
    fn drop(&mut self) {
        let _lock = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
        // Dropping our hook releases its handle on the previous one.
        drop(std::panic::take_hook());
        if let Some(previous) = self.previous.take() {
            match Arc::try_unwrap(previous) {
                Ok(hook) => std::panic::set_hook(hook),
                Err(shared) => std::panic::set_hook(Box::new(move |info| shared(info))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static SEEN: AtomicUsize = AtomicUsize::new(0);

    #[test]
    fn the_callers_hook_is_back_after_the_guard_and_agent_panics_are_quiet() {
        std::panic::set_hook(Box::new(|_| {
            SEEN.fetch_add(1, Ordering::SeqCst);
        }));
        {
            let _guard = QuietAgentPanics::install();
            let _ = std::panic::catch_unwind(|| in_agent(|| panic!("an agent's bug")));
            assert_eq!(SEEN.load(Ordering::SeqCst), 0, "agent panics are quiet");
            let _ = std::panic::catch_unwind(|| panic!("not an agent"));
            assert_eq!(
                SEEN.load(Ordering::SeqCst),
                1,
                "other panics reach the caller's hook"
            );
        }
        let _ = std::panic::catch_unwind(|| panic!("after the tournament"));
        assert_eq!(
            SEEN.load(Ordering::SeqCst),
            2,
            "the caller's hook is restored"
        );
        drop(std::panic::take_hook());
    }
}
