//! The transposition table: a fixed-size cache of search results keyed by position, shared
//! by the alpha-beta engine (bounds of heuristic scores) and the exact solver (proven values).

use crate::score::{relative_to_node, relative_to_root, Score};
use serde::Serialize;
use std::mem::MaybeUninit;

mod shared;
pub use shared::SharedTable;

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

    /// The scheme's name in agent specs (one of [`Replacement::NAMES`]).
    pub const fn name(self) -> &'static str {
        match self {
            Replacement::Always => Replacement::NAMES[0],
            Replacement::DepthPreferred => Replacement::NAMES[1],
            Replacement::TwoTier => Replacement::NAMES[2],
            Replacement::Bucket => Replacement::NAMES[3],
        }
    }

    fn slots(self) -> usize {
        match self {
            Replacement::Always | Replacement::DepthPreferred => 1,
            Replacement::TwoTier => 2,
            Replacement::Bucket => 4,
        }
    }
}

/// One stored result: 16 bytes for a small move type, four to a cache line.
///
/// All-zero bytes are an empty entry (and an empty table is all zeros), so a table of any
/// size is allocated at once: the operating system hands out zeroed pages as they are first
/// touched, and a search with a time limit never waits for a big table to be written.
#[derive(Clone, Copy)]
pub struct Entry<M: Copy> {
    key: u64,
    score: Score,
    /// The best (or refuting) move found, when `meta` has [`HAS_MOVE`]; unread otherwise.
    mv: MaybeUninit<M>,
    /// The remaining depth the result was searched to.
    pub depth: u8,
    /// The bound in the low two bits (0 = empty slot), [`HAS_MOVE`], and the search
    /// generation in the high five bits.
    meta: u8,
}

const EMPTY_META: u8 = 0;
/// The bit of `meta` that says the entry holds a move.
const HAS_MOVE: u8 = 4;
/// Generations count modulo this.
const GENERATIONS: u8 = 32;

fn bound_bits(bound: Bound) -> u8 {
    match bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    }
}

impl<M: Copy> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        key: 0,
        score: 0,
        mv: MaybeUninit::zeroed(),
        depth: 0,
        meta: EMPTY_META,
    };

    #[inline]
    fn is_used(&self) -> bool {
        self.meta & 3 != 0
    }

    #[inline]
    fn generation(&self) -> u8 {
        self.meta >> 3
    }

    /// The best (or refuting) move found, tried first next time.
    #[inline]
    #[allow(unsafe_code)]
    pub fn best_move(&self) -> Option<M> {
        if self.meta & HAS_MOVE == 0 {
            return None;
        }
        // SAFETY: `HAS_MOVE` is set only by `store`, in the same write that puts a move in
        // `mv`; entries are only ever copied whole, so a set bit means an initialised move.
        Some(unsafe { self.mv.assume_init() })
    }

    /// The stored score, re-read as seen `ply` plies from the root, and its bound.
    pub fn score_at(&self, ply: u32) -> (Score, Bound) {
        let bound = match self.meta & 3 {
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => Bound::Exact,
        };
        (relative_to_root(self.score, ply), bound)
    }
}

impl<M: Copy + std::fmt::Debug> std::fmt::Debug for Entry<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (score, bound) = self.score_at(0);
        f.debug_struct("Entry")
            .field("key", &self.key)
            .field("score", &score)
            .field("bound", &(self.is_used().then_some(bound)))
            .field("best_move", &self.best_move())
            .field("depth", &self.depth)
            .field("generation", &self.generation())
            .finish()
    }
}

/// Four entries on one 64-byte cache line: a bucket (of 1, 2 or 4 entries) never straddles
/// two lines, so a probe costs one memory access at most.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Line<M: Copy>([Entry<M>; 4]);

/// A fixed-size transposition table with a choice of [`Replacement`] scheme and aging: each
/// search starts a new generation, and entries of older generations are replaced first. One
/// search owns it; [`SharedTable`] is the same table for several threads at once.
pub struct TranspositionTable<M: Copy> {
    lines: ZeroedLines<M>,
    layout: Layout,
    generation: u8,
    /// Counters of the current search.
    pub probes: u64,
    /// Probes that found the position.
    pub hits: u64,
    /// Stores.
    pub stores: u64,
}

/// Where a key's bucket lies: the number of buckets and their size, and how a full one is
/// refilled. The owned and the shared table both use it, so both find and replace alike.
#[derive(Clone, Copy, Debug)]
struct Layout {
    slots: usize,
    buckets: usize,
    replacement: Replacement,
}

impl Layout {
    /// The layout of `lines` cache lines under `replacement`.
    fn new(lines: usize, replacement: Replacement) -> Layout {
        let slots = replacement.slots();
        Layout {
            slots,
            buckets: lines * 4 / slots,
            replacement,
        }
    }

    /// The line and first slot of `key`'s bucket. The bucket comes from the key's high bits
    /// after a multiplication by an odd constant (Fibonacci hashing), so that keys that are not
    /// hashes (a tutorial's bit-packed Nim heaps, small numbers) still spread over the table
    /// instead of all landing in bucket 0; for hashed keys it is a bijection and costs one
    /// multiplication.
    #[inline]
    fn locate(&self, key: u64) -> (usize, usize) {
        let spread = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bucket = ((spread as u128 * self.buckets as u128) >> 64) as usize;
        let first = bucket * self.slots;
        (first / 4, first % 4)
    }
}

/// A search result on its way into the table.
#[derive(Clone, Copy)]
struct Stored<M> {
    key: u64,
    best_move: Option<M>,
    score: Score,
    bound: Bound,
    depth: u32,
    ply: u32,
}

/// `key`'s entry in `bucket`, if there.
#[inline]
fn find<M: Copy>(bucket: &[Entry<M>], key: u64) -> Option<Entry<M>> {
    bucket.iter().find(|e| e.is_used() && e.key == key).copied()
}

/// Writes `result` into `bucket`, in the slot `replacement` chooses (or nowhere, when a
/// depth-preferred slot holds something more valuable).
fn write<M: Copy>(
    bucket: &mut [Entry<M>],
    replacement: Replacement,
    generation: u8,
    result: Stored<M>,
) {
    let Stored {
        key,
        best_move,
        score,
        bound,
        depth,
        ply,
    } = result;
    let depth = depth.min(255) as u8;
    let replaceable = |old: &Entry<M>| {
        !old.is_used() || old.key == key || old.generation() != generation || depth >= old.depth
    };
    let slot = match replacement {
        Replacement::Always => 0,
        Replacement::DepthPreferred => {
            if !replaceable(&bucket[0]) {
                return;
            }
            0
        }
        Replacement::TwoTier => {
            if replaceable(&bucket[0]) {
                0
            } else {
                1
            }
        }
        Replacement::Bucket => match bucket.iter().position(|e| e.is_used() && e.key == key) {
            Some(i) => i,
            None => {
                // The least valuable entry: empty first, then shallow and old.
                let worth = |e: &Entry<M>| {
                    if e.is_used() {
                        e.depth as i32
                            - 8 * (generation.wrapping_sub(e.generation()) % GENERATIONS) as i32
                    } else {
                        i32::MIN
                    }
                };
                (0..bucket.len())
                    .min_by_key(|&i| worth(&bucket[i]))
                    .unwrap_or(0)
            }
        },
    };
    let old = bucket[slot];
    // Keep the old best move when the new result has none (an all-node).
    let best_move = if best_move.is_none() && old.is_used() && old.key == key {
        old.best_move()
    } else {
        best_move
    };
    let (mv, has_move) = match best_move {
        Some(mv) => (MaybeUninit::new(mv), HAS_MOVE),
        None => (MaybeUninit::zeroed(), 0),
    };
    bucket[slot] = Entry {
        key,
        score: relative_to_node(score, ply),
        mv,
        depth,
        meta: generation << 3 | has_move | bound_bits(bound),
    };
}

/// The share of used entries of `generation` among the first 1,000 of `lines`.
fn fill_of<M: Copy>(lines: impl Iterator<Item = Line<M>>, generation: u8) -> f64 {
    let (mut used, mut total) = (0usize, 0usize);
    for line in lines.take(1000) {
        for e in line.0 {
            total += 1;
            if e.is_used() && e.generation() == generation {
                used += 1;
            }
        }
    }
    if total == 0 {
        0.0
    } else {
        used as f64 / total as f64
    }
}

/// The table's lines in memory taken zeroed from the system, so that building even a huge
/// table writes nothing: the pages stay the operating system's shared zero page until first
/// touched. (Zeroed memory with a 64-byte alignment would be written out byte by byte by the
/// allocator, so the lines sit at the first 64-byte boundary of a 16-byte-aligned buffer,
/// which `calloc` hands out untouched.)
struct ZeroedLines<M: Copy> {
    /// Owns the memory; never grown, so the lines never move.
    buffer: Vec<u128>,
    /// Where the first line starts in `buffer`, in `u128`s.
    offset: usize,
    count: usize,
    lines: std::marker::PhantomData<Line<M>>,
}

impl<M: Copy> ZeroedLines<M> {
    fn new(count: usize) -> Self {
        // A cache line, in the buffer's 16-byte words.
        const LINE: usize = 64 / std::mem::size_of::<u128>();
        let words = count
            .checked_mul(std::mem::size_of::<Line<M>>() / std::mem::size_of::<u128>())
            .and_then(|n| n.checked_add(LINE))
            .expect("a table size that fits the address space");
        let buffer = vec![0u128; words];
        advise_huge_pages(&buffer);
        let misalignment = (buffer.as_ptr() as usize % 64) / 16;
        let offset = (LINE - misalignment) % LINE;
        ZeroedLines {
            buffer,
            offset,
            count,
            lines: std::marker::PhantomData,
        }
    }
}

/// Asks Linux to back the table with 2 MiB pages where it can (transparent huge pages in
/// their default `madvise` mode): a table's probes land anywhere in it, and with 4 KiB pages
/// most of them also miss the TLB. Advice only: the contents are unchanged, and a kernel
/// without huge pages ignores it. Only the whole 2 MiB pages inside the buffer are advised,
/// before any is touched.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(buffer: &[u128]) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = buffer.as_ptr() as usize;
    let end = start + std::mem::size_of_val(buffer);
    let first = start.next_multiple_of(HUGE_PAGE);
    let last = end / HUGE_PAGE * HUGE_PAGE;
    if last > first {
        // SAFETY: `madvise` on whole pages of memory this live buffer owns; MADV_HUGEPAGE
        // changes how they are backed, never what they hold. Its result is advice too.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

/// Elsewhere the system's pages serve as they are.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_buffer: &[u128]) {}

impl<M: Copy> std::ops::Deref for ZeroedLines<M> {
    type Target = [Line<M>];

    #[allow(unsafe_code)]
    fn deref(&self) -> &[Line<M>] {
        // SAFETY: `offset` puts the start on a 64-byte boundary inside `buffer`, which holds
        // `count` whole lines after it; all-zero bytes are a valid `Line` (integers,
        // `MaybeUninit`, and a zero `meta` that marks the entry empty), and every later write
        // goes through `&mut [Line<M>]`; `buffer` is never resized, so the memory stays put.
        unsafe {
            std::slice::from_raw_parts(
                self.buffer.as_ptr().add(self.offset).cast::<Line<M>>(),
                self.count,
            )
        }
    }
}

impl<M: Copy> std::ops::DerefMut for ZeroedLines<M> {
    #[allow(unsafe_code)]
    fn deref_mut(&mut self) -> &mut [Line<M>] {
        // SAFETY: as in `deref`, and `&mut self` makes this the only reference.
        unsafe {
            std::slice::from_raw_parts_mut(
                self.buffer.as_mut_ptr().add(self.offset).cast::<Line<M>>(),
                self.count,
            )
        }
    }
}

impl<M: Copy + PartialEq> TranspositionTable<M> {
    /// A table of about `bytes` bytes (at least one cache line). Building it costs no time:
    /// its memory is taken zeroed and touched only as the search fills it ([`Self::clear`]
    /// touches it all, for a caller that would rather pay that before a clock starts).
    pub fn new(bytes: usize, replacement: Replacement) -> Self {
        let lines = (bytes / std::mem::size_of::<Line<M>>()).max(1);
        TranspositionTable {
            lines: ZeroedLines::new(lines),
            layout: Layout::new(lines, replacement),
            generation: 0,
            probes: 0,
            hits: 0,
            stores: 0,
        }
    }

    /// The bytes the entries occupy.
    pub fn bytes(&self) -> usize {
        self.lines.len() * std::mem::size_of::<Line<M>>()
    }

    /// Starts a new search: a new generation, fresh counters.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
        self.probes = 0;
        self.hits = 0;
        self.stores = 0;
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.lines.fill(Line([Entry::EMPTY; 4]));
        self.generation = 0;
    }

    /// Asks the CPU to start loading `key`'s bucket, so that a probe soon after finds it in the
    /// cache (the engine calls it right after making a move).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let (line, _) = self.layout.locate(key);
        prefetch_line(&self.lines[line]);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&mut self, key: u64) -> Option<Entry<M>> {
        self.probes += 1;
        let (line, first) = self.layout.locate(key);
        let found = find(&self.lines[line].0[first..first + self.layout.slots], key);
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
        let (line, first) = self.layout.locate(key);
        let bucket = &mut self.lines[line].0[first..first + self.layout.slots];
        let result = Stored {
            key,
            best_move,
            score,
            bound,
            depth,
            ply,
        };
        write(bucket, self.layout.replacement, self.generation, result);
    }

    /// The share of entries filled by the current search (sampled over up to 4,000 entries).
    pub fn fill(&self) -> f64 {
        fill_of(self.lines.iter().copied(), self.generation)
    }
}

/// Hints the CPU to bring `line` into the cache. A prefetch never faults and changes no
/// memory, whatever the address; it only warms the cache.
#[inline]
#[allow(unsafe_code)]
fn prefetch_line<T>(line: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` is a hint with no effect on memory or program state, valid for any
    // address; `line` is moreover a live reference. SSE is part of the x86_64 baseline.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (line as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = line;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh table, taken zeroed, is empty, cache-aligned, and keeps moves of any size,
    /// with or without a move, across generations and a clear.
    #[test]
    fn a_zeroed_table_is_empty_and_keeps_what_is_stored() {
        fn check<M: Copy + PartialEq + std::fmt::Debug>(moves: [M; 2]) {
            for bytes in [1, 64, 1000, 1 << 16] {
                let mut tt: TranspositionTable<M> =
                    TranspositionTable::new(bytes, Replacement::Bucket);
                assert_eq!(tt.lines.as_ptr() as usize % 64, 0);
                assert!(tt.bytes() >= std::mem::size_of::<Line<M>>());
                assert!((0..500u64).all(|key| tt.probe(key).is_none()));
                for generation in 0..70u64 {
                    tt.new_search();
                    let key = 1 + generation % 3;
                    let mv = (generation % 3 != 0).then_some(moves[generation as usize % 2]);
                    tt.store(key, mv, 7, Bound::Lower, 3, 0);
                    let entry = tt.probe(key).expect("just stored");
                    assert_eq!(entry.score_at(0), (7, Bound::Lower));
                    // Key 1 is always stored without a move, the others always with one.
                    assert_eq!(entry.best_move(), mv);
                }
                tt.clear();
                assert!((0..500u64).all(|key| tt.probe(key).is_none()));
            }
        }
        check::<u8>([3, 250]);
        check::<u16>([1, u16::MAX]);
        check::<[u32; 3]>([[1, 2, 3], [u32::MAX; 3]]);
    }

    #[test]
    fn small_keys_spread_over_the_buckets() {
        let tt: TranspositionTable<u8> = TranspositionTable::new(1 << 20, Replacement::Bucket);
        let buckets: std::collections::HashSet<usize> =
            (0..1000u64).map(|key| tt.layout.locate(key).0).collect();
        assert!(
            buckets.len() > 900,
            "{} lines for 1000 small keys",
            buckets.len()
        );
    }

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
                assert_eq!(e.best_move(), Some(key as u8));
                assert_eq!(e.score_at(0), (5, Bound::Lower));
            }
        }
    }

    #[test]
    fn depth_preferred_keeps_the_deeper_entry_of_the_same_search() {
        let mut tt: TranspositionTable<u8> =
            TranspositionTable::new(64, Replacement::DepthPreferred);
        tt.new_search();
        let buckets = tt.layout.buckets as u64;
        assert_eq!(buckets, 64 / std::mem::size_of::<Entry<u8>>() as u64);
        // Two keys in the same bucket.
        let other = (2..)
            .find(|&k| tt.layout.locate(k) == tt.layout.locate(1))
            .expect("a key");
        tt.store(1, Some(1), 10, Bound::Exact, 8, 0);
        tt.store(other, Some(2), 20, Bound::Exact, 2, 0);
        assert!(tt.probe(1).is_some(), "the deeper entry stays");
        assert!(tt.probe(other).is_none());
        // In a later search the old entry gives way.
        tt.new_search();
        tt.store(other, Some(2), 20, Bound::Exact, 2, 0);
        assert!(tt.probe(other).is_some());
    }

    #[test]
    fn bucket_replaces_the_shallowest_oldest_entry() {
        let mut tt: TranspositionTable<u8> = TranspositionTable::new(64, Replacement::Bucket);
        assert_eq!(tt.layout.buckets, 1, "one bucket of four: one cache line");
        tt.new_search();
        for (key, depth) in [(1, 5), (2, 1), (3, 7), (4, 6)] {
            tt.store(key, None, 0, Bound::Exact, depth, 0);
        }
        tt.store(5, None, 0, Bound::Exact, 3, 0);
        assert!(tt.probe(2).is_none(), "depth 1 was the least valuable");
        assert!([1, 3, 4, 5].iter().all(|&k| tt.probe(k).is_some()));
    }
}
