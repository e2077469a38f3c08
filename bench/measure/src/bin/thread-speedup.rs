//! The two-thread speed-up of the engine measured in pairs: one-thread and two-thread searches
//! of the parallel bench's workloads (8 knight Isolation 11x9 mid-games to depth 16, 4 Onitama
//! positions to depth 9; fresh engines with 16 MiB tables allocated before the clock),
//! alternated, each pair giving one ratio. On a machine whose speed drifts during a run (this
//! VM's changes by the minute), the ratio of two runs a second apart is steadier than the
//! ratio of two criterion medians taken minutes apart; the median ratio and its quartiles are
//! printed, with the median of the node counts' ratio (the work the second thread adds).
//!
//! Each pair is followed by a two-thread search with every thread at one depth (`stagger`
//! off, its ratio to one thread is `no stagger`: what the staggered depths are worth), and by
//! two one-thread searches run at once on two threads, sharing nothing: how much two cores this machine gives at that minute (`machine`: twice the
//! one-thread time over the slower of the two). On a dedicated machine it reads 2.00x; on a
//! shared VM it shows the ceiling the engine's ratio is measured under.
//!
//! `cargo run --release -p ply-bench --bin thread-speedup [-- --pairs 15]`

use ply_bench::paired::{pairs_from_command_line, quartiles};
use ply_bench::peers::{ply_engines_with, search_all, TABLE_BYTES};
use ply_bench::positions::{knight_midgames, onitama_positions};
use ply_search::engine::EngineOptions;
use ply_search::Evaluator;
use ply_search::SearchHints;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let pairs = match pairs_from_command_line(15) {
        Ok(pairs) => pairs,
        Err(exit) => return exit,
    };
    println!(
        "{:<32} {:>5} {:>13} {:>13} {:>8} {:>13} {:>13} {:>11} {:>11} {:>9}",
        "workload",
        "pairs",
        "1 thread",
        "2 threads",
        "ratio",
        "quartiles",
        "range",
        "nodes 2/1",
        "no stagger",
        "machine"
    );
    report(
        "knight 11x9, 8 mid-games, d16",
        pairs,
        &ply_isolation::Heuristic::Improved,
        &knight_midgames(8),
        16,
    );
    report(
        "onitama, 4 positions, d9",
        pairs,
        &ply_onitama::Heuristic::Balanced,
        &onitama_positions(4),
        9,
    );
    ExitCode::SUCCESS
}

/// Milliseconds to search every position to `depth` on `threads` threads, and the nodes the
/// threads searched in all.
fn timed<G: SearchHints, E: Evaluator<G> + Clone>(
    evaluator: &E,
    positions: &[G],
    depth: u32,
    (threads, stagger): (usize, bool),
) -> (f64, u64) {
    let options = EngineOptions {
        tt_bytes: TABLE_BYTES,
        stagger,
        ..EngineOptions::default()
    }
    .threads(threads);
    let mut engines = ply_engines_with(evaluator, &options, positions.len());
    let start = Instant::now();
    let nodes = search_all(&mut engines, positions, depth);
    (start.elapsed().as_secs_f64() * 1e3, nodes)
}

/// Milliseconds two independent one-thread searches of every position take when run at
/// once on two threads (the slower of the two).
fn side_by_side<G: SearchHints, E: Evaluator<G> + Clone>(
    evaluator: &E,
    positions: &[G],
    depth: u32,
) -> f64 {
    let (mine, other) = std::thread::scope(|scope| {
        let other = scope.spawn(|| timed(evaluator, positions, depth, ONE).0);
        let mine = timed(evaluator, positions, depth, ONE).0;
        (mine, other.join().expect("a search does not panic"))
    });
    mine.max(other)
}

/// One thread; two as shipped; two with every thread at one depth.
const ONE: (usize, bool) = (1, true);
const TWO: (usize, bool) = (2, true);
const TWO_UNSTAGGERED: (usize, bool) = (2, false);

/// Runs `pairs` alternated pairs of one-thread and two-thread searches of `positions`, each
/// followed by an unstaggered two-thread run and a side-by-side run, and prints the medians
/// and the ratios' spread.
fn report<G: SearchHints, E: Evaluator<G> + Clone>(
    name: &str,
    pairs: usize,
    evaluator: &E,
    positions: &[G],
    depth: u32,
) {
    let mut ones = Vec::with_capacity(pairs);
    let mut twos = Vec::with_capacity(pairs);
    let mut ratios = Vec::with_capacity(pairs);
    let mut extra_nodes = Vec::with_capacity(pairs);
    let mut unstaggered = Vec::with_capacity(pairs);
    let mut machine = Vec::with_capacity(pairs);
    for _ in 0..pairs {
        let (one, one_nodes) = timed(evaluator, positions, depth, ONE);
        let (two, two_nodes) = timed(evaluator, positions, depth, TWO);
        ones.push(one);
        twos.push(two);
        ratios.push(one / two);
        extra_nodes.push(two_nodes as f64 / one_nodes as f64);
        unstaggered.push(one / timed(evaluator, positions, depth, TWO_UNSTAGGERED).0);
        machine.push(2.0 * one / side_by_side(evaluator, positions, depth));
    }
    let (q1, median, q3) = quartiles(&mut ratios);
    println!(
        "{:<32} {:>5} {:>10.1} ms {:>10.1} ms {:>7.2}x {:>13} {:>13} {:>10.2}x {:>10.2}x {:>8.2}x",
        name,
        pairs,
        quartiles(&mut ones).1,
        quartiles(&mut twos).1,
        median,
        format!("{q1:.2}-{q3:.2}x"),
        format!("{:.2}-{:.2}x", ratios[0], ratios[pairs - 1]),
        quartiles(&mut extra_nodes).1,
        quartiles(&mut unstaggered).1,
        quartiles(&mut machine).1,
    );
}
