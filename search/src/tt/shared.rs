//! The transposition table of a parallel search: one table that every thread of the search
//! probes and fills at once (Lazy SMP shares nothing else). Its lines, bucket layout and
//! replacement are the owned table's; each line is read and written under a spin lock, one of
//! 65,536 locks striped over the lines, so an entry is never read half written. With a few
//! threads two of them almost never want the same stripe at once, and a probe costs one
//! uncontended atomic operation more than the owned table's.

use super::{fill_of, find, prefetch_line, write, Bound, Entry, Layout, Line, Replacement, Stored};
use super::{ZeroedLines, GENERATIONS};
use crate::score::Score;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// How many locks the lines share (a power of two).
const LOCKS: usize = 1 << 16;

/// A transposition table that several threads use at once through `&self`.
pub struct SharedTable<M: Copy> {
    /// Owns the memory; after construction it is only reached through `base`.
    _memory: ZeroedLines<M>,
    /// The first line.
    base: *mut Line<M>,
    count: usize,
    locks: Box<[AtomicBool]>,
    layout: Layout,
    generation: AtomicU8,
}

// SAFETY: the lines behind `base` belong to the table (`_memory` owns them and never moves
// them), and every access to a line holds that line's lock, so threads never touch the same
// line at once; entries hold plain data and moves, which are `Send`.
#[allow(unsafe_code)]
unsafe impl<M: Copy + Send> Send for SharedTable<M> {}
// SAFETY: as for `Send`: all shared access goes through the locks.
#[allow(unsafe_code)]
unsafe impl<M: Copy + Send> Sync for SharedTable<M> {}

impl<M: Copy + PartialEq> SharedTable<M> {
    /// A shared table of about `bytes` bytes, taken zeroed like [`super::TranspositionTable`]'s.
    pub fn new(bytes: usize, replacement: Replacement) -> Self {
        let count = (bytes / std::mem::size_of::<Line<M>>()).max(1);
        let mut memory = ZeroedLines::new(count);
        let base = memory.as_mut_ptr();
        SharedTable {
            _memory: memory,
            base,
            count,
            locks: (0..LOCKS).map(|_| AtomicBool::new(false)).collect(),
            layout: Layout::new(count, replacement),
            generation: AtomicU8::new(0),
        }
    }

    /// The bytes the entries occupy.
    pub fn bytes(&self) -> usize {
        self.count * std::mem::size_of::<Line<M>>()
    }

    /// Runs `f` on line `index` with the line's lock held.
    #[inline]
    #[allow(unsafe_code)]
    fn with_line<R>(&self, index: usize, f: impl FnOnce(&mut Line<M>) -> R) -> R {
        debug_assert!(index < self.count);
        let lock = &self.locks[index & (LOCKS - 1)];
        while lock
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            while lock.load(Ordering::Relaxed) {
                std::hint::spin_loop();
            }
        }
        // SAFETY: `index` is below `count` (it comes from `Layout::locate`), so the line lies
        // inside the memory `_memory` owns; the lock, held until after `f` returns, makes this
        // the only reference to the line; `f` (a find or a write of plain data) cannot panic.
        let result = f(unsafe { &mut *self.base.add(index) });
        lock.store(false, Ordering::Release);
        result
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let (line, first) = self.layout.locate(key);
        let slots = self.layout.slots;
        self.with_line(line, |line| find(&line.0[first..first + slots], key))
    }

    /// Stores a result searched to `depth` at `ply` plies from the root.
    pub fn store(
        &self,
        key: u64,
        best_move: Option<M>,
        score: Score,
        bound: Bound,
        depth: u32,
        ply: u32,
    ) {
        let (line, first) = self.layout.locate(key);
        let Layout {
            slots, replacement, ..
        } = self.layout;
        let generation = self.generation.load(Ordering::Relaxed);
        let result = Stored {
            key,
            best_move,
            score,
            bound,
            depth,
            ply,
        };
        self.with_line(line, |line| {
            write(
                &mut line.0[first..first + slots],
                replacement,
                generation,
                result,
            )
        });
    }

    /// Asks the CPU to start loading `key`'s bucket.
    #[inline]
    #[allow(unsafe_code)]
    pub fn prefetch(&self, key: u64) {
        let (line, _) = self.layout.locate(key);
        // SAFETY: `line` is below `count`, so the address lies inside the table; a prefetch
        // reads nothing and writes nothing.
        prefetch_line(unsafe { &*self.base.add(line).cast::<u8>() });
    }

    /// Starts a new search: a new generation (called between searches, by one thread).
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for index in 0..self.count {
            self.with_line(index, |line| *line = Line([Entry::EMPTY; 4]));
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// The share of entries filled by the current search (sampled over up to 4,000 entries).
    pub fn fill(&self) -> f64 {
        let lines = (0..self.count.min(1000)).map(|i| self.with_line(i, |line| *line));
        fill_of(lines, self.generation.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Threads storing and probing at once find every entry whole: a key always comes with
    /// the score and move stored with it, never half of another thread's entry.
    #[test]
    fn threads_never_see_a_torn_entry() {
        let table: SharedTable<u32> = SharedTable::new(1 << 12, Replacement::Bucket);
        table.new_search();
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..50_000u64 {
                        // A key's score and move are functions of the key, so a torn
                        // entry (a key with another key's payload) would show.
                        let key = (i % 300 + 1) * 0x9E37_79B9 + thread;
                        table.store(
                            key,
                            Some(key as u32),
                            (key % 1000) as Score,
                            Bound::Exact,
                            3,
                            0,
                        );
                        let probe = (i * 7 % 300 + 1) * 0x9E37_79B9 + (thread + 1) % 4;
                        if let Some(entry) = table.probe(probe) {
                            assert_eq!(entry.best_move(), Some(probe as u32));
                            assert_eq!(entry.score_at(0), ((probe % 1000) as Score, Bound::Exact));
                        }
                    }
                });
            }
        });
        assert!(table.fill() > 0.0);
    }

    #[test]
    fn finds_what_it_stored_and_forgets_it_when_cleared() {
        for replacement in Replacement::ALL {
            let mut table: SharedTable<u8> = SharedTable::new(1 << 10, replacement);
            table.new_search();
            table.store(42, Some(7), -5, Bound::Upper, 4, 0);
            let entry = table.probe(42).expect("just stored");
            assert_eq!(
                (entry.best_move(), entry.score_at(0)),
                (Some(7), (-5, Bound::Upper))
            );
            table.clear();
            assert!(table.probe(42).is_none());
        }
    }
}
