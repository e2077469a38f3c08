//! Live reports and stops, which the web page's live view relies on: alpha-beta reports every
//! finished iteration as its statistics record it, MCTS reports its root while it runs, and
//! the course searches give up when their budget is spent.

use ply_search::agents::build_agent;
use ply_search::course::{alpha_beta_search, minimax_decision, Algorithm, CourseSearcher, Options};
use ply_search::engine::{Engine, EngineOptions};
use ply_search::mcts::{Mcts, MctsOptions};
use ply_search::progress::{Observer, Progress};
use ply_search::tree::Tree;
use ply_search::{Game, Limits, Searcher, StopFlag, StopReason, Zero};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// An observer that keeps every report.
fn recorder() -> (Observer, Arc<Mutex<Vec<Progress>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    (
        Observer::new(move |p| log.lock().unwrap().push(p.clone())),
        seen,
    )
}

#[test]
fn alphabeta_reports_each_iteration_as_its_statistics_record_it() {
    let tree = Tree::random(7, 8, 4, 50);
    let (observer, seen) = recorder();
    let mut engine = Engine::new(Zero, EngineOptions::default());
    let result = engine.search(&tree, &Limits::depth(6).with_observer(observer));
    let reported: Vec<_> = seen
        .lock()
        .unwrap()
        .iter()
        .map(|p| match p {
            Progress::Iteration(row) => row.clone(),
            other => panic!("alpha-beta reported {other:?}"),
        })
        .collect();
    assert_eq!(reported, result.stats.iterations);
    assert_eq!(reported.len(), 6);
}

#[test]
fn mcts_reports_its_root_while_it_runs() {
    let tree = Tree::random(3, 12, 4, 50);
    let (observer, seen) = recorder();
    let options = MctsOptions {
        solver: false,
        ..MctsOptions::default()
    };
    let mut mcts = Mcts::new(Zero, options);
    let limits = Limits::none()
        .with_time(Duration::from_millis(450))
        .with_observer(observer);
    let result = mcts.search(&tree, &limits);
    let seen = seen.lock().unwrap();
    assert!(seen.len() >= 2, "{} reports in 450 ms", seen.len());
    let mut last_iterations = 0;
    for report in seen.iter() {
        let Progress::Root {
            iterations,
            children,
            ..
        } = report
        else {
            panic!("MCTS reported {report:?}")
        };
        assert!(*iterations > last_iterations);
        last_iterations = *iterations;
        let moves: Vec<String> = children.iter().map(|c| c.mv.clone()).collect();
        assert_eq!(moves, tree.format_line(&tree.legal_moves()));
    }
    let total = result.stats.mcts.unwrap().iterations;
    assert!(last_iterations <= total);
}

#[test]
fn course_searches_give_up_at_their_node_limit_and_say_so() {
    let tree = Tree::random(11, 9, 4, 50);
    let options = Options {
        limits: Limits::none().with_nodes(50),
        ..Options::default()
    };
    for result in [
        minimax_decision(&tree, None, &Zero, &options),
        alpha_beta_search(&tree, None, &Zero, &options),
    ] {
        assert_eq!(result.stopped, Some(StopReason::Nodes));
        assert_eq!(result.counters.result_calls, 50);
        assert_eq!(result.best_move, None);
    }
    // Within the limit, nothing changes.
    let small = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
    let limited = minimax_decision(&small, None, &Zero, &options);
    assert_eq!((limited.value, limited.stopped), (3, None));
}

/// Take one or two stones from a heap of a thousand: a game too deep to search to its end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heap(u32);

impl Game for Heap {
    type Move = u32;
    fn to_move(&self) -> ply_search::Player {
        ply_search::Player::from_index(self.0 as usize)
    }
    fn generate_moves(&self, moves: &mut ply_search::MoveList<u32>) {
        moves.extend((1..=2).filter(|&take| take <= self.0));
    }
    fn play(&self, take: u32) -> Heap {
        Heap(self.0 - take)
    }
    fn outcome(&self) -> Option<ply_search::Outcome> {
        (self.0 == 0).then(|| ply_search::Outcome::Win(self.to_move().other()))
    }
    fn key(&self) -> u64 {
        self.0 as u64
    }
    fn ply(&self) -> u32 {
        1_000 - self.0
    }
    fn format_move(&self, take: u32) -> String {
        take.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u32, ply_search::NotationError> {
        text.parse()
            .map_err(|_| ply_search::NotationError::new("move", text, "1 or 2"))
    }
    fn position(&self) -> String {
        self.0.to_string()
    }
    fn parse_position(&self, text: &str) -> Result<Heap, ply_search::NotationError> {
        text.parse()
            .map(Heap)
            .map_err(|_| ply_search::NotationError::new("position", text, "a number"))
    }
}

impl ply_search::SearchHints for Heap {}

#[test]
fn a_deep_course_search_stops_when_asked_and_plays_a_legal_move() {
    // minimax to depth 60 here visits 2^60 nodes: it ends only when stopped.
    let mut searcher = CourseSearcher {
        algorithm: Algorithm::Minimax,
        evaluator: Zero,
        options: Options::default(),
    };
    let stop = StopFlag::new();
    let limits = Limits {
        stop: Some(stop.clone()),
        ..Limits::depth(60)
    };
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stop.stop();
    });
    let started = Instant::now();
    let result = searcher.search(&Heap(1_000), &limits);
    raiser.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(result.stats.stopped_by, StopReason::Stop);
    assert_eq!(result.best_move, Some(1));
}

#[test]
fn a_course_agent_reports_its_one_iteration() {
    let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
    let mut agent = build_agent::<Tree>("plain-alphabeta(depth=2)").unwrap();
    let (observer, seen) = recorder();
    agent.set_observer(Some(observer));
    let result = agent.select_move(&tree);
    assert_eq!(
        *seen.lock().unwrap(),
        vec![Progress::Iteration(result.stats.iterations[0].clone())]
    );
}
