//! Onitama: perft with bulk counting (leaves/s) and without (positions made per second).
//!
//! Run: `cargo bench -p ply-bench --bench onitama`. Depth 8 (2.35 billion leaves) is measured
//! with `ply perft` instead: see BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ply_onitama::Onitama;
use ply_search::perft::{perft, perft_without_bulk, Count};
use ply_search::Game;
use std::hint::black_box;

fn start() -> Onitama {
    Onitama::from_spec("onitama(max-plies=0)")
        .unwrap()
        .parse_position("bbBbb...............wwWww ox,boar horse,elephant crab 0")
        .unwrap()
}

fn perft_bench(c: &mut Criterion) {
    let pos = start();
    let mut group = c.benchmark_group("onitama/perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(137_281_607));
    group.bench_function("depth7_bulk_leaves", |b| {
        b.iter(|| perft(black_box(&pos), 7, Count::Leaves))
    });
    group.throughput(Throughput::Elements(7_748_422));
    group.bench_function("depth6_without_bulk", |b| {
        b.iter(|| perft_without_bulk(black_box(&pos), 6, Count::Leaves))
    });
    group.finish();
}

criterion_group!(benches, perft_bench);
criterion_main!(benches);
