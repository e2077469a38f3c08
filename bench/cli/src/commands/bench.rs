//! `ply bench`: a fixed suite of positions from every game searched to fixed depths. The total
//! node count is a fingerprint that changes only when search behaviour changes; nodes per
//! second is the speed figure.

use crate::error::CliError;
use ply_registry::with_game;
use ply_registry::Prebuilt;
use ply_registry::{bench_suite, AnyGame};
use ply_search::describe::BenchLine;
use ply_search::Rng;
use std::io::Write;
use std::time::Instant;

/// Position `index` of a suite line: `plies` random moves from the start, from a fixed seed.
pub(crate) fn suite_position<G: ply_search::SearchHints>(start: &G, plies: u32, index: usize) -> G {
    let mut rng = Rng::new(1_000 + index as u64);
    let mut state = start.clone();
    for _ in 0..plies {
        match state.random_move(&mut rng) {
            Some(mv) if !state.play(mv).is_terminal() => state = state.play(mv),
            _ => break,
        }
    }
    state
}

/// Searches every position of the suite; prints a line per suite line and the totals.
pub fn run(out: &mut dyn Write) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    // The suite is every registered game's bench lines (`FromSpec::SHOWCASE`). MCTS with a
    // seed and an iteration limit is as deterministic as alpha-beta; its nodes are positions
    // made (tree steps and playout moves).
    for BenchLine {
        game,
        agent,
        positions,
        plies,
    } in bench_suite()
    {
        let (nodes, secs) =
            with_game!(AnyGame::from_spec(game)?, start => line(&start, agent, positions, plies)?);
        writeln!(
            out,
            "{:<24} {:<32} {} positions  {:>12} nodes  {:>8.3} s  {:>6.2} M nodes/s",
            game,
            agent,
            positions,
            nodes,
            secs,
            nodes as f64 / secs.max(1e-9) / 1e6
        )
        .map_err(io)?;
        total_nodes += nodes;
        total_secs += secs;
    }
    writeln!(
        out,
        "total: {total_nodes} nodes in {total_secs:.3} s, {:.2} M nodes/s (the node count is the search fingerprint)",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    )
    .map_err(io)
}

fn line<G: Prebuilt>(
    start: &G,
    agent: &str,
    positions: usize,
    plies: u32,
) -> Result<(u64, f64), CliError> {
    let (mut nodes, mut secs) = (0u64, 0f64);
    for i in 0..positions {
        let state = suite_position(start, plies, i);
        // A fresh agent per position: nothing carries over from one search to the next.
        let mut searcher = G::build_agent(agent)?;
        // Set-up (the engine's table) before the clock, as a game does before its first move.
        searcher.new_game();
        let clock = Instant::now();
        let result = searcher.select_move(&state);
        secs += clock.elapsed().as_secs_f64();
        nodes += result.stats.nodes;
    }
    Ok((nodes, secs))
}
