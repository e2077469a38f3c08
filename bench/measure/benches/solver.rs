//! The exact solver: queen Isolation 5x5 from the empty board, on one thread, with every
//! winning reply to every opening, the value alone, and knight Isolation 5x5 (the figures
//! are in BENCHMARKS.md).
//!
//! Run: `cargo bench -p ply-bench --bench solver`. Each solve builds its own table, so every
//! sample is a solve from scratch.

use criterion::{criterion_group, criterion_main, Criterion};
use ply_isolation::{Isolation, Rules};
use ply_queen_isolation::{QueenIsolation, Variant};
use ply_search::solver::{solve, SolverOptions};
use std::hint::black_box;
use std::time::Duration;

fn solver_bench(c: &mut Criterion) {
    let queen = QueenIsolation::new(Variant::lesson());
    let knight = Isolation::new(ply_isolation::Variant::get(5, 5, Rules::Standard).unwrap());
    let options = SolverOptions::default();
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("queen5x5_all_replies_1thread", |b| {
        b.iter(|| solve(black_box(&queen), &options, true).unwrap())
    });
    group.bench_function("queen5x5_value_1thread", |b| {
        b.iter(|| solve(black_box(&queen), &options, false).unwrap())
    });
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("knight5x5_all_replies_1thread", |b| {
        b.iter(|| solve(black_box(&knight), &options, true).unwrap())
    });
    group.finish();
}

criterion_group!(benches, solver_bench);
criterion_main!(benches);
