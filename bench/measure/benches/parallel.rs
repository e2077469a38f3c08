//! Parallel alpha-beta: the time to a fixed depth on one thread and on two (Lazy SMP with
//! deferred moves and staggered depths, `EngineOptions::threads`), on 11x9 knight Isolation mid-games and on
//! Onitama, side by side with the `minimax` crate's parallel search (Young Brothers Wait, on
//! a 2-thread rayon pool) and its sequential `IterativeSearch`: the same positions, move
//! generator, evaluator, table size (16 MiB) and depth.
//!
//! Run: `cargo bench -p ply-bench --bench parallel`. Figures are recorded in BENCHMARKS.md.

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkGroup, Criterion};
use ply_bench::peers::{
    iterative_options, ply_engines_with, search_all, Peer, PeerEval, TABLE_BYTES,
};
use ply_bench::positions::{knight_midgames, onitama_positions};
use ply_search::engine::{Engine, EngineOptions};
use ply_search::Evaluator;
use ply_search::SearchHints;
use std::hint::black_box;

/// Fresh engines, one per position, on `threads` threads (deferring moves if `defer`, every
/// second thread a depth ahead if `stagger`), with their tables allocated (set-up, outside
/// the timing).
fn engines<G: SearchHints, E: Evaluator<G> + Clone>(
    evaluator: &E,
    (threads, defer, stagger): (usize, bool, bool),
    count: usize,
) -> Vec<Engine<G, E>> {
    let options = EngineOptions {
        tt_bytes: TABLE_BYTES,
        defer,
        stagger,
        ..EngineOptions::default()
    }
    .threads(threads);
    ply_engines_with(evaluator, &options, count)
}

/// Times a `minimax` crate strategy made by `make` (a fresh one per position, made outside the
/// timing) choosing a move in each of `positions` at `depth`.
fn bench_peer<G: SearchHints, S: minimax::Strategy<Peer<G>>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    positions: &[G],
    depth: u32,
    make: impl Fn() -> S,
) {
    group.bench_function(label, |b| {
        b.iter_batched_ref(
            || {
                (0..positions.len())
                    .map(|_| {
                        let mut peer = make();
                        peer.set_max_depth(depth as u8);
                        peer
                    })
                    .collect::<Vec<_>>()
            },
            |peers| {
                peers
                    .iter_mut()
                    .zip(positions)
                    .filter_map(|(peer, state)| peer.choose_move(black_box(state)))
                    .count()
            },
            BatchSize::PerIteration,
        )
    });
}

/// One group: ply on 1 and 2 threads, the peer's parallel search on 2 and its sequential one.
fn compare<G, E>(c: &mut Criterion, name: &str, positions: &[G], evaluator: E, depth: u32)
where
    G: SearchHints,
    E: Evaluator<G> + Clone + 'static,
{
    // One thread; two without deferred moves, then without staggered depths (the ablations);
    // two, as shipped.
    let setups = [
        ("ply_1_thread", (1, true, true)),
        ("ply_2_threads_no_defer", (2, false, true)),
        ("ply_2_threads_no_stagger", (2, true, false)),
        ("ply_2_threads", (2, true, true)),
    ];
    for (label, setup) in setups {
        let nodes = search_all(
            &mut engines(&evaluator, setup, positions.len()),
            positions,
            depth,
        );
        eprintln!("{name}: {label}: {nodes} nodes to depth {depth}");
    }
    let mut group = c.benchmark_group(format!("parallel/{name}_depth{depth}"));
    group.sample_size(10);
    for (label, setup) in setups {
        group.bench_function(label, |b| {
            b.iter_batched_ref(
                || engines(&evaluator, setup, positions.len()),
                |engines| search_all(engines, black_box(positions), depth),
                BatchSize::PerIteration,
            )
        });
    }
    let parallel = || {
        let threads = minimax::ParallelOptions::new().with_num_threads(2);
        minimax::ParallelSearch::new(
            PeerEval::new(evaluator.clone()),
            iterative_options(false),
            threads,
        )
    };
    bench_peer(
        &mut group,
        "minimax_crate_parallel_2_threads",
        positions,
        depth,
        parallel,
    );
    let iterative = || {
        minimax::IterativeSearch::new(PeerEval::new(evaluator.clone()), iterative_options(false))
    };
    bench_peer(
        &mut group,
        "minimax_crate_iterative",
        positions,
        depth,
        iterative,
    );
    group.finish();
}

/// 11x9 knight Isolation: depth 16 takes about a tenth of a second a position on one thread.
fn isolation(c: &mut Criterion) {
    let positions = knight_midgames(8);
    compare(
        c,
        "isolation_8_midgames",
        &positions,
        ply_isolation::Heuristic::Improved,
        ISOLATION_DEPTH,
    );
}

/// Onitama with its default evaluator (`balanced`).
fn onitama(c: &mut Criterion) {
    let positions = onitama_positions(4);
    compare(
        c,
        "onitama_4_positions",
        &positions,
        ply_onitama::Heuristic::Balanced,
        ONITAMA_DEPTH,
    );
}

const ISOLATION_DEPTH: u32 = 16;
const ONITAMA_DEPTH: u32 = 9;

criterion_group!(benches, isolation, onitama);
criterion_main!(benches);
