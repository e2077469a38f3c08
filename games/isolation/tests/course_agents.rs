//! The course algorithms reproduce Udacity's sample players and the AIND node counts exactly.

use ply_isolation::{Heuristic, Isolation, Variant};
use ply_search::course::{alpha_beta_search, minimax_decision, Options, Utility};
use ply_search::{Game, Greedy, Limits, Searcher};
use serde_json::Value;

fn state_of(rec: &Value) -> Isolation {
    let board: u128 = rec["board"].as_str().unwrap().parse().unwrap();
    let loc = |v: &Value| v.as_u64().map(|n| n as u8);
    Isolation::from_parts(
        Variant::udacity(),
        board,
        rec["ply_count"].as_u64().unwrap() as u32,
        [loc(&rec["locs"][0]), loc(&rec["locs"][1])],
    )
    .unwrap()
}

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

/// `sample_players.py`: for each of the 174 recorded positions, `MinimaxPlayer`'s minimax
/// (own liberties - opponent liberties, no pruning) at depths 1 to 4 gives the same choice, the
/// same root values and the same number of `result()` calls; `GreedyPlayer` the same scores and
/// choice.
#[test]
fn udacity_sample_players_are_reproduced_exactly() {
    let records: Vec<Value> = include_str!("data/sample_agents.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 174);
    let options = Options {
        utility: Utility::Infinite,
        ..Options::default()
    };
    for (i, rec) in records.iter().enumerate() {
        let state = state_of(rec);
        let actions: Vec<i64> = state.actions().into_iter().map(i64::from).collect();
        assert_eq!(actions, ints(&rec["actions"]), "record {i}");

        let greedy = Greedy::new(Heuristic::Open);
        let scores: Vec<i64> = greedy
            .move_scores(&state)
            .iter()
            .map(|s| s.1 as i64)
            .collect();
        assert_eq!(
            scores,
            ints(&rec["greedy_scores"]),
            "record {i}: greedy scores"
        );
        let choice = Greedy::new(Heuristic::Open)
            .search(&state, &Limits::none())
            .best_move
            .unwrap();
        assert_eq!(
            state.format_move(choice),
            rec["greedy_choice"].to_string(),
            "record {i}: greedy"
        );

        for depth in 1..=4u32 {
            let expected = &rec["minimax"][depth.to_string().as_str()];
            let result = minimax_decision(&state, Some(depth), &Heuristic::Improved, &options);
            let ctx = format!("record {i} depth {depth}");
            assert_eq!(
                state.format_move(result.best_move.unwrap()),
                expected["choice"].to_string(),
                "{ctx}"
            );
            let values: Vec<i64> = result.root_values.iter().map(|&v| v as i64).collect();
            assert_eq!(values, ints(&expected["root_values"]), "{ctx}: root values");
            assert_eq!(
                result.counters.result_calls,
                expected["result_calls"].as_u64().unwrap(),
                "{ctx}"
            );

            // Alpha-beta: same value and choice, fewer nodes.
            let ab = alpha_beta_search(&state, Some(depth), &Heuristic::Improved, &options);
            assert_eq!(ab.value, result.value, "{ctx}: alpha-beta value");
            assert_eq!(ab.best_move, result.best_move, "{ctx}: alpha-beta choice");
            assert!(
                ab.counters.result_calls <= result.counters.result_calls,
                "{ctx}"
            );
        }
    }
}

/// AIND 7x7: full minimax from P1 at (2,3), P2 at (0,0) calls `forecast_move` 8, 24, 92, 418 and
/// 1650 times for depths 1 to 5.
#[test]
fn aind_minimax_node_counts() {
    let start = Isolation::from_spec("isolation(rules=aind)").unwrap();
    let state = start.play_notation(["(2,3)", "(0,0)"]).unwrap();
    let counts: Vec<u64> = (1..=5)
        .map(|d| {
            minimax_decision(&state, Some(d), &Heuristic::Improved, &Options::default())
                .counters
                .result_calls
        })
        .collect();
    assert_eq!(counts, [8, 24, 92, 418, 1650]);
}
