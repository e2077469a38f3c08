//! MCTS on explicit trees: the solver proves minimax's value, seeded runs are identical, the
//! parallel modes and the limits behave, the tree is reused.

use ply_search::mcts::{FinalChoice, Mcts, MctsOptions, Parallel, Selection};
use ply_search::solver::exhaustive::all_values;
use ply_search::tree::Tree;
use ply_search::{Game, Limits, Searcher, StopFlag, Zero};
use std::time::Duration;

fn iterations(n: u64) -> Limits {
    Limits {
        iterations: Some(n),
        ..Limits::none()
    }
}

#[test]
fn the_solver_proves_minimax_value_on_random_trees() {
    let mut proven = 0;
    for seed in 0..60 {
        let tree = Tree::random(seed, 5, 3, 20);
        let truth = all_values(&tree)[&tree];
        let mut mcts = Mcts::new(Zero, MctsOptions::default());
        let result = mcts.search(&tree, &iterations(200_000));
        let stats = result.stats.mcts.unwrap();
        // Leaves count by sign: the proof is the sign of the minimax value.
        let want = match truth.signum() {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        };
        assert_eq!(
            stats.proven_root.as_deref(),
            Some(want),
            "tree {seed}: {tree}"
        );
        assert_eq!(result.stats.stopped_by, ply_search::StopReason::Solved);
        // A proven win is played by a winning move.
        if truth > 0 {
            let child = tree.play(result.best_move.unwrap());
            assert!(all_values(&tree)[&child] < 0, "tree {seed}");
        }
        proven += 1;
    }
    assert_eq!(proven, 60);
}

#[test]
fn without_the_solver_enough_iterations_find_a_winning_move() {
    // AIMA figure 5.2 with signs: leaves count by sign (win or loss), and only the first move
    // wins against every reply.
    let tree = Tree::parse("[[3,12,8],[2,-4,6],[-14,5,2]]").unwrap();
    for selection in [Selection::Uct, Selection::Ucb1Tuned] {
        for final_choice in [
            FinalChoice::Robust,
            FinalChoice::Max,
            FinalChoice::MaxRobust,
        ] {
            let options = MctsOptions {
                solver: false,
                selection,
                final_choice,
                ..MctsOptions::default()
            };
            let mut mcts = Mcts::new(Zero, options);
            let result = mcts.search(&tree, &iterations(3_000));
            assert_eq!(result.best_move, Some(0), "{selection:?} {final_choice:?}");
            assert_eq!(result.stats.mcts.unwrap().proven_root, None);
        }
    }
}

#[test]
fn a_seed_and_an_iteration_limit_give_the_same_tree() {
    let tree = Tree::random(9, 8, 4, 50);
    let options = MctsOptions {
        solver: false,
        ..MctsOptions::default()
    };
    let run = |seed: u64| {
        let mut mcts = Mcts::new(
            Zero,
            MctsOptions {
                seed,
                ..options.clone()
            },
        );
        let result = mcts.search(&tree, &iterations(5_000));
        (result.best_move, result.stats.mcts.unwrap())
    };
    let (a, b, c) = (run(1), run(1), run(2));
    assert_eq!(a.0, b.0);
    assert_eq!(a.1.root_children, b.1.root_children);
    assert_eq!(a.1.tree_nodes, b.1.tree_nodes);
    assert_ne!(
        a.1.root_children, c.1.root_children,
        "another seed, another tree"
    );
}

#[test]
fn parallel_modes_play_legal_moves_with_consistent_counts() {
    let tree = Tree::random(4, 8, 4, 50);
    for parallel in [Parallel::Root, Parallel::Tree] {
        let options = MctsOptions {
            threads: 2,
            parallel,
            solver: false,
            ..MctsOptions::default()
        };
        let mut mcts = Mcts::new(Zero, options);
        let result = mcts.search(&tree, &iterations(4_000));
        assert!(tree.legal_moves().contains(&result.best_move.unwrap()));
        let m = result.stats.mcts.unwrap();
        assert_eq!(m.iterations, 4_000, "{parallel:?}: the limit is a total");
        assert_eq!(m.threads, 2);
        let root_visits: u32 = m.root_children.iter().map(|c| c.visits).sum();
        // Every iteration passes through one root child (the first expands the root).
        assert!(
            root_visits as u64 >= 4_000 - 2,
            "{parallel:?}: {root_visits}"
        );
        assert!(root_visits as u64 <= 4_000, "{parallel:?}: {root_visits}");
        // No virtual loss is left behind.
        for t in mcts.trees() {
            assert!(
                t.nodes.iter().all(|n| n.virtual_visits == 0),
                "{parallel:?}"
            );
        }
    }
}

#[test]
fn the_tree_of_the_move_played_is_kept() {
    let tree = Tree::random(21, 8, 3, 50);
    let options = MctsOptions {
        solver: false,
        ..MctsOptions::default()
    };
    let mut mcts = Mcts::new(Zero, options);
    mcts.search(&tree, &iterations(3_000));
    // A position two plies down (our move, a reply) that the search has visited.
    let next = tree
        .legal_moves()
        .into_iter()
        .map(|m| tree.play(m))
        .flat_map(|mine| mine.legal_moves().into_iter().map(move |r| mine.play(r)))
        .find(|g| !g.legal_moves().is_empty())
        .expect("a deep enough tree");
    let second = mcts.search(&next, &iterations(100));
    assert!(second.stats.mcts.unwrap().reused_visits > 0);

    let fresh_options = MctsOptions {
        reuse: false,
        solver: false,
        ..MctsOptions::default()
    };
    let mut fresh = Mcts::new(Zero, fresh_options);
    fresh.search(&tree, &iterations(3_000));
    assert_eq!(
        fresh
            .search(&next, &iterations(100))
            .stats
            .mcts
            .unwrap()
            .reused_visits,
        0
    );
}

#[test]
fn limits_stop_the_search() {
    let tree = Tree::random(2, 10, 5, 50);
    let no_solver = MctsOptions {
        solver: false,
        ..MctsOptions::default()
    };
    // Memory: the tree never outgrows its cap.
    let node_bytes = std::mem::size_of::<ply_search::mcts::Node<u32>>();
    let capped = MctsOptions {
        memory_bytes: 100 * node_bytes,
        ..no_solver.clone()
    };
    let mut mcts = Mcts::new(Zero, capped);
    let result = mcts.search(&tree, &iterations(5_000));
    assert!(result.stats.mcts.unwrap().tree_nodes <= 100);

    // Nodes: positions made, counted across the iterations.
    let mut mcts = Mcts::new(Zero, no_solver.clone());
    let nodes = Limits {
        nodes: Some(2_000),
        ..Limits::none()
    };
    let result = mcts.search(&tree, &nodes);
    assert_eq!(result.stats.stopped_by, ply_search::StopReason::Nodes);
    assert!(result.stats.nodes >= 2_000);

    // Time and the stop flag.
    let mut mcts = Mcts::new(Zero, no_solver.clone());
    let timed = Limits {
        time: Some(Duration::from_millis(50)),
        ..Limits::none()
    };
    let start = std::time::Instant::now();
    let result = mcts.search(&tree, &timed);
    assert_eq!(result.stats.stopped_by, ply_search::StopReason::Time);
    assert!(start.elapsed() < Duration::from_secs(2));
    let stop = StopFlag::new();
    stop.stop();
    let stopped = Limits {
        stop: Some(stop),
        ..Limits::none()
    };
    let result = Mcts::new(Zero, no_solver).search(&tree, &stopped);
    assert_eq!(result.stats.stopped_by, ply_search::StopReason::Stop);
    assert!(
        result.best_move.is_some(),
        "a legal move even with no search"
    );
}
