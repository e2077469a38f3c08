//! The engine on several threads (`EngineOptions::threads`): the values of one thread, every
//! limit kept, every thread's nodes counted, and progress reported in order.

mod common;

use common::{noisy, Endless};
use ply_search::course::{minimax_decision, Options, Utility};
use ply_search::engine::{Engine, EngineOptions};
use ply_search::progress::{Observer, Progress};
use ply_search::tree::Tree;
use ply_search::{Limits, Searcher, StopFlag, StopReason, Zero};
use proptest::prelude::*;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn parallel(threads: usize) -> Engine<Tree, Zero> {
    Engine::new(Zero, EngineOptions::default().tt_mib(1).threads(threads))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// On random trees, 2 to 4 threads find minimax's value and a minimax-best move, at one
    /// depth or staggered.
    #[test]
    fn threads_find_the_minimax_value(seed in any::<u64>(), depth in 1u32..8, threads in 2usize..5) {
        let tree = Tree::random(seed, 8, 5, 30);
        let reference = minimax_decision(&tree, Some(depth), &Zero, &Options {
            utility: Utility::ByDistance,
            ..Options::default()
        });
        for stagger in [false, true] {
            let options = EngineOptions {
                stagger,
                ..EngineOptions::default().tt_mib(1).threads(threads)
            };
            let result = Engine::new(Zero, options).search(&tree, &Limits::depth(depth));
            prop_assert_eq!(result.score, reference.value);
            let best = result.best_move.expect("a root with moves") as usize;
            prop_assert_eq!(reference.root_values[best], reference.value);
        }
    }
}

fn big_tree() -> Tree {
    Tree::random(7, 9, 5, 100)
}

#[test]
fn a_node_limit_holds_for_all_threads_together() {
    for limit in [1u64, 500, 20_000] {
        let result = parallel(2).search(&big_tree(), &Limits::none().with_nodes(limit));
        assert!(
            result.stats.nodes <= limit,
            "{} > {limit}",
            result.stats.nodes
        );
        assert!(result.best_move.is_some());
    }
    // A game without end, so that only the limit can stop the search (a small tree can be
    // exhausted within the limit, and then the search ends by itself).
    let endless = Engine::new(noisy, EngineOptions::default().tt_mib(1).threads(2)).search(
        &Endless { hash: 1, ply: 0 },
        &Limits::none().with_nodes(20_000),
    );
    assert_eq!(endless.stats.stopped_by, StopReason::Nodes);
    assert!(endless.stats.nodes <= 20_000);
}

#[test]
fn time_limits_and_stop_flags_end_every_thread() {
    let started = Instant::now();
    let result = parallel(3).search(
        &big_tree(),
        &Limits::none().with_time(Duration::from_millis(50)),
    );
    assert!(
        started.elapsed() < Duration::from_millis(300),
        "{:?}",
        started.elapsed()
    );
    assert!(result.best_move.is_some());
    let flag = StopFlag::new();
    flag.stop();
    let result = parallel(2).search(&big_tree(), &Limits::none().with_stop(flag));
    assert_eq!(result.stats.stopped_by, StopReason::Stop);
    assert!(result.stats.nodes <= 2 * 1024);
}

/// Completed iterations are reported once each, in order, and the rows' nodes add up to about
/// the threads' total (a thread posts its count every 1,024 nodes). With every thread at one
/// depth (`stagger` off) that is every depth; with the second thread a depth ahead, a depth it
/// completes before the first thread completes the one below makes that one's row unneeded,
/// so rows may skip a depth, never go back.
#[test]
fn iterations_are_reported_in_order_with_every_threads_nodes() {
    for stagger in [false, true] {
        let depths = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&depths);
        let observer = Observer::new(move |p: &Progress| {
            if let Progress::Iteration(row) = p {
                log.lock().unwrap().push(row.depth);
            }
        });
        let options = EngineOptions {
            stagger,
            ..EngineOptions::default().tt_mib(1).threads(2)
        };
        let result = Engine::new(Zero, options)
            .search(&big_tree(), &Limits::depth(8).with_observer(observer));
        let depths = depths.lock().unwrap().clone();
        if stagger {
            assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
            assert_eq!(depths.last(), Some(&8), "{depths:?}");
        } else {
            assert_eq!(depths, (1..=8).collect::<Vec<_>>());
        }
        let reported: Vec<u32> = result.stats.iterations.iter().map(|r| r.depth).collect();
        assert_eq!(reported, depths);
        assert_eq!(result.stats.depth, 8);
        assert_eq!(result.stats.stopped_by, StopReason::Depth);
        let rows: u64 = result.stats.iterations.iter().map(|r| r.nodes).sum();
        assert!(rows <= result.stats.nodes && rows + 2 * 1024 >= result.stats.nodes);
        let one = Engine::new(Zero, EngineOptions::default().tt_mib(1))
            .search(&big_tree(), &Limits::depth(8));
        assert_eq!(result.score, one.score);
    }
}

/// An engine keeps its table and history between searches and can be cleared, on threads as
/// on one.
#[test]
fn an_engine_searches_again_and_clears() {
    let mut engine = parallel(2);
    let first = engine.search(&big_tree(), &Limits::depth(6));
    let again = engine.search(&big_tree(), &Limits::depth(6));
    assert_eq!(first.score, again.score);
    engine.clear();
    assert_eq!(
        engine.search(&big_tree(), &Limits::depth(6)).score,
        first.score
    );
}

/// Without a table the threads would share nothing: the search runs on one thread, exactly
/// as a one-thread engine's.
#[test]
fn without_a_table_one_thread_searches() {
    let run = |threads| {
        let options = EngineOptions::default().tt_mib(0).threads(threads);
        let r = Engine::new(Zero, options).search(&big_tree(), &Limits::depth(6));
        (r.score, r.best_move, r.stats.nodes)
    };
    assert_eq!(run(2), run(1));
}
