//! MCTS speed: iterations per second of single-threaded UCT with random playouts on Udacity's
//! 11x9 knight Isolation from the opening (the target: 500,000/s), two threads of each
//! parallelisation, and side by side in the same run the `treant` crate (the maintained,
//! lock-free successor of the `mcts` crate, the most used MCTS crate) on the same game: our
//! `Isolation` behind its `GameState` trait, its `UCTPolicy`, no transposition table, the same
//! random playouts to the end (`SearchHints::random_playout`, as ply's MCTS plays them) with the same
//! generator.
//!
//! Run: `cargo bench -p ply-bench --bench mcts`. Each sample is a fresh search of 20,000
//! iterations from the empty board.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ply_bench::treant_peer::{comparable_ply_options, treant_manager};
use ply_isolation::Isolation;
use ply_search::mcts::{Mcts, MctsOptions, Parallel};
use ply_search::{Limits, Searcher, Zero};

const ITERATIONS: u64 = 20_000;

fn ours(options: MctsOptions) -> impl FnMut() -> u64 {
    move || {
        let mut mcts = Mcts::new(Zero, options.clone());
        let limits = Limits {
            iterations: Some(ITERATIONS),
            ..Limits::none()
        };
        let result = mcts.search(&Isolation::udacity(), &limits);
        result.stats.mcts.map_or(0, |m| m.iterations)
    }
}

fn mcts_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts/isolation11x9_opening");
    group.sample_size(20);
    group.throughput(Throughput::Elements(ITERATIONS));
    let uct = comparable_ply_options();
    group.bench_function("ply_uct_1thread", |b| {
        b.iter_batched(|| ours(uct.clone()), |mut run| run(), BatchSize::SmallInput)
    });
    group.bench_function("ply_uct_solver_1thread", |b| {
        b.iter_batched(
            || ours(MctsOptions::default()),
            |mut run| run(),
            BatchSize::SmallInput,
        )
    });
    for parallel in [Parallel::Root, Parallel::Tree] {
        let options = MctsOptions {
            threads: 2,
            parallel,
            ..uct.clone()
        };
        group.bench_function(
            format!("ply_uct_2threads_{parallel:?}").to_lowercase(),
            |b| {
                b.iter_batched(
                    || ours(options.clone()),
                    |mut run| run(),
                    BatchSize::SmallInput,
                )
            },
        );
    }
    group.bench_function("treant_uct_1thread", |b| {
        b.iter_batched(
            || treant_manager(Isolation::udacity()),
            |mut manager| {
                manager.playout_n(ITERATIONS);
                manager
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, mcts_bench);
criterion_main!(benches);
