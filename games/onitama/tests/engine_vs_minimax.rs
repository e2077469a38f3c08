//! Differential test: all 640 combinations of the engine's options return plain minimax's value
//! at the same depth on 1,000 random Onitama positions (100 in the README's test command, the
//! rest in `.ci/run`'s slow step).
//!
//! Unlike Isolation, an Onitama position can recur at another distance from the root (pieces
//! step back and forth, cards cycle), and a transposition-table entry searched deeper than needed
//! can then legitimately change a fixed-depth value. That case is excluded by construction: the
//! games run with a draw limit (`max-plies=120`), and within 128 plies of the limit the key
//! includes the ply count, so an entry is only ever reused at its own ply.

use ply_onitama::{Heuristic, Onitama};
use ply_search::conformance::play_random;
use ply_search::course::{minimax_decision, Options, Utility};
use ply_search::engine::{Engine, EngineOptions};
use ply_search::{Game, Limits, Rng, Searcher};

/// Calls `check` with `count` random positions (seeded by `seed`), each with a heuristic, a
/// depth from `depths` and plain minimax's value there. The games run with a draw limit near
/// enough that every table entry is reused only at its own ply (see the module's note). The
/// positions are drawn in order, then checked on two threads.
fn for_random_positions(
    count: usize,
    seed: u64,
    depths: std::ops::Range<u32>,
    check: impl Fn(&Onitama, Heuristic, u32, i32) + Sync,
) {
    let exact = Options {
        utility: Utility::ByDistance,
        ..Options::default()
    };
    let mut rng = Rng::new(seed);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let start = Onitama::from_spec(&format!(
            "onitama(deal=random,seed={},max-plies=120)",
            positions.len() % 50
        ))
        .unwrap();
        let state = play_random(&start, rng.below(40) as u32, &mut rng);
        if state.is_terminal() {
            continue;
        }
        let heuristic = Heuristic::ALL[positions.len() % Heuristic::ALL.len()];
        let depth = depths.start + rng.below((depths.end - depths.start) as u64) as u32;
        positions.push((state, heuristic, depth));
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((state, heuristic, depth)) = positions.get(i) else {
                    break;
                };
                let reference = minimax_decision(state, Some(*depth), heuristic, &exact);
                check(state, *heuristic, *depth, reference.value);
            });
        }
    });
}

#[test]
fn every_option_combination_matches_minimax_on_100_positions() {
    options_match_minimax_on(100);
}

/// The whole sample, too long for the README's test command.
mod slow {
    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn every_option_combination_matches_minimax_on_1000_positions() {
        super::options_match_minimax_on(1000);
    }
}

/// Every combination of the engine's options against minimax on `count` random positions.
fn options_match_minimax_on(count: usize) {
    let combos = EngineOptions::all_combinations(16 << 10);
    for_random_positions(count, 77, 1..4, |state, heuristic, depth, value| {
        for options in &combos {
            let mut engine = Engine::new(heuristic, options.clone());
            let result = engine.search(state, &Limits::depth(depth));
            assert_eq!(
                result.score,
                value,
                "`{}` {heuristic:?} depth {depth} {options:?}",
                state.position()
            );
        }
    });
}

/// The engine on 2 threads returns minimax's value at the same depth on 100 random positions
/// (depths 3 to 5), under the same draw limit that keeps every table entry at its own ply.
#[test]
fn parallel_search_matches_minimax() {
    for_random_positions(100, 78, 3..6, |state, heuristic, depth, value| {
        let mut engine = Engine::new(heuristic, EngineOptions::default().tt_mib(1).threads(2));
        let result = engine.search(state, &Limits::depth(depth));
        assert_eq!(
            result.score,
            value,
            "`{}` {heuristic:?} depth {depth}",
            state.position()
        );
    });
}
