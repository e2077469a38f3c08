//! The switches of the search: selection formula, leaf evaluation, final choice,
//! parallelisation, and their defaults.

use super::*;

/// The child-selection formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Selection {
    /// UCT: mean + c * sqrt(ln N / n).
    Uct,
    /// UCB1-Tuned: the exploration term scaled by the observed variance.
    Ucb1Tuned,
}

/// How a new leaf is evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Playout {
    /// Uniformly random moves to the end (the game's fast `random_move`).
    Random,
    /// Epsilon-greedy: the evaluator's best move, a random one with probability epsilon.
    Eval,
    /// No playout: the evaluator's score of the leaf, mapped to a win probability.
    None,
}

/// Which root move is played when the search ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FinalChoice {
    /// The most visited child.
    Robust,
    /// The child with the best mean reward.
    Max,
    /// A child that is both most visited and best; if none is, the most visited.
    MaxRobust,
}

/// How several threads share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Parallel {
    /// Each thread grows its own tree; the root statistics are summed at the end.
    Root,
    /// All threads grow one tree; a thread inside a node counts as a lost visit (virtual loss).
    Tree,
}

/// Every switch of the search. `MctsOptions::default()` is textbook UCT with random playouts,
/// MCTS-Solver and tree reuse on, one thread.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MctsOptions {
    /// The selection formula.
    pub selection: Selection,
    /// UCT's exploration constant (textbook: sqrt 2).
    pub c: f64,
    /// The value of a child never visited (first-play urgency); infinity visits every child
    /// once before any twice.
    pub fpu: f64,
    /// How leaves are evaluated.
    pub playout: Playout,
    /// The random share of an evaluator-guided playout.
    pub epsilon: f64,
    /// The longest playout in plies (0 = to the end); a capped playout is scored by the
    /// evaluator (as `playout=none` does), or as a draw without one.
    pub playout_cap: u32,
    /// Evaluator units per factor e of odds, when a score becomes a win probability.
    pub scale: f64,
    /// MCTS-Solver: prove wins and losses.
    pub solver: bool,
    /// Implicit minimax backups: the weight alpha of the evaluator's minimax value in
    /// selection (0 switches them off).
    pub implicit_alpha: f64,
    /// The final move choice.
    pub final_choice: FinalChoice,
    /// Keep the subtree of the moves played for the next search.
    pub reuse: bool,
    /// Threads.
    pub threads: usize,
    /// How threads share the work.
    pub parallel: Parallel,
    /// Virtual visits a thread adds to each node on its way down (tree parallelisation).
    pub virtual_loss: u16,
    /// The seed of the random playouts and choices.
    pub seed: u64,
    /// The tree's memory cap in bytes: when full, leaves are no longer expanded.
    pub memory_bytes: usize,
    /// In games with dice, open loop: the tree holds the players' moves only, the dice are
    /// rolled afresh on every walk down, and a node's statistics average over every roll that
    /// led there (closed loop, the default, gives each outcome a node of its own).
    pub open_loop: bool,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions::DEFAULT
    }
}

impl MctsOptions {
    /// UCT with c = sqrt 2, random playouts, MCTS-Solver, tree reuse, one thread: what
    /// `MctsOptions::default()` and an `mcts` spec without keys give (a constant, so the agent
    /// table's key listing can show these very defaults).
    pub const DEFAULT: MctsOptions = MctsOptions {
        selection: Selection::Uct,
        c: std::f64::consts::SQRT_2,
        fpu: f64::INFINITY,
        playout: Playout::Random,
        epsilon: 0.1,
        playout_cap: 0,
        scale: 8.0,
        solver: true,
        implicit_alpha: 0.0,
        final_choice: FinalChoice::Robust,
        reuse: true,
        threads: 1,
        parallel: Parallel::Root,
        virtual_loss: 1,
        seed: 1,
        memory_bytes: 256 << 20,
        open_loop: false,
    };
}

/// Iterations run when the limits name none (no iterations, time, nodes or stop flag).
pub const DEFAULT_ITERATIONS: u64 = 10_000;
