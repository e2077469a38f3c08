//! Expectimax's transposition table: expected values are fractions, so its entries hold an
//! `f64` and the bound it is, where the alpha-beta engine's table holds whole scores.

/// What an entry's value says about the position's value at its depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this (the search failed low).
    Upper,
}

/// One remembered position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    key: u64,
    /// The value, from the point of view of the player to move there.
    pub value: f64,
    /// Moves to go below the position when it was searched.
    pub depth: u32,
    pub bound: Bound,
    /// The index of the best move in the move list, for ordering; `u16::MAX` for none.
    pub best: u16,
}

/// A fixed-size table, one entry a slot, indexed by the key's low bits; a deeper search (or
/// another position) replaces what a slot held.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValueTable {
    slots: Vec<Option<Entry>>,
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
}

impl ValueTable {
    /// A table of at most `bytes` (rounded down to a power of two of slots; none below one).
    pub fn with_bytes(bytes: usize) -> ValueTable {
        let slot = std::mem::size_of::<Option<Entry>>();
        let wanted = (bytes / slot).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        ValueTable {
            slots: vec![None; count],
            ..ValueTable::default()
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The entry for `key`, if the table holds one.
    pub fn probe(&mut self, key: u64) -> Option<Entry> {
        self.probes += 1;
        let found = self.slots[self.index(key)].filter(|e| e.key == key);
        self.hits += found.is_some() as u64;
        found
    }

    /// Remembers a searched position, unless its slot holds a deeper search of the same one.
    pub fn store(&mut self, key: u64, value: f64, depth: u32, bound: Bound, best: u16) {
        let index = self.index(key);
        if let Some(old) = self.slots[index] {
            if old.key == key && old.depth > depth {
                return;
            }
        }
        self.stores += 1;
        self.slots[index] = Some(Entry {
            key,
            value,
            depth,
            bound,
            best,
        });
    }

    /// The fraction of slots in use, estimated from the first thousand (keys spread
    /// entries evenly, and counting every slot of a big table after each search would cost
    /// more than a small search).
    pub fn fill(&self) -> f64 {
        let sample = &self.slots[..self.slots.len().min(1000)];
        sample.iter().filter(|s| s.is_some()).count() as f64 / sample.len() as f64
    }

    /// Zeroes the probe, hit and store counters.
    pub fn reset_counters(&mut self) {
        (self.probes, self.hits, self.stores) = (0, 0, 0);
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
