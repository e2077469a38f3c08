//! Search speed: the alpha-beta engine's nodes per second, the course minimax's, and the
//! engine side by side with the `minimax` crate's iterative search on the same positions, with
//! the same evaluator and depth.
//!
//! Run: `cargo bench -p ply-bench --bench search`. Figures are recorded in BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ply_bench::peers::{search_all, PeerEval};
use ply_isolation::{Heuristic, Isolation};
use ply_search::course::{minimax_decision, Options};
use ply_search::engine::{Engine, EngineOptions};
use ply_search::{Limits, Searcher};
use std::hint::black_box;

/// 16 mid-game positions of 11x9 knight Isolation (plies 10 to 30), not near the end.
fn midgame_positions() -> Vec<Isolation> {
    ply_bench::positions::knight_midgames(16)
}

/// Deep enough (about 100,000 nodes a position) that speed, not warm-up, is measured.
const ENGINE_DEPTH: u32 = 13;

fn fresh_engines(n: usize) -> Vec<Engine<Isolation, Heuristic>> {
    (0..n)
        .map(|_| {
            let mut engine = Engine::new(Heuristic::Improved, EngineOptions::default());
            engine.allocate_table();
            engine
        })
        .collect()
}

fn engine_bench(c: &mut Criterion) {
    let positions: Vec<Isolation> = midgame_positions().into_iter().take(8).collect();
    let mut group = c.benchmark_group("search/engine");
    group.sample_size(10);
    for (label, options) in [
        ("default_tt16mib", EngineOptions::default()),
        ("tt1mib", EngineOptions::default().tt_mib(1)),
        ("no_tt", EngineOptions::default().tt_mib(0)),
    ] {
        let fresh = || -> Vec<Engine<Isolation, Heuristic>> {
            (0..positions.len())
                .map(|_| {
                    // The table is set-up, not search: allocated before the timing starts.
                    let mut engine = Engine::new(Heuristic::Improved, options.clone());
                    engine.allocate_table();
                    engine
                })
                .collect()
        };
        let nodes = search_all(&mut fresh(), &positions, ENGINE_DEPTH);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(
            format!("alphabeta_improved_depth13_8_midgames_{label}"),
            |b| {
                b.iter_batched_ref(
                    fresh,
                    |engines| search_all(engines, black_box(&positions), ENGINE_DEPTH),
                    BatchSize::PerIteration,
                )
            },
        );
    }
    group.finish();
}

fn course_minimax_bench(c: &mut Criterion) {
    let positions = midgame_positions();
    let run = |positions: &[Isolation]| {
        positions
            .iter()
            .map(|s| {
                minimax_decision(s, Some(4), &Heuristic::Improved, &Options::default())
                    .counters
                    .result_calls
            })
            .sum::<u64>()
    };
    let calls = run(&positions);
    let mut group = c.benchmark_group("search/course");
    group.sample_size(20);
    group.throughput(Throughput::Elements(calls));
    group.bench_function("minimax_improved_depth4_16_midgames", |b| {
        b.iter(|| run(black_box(&positions)))
    });
    group.finish();
}

/// The `minimax` crate's view of our Isolation and its `improved` heuristic.
type PeerImproved = PeerEval<Isolation, Heuristic>;

const PEER_DEPTH: u32 = 8;

fn peer_bench(c: &mut Criterion) {
    use minimax::Strategy;
    let positions = midgame_positions();
    let peer_options = || {
        minimax::IterativeOptions::new()
            .with_table_byte_size(16 << 20)
            .with_null_window_search(true)
            .with_aspiration_window(16)
    };
    let fresh_peers = || -> Vec<minimax::IterativeSearch<PeerImproved>> {
        (0..positions.len())
            .map(|_| {
                let mut peer = minimax::IterativeSearch::new(
                    PeerImproved::new(Heuristic::Improved),
                    peer_options(),
                );
                peer.set_max_depth(PEER_DEPTH as u8);
                peer
            })
            .collect()
    };
    // Node counts of both, printed once for the record.
    let mut ours_nodes = 0;
    let mut peer_summary = String::new();
    for (i, state) in positions.iter().enumerate() {
        let mut engine = Engine::new(Heuristic::Improved, EngineOptions::default());
        ours_nodes += engine.search(state, &Limits::depth(PEER_DEPTH)).stats.nodes;
        if i == 0 {
            let mut peer = minimax::IterativeSearch::new(
                PeerImproved::new(Heuristic::Improved),
                peer_options(),
            );
            peer.set_max_depth(PEER_DEPTH as u8);
            peer.choose_move(state);
            let mut s = *state;
            peer_summary = peer.stats(&mut s).replace('\n', " | ");
        }
    }
    eprintln!("ply engine: {ours_nodes} nodes over 16 positions to depth {PEER_DEPTH}");
    eprintln!("minimax crate, first position: {peer_summary}");
    let mut peer_nodes = 0u64;
    for state in &positions {
        let mut peer =
            minimax::IterativeSearch::new(PeerImproved::new(Heuristic::Improved), peer_options());
        peer.set_max_depth(PEER_DEPTH as u8);
        peer.choose_move(state);
        let mut s = *state;
        let stats = peer.stats(&mut s);
        if let Some(n) = stats
            .split("Explored ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse::<u64>().ok())
        {
            peer_nodes += n;
        }
    }
    eprintln!("minimax crate: {peer_nodes} nodes over 16 positions to depth {PEER_DEPTH}");

    let mut group = c.benchmark_group("search/peer_depth8_16_midgames");
    group.sample_size(10);
    group.bench_function("ply_engine", |b| {
        b.iter_batched_ref(
            || fresh_engines(positions.len()),
            |engines| search_all(engines, black_box(&positions), PEER_DEPTH),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("minimax_crate_iterative", |b| {
        b.iter_batched_ref(
            fresh_peers,
            |peers| {
                peers
                    .iter_mut()
                    .zip(&positions)
                    .map(|(peer, state)| {
                        peer.choose_move(black_box(state))
                            .map_or(0, |m| m.cell() as usize)
                    })
                    .sum::<usize>()
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, engine_bench, course_minimax_bench, peer_bench);
criterion_main!(benches);
