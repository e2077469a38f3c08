//! The searches of every registered game, compiled once, here.
//!
//! A generic search (`build_agent::<G>`, `solve_until::<G>`) is compiled in whichever crate
//! names it with a concrete game. The front ends each dispatch over every game, so each of
//! them compiled every search for every game again, which was most of the workspace's build
//! time. Each game's searches are reached through [`Prebuilt`] instead, whose methods are
//! ordinary functions of this crate: front ends call them and compile none of the searches.
//!
//! ```
//! use ply_registry::{with_game, AnyGame, Prebuilt};
//! use ply_search::Game;
//! /// Whether `agent`'s first move is one of the legal moves.
//! fn plays_a_legal_move<G: Prebuilt>(start: &G, agent: &str) -> bool {
//!     let mut agent = G::build_agent(agent).unwrap();
//!     let chosen = agent.select_move(start).best_move.unwrap();
//!     start.legal_moves().contains(&chosen)
//! }
//! let game = AnyGame::from_spec("tictactoe").unwrap();
//! assert!(with_game!(game, start => plays_a_legal_move(&start, "alphabeta(depth=2)")));
//! ```

use ply_search::describe::FrontEndGame;
use ply_search::perft::Count;
use ply_search::solver::batch::BatchAnswer;
use ply_search::solver::chance::{ChanceSolution, IterationError, IterationOptions};
use ply_search::solver::{Solution, SolveError, SolveStats, SolverOptions};
use ply_search::{Agent, NotationError, Score, StopFlag, StopReason};

/// A registered game's searches, compiled in this crate. Front ends call these rather than
/// the generic functions of `ply_search` they stand for, which each front end would otherwise
/// compile again for every game.
pub trait Prebuilt: FrontEndGame {
    /// The agent named by `text` ([`ply_search::agents::build_agent`]).
    fn build_agent(text: &str) -> Result<Box<dyn Agent<Self>>, NotationError>;

    /// The position solved, with every reply if asked, until `stop`
    /// ([`ply_search::solver::solve_until`]).
    fn solve_until(
        &self,
        options: &SolverOptions,
        all_replies: bool,
        stop: &StopFlag,
    ) -> Result<Solution<Self::Move>, SolveError>;

    /// Each job's position solved, reporting each value as it is known
    /// ([`ply_search::solver::split::solve_each`]).
    fn solve_each(
        jobs: &[(usize, Self)],
        options: &SolverOptions,
        stop: &StopFlag,
        on_value: &(dyn Fn(usize, Score, ply_search::solver::split::JobCost) + Sync),
    ) -> Result<SolveStats, SolveError>;

    /// Positions solved as one batch, each answer handed over as it is known
    /// ([`ply_search::solver::batch::solve_batch`]).
    fn solve_batch(
        positions: &[Self],
        options: &SolverOptions,
        stop: &StopFlag,
        answer: &mut dyn FnMut(usize, Result<BatchAnswer, StopReason>),
    );

    /// The exact values of a game with dice, by value iteration
    /// ([`ply_search::solver::chance::value_iteration`]).
    fn value_iteration(
        &self,
        options: &IterationOptions,
    ) -> Result<ChanceSolution<Self>, IterationError>;

    /// The leaves (or nodes) `depth` plies down, or `None` if stopped first
    /// ([`ply_search::perft::perft_until`]).
    fn perft_until(&self, depth: u32, count: Count, stop: &StopFlag) -> Option<u64>;
}

/// Implements [`Prebuilt`] for every registered game.
#[doc(hidden)]
#[macro_export]
macro_rules! __define_prebuilt {
    (() $($variant:ident => $ty:ty,)*) => {
        $(
            impl Prebuilt for $ty {
                fn build_agent(text: &str) -> Result<Box<dyn Agent<Self>>, NotationError> {
                    ply_search::agents::build_agent::<Self>(text)
                }

                fn solve_until(
                    &self,
                    options: &SolverOptions,
                    all_replies: bool,
                    stop: &StopFlag,
                ) -> Result<Solution<Self::Move>, SolveError> {
                    ply_search::solver::solve_until(self, options, all_replies, stop)
                }

                fn solve_each(
                    jobs: &[(usize, Self)],
                    options: &SolverOptions,
                    stop: &StopFlag,
                    on_value: &(dyn Fn(usize, Score, ply_search::solver::split::JobCost) + Sync),
                ) -> Result<SolveStats, SolveError> {
                    ply_search::solver::split::solve_each(jobs, options, stop, on_value)
                }

                fn solve_batch(
                    positions: &[Self],
                    options: &SolverOptions,
                    stop: &StopFlag,
                    answer: &mut dyn FnMut(usize, Result<BatchAnswer, StopReason>),
                ) {
                    ply_search::solver::batch::solve_batch(positions, options, stop, answer)
                }

                fn value_iteration(
                    &self,
                    options: &IterationOptions,
                ) -> Result<ChanceSolution<Self>, IterationError> {
                    ply_search::solver::chance::value_iteration(self, options)
                }

                fn perft_until(&self, depth: u32, count: Count, stop: &StopFlag) -> Option<u64> {
                    ply_search::perft::perft_until(self, depth, count, stop)
                }
            }
        )*
    };
}

crate::registered_games!(__define_prebuilt!());
