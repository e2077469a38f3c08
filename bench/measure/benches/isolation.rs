//! Knight Isolation: move generation, copy-make, perft and random playouts.
//!
//! Run: `cargo bench -p ply-bench --bench isolation`. Figures are recorded in BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ply_isolation::Isolation;
use ply_search::conformance::play_random;
use ply_search::perft::{perft, Count};
use ply_search::SearchHints;
use ply_search::{Game, MoveList, Rng};
use std::hint::black_box;

/// 256 mid-game positions (after 10 to 40 random plies, not terminal).
fn midgame_positions() -> Vec<Isolation> {
    let mut rng = Rng::new(7);
    let mut positions = Vec::new();
    while positions.len() < 256 {
        let plies = 10 + rng.below(31) as u32;
        let state = play_random(&Isolation::udacity(), plies, &mut rng);
        if !state.is_terminal() {
            positions.push(state);
        }
    }
    positions
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("isolation/perft");
    group.sample_size(30);
    let start = Isolation::udacity();
    group.throughput(Throughput::Elements(1_634_432));
    group.bench_function("udacity_start_depth5_leaves", |b| {
        b.iter(|| perft(black_box(&start), 5, Count::Leaves))
    });
    let centre_corner = start.result(57).unwrap().result(0).unwrap();
    group.throughput(Throughput::Elements(341_232));
    group.bench_function("after_57_0_depth8_leaves", |b| {
        b.iter(|| perft(black_box(&centre_corner), 8, Count::Leaves))
    });
    group.finish();
}

fn movegen_bench(c: &mut Criterion) {
    let positions = midgame_positions();
    let mut group = c.benchmark_group("isolation/movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("generate_moves_midgame", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut total = 0;
            for state in &positions {
                moves.clear();
                black_box(state).generate_moves(&mut moves);
                total += moves.len();
            }
            total
        })
    });
    group.bench_function("play_every_move_midgame", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut acc = 0u32;
            for state in &positions {
                moves.clear();
                state.generate_moves(&mut moves);
                for &mv in &moves {
                    acc = acc.wrapping_add(black_box(state.play(mv)).ply());
                }
            }
            acc
        })
    });
    group.finish();
}

fn playout_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("isolation/playouts");
    const GAMES: u64 = 10_000;
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("random_games_from_start", |b| {
        b.iter_batched(
            || Rng::new(42),
            |mut rng| {
                let start = Isolation::udacity();
                let mut plies = 0u64;
                for _ in 0..GAMES {
                    let mut state = start;
                    while let Some(mv) = state.random_move(&mut rng) {
                        state = state.play(mv);
                    }
                    plies += state.ply() as u64;
                }
                plies
            },
            BatchSize::SmallInput,
        )
    });
    // The same games through `SearchHints::random_playout`, the loop MCTS runs.
    group.bench_function("random_playouts_from_start", |b| {
        b.iter_batched(
            || Rng::new(42),
            |mut rng| {
                let start = Isolation::udacity();
                let mut plies = 0u64;
                for _ in 0..GAMES {
                    let (state, _) = start.random_playout(&mut rng, u32::MAX);
                    plies += state.ply() as u64;
                }
                plies
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, perft_bench, movegen_bench, playout_bench);
criterion_main!(benches);
