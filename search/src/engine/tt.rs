//! The transposition table: a fixed-size cache of search results keyed by position.

use crate::score::{Score, MAX_EVAL};
use serde::Serialize;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// How a full bucket chooses the entry to overwrite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Replacement {
    /// One entry per slot, always overwritten.
    Always,
    /// One entry per slot, overwritten by a search at least as deep, or when it is from an older
    /// search.
    DepthPreferred,
    /// Two entries per slot: a depth-preferred one and an always-replaced one.
    TwoTier,
    /// Four entries per slot; the shallowest, oldest one is overwritten.
    Bucket,
}

impl Replacement {
    /// The names used in agent specs.
    pub const NAMES: [&'static str; 4] = ["always", "depth", "two-tier", "bucket"];
    /// Every scheme, in the order of [`Replacement::NAMES`].
    pub const ALL: [Replacement; 4] = [
        Replacement::Always,
        Replacement::DepthPreferred,
        Replacement::TwoTier,
        Replacement::Bucket,
    ];

    fn slots(self) -> usize {
        match self {
            Replacement::Always | Replacement::DepthPreferred => 1,
            Replacement::TwoTier => 2,
            Replacement::Bucket => 4,
        }
    }
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    key: u64,
    /// The best (or refuting) move found, tried first next time.
    pub best_move: Option<M>,
    score: Score,
    /// The remaining depth the result was searched to.
    pub depth: u8,
    /// What `score` means; `None` marks an empty entry.
    bound: Option<Bound>,
    generation: u8,
}

impl<M> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        key: 0,
        best_move: None,
        score: 0,
        depth: 0,
        bound: None,
        generation: 0,
    };

    /// The stored score, re-read as seen `ply` plies from the root, and its bound.
    pub fn score_at(&self, ply: u32) -> (Score, Bound) {
        (
            from_table(self.score, ply),
            self.bound.unwrap_or(Bound::Exact),
        )
    }
}

/// Decisive scores are stored relative to the node ("win in n from here") and read back
/// relative to the root, so an entry is right wherever the position recurs.
fn to_table(score: Score, ply: u32) -> Score {
    if score > MAX_EVAL {
        score + ply as Score
    } else if score < -MAX_EVAL {
        score - ply as Score
    } else {
        score
    }
}

fn from_table(score: Score, ply: u32) -> Score {
    if score > MAX_EVAL {
        score - ply as Score
    } else if score < -MAX_EVAL {
        score + ply as Score
    } else {
        score
    }
}

/// A fixed-size transposition table with a choice of [`Replacement`] scheme and aging: each
/// search starts a new generation, and entries of older generations are replaced first.
pub struct TranspositionTable<M> {
    entries: Vec<Entry<M>>,
    slots: usize,
    buckets: usize,
    replacement: Replacement,
    generation: u8,
    /// Counters of the current search.
    pub probes: u64,
    /// Probes that found the position.
    pub hits: u64,
    /// Stores.
    pub stores: u64,
}

impl<M: Copy + PartialEq> TranspositionTable<M> {
    /// A table of about `bytes` bytes (at least one bucket).
    pub fn new(bytes: usize, replacement: Replacement) -> Self {
        let slots = replacement.slots();
        let entry = std::mem::size_of::<Entry<M>>().max(1);
        let buckets = (bytes / (entry * slots)).max(1);
        TranspositionTable {
            entries: vec![Entry::EMPTY; buckets * slots],
            slots,
            buckets,
            replacement,
            generation: 0,
            probes: 0,
            hits: 0,
            stores: 0,
        }
    }

    /// The bytes the entries occupy.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry<M>>()
    }

    /// Starts a new search: a new generation, fresh counters.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        self.probes = 0;
        self.hits = 0;
        self.stores = 0;
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    #[inline]
    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let b = ((key as u128 * self.buckets as u128) >> 64) as usize;
        b * self.slots..(b + 1) * self.slots
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&mut self, key: u64) -> Option<Entry<M>> {
        self.probes += 1;
        let range = self.bucket(key);
        let found = self.entries[range]
            .iter()
            .find(|e| e.bound.is_some() && e.key == key)
            .copied();
        if found.is_some() {
            self.hits += 1;
        }
        found
    }

    /// Stores a result searched to `depth` at `ply` plies from the root.
    pub fn store(
        &mut self,
        key: u64,
        best_move: Option<M>,
        score: Score,
        bound: Bound,
        depth: u32,
        ply: u32,
    ) {
        self.stores += 1;
        let generation = self.generation;
        let replacement = self.replacement;
        let range = self.bucket(key);
        let bucket = &mut self.entries[range];
        let new = Entry {
            key,
            best_move,
            score: to_table(score, ply),
            depth: depth.min(255) as u8,
            bound: Some(bound),
            generation,
        };
        // Keep the old best move when the new result has none (an all-node).
        let keep_move = |old: &Entry<M>| {
            if new.best_move.is_none() && old.key == key {
                old.best_move
            } else {
                new.best_move
            }
        };
        let slot = match replacement {
            Replacement::Always => 0,
            Replacement::DepthPreferred => {
                let old = &bucket[0];
                let replace = old.bound.is_none()
                    || old.key == key
                    || old.generation != generation
                    || new.depth >= old.depth;
                if !replace {
                    return;
                }
                0
            }
            Replacement::TwoTier => {
                let old = &bucket[0];
                if old.bound.is_none()
                    || old.key == key
                    || old.generation != generation
                    || new.depth >= old.depth
                {
                    0
                } else {
                    1
                }
            }
            Replacement::Bucket => {
                if let Some(i) = bucket
                    .iter()
                    .position(|e| e.bound.is_some() && e.key == key)
                {
                    i
                } else {
                    // The least valuable entry: empty first, then shallow and old.
                    let worth = |e: &Entry<M>| {
                        if e.bound.is_none() {
                            i32::MIN
                        } else {
                            e.depth as i32 - 8 * generation.wrapping_sub(e.generation) as i32
                        }
                    };
                    (0..bucket.len())
                        .min_by_key(|&i| worth(&bucket[i]))
                        .unwrap_or(0)
                }
            }
        };
        let mv = keep_move(&bucket[slot]);
        bucket[slot] = Entry {
            best_move: mv,
            ..new
        };
    }

    /// The share of entries filled by the current search (sampled over up to 4,000 entries).
    pub fn fill(&self) -> f64 {
        let sample = self.entries.len().min(4000);
        if sample == 0 {
            return 0.0;
        }
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.bound.is_some() && e.generation == self.generation)
            .count();
        used as f64 / sample as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisive_scores_are_stored_relative_to_the_node() {
        let mut tt: TranspositionTable<u8> = TranspositionTable::new(1 << 12, Replacement::Bucket);
        tt.new_search();
        // Found at ply 3: "win in 7 from the root" = win in 4 from the node.
        tt.store(42, Some(1), crate::score::win_in(7), Bound::Exact, 5, 3);
        // Read at ply 5 (the same position reached later): win in 4 from there = 9 from root.
        let (score, bound) = tt.probe(42).unwrap().score_at(5);
        assert_eq!((score, bound), (crate::score::win_in(9), Bound::Exact));
        let (score, _) = tt.probe(42).unwrap().score_at(3);
        assert_eq!(score, crate::score::win_in(7));
    }

    #[test]
    fn every_scheme_finds_what_it_just_stored() {
        for replacement in Replacement::ALL {
            let mut tt: TranspositionTable<u8> = TranspositionTable::new(1 << 10, replacement);
            tt.new_search();
            for key in 1..200u64 {
                let key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                tt.store(key, Some(key as u8), 5, Bound::Lower, 3, 0);
                let e = tt.probe(key).expect("just stored");
                assert_eq!(e.best_move, Some(key as u8));
                assert_eq!(e.score_at(0), (5, Bound::Lower));
            }
        }
    }

    #[test]
    fn depth_preferred_keeps_the_deeper_entry_of_the_same_search() {
        let mut tt: TranspositionTable<u8> =
            TranspositionTable::new(64, Replacement::DepthPreferred);
        tt.new_search();
        let buckets = tt.buckets as u64;
        assert_eq!(buckets, 64 / std::mem::size_of::<Entry<u8>>() as u64);
        // Two keys in the same bucket (bucket 0: keys below 2^64 / buckets).
        tt.store(1, Some(1), 10, Bound::Exact, 8, 0);
        tt.store(2, Some(2), 20, Bound::Exact, 2, 0);
        assert!(tt.probe(1).is_some(), "the deeper entry stays");
        assert!(tt.probe(2).is_none());
        // In a later search the old entry gives way.
        tt.new_search();
        tt.store(2, Some(2), 20, Bound::Exact, 2, 0);
        assert!(tt.probe(2).is_some());
    }

    #[test]
    fn bucket_replaces_the_shallowest_oldest_entry() {
        let mut tt: TranspositionTable<u8> = TranspositionTable::new(64, Replacement::Bucket);
        assert_eq!(tt.buckets, 1, "one bucket of four");
        tt.new_search();
        for (key, depth) in [(1, 5), (2, 1), (3, 7), (4, 6)] {
            tt.store(key, None, 0, Bound::Exact, depth, 0);
        }
        tt.store(5, None, 0, Bound::Exact, 3, 0);
        assert!(tt.probe(2).is_none(), "depth 1 was the least valuable");
        assert!([1, 3, 4, 5].iter().all(|&k| tt.probe(k).is_some()));
    }
}
