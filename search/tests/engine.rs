//! The engine against plain minimax on explicit trees, and its limits and determinism.

use ply_search::course::{minimax_decision, Options, Utility};
use ply_search::engine::{Engine, EngineOptions};
use ply_search::tree::Tree;
mod common;

use common::{noisy, Endless};
use ply_search::{Game, Limits, SearchHints, Searcher, StopFlag, Zero};
use proptest::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn minimax_value(tree: &Tree, depth: u32) -> i32 {
    let options = Options {
        utility: Utility::ByDistance,
        ..Options::default()
    };
    minimax_decision(tree, Some(depth), &Zero, &options).value
}

/// With the null evaluator, inner nodes at the depth limit score 0, leaves their payoff.
fn check_all_combinations(tree: &Tree, depth: u32) {
    let expected = minimax_value(tree, depth);
    let root_values = minimax_decision(
        tree,
        Some(depth),
        &Zero,
        &Options {
            utility: Utility::ByDistance,
            ..Options::default()
        },
    )
    .root_values;
    for options in EngineOptions::all_combinations(1 << 10) {
        let mut engine = Engine::new(Zero, options.clone());
        let result = engine.search(tree, &Limits::depth(depth));
        assert_eq!(
            result.score, expected,
            "tree {tree} depth {depth} options {options:?}"
        );
        let best = result.best_move.expect("a root with moves");
        assert_eq!(
            root_values[best as usize], expected,
            "the engine's move is a minimax-best move: {options:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn every_option_combination_matches_minimax_on_random_trees(seed in any::<u64>(), depth in 1u32..6) {
        let tree = Tree::random(seed, 6, 4, 20);
        check_all_combinations(&tree, depth);
    }
}

#[test]
fn aima_figure_5_2() {
    let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
    check_all_combinations(&tree, 2);
    check_all_combinations(&tree, 1);
}

fn big_tree() -> Tree {
    Tree::random(7, 9, 5, 100)
}

#[test]
fn node_limits_are_exact() {
    let tree = big_tree();
    let mut stopped_by_the_limit = 0;
    for limit in [1u64, 2, 17, 1000, 5000] {
        let mut engine = Engine::new(Zero, EngineOptions::default().tt_mib(1));
        let result = engine.search(&tree, &Limits::none().with_nodes(limit));
        assert!(result.stats.nodes <= limit);
        if result.stats.stopped_by == ply_search::StopReason::Nodes {
            assert_eq!(result.stats.nodes, limit, "stopped exactly at the limit");
            stopped_by_the_limit += 1;
        }
        assert!(
            result.best_move.is_some(),
            "a stopped search still returns a move"
        );
    }
    assert!(
        stopped_by_the_limit >= 3,
        "the limits were actually reached"
    );
}

#[test]
fn a_stopped_search_returns_the_deepest_completed_iteration() {
    let tree = big_tree();
    let mut engine = Engine::new(Zero, EngineOptions::default().tt_mib(1));
    let full = engine.search(&tree, &Limits::depth(9));
    let nodes_to_depth_3: u64 = full.stats.iterations.iter().take(3).map(|r| r.nodes).sum();
    let mut engine = Engine::new(Zero, EngineOptions::default().tt_mib(1));
    let stopped = engine.search(&tree, &Limits::none().with_nodes(nodes_to_depth_3 + 1));
    assert_eq!(stopped.stats.depth, 3);
    assert_eq!(
        stopped.best_move,
        Some(full.stats.iterations[2].pv[0].parse().unwrap())
    );
    assert_eq!(stopped.score, full.stats.iterations[2].score);
}

#[test]
fn time_limits_hold_with_a_margin() {
    let tree = Endless { hash: 1, ply: 0 };
    let mut engine = Engine::new(noisy, EngineOptions::default().tt_mib(4));
    let started = Instant::now();
    let result = engine.search(&tree, &Limits::none().with_time(Duration::from_millis(50)));
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_millis(50 + 250),
        "took {elapsed:?}"
    );
    assert!(result.best_move.is_some());
}

#[test]
fn a_raised_stop_flag_stops_the_search() {
    let tree = Endless { hash: 1, ply: 0 };
    let flag = StopFlag::new();
    flag.stop();
    let mut engine = Engine::new(noisy, EngineOptions::default().tt_mib(1));
    let result = engine.search(&tree, &Limits::none().with_stop(flag));
    assert_eq!(result.stats.stopped_by, ply_search::StopReason::Stop);
    assert!(result.stats.nodes <= 1024);
    assert!(result.best_move.is_some());
}

#[test]
fn searches_are_deterministic() {
    let tree = big_tree();
    let run = || {
        let mut engine = Engine::new(Zero, EngineOptions::default().tt_mib(1));
        let r = engine.search(&tree, &Limits::depth(7));
        (r.best_move, r.score, r.stats.nodes, r.pv)
    };
    assert_eq!(run(), run());
    let limited = || {
        let mut engine = Engine::new(Zero, EngineOptions::default().tt_mib(1));
        let r = engine.search(&tree, &Limits::none().with_nodes(3000));
        (r.best_move, r.score, r.stats.nodes)
    };
    assert_eq!(limited(), limited());
}

#[test]
fn stats_report_iterations_and_cutoffs() {
    let tree = big_tree();
    let mut engine = Engine::new(Zero, EngineOptions::default().tt_mib(1));
    let r = engine.search(&tree, &Limits::depth(6));
    assert_eq!(r.stats.iterations.len(), 6);
    assert_eq!(
        r.stats.iterations.iter().map(|i| i.nodes).sum::<u64>(),
        r.stats.nodes
    );
    let tt = r.stats.tt.as_ref().unwrap();
    assert!(tt.probes > 0 && tt.hits <= tt.probes);
    let cut = r.stats.cutoffs.as_ref().unwrap();
    assert!(cut.first_move_cutoffs <= cut.beta_cutoffs);
    assert!(r.stats.branching_factor.is_some());
    assert_eq!(r.pv.first().copied(), r.best_move);
    // The PV is a legal line.
    let mut s = tree.clone();
    for &mv in &r.pv {
        assert!(s.legal_moves().contains(&mv));
        s = s.play(mv);
    }
    let json = serde_json::to_string(&r.stats).unwrap();
    assert!(json.contains("\"iterations\""));
}

/// A tree that counts how often its moves are generated, and answers `quick_legality` or not.
#[derive(Clone, Debug)]
struct Counted {
    tree: Tree,
    quick: bool,
    generated: Arc<AtomicUsize>,
}

impl PartialEq for Counted {
    fn eq(&self, other: &Counted) -> bool {
        self.tree == other.tree
    }
}

impl Eq for Counted {}

impl std::hash::Hash for Counted {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.tree.hash(state);
    }
}

impl Counted {
    fn wrap(&self, tree: Tree) -> Counted {
        Counted {
            tree,
            quick: self.quick,
            generated: self.generated.clone(),
        }
    }
}

impl Game for Counted {
    type Move = u32;
    fn to_move(&self) -> ply_search::Player {
        self.tree.to_move()
    }
    fn generate_moves(&self, moves: &mut ply_search::MoveList<u32>) {
        self.generated.fetch_add(1, Ordering::Relaxed);
        self.tree.generate_moves(moves);
    }
    fn play(&self, mv: u32) -> Counted {
        self.wrap(self.tree.play(mv))
    }
    fn outcome(&self) -> Option<ply_search::Outcome> {
        self.tree.outcome()
    }
    fn terminal_value(&self, player: ply_search::Player) -> i32 {
        self.tree.terminal_value(player)
    }
    fn key(&self) -> u64 {
        self.tree.key()
    }
    fn ply(&self) -> u32 {
        self.tree.ply()
    }
    fn format_move(&self, mv: u32) -> String {
        self.tree.format_move(mv)
    }
    fn parse_move(&self, text: &str) -> Result<u32, ply_search::NotationError> {
        self.tree.parse_move(text)
    }
    fn position(&self) -> String {
        self.tree.position()
    }
    fn parse_position(&self, text: &str) -> Result<Counted, ply_search::NotationError> {
        self.tree.parse_position(text).map(|tree| self.wrap(tree))
    }
}

impl SearchHints for Counted {
    fn quick_legality(&self, mv: u32) -> Option<bool> {
        if self.quick {
            self.tree.quick_legality(mv)
        } else {
            None
        }
    }
}

/// Staged move generation: where the game answers `quick_legality`, a node whose killer cuts
/// it off never generates its moves; the search is otherwise the same (same score, move,
/// line and node count: with the history off the order of the moves tried is the same).
#[test]
fn a_killer_that_cuts_off_spares_generating_the_moves() {
    let options = EngineOptions {
        tt_bytes: 0,
        history: false,
        ..EngineOptions::default()
    };
    let search = |quick: bool| {
        let root = Counted {
            tree: big_tree(),
            quick,
            generated: Arc::new(AtomicUsize::new(0)),
        };
        let result = Engine::new(Zero, options.clone()).search(&root, &Limits::depth(7));
        (
            result.score,
            result.best_move,
            result.pv,
            result.stats.nodes,
            root.generated.load(Ordering::Relaxed),
        )
    };
    let (staged, whole) = (search(true), search(false));
    assert_eq!(
        (staged.0, staged.1, &staged.2, staged.3),
        (whole.0, whole.1, &whole.2, whole.3),
        "the same score, move, line and node count"
    );
    assert!(
        staged.4 * 10 < whole.4 * 9,
        "generated {} times staged, {} without",
        staged.4,
        whole.4
    );
}
