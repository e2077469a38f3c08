//! Move generation, `play`, the terminal test, keys and random moves allocate nothing once both
//! players are placed. A counting global allocator (this test binary only) proves it.

// A global allocator is the one way to observe allocations; it needs `unsafe`.
#![allow(unsafe_code)]

use ply_isolation::Isolation;
use ply_search::conformance::play_random;
use ply_search::SearchHints;
use ply_search::{Game, MoveList, Rng};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(|n| n.get())
}

#[test]
fn the_counter_sees_allocations() {
    let before = allocations();
    let boxed = std::hint::black_box(Box::new(42u64));
    assert_eq!(*boxed, 42);
    assert!(allocations() > before);
}

#[test]
fn no_heap_allocation_after_the_opening() {
    let mut rng = Rng::new(11);
    let positions: Vec<Isolation> = (0..200)
        .map(|i| play_random(&Isolation::udacity(), 2 + i % 40, &mut rng))
        .collect();
    let mut moves = MoveList::new();
    let before = allocations();
    let mut checksum = 0u64;
    for state in &positions {
        moves.clear();
        state.generate_moves(&mut moves);
        for &mv in &moves {
            let child = state.play(mv);
            checksum ^= child.key();
            checksum += child.is_terminal() as u64 + child.move_count() as u64;
        }
        // A whole random game to the end.
        let mut s = *state;
        while let Some(mv) = s.random_move(&mut rng) {
            s = s.play(mv);
        }
        checksum += s.ply() as u64;
    }
    assert_eq!(
        allocations() - before,
        0,
        "allocated during search-style use"
    );
    assert_ne!(checksum, 0);
}
