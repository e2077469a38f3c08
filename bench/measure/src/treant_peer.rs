//! Knight Isolation seen through the `treant` crate's traits (the maintained, lock-free
//! successor of the `mcts` crate, the most used MCTS crate), so that its UCT runs on ply's
//! move generator with the same random playouts to the end ([`SearchHints::random_playout`], as
//! ply's MCTS plays them) and the same generator. No transposition table, its `UCTPolicy`.

use ply_isolation::{Isolation, Move};
use ply_search::SearchHints;
use ply_search::{Game, MoveList, Outcome, Player, Rng};
use treant::tree_policy::UCTPolicy;
use treant::{Evaluator, GameState, MCTSManager, SearchHandle, MCTS};

/// A fresh treant search of `Isolation` from `start`, UCT with exploration constant sqrt 2
/// (ply's default `c`).
pub fn treant_manager(start: Isolation) -> MCTSManager<PeerSpec> {
    MCTSManager::new(
        PeerState(start),
        PeerSpec,
        PeerPlayout,
        UCTPolicy::new(std::f64::consts::SQRT_2),
        (),
    )
}

/// Our Isolation seen through treant's trait.
#[derive(Clone)]
pub struct PeerState(pub Isolation);

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
pub struct PeerPlayout;

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
pub struct PeerRng(Rng);

impl Default for PeerRng {
    fn default() -> Self {
        PeerRng(Rng::new(1))
    }
}

/// The search's types in treant's terms.
#[derive(Default)]
pub struct PeerSpec;

impl MCTS for PeerSpec {
    type State = PeerState;
    type Eval = PeerPlayout;
    type NodeData = ();
    type ExtraThreadData = PeerRng;
    type TreePolicy = UCTPolicy;
    type TranspositionTable = ();
}

/// ply's MCTS set up as treant's UCT is: plain UCT with random playouts, no MCTS-Solver and
/// no tree kept between moves (ply's other defaults: `c` sqrt 2, one thread).
pub fn comparable_ply_options() -> ply_search::mcts::MctsOptions {
    ply_search::mcts::MctsOptions {
        solver: false,
        reuse: false,
        ..ply_search::mcts::MctsOptions::default()
    }
}
