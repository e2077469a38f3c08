//! The exact solver against full minimax (the independent computation) on random trees, in
//! every combination of its switches, and its limits.

use ply_search::score::relative_to_root;
use ply_search::solver::exhaustive::all_values;
use ply_search::solver::{solve, Solver, SolverOptions};
use ply_search::tree::Tree;
use ply_search::Game;
use proptest::prelude::*;

/// Every combination of the switches that can change how the solver searches.
fn all_option_sets() -> Vec<SolverOptions> {
    let mut sets = Vec::new();
    for bits in 0..512u32 {
        let on = |i: u32| bits >> i & 1 == 1;
        sets.push(SolverOptions {
            tt_bytes: if on(0) { 1 << 16 } else { 0 },
            tt_min_plies_left: Some(0),
            distance: on(1),
            fewest_replies: on(2),
            settle: on(3),
            symmetry: on(4),
            race_bounds: on(5),
            etc: on(6),
            finer_split: on(7),
            proof_numbers: on(8).then_some(3),
            threads: if on(7) { 2 } else { 1 },
            ..SolverOptions::default()
        });
    }
    sets
}

fn sign(v: i32) -> i32 {
    v.signum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// On random trees, every option set gives minimax's value at the root and for every
    /// root move: exactly with `distance`, in sign without.
    #[test]
    fn solver_agrees_with_full_minimax_on_random_trees(seed in 0u64..u64::MAX) {
        let tree = Tree::random(seed, 6, 4, 20);
        let truth = all_values(&tree);
        for options in all_option_sets() {
            let solution = solve(&tree, &options, false).unwrap();
            let exact = options.distance;
            let same = |got: i32, want: i32| if exact { got == want } else { sign(got) == sign(want) };
            prop_assert!(same(solution.value, truth[&tree]), "{options:?}");
            for m in &solution.moves {
                let want = relative_to_root(-truth[&tree.play(m.mv)], 1);
                prop_assert!(same(m.value, want), "move {} {options:?}", m.notation);
            }
            let mut solver = Solver::new(options.clone());
            let got = solver.value(&tree).unwrap();
            prop_assert!(same(got, truth[&tree]), "{options:?}");
        }
    }
}

#[test]
fn every_reply_is_valued_like_minimax() {
    let tree = Tree::random(11, 6, 4, 20);
    let truth = all_values(&tree);
    let options = SolverOptions {
        distance: true,
        ..SolverOptions::default()
    };
    let solution = solve(&tree, &options, true).unwrap();
    assert_eq!(solution.value, truth[&tree]);
    assert_eq!(solution.replies.len(), tree.legal_moves().len());
    for opening in &solution.replies {
        let child = tree.play(opening.opening.mv);
        assert_eq!(opening.opening.value, relative_to_root(-truth[&child], 1));
        for reply in &opening.replies {
            let grandchild = child.play(reply.mv);
            assert_eq!(reply.value, relative_to_root(-truth[&grandchild], 1));
        }
    }
}

#[test]
fn two_threads_give_the_same_values_as_one() {
    let tree = Tree::random(5, 8, 5, 50);
    let one = SolverOptions {
        distance: true,
        ..SolverOptions::default()
    };
    let two = SolverOptions {
        threads: 2,
        ..one.clone()
    };
    let a = solve(&tree, &one, true).unwrap();
    let b = solve(&tree, &two, true).unwrap();
    assert_eq!(a.value, b.value);
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.replies, b.replies);
    assert_eq!(b.stats.threads, 2);
}

#[test]
fn the_finer_split_values_every_move_and_reply_like_whole_moves() {
    for seed in 0..20 {
        let tree = Tree::random(seed, 7, 4, 30);
        for distance in [true, false] {
            let whole = SolverOptions {
                distance,
                ..SolverOptions::default()
            };
            let a = solve(&tree, &whole, true).unwrap();
            for threads in [1, 2] {
                let finer = SolverOptions {
                    finer_split: true,
                    threads,
                    ..whole.clone()
                };
                let b = solve(&tree, &finer, true).unwrap();
                let signs = |s: &ply_search::solver::Solution<_>| -> Vec<i32> {
                    let replies = s.replies.iter().flat_map(|o| &o.replies);
                    s.moves
                        .iter()
                        .chain(replies)
                        .map(|m| sign(m.value))
                        .collect()
                };
                if distance {
                    assert_eq!((a.moves.clone(), a.replies.clone()), (b.moves, b.replies));
                } else {
                    assert_eq!(signs(&a), signs(&b), "seed {seed}");
                }
            }
        }
    }
}

#[test]
fn a_node_limit_stops_the_solve_and_says_so() {
    let tree = Tree::random(7, 9, 5, 100);
    let options = SolverOptions {
        max_nodes: Some(5),
        ..SolverOptions::default()
    };
    let error = solve(&tree, &options, false).unwrap_err();
    assert_eq!(error.stopped_by, ply_search::StopReason::Nodes);
    assert!(error.nodes >= 5, "{error:?}");
    let mut solver = Solver::new(options.clone());
    assert_eq!(solver.value(&tree), None);
    assert_eq!(solver.stopped_by(), Some(ply_search::StopReason::Nodes));
    // Proof-number search's own leaf budgets are not the user's limit.
    let proof_numbers = SolverOptions {
        proof_numbers: Some(2),
        ..options
    };
    let mut solver = Solver::new(proof_numbers.clone());
    assert_eq!(solver.value(&tree), None);
    assert_eq!(solver.stopped_by(), Some(ply_search::StopReason::Nodes));
    let unlimited = SolverOptions {
        max_nodes: None,
        ..proof_numbers
    };
    let truth = all_values(&tree)[&tree];
    assert_eq!(
        Solver::new(unlimited).value(&tree).map(sign),
        Some(sign(truth))
    );
}

#[test]
fn a_solve_stopped_before_or_between_its_jobs_says_so() {
    use ply_search::solver::solve_until;
    use ply_search::{StopFlag, StopReason};
    let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
    for threads in [1, 2] {
        let options = SolverOptions {
            threads,
            ..SolverOptions::default()
        };
        let stop = StopFlag::new();
        stop.stop();
        let stopped = solve_until(&tree, &options, false, &stop).unwrap_err();
        assert_eq!(stopped.stopped_by, StopReason::Stop, "{threads} threads");
    }
}
