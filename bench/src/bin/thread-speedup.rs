//! The two-thread speed-up of the engine measured in pairs: one-thread and two-thread searches
//! of the parallel bench's workloads (8 knight Isolation 11x9 mid-games to depth 16, 4 Onitama
//! positions to depth 9; fresh engines with 16 MiB tables allocated before the clock),
//! alternated, each pair giving one ratio. On a machine whose speed drifts during a run (this
//! VM's changes by the minute), the ratio of two runs a second apart is steadier than the
//! ratio of two criterion medians taken minutes apart; the median ratio and its quartiles are
//! printed.
//!
//! `cargo run --release -p ply-bench --bin thread-speedup [-- --pairs 15]`

use ply_bench::positions::{knight_midgames, onitama_positions};
use ply_search::engine::{Engine, EngineOptions};
use ply_search::{Evaluator, Game, Limits, Searcher};
use std::process::ExitCode;
use std::time::Instant;

/// The table every engine gets, as in `cargo bench --bench parallel`.
const TABLE_BYTES: usize = 16 << 20;

fn main() -> ExitCode {
    let pairs = match pairs_from(std::env::args().skip(1)) {
        Ok(pairs) => pairs,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    println!(
        "{:<32} {:>5} {:>13} {:>13} {:>8} {:>13} {:>13}",
        "workload", "pairs", "1 thread", "2 threads", "ratio", "quartiles", "range"
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

/// The number of pairs from `--pairs N` (default 15), or a one-line error naming the accepted
/// form.
fn pairs_from(mut args: impl Iterator<Item = String>) -> Result<usize, String> {
    let mut pairs = 15;
    while let Some(arg) = args.next() {
        let value = match arg.as_str() {
            "--pairs" => args.next(),
            other => match other.strip_prefix("--pairs=") {
                Some(value) => Some(value.to_string()),
                None => return Err(format!("unknown argument '{other}' (accepted: --pairs N)")),
            },
        };
        pairs = value
            .as_deref()
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                format!(
                    "--pairs takes a whole number of at least 1, got '{}'",
                    value.unwrap_or_default()
                )
            })?;
    }
    Ok(pairs)
}

/// Milliseconds to search every position to `depth` on `threads` threads.
fn timed<G: Game, E: Evaluator<G> + Clone>(
    evaluator: &E,
    positions: &[G],
    depth: u32,
    threads: usize,
) -> f64 {
    let mut engines: Vec<Engine<G, E>> = positions
        .iter()
        .map(|_| {
            let options = EngineOptions {
                tt_bytes: TABLE_BYTES,
                ..EngineOptions::default()
            }
            .threads(threads);
            let mut engine = Engine::new(evaluator.clone(), options);
            engine.allocate_table();
            engine
        })
        .collect();
    let start = Instant::now();
    for (engine, state) in engines.iter_mut().zip(positions) {
        engine.search(state, &Limits::depth(depth));
    }
    start.elapsed().as_secs_f64() * 1e3
}

/// Runs `pairs` alternated pairs of one-thread and two-thread searches of `positions` and
/// prints the medians and the ratios' spread.
fn report<G: Game, E: Evaluator<G> + Clone>(
    name: &str,
    pairs: usize,
    evaluator: &E,
    positions: &[G],
    depth: u32,
) {
    let mut ones = Vec::with_capacity(pairs);
    let mut twos = Vec::with_capacity(pairs);
    let mut ratios = Vec::with_capacity(pairs);
    for _ in 0..pairs {
        let one = timed(evaluator, positions, depth, 1);
        let two = timed(evaluator, positions, depth, 2);
        ones.push(one);
        twos.push(two);
        ratios.push(one / two);
    }
    let (q1, median, q3) = quartiles(&mut ratios);
    println!(
        "{:<32} {:>5} {:>10.1} ms {:>10.1} ms {:>7.2}x {:>13} {:>13}",
        name,
        pairs,
        quartiles(&mut ones).1,
        quartiles(&mut twos).1,
        median,
        format!("{q1:.2}-{q3:.2}x"),
        format!("{:.2}-{:.2}x", ratios[0], ratios[pairs - 1]),
    );
}

/// The lower quartile, median and upper quartile of `values` (sorted in place), by the
/// nearest rank.
fn quartiles(values: &mut [f64]) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    (at(0.25), at(0.5), at(0.75))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<usize, String> {
        pairs_from(args.iter().map(|a| a.to_string()))
    }

    #[test]
    fn pairs_are_read_in_both_forms_with_a_default() {
        assert_eq!(parse(&[]), Ok(15));
        assert_eq!(parse(&["--pairs", "4"]), Ok(4));
        assert_eq!(parse(&["--pairs=7"]), Ok(7));
    }

    #[test]
    fn bad_pairs_name_the_accepted_form() {
        for bad in [
            &["--pairs", "0"][..],
            &["--pairs", "x"],
            &["--pairs"],
            &["--fast"],
        ] {
            let error = parse(bad).unwrap_err();
            assert!(error.contains("--pairs"), "{bad:?}: {error}");
        }
    }

    #[test]
    fn quartiles_are_by_nearest_rank() {
        let mut values = [5.0, 1.0, 3.0, 2.0, 4.0];
        assert_eq!(quartiles(&mut values), (2.0, 3.0, 4.0));
    }
}
