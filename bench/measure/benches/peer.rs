//! ply's alpha-beta engine on one thread against the `minimax` crate's `IterativeSearch`, at
//! depth 12 or more: the time to a fixed depth on the same positions, with the same move
//! generator (its moves in the game's priority order for the peer, which has no priority
//! hook), evaluator, table size (16 MiB) and depth, on 11x9 knight Isolation mid-games and
//! on Onitama. The peer runs twice: with the options the earlier comparisons gave it (null
//! windows, an aspiration window of 16) and with its countermove and countermove-history
//! tables on as well, its best ordering; the faster is the ratio's peer.
//!
//! Run: `cargo bench -p ply-bench --bench peer`. The node counts of both sides are printed
//! first. Figures are recorded in BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use ply_bench::peers::{iterative_search, ply_engines, search_all, PeerEval};
use ply_bench::positions::{knight_midgames, onitama_positions};
use ply_search::Evaluator;
use ply_search::SearchHints;
use std::hint::black_box;

/// The nodes the peer reports for its last search (its `stats` text: "Explored N nodes").
fn peer_nodes<G: SearchHints, E: Evaluator<G>>(
    peer: &minimax::IterativeSearch<PeerEval<G, E>>,
    state: &G,
) -> u64 {
    let mut s = state.clone();
    peer.stats(&mut s)
        .split("Explored ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the minimax crate's stats text says \"Explored N nodes\"")
}

/// One group: ply's engine and the peer in each of `peer_setups` (with its countermove tables
/// or without), each position searched by a fresh searcher.
fn compare<G, E>(
    c: &mut Criterion,
    name: &str,
    positions: &[G],
    evaluator: E,
    depth: u32,
    peer_setups: &[bool],
) where
    G: SearchHints,
    E: Evaluator<G> + Clone + 'static,
{
    use minimax::Strategy;
    let ply_nodes = search_all(
        &mut ply_engines(&evaluator, positions.len()),
        positions,
        depth,
    );
    eprintln!("{name}: ply: {ply_nodes} nodes to depth {depth}");
    for &countermoves in peer_setups {
        let nodes: u64 = positions
            .iter()
            .map(|state| {
                let mut p = iterative_search(&evaluator, countermoves, depth);
                p.choose_move(state);
                peer_nodes(&p, state)
            })
            .sum();
        eprintln!(
            "{name}: minimax crate (countermoves {countermoves}): {nodes} nodes to depth {depth}"
        );
    }

    let mut group = c.benchmark_group(format!("peer/{name}_depth{depth}"));
    group.sample_size(10);
    group.bench_function("ply_engine", |b| {
        b.iter_batched_ref(
            || ply_engines(&evaluator, positions.len()),
            |engines| search_all(engines, black_box(positions), depth),
            BatchSize::PerIteration,
        )
    });
    for &countermoves in peer_setups {
        let label = if countermoves {
            "minimax_crate_iterative_countermoves"
        } else {
            "minimax_crate_iterative"
        };
        group.bench_function(label, |b| {
            b.iter_batched_ref(
                || -> Vec<minimax::IterativeSearch<PeerEval<G, E>>> {
                    (0..positions.len())
                        .map(|_| iterative_search(&evaluator, countermoves, depth))
                        .collect()
                },
                |peers| {
                    peers
                        .iter_mut()
                        .zip(black_box(positions))
                        .filter_map(|(p, state)| p.choose_move(state))
                        .count()
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// 11x9 knight Isolation, the `improved` evaluator, depth 16 (about a tenth of a second a
/// position for ply).
fn isolation(c: &mut Criterion) {
    compare(
        c,
        "isolation_8_midgames",
        &knight_midgames(8),
        ply_isolation::Heuristic::Improved,
        16,
        &[false, true],
    );
}

/// Onitama, its default evaluator (`balanced`), depth 12. Only the peer's faster setup (with
/// its countermove tables) is timed here: without them it searches 2.7 times the nodes, about
/// a quarter of an hour of samples.
fn onitama(c: &mut Criterion) {
    compare(
        c,
        "onitama_4_positions",
        &onitama_positions(4),
        ply_onitama::Heuristic::Balanced,
        12,
        &[true],
    );
}

criterion_group!(benches, isolation, onitama);
criterion_main!(benches);
