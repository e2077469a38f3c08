//! ply's alpha-beta engine against the `minimax` crate's `IterativeSearch` (with its
//! countermove tables, its best setup), timed in alternated pairs: each pair searches the
//! peer bench's positions with fresh ply engines, then with fresh peers (the same positions,
//! move generator, evaluator, 16 MiB tables and depth; see `ply_bench::peers`), and gives one
//! ratio. The median ratio, its quartiles and range are printed, with each side's median time
//! and node count. 8 knight Isolation 11x9 mid-games to depth 16, and 4 Onitama positions to
//! depth 10 (depth 12 is the criterion bench's, `cargo bench -p ply-bench --bench peer`: about
//! a minute and a half a peer sample). Criterion times the two sides minutes apart, which
//! this VM's drifting speed makes a loose ratio; a pair is seconds apart.
//!
//! `cargo run --release -p ply-bench --bin peer-ratio [-- --pairs 9]`
//!
//! With `--once <ply|peer> <knight|onitama>` it searches one workload once with one side and
//! prints its time, for counting each side's instructions, branch mispredictions and cache
//! misses, which do not drift with the hour:
//! `valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes target/release/peer-ratio --once peer knight`.

use ply_bench::paired::{pairs_from_command_line, quartiles};
use ply_bench::peers::{iterative_search, ply_engines, search_all};
use ply_bench::positions::{knight_midgames, onitama_positions};
use ply_search::Evaluator;
use ply_search::SearchHints;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match once_from(&args) {
        Some(Ok((ply, knight))) => {
            once(ply, knight);
            return ExitCode::SUCCESS;
        }
        Some(Err(message)) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
        None => {}
    }
    let pairs = match pairs_from_command_line(9) {
        Ok(pairs) => pairs,
        Err(exit) => return exit,
    };
    println!(
        "{:<34} {:>5} {:>10} {:>12} {:>10} {:>8} {:>13} {:>13}",
        "workload", "pairs", "ply", "ply nodes", "peer", "ratio", "quartiles", "range"
    );
    report(
        "knight 11x9, 8 mid-games, d16",
        pairs,
        &ply_isolation::Heuristic::Improved,
        &knight_midgames(8),
        16,
    );
    report(
        "onitama, 4 positions, d10",
        pairs,
        &ply_onitama::Heuristic::Balanced,
        &onitama_positions(4),
        10,
    );
    ExitCode::SUCCESS
}

/// `--once <ply|peer> <knight|onitama>` read from the arguments: `(ply, knight)`, or the
/// error naming the accepted form; `None` if the arguments do not start with `--once`.
fn once_from(args: &[String]) -> Option<Result<(bool, bool), String>> {
    if args.first().map(String::as_str) != Some("--once") {
        return None;
    }
    let rest: Vec<&str> = args[1..].iter().map(String::as_str).collect();
    Some(match rest[..] {
        [side @ ("ply" | "peer"), workload @ ("knight" | "onitama")] => {
            Ok((side == "ply", workload == "knight"))
        }
        _ => Err(format!(
            "bad arguments {rest:?} after --once; expected --once <ply|peer> <knight|onitama>"
        )),
    })
}

/// One search of one workload by one side (`--once`), its time printed.
fn once(ply: bool, knight: bool) {
    if knight {
        once_on(
            ply,
            &ply_isolation::Heuristic::Improved,
            &knight_midgames(8),
            16,
        );
    } else {
        once_on(
            ply,
            &ply_onitama::Heuristic::Balanced,
            &onitama_positions(4),
            10,
        );
    }
}

/// [`once`] on `positions` at `depth`.
fn once_on<G: SearchHints, E: Evaluator<G> + Clone + 'static>(
    ply: bool,
    evaluator: &E,
    positions: &[G],
    depth: u32,
) {
    if ply {
        let (seconds, nodes) = time_ply(evaluator, positions, depth);
        println!("ply: {seconds:.3} s, {nodes} nodes");
    } else {
        println!("peer: {:.3} s", time_peer(evaluator, positions, depth));
    }
}

/// Seconds for fresh ply engines (set up outside the timing) to search every position to
/// `depth`, and their nodes.
fn time_ply<G: SearchHints, E: Evaluator<G> + Clone>(
    evaluator: &E,
    positions: &[G],
    depth: u32,
) -> (f64, u64) {
    let mut engines = ply_engines(evaluator, positions.len());
    let start = Instant::now();
    let nodes = search_all(&mut engines, positions, depth);
    (start.elapsed().as_secs_f64(), nodes)
}

/// Seconds for fresh peers (`IterativeSearch` with its countermoves, set up outside the
/// timing) to choose a move in every position at `depth`.
fn time_peer<G: SearchHints, E: Evaluator<G> + Clone + 'static>(
    evaluator: &E,
    positions: &[G],
    depth: u32,
) -> f64 {
    use minimax::Strategy;
    let mut peers: Vec<_> = positions
        .iter()
        .map(|_| iterative_search(evaluator, true, depth))
        .collect();
    let start = Instant::now();
    for (peer, state) in peers.iter_mut().zip(positions) {
        peer.choose_move(state);
    }
    start.elapsed().as_secs_f64()
}

/// Times `pairs` pairs on `positions` at `depth` and prints one line.
fn report<G: SearchHints, E: Evaluator<G> + Clone + 'static>(
    name: &str,
    pairs: usize,
    evaluator: &E,
    positions: &[G],
    depth: u32,
) {
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let mut nodes = 0;
    for _ in 0..pairs {
        let (ply, ply_nodes) = time_ply(evaluator, positions, depth);
        let peer = time_peer(evaluator, positions, depth);
        nodes = ply_nodes;
        ours.push(ply);
        theirs.push(peer);
        ratios.push(peer / ply);
    }
    let (q1, median, q3) = quartiles(&mut ratios);
    println!(
        "{:<34} {:>5} {:>8.3} s {:>12} {:>8.3} s {:>7.2}x {:>13} {:>13}",
        name,
        pairs,
        quartiles(&mut ours).1,
        nodes,
        quartiles(&mut theirs).1,
        median,
        format!("{q1:.2}-{q3:.2}x"),
        format!("{:.2}-{:.2}x", ratios[0], ratios[pairs - 1]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Option<Result<(bool, bool), String>> {
        once_from(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn once_names_a_side_and_a_workload() {
        assert_eq!(
            parse(&["--once", "peer", "knight"]),
            Some(Ok((false, true)))
        );
        assert_eq!(
            parse(&["--once", "ply", "onitama"]),
            Some(Ok((true, false)))
        );
        assert_eq!(parse(&["--pairs", "3"]), None);
    }

    #[test]
    fn a_bad_once_names_the_accepted_form() {
        for bad in [
            &["--once"][..],
            &["--once", "ply"],
            &["--once", "us", "knight"],
            &["--once", "ply", "knight", "x"],
        ] {
            let error = parse(bad).unwrap().unwrap_err();
            assert!(
                error.contains("--once <ply|peer> <knight|onitama>"),
                "{bad:?}: {error}"
            );
        }
    }
}
