//! Agents written in Python, watched while they think. A Python function runs on one of ply's
//! worker threads with the GIL; if it never returns, nothing in Rust can take the thread back.
//! What can stop it is an exception raised inside it: the thread that waits for Ctrl-C raises
//! `KeyboardInterrupt` in every call under way, and `TimeoutError` in a call that has run past
//! its move time and tolerance (the move is lost already), until the call returns.
//!
//! An exception reaches Python code at its next bytecode: a call blocked inside C (a long
//! `time.sleep`, a socket read) is stopped when that returns.

use pyo3::exceptions::{PyKeyboardInterrupt, PyTimeoutError};
use pyo3::prelude::*;
use pyo3::{ffi, PyTypeInfo};
use std::os::raw::c_long;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Why the watch stopped a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stopped {
    /// It ran past its deadline.
    Overtime,
    /// Ctrl-C: the whole run is stopping.
    Interrupted,
}

/// One call under way.
struct Call {
    id: u64,
    /// The thread running it, as Python's `threading.get_ident()` names it.
    thread: c_long,
    deadline: Option<Instant>,
    stopped: Option<Stopped>,
}

/// The Python calls of one run (a tournament) that the waiting thread may stop.
#[derive(Default)]
pub(crate) struct CallWatch {
    calls: Mutex<Vec<Call>>,
    interrupted: AtomicBool,
    next_id: AtomicU64,
}

/// A call registered with [`CallWatch::enter`]; [`CallWatch::leave`] ends it.
pub(crate) struct Watched(u64);

impl CallWatch {
    /// Whether Ctrl-C has stopped the run: no new call should start.
    pub(crate) fn is_interrupted(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }

    /// Registers a call about to run on this thread, to be stopped after `deadline`.
    pub(crate) fn enter(&self, py: Python<'_>, deadline: Option<Instant>) -> PyResult<Watched> {
        let thread: c_long = py
            .import("threading")?
            .call_method0("get_ident")?
            // The ident is an unsigned long; the C function takes the same bits as a long.
            .extract::<u64>()? as c_long;
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.lock().push(Call {
            id,
            thread,
            deadline,
            stopped: None,
        });
        Ok(Watched(id))
    }

    /// Ends a call (call it as soon as the Python function returns, with the GIL still held);
    /// says whether the watch stopped it. An exception raised just as the call returned, not
    /// yet delivered, is withdrawn, so it cannot fire later in other code on this thread.
    pub(crate) fn leave(&self, _py: Python<'_>, call: Watched) -> Option<Stopped> {
        let mut calls = self.lock();
        let index = calls.iter().position(|c| c.id == call.0)?;
        let ended = calls.swap_remove(index);
        if ended.stopped.is_some() {
            // A null exception clears the thread's pending one.
            raise_in(_py, ended.thread, std::ptr::null_mut());
        }
        ended.stopped
    }

    /// Stops every call past its deadline (called by the waiting thread every few
    /// milliseconds: an agent that catches the exception gets it again).
    pub(crate) fn stop_overtime(&self, py: Python<'_>) {
        let now = Instant::now();
        for call in self.lock().iter_mut() {
            if call.deadline.is_some_and(|d| now >= d) && call.stopped != Some(Stopped::Interrupted)
            {
                call.stopped = Some(Stopped::Overtime);
                raise_in(py, call.thread, PyTimeoutError::type_object(py).as_ptr());
            }
        }
    }

    /// Ctrl-C: stops every call under way, and every call that starts after.
    pub(crate) fn interrupt(&self, py: Python<'_>) {
        self.interrupted.store(true, Ordering::SeqCst);
        for call in self.lock().iter_mut() {
            call.stopped = Some(Stopped::Interrupted);
            raise_in(
                py,
                call.thread,
                PyKeyboardInterrupt::type_object(py).as_ptr(),
            );
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Call>> {
        self.calls
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Raises the exception class `exception` in the Python thread `thread` at its next bytecode
/// (null: withdraws the one pending). CPython's API has no other way to stop another thread's
/// code, and PyO3 no safe binding of this one; it is part of the stable ABI the wheel targets.
#[allow(unsafe_code)]
fn raise_in(_py: Python<'_>, thread: c_long, exception: *mut ffi::PyObject) {
    // SAFETY: the GIL is held (`_py`) and `exception` is a live class object.
    unsafe { ffi::PyThreadState_SetAsyncExc(thread, exception) };
}
