//! How well searches hold their time limit: for each agent spec with `time=100ms`, on 20
//! seeded mid-game positions of knight Isolation 11x9 and of Onitama, the wall time of
//! `select_move` beyond 100 ms, median and max. Each agent is built fresh; "game set-up" calls
//! `new_game` first (as the arena and `ply play` do before a game, so the table is allocated
//! before the clock), "cold" lets the first search allocate its table inside its limit.
//!
//! `cargo run --release -p ply-bench --bin time-limits`

use ply_isolation::Isolation;
use ply_onitama::Onitama;
use ply_search::agents::build_agent;
use ply_search::describe::{FromSpec, NamedEvaluators};
use ply_search::Rng;
use ply_search::SearchHints;
use std::time::{Duration, Instant};

const LIMIT: Duration = Duration::from_millis(100);
const POSITIONS: usize = 20;

fn main() {
    let agents = [
        "alphabeta(time=100ms)",
        "alphabeta(time=100ms,tt=256MiB)",
        "mcts(time=100ms)",
        "mcts(time=100ms,threads=2)",
    ];
    let onitama = Onitama::from_spec_text("onitama").expect("the seed's deal");
    println!(
        "{:<10} {:<34} {:<10} {:>14} {:>12}",
        "game", "agent", "set-up", "median over", "max over"
    );
    for agent in agents {
        for warm in [true, false] {
            row("isolation", &Isolation::udacity(), agent, warm);
            row("onitama", &onitama, agent, warm);
        }
    }
}

/// A position `plies` random plies from the start (seeded by `index`), still going.
fn position<G: SearchHints>(start: &G, index: usize) -> G {
    let mut rng = Rng::new(1_000 + index as u64);
    loop {
        let mut state = start.clone();
        for _ in 0..8 {
            match state.random_move(&mut rng) {
                Some(mv) => state = state.play(mv),
                None => break,
            }
        }
        if !state.is_terminal() {
            return state;
        }
    }
}

fn row<G: NamedEvaluators + SearchHints>(name: &str, start: &G, agent: &str, warm: bool) {
    let mut over: Vec<f64> = (0..POSITIONS)
        .map(|i| {
            let state = position(start, i);
            let mut searcher = build_agent::<G>(agent).expect("a valid agent spec");
            if warm {
                searcher.new_game();
            }
            let clock = Instant::now();
            searcher.select_move(&state);
            (clock.elapsed().as_secs_f64() - LIMIT.as_secs_f64()) * 1e3
        })
        .collect();
    over.sort_by(f64::total_cmp);
    println!(
        "{:<10} {:<34} {:<10} {:>11.2} ms {:>9.2} ms",
        name,
        agent,
        if warm { "game" } else { "cold" },
        over[POSITIONS / 2],
        over[POSITIONS - 1]
    );
}
