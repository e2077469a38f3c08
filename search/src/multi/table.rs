//! Max^n's transposition table: a node is worth a vector of values, so an entry holds one
//! value a player, exact and for one depth.

use super::Values;
use crate::score::{relative_to_node, relative_to_root};

/// One remembered position: its values at one depth, decisive ones counted from the position.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    depth: u32,
    values: Values,
}

/// A fixed-size table, one entry a slot, indexed by the key's low bits; the latest search of a
/// slot replaces what it held.
#[derive(Clone, Debug, Default)]
pub(super) struct VectorTable {
    slots: Vec<Option<Entry>>,
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
}

impl VectorTable {
    /// A table of at most `bytes` (rounded down to a power of two of slots; one at least).
    pub fn with_bytes(bytes: usize) -> VectorTable {
        let wanted = (bytes / std::mem::size_of::<Option<Entry>>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        VectorTable {
            slots: vec![None; count],
            ..VectorTable::default()
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The values of the position `key` searched to exactly `depth` plies, seen `ply` plies
    /// below the root. Only the same depth answers: a deeper search could have made another
    /// player choose differently, and max^n's vector would then not be the one this depth gives.
    pub fn probe(&mut self, key: u64, depth: u32, ply: u32) -> Option<Values> {
        self.probes += 1;
        let entry = self.slots[self.index(key)].filter(|e| e.key == key && e.depth == depth)?;
        self.hits += 1;
        Some(entry.values.map(|v| relative_to_root(v, ply)))
    }

    /// Remembers the exact values of the position `key` at `depth`, `ply` plies below the root.
    pub fn store(&mut self, key: u64, depth: u32, ply: u32, values: &Values) {
        self.stores += 1;
        let index = self.index(key);
        self.slots[index] = Some(Entry {
            key,
            depth,
            values: values.map(|v| relative_to_node(v, ply)),
        });
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|slot| *slot = None);
    }

    /// The share of slots in use, for the statistics.
    pub fn fill(&self) -> f64 {
        self.slots.iter().filter(|s| s.is_some()).count() as f64 / self.slots.len() as f64
    }
}
