//! The engine's transposition table: one it owns (a search on one thread), or its handle on
//! the table every thread of a parallel search shares. Either way the engine probes, stores
//! and counts the same, so the search code does not care which.

use crate::score::Score;
use crate::tt::{Bound, Entry, Replacement, SharedTable, TranspositionTable};
use crate::TtStats;
use std::sync::Arc;

/// A table the engine owns, or a share of a parallel search's table with this thread's
/// counters.
pub(crate) enum Table<M: Copy> {
    /// The engine's own table.
    Own(TranspositionTable<M>),
    /// One thread's handle on a shared table.
    Shared {
        /// The table.
        table: Arc<SharedTable<M>>,
        /// Probes, hits and stores of this thread in the current search.
        counters: Counters,
    },
}

/// A thread's table counters.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
}

impl<M: Copy + PartialEq> Table<M> {
    /// A table of `bytes` bytes, shared by threads if `shared`.
    pub fn new(bytes: usize, replacement: Replacement, shared: bool) -> Self {
        if shared {
            Table::Shared {
                table: Arc::new(SharedTable::new(bytes, replacement)),
                counters: Counters::default(),
            }
        } else {
            Table::Own(TranspositionTable::new(bytes, replacement))
        }
    }

    /// Another handle on the same shared table (for a helper thread), with its own counters;
    /// `None` for an owned table.
    pub fn share(&self) -> Option<Table<M>> {
        match self {
            Table::Own(_) => None,
            Table::Shared { table, .. } => Some(Table::Shared {
                table: Arc::clone(table),
                counters: Counters::default(),
            }),
        }
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&mut self, key: u64) -> Option<Entry<M>> {
        match self {
            Table::Own(tt) => tt.probe(key),
            Table::Shared { table, counters } => {
                counters.probes += 1;
                let found = table.probe(key);
                counters.hits += found.is_some() as u64;
                found
            }
        }
    }

    /// Stores a result searched to `depth` at `ply` plies from the root.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        best_move: Option<M>,
        score: Score,
        bound: Bound,
        depth: u32,
        ply: u32,
    ) {
        match self {
            Table::Own(tt) => tt.store(key, best_move, score, bound, depth, ply),
            Table::Shared { table, counters } => {
                counters.stores += 1;
                table.store(key, best_move, score, bound, depth, ply);
            }
        }
    }

    /// Starts loading `key`'s bucket into the cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        match self {
            Table::Own(tt) => tt.prefetch(key),
            Table::Shared { table, .. } => table.prefetch(key),
        }
    }

    /// Starts a new search: a new generation (for a shared table, call it from one thread,
    /// before the helpers start), fresh counters.
    pub fn new_search(&mut self) {
        match self {
            Table::Own(tt) => tt.new_search(),
            Table::Shared { table, counters } => {
                table.new_search();
                *counters = Counters::default();
            }
        }
    }

    /// Empties the table. A shared table is emptied only when no helper holds it (between
    /// searches, as the engine calls it).
    pub fn clear(&mut self) {
        match self {
            Table::Own(tt) => tt.clear(),
            Table::Shared { table, .. } => {
                if let Some(table) = Arc::get_mut(table) {
                    table.clear();
                }
            }
        }
    }

    /// This thread's counters of the current search.
    pub fn counters(&self) -> Counters {
        match self {
            Table::Own(tt) => Counters {
                probes: tt.probes,
                hits: tt.hits,
                stores: tt.stores,
            },
            Table::Shared { counters, .. } => *counters,
        }
    }

    /// The report of a search: `counters` (summed over its threads), its table cutoffs, and
    /// the table's fill.
    pub fn stats(&self, counters: Counters, cutoffs: u64) -> TtStats {
        let fill = match self {
            Table::Own(tt) => tt.fill(),
            Table::Shared { table, .. } => table.fill(),
        };
        TtStats {
            probes: counters.probes,
            hits: counters.hits,
            cutoffs,
            stores: counters.stores,
            fill,
        }
    }
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, other: Counters) {
        self.probes += other.probes;
        self.hits += other.hits;
        self.stores += other.stores;
    }
}
