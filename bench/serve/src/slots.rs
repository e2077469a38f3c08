//! The server's search slots and caps: at most `max_searches` searches at once (beyond that a
//! request is answered 503 at once, never queued), each on a thread of its own off the async
//! runtime, each stopped at the time cap, when its client goes away, or by the stop button.

use crate::error::ApiError;
use crate::ServeConfig;
use ply_search::StopFlag;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The slots and the live searches a stop request can reach.
pub struct Slots {
    semaphore: Arc<Semaphore>,
    max: usize,
    live: Mutex<HashMap<u64, StopFlag>>,
    next_id: AtomicU64,
    /// A keyed hash with keys drawn from the system at start: live ids are the hashes of a
    /// counter, so a client cannot guess another's id to stop its search.
    ids: RandomState,
}

/// Raises a search's stop flag when dropped: a request future or an event stream dropped
/// because its client went away cancels its search.
pub struct StopOnDrop(pub StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

impl Slots {
    /// `config.max_searches` slots.
    pub fn new(config: &ServeConfig) -> Slots {
        Slots {
            semaphore: Arc::new(Semaphore::new(config.max_searches)),
            max: config.max_searches,
            live: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            ids: RandomState::new(),
        }
    }

    /// A free slot, or a 503.
    pub fn take(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        self.semaphore
            .clone()
            .try_acquire_owned()
            .map_err(|_| ApiError::busy(self.max))
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.max - self.semaphore.available_permits()
    }

    /// Registers a live search's flag under a new id, for [`Slots::stop`]: unpredictable, and
    /// below 2^53 so that a browser's JavaScript number holds it exactly.
    pub fn register(&self, stop: StopFlag) -> u64 {
        let mut live = self.lock();
        loop {
            let count = self.next_id.fetch_add(1, Ordering::Relaxed);
            let id = self.ids.hash_one(count) & ((1 << 53) - 1);
            if id != 0 && !live.contains_key(&id) {
                live.insert(id, stop);
                return id;
            }
        }
    }

    /// Forgets a finished live search.
    pub fn unregister(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Stops live search `id`; false if there is none (finished, or never started).
    pub fn stop(&self, id: u64) -> bool {
        match self.lock().get(&id) {
            Some(flag) => {
                flag.stop();
                true
            }
            None => false,
        }
    }

    /// Stops every live search (the server is shutting down).
    pub fn stop_all(&self) {
        for flag in self.lock().values() {
            flag.stop();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, StopFlag>> {
        // A panic while holding this lock cannot leave the map inconsistent.
        self.live
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
