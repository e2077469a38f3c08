//! MCTS speed: iterations per second of single-threaded UCT with random playouts on Udacity's
//! 11x9 knight Isolation from the opening (the target: 500,000/s), two threads of each
//! parallelisation, and side by side in the same run the `treant` crate (the maintained,
//! lock-free successor of the `mcts` crate, the most used MCTS crate) on the same game: our
//! `Isolation` behind its `GameState` trait, its `UCTPolicy`, no transposition table, the same
//! random playouts to the end (`Game::random_playout`, as ply's MCTS plays them) with the same
//! generator.
//!
//! Run: `cargo bench -p ply-bench --bench mcts`. Each sample is a fresh search of 20,000
//! iterations from the empty board.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ply_isolation::{Isolation, Move};
use ply_search::mcts::{Mcts, MctsOptions, Parallel};
use ply_search::{Game, Limits, MoveList, Outcome, Player, Rng, Searcher, Zero};
use treant::tree_policy::UCTPolicy;
use treant::{Evaluator, GameState, MCTSManager, SearchHandle, MCTS};

const ITERATIONS: u64 = 20_000;

/// Our Isolation seen through treant's trait.
#[derive(Clone)]
struct PeerState(Isolation);

impl GameState for PeerState {
    type Move = Move;
    type Player = Player;
    type MoveList = MoveList<Move>;

    fn current_player(&self) -> Player {
        self.0.to_move()
    }
    fn available_moves(&self) -> MoveList<Move> {
        self.0.legal_moves()
    }
    fn make_move(&mut self, mv: &Move) {
        self.0 = self.0.play(*mv);
    }
}

/// A random playout to the end; the evaluation is the winner.
struct PeerPlayout;

impl Evaluator<PeerSpec> for PeerPlayout {
    type StateEvaluation = Option<Player>;

    fn evaluate_new_state(
        &self,
        state: &PeerState,
        moves: &MoveList<Move>,
        handle: Option<SearchHandle<PeerSpec>>,
    ) -> (Vec<()>, Option<Player>) {
        let mut fallback = Rng::new(7);
        let mut handle = handle;
        let rng = match handle.as_mut() {
            Some(h) => &mut h.thread_data().extra_data.0,
            None => &mut fallback,
        };
        let (s, _) = state.0.random_playout(rng, u32::MAX);
        let winner = match s.outcome() {
            Some(Outcome::Win(w)) => Some(w),
            _ => None,
        };
        (vec![(); moves.len()], winner)
    }
    fn evaluate_existing_state(
        &self,
        _: &PeerState,
        evaluation: &Option<Player>,
        _: SearchHandle<PeerSpec>,
    ) -> Option<Player> {
        *evaluation
    }
    fn interpret_evaluation_for_player(&self, evaluation: &Option<Player>, player: &Player) -> i64 {
        match evaluation {
            Some(w) if w == player => 1,
            Some(_) => -1,
            None => 0,
        }
    }
}

/// The playout generator of each search thread.
struct PeerRng(Rng);

impl Default for PeerRng {
    fn default() -> Self {
        PeerRng(Rng::new(1))
    }
}

#[derive(Default)]
struct PeerSpec;

impl MCTS for PeerSpec {
    type State = PeerState;
    type Eval = PeerPlayout;
    type NodeData = ();
    type ExtraThreadData = PeerRng;
    type TreePolicy = UCTPolicy;
    type TranspositionTable = ();
}

fn ours(options: MctsOptions) -> impl FnMut() -> u64 {
    move || {
        let mut mcts = Mcts::new(Zero, options.clone());
        let limits = Limits {
            iterations: Some(ITERATIONS),
            ..Limits::none()
        };
        let result = mcts.search(&Isolation::udacity(), &limits);
        result.stats.mcts.map_or(0, |m| m.iterations)
    }
}

fn mcts_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts/isolation11x9_opening");
    group.sample_size(20);
    group.throughput(Throughput::Elements(ITERATIONS));
    let uct = MctsOptions {
        solver: false,
        reuse: false,
        ..MctsOptions::default()
    };
    group.bench_function("ply_uct_1thread", |b| {
        b.iter_batched(|| ours(uct.clone()), |mut run| run(), BatchSize::SmallInput)
    });
    group.bench_function("ply_uct_solver_1thread", |b| {
        b.iter_batched(
            || ours(MctsOptions::default()),
            |mut run| run(),
            BatchSize::SmallInput,
        )
    });
    for parallel in [Parallel::Root, Parallel::Tree] {
        let options = MctsOptions {
            threads: 2,
            parallel,
            ..uct.clone()
        };
        group.bench_function(
            format!("ply_uct_2threads_{parallel:?}").to_lowercase(),
            |b| {
                b.iter_batched(
                    || ours(options.clone()),
                    |mut run| run(),
                    BatchSize::SmallInput,
                )
            },
        );
    }
    group.bench_function("treant_uct_1thread", |b| {
        b.iter_batched(
            || {
                MCTSManager::new(
                    PeerState(Isolation::udacity()),
                    PeerSpec,
                    PeerPlayout,
                    UCTPolicy::new(std::f64::consts::SQRT_2),
                    (),
                )
            },
            |mut manager| {
                manager.playout_n(ITERATIONS);
                manager
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, mcts_bench);
criterion_main!(benches);
