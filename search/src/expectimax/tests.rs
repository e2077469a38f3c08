//! Expectimax against a plain recursion on random trees with chance nodes, every pruning and
//! the table on and off; and the nodes each pruning saves.

use super::{Expectimax, ExpectimaxOptions, Pruning};
use crate::chance::ChanceList;
use crate::tree::ChanceTree;
use crate::{Game, Limits, Player, Searcher, Zero};
use proptest::prelude::*;

/// Expectimax as AIMA writes it, from `player`'s point of view: a plain recursion on the
/// rules alone, sharing no code with the searcher.
fn reference(state: &ChanceTree, player: Player) -> f64 {
    if state.is_terminal() {
        return state.terminal_value(player) as f64;
    }
    if state.is_chance_node() {
        let mut outcomes = ChanceList::new();
        state.chance_outcomes(&mut outcomes);
        let total: f64 = outcomes.iter().map(|c| c.weight as f64).sum();
        return outcomes
            .iter()
            .map(|c| c.weight as f64 / total * reference(&state.play(c.outcome), player))
            .sum();
    }
    let values = state
        .legal_moves()
        .into_iter()
        .map(|mv| reference(&state.play(mv), player));
    if state.to_move() == player {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

fn options(pruning: Pruning, table: bool) -> ExpectimaxOptions {
    ExpectimaxOptions {
        pruning,
        tt_bytes: if table { 1 << 16 } else { 0 },
    }
}

/// The root's value and the nodes a full-depth search took.
fn search(tree: &ChanceTree, pruning: Pruning, table: bool) -> (f64, u64, Option<u32>) {
    let mut searcher = Expectimax::new(Zero, options(pruning, table));
    let result = searcher.search(tree, &Limits::depth(64));
    // The score is rounded; the exact value is the best move's reference value.
    (result.score as f64, result.stats.nodes, result.best_move)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_pruning_gives_plain_expectimaxs_value(seed in any::<u64>(), table in any::<bool>()) {
        let tree = ChanceTree::random(seed, 5, 4, 100);
        let me = tree.to_move();
        let exact = reference(&tree, me);
        for pruning in [Pruning::None, Pruning::Star1, Pruning::Star2] {
            let (score, _, best) = search(&tree, pruning, table);
            // Rounded to a whole score: within a half, and the reference's own rounding error
            // (7.5 summed in floating point can come out as 7.499999999999999).
            prop_assert!((score - exact).abs() <= 0.5 + 1e-9, "{pruning:?}: {score} for {exact} in {tree}");
            if let Some(best) = best.filter(|_| !tree.is_chance_node()) {
                // The move chosen is worth the root's value, not merely scored so.
                let chosen = reference(&tree.play(best), me);
                prop_assert!((chosen - exact).abs() < 1e-9, "{pruning:?} chose {best}: {chosen} < {exact} in {tree}");
            }
        }
    }
}

/// A tree whose value is exactly 7.5, which the reference sums to 7.499999999999999: the
/// searches round it to 7 or 8 by their path, both within the half a whole score allows.
#[test]
fn a_value_of_a_half_rounds_either_way_within_the_margin() {
    let tree = ChanceTree::random(15188765211423708983, 5, 4, 100);
    let exact = reference(&tree, tree.to_move());
    assert!((exact - 7.5).abs() < 1e-9, "{exact}");
    for table in [false, true] {
        for pruning in [Pruning::None, Pruning::Star1, Pruning::Star2] {
            let (score, _, _) = search(&tree, pruning, table);
            assert!(score == 7.0 || score == 8.0, "{pruning:?} {table}: {score}");
        }
    }
}

#[test]
fn star1_never_visits_more_nodes_than_plain_and_star2_fewer_in_all() {
    let (mut plain_total, mut star1_total, mut star2_total) = (0, 0, 0);
    for seed in 0..400 {
        let tree = ChanceTree::random(seed, 6, 4, 100);
        let (_, plain, _) = search(&tree, Pruning::None, false);
        let (_, star1, _) = search(&tree, Pruning::Star1, false);
        let (_, star2, _) = search(&tree, Pruning::Star2, false);
        assert!(star1 <= plain, "seed {seed}: star1 {star1} > plain {plain}");
        (plain_total, star1_total, star2_total) = (
            plain_total + plain,
            star1_total + star1,
            star2_total + star2,
        );
    }
    assert!(star1_total < plain_total, "{star1_total} vs {plain_total}");
    assert!(star2_total < plain_total, "{star2_total} vs {plain_total}");
}

#[test]
fn a_fair_coin_beats_a_sure_three() {
    let tree = ChanceTree::parse("[3,~[0,10]]").unwrap();
    let mut searcher = Expectimax::new(Zero, ExpectimaxOptions::DEFAULT);
    let result = searcher.search(&tree, &Limits::depth(2));
    assert_eq!((result.best_move, result.score), (Some(1), 5));
}

/// AIMA's figure of expectiminimax (5.11 in the third edition, its leaves 2 2 3 3 1 1 4 4):
/// MAX picks a1 (value 0.9 x 2 + 0.1 x 3 = 2.1) over a2 (1.3).
#[test]
fn aimas_figure_of_expectiminimax() {
    let tree = ChanceTree::parse("[~[9:[2,2],1:[3,3]],~[9:[1,1],1:[4,4]]]").unwrap();
    let me = tree.to_move();
    assert!((reference(&tree, me) - 2.1).abs() < 1e-12);
    for pruning in [Pruning::None, Pruning::Star1, Pruning::Star2] {
        let mut searcher = Expectimax::new(Zero, options(pruning, false));
        let result = searcher.search(&tree, &Limits::depth(3));
        assert_eq!(
            (result.best_move, result.score),
            (Some(0), 2),
            "{pruning:?}"
        );
    }
}

#[test]
fn weighted_trees_print_as_they_are_read() {
    for text in [
        "[~[9:[2,3],1:[1,4]],~[1,2]]",
        "~[[1,2],~[3,4]]",
        "[3,~[0,10]]",
    ] {
        assert_eq!(ChanceTree::parse(text).unwrap().to_string(), text);
    }
    for bad in ["~5", "[~[0:1,2]]", "[~[1001:1,2]]", "~[]"] {
        assert!(ChanceTree::parse(bad).is_err(), "{bad}");
    }
    // A deterministic tree has no chance nodes to offer.
    assert!(crate::tree::Tree::parse("[3,~[0,10]]").is_err());
}

#[test]
fn random_chance_trees_conform() {
    for seed in 0..20 {
        let tree = ChanceTree::random(seed, 5, 4, 50);
        crate::conformance::check(&tree, &crate::conformance::Config::quick());
    }
}

#[test]
fn a_node_limit_stops_the_search_with_a_legal_move() {
    let tree = ChanceTree::random(7, 8, 4, 100);
    let mut searcher = Expectimax::new(Zero, ExpectimaxOptions::DEFAULT);
    let result = searcher.search(&tree, &Limits::none().with_nodes(50));
    assert_eq!(result.stats.stopped_by, crate::StopReason::Nodes);
    assert!(result.stats.nodes <= 50);
    assert!(tree.legal_moves().contains(&result.best_move.unwrap()));
}
