//! Differential test: all 320 combinations of the engine's options return plain minimax's value
//! at the same depth on 1,000 random Onitama positions.
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

#[test]
fn every_option_combination_matches_minimax_on_1000_positions() {
    let combos = EngineOptions::all_combinations(16 << 10);
    let exact = Options {
        utility: Utility::ByDistance,
        ..Options::default()
    };
    let mut rng = Rng::new(77);
    let mut positions = 0;
    while positions < 1000 {
        let start = Onitama::from_spec(&format!(
            "onitama(deal=random,seed={},max-plies=120)",
            positions % 50
        ))
        .unwrap();
        let state = play_random(&start, rng.below(40) as u32, &mut rng);
        if state.is_terminal() {
            continue;
        }
        let heuristic = Heuristic::ALL[positions % Heuristic::ALL.len()];
        let depth = 1 + rng.below(3) as u32;
        let reference = minimax_decision(&state, Some(depth), &heuristic, &exact);
        for options in &combos {
            let mut engine = Engine::new(heuristic, options.clone());
            let result = engine.search(&state, &Limits::depth(depth));
            assert_eq!(
                result.score,
                reference.value,
                "`{}` {heuristic:?} depth {depth} {options:?}",
                state.position()
            );
        }
        positions += 1;
    }
}

/// The engine on 2 threads returns minimax's value at the same depth on 100 random positions
/// (depths 3 to 5), under the same draw limit that keeps every table entry at its own ply.
#[test]
fn parallel_search_matches_minimax() {
    let exact = Options {
        utility: Utility::ByDistance,
        ..Options::default()
    };
    let mut rng = Rng::new(78);
    let mut positions = 0;
    while positions < 100 {
        let start = Onitama::from_spec(&format!(
            "onitama(deal=random,seed={},max-plies=120)",
            positions % 50
        ))
        .unwrap();
        let state = play_random(&start, rng.below(40) as u32, &mut rng);
        if state.is_terminal() {
            continue;
        }
        let heuristic = Heuristic::ALL[positions % Heuristic::ALL.len()];
        let depth = 3 + rng.below(3) as u32;
        let reference = minimax_decision(&state, Some(depth), &heuristic, &exact);
        let mut engine = Engine::new(heuristic, EngineOptions::default().tt_mib(1).threads(2));
        let result = engine.search(&state, &Limits::depth(depth));
        assert_eq!(
            result.score,
            reference.value,
            "`{}` {heuristic:?} depth {depth}",
            state.position()
        );
        positions += 1;
    }
}
