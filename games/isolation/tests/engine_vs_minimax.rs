//! Differential test: every combination of the engine's options (640) returns plain minimax's
//! value at the same fixed depth, on 1,000 random Isolation positions (100 in the README's test
//! command, the rest in `.ci/run`'s slow step), and plays a move that minimax rates best.
//!
//! The one legitimate way a transposition table can change a fixed-depth value (an entry
//! searched deeper than needed, because the position recurs nearer the root) cannot happen
//! here: an Isolation position's ply count is its number of blocked cells, so a position only
//! ever recurs at the same distance from the root. No case needs excluding.

use ply_isolation::{Heuristic, Isolation, Move};
use ply_search::conformance::play_random;
use ply_search::course::{minimax_decision, CourseResult, Options, Utility};
use ply_search::engine::{Engine, EngineOptions};
use ply_search::{Game, Limits, Rng, SearchResult, Searcher, StopReason};

fn starts() -> Vec<Isolation> {
    [
        "isolation",
        "isolation(rules=standard)",
        "isolation(rules=aind)",
        "isolation(width=5,height=5,rules=standard)",
        "isolation(width=4,height=4)",
    ]
    .iter()
    .map(|s| Isolation::from_spec(s).unwrap())
    .collect()
}

/// Asserts that a search found plain minimax's value, and a move minimax rates best.
fn assert_matches_minimax(
    state: &Isolation,
    result: &SearchResult<Move>,
    reference: &CourseResult<Move>,
    context: &str,
) {
    assert_eq!(result.score, reference.value, "{context}");
    let index = state
        .legal_moves()
        .iter()
        .position(|&m| Some(m) == result.best_move)
        .expect("a legal move");
    assert_eq!(
        reference.root_values[index], reference.value,
        "the move is minimax-best: {context}"
    );
}

#[test]
fn every_option_combination_matches_minimax_on_100_positions() {
    options_match_minimax_on(100, 3);
}

/// The whole sample, too long for the README's test command.
mod slow {
    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn every_option_combination_matches_minimax_on_1000_positions() {
        super::options_match_minimax_on(1000, 50);
    }
}

/// Every combination of the engine's options against minimax on `count` random positions
/// (the first of a fixed sequence, so a smaller sample is the start of a larger one), of which
/// at least `decisive_at_least` are won or lost within the depth.
fn options_match_minimax_on(count: usize, decisive_at_least: usize) {
    let combos = EngineOptions::all_combinations(16 << 10);
    assert_eq!(combos.len(), 640);
    let starts = starts();
    let mut rng = Rng::new(2024);
    let exact = Options {
        utility: Utility::ByDistance,
        ..Options::default()
    };
    let mut positions = 0;
    let mut decisive = 0;
    while positions < count {
        let start = &starts[positions % starts.len()];
        let plies = 2 + rng.below(40) as u32;
        let state = play_random(start, plies, &mut rng);
        if state.is_terminal() {
            continue;
        }
        let heuristic = Heuristic::ALL[positions % Heuristic::ALL.len()];
        let depth = 1 + rng.below(4) as u32;
        let reference = minimax_decision(&state, Some(depth), &heuristic, &exact);
        if ply_search::score::is_decisive(reference.value) {
            decisive += 1;
        }
        for options in &combos {
            let mut engine = Engine::new(heuristic, options.clone());
            let result = engine.search(&state, &Limits::depth(depth));
            let context = format!(
                "position `{}` ({}), {heuristic:?}, depth {depth}, {options:?}",
                state.position(),
                state.spec()
            );
            assert_matches_minimax(&state, &result, &reference, &context);
        }
        positions += 1;
    }
    assert!(
        decisive >= decisive_at_least,
        "the sample includes won and lost positions ({decisive})"
    );
}

/// The engine takes the quickest win: from a position where player 0 can win at once or later,
/// its score is a win in 1.
#[test]
fn quick_wins_are_preferred() {
    let mut rng = Rng::new(5);
    let mut found = 0;
    for _ in 0..4000 {
        let state = play_random(
            &Isolation::from_spec("isolation(rules=standard)").unwrap(),
            30 + rng.below(30) as u32,
            &mut rng,
        );
        if state.is_terminal() {
            continue;
        }
        // Positions where some move wins at once (the opponent is then stuck).
        let wins_now = state
            .legal_moves()
            .iter()
            .any(|&m| state.play(m).is_terminal());
        if !wins_now {
            continue;
        }
        let mut engine = Engine::new(Heuristic::Improved, EngineOptions::default().tt_mib(1));
        let result = engine.search(&state, &Limits::depth(5));
        assert_eq!(
            result.score,
            ply_search::score::win_in(1),
            "position `{}`",
            state.position()
        );
        assert!(state.play(result.best_move.unwrap()).is_terminal());
        found += 1;
    }
    assert!(found > 20);
}

/// Regression: a losing position after a positive first guess once made the aspiration window
/// widen forever (alpha stayed above the loss score). It must end with minimax's value.
#[test]
fn aspiration_reaches_a_loss_after_a_positive_guess() {
    let start = Isolation::from_spec("isolation(width=4,height=4)").unwrap();
    let state = start.parse_position("3416909 6 19 14").unwrap();
    let exact = Options {
        utility: Utility::ByDistance,
        ..Options::default()
    };
    for depth in 1..=4 {
        let reference = minimax_decision(&state, Some(depth), &Heuristic::Paper(2), &exact);
        let mut engine = Engine::new(
            Heuristic::Paper(2),
            EngineOptions {
                aspiration_window: 2,
                ..EngineOptions::default()
            },
        );
        assert_eq!(
            engine.search(&state, &Limits::depth(depth)).score,
            reference.value,
            "depth {depth}"
        );
    }
}

/// The engine on 2 and 3 threads (Lazy SMP with deferred moves) returns plain minimax's value
/// at the same depth, and a move minimax rates best, on 120 random positions searched deep
/// enough (up to 6 plies) that the threads defer moves to each other. Knight Isolation has no
/// transpositions across depths, so every table entry a thread uses is of the searched depth.
#[test]
fn parallel_search_matches_minimax() {
    let starts = starts();
    let mut rng = Rng::new(611);
    let exact = Options {
        utility: Utility::ByDistance,
        ..Options::default()
    };
    let mut positions = 0;
    while positions < 120 {
        let state = play_random(
            &starts[positions % starts.len()],
            2 + rng.below(30) as u32,
            &mut rng,
        );
        if state.is_terminal() {
            continue;
        }
        let heuristic = Heuristic::ALL[positions % Heuristic::ALL.len()];
        let depth = 3 + rng.below(4) as u32;
        let reference = minimax_decision(&state, Some(depth), &heuristic, &exact);
        let one_thread = Engine::new(heuristic, EngineOptions::default().tt_mib(1))
            .search(&state, &Limits::depth(depth));
        for threads in [2, 3] {
            let options = EngineOptions::default().tt_mib(1).threads(threads);
            let mut engine = Engine::new(heuristic, options);
            let result = engine.search(&state, &Limits::depth(depth));
            let context = format!(
                "position `{}` ({}), {heuristic:?}, depth {depth}, {threads} threads",
                state.position(),
                state.spec()
            );
            assert_matches_minimax(&state, &result, &reference, &context);
            // The depth reached: the limit, or less where a proven result ends the search.
            // A staggered thread may prove the result one depth beyond the iteration where
            // one thread proves it (and the proof's value is the same at every depth).
            assert_eq!(
                result.stats.stopped_by, one_thread.stats.stopped_by,
                "{context}"
            );
            if one_thread.stats.stopped_by == StopReason::Solved {
                assert!(
                    (one_thread.stats.depth..=depth).contains(&result.stats.depth),
                    "{context}: proven at depth {} on {threads} threads, {} on one",
                    result.stats.depth,
                    one_thread.stats.depth
                );
            } else {
                assert_eq!(result.stats.depth, depth, "{context}");
            }
        }
        positions += 1;
    }
}
