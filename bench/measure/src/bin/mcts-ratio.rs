//! ply's MCTS against the `treant` crate's, timed in alternated pairs: UCT with random
//! playouts to the end on Udacity's 11x9 knight Isolation from the opening, 20,000 iterations
//! a search, one thread each, the same playouts (see `ply_bench::treant_peer`). Each pair
//! times five ply searches, then five treant searches, and gives one ratio; the median ratio,
//! its quartiles and range are printed, with each side's median iterations a second. The
//! criterion bench (`cargo bench -p ply-bench --bench mcts`) times the same searches minutes
//! apart, which this VM's drifting speed makes a loose ratio.
//!
//! `cargo run --release -p ply-bench --bin mcts-ratio [-- --pairs 15]`

use ply_bench::paired::{pairs_from_command_line, quartiles};
use ply_bench::treant_peer::{comparable_ply_options, treant_manager};
use ply_isolation::Isolation;
use ply_search::mcts::Mcts;
use ply_search::{Limits, Searcher, Zero};
use std::process::ExitCode;
use std::time::Instant;

/// Iterations of one search, as in the criterion bench.
const ITERATIONS: u64 = 20_000;

/// Searches timed together on each side of a pair.
const SEARCHES: u32 = 5;

fn main() -> ExitCode {
    let pairs = match pairs_from_command_line(15) {
        Ok(pairs) => pairs,
        Err(exit) => return exit,
    };
    let (mut ply, mut treant, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..pairs {
        let ours = seconds(|| {
            let mut mcts = Mcts::new(Zero, comparable_ply_options());
            let limits = Limits {
                iterations: Some(ITERATIONS),
                ..Limits::none()
            };
            let done = mcts.search(&Isolation::udacity(), &limits);
            assert_eq!(done.stats.mcts.map(|m| m.iterations), Some(ITERATIONS));
        });
        let theirs = seconds(|| {
            let mut manager = treant_manager(Isolation::udacity());
            manager.playout_n(ITERATIONS);
        });
        ply.push(ITERATIONS as f64 / ours);
        treant.push(ITERATIONS as f64 / theirs);
        ratios.push(theirs / ours);
    }
    let (q1, median, q3) = quartiles(&mut ratios);
    println!(
        "{:<44} {:>5} {:>15} {:>15} {:>8} {:>13} {:>13}",
        "workload", "pairs", "ply", "treant", "ratio", "quartiles", "range"
    );
    println!(
        "{:<44} {:>5} {:>11.0} k/s {:>11.0} k/s {:>7.2}x {:>13} {:>13}",
        "UCT, 11x9 opening, 20,000 iterations, 1 thread",
        pairs,
        quartiles(&mut ply).1 / 1e3,
        quartiles(&mut treant).1 / 1e3,
        median,
        format!("{q1:.2}-{q3:.2}x"),
        format!("{:.2}-{:.2}x", ratios[0], ratios[pairs - 1]),
    );
    ExitCode::SUCCESS
}

/// Seconds one search takes, the mean of [`SEARCHES`] run back to back.
fn seconds(mut search: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..SEARCHES {
        search();
    }
    start.elapsed().as_secs_f64() / SEARCHES as f64
}
